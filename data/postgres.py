"""The store on PostgreSQL (asyncpg): the same methods, in the same order, as the SQLite store
(`data.store`), speaking the same rows. For deployments that outgrow one process.

A pool of connections serves the process, so games write at the same time (the table service keeps one
lock per game). Every write is one transaction; `transaction()` opens one that the store's own methods,
called inside it by the same task, join instead of opening their own. That is where a caller later takes
a game's lock across processes (`lock_game`, an advisory lock held until the transaction ends) before it
reads, applies and appends.

Ratings are written as compare-and-set on their `games` count (every update adds one game, so the count
is the row's version): a finish computed from ratings that another process changed in the meantime is
refused whole (`RatingsChanged`), never written over them.
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

import asyncpg

from .backends import DatabaseInUse
from .migrations import migrations
from .rows import (
    COMPUTER_ID,
    ActionWrite,
    GameRow,
    HandMessage,
    HandRow,
    LobbyRow,
    OutboxEntry,
    RatingRow,
    ResultRow,
    SeatRow,
    SettingsRow,
    StoredGame,
)
from .store import StoreError

log = logging.getLogger(__name__)

MIGRATIONS = "data.migrations.postgres"
# The advisory lock that serialises migrations of processes starting at once: the two-key form, whose keys
# never meet the one-key (bigint) locks that `lock_game` takes on game numbers.
_MIGRATION_LOCK = (0x66697665, 1)  # "five"
_PROCESS_LOCK = 0x66697666  # with the schema's hash: one bot process per database (see `open`)
# The schema the tables are in (none yet for a user that may not use it: then the search path as written).
_SCHEMA_KEY = "hashtext(coalesce(current_schema(), current_setting('search_path')))"
_DB_ERRORS = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)


class RatingsChanged(StoreError):
    """The end of a game was computed from ratings that another process has changed since: nothing was
    written, the caller recomputes from the ratings as they are now and writes again."""


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), default=str)


def _load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _seats_json(seats: Iterable[SeatRow]) -> str:
    return _dump([[s.user_id, s.name, s.computer, s.replaced_user_id] for s in seats])


def _seats_from_json(text: str) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(u, n, bool(c), r) for u, n, c, r in json.loads(text))


def redact(url: str) -> str:
    """The URL without its password, for messages and logs."""
    return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


_GAME_COLUMNS = (
    "game_no, lobby_id, guild_id, channel_id, thread_id, board_message_id, host_id, game_id, players, options, "
    "seed, deals, seating, status, deadline, reminder_at, created_at, ended_at, board_turn"
)

_OUTBOX_COLUMNS = "game_no, kind, user_id, turn, created_at, due_at, attempts"


def _entry(r: Any) -> OutboxEntry:
    return OutboxEntry(game_no=r[0], kind=r[1], user_id=r[2], turn=r[3], created_at=r[4], due_at=r[5], attempts=r[6])


_TELL = f"INSERT INTO outbox ({_OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING"


def _tell_rows(entries: Iterable[OutboxEntry]) -> list[tuple[Any, ...]]:
    return [(e.game_no, e.kind, e.user_id, e.turn, e.created_at, e.due_at, e.attempts) for e in entries]


async def _tell(db: asyncpg.Connection, entries: Iterable[OutboxEntry]) -> None:
    """Write outbox entries inside the caller's transaction (an entry written twice stays one)."""
    rows = _tell_rows(entries)
    if rows:
        await db.executemany(_TELL, rows)


async def apply_migrations(conn: asyncpg.Connection) -> list[int]:
    """Apply the PostgreSQL migrations the database has not seen (each with its version row in one
    transaction, under a lock, so that processes starting together apply each exactly once)."""
    applied = []
    for version, sql in migrations(MIGRATIONS):
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", *_MIGRATION_LOCK)
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                "applied_at DOUBLE PRECISION NOT NULL)"
            )
            if await conn.fetchval("SELECT 1 FROM schema_version WHERE version = $1", version):
                continue
            await conn.execute(sql)
            await conn.execute("INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)", version, time.time())
        applied.append(version)
    return applied


async def _claim(url: str) -> asyncpg.Connection:
    """A connection holding the database's process lock (a session advisory lock on its schema, dropped
    by the server when the connection ends, however the process dies); `DatabaseInUse` if another holds
    it, naming that process."""
    me = f"fives bot pid {os.getpid()} on {socket.gethostname()}"[:63]
    conn = await asyncpg.connect(url, timeout=15, server_settings={"application_name": me})
    try:
        if await conn.fetchval(f"SELECT pg_try_advisory_lock($1, {_SCHEMA_KEY})", _PROCESS_LOCK):
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
    raise DatabaseInUse(
        f"{redact(url)} is in use by another bot process ({holder or 'unknown'}): several processes on one "
        "PostgreSQL database are not supported yet. Stop that process, or give this one its own database."
    )


# `append_action` of an action that does not end the game, in one statement (each part sees the same
# snapshot, and all or none is written): the action, what is to be told of it, its finished hands, the timer.
_APPEND = (
    "WITH action AS (INSERT INTO actions (game_no, turn, seat, action, kind, at) VALUES ($1, $2, $3, $4, $5, $6)), "
    f"tell AS (INSERT INTO outbox ({_OUTBOX_COLUMNS}) SELECT * FROM unnest($7::bigint[], $8::text[], "
    "$9::bigint[], $10::bigint[], $11::float8[], $12::float8[], $13::bigint[]) ON CONFLICT DO NOTHING), "
    "hands AS (INSERT INTO hand_results (game_no, hand_no, turn, reason, points, detail) "
    "SELECT $1, n, t, r, p::json, d::json FROM unnest($14::bigint[], $15::bigint[], $16::text[], $17::text[], "
    "$18::text[]) AS h(n, t, r, p, d)) "
    "UPDATE games SET deadline = $19, reminder_at = $20 WHERE game_no = $1"
)


def _append_args(write: ActionWrite) -> tuple[Any, ...]:
    tell, hands = write.tell, write.hands
    return (
        write.game_no,
        write.turn,
        write.seat,
        write.action,
        write.kind,
        write.at,
        [e.game_no for e in tell],
        [e.kind for e in tell],
        [e.user_id for e in tell],
        [e.turn for e in tell],
        [e.created_at for e in tell],
        [e.due_at for e in tell],
        [e.attempts for e in tell],
        [h.hand_no for h in hands],
        [h.turn for h in hands],
        [h.reason for h in hands],
        [_dump(h.points) for h in hands],
        [_dump(h.detail) for h in hands],
        write.deadline,
        write.reminder_at,
    )


class PostgresStore:
    """Open with `await PostgresStore.open("postgresql://user:password@host/db")`; migrations are applied on
    open."""

    def __init__(
        self, pool: asyncpg.Pool, migrated: tuple[int, ...] = (), claim: asyncpg.Connection | None = None
    ) -> None:
        self._pool = pool
        # The connection of the transaction the current task is in, if any (see `transaction`).
        self._conn: ContextVar[asyncpg.Connection | None] = ContextVar(f"fives_store_{id(self)}", default=None)
        self._claim = claim
        # What was told, not yet written: it goes with the next transaction (or `flush`), as on SQLite.
        self._told: list[tuple[str, list[tuple[Any, ...]]]] = []
        self.migrated = migrated  # the migrations this open applied

    @classmethod
    async def open(cls, url: str, *, exclusive: bool = True, min_size: int = 1, max_size: int = 10) -> PostgresStore:
        """`exclusive`: this process alone serves the database, as on SQLite (a second process stops with
        `DatabaseInUse`), until the table service takes its games' locks in the database."""
        try:
            pool = await asyncpg.create_pool(url, min_size=min_size, max_size=max_size, timeout=15)
        except (*_DB_ERRORS, ValueError) as exc:
            raise StoreError(f"cannot connect to the database {redact(url)}: {exc}") from exc
        claim = None
        try:
            if exclusive:
                claim = await _claim(url)
            async with pool.acquire() as conn:
                applied = await apply_migrations(conn)
        except BaseException as exc:
            await pool.close()
            if claim is not None:
                await claim.close()
            if isinstance(exc, _DB_ERRORS):  # e.g. a user that may not create tables
                raise StoreError(f"cannot set up the database {redact(url)}: {exc}") from exc
            raise
        if applied:
            log.info("%s: applied migrations %s", redact(url), applied)
        return cls(pool, tuple(applied), claim)

    async def close(self) -> None:
        with suppress(StoreError):
            await self.flush()
        try:
            await self._pool.close()
        finally:
            if self._claim is not None:
                await self._claim.close()  # the session's lock goes with it
                self._claim = None

    async def flush(self) -> None:
        """Write what `told` queued, if anything."""
        if self._told:
            async with self._transaction():
                pass

    async def schema_version(self) -> int:
        return await self._fetchval("SELECT MAX(version) FROM schema_version") or 0

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
                queued, self._told = self._told, []
                try:
                    async with conn.transaction():
                        for sql, rows in queued:
                            await conn.executemany(sql, rows)
                        yield conn
                except BaseException:
                    self._told[:0] = queued  # rolled back: still to be written
                    raise
                finally:
                    self._conn.reset(token)
        except _DB_ERRORS as exc:
            raise StoreError(str(exc)) from exc

    _transaction = transaction  # the name the SQLite store's methods use, so that both read alike

    async def lock_game(self, game_no: int) -> None:
        """Hold the game's lock, across every process on this database, until the current transaction
        ends (the caller then reads, applies and appends with no other process in between)."""
        conn = self._conn.get()
        if conn is None:
            raise RuntimeError("lock_game is taken inside `async with store.transaction():`")
        await conn.execute("SELECT pg_advisory_xact_lock($1)", game_no)

    async def _fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        conn = self._conn.get()
        return await (conn or self._pool).fetch(sql, *args)

    async def _fetchval(self, sql: str, *args: Any) -> Any:
        conn = self._conn.get()
        return await (conn or self._pool).fetchval(sql, *args)

    # -- server settings --------------------------------------------------------------------------------
    async def load_settings(self, guild_id: int) -> SettingsRow | None:
        rows = await self._fetch(
            "SELECT turn_seconds, auto_play, language, default_options FROM guild_settings WHERE guild_id = $1",
            guild_id,
        )
        if not rows:
            return None
        seconds, auto, language, defaults = rows[0]
        return SettingsRow(guild_id, seconds, bool(auto), language, json.loads(defaults))

    async def save_settings(self, row: SettingsRow) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, turn_seconds, auto_play, language, default_options) "
                "VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id) DO UPDATE SET "
                "turn_seconds = excluded.turn_seconds, auto_play = excluded.auto_play, "
                "language = excluded.language, default_options = excluded.default_options",
                row.guild_id,
                row.turn_seconds,
                row.auto_play,
                row.language,
                _dump(row.default_options),
            )

    # -- lobbies ----------------------------------------------------------------------------------------
    async def create_lobby(self, row: LobbyRow) -> int:
        async with self._transaction() as db:
            return await db.fetchval(
                "INSERT INTO lobbies (guild_id, channel_id, message_id, host_id, game_id, options, seats, status, "
                "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING lobby_id",
                row.guild_id,
                row.channel_id,
                row.message_id,
                row.host_id,
                row.game_id,
                _dump(row.options),
                _seats_json(row.seats),
                row.status,
                row.created_at,
            )

    async def save_lobby(self, row: LobbyRow) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE lobbies SET message_id = $1, host_id = $2, options = $3, seats = $4, status = $5 "
                "WHERE lobby_id = $6",
                row.message_id,
                row.host_id,
                _dump(row.options),
                _seats_json(row.seats),
                row.status,
                row.lobby_id,
            )

    async def open_lobbies(self) -> list[LobbyRow]:
        rows = await self._fetch(
            "SELECT lobby_id, guild_id, channel_id, message_id, host_id, game_id, options, seats, status, created_at "
            "FROM lobbies WHERE status = 'open' ORDER BY lobby_id"
        )
        return [
            LobbyRow(
                lobby_id=r[0],
                guild_id=r[1],
                channel_id=r[2],
                message_id=r[3],
                host_id=r[4],
                game_id=r[5],
                options=json.loads(r[6]),
                seats=_seats_from_json(r[7]),
                status=r[8],
                created_at=r[9],
            )
            for r in rows
        ]

    # -- games ------------------------------------------------------------------------------------------
    async def create_game(self, row: GameRow, tell: Iterable[OutboxEntry] = ()) -> int:
        """Insert a game with its seats; its lobby (if any) is marked started in the same transaction, and
        `tell` (entries of the new game: their game_no is filled in) is written with it."""
        async with self._transaction() as db:
            game_no = await db.fetchval(
                "INSERT INTO games (lobby_id, guild_id, channel_id, thread_id, board_message_id, host_id, game_id, "
                "players, options, seed, deals, seating, status, deadline, reminder_at, created_at) "
                "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING game_no",
                row.lobby_id,
                row.guild_id,
                row.channel_id,
                row.thread_id,
                row.board_message_id,
                row.host_id,
                row.game_id,
                row.players,
                _dump(row.options),
                row.seed,
                None if row.deals is None else _dump(row.deals),
                None if row.seating is None else _dump(row.seating),
                row.status,
                row.deadline,
                row.reminder_at,
                row.created_at,
            )
            await db.executemany(
                "INSERT INTO game_seats (game_no, seat, user_id, name, computer, replaced_user_id) "
                "VALUES ($1, $2, $3, $4, $5, $6)",
                [(game_no, i, s.user_id, s.name, s.computer, s.replaced_user_id) for i, s in enumerate(row.seats)],
            )
            if row.lobby_id is not None:
                await db.execute(
                    "UPDATE lobbies SET status = 'started', game_no = $1 WHERE lobby_id = $2", game_no, row.lobby_id
                )
            await _tell(db, (replace(e, game_no=game_no) for e in tell))
        return game_no

    async def active_games(self) -> list[StoredGame]:
        """Every active game with its action log: what a restart replays."""
        return await self._games("WHERE g.status = 'active'")

    async def load_game(self, game_no: int) -> StoredGame | None:
        games = await self._games("WHERE g.game_no = $1", game_no)
        return games[0] if games else None

    async def _games(self, where: str, *params: Any) -> list[StoredGame]:
        game_rows = await self._fetch(f"SELECT {_GAME_COLUMNS} FROM games g {where} ORDER BY game_no", *params)
        if not game_rows:
            return []
        seats: dict[int, list[SeatRow]] = {}
        for game_no, user_id, name, computer, replaced in await self._fetch(
            "SELECT s.game_no, s.user_id, s.name, s.computer, s.replaced_user_id FROM game_seats s "
            f"JOIN games g ON g.game_no = s.game_no {where} ORDER BY s.game_no, s.seat",
            *params,
        ):
            seats.setdefault(game_no, []).append(SeatRow(user_id, name, computer, replaced))
        actions: dict[int, list[tuple[int, str]]] = {}
        kinds: dict[int, list[str]] = {}
        for game_no, seat, action, kind in await self._fetch(
            f"SELECT a.game_no, a.seat, a.action, a.kind FROM actions a JOIN games g ON g.game_no = a.game_no {where} "
            "ORDER BY a.game_no, a.turn",
            *params,
        ):
            log_ = actions.get(game_no)
            if log_ is None:
                log_ = actions[game_no] = []
                kinds[game_no] = []
            log_.append((seat, action))
            kinds[game_no].append(kind)
        out = []
        for r in game_rows:
            row = GameRow(
                game_no=r[0],
                lobby_id=r[1],
                guild_id=r[2],
                channel_id=r[3],
                thread_id=r[4],
                board_message_id=r[5],
                host_id=r[6],
                game_id=r[7],
                players=r[8],
                options=json.loads(r[9]),
                seed=r[10],
                deals=_load(r[11]),
                seating=_load(r[12]),
                status=r[13],
                deadline=r[14],
                reminder_at=r[15],
                created_at=r[16],
                ended_at=r[17],
                board_turn=r[18],
                seats=tuple(seats.get(r[0], ())),
            )
            out.append(StoredGame(row, actions.get(r[0], []), kinds.get(r[0], [])))
        return out

    async def set_table(self, game_no: int, channel_id: int, thread_id: int | None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET channel_id = $1, thread_id = $2 WHERE game_no = $3", channel_id, thread_id, game_no
            )

    async def set_board_message(self, game_no: int, message_id: int | None, turn: int | None = None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET board_message_id = $1, board_turn = $2 WHERE game_no = $3", message_id, turn, game_no
            )

    async def append_action(self, write: ActionWrite) -> None:
        """Append one action to the log with the timer, finished hands and (at the end) the results and
        ratings, all in one transaction. A second write of the same turn fails on the primary key; ratings
        that changed since the finish was computed fail it with `RatingsChanged`."""
        if write.finish is None:  # the path of nearly every action: one statement, one trip to the server
            args = _append_args(write)
            if self._told or self._conn.get() is not None:  # with what was told, or in the caller's transaction
                async with self._transaction() as db:
                    await db.execute(_APPEND, *args)
                return
            try:
                await self._pool.execute(_APPEND, *args)  # one statement: its own transaction
            except _DB_ERRORS as exc:
                raise StoreError(str(exc)) from exc
            return
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO actions (game_no, turn, seat, action, kind, at) VALUES ($1, $2, $3, $4, $5, $6)",
                write.game_no,
                write.turn,
                write.seat,
                write.action,
                write.kind,
                write.at,
            )
            await _tell(db, write.tell)
            if write.hands:
                await db.executemany(
                    "INSERT INTO hand_results (game_no, hand_no, turn, reason, points, detail) "
                    "VALUES ($1, $2, $3, $4, $5, $6)",
                    [
                        (write.game_no, h.hand_no, h.turn, h.reason, _dump(h.points), _dump(h.detail))
                        for h in write.hands
                    ],
                )
            finish = write.finish
            await db.execute(
                "UPDATE games SET status = 'finished', deadline = NULL, reminder_at = NULL, ended_at = $1 "
                "WHERE game_no = $2",
                write.at,
                write.game_no,
            )
            await db.executemany(
                "INSERT INTO game_results (game_no, seat, user_id, side, place, won, score, rating_before, "
                "rating_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                [
                    (
                        write.game_no,
                        r.seat,
                        r.user_id,
                        r.side,
                        r.place,
                        r.won,
                        r.score,
                        r.rating_before,
                        r.rating_after,
                    )
                    for r in finish.results
                ],
            )
            if finish.ratings:
                guild_id, game_id = await db.fetchrow(
                    "SELECT guild_id, game_id FROM games WHERE game_no = $1", write.game_no
                )
                await self._write_ratings(db, guild_id, finish.pool or game_id, finish.ratings)

    async def _write_ratings(
        self, db: asyncpg.Connection, guild_id: int, pool: str, ratings: Iterable[RatingRow]
    ) -> None:
        """Each new rating replaces the one it was computed from (`games` one less; none for a first game).
        Rows are taken in user order, so two finishes sharing players wait for each other, never deadlock;
        the conflict clause re-reads a row another transaction has just committed."""
        new = sorted(ratings, key=lambda r: r.user_id)
        written = await db.fetch(
            "INSERT INTO ratings (guild_id, game_id, user_id, mu, sigma, games, wins) "
            "SELECT $1, $2, u, m, s, g, w FROM unnest($3::bigint[], $4::float8[], $5::float8[], $6::bigint[], "
            "$7::bigint[]) AS t(u, m, s, g, w) ORDER BY u "
            "ON CONFLICT (guild_id, game_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, "
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
            stale = sorted({r.user_id for r in new} - {r[0] for r in written})
            raise RatingsChanged(f"ratings of {stale} in {pool} changed since they were read")

    async def set_timer(
        self, game_no: int, deadline: float | None, reminder_at: float | None, tell: Iterable[OutboxEntry] = ()
    ) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET deadline = $1, reminder_at = $2 WHERE game_no = $3", deadline, reminder_at, game_no
            )
            await _tell(db, tell)

    async def set_seat(self, game_no: int, seat: int, row: SeatRow, tell: Iterable[OutboxEntry] = ()) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE game_seats SET user_id = $1, name = $2, computer = $3, replaced_user_id = $4 "
                "WHERE game_no = $5 AND seat = $6",
                row.user_id,
                row.name,
                row.computer,
                row.replaced_user_id,
                game_no,
                seat,
            )
            await _tell(db, tell)

    async def end_game(
        self, game_no: int, status: str, at: float | None = None, tell: Iterable[OutboxEntry] = ()
    ) -> None:
        """End a game without results (abandoned)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status = $1, deadline = NULL, reminder_at = NULL, ended_at = $2 WHERE game_no = $3",
                status,
                time.time() if at is None else at,
                game_no,
            )
            await _tell(db, tell)

    # -- the outbox -------------------------------------------------------------------------------------
    async def outbox(self, game_no: int | None = None) -> list[OutboxEntry]:
        """What is still to be told (of one game, or of every game), oldest first (ties in key order, as
        SQLite reads them)."""
        await self.flush()
        where, params = ("WHERE game_no = $1", (game_no,)) if game_no is not None else ("", ())
        rows = await self._fetch(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox {where} ORDER BY created_at, game_no, turn, kind, user_id", *params
        )
        return [_entry(r) for r in rows]

    async def claim_outbox(self, now: float, lease: float, limit: int = 500) -> list[OutboxEntry]:
        """Entries due by `now`, each postponed by `lease` seconds in the same transaction, so that nobody
        else takes them while they are being told. Rows another transaction is claiming are skipped, not
        waited for (SKIP LOCKED), so that processes sweeping at once share the work."""
        async with self._transaction() as db:
            rows = await db.fetch(
                f"WITH due AS (SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE due_at <= $1 "
                "ORDER BY due_at, game_no, kind, user_id, turn LIMIT $3 FOR UPDATE SKIP LOCKED), "
                "claimed AS (UPDATE outbox o SET due_at = $2 FROM due WHERE o.game_no = due.game_no "
                "AND o.kind = due.kind AND o.user_id = due.user_id AND o.turn = due.turn) "
                f"SELECT {_OUTBOX_COLUMNS} FROM due ORDER BY due_at, game_no, kind, user_id, turn",
                now,
                now + lease,
                limit,
            )
        return [replace(_entry(r), due_at=now + lease) for r in rows]

    async def told(
        self,
        game_no: int,
        done: Iterable[tuple[str, int, int]] = (),
        retry: Iterable[tuple[tuple[str, int, int], float]] = (),
        hand_messages: Iterable[HandMessage] = (),
        forget_hand_messages: Iterable[int] = (),
    ) -> None:
        """After telling: see `data.store.Store.told`. What was told is written with the next transaction
        (or by `flush`); a retry is written at once."""
        hands = [(game_no, u, t) for k, u, t in done if k == "hand"]
        others = [(game_no, k, u, t) for k, u, t in done if k != "hand"]
        now = time.time()
        later = [(game_no, k, u, t, now, due) for (k, u, t), due in retry]
        remember = [(m.game_no, m.user_id, m.channel_id, m.message_id) for m in hand_messages]
        forget = [(game_no, u) for u in forget_hand_messages]
        for sql, rows in (
            ("DELETE FROM outbox WHERE game_no = $1 AND kind = 'hand' AND user_id = $2 AND turn <= $3", hands),
            ("DELETE FROM outbox WHERE game_no = $1 AND kind = $2 AND user_id = $3 AND turn = $4", others),
            # A hand that could not be told gets an entry of its own (its action's entry was told).
            (
                f"INSERT INTO outbox ({_OUTBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, 1) "
                "ON CONFLICT (game_no, kind, user_id, turn) DO UPDATE SET "
                "due_at = excluded.due_at, attempts = outbox.attempts + 1",
                later,
            ),
            ("DELETE FROM hand_messages WHERE game_no = $1 AND user_id = $2", forget),
            (
                "INSERT INTO hand_messages (game_no, user_id, channel_id, message_id) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (game_no, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id",
                remember,
            ),
        ):
            if rows:
                self._told.append((sql, rows))
        if later:  # a failure must be on disk before anyone counts on the retry
            await self.flush()

    async def hand_messages(self, game_no: int, user_id: int | None = None) -> list[HandMessage]:
        """The hand DMs with live controls of a game (of one player)."""
        await self.flush()
        where, params = ("AND user_id = $2", (game_no, user_id)) if user_id is not None else ("", (game_no,))
        rows = await self._fetch(
            f"SELECT game_no, user_id, channel_id, message_id FROM hand_messages WHERE game_no = $1 {where}", *params
        )
        return [HandMessage(*r) for r in rows]

    # -- results and ratings ----------------------------------------------------------------------------
    async def hand_rows(self, game_no: int) -> list[HandRow]:
        rows = await self._fetch(
            "SELECT hand_no, turn, reason, points, detail FROM hand_results WHERE game_no = $1 ORDER BY hand_no",
            game_no,
        )
        return [HandRow(n, t, reason, tuple(json.loads(p)), json.loads(d)) for n, t, reason, p, d in rows]

    async def result_rows(self, game_no: int) -> list[ResultRow]:
        rows = await self._fetch(
            "SELECT seat, user_id, side, place, won, score, rating_before, rating_after FROM game_results "
            "WHERE game_no = $1 ORDER BY seat",
            game_no,
        )
        return [ResultRow(*r) for r in rows]

    async def ratings(self, guild_id: int, game_id: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._fetch(
            "SELECT user_id, mu, sigma, games, wins FROM ratings "
            "WHERE guild_id = $1 AND game_id = $2 AND user_id = ANY($3::bigint[])",
            guild_id,
            game_id,
            ids,
        )
        return {r[0]: RatingRow(*r) for r in rows}

    # The name a player last played under on the server, and their average final score in a game there.
    _NAME = (
        "(SELECT s.name FROM game_seats s JOIN games g ON g.game_no = s.game_no WHERE g.guild_id = r.guild_id "
        "AND s.user_id = r.user_id ORDER BY s.game_no DESC LIMIT 1)"
    )
    _FINAL_SCORE = (
        "(SELECT AVG(x.score)::float8 FROM game_results x JOIN games g ON g.game_no = x.game_no "
        "WHERE g.guild_id = r.guild_id AND g.game_id = r.game_id AND x.user_id = r.user_id)"
    )

    def _ranking(self, by_final_score: bool) -> str:
        """The rows and order of a leaderboard: by rating, or (Domineren, ranked by its chips) by the
        average final score first, the rating breaking ties. (NULLS LAST: where SQLite puts them.)"""
        first = "final_score DESC NULLS LAST, " if by_final_score else ""
        final = self._FINAL_SCORE if by_final_score else "NULL::float8"
        return (
            f"SELECT r.user_id, r.mu, r.sigma, r.games, r.wins, {self._NAME}, {final} AS final_score "
            "FROM ratings r WHERE r.guild_id = $1 AND r.game_id = $2 AND r.user_id <> $3 "
            f"ORDER BY {first}r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id"
        )

    async def leaderboard(
        self, guild_id: int, game_id: str, limit: int = 25, offset: int = 0, *, by_final_score: bool = False
    ) -> list[RatingRow]:
        """Rated humans of a server and game (rating pool), best first; see `data.store.Store.leaderboard`."""
        rows = await self._fetch(
            self._ranking(by_final_score) + " LIMIT $4 OFFSET $5", guild_id, game_id, COMPUTER_ID, limit, offset
        )
        return [RatingRow(*r) for r in rows]

    async def leaderboard_size(self, guild_id: int, game_id: str) -> int:
        """How many humans the leaderboard of a server and game (rating pool) lists."""
        return await self._fetchval(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game_id = $2 AND user_id <> $3",
            guild_id,
            game_id,
            COMPUTER_ID,
        )

    async def leaderboard_position(
        self, guild_id: int, game_id: str, user_id: int, *, by_final_score: bool = False
    ) -> int | None:
        """1-based place of a player on the leaderboard (same order as `leaderboard`), None if unrated."""
        if by_final_score:  # as the SQLite store does: read the server's ranking
            rows = await self._fetch(self._ranking(True), guild_id, game_id, COMPUTER_ID)
            return next((i + 1 for i, r in enumerate(rows) if r[0] == user_id), None)
        me = (await self.ratings(guild_id, game_id, [user_id])).get(user_id)
        if me is None:
            return None
        count = await self._fetchval(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND game_id = $2 AND user_id <> $3 AND "
            "(mu - 3 * sigma > $4 OR (mu - 3 * sigma = $4 AND (games > $5 OR (games = $5 AND user_id < $6))))",
            guild_id,
            game_id,
            COMPUTER_ID,
            me.ordinal,
            me.games,
            user_id,
        )
        return count + 1

    async def player_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """A player's rating and record in every game id they have finished on a server."""
        rows = await self._fetch(
            "SELECT game_id, user_id, mu, sigma, games, wins FROM ratings WHERE guild_id = $1 AND user_id = $2 "
            "ORDER BY game_id",
            guild_id,
            user_id,
        )
        return {r[0]: RatingRow(*r[1:]) for r in rows}
