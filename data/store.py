"""The store on SQLite (aiosqlite): one process's, on one connection (see `data.interface` for what both
stores share, `data.sql` for their SQL). Writes are serialised by a lock because a transaction on a shared
connection must not interleave with another coroutine's statements."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import aiosqlite

from . import mapping as m
from .errors import StoreConflict, StoreError
from .interface import StoreInterface
from .migrations import apply_migrations
from .rows import ActionWrite, OutboxEntry, RatingRow
from .sql.dialect import Sql
from .sql.games import ADD_ACTION, ADD_HANDS, action_values, hand_values
from .sql.outbox import BOARD, TELL

log = logging.getLogger(__name__)

__all__ = ["Store", "StoreConflict", "StoreError"]  # the errors' home is data.errors


_SET_RATINGS = m.RATING.upsert("guild_id, pool, user_id")


def _append(db: sqlite3.Connection, write: ActionWrite, queued: list[tuple[str, list[tuple[Any, ...]]]]) -> None:
    """`Store.append_action` of an action that does not end the game, run on the database thread."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for sql, rows in queued:
            db.executemany(sql, rows)
        db.execute(ADD_ACTION, action_values(write))
        if write.tell:
            db.executemany(TELL, m.OUTBOX.many(write.tell))
        if write.hands:
            db.executemany(ADD_HANDS, hand_values(write))
        db.execute(
            "UPDATE games SET deadline = ?, reminder_at = ?, carry_on_at = ?, version = version + 1 WHERE game_no = ?",
            (write.deadline, write.reminder_at, write.carry_on_at, write.game_no),
        )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class Store(StoreInterface):
    """Open with `await Store.open(path)`; migrations are applied on open."""

    _dialect = Sql

    def __init__(self, db: aiosqlite.Connection, migrated: tuple[int, ...] = ()) -> None:
        self._db = db
        self._write = asyncio.Lock()
        # What was told, not yet written: it goes with the next transaction (or `flush`). Lost in a crash,
        # it only means that those entries are told again, and the teller recognises what it had posted.
        self._told: list[tuple[str, list[tuple[Any, ...]]]] = []
        self.migrated = migrated  # the migrations this open applied

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        db = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            # This pragma returns a row: fetched, its statement is finished (a live one makes COMMIT fail).
            await db.execute_fetchall("PRAGMA journal_mode=WAL")
            await db.execute("PRAGMA synchronous=NORMAL")
            await db.execute("PRAGMA foreign_keys=ON")
            await db.execute("PRAGMA busy_timeout=5000")
            applied = await apply_migrations(db)
        except BaseException:
            await db.close()
            raise
        db.row_factory = aiosqlite.Row  # rows are read by column name (data.mapping)
        if applied:
            log.info("%s: applied migrations %s", path, applied)
        return cls(db, tuple(applied))

    async def close(self) -> None:
        with suppress(StoreError):
            await self.flush()
        await self._db.close()

    def pool_use(self) -> tuple[int, int]:
        """Connections open and idle: SQLite has one, busy while a write holds it."""
        return 1, 0 if self._write.locked() else 1

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction; a database error comes out as StoreError, with nothing written."""
        async with self._write:
            db = self._db
            try:
                await db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(str(exc)) from exc
            queued, self._told = self._told, []
            try:
                for sql, rows in queued:
                    await db.executemany(sql, rows)
                yield db
                await db.execute("COMMIT")
            except BaseException as exc:
                if db.in_transaction:
                    with suppress(sqlite3.Error):
                        await db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(str(exc)) from exc
                raise

    def _read(self) -> Sql:
        return Sql(self._db)

    async def _write_told(
        self,
        game_no: int,
        statements: list[tuple[str, list[tuple[Any, ...]]]],
        urgent: bool,
        board: tuple[Any, ...] | None = None,
    ) -> bool:
        # On disk when this returns, board or not (one write per telling): queued for the next transaction, a
        # reminder or a hand re-sent alone waited up to a tick, and a crash then sent it a second time.
        self._told.extend(statements)
        async with self._transaction() as db:  # (writes the queue first: see `_transaction`)
            return board is not None and (await db.execute(BOARD, board)).rowcount > 0

    async def hold_outbox(self, held: Sequence[tuple[OutboxEntry, float]]) -> None:
        """This process still tells these entries: each (entry, the due time it had) due at the entry's
        `due_at` now, unless another process's sweep took it meanwhile (its due time is not the one held)."""
        rows = sorted((e.game_no, e.kind, e.user_id, e.turn, e.due_at, was) for e, was in held)
        if rows:
            async with self._transaction() as db:
                await db.executemany(
                    "UPDATE outbox SET due_at = ?5 WHERE game_no = ?1 AND kind = ?2 AND user_id = ?3 AND turn = ?4 "
                    "AND due_at = ?6",
                    rows,
                )

    async def flush(self) -> None:
        """Write what `told` queued, if anything."""
        if self._told:
            async with self._transaction():
                pass

    @asynccontextmanager
    async def _locked(self, sql: str, *args: Any) -> AsyncIterator[Sequence[Mapping[str, Any]]]:
        yield await self._read().fetch(sql, *args)

    # -- games ------------------------------------------------------------------------------------------
    async def _append_played(self, write: ActionWrite) -> None:
        """One trip to the database thread."""
        async with self._write:
            queued, self._told = self._told, []
            try:
                # aiosqlite runs the function on its connection's thread (`_execute` is its own queue for
                # that; aiosqlite is pinned), so the whole transaction costs one hand-over, not six.
                await self._db._execute(_append, self._db._conn, write, queued)
            except sqlite3.Error as exc:
                self._told[:0] = queued  # rolled back: still to be written
                raise StoreError(str(exc)) from exc

    async def _write_ratings(self, db: Sql, guild_id: int, pool: str, ratings: Iterable[RatingRow]) -> None:
        """One process: the ratings read are the ratings stored, written over."""
        await db.executemany(_SET_RATINGS, m.RATING.many(ratings, guild_id=guild_id, pool=pool))
