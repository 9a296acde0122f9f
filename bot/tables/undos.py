"""Undo by agreement: at a table opened with it, a player asks to take back their last action, and every
other human must accept before a deadline; a refusal or the deadline keeps the action.

The engine decides what may be taken back (`state.undoable(seat)`: the asker's own last action, which showed
nothing hidden), so a request is void once anyone, a computer too, has acted since: computers act at once
after a human, so an action a computer answered is never taken back. The request is stored with the game
(one per game, changed under the game's lock: answers may land on any process); an accepted one is an
`undo` entry of the action log after the action, told like every action through the outbox (the board
redrawn, every hand DM refreshed), so a replay of the log, or of the exported record, is the same game.
What the question says (asked, accepted by some, refused, expired) is told at once and not kept in the
outbox: lost in a crash, the request still ends, at its deadline, keeping the action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from data import StoreError, StoreInterface, UndoRow

from .errors import NotAPlayer, StoreFailed, TableError
from .notifications import Notification, UndoRequested
from .table import Table
from .turns import Batch, Turns

UNDO_SECONDS = 5 * 60  # how long the others have to accept


class UndoOff(TableError):
    """The table was not opened with undo by agreement."""

    key = "undo_off"


class UndoNotAllowed(TableError):
    """The server does not let its tables offer undo (every game is rated)."""

    key = "undo_not_allowed"


class CannotUndo(TableError):
    """The engine says no: not the asker's last action, a computer acted since, or it showed something hidden.
    `reason`: `not_last`, `computer`, `revealed`."""

    key = "cannot_undo"

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message, reason=reason)
        self.key = f"cannot_undo_{reason}"  # one message per reason


class UndoPending(TableError):
    """A request of this game is already waiting for answers."""

    key = "undo_pending"


class NoUndoRequest(TableError):
    """Nothing to answer: the request was settled (accepted, refused, expired) or never made."""

    key = "undo_no_request"


class NotYoursToAnswer(TableError):
    """The asker does not answer their own request; a player who accepted already has nothing more to say."""

    key = "undo_not_yours"


def _told(table: Table, row: UndoRow, status: str, by: int | None = None) -> UndoRequested:
    others = [s.user_id for s in table.humans() if s.user_id is not None and s.user_id != row.user_id]
    accepted = tuple(u for u in others if u not in row.waiting)
    return UndoRequested(
        table.info(),
        row.seat,
        row.user_id,
        row.action,
        row.waiting,
        accepted,
        row.deadline,
        row.turn,
        status,
        by,
        row.channel_id,
        row.message_id,
    )


class Undos:
    """Requests and answers, on tables the caller holds the lock of (see `TableService`)."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float], turns: Turns) -> None:
        self._store = store
        self._clock = clock
        self._turns = turns
        self.next_due = 0.0  # when to read the requests due next (at once after a start: some may be due)
        self.deadlines: dict[int, float] = {}  # game -> deadline of the requests asked here (may be settled)

    async def ask(self, table: Table, user_id: int) -> list[Notification]:
        """`user_id` asks to take back their last action: the others are asked (or, with no other human,
        it is taken back at once)."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"user {user_id} has no seat in game {table.game_no}", game_no=table.game_no)
        try:
            if table.lobby_id is None or not await self._store.table_undo(table.lobby_id):
                raise UndoOff(f"game {table.game_no} is not played with undo", game_no=table.game_no)
            async with self._turns.guard(table):
                self._check(table, seat)
                pending = await self._store.undo_request(table.game_no)
                if pending is not None and pending.turn == table.state.log_length:
                    raise UndoPending(f"game {table.game_no} already has a request", game_no=table.game_no)
                state = table.state
                now = self._clock()
                others = tuple(s.user_id for s in table.humans() if s.user_id is not None and s.user_id != user_id)
                action = state.format_action(state.steps[-1].action)
                row = UndoRow(table.game_no, state.log_length, seat, user_id, action, now, now + UNDO_SECONDS, others)
                if not others:  # nobody to ask
                    if pending is not None:
                        await self._store.drop_undo_request(table.game_no)
                    return await self._take_back(table, row)
                await self._store.save_undo_request(row)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self.deadlines[table.game_no] = row.deadline
        self.next_due = min(self.next_due, row.deadline)
        return [_told(table, row, "open")]

    def _check(self, table: Table, seat: int) -> None:
        state = table.state
        if state.undoable(seat):
            return
        steps = state.steps
        if not steps:
            reason = "not_last"
        elif steps[-1].seat != seat:
            reason = "computer" if table.seats[steps[-1].seat].computer else "not_last"
        else:
            reason = "revealed"
        raise CannotUndo(f"seat {seat} cannot take back the last action ({reason})", reason=reason)

    async def answer(self, table: Table, user_id: int, accept: bool, turn: int | None) -> list[Notification]:
        """Another human accepts or refuses. The last acceptance takes the action back."""
        try:
            async with self._turns.guard(table):
                row = await self._store.undo_request(table.game_no)
                if row is None or (turn is not None and row.turn != turn):
                    raise NoUndoRequest(f"game {table.game_no} has no request to answer", game_no=table.game_no)
                if row.turn != table.state.log_length:  # the game moved on: nothing is taken back any more
                    await self._store.drop_undo_request(table.game_no)
                    return [_told(table, row, "void")]
                if user_id not in row.waiting:
                    if table.seat_of(user_id) is None:
                        raise NotAPlayer(f"user {user_id} has no seat in game {table.game_no}", game_no=table.game_no)
                    raise NotYoursToAnswer(f"user {user_id} has nothing to answer", game_no=table.game_no)
                if not accept:
                    await self._store.drop_undo_request(table.game_no)
                    return [_told(table, row, "refused", user_id)]
                row = replace(row, waiting=tuple(u for u in row.waiting if u != user_id))
                if row.waiting:
                    await self._store.save_undo_request(row)
                    return [_told(table, row, "open")]
                await self._store.drop_undo_request(table.game_no)
                return await self._take_back(table, row)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    async def _take_back(self, table: Table, row: UndoRow) -> list[Notification]:
        """Inside the guard: everyone agreed. The `undo` goes into the log, then the table is told."""
        batch = Batch()
        await self._turns.take_back(table, row.seat, batch)
        out: list[Notification] = [_told(table, row, "accepted")]
        return out + self._turns.finish(table, batch)

    async def set_message(self, table: Table, turn: int, channel_id: int, message_id: int) -> None:
        """Where the question was posted (to retire its buttons when it is settled)."""
        try:
            async with self._turns.guard(table):
                row = await self._store.undo_request(table.game_no)
                if row is not None and row.turn == turn:
                    await self._store.save_undo_request(replace(row, channel_id=channel_id, message_id=message_id))
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    async def expire(self, table: Table, now: float) -> list[Notification]:
        """A request past its deadline ends, keeping the action (a late answer finds nothing to answer)."""
        try:
            async with self._turns.guard(table):
                row = await self._store.undo_request(table.game_no)
                if row is None or row.deadline > now:
                    return []
                await self._store.drop_undo_request(table.game_no)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        return [_told(table, row, "expired" if row.turn == table.state.log_length else "void")]
