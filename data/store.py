"""The store on SQLite (aiosqlite): every SQL statement of the bot lives in this package.

The interface is async and speaks only the row dataclasses of `data.rows`, so that a PostgreSQL store can
implement the same methods later. One connection serves the process; writes are serialised by a lock
because a transaction on a shared connection must not interleave with another coroutine's statements.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from pathlib import Path
from typing import Any

import aiosqlite

from .migrations import apply_migrations
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

log = logging.getLogger(__name__)


class StoreError(Exception):
    """A write the store could not make (the caller's state must not run ahead of it)."""


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), default=str)


def _load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def _seats_json(seats: Iterable[SeatRow]) -> str:
    return _dump([[s.user_id, s.name, s.computer, s.replaced_user_id] for s in seats])


def _seats_from_json(text: str) -> tuple[SeatRow, ...]:
    return tuple(SeatRow(u, n, bool(c), r) for u, n, c, r in json.loads(text))


_GAME_COLUMNS = (
    "game_no, lobby_id, guild_id, channel_id, thread_id, board_message_id, host_id, game_id, players, options, "
    "seed, deals, seating, status, deadline, reminder_at, created_at, ended_at, board_turn"
)

_OUTBOX_COLUMNS = "game_no, kind, user_id, turn, created_at, due_at, attempts"


def _entry(r: Any) -> OutboxEntry:
    return OutboxEntry(game_no=r[0], kind=r[1], user_id=r[2], turn=r[3], created_at=r[4], due_at=r[5], attempts=r[6])


_TELL = f"INSERT INTO outbox ({_OUTBOX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"


def _tell_rows(entries: Iterable[OutboxEntry]) -> list[tuple[Any, ...]]:
    return [(e.game_no, e.kind, e.user_id, e.turn, e.created_at, e.due_at, e.attempts) for e in entries]


def _append(db: sqlite3.Connection, write: ActionWrite, queued: list[tuple[str, list[tuple[Any, ...]]]]) -> None:
    """`Store.append_action` of an action that does not end the game, run on the database thread."""
    db.execute("BEGIN IMMEDIATE")
    try:
        for sql, rows in queued:
            db.executemany(sql, rows)
        db.execute(
            "INSERT INTO actions (game_no, turn, seat, action, kind, at) VALUES (?, ?, ?, ?, ?, ?)",
            (write.game_no, write.turn, write.seat, write.action, write.kind, write.at),
        )
        if write.tell:
            db.executemany(_TELL, _tell_rows(write.tell))
        if write.hands:
            db.executemany(
                "INSERT INTO hand_results (game_no, hand_no, turn, reason, points, detail) VALUES (?, ?, ?, ?, ?, ?)",
                [(write.game_no, h.hand_no, h.turn, h.reason, _dump(h.points), _dump(h.detail)) for h in write.hands],
            )
        db.execute(
            "UPDATE games SET deadline = ?, reminder_at = ? WHERE game_no = ?",
            (write.deadline, write.reminder_at, write.game_no),
        )
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


async def _tell(db: aiosqlite.Connection, entries: Iterable[OutboxEntry]) -> None:
    """Write outbox entries inside the caller's transaction (an entry written twice stays one)."""
    await db.executemany(_TELL, _tell_rows(entries))


class Store:
    """Open with `await Store.open(path)`; migrations are applied on open."""

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
        if applied:
            log.info("%s: applied migrations %s", path, applied)
        return cls(db, tuple(applied))

    async def close(self) -> None:
        with suppress(StoreError):
            await self.flush()
        await self._db.close()

    async def flush(self) -> None:
        """Write what `told` queued, if anything."""
        if self._told:
            async with self._transaction():
                pass

    async def schema_version(self) -> int:
        rows = await self._db.execute_fetchall("SELECT MAX(version) FROM schema_version")
        return rows[0][0] or 0

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

    # -- server settings --------------------------------------------------------------------------------
    async def load_settings(self, guild_id: int) -> SettingsRow | None:
        rows = await self._db.execute_fetchall(
            "SELECT turn_seconds, auto_play, language, default_options FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return None
        seconds, auto, language, defaults = rows[0]
        return SettingsRow(guild_id, seconds, bool(auto), language, json.loads(defaults))

    async def save_settings(self, row: SettingsRow) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, turn_seconds, auto_play, language, default_options) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET turn_seconds = excluded.turn_seconds, "
                "auto_play = excluded.auto_play, language = excluded.language, "
                "default_options = excluded.default_options",
                (row.guild_id, row.turn_seconds, int(row.auto_play), row.language, _dump(row.default_options)),
            )

    # -- lobbies ----------------------------------------------------------------------------------------
    async def create_lobby(self, row: LobbyRow) -> int:
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO lobbies (guild_id, channel_id, message_id, host_id, game_id, options, seats, status, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.guild_id,
                    row.channel_id,
                    row.message_id,
                    row.host_id,
                    row.game_id,
                    _dump(row.options),
                    _seats_json(row.seats),
                    row.status,
                    row.created_at,
                ),
            )
            return cursor.lastrowid or 0

    async def save_lobby(self, row: LobbyRow) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE lobbies SET message_id = ?, host_id = ?, options = ?, seats = ?, status = ? WHERE lobby_id = ?",
                (row.message_id, row.host_id, _dump(row.options), _seats_json(row.seats), row.status, row.lobby_id),
            )

    async def open_lobbies(self) -> list[LobbyRow]:
        rows = await self._db.execute_fetchall(
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
            cursor = await db.execute(
                "INSERT INTO games (lobby_id, guild_id, channel_id, thread_id, board_message_id, host_id, game_id, "
                "players, options, seed, deals, seating, status, deadline, reminder_at, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
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
                ),
            )
            game_no = cursor.lastrowid or 0
            await db.executemany(
                "INSERT INTO game_seats (game_no, seat, user_id, name, computer, replaced_user_id) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(game_no, i, s.user_id, s.name, int(s.computer), s.replaced_user_id) for i, s in enumerate(row.seats)],
            )
            if row.lobby_id is not None:
                await db.execute(
                    "UPDATE lobbies SET status = 'started', game_no = ? WHERE lobby_id = ?", (game_no, row.lobby_id)
                )
            await _tell(db, (replace(e, game_no=game_no) for e in tell))
        return game_no

    async def active_games(self) -> list[StoredGame]:
        """Every active game with its action log: what a restart replays."""
        return await self._games("WHERE g.status = 'active'", ())

    async def load_game(self, game_no: int) -> StoredGame | None:
        games = await self._games("WHERE g.game_no = ?", (game_no,))
        return games[0] if games else None

    async def _games(self, where: str, params: tuple[Any, ...]) -> list[StoredGame]:
        db = self._db
        game_rows = await db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games g {where} ORDER BY game_no", params)
        if not game_rows:
            return []
        seats: dict[int, list[SeatRow]] = {}
        for game_no, user_id, name, computer, replaced in await db.execute_fetchall(
            "SELECT s.game_no, s.user_id, s.name, s.computer, s.replaced_user_id FROM game_seats s "
            f"JOIN games g ON g.game_no = s.game_no {where} ORDER BY s.game_no, s.seat",
            params,
        ):
            seats.setdefault(game_no, []).append(SeatRow(user_id, name, bool(computer), replaced))
        actions: dict[int, list[tuple[int, str]]] = {}
        kinds: dict[int, list[str]] = {}
        for game_no, seat, action, kind in await db.execute_fetchall(
            f"SELECT a.game_no, a.seat, a.action, a.kind FROM actions a JOIN games g ON g.game_no = a.game_no {where} "
            "ORDER BY a.game_no, a.turn",
            params,
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
                "UPDATE games SET channel_id = ?, thread_id = ? WHERE game_no = ?", (channel_id, thread_id, game_no)
            )

    async def set_board_message(self, game_no: int, message_id: int | None, turn: int | None = None) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET board_message_id = ?, board_turn = ? WHERE game_no = ?", (message_id, turn, game_no)
            )

    async def append_action(self, write: ActionWrite) -> None:
        """Append one action to the log with the timer, finished hands and (at the end) the results and
        ratings, all in one transaction. A second write of the same turn fails on the primary key."""
        if write.finish is None:  # the path of nearly every action: one trip to the database thread
            async with self._write:
                queued, self._told = self._told, []
                try:
                    # aiosqlite runs the function on its connection's thread (`_execute` is its own queue for
                    # that; aiosqlite is pinned), so the whole transaction costs one hand-over, not six.
                    await self._db._execute(_append, self._db._conn, write, queued)
                except sqlite3.Error as exc:
                    self._told[:0] = queued  # rolled back: still to be written
                    raise StoreError(str(exc)) from exc
            return
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO actions (game_no, turn, seat, action, kind, at) VALUES (?, ?, ?, ?, ?, ?)",
                (write.game_no, write.turn, write.seat, write.action, write.kind, write.at),
            )
            await _tell(db, write.tell)
            if write.hands:
                await db.executemany(
                    "INSERT INTO hand_results (game_no, hand_no, turn, reason, points, detail) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (write.game_no, h.hand_no, h.turn, h.reason, _dump(h.points), _dump(h.detail))
                        for h in write.hands
                    ],
                )
            finish = write.finish
            await db.execute(
                "UPDATE games SET status = 'finished', deadline = NULL, reminder_at = NULL, ended_at = ? "
                "WHERE game_no = ?",
                (write.at, write.game_no),
            )
            await db.executemany(
                "INSERT INTO game_results (game_no, seat, user_id, side, place, won, score, rating_before, "
                "rating_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (
                        write.game_no,
                        r.seat,
                        r.user_id,
                        r.side,
                        r.place,
                        int(r.won),
                        r.score,
                        r.rating_before,
                        r.rating_after,
                    )
                    for r in finish.results
                ],
            )
            if finish.ratings:
                cursor = await db.execute("SELECT guild_id, game_id FROM games WHERE game_no = ?", (write.game_no,))
                guild_id, game_id = await cursor.fetchone()  # type: ignore[misc]
                game_id = finish.pool or game_id
                await db.executemany(
                    "INSERT INTO ratings (guild_id, game_id, user_id, mu, sigma, games, wins) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game_id, user_id) DO UPDATE SET "
                    "mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, wins = excluded.wins",
                    [(guild_id, game_id, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in finish.ratings],
                )

    async def set_timer(
        self, game_no: int, deadline: float | None, reminder_at: float | None, tell: Iterable[OutboxEntry] = ()
    ) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET deadline = ?, reminder_at = ? WHERE game_no = ?", (deadline, reminder_at, game_no)
            )
            await _tell(db, tell)

    async def set_seat(self, game_no: int, seat: int, row: SeatRow, tell: Iterable[OutboxEntry] = ()) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE game_seats SET user_id = ?, name = ?, computer = ?, replaced_user_id = ? "
                "WHERE game_no = ? AND seat = ?",
                (row.user_id, row.name, int(row.computer), row.replaced_user_id, game_no, seat),
            )
            await _tell(db, tell)

    async def end_game(
        self, game_no: int, status: str, at: float | None = None, tell: Iterable[OutboxEntry] = ()
    ) -> None:
        """End a game without results (abandoned)."""
        async with self._transaction() as db:
            await db.execute(
                "UPDATE games SET status = ?, deadline = NULL, reminder_at = NULL, ended_at = ? WHERE game_no = ?",
                (status, time.time() if at is None else at, game_no),
            )
            await _tell(db, tell)

    # -- the outbox -------------------------------------------------------------------------------------
    async def outbox(self, game_no: int | None = None) -> list[OutboxEntry]:
        """What is still to be told (of one game, or of every game), oldest first."""
        await self.flush()
        where, params = ("WHERE game_no = ?", (game_no,)) if game_no is not None else ("", ())
        rows = await self._db.execute_fetchall(
            f"SELECT {_OUTBOX_COLUMNS} FROM outbox {where} ORDER BY created_at, game_no, turn", params
        )
        return [_entry(r) for r in rows]

    async def claim_outbox(self, now: float, lease: float, limit: int = 500) -> list[OutboxEntry]:
        """Entries due by `now`, each postponed by `lease` seconds in the same transaction, so that nobody
        else takes them while they are being told (a failure then sets when they are tried again)."""
        async with self._transaction() as db:
            rows = await db.execute_fetchall(
                f"SELECT {_OUTBOX_COLUMNS} FROM outbox WHERE due_at <= ? ORDER BY due_at LIMIT ?", (now, limit)
            )
            entries = [_entry(r) for r in rows]
            await db.executemany(
                "UPDATE outbox SET due_at = ? WHERE game_no = ? AND kind = ? AND user_id = ? AND turn = ?",
                [(now + lease, e.game_no, e.kind, e.user_id, e.turn) for e in entries],
            )
        return [replace(e, due_at=now + lease) for e in entries]

    async def told(
        self,
        game_no: int,
        done: Iterable[tuple[str, int, int]] = (),
        retry: Iterable[tuple[tuple[str, int, int], float]] = (),
        hand_messages: Iterable[HandMessage] = (),
        forget_hand_messages: Iterable[int] = (),
    ) -> None:
        """After telling: delete the entries told (keys `(kind, user_id, turn)`; a player's hand told at turn
        t also settles their older hands), postpone those that failed to `due_at`, and remember (or forget,
        by user id) the hand DMs with live controls. A retried key that has no entry yet (a hand DM that failed
        after its action was told) is written. What was told is written with the next transaction, whatever
        it is (or by `flush`): telling costs no transaction of its own."""
        hands = [(game_no, u, t) for k, u, t in done if k == "hand"]
        others = [(game_no, k, u, t) for k, u, t in done if k != "hand"]
        now = time.time()
        later = [(game_no, k, u, t, now, due) for (k, u, t), due in retry]
        remember = [(m.game_no, m.user_id, m.channel_id, m.message_id) for m in hand_messages]
        forget = [(game_no, u) for u in forget_hand_messages]
        for sql, rows in (
            ("DELETE FROM outbox WHERE game_no = ? AND kind = 'hand' AND user_id = ? AND turn <= ?", hands),
            ("DELETE FROM outbox WHERE game_no = ? AND kind = ? AND user_id = ? AND turn = ?", others),
            # A hand that could not be told gets an entry of its own (its action's entry was told).
            (
                f"INSERT INTO outbox ({_OUTBOX_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, 1) ON CONFLICT DO UPDATE SET "
                "due_at = excluded.due_at, attempts = outbox.attempts + 1",
                later,
            ),
            ("DELETE FROM hand_messages WHERE game_no = ? AND user_id = ?", forget),
            (
                "INSERT INTO hand_messages (game_no, user_id, channel_id, message_id) VALUES (?, ?, ?, ?) "
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
        where, params = ("AND user_id = ?", (game_no, user_id)) if user_id is not None else ("", (game_no,))
        rows = await self._db.execute_fetchall(
            f"SELECT game_no, user_id, channel_id, message_id FROM hand_messages WHERE game_no = ? {where}", params
        )
        return [HandMessage(*r) for r in rows]

    # -- results and ratings ----------------------------------------------------------------------------
    async def hand_rows(self, game_no: int) -> list[HandRow]:
        rows = await self._db.execute_fetchall(
            "SELECT hand_no, turn, reason, points, detail FROM hand_results WHERE game_no = ? ORDER BY hand_no",
            (game_no,),
        )
        return [HandRow(n, t, reason, tuple(json.loads(p)), json.loads(d)) for n, t, reason, p, d in rows]

    async def result_rows(self, game_no: int) -> list[ResultRow]:
        rows = await self._db.execute_fetchall(
            "SELECT seat, user_id, side, place, won, score, rating_before, rating_after FROM game_results "
            "WHERE game_no = ? ORDER BY seat",
            (game_no,),
        )
        return [ResultRow(*r[:4], bool(r[4]), *r[5:]) for r in rows]

    async def ratings(self, guild_id: int, game_id: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" * len(ids))
        rows = await self._db.execute_fetchall(
            "SELECT user_id, mu, sigma, games, wins FROM ratings "
            f"WHERE guild_id = ? AND game_id = ? AND user_id IN ({marks})",
            (guild_id, game_id, *ids),
        )
        return {r[0]: RatingRow(*r) for r in rows}

    # The name a player last played under on the server, and their average final score in a game there.
    _NAME = (
        "(SELECT s.name FROM game_seats s JOIN games g ON g.game_no = s.game_no WHERE g.guild_id = r.guild_id "
        "AND s.user_id = r.user_id ORDER BY s.game_no DESC LIMIT 1)"
    )
    _FINAL_SCORE = (
        "(SELECT AVG(x.score) FROM game_results x JOIN games g ON g.game_no = x.game_no "
        "WHERE g.guild_id = r.guild_id AND g.game_id = r.game_id AND x.user_id = r.user_id)"
    )

    def _ranking(self, by_final_score: bool) -> str:
        """The rows and order of a leaderboard: by rating, or (Domineren, ranked by its chips) by the
        average final score first, the rating breaking ties."""
        first = "final_score DESC, " if by_final_score else ""
        final = self._FINAL_SCORE if by_final_score else "NULL"
        return (
            f"SELECT r.user_id, r.mu, r.sigma, r.games, r.wins, {self._NAME}, {final} AS final_score "
            "FROM ratings r WHERE r.guild_id = ? AND r.game_id = ? AND r.user_id != ? "
            f"ORDER BY {first}r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id"
        )

    async def leaderboard(
        self, guild_id: int, game_id: str, limit: int = 25, offset: int = 0, *, by_final_score: bool = False
    ) -> list[RatingRow]:
        """Rated humans of a server and game, best first (the computer pseudo-player is left out). The
        ratings' `game_id` is the rating pool: the game id, or a game id with a player count
        (`five-hundred:4p`) where each count is a game of its own (see `bot.tables.ratings`). With
        `by_final_score`, ranked by the average final score (carried in `final_score`), then by rating."""
        rows = await self._db.execute_fetchall(
            self._ranking(by_final_score) + " LIMIT ? OFFSET ?", (guild_id, game_id, COMPUTER_ID, limit, offset)
        )
        return [RatingRow(*r) for r in rows]

    async def leaderboard_size(self, guild_id: int, game_id: str) -> int:
        """How many humans the leaderboard of a server and game (rating pool) lists."""
        rows = await self._db.execute_fetchall(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_id = ? AND user_id != ?",
            (guild_id, game_id, COMPUTER_ID),
        )
        return rows[0][0]

    async def leaderboard_position(
        self, guild_id: int, game_id: str, user_id: int, *, by_final_score: bool = False
    ) -> int | None:
        """1-based place of a player on the leaderboard (same order as `leaderboard`), None if unrated."""
        if by_final_score:  # an order SQLite cannot count from one row: read the server's ranking
            rows = await self._db.execute_fetchall(self._ranking(True), (guild_id, game_id, COMPUTER_ID))
            return next((i + 1 for i, r in enumerate(rows) if r[0] == user_id), None)
        me = (await self.ratings(guild_id, game_id, [user_id])).get(user_id)
        if me is None:
            return None
        rows = await self._db.execute_fetchall(
            "SELECT COUNT(*) FROM ratings WHERE guild_id = ? AND game_id = ? AND user_id != ? AND "
            "(mu - 3 * sigma > ? OR (mu - 3 * sigma = ? AND (games > ? OR (games = ? AND user_id < ?))))",
            (guild_id, game_id, COMPUTER_ID, me.ordinal, me.ordinal, me.games, me.games, user_id),
        )
        return rows[0][0] + 1

    async def player_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """A player's rating and record in every game id they have finished on a server."""
        rows = await self._db.execute_fetchall(
            "SELECT game_id, user_id, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND user_id = ? "
            "ORDER BY game_id",
            (guild_id, user_id),
        )
        return {r[0]: RatingRow(*r[1:]) for r in rows}
