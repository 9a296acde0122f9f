"""The community features: undo by agreement, spectators and private tables (with the lobby outbox that
tells invitations), DM digests, and tournaments."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import replace

from .. import mapping as m
from ..rows import (
    CANCELLED_ROUND,
    DigestClaim,
    LobbyOutboxEntry,
    OutboxEntry,
    RoundClaim,
    TableAccessRow,
    TournamentRow,
    UndoRow,
    WatcherRow,
)
from .dialect import SqlStore, tell_in

# A request saved again keeps where its question was posted: the teller may have written it meanwhile.
_SAVE_UNDO = (
    m.UNDO.upsert(
        "game_no, request", kept=("turn", "seat", "user_id", "action", "asked_at", "channel_id", "message_id")
    )
    + ", channel_id = COALESCE(excluded.channel_id, undo_requests.channel_id), "
    "message_id = COALESCE(excluded.message_id, undo_requests.message_id)"
)
_SET_ACCESS = m.ACCESS.upsert("lobby_id")
_WATCH = m.WATCHER.upsert("lobby_id, user_id", kept=("since",))
# A watcher's DM digest is due: the game ended, or a hand ended since the last one, or it moved on and the
# interval has passed (parameters: now, interval, now).
_DUE_DIGESTS = (
    "FROM watchers w JOIN games g ON g.lobby_id = w.lobby_id "
    "WHERE w.mode = 'dm' AND (w.claimed_until IS NULL OR w.claimed_until <= ?) AND ("
    "g.status <> 'active' "
    "OR EXISTS (SELECT 1 FROM hand_results h WHERE h.game_no = g.game_no AND h.hand_no > w.told_hands) "
    "OR (w.told_at + ? <= ? "
    "AND EXISTS (SELECT 1 FROM actions a WHERE a.game_no = g.game_no AND a.turn >= w.told_turn)))"
)


class Undo(SqlStore):
    async def set_table_undo(self, lobby_id: int, on: bool, at: float) -> None:
        """Whether a table (by lobby) is played with undo by agreement, as its host chose."""
        await self._mark_table(m.UNDO_TABLE, lobby_id, on, at)

    async def table_undo(self, lobby_id: int) -> bool:
        return bool(await self._numbers("SELECT lobby_id FROM undo_tables WHERE lobby_id = ?", lobby_id))

    async def undo_request(self, game_no: int) -> UndoRow | None:
        """The game's open request, if any."""
        return await self._one(m.UNDO, "WHERE game_no = ? AND status = 'open'", game_no)

    async def undo_requests_of(self, game_no: int, requests: Iterable[int]) -> list[UndoRow]:
        """Some requests of a game, open or settled, by number (to tell how they stand)."""
        numbers = sorted(set(requests))
        if not numbers:
            return []
        return await self._all(
            m.UNDO, f"WHERE game_no = ? AND request IN ({m.marks(numbers)}) ORDER BY request", game_no, *numbers
        )

    async def last_undo_request(self, game_no: int) -> int:
        """The number of the game's newest request (0: none yet)."""
        last = await self._read().fetchval("SELECT MAX(request) FROM undo_requests WHERE game_no = ?", game_no)
        return int(last or 0)

    async def save_undo_request(self, row: UndoRow, tell: Iterable[OutboxEntry] = ()) -> None:
        """A request asked, or changed (an acceptance, its outcome), with the outbox entries telling it, in one
        transaction. Where its question was posted is kept (see `set_undo_message`)."""
        await self._run(_SAVE_UNDO, *m.UNDO.values(row), tell=tell)

    async def set_undo_message(self, game_no: int, request: int, channel_id: int, message_id: int) -> None:
        """Where a request's question was posted (to redraw it as the request changes)."""
        await self._run(
            "UPDATE undo_requests SET channel_id = ?, message_id = ? WHERE game_no = ? AND request = ?",
            *(channel_id, message_id, game_no, request),
        )

    async def due_undo_requests(self, now: float) -> list[int]:
        """The games whose open request to take back an action is past its deadline."""
        return await self._numbers(
            "SELECT game_no FROM undo_requests WHERE status = 'open' AND deadline <= ? ORDER BY game_no", now
        )


class Spectators(SqlStore):
    async def set_table_access(self, row: TableAccessRow) -> None:
        """Who may join and watch a table, as its host chose."""
        await self._run(_SET_ACCESS, *m.ACCESS.values(row))

    async def table_access(self, lobby_id: int) -> TableAccessRow | None:
        return await self._one(m.ACCESS, "WHERE lobby_id = ?", lobby_id)

    async def invite_to_table(self, row: TableAccessRow, invitation: LobbyOutboxEntry) -> LobbyOutboxEntry:
        """Who may join a private table, with the lobby outbox entry that tells those just invited, in one
        transaction; the entry is numbered next among the lobby's (its `seq` as given is not used). On
        PostgreSQL the number is read under the lobby's row lock, so two invitations never take the same."""
        async with self._writing() as db:
            await db.execute(f"SELECT 1 FROM lobbies WHERE lobby_id = ?{db.for_update}", row.lobby_id)
            await db.execute(_SET_ACCESS, *m.ACCESS.values(row))
            seq = await db.fetchval(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM lobby_outbox WHERE lobby_id = ? AND kind = ?",
                invitation.lobby_id,
                invitation.kind,
            )
            told = replace(invitation, seq=int(seq))
            await db.execute(m.LOBBY_OUTBOX.insert(), *m.LOBBY_OUTBOX.values(told))
        return told

    async def lobby_outbox(self) -> list[LobbyOutboxEntry]:
        """What is still to be told of lobbies, oldest first."""
        return await self._all(m.LOBBY_OUTBOX, "ORDER BY created_at, lobby_id, kind, seq")

    async def claim_lobby_outbox(self, now: float, lease: float, limit: int = 100) -> list[LobbyOutboxEntry]:
        """Lobby outbox entries due by `now`, each postponed by `lease` seconds in the same transaction, so
        that nobody else takes them while they are being told; rows another transaction is claiming are
        skipped, not waited for (see `claim_outbox`)."""
        async with self._writing() as db:
            rows = await db.fetch(
                m.LOBBY_OUTBOX.select(
                    f"WHERE due_at <= ? ORDER BY due_at, lobby_id, kind, seq LIMIT ?{db.skip_locked}"
                ),
                now,
                limit,
            )
            entries = [m.LOBBY_OUTBOX.read(r) for r in rows]
            await db.executemany(
                "UPDATE lobby_outbox SET due_at = ? WHERE lobby_id = ? AND kind = ? AND seq = ?",
                [(now + lease, *e.key) for e in entries],
            )
        return [replace(e, due_at=now + lease) for e in entries]

    async def lobby_told(
        self, done: Iterable[tuple[int, str, int]] = (), retry: Iterable[tuple[tuple[int, str, int], float]] = ()
    ) -> None:
        """After telling: delete the lobby outbox entries told (keys `(lobby_id, kind, seq)`), and postpone
        those that failed to their `due_at`, one attempt more."""
        # In key order, so that two processes telling the same lobbies' entries take their rows alike (#23).
        told, later = sorted(done), sorted(((due_at, *key) for key, due_at in retry), key=lambda r: r[1:])
        if not told and not later:
            return
        async with self._writing() as db:
            await db.executemany("DELETE FROM lobby_outbox WHERE lobby_id = ? AND kind = ? AND seq = ?", told)
            await db.executemany(
                "UPDATE lobby_outbox SET due_at = ?, attempts = attempts + 1 "
                "WHERE lobby_id = ? AND kind = ? AND seq = ?",
                later,
            )

    async def watch(self, row: WatcherRow) -> None:
        """Someone watches a table (again: their new choice, their digests counted from now)."""
        await self._run(_WATCH, *m.WATCHER.values(row))

    async def unwatch(self, lobby_id: int, user_id: int) -> bool:
        """Whether they were watching it."""
        return await self._run("DELETE FROM watchers WHERE lobby_id = ? AND user_id = ?", lobby_id, user_id) > 0

    async def watchers(self, lobby_id: int) -> list[WatcherRow]:
        return await self._all(m.WATCHER, "WHERE lobby_id = ? ORDER BY since, user_id", lobby_id)

    async def watched_games(self, user_id: int, guild_id: int | None = None) -> list[int]:
        """The active games a user watches (on one server, or all)."""
        return await self._numbers(
            "SELECT g.game_no FROM watchers w JOIN games g ON g.lobby_id = w.lobby_id WHERE w.user_id = ? "
            "AND g.status = 'active' AND (CAST(? AS BIGINT) IS NULL OR g.guild_id = ?) ORDER BY g.game_no",
            *(user_id, guild_id, guild_id),
        )

    async def claim_digests(self, now: float, interval: float, lease: float, limit: int = 100) -> list[DigestClaim]:
        """The DM digests due (see migration 0006), each claimed until `now + lease` in the same transaction;
        rows another process is claiming are skipped, not waited for: each digest is sent by one process."""
        async with self._writing() as db:
            rows = await db.fetch(
                f"SELECT {m.listed(m.WATCHER, 'w.')}, g.game_no, g.status <> 'active' AS ended {_DUE_DIGESTS} "
                f"ORDER BY g.game_no, w.user_id LIMIT ?{db.skip_locked_of('w')}",
                now,
                interval,
                now,
                limit,
            )
            await db.executemany(
                "UPDATE watchers SET claimed_until = ? WHERE lobby_id = ? AND user_id = ?",
                [(now + lease, r["lobby_id"], r["user_id"]) for r in rows],
            )
        claimed = now + lease
        return [
            DigestClaim(
                replace(m.WATCHER.read(r), claimed_until=claimed), r["game_no"], bool(r["ended"]), r["claimed_until"]
            )
            for r in rows
        ]

    async def digest_told(self, lobby_id: int, user_id: int, turn: int, hands: int, at: float, over: bool) -> None:
        """A digest was sent (or could never be): counted from there; the game's last one ends the watching."""
        if over:
            await self._run(
                "DELETE FROM watchers WHERE lobby_id = ? AND user_id = ? AND mode = 'dm'", lobby_id, user_id
            )
        else:
            await self._run(
                "UPDATE watchers SET told_turn = ?, told_hands = ?, told_at = ?, claimed_until = NULL "
                "WHERE lobby_id = ? AND user_id = ?",
                *(turn, hands, at, lobby_id, user_id),
            )

    async def watcher_dms_closed(
        self, lobby_id: int, user_id: int, over: bool, tell: Iterable[OutboxEntry] = ()
    ) -> bool:
        """A DM watcher's DMs are closed: they follow the table in its thread from now on (of a game that is
        over, they watch nothing more), and `tell` says so, in one transaction. False (nothing written) if
        they do not watch it by DM (any more)."""
        where = "WHERE lobby_id = ? AND user_id = ? AND mode = 'dm'"
        async with self._writing() as db:
            if over:
                changed = await db.execute(f"DELETE FROM watchers {where}", lobby_id, user_id)
            else:
                changed = await db.execute(
                    f"UPDATE watchers SET mode = 'thread', claimed_until = NULL {where}", lobby_id, user_id
                )
            if changed == 0:
                return False
            await tell_in(db, tell)
        return True


class Tournaments(SqlStore):
    async def create_tournament(self, row: TournamentRow) -> int:
        new = m.TOURNAMENT[1:]  # the key is generated
        async with self._writing() as db:
            created = await db.fetchval(
                f"{m.TOURNAMENT.insert(new)} RETURNING tournament_id", *m.TOURNAMENT.values(row, new)
            )
        return int(created)

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        return await self._one(m.TOURNAMENT, "WHERE tournament_id = ?", tournament_id)

    def locked_tournament(self, tournament_id: int) -> AbstractAsyncContextManager[TournamentRow | None]:
        """A tournament as committed, to change and save: on PostgreSQL in a transaction holding its row lock,
        so two processes that see a round's tables end take turns, and only the first advances it."""
        return self._locked_one(m.TOURNAMENT, "WHERE tournament_id = ?", tournament_id)

    async def save_tournament(self, row: TournamentRow) -> None:
        await self._run(*m.TOURNAMENT.update(row, "message_id status rounds state", "tournament_id"))

    async def live_tournaments(self) -> list[int]:
        """The tournaments signing up or running, or cancelled and not told so yet, the oldest first."""
        return await self._numbers(
            "SELECT tournament_id FROM tournaments WHERE status IN ('signup', 'running') "
            "OR (status = 'cancelled' AND told_round < ?) ORDER BY tournament_id",
            CANCELLED_ROUND,
        )

    async def guild_tournaments(self, guild_id: int, limit: int = 25) -> list[TournamentRow]:
        """A server's tournaments, the newest first."""
        return await self._all(
            m.TOURNAMENT, "WHERE guild_id = ? ORDER BY created_at DESC, tournament_id DESC LIMIT ?", guild_id, limit
        )

    async def claim_tournament_round(
        self, tournament_id: int, round_no: int, now: float, lease: float
    ) -> RoundClaim | None:
        """Claim telling round `round_no` (its picture, or the winner) until `now + lease`; None if it was told
        already or another process holds the claim. An unsettled claim before this one (its lease ran out) is
        cleared only by telling, so the claim says when it ended: what it may have posted is looked for."""
        async with self._writing() as db:
            due = await db.fetch(
                "SELECT claimed_until FROM tournaments WHERE tournament_id = ? AND told_round < ? "
                f"AND (claimed_until IS NULL OR claimed_until <= ?){db.for_update}",
                tournament_id,
                round_no,
                now,
            )
            if not due:
                return None
            await db.execute(
                "UPDATE tournaments SET claimed_until = ? WHERE tournament_id = ?", now + lease, tournament_id
            )
        return RoundClaim(due[0]["claimed_until"])

    async def tournament_round_told(self, tournament_id: int, round_no: int) -> None:
        async with self._writing() as db:
            await db.execute(
                f"UPDATE tournaments SET told_round = {db.greatest}(told_round, ?), claimed_until = NULL "
                "WHERE tournament_id = ?",
                *(round_no, tournament_id),
            )
