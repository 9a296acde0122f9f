"""Games and their log: a game made from its lobby, read back (a restart replays it), its table, board,
timer and seats, and the action that ends it with its results and ratings. Appending any other action is
each store's own (`_append_played`): it is the path of every click, and each database has its fastest way of
writing it (one hand-over to SQLite's thread, one statement to PostgreSQL); so is writing ratings
(`_write_ratings`: PostgreSQL's processes compare and set them)."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from .. import mapping as m
from ..rows import ActionWrite, GameRow, OutboxEntry, RatingRow, SeatRow, StoredGame
from .dialect import Sql, SqlStore, tell_in

ADD_ACTION, ADD_HANDS, ADD_HISTORY = m.ACTION.insert(), m.HAND.insert(), m.HISTORY.insert()


def action_values(write: ActionWrite) -> tuple[object, ...]:
    return (write.game_no, write.turn, write.seat, write.action, write.kind, write.at)


def hand_values(write: ActionWrite) -> list[tuple[object, ...]]:
    return m.HAND.many(write.hands, game_no=write.game_no)


class Games(SqlStore):
    async def _append_played(self, write: ActionWrite) -> None:
        """`append_action` of an action that does not end the game (each store's fastest way)."""
        raise NotImplementedError

    async def _write_ratings(self, db: Sql, guild_id: int, pool: str, ratings: Iterable[RatingRow]) -> None:
        """Inside `db`'s transaction: each new rating in place of the one it was computed from."""
        raise NotImplementedError

    async def append_action(self, write: ActionWrite) -> None:
        """Append one action to the log with the timer, finished hands and (at the end) the results and
        ratings, all in one transaction. A second write of the same turn fails on the primary key; on
        PostgreSQL, ratings that changed since the finish was computed fail it with `RatingsChanged`."""
        finish = write.finish
        if finish is None:  # the path of nearly every action
            await self._append_played(write)
            return
        async with self._writing() as db:
            await db.execute(ADD_ACTION, *action_values(write))
            await tell_in(db, write.tell)
            await db.executemany(ADD_HANDS, hand_values(write))
            await db.execute(
                "UPDATE games SET status = 'finished', deadline = NULL, reminder_at = NULL, carry_on_at = NULL, "
                "ended_at = ?, version = version + 1 WHERE game_no = ?" + db.moved,  # open pages see the end
                write.at,
                write.game_no,
            )
            [game] = await db.fetch("SELECT guild_id, game_id FROM games WHERE game_no = ?", write.game_no)
            await db.executemany(m.RESULT.insert(), m.RESULT.many(finish.results, game_no=write.game_no))
            guild_id = game["guild_id"]
            if finish.ratings:
                await self._write_ratings(db, guild_id, finish.pool or game["game_id"], finish.ratings)
            await db.executemany(ADD_HISTORY, m.HISTORY.many(finish.history, guild_id=guild_id))
            season = finish.season
            # Counted only if the season still runs; on PostgreSQL FOR SHARE holds off its end until this
            # commits (an end that came first is seen here, and the season counts the game no more).
            if season is not None and await db.fetch(
                "SELECT 1 FROM seasons WHERE season_id = ? AND ended_at IS NULL AND (ends_at IS NULL OR ends_at > ?)"
                + db.for_share,
                season.season_id,
                write.at,
            ):
                await self._write_ratings(db, guild_id, season.pool, season.ratings)
                await db.executemany(ADD_HISTORY, m.HISTORY.many(season.history, guild_id=guild_id))

    async def create_game(self, row: GameRow, tell: Iterable[OutboxEntry] = ()) -> int:
        """Insert a game with its seats; its lobby (if any) is marked started in the same transaction, and
        `tell` (entries of the new game: their game_no is filled in) is written with it."""
        async with self._writing() as db:
            values = m.GAME.values(row, m.GAME_NEW)
            game_no = int(await db.fetchval(f"{m.GAME.insert(m.GAME_NEW)} RETURNING game_no", *values))
            seats = [m.SEAT.values(s, game_no=game_no, seat=i) for i, s in enumerate(row.seats)]
            await db.executemany(m.SEAT.insert(), seats)
            if row.lobby_id is not None:
                await db.execute(
                    "UPDATE lobbies SET status = 'started', game_no = ? WHERE lobby_id = ?", game_no, row.lobby_id
                )
            await tell_in(db, (replace(e, game_no=game_no) for e in tell))
        return game_no

    async def due_games(self, now: float, carry_on_by: float | None = None) -> list[int]:
        """Active games with a deadline, reminder or pending computer turn due by `now` (of any process), and
        with `carry_on_by` those whose pending computer turn is due by then."""
        db = self._read()
        due = "SELECT game_no FROM games WHERE status = 'active' AND "
        due += f"{db.earliest('deadline', 'reminder_at', 'carry_on_at')} <= ?"
        if carry_on_by is None or carry_on_by <= now:
            return await self._numbers(f"{due} ORDER BY game_no", now)
        # the first test as the index games_due has it, the second to keep only what is due
        return await self._numbers(
            f"{due} AND ({db.earliest('deadline', 'reminder_at')} <= ? OR carry_on_at <= ?) ORDER BY game_no",
            *(carry_on_by, now, carry_on_by),
        )

    async def active_games(self) -> list[StoredGame]:
        """Every active game with its action log: what a restart replays."""
        return await self._games("WHERE g.status = 'active'")

    async def active_games_of(self, user_id: int, guild_id: int | None = None) -> list[int]:
        """The numbers of a user's active games (all servers, or one), whichever process started them."""
        return await self._numbers(
            "SELECT DISTINCT g.game_no FROM games g JOIN game_seats s ON s.game_no = g.game_no WHERE g.status = "
            "'active' AND s.user_id = ? AND (CAST(? AS BIGINT) IS NULL OR g.guild_id = ?) ORDER BY g.game_no",
            *(user_id, guild_id, guild_id),
        )

    async def active_games_in(self, guild_id: int, channel_id: int) -> list[int]:
        """The numbers of a server's active games played in a channel or in a thread of it, whichever
        process started them."""
        return await self._numbers(
            "SELECT game_no FROM games WHERE status = 'active' AND guild_id = ? AND (channel_id = ? OR thread_id = ?) "
            "ORDER BY game_no",
            *(guild_id, channel_id, channel_id),
        )

    async def load_game(self, game_no: int, since: int = 0) -> StoredGame | None:
        """One game; with `since`, only the actions from that turn on (a process catching up)."""
        games = await self._games("WHERE g.game_no = ?", game_no, since=since)
        return games[0] if games else None

    async def _games(self, where: str, *params: object, since: int = 0) -> list[StoredGame]:
        db = self._read()
        games = await db.fetch(f"SELECT {m.listed(m.GAME, 'g.')} FROM games g {where} ORDER BY g.game_no", *params)
        if not games:
            return []
        seats = await db.fetch(
            f"SELECT {m.listed(m.SEAT, 's.')} FROM game_seats s JOIN games g ON g.game_no = s.game_no {where} "
            "ORDER BY s.game_no, s.seat",
            *params,
        )
        actions = await db.fetch(
            f"SELECT {m.listed(m.ACTION, 'a.')} FROM actions a JOIN games g ON g.game_no = a.game_no {where} "
            "AND a.turn >= ? ORDER BY a.game_no, a.turn",
            *params,
            since,
        )
        seats_of: dict[int, list[SeatRow]] = defaultdict(list)
        for r in seats:
            seats_of[r["game_no"]].append(m.SEAT.read(r))
        logs: dict[int, list[Any]] = defaultdict(list)
        for r in actions:
            logs[r["game_no"]].append(r)
        out = []
        for r in games:
            log = logs.get(r["game_no"], [])
            row = m.GAME.read(r, seats=tuple(seats_of.get(r["game_no"], ())))
            played, kinds = [(a["seat"], a["action"]) for a in log], [a["kind"] for a in log]
            out.append(StoredGame(row, played, kinds, since, log[-1]["at"] if log else None))
        return out

    async def set_table(self, game_no: int, channel_id: int, thread_id: int | None) -> None:
        await self._run(
            "UPDATE games SET channel_id = ?, thread_id = ?, version = version + 1 WHERE game_no = ?",
            *(channel_id, thread_id, game_no),
        )

    async def set_board_message(self, game_no: int, message_id: int | None, turn: int | None = None) -> bool:
        """The live board, posted at `turn`; False (nothing written) if a board of a later turn is stored
        already (two processes posting boards of one game: the newer one stays)."""
        sql = "UPDATE games SET board_message_id = ?, board_turn = ?, version = version + 1 WHERE game_no = ? "
        board = "AND (CAST(? AS BIGINT) IS NULL OR board_turn IS NULL OR board_turn <= ?)"
        return await self._run(sql + board, message_id, turn, game_no, turn, turn) > 0

    async def set_timer(
        self, game_no: int, deadline: float | None, reminder_at: float | None, tell: Iterable[OutboxEntry] = ()
    ) -> None:
        await self._run(
            "UPDATE games SET deadline = ?, reminder_at = ?, version = version + 1 WHERE game_no = ?",
            *(deadline, reminder_at, game_no),
            tell=tell,
        )

    async def set_seat(self, game_no: int, seat: int, row: SeatRow, tell: Iterable[OutboxEntry] = ()) -> None:
        async with self._writing() as db:
            changed = "user_id name computer replaced_user_id level"
            await db.execute(*m.SEAT.update(row, changed, "game_no seat", game_no=game_no, seat=seat))
            # a seat changed hands (a resignation): open pages on other processes show the new seat
            await db.execute("UPDATE games SET version = version + 1 WHERE game_no = ?" + db.moved, game_no)
            await tell_in(db, tell)

    async def end_game(
        self, game_no: int, status: str, at: float | None = None, tell: Iterable[OutboxEntry] = ()
    ) -> None:
        """End a game without results (abandoned)."""
        async with self._writing() as db:
            await db.execute(
                "UPDATE games SET status = ?, deadline = NULL, reminder_at = NULL, carry_on_at = NULL, ended_at = ?, "
                "version = version + 1 WHERE game_no = ?" + db.moved,  # open pages see the game is over
                *(status, time.time() if at is None else at, game_no),
            )
            await tell_in(db, tell)
