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

from ..rows import CANCELLED_ROUND, OutboxEntry, anonymous_id
from .dialect import Sql as Db
from .dialect import SqlStore

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


# What `export_user` lists as it is stored: (kind, the names the columns selected are given, the query, each
# `?` the player's id). A column of `_MINE` holds an id, said only as whether it is theirs; `won` is a flag.
_LISTED: tuple[tuple[str, str, str | None], ...] = (
    (
        "games",
        "game server game_id players status started_at ended_at seat name resigned host",
        "SELECT g.game_no, g.guild_id, g.game_id, g.players, g.status, g.created_at, g.ended_at, s.seat, s.name, "
        "s.replaced_user_id, g.host_id FROM game_seats s JOIN games g ON g.game_no = s.game_no "
        "WHERE s.user_id = ? OR s.replaced_user_id = ? ORDER BY g.game_no, s.seat",
    ),
    (
        "games_hosted_without_a_seat",
        "game server",
        "SELECT game_no, guild_id FROM games g WHERE host_id = ? AND NOT EXISTS (SELECT 1 FROM game_seats s "
        "WHERE s.game_no = g.game_no AND (s.user_id = ? OR s.replaced_user_id = ?)) ORDER BY game_no",
    ),
    (
        "results",
        "game seat side place won score rating_before rating_after",
        "SELECT game_no, seat, side, place, won, score, rating_before, rating_after FROM game_results "
        "WHERE user_id = ? ORDER BY game_no",
    ),
    (
        "ratings",
        "server pool mu sigma games wins",
        "SELECT guild_id, pool, mu, sigma, games, wins FROM ratings WHERE user_id = ? ORDER BY guild_id, pool",
    ),
    (
        "rating_history",
        "server pool game at rating_before rating_after",
        "SELECT guild_id, pool, game_no, at, rating_before, rating_after FROM rating_history WHERE user_id = ? "
        "ORDER BY at, game_no",
    ),
    ("lobbies", "", None),  # read out of JSON: see `_in_json`
    ("watching", "lobby mode since", "SELECT lobby_id, mode, since FROM watchers WHERE user_id = ? ORDER BY lobby_id"),
    (
        "hand_dms_remembered",
        "game channel message",
        "SELECT game_no, channel_id, message_id FROM hand_messages WHERE user_id = ? ORDER BY game_no",
    ),
    (
        "dms_to_send",
        "game kind turn since",
        "SELECT game_no, kind, turn, created_at FROM outbox WHERE user_id = ? AND kind IN "
        "('hand', 'reminder', 'resigned', 'abandoned', 'watcher', 'left') ORDER BY game_no, turn",
    ),
    ("invitations", "", None),
    ("rematches", "", None),
    ("undo_requests", "", None),
    (
        "seasons",
        "season server name started_by_you ended_by_you",
        "SELECT season_id, guild_id, name, started_by, ended_by FROM seasons WHERE started_by = ? OR ended_by = ? "
        "ORDER BY season_id",
    ),
    (
        "season_schedules",
        "server every set_at",
        "SELECT guild_id, every, set_at FROM season_schedules WHERE set_by = ?",
    ),
    ("tournaments", "", None),
)
_MINE = frozenset({"resigned", "host", "started_by_you", "ended_by_you"})


async def export_user(db: Db, user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Everything stored about `user_id`, by kind, as JSON-ready values: their seats and results, ratings and
    their history, lobbies, watching, the hand DMs remembered and the DMs still to send, invitations, rematch
    answers, requests to take back an action, seasons and schedules they started, tournaments. Other players'
    ids are left out (a list of the invited says only that they are in it)."""
    u = user_id
    found, out = await _in_json(db, u), {}
    for kind, keys, sql in _LISTED:
        if sql is None:
            out[kind] = found[kind]
            continue
        names, rows = keys.split(), await db.fetch(sql, *[u] * sql.count("?"))
        out[kind] = [
            {k: v == u if k in _MINE else bool(v) if k == "won" else v for k, v in zip(names, r, strict=True)}
            for r in cast(list[tuple[Any, ...]], rows)  # a row is its values, in the order selected
        ]
    return out


async def _in_json(db: Db, u: int) -> dict[str, list[dict[str, Any]]]:
    """What `export_user` finds of player `u` inside JSON text: a lobby's seats, a private table's invited, a
    rematch's answers, the players waiting on a request to take back an action, a tournament's entrants."""
    out: dict[str, list[dict[str, Any]]] = {kind: [] for kind in ("lobbies", "rematches", "tournaments")}
    for r in await db.fetch(
        "SELECT lobby_id, guild_id, game_id, status, created_at, host_id, seats FROM lobbies "
        "WHERE host_id = ? OR CAST(seats AS TEXT) LIKE ? ORDER BY lobby_id",
        *(u, _like(u)),
    ):
        mine = [k for k, s in enumerate(json.loads(r["seats"])) if u in (s[0], s[3])]
        if r["host_id"] == u or mine:
            lobby = {"lobby": r["lobby_id"], "server": r["guild_id"], "game_id": r["game_id"], "status": r["status"]}
            out["lobbies"].append(
                lobby | {"opened_at": r["created_at"], "host": r["host_id"] == u, "seat": mine[0] if mine else None}
            )
    out["invitations"] = [
        {"lobby": r["lobby_id"], "private_table": True}
        for r in await db.fetch(
            "SELECT lobby_id, invited FROM table_access WHERE CAST(invited AS TEXT) LIKE ? ORDER BY lobby_id", _like(u)
        )
        if u in _ids(r["invited"])
    ]
    out["invitations"] += [
        {"lobby": r["lobby_id"], "ping": r["seq"], "invited_by_you": r["by_user_id"] == u, "you_invited": u in invited}
        for r in await db.fetch(
            "SELECT lobby_id, seq, by_user_id, invited FROM lobby_outbox WHERE by_user_id = ? "
            "OR CAST(invited AS TEXT) LIKE ? ORDER BY lobby_id, seq",
            *(u, _like(u)),
        )
        if u in (invited := _ids(r["invited"])) or r["by_user_id"] == u
    ]
    for r in await db.fetch(
        "SELECT game_no, status, asked_by, answers FROM rematches WHERE asked_by = ? OR CAST(answers AS TEXT) "
        "LIKE ? ORDER BY game_no",
        *(u, _like(u)),
    ):
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
        for r in await db.fetch(
            "SELECT game_no, request, status, user_id, by_user_id, waiting FROM undo_requests WHERE user_id = ? "
            "OR by_user_id = ? OR CAST(waiting AS TEXT) LIKE ? ORDER BY game_no, request",
            *(u, u, _like(u)),
        )
        if u in (waiting := _ids(r["waiting"])) or u in (r["user_id"], r["by_user_id"])
    ]
    for r in await db.fetch(
        "SELECT tournament_id, guild_id, game_id, status, created_by, state FROM tournaments WHERE created_by = ? "
        "OR CAST(state AS TEXT) LIKE ? ORDER BY tournament_id",
        *(u, _like(u)),
    ):
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

    # The JSON first, while the seats still say who sat where (a rematch's answers go to the seat's id).
    seat_of = {
        r["game_no"]: r["seat"]
        for r in await db.fetch("SELECT game_no, seat FROM game_seats WHERE user_id = ? OR replaced_user_id = ?", u, u)
    }
    for r in await db.fetch(
        "SELECT lobby_id, status, host_id, seats FROM lobbies WHERE host_id = ? OR CAST(seats AS TEXT) LIKE ?",
        u,
        _like(u),
    ):
        seats = json.loads(r["seats"])
        if r["status"] == "open":  # a table not started: their seat is left, as by the Leave button
            new = [s for s in seats if u not in (s[0], s[3])]
        else:
            new = [_anonymous_seat(s, k, u) for k, s in enumerate(seats)]
        if new != seats or r["host_id"] == u:
            status = "cancelled" if r["status"] == "open" and r["host_id"] == u else r["status"]
            host = NOBODY if r["host_id"] == u else r["host_id"]
            await db.execute(
                "UPDATE lobbies SET seats = ?, host_id = ?, status = ? WHERE lobby_id = ?",
                json.dumps(new),
                host,
                status,
                r["lobby_id"],
            )
            count("lobbies", 1)
            if status == "cancelled" and r["status"] == "open":  # its invitations and watchers end with it
                for table in ("table_access", "lobby_outbox", "watchers"):
                    await db.execute(f"DELETE FROM {table} WHERE lobby_id = ?", r["lobby_id"])
    count("table_access", await _without(db, u, "table_access", "invited", "lobby_id"))
    for r in await db.fetch(
        "SELECT lobby_id, kind, seq, by_user_id, invited FROM lobby_outbox WHERE by_user_id = ? "
        "OR CAST(invited AS TEXT) LIKE ?",
        u,
        _like(u),
    ):
        invited = [i for i in _ids(r["invited"]) if i != u]
        key = (r["lobby_id"], r["kind"], r["seq"])
        if not invited:
            await db.execute("DELETE FROM lobby_outbox WHERE lobby_id = ? AND kind = ? AND seq = ?", *key)
        else:
            by = NOBODY if r["by_user_id"] == u else r["by_user_id"]
            await db.execute(
                "UPDATE lobby_outbox SET by_user_id = ?, invited = ? WHERE lobby_id = ? AND kind = ? AND seq = ?",
                by,
                json.dumps(invited),
                *key,
            )
        count("lobby_outbox", 1)
    for r in await db.fetch(
        "SELECT game_no, asked_by, answers FROM rematches WHERE asked_by = ? OR CAST(answers AS TEXT) LIKE ?",
        u,
        _like(u),
    ):
        answers = json.loads(r["answers"])
        if str(u) in answers:
            answers[str(anonymous_id(seat_of.get(r["game_no"], 0)))] = answers.pop(str(u))
        await db.execute(
            "UPDATE rematches SET asked_by = ?, answers = ? WHERE game_no = ?",
            NOBODY if r["asked_by"] == u else r["asked_by"],
            json.dumps(answers),
            r["game_no"],
        )
        count("rematches", 1)
    count("undo_requests", await _without(db, u, "undo_requests", "waiting", "game_no", "request"))
    for r in await db.fetch(
        "SELECT tournament_id, created_by, state FROM tournaments WHERE created_by = ? OR CAST(state AS TEXT) LIKE ?",
        u,
        _like(u),
    ):
        state = json.loads(r["state"])
        for k, entrant in enumerate(state.get("entrants", ())):
            users, names = entrant.get("users", []), entrant.get("names", [])
            for j, uid in enumerate(users):
                if uid == u:  # an entrant stays (its matches are played): as an anonymous player
                    users[j] = anonymous_id(2 * k + j)
                    if j < len(names):
                        names[j] = ""
        await db.execute(
            "UPDATE tournaments SET created_by = ?, state = ? WHERE tournament_id = ?",
            NOBODY if r["created_by"] == u else r["created_by"],
            json.dumps(state),
            r["tournament_id"],
        )
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
        await db.execute(
            "UPDATE outbox SET user_id = ? WHERE game_no = ? AND kind = ? AND user_id = ? AND turn = ?",
            *(anon, r["game_no"], r["kind"], u, r["turn"]),
        )
        count("outbox", 1)
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
    where = " AND ".join(f"{k} = ?" for k in key)
    for r in await db.fetch(
        f"SELECT {', '.join(key)}, {column} FROM {table} WHERE CAST({column} AS TEXT) LIKE ?", _like(user_id)
    ):
        ids = _ids(r[column])
        if user_id in ids:
            rest = json.dumps([i for i in ids if i != user_id])
            await db.execute(f"UPDATE {table} SET {column} = ? WHERE {where}", rest, *(r[k] for k in key))
            changed += 1
    return changed


async def _deleted(db: Db, table: str, where: str, *args: Any) -> int:
    return await db.execute(f"DELETE FROM {table} WHERE {where}", *args)


# -- a server the bot left -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class GuildLeft:
    """What `leave_guild` did: the games it ended (abandoned) and what their players are to be told by DM."""

    games: tuple[int, ...] = ()
    tell: tuple[OutboxEntry, ...] = ()


_GUILD_GAMES = "SELECT game_no FROM games WHERE guild_id = ?"
_GUILD_LOBBIES = "SELECT lobby_id FROM lobbies WHERE guild_id = ?"


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
    await db.execute(f"DELETE FROM outbox WHERE game_no IN ({_GUILD_GAMES})", g)
    await db.execute(f"DELETE FROM undo_requests WHERE status = 'open' AND game_no IN ({_GUILD_GAMES})", g)
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
        for p in players:
            entry = OutboxEntry(r["game_no"], "left", int(r["turn"]), p["user_id"], at, at)
            await db.execute(
                "INSERT INTO outbox (game_no, kind, user_id, turn, created_at, due_at, attempts) "
                "VALUES (?, ?, ?, ?, ?, ?, 0)",
                entry.game_no,
                entry.kind,
                entry.user_id,
                entry.turn,
                at,
                at,
            )
            tell.append(entry)
    for table in ("watchers", "table_access", "undo_tables", "hint_tables", "lobby_outbox"):
        await db.execute(f"DELETE FROM {table} WHERE lobby_id IN ({_GUILD_LOBBIES})", g)
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


async def guild_rejoined(db: Db, guild_id: int) -> bool:
    """The bot is back on a server it left: what was kept of it stays (whether it had left)."""
    return await _deleted(db, "guilds_left", "guild_id = ?", guild_id) > 0


# Everything of a server, children before what they reference.
_PURGE_GAMES = (
    "outbox",
    "hand_messages",
    "actions",
    "hand_results",
    "game_results",
    "game_seats",
    "rating_history",
    "undo_requests",
    "rematches",
    "hint_uses",
    "analyses",
)
_PURGE_LOBBIES = ("table_access", "watchers", "undo_tables", "hint_tables", "lobby_outbox")
_PURGE_GUILD = (
    "ratings",
    "rating_history",
    "seasons",
    "season_channels",
    "season_schedules",
    "tournaments",
    "guild_settings",
    "rematches",
)


async def left_guilds_due(db: Db, before: float) -> list[int]:
    return [
        r["guild_id"]
        for r in await db.fetch("SELECT guild_id FROM guilds_left WHERE left_at <= ? ORDER BY guild_id", before)
    ]


async def purge_guild(db: Db, guild_id: int) -> None:
    """Delete every row of a server the bot left (its grace period is over)."""
    g = guild_id
    for table in _PURGE_GAMES:
        await db.execute(f"DELETE FROM {table} WHERE game_no IN ({_GUILD_GAMES})", g)
    for table in _PURGE_LOBBIES:
        await db.execute(f"DELETE FROM {table} WHERE lobby_id IN ({_GUILD_LOBBIES})", g)
    await db.execute("DELETE FROM games WHERE guild_id = ?", g)
    await db.execute("DELETE FROM lobbies WHERE guild_id = ?", g)
    for table in _PURGE_GUILD:
        await db.execute(f"DELETE FROM {table} WHERE guild_id = ?", g)
    await db.execute("DELETE FROM guilds_left WHERE guild_id = ?", g)


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
        async with self._writing() as db:
            return await guild_rejoined(db, guild_id)

    async def purge_left_guilds(self, before: float) -> list[int]:
        """Delete everything of the servers left at `before` or earlier, one transaction each; their ids."""
        async with self._writing() as db:
            due = await left_guilds_due(db, before)
        for guild_id in due:
            async with self._writing() as db:
                await purge_guild(db, guild_id)
        return due
