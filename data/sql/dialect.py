"""The one place where SQLite and PostgreSQL differ for the shared queries: how a statement is run on the
driver (aiosqlite takes `?` and a tuple, asyncpg `$n` and arguments) and the row-lock clauses only
PostgreSQL has (SQLite's single writer holds the whole file, so there they are empty).

A store exposes `_read()` (an `Sql` for reads outside a transaction) and `_writing()` (a transaction
yielding an `Sql`); the subject mixins in this package use only those.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any, TypeVar

from .. import mapping as m
from ..mapping import Table
from ..rows import OutboxEntry

T = TypeVar("T")

MOVES_CHANNEL = "fives_moves"  # PostgreSQL's channel of moves told across processes (data/moves.py)
# An expression over the `games` row an action updates: RETURNING it sends the game number with the commit.
# Here, beside the queries that return it, so that the store does not import the listener (data/moves.py).
NOTIFY_MOVE = f"pg_notify('{MOVES_CHANNEL}', game_no::text)"
_MARK = re.compile(r"\?")
TELL = f"{m.OUTBOX.insert()} ON CONFLICT DO NOTHING"


@lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """`?` marks as PostgreSQL's `$1, $2, ...` (the shared statements hold no `?` in a literal)."""
    count = iter(range(1, 10_000))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


class Sql:
    """A connection (or pool) as the shared queries see it: `?` marks, the dialect's lock clauses. This one is
    aiosqlite's: one connection, its writes serialised by the file's lock (no row locks to take)."""

    for_update = ""  # a row lock held to the commit
    skip_locked = ""  # a row lock, rows others hold skipped
    for_share = ""  # a shared row lock held to the commit
    for_no_key_update = ""  # a row lock that leaves the rows referencing it alone (a teller's on its game)
    greatest = "MAX"  # the larger of two values
    # After an UPDATE of a game's row: tell the other processes it moved (data/moves.py). One process: its own
    # wake-ups are all there are.
    moved = ""

    def __init__(self, db: Any) -> None:
        self._db = db

    def skip_locked_of(self, alias: str) -> str:
        """`skip_locked` on the rows of one table of a join."""
        return self.skip_locked

    def earliest(self, *columns: str) -> str:
        """The smallest of some columns, those that are NULL left out (NULL if all are): SQLite's MIN of
        several values is NULL as soon as one is."""
        return f"NULLIF(MIN({', '.join(f'COALESCE({c}, 1e308)' for c in columns)}), 1e308)"

    async def fetch(self, sql: str, *args: Any) -> Sequence[Mapping[str, Any]]:
        # every row is read: a RETURNING statement left open would block the commit
        return list(await self._db.execute_fetchall(sql, args))

    async def fetchval(self, sql: str, *args: Any) -> Any:
        rows = await self.fetch(sql, *args)
        return rows[0][0] if rows else None  # type: ignore[index]

    async def execute(self, sql: str, *args: Any) -> int:
        """The number of rows the statement changed."""
        cursor = await self._db.execute(sql, args)
        return int(cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self._db.executemany(sql, rows)


class PostgresSql(Sql):
    """asyncpg: a connection in a transaction, or the pool for a read on its own."""

    for_update = " FOR UPDATE"
    skip_locked = " FOR UPDATE SKIP LOCKED"
    for_share = " FOR SHARE"
    for_no_key_update = " FOR NO KEY UPDATE"
    greatest = "GREATEST"

    def skip_locked_of(self, alias: str) -> str:
        return f" FOR UPDATE OF {alias} SKIP LOCKED"

    def earliest(self, *columns: str) -> str:
        return f"LEAST({', '.join(columns)})"  # as the index games_due has it (migration 0003)

    def __init__(self, db: Any, notify_moves: bool = False) -> None:  # asyncpg.Connection or asyncpg.Pool
        self._db = db
        if notify_moves:  # sent with the commit only where a web table listens
            self.moved = f" RETURNING {NOTIFY_MOVE}"

    async def fetch(self, sql: str, *args: Any) -> Sequence[Mapping[str, Any]]:
        return await self._db.fetch(numbered(sql), *args)

    async def fetchval(self, sql: str, *args: Any) -> Any:
        return await self._db.fetchval(numbered(sql), *args)

    async def execute(self, sql: str, *args: Any) -> int:
        status: str = await self._db.execute(numbered(sql), *args)  # "UPDATE 3", "INSERT 0 1"
        return int(status.rsplit(" ", 1)[-1])

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._db.executemany(numbered(sql), rows)


async def tell_in(db: Sql, entries: Iterable[OutboxEntry]) -> None:
    """Write outbox entries inside the caller's transaction (an entry written twice stays one)."""
    await db.executemany(TELL, m.OUTBOX.many(entries))


class SqlStore:
    """The base of the subject mixins: what each needs of its store (both stores define them)."""

    def _read(self) -> Sql:
        """The database for reads outside a transaction (on PostgreSQL, the task's transaction if any)."""
        raise NotImplementedError

    def _locked(self, sql: str, *args: Any) -> AbstractAsyncContextManager[Sequence[Mapping[str, Any]]]:
        """The rows of a SELECT, to change and save: on PostgreSQL in a transaction holding their row locks
        (FOR UPDATE), on SQLite as read (the process's own memory is the truth, and a transaction held here
        would block the saves made inside it)."""
        raise NotImplementedError

    _dialect: Callable[[Any], Sql]  # the store's `Sql` over one of its connections

    def _transaction(self) -> AbstractAsyncContextManager[Any]:
        """One write transaction on the store's driver (on PostgreSQL joining the task's own)."""
        raise NotImplementedError

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[Sql]:
        """One write transaction (on PostgreSQL joining the task's own): a database error comes out as
        StoreError, with nothing written."""
        async with self._transaction() as db:
            yield self._dialect(db)

    async def _run(self, sql: str, *args: Any, tell: Iterable[OutboxEntry] = ()) -> int:
        """One statement in a write transaction of its own, with the outbox entries `tell`; the rows it changed."""
        async with self._writing() as db:
            changed = await db.execute(sql, *args)
            await tell_in(db, tell)
        return changed

    async def _all(self, table: Table[T], rest: str, *args: Any) -> list[T]:
        """The rows of `table` that `rest` (its WHERE and ORDER BY) selects, as its dataclass."""
        return [table.read(r) for r in await self._read().fetch(table.select(rest), *args)]

    async def _one(self, table: Table[T], rest: str, *args: Any) -> T | None:
        rows = await self._all(table, rest, *args)
        return rows[0] if rows else None

    async def _numbers(self, sql: str, *args: Any) -> list[int]:
        """The first column of every row of a read (the numbers of games, lobbies, ...)."""
        return [r[0] for r in await self._read().fetch(sql, *args)]  # type: ignore[index]

    async def _mark_table(self, table: Table[Any], lobby_id: int, on: bool, at: float) -> None:
        """A table (by lobby) marked with a choice of its host (`undo_tables`, `hint_tables`), or not."""
        if on:
            await self._run(f"{table.insert()} ON CONFLICT (lobby_id) DO NOTHING", lobby_id, at)
        else:
            await self._run(f"DELETE FROM {table.name} WHERE lobby_id = ?", lobby_id)

    @asynccontextmanager
    async def _locked_one(self, table: Table[T], rest: str, *args: Any) -> AsyncIterator[T | None]:
        """The row of `table` that `rest` selects, to change and save (see `_locked`)."""
        async with self._locked(table.select(rest), *args) as rows:
            yield table.read(rows[0]) if rows else None
