"""Players' own data and the servers the bot left (issue 26): the SQL of `/privacy` and of `on_guild_remove`,
written once for both stores (docs/privacy.md says what is kept and for how long).

Every statement here is plain SQL that SQLite and PostgreSQL both run, with `?` placeholders (the PostgreSQL
dialect numbers them), run inside one write transaction: the mixin `Privacy` gives both stores
`export_user`, `forget_user`, `leave_guild`, `guild_rejoined` and `purge_left_guilds`.

Where a player's id or name is stored (`PERSONAL` lists every column): ids as columns, and inside JSON text
(a lobby's seats, a tournament's entrants, a rematch's answers, the players waiting on a request to take back
an action, the invited of a private table and of its pings). Forgetting a player rewrites all of them: a seat
becomes an anonymous player's (`rows.anonymous_id`: minus one minus the seat, no name), so that the game
still replays and its images name "an anonymous player"; who started, ended or organised something becomes
nobody (0); what only concerned them (ratings, their history, watching, hand DMs, DMs to send them) goes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, cast

from .. import mapping as m
from ..rows import CANCELLED_ROUND, OutboxEntry, anonymous_id
from .dialect import Sql as Db
from .dialect import SqlStore, tell_in

# Every column holding a player's id or name (the test of `/privacy forget` reads them all, and more).
PERSONAL: dict[str, tuple[str, ...]] = {
    "games": ("host_id",),
    "game_seats": ("user_id", "name", "replaced_user_id"),
    "game_results": ("user_id",),
    "ratings": ("user_id",),
    "rating_history": ("user_id",),
    "lobbies": ("host_id", "seats (JSON: id, name, replaced id)"),
    "watchers": ("user_id",),
    "hand_messages": ("user_id",),
    "outbox": ("user_id (hand, reminder, resigned, abandoned, watcher, left)",),
    "lobby_outbox": ("by_user_id", "invited (JSON)"),
    "table_access": ("invited (JSON)",),
    "rematches": ("asked_by", "answers (JSON: id -> answer)"),
    "undo_requests": ("user_id", "by_user_id", "waiting (JSON)"),
    "seasons": ("started_by", "ended_by"),
    "season_schedules": ("set_by",),
    "tournaments": ("created_by", "state (JSON: entrants' ids and names)"),
}

NOBODY = 0  # who started, ended or organised something, once forgotten (never a Discord id)


def _like(user_id: int) -> str:
    return f"%{user_id}%"


def _ids(text: str | None) -> list[int]:
    return [int(u) for u in json.loads(text or "[]")]


# -- what the bot keeps about a player --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Forgotten:
    """What `forget_user` changed, counted by table (rows rewritten or deleted)."""

    counts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.counts.values())


# What `export_user` lists as it is stored, by kind: the columns selected (`column:name` where the export
# names it otherwise) and the rest of the query (each `?` the player's id); None: read out of JSON (`_in_json`).
# A column of `_MINE` holds an id, said only as whether it is theirs; `won` is a flag.
_LISTED: dict[str, str | None] = {
    "games": "g.game_no:game g.guild_id:server g.game_id g.players g.status g.created_at:started_at g.ended_at s.seat "
    "s.name s.replaced_user_id:resigned g.host_id:host FROM game_seats s JOIN games g ON g.game_no = s.game_no "
    "WHERE s.user_id = ? OR s.replaced_user_id = ? ORDER BY g.game_no, s.seat",
    "games_hosted_without_a_seat": "game_no:game guild_id:server FROM games g WHERE host_id = ? AND NOT EXISTS "
    "(SELECT 1 FROM game_seats s WHERE s.game_no = g.game_no AND (s.user_id = ? OR s.replaced_user_id = ?)) "
    "ORDER BY game_no",
    "results": "game_no:game seat side place won score rating_before rating_after FROM game_results "
    "WHERE user_id = ? ORDER BY game_no",
    "ratings": "guild_id:server pool mu sigma games wins FROM ratings WHERE user_id = ? ORDER BY guild_id, pool",
    "rating_history": "guild_id:server pool game_no:game at rating_before rating_after FROM rating_history "
    "WHERE user_id = ? ORDER BY at, game_no",
    "lobbies": None,
    "watching": "lobby_id:lobby mode since FROM watchers WHERE user_id = ? ORDER BY lobby_id",
    "hand_dms_remembered": "game_no:game channel_id:channel message_id:message FROM hand_messages WHERE user_id = ? "
    "ORDER BY game_no",
    "dms_to_send": "game_no:game kind turn created_at:since FROM outbox WHERE user_id = ? AND kind IN "
    "('hand', 'reminder', 'resigned', 'abandoned', 'watcher', 'left') ORDER BY game_no, turn",
    "invitations": None,
    "rematches": None,
    "undo_requests": None,
    "seasons": "season_id:season guild_id:server name started_by:started_by_you ended_by:ended_by_you FROM seasons "
    "WHERE started_by = ? OR ended_by = ? ORDER BY season_id",
    "season_schedules": "guild_id:server every set_at FROM season_schedules WHERE set_by = ?",
    "tournaments": None,
}
_MINE = frozenset({"resigned", "host", "started_by_you", "ended_by_you"})


def _listing(spec: str) -> tuple[list[str], str]:
    """An `_LISTED` entry's names and query."""
    columns, rest = spec.split(" FROM ", 1)
    selected = [c.partition(":") for c in columns.split()]
    names = [name or column.rpartition(".")[2] for column, _, name in selected]
    return names, f"SELECT {', '.join(c for c, _, _ in selected)} FROM {rest}"


async def export_user(db: Db, user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Everything stored about `user_id`, by kind, as JSON-ready values: their seats and results, ratings and
    their history, lobbies, watching, the hand DMs remembered and the DMs still to send, invitations, rematch
    answers, requests to take back an action, seasons and schedules they started, tournaments. Other players'
    ids are left out (a list of the invited says only that they are in it)."""
    u = user_id
    found, out = await _in_json(db, u), {}
    for kind, spec in _LISTED.items():
        if spec is None:
            out[kind] = found[kind]
            continue
        names, sql = _listing(spec)
        rows = await db.fetch(sql, *[u] * sql.count("?"))
        out[kind] = [
            {k: v == u if k in _MINE else bool(v) if k == "won" else v for k, v in zip(names, r, strict=True)}
            for r in cast(list[tuple[Any, ...]], rows)  # a row is its values, in the order selected
        ]
    return out


def _mentioning(db: Db, u: int, table: str, json_column: str, *id_columns: str, order: str = "") -> Any:
    """The rows of `table` that may concern player `u`: theirs by an id column, or naming `u` (as text) in the
    JSON of `json_column` (the caller reads the JSON to tell which really do). The `fetch` to await."""
    where = " OR ".join([*(f"{c} = ?" for c in id_columns), f"CAST({json_column} AS TEXT) LIKE ?"])
    return db.fetch(f"SELECT * FROM {table} WHERE {where} {order}", *[u] * len(id_columns), _like(u))


async def _update(db: Db, table: str, key: dict[str, Any], **values: Any) -> int:
    """The row of `table` that `key` (its key columns and values) picks, its columns `values` written over."""
    sets, where = ", ".join(f"{c} = ?" for c in values), " AND ".join(f"{c} = ?" for c in key)
    return await db.execute(f"UPDATE {table} SET {sets} WHERE {where}", *values.values(), *key.values())


async def _in_json(db: Db, u: int) -> dict[str, list[dict[str, Any]]]:
    """What `export_user` finds of player `u` inside JSON text: a lobby's seats, a private table's invited, a
    rematch's answers, the players waiting on a request to take back an action, a tournament's entrants."""
    out: dict[str, list[dict[str, Any]]] = {kind: [] for kind in ("lobbies", "rematches", "tournaments")}
    for r in await _mentioning(db, u, "lobbies", "seats", "host_id", order="ORDER BY lobby_id"):
        mine = [k for k, s in enumerate(json.loads(r["seats"])) if u in (s[0], s[3])]
        if r["host_id"] == u or mine:
            lobby = {"lobby": r["lobby_id"], "server": r["guild_id"], "game_id": r["game_id"], "status": r["status"]}
            out["lobbies"].append(
                lobby | {"opened_at": r["created_at"], "host": r["host_id"] == u, "seat": mine[0] if mine else None}
            )
    out["invitations"] = [
        {"lobby": r["lobby_id"], "private_table": True}
        for r in await _mentioning(db, u, "table_access", "invited", order="ORDER BY lobby_id")
        if u in _ids(r["invited"])
    ]
    out["invitations"] += [
        {"lobby": r["lobby_id"], "ping": r["seq"], "invited_by_you": r["by_user_id"] == u, "you_invited": u in invited}
        for r in await _mentioning(db, u, "lobby_outbox", "invited", "by_user_id", order="ORDER BY lobby_id, seq")
        if u in (invited := _ids(r["invited"])) or r["by_user_id"] == u
    ]
    for r in await _mentioning(db, u, "rematches", "answers", "asked_by", order="ORDER BY game_no"):
        answers = {int(k): v for k, v in json.loads(r["answers"]).items()}
        if r["asked_by"] == u or u in answers:
            asked = {"game": r["game_no"], "status": r["status"], "asked_by_you": r["asked_by"] == u}
            out["rematches"].append(asked | {"your_answer": answers.get(u)})
    out["undo_requests"] = [
        {
            "game": r["game_no"],
            "request": r["request"],
            "status": r["status"],
            "asked_by_you": r["user_id"] == u,
            "refused_by_you": r["by_user_id"] == u,
            "waiting_on_you": u in waiting,
        }
        for r in await _mentioning(
            db, u, "undo_requests", "waiting", "user_id", "by_user_id", order="ORDER BY game_no, request"
        )
        if u in (waiting := _ids(r["waiting"])) or u in (r["user_id"], r["by_user_id"])
    ]
    for r in await _mentioning(db, u, "tournaments", "state", "created_by", order="ORDER BY tournament_id"):
        entries = [e for e in json.loads(r["state"]).get("entrants", ()) if u in e.get("users", ())]
        if r["created_by"] == u or entries:
            names = [n for e in entries for uid, n in zip(e["users"], e["names"], strict=False) if uid == u]
            entered = {"tournament": r["tournament_id"], "server": r["guild_id"], "game_id": r["game_id"]}
            out["tournaments"].append(
                entered | {"status": r["status"], "organiser": r["created_by"] == u, "entered_as": names}
            )
    return out


async def forget_user(db: Db, user_id: int) -> Forgotten:
    """Remove `user_id` and the names they played under from every table (see the module's doc). The caller
    resigned their games in play and took them out of open lobbies first; a seat of theirs still found in a
    game in play becomes an anonymous player's all the same."""
    u = user_id
    counts: dict[str, int] = {}

    def count(table: str, n: int) -> None:
        if n:
            counts[table] = counts.get(table, 0) + n

    def kept(who: int | None) -> int | None:
        """Who started, asked or organised something, once `u` is forgotten."""
        return NOBODY if who == u else who

    # The JSON first, while the seats still say who sat where (a rematch's answers go to the seat's id).
    seat_of = {
        r["game_no"]: r["seat"]
        for r in await db.fetch("SELECT game_no, seat FROM game_seats WHERE user_id = ? OR replaced_user_id = ?", u, u)
    }
    for r in await _mentioning(db, u, "lobbies", "seats", "host_id"):
        seats = json.loads(r["seats"])
        if r["status"] == "open":  # a table not started: their seat is left, as by the Leave button
            new = [s for s in seats if u not in (s[0], s[3])]
        else:
            new = [_anonymous_seat(s, k, u) for k, s in enumerate(seats)]
        if new != seats or r["host_id"] == u:
            status = "cancelled" if r["status"] == "open" and r["host_id"] == u else r["status"]
            lobby = {"lobby_id": r["lobby_id"]}
            await _update(db, "lobbies", lobby, seats=json.dumps(new), host_id=kept(r["host_id"]), status=status)
            count("lobbies", 1)
            if status == "cancelled" and r["status"] == "open":  # its invitations and watchers end with it
                for table in ("table_access", "lobby_outbox", "watchers"):
                    await db.execute(f"DELETE FROM {table} WHERE lobby_id = ?", r["lobby_id"])
    count("table_access", await _without(db, u, "table_access", "invited", "lobby_id"))
    for r in await _mentioning(db, u, "lobby_outbox", "invited", "by_user_id"):
        invited = [i for i in _ids(r["invited"]) if i != u]
        key = {k: r[k] for k in ("lobby_id", "kind", "seq")}
        if not invited:
            await db.execute("DELETE FROM lobby_outbox WHERE lobby_id = ? AND kind = ? AND seq = ?", *key.values())
        else:
            await _update(db, "lobby_outbox", key, by_user_id=kept(r["by_user_id"]), invited=json.dumps(invited))
        count("lobby_outbox", 1)
    for r in await _mentioning(db, u, "rematches", "answers", "asked_by"):
        answers = json.loads(r["answers"])
        if str(u) in answers:
            answers[str(anonymous_id(seat_of.get(r["game_no"], 0)))] = answers.pop(str(u))
        game = {"game_no": r["game_no"]}
        count(
            "rematches", await _update(db, "rematches", game, asked_by=kept(r["asked_by"]), answers=json.dumps(answers))
        )
    count("undo_requests", await _without(db, u, "undo_requests", "waiting", "game_no", "request"))
    for r in await _mentioning(db, u, "tournaments", "state", "created_by"):
        state = json.loads(r["state"])
        for k, entrant in enumerate(state.get("entrants", ())):
            users, names = entrant.get("users", []), entrant.get("names", [])
            for j, uid in enumerate(users):
                if uid == u:  # an entrant stays (its matches are played): as an anonymous player
                    users[j] = anonymous_id(2 * k + j)
                    if j < len(names):
                        names[j] = ""
        tournament = {"tournament_id": r["tournament_id"]}
        await _update(db, "tournaments", tournament, created_by=kept(r["created_by"]), state=json.dumps(state))
        count("tournaments", 1)

    # What is told of them at a table (a resignation, an abandoned game) is still told, of an anonymous
    # player; what was only for them (their hand, a reminder, a watcher's notice, a server's goodbye) goes.
    for r in await db.fetch(
        "SELECT o.game_no, o.kind, o.turn, s.seat FROM outbox o LEFT JOIN game_seats s ON s.game_no = o.game_no "
        "AND (s.user_id = ? OR s.replaced_user_id = ?) WHERE o.user_id = ? AND o.kind IN ('resigned', 'abandoned') "
        "ORDER BY o.kind DESC",
        *(u, u, u),
    ):
        anon = anonymous_id(r["seat"]) if r["seat"] is not None else NOBODY
        entry = {"game_no": r["game_no"], "kind": r["kind"], "user_id": u, "turn": r["turn"]}
        count("outbox", await _update(db, "outbox", entry, user_id=anon))
    count("outbox", await _deleted(db, "outbox", "user_id = ? AND kind IN ('hand', 'reminder', 'watcher', 'left')", u))
    for table in ("hand_messages", "watchers", "ratings", "rating_history"):
        count(table, await _deleted(db, table, "user_id = ?", u))

    # The seats: an anonymous player, who still holds the seat's results (unrated, as no rating is kept).
    games = await db.fetch("SELECT DISTINCT game_no FROM game_seats WHERE user_id = ? OR replaced_user_id = ?", u, u)
    for r in games:
        await db.execute("UPDATE games SET version = version + 1 WHERE game_no = ?", r["game_no"])
    count("game_seats", len(games))
    await db.execute("UPDATE game_seats SET user_id = -(seat + 1), name = NULL WHERE user_id = ?", u)
    await db.execute("UPDATE game_seats SET replaced_user_id = -(seat + 1), name = NULL WHERE replaced_user_id = ?", u)
    for table, column, becomes in _REWRITTEN:
        count(table, await db.execute(f"UPDATE {table} SET {column} = {becomes} WHERE {column} = ?", u))
    return Forgotten(counts)


# The columns of a forgotten player's id that stay (table, column, what the id becomes): a seat's own
# anonymous id where a seat is known, else nobody.
_REWRITTEN = (
    ("game_results", "user_id", "-(seat + 1), rating_before = NULL, rating_after = NULL"),
    ("undo_requests", "user_id", "-(seat + 1)"),
    ("undo_requests", "by_user_id", f"{NOBODY}"),
    ("games", "host_id", f"{NOBODY}, version = version + 1"),
    ("seasons", "started_by", f"{NOBODY}"),
    ("seasons", "ended_by", f"{NOBODY}"),
    ("season_schedules", "set_by", f"{NOBODY}"),
)


def _anonymous_seat(seat: list[Any], k: int, user_id: int) -> list[Any]:
    """A lobby's seat (JSON: id, name, computer, replaced id, level) with `user_id` made anonymous."""
    seat = list(seat)
    for at in (0, 3):
        if seat[at] == user_id:
            seat[at], seat[1] = anonymous_id(k), None
    return seat


async def _without(db: Db, user_id: int, table: str, column: str, *key: str) -> int:
    """The rows whose JSON list of ids `column` holds `user_id`, written again without it; how many."""
    changed = 0
    for r in await _mentioning(db, user_id, table, column):
        ids = _ids(r[column])
        if user_id in ids:
            rest = json.dumps([i for i in ids if i != user_id])
            changed += await _update(db, table, {k: r[k] for k in key}, **{column: rest})
    return changed


async def _deleted(db: Db, table: str, where: str, *args: Any) -> int:
    return await db.execute(f"DELETE FROM {table} WHERE {where}", *args)


# -- a server the bot left -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GuildLeft:
    """What `leave_guild` did: the games it ended (abandoned) and what their players are to be told by DM."""

    games: tuple[int, ...] = ()
    tell: tuple[OutboxEntry, ...] = ()


# What a server's rows are found by: its own column, else its lobbies', else its games'.
_OF_GUILD = {
    "guild_id": "= ?",
    "lobby_id": "IN (SELECT lobby_id FROM lobbies WHERE guild_id = ?)",
    "game_no": "IN (SELECT game_no FROM games WHERE guild_id = ?)",
}
# Each table with the column its rows of a server are found by, children before what they reference.
_PURGED = [(t.name, next(k for k in _OF_GUILD if k in t)) for t in reversed(m.TABLES)]
# A table's marks and pings, watchers and invitations (all by lobby): what serves only a live server's lobbies.
_OF_LOBBIES = [table for table, key in _PURGED if key == "lobby_id"]


async def leave_guild(db: Db, guild_id: int, at: float) -> GuildLeft:
    """The bot was removed from a server: its games in play end as abandoned (unrated), each of their human
    players to be told once by DM (outbox `left`); nothing else of it is told any more (its channels are gone).
    What only serves a live server goes at once: its season channel and schedule, its open lobbies
    (cancelled) with their watchers and invitations, open rematches and requests to take back an action; a
    running season ends (unannounced), a live tournament is cancelled (untold). The rest (its ended games,
    ratings, seasons, tournaments, settings: the language its players are told in, and the hand DMs whose
    controls the goodbye retires) is kept from `at`, for `purge_left_guilds`, unless it comes back."""
    g = guild_id
    ended = await db.fetch(
        "SELECT game_no, (SELECT COUNT(*) FROM actions a WHERE a.game_no = g.game_no) AS turn FROM games g "
        "WHERE guild_id = ? AND status = 'active' ORDER BY game_no",
        g,
    )
    await db.execute(f"DELETE FROM outbox WHERE game_no {_OF_GUILD['game_no']}", g)
    await db.execute(f"DELETE FROM undo_requests WHERE status = 'open' AND game_no {_OF_GUILD['game_no']}", g)
    await db.execute("DELETE FROM rematches WHERE guild_id = ? AND status = 'open'", g)
    tell: list[OutboxEntry] = []
    for r in ended:
        await db.execute(
            "UPDATE games SET status = 'abandoned', deadline = NULL, reminder_at = NULL, carry_on_at = NULL, "
            "ended_at = ?, version = version + 1 WHERE game_no = ?",
            at,
            r["game_no"],
        )
        players = await db.fetch(
            "SELECT DISTINCT user_id FROM game_seats WHERE game_no = ? AND user_id > 0 ORDER BY user_id", r["game_no"]
        )
        tell += [OutboxEntry(r["game_no"], "left", int(r["turn"]), p["user_id"], at, at) for p in players]
    await tell_in(db, tell)
    for table in _OF_LOBBIES:
        await db.execute(f"DELETE FROM {table} WHERE lobby_id {_OF_GUILD['lobby_id']}", g)
    await db.execute("UPDATE lobbies SET status = 'cancelled' WHERE guild_id = ? AND status = 'open'", g)
    for table in ("season_channels", "season_schedules"):
        await db.execute(f"DELETE FROM {table} WHERE guild_id = ?", g)
    await db.execute(
        "UPDATE seasons SET ended_at = ?, announce_at = NULL WHERE guild_id = ? AND ended_at IS NULL", at, g
    )
    await db.execute(
        "UPDATE tournaments SET status = 'cancelled', told_round = ?, claimed_until = NULL "
        "WHERE guild_id = ? AND status IN ('signup', 'running')",
        CANCELLED_ROUND,
        g,
    )
    await db.execute("DELETE FROM guilds_left WHERE guild_id = ?", g)
    await db.execute("INSERT INTO guilds_left (guild_id, left_at) VALUES (?, ?)", g, at)
    return GuildLeft(tuple(r["game_no"] for r in ended), tuple(tell))


class Privacy(SqlStore):
    async def export_user(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Everything stored about a player (`/privacy show` and `export`)."""
        async with self._writing() as db:
            return await export_user(db, user_id)

    async def forget_user(self, user_id: int) -> Forgotten:
        """Remove a player's id and names from every table, in one transaction (`/privacy forget`)."""
        async with self._writing() as db:
            return await forget_user(db, user_id)

    async def leave_guild(self, guild_id: int, at: float) -> GuildLeft:
        """The bot was removed from a server: its games in play abandoned, its live things ended, in one
        transaction; the rest kept from `at` until `purge_left_guilds`."""
        async with self._writing() as db:
            return await leave_guild(db, guild_id, at)

    async def guild_rejoined(self, guild_id: int) -> bool:
        """The bot is back on a server it left: what was kept of it stays (whether it had left)."""
        return await self._run("DELETE FROM guilds_left WHERE guild_id = ?", guild_id) > 0

    async def purge_left_guilds(self, before: float) -> list[int]:
        """Delete every row of the servers left at `before` or earlier (their grace period is over), one
        transaction each; their ids."""
        due = await self._numbers("SELECT guild_id FROM guilds_left WHERE left_at <= ? ORDER BY guild_id", before)
        for guild_id in due:
            async with self._writing() as db:
                for table, key in [*_PURGED, ("guilds_left", "guild_id")]:
                    await db.execute(f"DELETE FROM {table} WHERE {key} {_OF_GUILD[key]}", guild_id)
        return due
