"""Lobbies (the tables being gathered), servers' settings, and rematches (a table asking to play again)."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager

from .. import mapping as m
from ..rows import LobbyRow, OutboxEntry, RematchRow, SettingsRow
from .dialect import SqlStore, tell_in

_NEW_LOBBY = m.LOBBY.insert(m.LOBBY_NEW)


class Settings(SqlStore):
    async def load_settings(self, guild_id: int) -> SettingsRow | None:
        return await self._one(m.SETTINGS, "WHERE guild_id = ?", guild_id)

    async def save_settings(self, row: SettingsRow) -> None:
        await self._run(m.SETTINGS.upsert("guild_id"), *m.SETTINGS.values(row))


class Lobbies(SqlStore):
    async def create_lobby(self, row: LobbyRow) -> int:
        async with self._writing() as db:
            return int(await db.fetchval(f"{_NEW_LOBBY} RETURNING lobby_id", *m.LOBBY.values(row, m.LOBBY_NEW)))

    async def create_lobby_once(self, row: LobbyRow) -> tuple[LobbyRow, bool]:
        """A lobby the bot opens itself, once per `row.origin`: the new lobby and True, or the one that key
        opened before (as stored: open, started or cancelled) and False, with nothing written. Two processes
        opening the same key at once: the second's INSERT waits for the first's commit, then finds its row."""
        assert row.origin is not None
        async with self._writing() as db:
            made = await db.fetchval(
                f"{_NEW_LOBBY} ON CONFLICT (origin) DO NOTHING RETURNING lobby_id", *m.LOBBY.values(row, m.LOBBY_NEW)
            )
            [stored] = await db.fetch(m.LOBBY.select("WHERE origin = ?"), row.origin)
        return m.LOBBY.read(stored), made is not None

    def locked_lobby(self, lobby_id: int) -> AbstractAsyncContextManager[LobbyRow | None]:
        """A lobby as committed, to change and save: on PostgreSQL in a transaction holding its row lock (joins
        and a start that race from two processes take turns, each on the lobby as the other left it)."""
        return self._locked_one(m.LOBBY, "WHERE lobby_id = ?", lobby_id)

    async def save_lobby(self, row: LobbyRow) -> None:
        await self._run(*m.LOBBY.update(row, "message_id host_id options seats status", "lobby_id"))

    async def open_lobbies(self) -> list[LobbyRow]:
        return await self._all(m.LOBBY, "WHERE status = 'open' ORDER BY lobby_id")


class Rematches(SqlStore):
    async def create_rematch(self, row: RematchRow, tell: Iterable[OutboxEntry] = ()) -> bool:
        """A rematch asked for, with the outbox entries telling it; False (nothing written) if one was asked
        for that game already."""
        async with self._writing() as db:
            if await db.execute(m.REMATCH.insert() + " ON CONFLICT DO NOTHING", *m.REMATCH.values(row)) == 0:
                return False
            await tell_in(db, tell)
        return True

    async def rematch(self, game_no: int) -> RematchRow | None:
        return await self._one(m.REMATCH, "WHERE game_no = ?", game_no)

    def locked_rematch(self, game_no: int) -> AbstractAsyncContextManager[RematchRow | None]:
        """A rematch as committed, to change and save: on PostgreSQL in a transaction holding its row lock
        (answers from two processes take turns, and only one of them settles it)."""
        return self._locked_one(m.REMATCH, "WHERE game_no = ?", game_no)

    async def save_rematch(self, row: RematchRow, tell: Iterable[OutboxEntry] = ()) -> None:
        """A rematch changed (an answer, its decision, the table it led to), with the outbox entries telling
        it, in one transaction."""
        changed = "message_id deadline answers status lobby_id next_game_no step to_open claimed_until"
        await self._run(*m.REMATCH.update(row, changed, "game_no"), tell=tell)

    async def claim_rematches_to_open(self, now: float, lease: float) -> list[int]:
        """The games whose rematch was settled and its table not made (a crash came between), each claimed
        until `now + lease` in the same statement so that one process makes it."""
        async with self._writing() as db:
            # The rows are taken in key order, skipping any another process holds: a plain multi-row UPDATE takes
            # them in the order its scan meets them, which two processes sweeping at once need not share (#23).
            rows = await db.fetch(
                "UPDATE rematches SET claimed_until = ? WHERE game_no IN (SELECT game_no FROM rematches "
                f"WHERE to_open = ? AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY game_no{db.skip_locked})"
                " RETURNING game_no",
                now + lease,
                True,
                now,
            )
        return sorted(r["game_no"] for r in rows)

    async def next_rematch_deadline(self) -> float | None:
        """The earliest deadline of the rematches still open (None: none is)."""
        return await self._read().fetchval("SELECT MIN(deadline) FROM rematches WHERE status = 'open'")

    async def due_rematches(self, now: float) -> list[int]:
        """The games whose rematch is still open past its deadline."""
        return await self._numbers(
            "SELECT game_no FROM rematches WHERE status = 'open' AND deadline <= ? ORDER BY game_no", now
        )
