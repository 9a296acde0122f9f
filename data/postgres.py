"""The store on PostgreSQL (asyncpg), for deployments that outgrow one process: any number of bot processes
may serve one database (docs/operations.md). Its queries are the shared ones (`data.sql`); its own is what
several processes need (`data.interface` says what they promise): a pool of connections, so games write at
the same time; `transaction()`, which the store's methods called inside it by the same task join; the
locks of `locked_game` (with the game's version, one more at every write of the game: the table service
catches up from the log when another process wrote since), `locked_lobby`, `locked_settings` and
`lock_ratings`; ratings written as compare-and-set on their `games` count (every update adds one game, so
the count is the row's version: a finish computed from ratings that another process changed meanwhile is
refused whole, `RatingsChanged`); the claim of the processes serving the database; migrations under a lock.
"""

from __future__ import annotations

import logging
import os
import re
import socket
import time
from collections.abc import AsyncIterator, Iterable, Iterator, Mapping, Sequence
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from contextvars import ContextVar
from typing import Any

import asyncpg

from . import mapping as m
from .errors import DatabaseInUse, RatingsChanged, StoreConflict, StoreError
from .interface import StoreInterface
from .migrations import migrations
from .rows import (
    ActionWrite,
    RatingRow,
    SettingsRow,
)
from .sql.dialect import NOTIFY_MOVE, PostgresSql, Sql
from .sql.games import action_values, hand_values

log = logging.getLogger(__name__)

MIGRATIONS = "postgres"  # the dialect of the one migration history (data/migrations) spoken here

URGENT_CONNECTIONS = 4  # a process's connections for its timers and outbox, beside the pool's (`urgent`)
# The advisory lock that serialises migrations of processes starting at once: the two-key form, whose keys
# never meet the one-key (bigint) locks that `lock_game` takes on game numbers.
_MIGRATION_LOCK = (0x66697665, 1)  # "five"
_PROCESS_LOCK = 0x66697666  # with the schema's hash: one bot process per database (see `open`)
# The schema the tables are in (none yet for a user that may not use it: then the search path as written).
_SCHEMA_KEY = "hashtext(coalesce(current_schema(), current_setting('search_path')))"
# The other two-key advisory locks: a server's settings, and the players of a rating pool (by hash).
_SETTINGS_LOCK = 0x66697667
_RATINGS_LOCK = 0x66697668
_DB_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)
# PostgreSQL's "deadlock detected" and "could not serialize access": the transaction was aborted for a
# conflict with another one, nothing was written, and doing it again will do.
_CONFLICTS = frozenset({"40P01", "40001"})


def store_error(exc: BaseException) -> StoreError:
    """The store's error for a database's: a conflict that doing again will settle is a `StoreConflict`."""
    if getattr(exc, "sqlstate", None) in _CONFLICTS:
        return StoreConflict(str(exc))
    return StoreError(str(exc))


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset of a connection given back: nothing to undo. asyncpg's default sends one more
    statement to the server at every release (unlock session advisory locks, close cursors, unlisten,
    reset settings), a round trip per transaction; the pool's connections take only transaction locks
    (`pg_advisory_xact_lock`, `FOR UPDATE`), open no cursor, listen to nothing and set nothing. The
    session locks (the process claim, the migrations' lock) are taken on connections of their own."""


async def _pool(url: str, min_size: int, max_size: int) -> asyncpg.Pool:
    try:
        return await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=15, reset=_keep_session)
    except (*_DB_ERRORS, ValueError) as exc:
        raise StoreError(f"cannot connect to the database {redact(url)}: {exc}") from exc


async def apply_migrations(conn: asyncpg.Connection) -> list[int]:
    """Apply the PostgreSQL migrations the database has not seen (each with its version row in one
    transaction), all under one lock, so that of processes starting together one applies them all and the
    others find them applied."""
    applied = []
    await conn.execute("SELECT pg_advisory_lock($1, $2)", *_MIGRATION_LOCK)
    try:
        for version, sql in migrations(MIGRATIONS):
            if await _apply_one(conn, version, sql):
                applied.append(version)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1, $2)", *_MIGRATION_LOCK)
    return applied


async def _apply_one(conn: asyncpg.Connection, version: int, sql: str) -> bool:
    """One migration with its version row, in one transaction; False if it was applied before."""
    async with conn.transaction():
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
            "applied_at DOUBLE PRECISION NOT NULL)"
        )
        if await conn.fetchval("SELECT 1 FROM schema_version WHERE version = $1", version):
            return False
        await conn.execute(sql)
        await conn.execute("INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)", version, time.time())
    return True


async def _claim(url: str, exclusive: bool) -> asyncpg.Connection:
    """A connection holding the database's process lock (a session advisory lock on its schema, dropped
    by the server when the connection ends, however the process dies): exclusive for a process that must
    serve the database alone, shared for one of several. `DatabaseInUse` if a process holds it the other
    way, naming that process."""
    me = f"fives bot pid {os.getpid()} on {socket.gethostname()}"[:63]
    conn = await asyncpg.connect(url, timeout=15, server_settings={"application_name": me})
    try:
        take = "pg_try_advisory_lock" if exclusive else "pg_try_advisory_lock_shared"
        if await conn.fetchval(f"SELECT {take}($1, {_SCHEMA_KEY})", _PROCESS_LOCK):
            return conn
        holder = await conn.fetchval(
            "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid "
            "WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid::bigint = $1 "
            f"AND l.objid::bigint = {_SCHEMA_KEY}::bigint & 4294967295",
            _PROCESS_LOCK,
        )
    except BaseException:
        await conn.close()
        raise
    await conn.close()
    if exclusive:
        raise DatabaseInUse(
            f"{redact(url)} is in use by another bot process ({holder or 'unknown'}), and this one was started "
            "to serve it alone (FIVES_SINGLE_PROCESS=1): stop that process, or start this one without that setting."
        )
    raise DatabaseInUse(
        f"{redact(url)} is served by a bot process that must be its only one ({holder or 'unknown'}, started "
        "with FIVES_SINGLE_PROCESS=1): stop it, or restart it without that setting, to run several processes."
    )


# `append_action` of an action that does not end the game, in one statement (each part sees the same
# snapshot, and all or none is written): the action, what is to be told of it, its finished hands, the timer.
_APPEND = (
    f"WITH action AS (INSERT INTO actions ({m.listed(m.ACTION)}) VALUES ($1, $2, $3, $4, $5, $6)), "
    f"tell AS (INSERT INTO outbox ({m.listed(m.OUTBOX)}) SELECT * FROM unnest($7::bigint[], $8::text[], "
    "$9::bigint[], $10::bigint[], $11::float8[], $12::float8[], $13::bigint[]) ON CONFLICT DO NOTHING), "
    f"hands AS (INSERT INTO hand_results ({m.listed(m.HAND)}) "
    "SELECT $1, n, t, r, p::json, d::json FROM unnest($14::bigint[], $15::bigint[], $16::text[], $17::text[], "
    "$18::text[]) AS h(n, t, r, p, d)) "
    "UPDATE games SET deadline = $19, reminder_at = $20, carry_on_at = $21, version = version + 1 WHERE game_no = $1"
)
_APPEND_NOTIFYING = f"{_APPEND} RETURNING {NOTIFY_MOVE}"  # sent at the commit: web pages on every process read it


def _append_args(write: ActionWrite) -> tuple[Any, ...]:
    tell = list(zip(*m.OUTBOX.many(write.tell), strict=True)) or [()] * len(m.OUTBOX)
    hands = list(zip(*hand_values(write), strict=True)) or [()] * len(m.HAND)
    timer = (write.deadline, write.reminder_at, write.carry_on_at)
    return (*action_values(write), *map(list, tell), *map(list, hands[1:]), *timer)


class PostgresStore(StoreInterface):
    """Open with `await PostgresStore.open("postgresql://user:password@host/db")`; migrations are applied on
    open. Any number of processes may serve one database (see the module's docstring)."""

    shared = True  # other processes write the same games: `locked_*` take the database's locks

    def __init__(
        self,
        pool: asyncpg.Pool,
        migrated: tuple[int, ...] = (),
        claim: asyncpg.Connection | None = None,
        urgent: asyncpg.Pool | None = None,
        notify_moves: bool = False,
    ) -> None:
        self._main = pool
        # A few connections of their own for the timers and the outbox (`urgent`): a process busy with
        # clicks has every connection of its pool in use and a queue of clicks waiting for one, and a dead
        # process's games taken over at a tick waited in that queue call after call while their next
        # players had no hand DM (#23).
        self._urgent_pool = urgent
        self._is_urgent: ContextVar[bool] = ContextVar(f"fives_urgent_{id(self)}", default=False)
        # Each pg_notify queues at the commit under the server's one notification lock: sent only when a web
        # table listens (data/moves.py), not by every action of a bot that serves no web page.
        self.notify_moves = notify_moves
        self._append = _APPEND_NOTIFYING if notify_moves else _APPEND
        # The connection of the transaction the current task is in, if any (see `transaction`).
        self._conn: ContextVar[asyncpg.Connection | None] = ContextVar(f"fives_store_{id(self)}", default=None)
        self._claim = claim
        self.migrated = migrated  # the migrations this open applied

    @classmethod
    async def open(
        cls, url: str, *, exclusive: bool = False, notify_moves: bool = False, min_size: int = 1, max_size: int = 10
    ) -> PostgresStore:
        """`exclusive`: this process alone serves the database, as on SQLite (a second process stops with
        `DatabaseInUse`, and so does this one if others serve it already). `notify_moves`: every committed
        move is sent on `fives_moves` for the web tables listening (data/moves.py); off, nothing is sent."""
        async with AsyncExitStack() as opened:  # closed again if the open fails
            pool = await _pool(url, min_size, max_size)
            opened.push_async_callback(pool.close)
            try:
                claim = await _claim(url, exclusive)
                opened.push_async_callback(claim.close)
                async with pool.acquire() as conn:
                    applied = await apply_migrations(conn)
            except _DB_ERRORS as exc:  # e.g. a user that may not create tables
                raise StoreError(f"cannot set up the database {redact(url)}: {exc}") from exc
            urgent = await _pool(url, 1, URGENT_CONNECTIONS)
            opened.pop_all()
        if applied:
            log.info("%s: applied migrations %s", redact(url), applied)
        return cls(pool, tuple(applied), claim, urgent, notify_moves)

    @property
    def _pool(self) -> asyncpg.Pool:
        """The pool of the calls of this task: the urgent one inside `urgent`."""
        if self._urgent_pool is not None and self._is_urgent.get():
            return self._urgent_pool
        return self._main

    @contextmanager
    def urgent(self) -> Iterator[None]:
        """The store calls of this task (and of the tasks it starts) meanwhile take connections of their
        own, not waiting behind the players' clicks for one."""
        token = self._is_urgent.set(True)
        try:
            yield
        finally:
            self._is_urgent.reset(token)

    async def close(self) -> None:
        try:
            await self._main.close()
            if self._urgent_pool is not None:
                await self._urgent_pool.close()
        finally:
            if self._claim is not None:
                await self._claim.close()  # the session's lock goes with it
                self._claim = None

    def pool_use(self) -> tuple[int, int]:
        """Connections open in the pool and those idle."""
        return self._main.get_size(), self._main.get_idle_size()

    async def processes(self) -> int:
        """How many bot processes serve this database now: those holding its process lock (see `_claim`),
        which the server drops at once when a process dies, however it dies."""
        try:
            count = await self._read().fetchval(
                "SELECT count(DISTINCT l.pid) FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted "
                "AND l.objsubid = 2 AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()) "
                f"AND l.classid::bigint = $1 AND l.objid::bigint = {_SCHEMA_KEY}::bigint & 4294967295",
                _PROCESS_LOCK,
            )
        except _DB_ERRORS as exc:
            raise store_error(exc) from exc
        return int(count or 0)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[asyncpg.Connection]:
        """One write transaction; a database error comes out as StoreError, with nothing written. Inside
        it, this task's calls of the store's methods join it (one commit for all). A task started inside
        it would inherit it too (context variables are copied), so start none that uses the store."""
        conn = self._conn.get()
        if conn is not None:
            yield conn
            return
        try:
            async with self._pool.acquire() as conn:
                token = self._conn.set(conn)
                try:
                    async with conn.transaction():
                        yield conn
                finally:
                    self._conn.reset(token)
        except _DB_ERRORS as exc:
            raise store_error(exc) from exc

    _transaction = transaction  # the name the SQLite store's methods use, so that both read alike

    def _in_transaction(self, what: str) -> asyncpg.Connection:
        conn = self._conn.get()
        if conn is None:
            raise RuntimeError(f"{what} is taken inside a transaction (`locked_game` or `transaction`)")
        return conn

    def _read(self) -> Sql:
        return PostgresSql(self._conn.get() or self._pool)

    def _dialect(self, db: Any) -> Sql:
        """The `Sql` of a write: with the move's notification where a web table listens."""
        return PostgresSql(db, self.notify_moves)

    @asynccontextmanager
    async def _locked(self, sql: str, *args: Any) -> AsyncIterator[Sequence[Mapping[str, Any]]]:
        async with self._writing() as db:
            yield await db.fetch(sql + db.for_update, *args)

    # -- the locks several processes share ------------------------------------------------------------
    @asynccontextmanager
    async def locked_game(self, game_no: int) -> AsyncIterator[int | None]:
        """A transaction holding the game's row lock, across every process on this database, with the
        game's version as committed (None: no such game). The caller compares the version with the one it
        holds, catches up from the log if another process wrote since, then applies and appends: no other
        process in between, and all of it committed together or not at all."""
        async with self._transaction() as db:
            # FOR UPDATE waits for a writer of the row and then reads the row as that writer left it.
            yield await db.fetchval("SELECT version FROM games WHERE game_no = $1 FOR UPDATE", game_no)

    async def game_version(self, game_no: int) -> int | None:
        """The game's version as committed, without a lock (None: no such game): one cheap read that tells
        a process whether it must catch up before it shows the game."""
        return await self._read().fetchval("SELECT version FROM games WHERE game_no = $1", game_no)

    async def lock_game(self, game_no: int) -> None:
        """Inside a transaction: the game's lock (as `locked_game` takes it) until the transaction ends."""
        await self._in_transaction("lock_game").execute("SELECT 1 FROM games WHERE game_no = $1 FOR UPDATE", game_no)

    @asynccontextmanager
    async def locked_settings(self, guild_id: int) -> AsyncIterator[SettingsRow | None]:
        """A server's settings as committed, in a transaction holding the server's settings lock (a row
        may not exist yet, so an advisory lock): two processes changing settings at once each change the
        row as the other left it."""
        async with self._transaction() as db:
            await db.execute("SELECT pg_advisory_xact_lock($1, hashtext($2::bigint::text))", _SETTINGS_LOCK, guild_id)
            yield await self.load_settings(guild_id)

    async def lock_ratings(self, guild_id: int, pool: str, user_ids: Iterable[int]) -> None:
        """Inside `locked_game`: the players' ratings in a pool, until the commit, so that what is read next
        is not changed by another process's game end before this one writes. Locks are taken in the order
        of their keys, so two finishes sharing players wait for each other, never deadlock."""
        await self._in_transaction("lock_ratings").execute(
            "SELECT pg_advisory_xact_lock($1, k) FROM (SELECT DISTINCT "
            "hashtext($2::bigint::text || '/' || $3 || '/' || u) AS k FROM unnest($4::bigint[]) AS u "
            "ORDER BY k) AS keys",
            _RATINGS_LOCK,
            guild_id,
            pool,
            sorted(set(user_ids)),
        )

    # -- games ------------------------------------------------------------------------------------------
    async def _append_played(self, write: ActionWrite) -> None:
        """One statement, one trip to the server."""
        args = _append_args(write)
        if self._conn.get() is not None:  # in the caller's transaction
            async with self._transaction() as db:
                await db.execute(self._append, *args)
            return
        try:
            await self._pool.execute(self._append, *args)  # one statement: its own transaction
        except _DB_ERRORS as exc:
            raise store_error(exc) from exc

    async def _write_ratings(self, db: Sql, guild_id: int, pool: str, ratings: Iterable[RatingRow]) -> None:
        """Each new rating replaces the one it was computed from (`games` one less; none for a first game).
        Rows are taken in user order, so two finishes sharing players wait for each other, never deadlock;
        the conflict clause re-reads a row another transaction has just committed."""
        new = sorted(ratings, key=lambda r: r.user_id)
        written = await db.fetch(
            f"INSERT INTO ratings ({m.listed(m.RATING)}) "
            "SELECT $1, $2, u, mu, s, g, w FROM unnest($3::bigint[], $4::float8[], $5::float8[], $6::bigint[], "
            "$7::bigint[]) AS t(u, mu, s, g, w) ORDER BY u "
            "ON CONFLICT (guild_id, pool, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
            "games = excluded.games, wins = excluded.wins WHERE ratings.games = excluded.games - 1 "
            "RETURNING user_id",
            guild_id,
            pool,
            [r.user_id for r in new],
            [r.mu for r in new],
            [r.sigma for r in new],
            [r.games for r in new],
            [r.wins for r in new],
        )
        if len(written) != len(new):
            stale = sorted({r.user_id for r in new} - {r["user_id"] for r in written})
            raise RatingsChanged(f"ratings of {stale} in {pool} changed since they were read")
