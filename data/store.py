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
from .rows import ActionWrite, RatingRow
from .sql.dialect import TELL, Sql
from .sql.games import ADD_ACTION, ADD_HANDS, action_values, hand_values

log = logging.getLogger(__name__)

__all__ = ["Store", "StoreConflict", "StoreError"]  # the errors' home is data.errors


_SET_RATINGS = m.RATING.upsert("guild_id, pool, user_id")


def _append(db: sqlite3.Connection, write: ActionWrite) -> None:
    """`Store.append_action` of an action that does not end the game, run on the database thread."""
    db.execute("BEGIN IMMEDIATE")
    try:
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
            try:
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

    @asynccontextmanager
    async def _locked(self, sql: str, *args: Any) -> AsyncIterator[Sequence[Mapping[str, Any]]]:
        yield await self._read().fetch(sql, *args)

    # -- games ------------------------------------------------------------------------------------------
    async def _append_played(self, write: ActionWrite) -> None:
        """One trip to the database thread."""
        async with self._write:
            try:
                # aiosqlite runs the function on its connection's thread (`_execute` is its own queue for
                # that; aiosqlite is pinned), so the whole transaction costs one hand-over, not six.
                await self._db._execute(_append, self._db._conn, write)
            except sqlite3.Error as exc:
                raise StoreError(str(exc)) from exc

    async def _write_ratings(self, db: Sql, guild_id: int, pool: str, ratings: Iterable[RatingRow]) -> None:
        """One process: the ratings read are the ratings stored, written over."""
        await db.executemany(_SET_RATINGS, m.RATING.many(ratings, guild_id=guild_id, pool=pool))
