"""The one path every action takes: a player's, a computer's, an automatic draw or pass, a timed-out turn.

Apply on the in-memory state (the engine is all-or-nothing), append to the action log in one transaction
(with the timer, finished hands, and at the end the results and ratings), and only then announce it. If
the write fails the game is rebuilt from the store, so memory never runs ahead of the log.

Several processes may serve one PostgreSQL database, and a click may land on any of them: each apply
and append happens inside `guard`, which holds the game's row lock in the database and, when the game's
version there is not the one this process last saw, first catches up (the actions another process
appended since, its seats and timers). Memory is then a cache of the log, never a second truth.
"""

from __future__ import annotations

import asyncio
import logging
import math
import random
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace

from bot import metrics
from bot.engine import UNDO, EngineError, Event
from bot.logs import game_context
from data import (
    COMPUTER_ID,
    ActionWrite,
    GameFinish,
    HandRow,
    OutboxEntry,
    RatingHistoryRow,
    ResultRow,
    StoreConflict,
    StoreError,
    StoreInterface,
)

from ..errors import IllegalMove, StoreFailed, TableOver
from ..lobby.settings import SettingsBook
from ..models import RatingChange, SideResult
from ..standings.ratings import default_ordinal, rate, rating_pool, side_places, side_results
from ..standings.seasons import season_finish
from ..telling.notifications import BoardChanged, GameEnded, HandChanged, HandEnded, Notification, TableNotification
from ..telling.outbox import Outbox
from ..telling.outbox import entry as outbox_entry
from .seeds import move_seed
from .table import Table, replay
from .thinking import Thinking

log = logging.getLogger(__name__)

_Ended = tuple[tuple[SideResult, ...], tuple[RatingChange, ...], bool]  # sides, rating changes, hinted

# A computer or automatic turn pending this long (its process died between two turns) is played by any
# process's timer sweep (every 1.5 s on a shared database): the next human's hand must not wait long for a
# dead process. A living one that thinks longer is safe: the game's lock lets one of them play the turn,
# and the other, finding the game moved on, thinks again from there.
CARRY_ON_SECONDS = 6.0
# The level of the computer that plays a turn a human let run out, whatever the server's level: nobody gets
# a stronger move by waiting for their clock (the game is rated as theirs), and an absent player's table
# takes no worker's time.
TIMEOUT_LEVEL = "easy"
# A write the database aborted for a conflict with another process's (PostgreSQL's deadlock or
# serialization failure: nothing was written) is made again, after a short random wait, up to this many
# times in all before the player hears of it.
CONFLICT_ATTEMPTS = 5


def conflicted(exc: BaseException) -> bool:
    """Whether a failed write was aborted for a conflict, so that making it again is expected to succeed."""
    return isinstance(exc, StoreConflict) or isinstance(exc.__cause__, StoreConflict)


async def conflict_pause(attempt: int) -> None:
    """A random wait, longer at each attempt, so that two processes that collided do not collide again."""
    await asyncio.sleep(random.uniform(0.005, 0.02 * 2**attempt))


class Batch:
    """The notifications of one call on one table, and whose private view must be sent at its end."""

    __slots__ = ("dealt", "out", "touched")

    def __init__(self, dealt: bool = False) -> None:
        self.out: list[Notification] = []
        self.touched: set[int] = set()
        self.dealt = dealt  # a hand was dealt: every player has a new hand


class Turns:
    """Holds the active tables of the process and plays turns on them (callers hold `table.lock`)."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float], settings: SettingsBook) -> None:
        self.store = store
        self.clock = clock
        self.settings = settings
        self.tables: dict[int, Table] = {}
        self.next_due = math.inf  # the earliest deadline or reminder of any table
        self.stalled: set[int] = set()  # games whose computer turn could not be saved: tick retries them
        self.outbox = Outbox()  # what is still to be told, as the store has it
        self._ratings = asyncio.Lock()  # game ends read-modify-write ratings; taken only under a table lock
        self.thinking = Thinking()  # computer moves; the service gives it the bot's worker pool

    # -- the game's lock across processes ------------------------------------------------------------
    @asynccontextmanager
    async def guard(self, table: Table) -> AsyncIterator[bool]:
        """Under `table.lock`: the game's lock in the database (PostgreSQL) until the block ends, its writes
        committed together at the end. Yields whether the game had moved on in another process (this one
        has caught up: a choice made before is to be made again). TableOver if it has ended there."""
        async with self.store.locked_game(table.game_no) as version:
            moved = version is not None and version != table.version
            if moved:
                await self.catch_up(table)
            yield moved

    async def catch_up(self, table: Table) -> None:
        """Inside `guard`: the actions another process appended since this one's last, and the rest of the
        game's row as it is now (seats, timers, status)."""
        stored = await self.store.load_game(table.game_no, since=table.state.log_length)
        if stored is None or stored.row.status != "active":
            table.status = stored.row.status if stored is not None else "abandoned"
            table.changed()
            self.tables.pop(table.game_no, None)
            raise TableOver(f"game {table.game_no} is over", game_no=table.game_no)
        try:
            if stored.first_turn != table.state.log_length:
                raise EngineError("the log does not follow on from this process's state")
            for seat, action in stored.actions:
                table.state.act(seat, action)
        except EngineError:
            full = await self.store.load_game(table.game_no)
            assert full is not None
            table.state = replay(full.row, full.actions)
        table.refresh(stored.row)
        table.loaded(stored)
        self.note_due(table)

    # -- whole calls ----------------------------------------------------------------------------------
    async def play(self, table: Table, seat: int | Callable[[], int], action: str, kind: str) -> list[Notification]:
        """One action, then every computer and automatic turn that follows it. `seat` may be a check that
        raises the refusal of the action, if any, else gives the seat, on the game as the database has it
        (after catching up)."""
        with game_context(table.game_no):  # its lines name the game (bot.logs)
            attempt = 0
            while True:
                batch = Batch()
                try:
                    async with self.guard(table):
                        # Checked again at each attempt: on the game as the database has it then, so an action
                        # whose first attempt was written after all would be refused as stale, never made twice.
                        await self.apply(table, seat if isinstance(seat, int) else seat(), action, kind, batch)
                    break
                except (StoreFailed, StoreError) as exc:
                    if isinstance(exc, StoreError):  # taking the lock or the commit failed: memory may be ahead
                        await self.rebuild(table)
                    attempt += 1
                    if not conflicted(exc) or attempt >= CONFLICT_ATTEMPTS:
                        if isinstance(exc, StoreError):
                            raise StoreFailed(f"game {table.game_no}: the action could not be saved: {exc}") from exc
                        raise
                    log.info("game %s: a write met another process's (%s); made again", table.game_no, exc)
                    await conflict_pause(attempt)
            await self.play_automatic(table, batch)
            return self.finish(table, batch)

    async def carry_on(self, table: Table, dealt: bool = False) -> list[Notification]:
        """Computer and automatic turns from where the game stands (takes the lock)."""
        with game_context(table.game_no):  # its lines name the game (bot.logs)
            async with table.lock:
                if self.tables.get(table.game_no) is not table:
                    return []
                batch = Batch(dealt)
                await self.play_automatic(table, batch)
                return self.finish(table, batch)

    def automatic_pending(self, table: Table) -> bool:
        if table.computer_to_act() is not None:
            return True
        auto = self.settings.cached(table.guild_id).auto_play
        return auto and any(table.forced_action(s) for s in table.candidates())

    async def play_automatic(self, table: Table, batch: Batch) -> None:
        """Computer turns and forced draws/passes (with auto-play) until a human has a choice. A failed
        write stops here without undoing what was saved before it: the game is rebuilt from the store and
        the next `tick` tries again."""
        settings = await self.settings.get(table.guild_id)
        conflicts = 0
        while table.status == "active":
            seat = table.computer_to_act()
            kind = "computer"
            if seat is not None:
                # Thought out of the database's lock (a search may take seconds); made again if the game
                # moved on in another process meanwhile.
                action = await self.computer_choice(table, seat)
            elif settings.auto_play:
                forced = next(((s, f) for s in table.candidates() if (f := table.forced_action(s))), None)
                if forced is None:
                    return
                seat, action = forced
                kind = "auto"
            else:
                return
            try:
                async with self.guard(table) as moved:
                    if not moved:
                        await self.apply(table, seat, action, kind, batch)
            except TableOver:
                return  # ended in another process
            except StoreFailed as exc:
                if conflicted(exc) and conflicts < CONFLICT_ATTEMPTS:
                    conflicts += 1
                    await conflict_pause(conflicts)
                    continue
                log.warning("game %s: a %s turn could not be saved; retrying on the next tick", table.game_no, kind)
                self.stalled.add(table.game_no)
                return

    async def computer_choice(self, table: Table, seat: int, level: str | None = None) -> str:
        """A computer's move for `seat`, at `level` (None: the level of the seat's computer, as stored)."""
        # Seeded by the game's seed and the turn, and played at the stored level, so a game resumed after a
        # restart goes on exactly as it would have. A searching level thinks in a worker process: other
        # tables go on meanwhile, this one waits under its lock.
        level = level or table.seats[seat].computer_level
        if level is None:
            raise ValueError(f"seat {seat} of game {table.game_no} is a human's: name the level to play it at")
        state = table.state
        started = time.perf_counter()
        chosen = await self.thinking.choose(state.view(seat), move_seed(state.seed, state.log_length), level)
        metrics.thought(level, table.game_id, time.perf_counter() - started)
        return chosen

    async def timer(self, table: Table, now: float) -> tuple[float | None, float | None]:
        """Deadline and reminder time for the human to act now (None when a computer acts or it is over)."""
        if table.state.is_over or table.human_to_act() is None:
            return None, None
        seconds = (await self.settings.get(table.guild_id)).turn_seconds
        return now + seconds, now + seconds / 2

    def note_due(self, table: Table) -> None:
        for when in (table.deadline, table.reminder_at):
            if when is not None and when < self.next_due:
                self.next_due = when

    def recompute_due(self) -> None:
        due = math.inf
        for table in self.tables.values():
            for when in (table.deadline, table.reminder_at):
                if when is not None and when < due:
                    due = when
        self.next_due = due

    # -- one action -----------------------------------------------------------------------------------
    async def apply(self, table: Table, seat: int, action: str, kind: str, batch: Batch) -> None:
        started = time.perf_counter()
        state = table.state
        turn = state.log_length
        hands_before = len(state.hands)
        try:
            events = state.apply(seat, action)
        except EngineError as exc:
            raise IllegalMove(exc) from None
        try:
            step = state.steps[-1]
            text = state.format_action(step.action)
            now = self.clock()
            deadline, reminder_at = await self.timer(table, now)
            hands = tuple(
                HandRow(hands_before + i + 1, turn, h.reason, tuple(h.points), dict(h.detail))
                for i, h in enumerate(state.hands[hands_before:])
            )
            # The players' hands are told from the action too: whoever acted and whoever is to act next.
            tell = (outbox_entry(table.game_no, "action", turn, now),)
            carry_on_at = now + CARRY_ON_SECONDS if not state.is_over and self.automatic_pending(table) else None
            write = ActionWrite(
                table.game_no,
                turn,
                seat,
                text,
                kind,
                now,
                deadline,
                reminder_at,
                hands,
                tell=tell,
                carry_on_at=carry_on_at,
            )
            ended = None
            if state.is_over:
                async with self._ratings:
                    finish, ended = await self._results(table, now)
                    await self.store.append_action(replace(write, finish=finish))
            else:
                await self.store.append_action(write)
        except BaseException as exc:
            await self.rebuild(table)
            if isinstance(exc, StoreError):
                raise StoreFailed(f"game {table.game_no}: the action could not be saved: {exc}") from exc
            raise
        metrics.action(table.game_id, kind, time.perf_counter() - started, ended is not None)
        table.deadline, table.reminder_at, table.carry_on_at = deadline, reminder_at, carry_on_at
        table.version += 1  # the append's own change of the game's row
        table.acted_at = now
        self.outbox.add(write.tell)
        self.note_due(table)
        if ended is not None:
            table.status = "finished"
            table.changed()
            self.tables.pop(table.game_no, None)
        batch.out += action_notes(table, seat, text, tuple(step.points), kind, events, hands_before, ended)
        batch.touched.add(seat)
        if hands:
            batch.dealt = True

    async def take_back(self, table: Table, seat: int, batch: Batch, tell: Sequence[OutboxEntry] = ()) -> None:
        """`seat` takes back its last action (everyone agreed): the engine replays the game without it, the
        log gets an `undo` entry after it (both stay: the log is the game), written with the outbox entries of
        its action and `tell` (the request's), then the table is told."""
        state = table.state
        turn = state.log_length
        try:
            events = state.act(seat, UNDO)
        except EngineError as exc:
            raise IllegalMove(exc) from None
        try:
            now = self.clock()
            deadline, reminder_at = await self.timer(table, now)
            told = (outbox_entry(table.game_no, "action", turn, now), *tell)
            carry_on_at = now + CARRY_ON_SECONDS if self.automatic_pending(table) else None
            write = ActionWrite(
                table.game_no,
                turn,
                seat,
                str(UNDO),
                "player",
                now,
                deadline,
                reminder_at,
                (),
                tell=told,
                carry_on_at=carry_on_at,
            )
            await self.store.append_action(write)
        except BaseException as exc:
            await self.rebuild(table)
            if isinstance(exc, StoreError):
                raise StoreFailed(f"game {table.game_no}: the undo could not be saved: {exc}") from exc
            raise
        table.deadline, table.reminder_at, table.carry_on_at = deadline, reminder_at, carry_on_at
        table.version += 1
        table.acted_at = now
        self.outbox.add(write.tell)
        self.note_due(table)
        batch.out.append(undo_note(table, seat, events))
        batch.touched.add(seat)
        batch.dealt = True  # every player's controls were for the position after the action: all anew

    async def _results(self, table: Table, now: float) -> tuple[GameFinish, _Ended]:
        """Places, results per seat and new ratings of a finished game (see bot.tables.standings.ratings), each
        rating's change kept in the history, and its ratings in the server's running season."""
        state = table.state
        result = state.result
        places = side_places(result)
        winners = set(result.winner or ())
        rated = [s.user_id if s.user_id is not None else (s.replaced_user_id or COMPUTER_ID) for s in table.seats]
        teams = [[rated[seat] for seat in side] for side in result.sides]
        pool = rating_pool(table.game_id, state.players)
        # A hint used (stored before it was shown: bot.tables.play.hints) leaves the game unrated for everyone,
        # on the all-time board and in the season: a learner's help is no result to rank by.
        hinted = table.hints and bool(await self.store.hint_uses(table.game_no))
        # Inside the game's guard: no other process ends a game of these players until this one commits.
        await self.store.lock_ratings(table.guild_id, pool, rated)
        current = await self.store.ratings(table.guild_id, pool, rated)
        new = {} if hinted else rate(teams, places, winners, current)
        start = default_ordinal()
        rows: list[ResultRow] = []
        changes: list[RatingChange] = []
        for seat, player in enumerate(rated):
            side = state.side_of[seat]
            before = after = None
            if player != COMPUTER_ID and player in new:
                old = current.get(player)
                before = old.ordinal if old is not None else start
                after = new[player].ordinal
                changes.append(RatingChange(player, seat, before, after))
            user = None if player == COMPUTER_ID else player
            rows.append(ResultRow(seat, user, side, places[side], side in winners, result.scores[side], before, after))
        history = tuple(RatingHistoryRow(pool, c.user_id, table.game_no, now, c.before, c.after) for c in changes)
        season = None
        if not hinted:
            season = await season_finish(
                self.store, table.guild_id, table.game_id, state.players, teams, places, winners, table.game_no, now
            )
        finish = GameFinish(tuple(rows), tuple(new.values()), pool, history, season)
        return finish, (side_results(result), tuple(changes), hinted)

    async def rebuild(self, table: Table) -> None:
        """After a failed write: the game as the store has it (or out of memory, to be loaded on next use)."""
        try:
            stored = await self.store.load_game(table.game_no)
            if stored is None or stored.row.status != "active":
                raise LookupError(f"game {table.game_no} is not active in the store")
            rebuilt = Table(stored.row, replay(stored.row, stored.actions))
        except Exception:
            log.exception("game %s could not be rebuilt; it will be loaded again on next use", table.game_no)
            self.tables.pop(table.game_no, None)
            return
        table.state = rebuilt.state
        table.refresh(stored.row)
        table.loaded(stored)
        if self.automatic_pending(table):
            self.stalled.add(table.game_no)

    def finish(self, table: Table, batch: Batch) -> list[Notification]:
        """The batch's notifications, then one private view per player whose hand or turn changed."""
        out = batch.out
        if table.status != "active":
            return out
        state = table.state
        to_act = set(table.candidates())
        seats = {s.index for s in table.humans()} if batch.dealt else batch.touched | to_act
        info = table.info()
        for seat in sorted(seats):
            user_id = table.seats[seat].user_id
            if user_id is not None:
                out.append(
                    HandChanged(info, user_id, seat, state.view(seat), seat in to_act, state.log_length, table.deadline)
                )
        return out


def action_notes(
    table: Table,
    seat: int,
    text: str,
    points: tuple[int, ...],
    kind: str,
    events: Sequence[Event],
    hands_before: int,
    ended: _Ended | None,
) -> list[TableNotification]:
    """What one action tells, from the table just after it and the engine's events for it: its board, the
    hands it ended, the game's end. The same for an action told at once and for one told again from the
    log after a crash."""
    state = table.state
    info = table.info()
    public = table.view(None)
    next_seats = table.candidates()
    out: list[TableNotification] = [
        BoardChanged(
            table=info,
            view=public,
            seat=seat,
            user_id=table.seats[seat].user_id,
            action=text,
            points=points,
            kind=kind,
            turn=state.log_length,
            next_seats=next_seats,
            next_user_ids=table.user_ids(next_seats),
            deadline=table.deadline,
            events=tuple(events),
        )
    ]
    for hand_no in range(hands_before + 1, len(state.hands) + 1):
        out.append(HandEnded(info, hand_no, state.hands[hand_no - 1], tuple(state.scores), tuple(state.hands)))
    if ended is not None:
        sides, changes, hinted = ended
        out.append(GameEnded(info, public, state.result, sides, changes, hinted))
    return out


def undo_note(table: Table, seat: int, events: Sequence[Event]) -> BoardChanged:
    """What taking back an action tells: the board as it was before it, and which action went."""
    state = table.state
    next_seats = table.candidates()
    return BoardChanged(
        table=table.info(),
        view=table.view(None),
        seat=seat,
        user_id=table.seats[seat].user_id,
        action=str(events[0].data["action"]),
        points=(0,) * len(state.sides),
        kind="undo",
        turn=state.log_length,
        next_seats=next_seats,
        next_user_ids=table.user_ids(next_seats),
        deadline=table.deadline,
        events=tuple(events),
    )
