"""Undo by agreement: at a table opened with it, a player asks to take back their last action, and every
other human must accept before a deadline; a refusal or the deadline keeps the action.

The engine decides what may be taken back (`state.undoable(seat)`: the asker's own last action, which showed
nothing hidden), so a request is void once anyone, a computer too, has acted since: computers act at once
after a human, so an action a computer answered is never taken back. Requests are stored with the game,
numbered within it (the buttons of a question carry its number), changed under the game's lock (answers may
land on any process), and kept once settled. An accepted one is an `undo` entry of the action log after the
action, told like every action through the outbox (the board redrawn, every hand DM refreshed), so a replay
of the log, or of the exported record, is the same game.

What the question says is told through the outbox too: each change of a request (asked, an acceptance,
accepted, refused, expired, void) is a `step` saved with an `undo` entry in the same transaction (with the
`undo` action itself when it is accepted), so a failed post or a crash tells it again, once: the question
posted if it never was, else redrawn as the request stands then.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from bot.engine import UNDO
from data import OutboxEntry, StoreError, StoreInterface, UndoRow

from ..errors import NotAPlayer, StoreFailed, TableError
from ..telling.notifications import Notification, UndoRequested
from ..telling.outbox import entry as outbox_entry
from ..work import Work, changes
from .table import Table
from .tables import Tables
from .turns import Batch, Turns

log = logging.getLogger(__name__)

UNDO_SWEEP_SECONDS = 60.0  # how often requests to take back an action are looked for past their deadline

UNDO_SECONDS = 5 * 60  # how long the others have to accept


class UndoOff(TableError):
    """The table was not opened with undo by agreement."""

    key = "undo_off"


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


def status_now(table: Table, row: UndoRow) -> str:
    """How a request stands on the game as it is now: an open one that the game moved past is void, unless
    the log took its action back (a crash came between the `undo` and the request's change: accepted)."""
    if row.status != "open" or table.state.log_length == row.turn:
        return row.status
    log = table.state.log()
    return "accepted" if len(log) > row.turn and log[row.turn] == (row.seat, str(UNDO)) else "void"


def told(table: Table, row: UndoRow, step: int | None = None) -> UndoRequested:
    """The notification of a request as `row` has it (told by the outbox entry of `step`: its own by default)."""
    others = [s.user_id for s in table.humans() if s.user_id is not None and s.user_id != row.user_id]
    accepted = tuple(u for u in others if u not in row.waiting)
    return UndoRequested(
        table.info(),
        row.seat,
        row.user_id,
        row.action,
        row.waiting,
        accepted,
        row.asked_at,
        row.deadline,
        row.turn,
        row.request,
        row.step if step is None else step,
        row.status,
        row.by_user_id,
        row.channel_id,
        row.message_id,
    )


class Retelling(Protocol):
    """Who tells a game's outbox again from the store (the teller, `TableService.telling`)."""

    async def retell(self, game_no: int) -> list[Notification]: ...


class Undos:
    """Undo by agreement, as the cogs reach it (`TableService.undos`): requests and answers, each under the
    game's lock, and the requests past their deadline ended at the service's tick."""

    def __init__(
        self, store: StoreInterface, clock: Callable[[], float], turns: Turns, tables: Tables, work: Work
    ) -> None:
        self._store = store
        self._clock = clock
        self._turns = turns
        self._tables = tables
        self.work = work
        self.next_due = 0.0  # when to read the requests due next (at once after a start: some may be due)
        self.deadlines: dict[int, float] = {}  # game -> deadline of the requests asked here (may be settled)

    # -- the calls ------------------------------------------------------------------------------------
    @changes
    async def ask(self, game_no: int, user_id: int) -> list[Notification]:
        """A player asks to take back their last action: every other human is asked (`UndoRequested`), or
        with nobody to ask it is taken back at once."""
        table = await self._tables.get(game_no)
        async with table.lock:
            self._tables.check_live(table)
            return await self._ask(table, user_id)

    @changes
    async def answer(self, game_no: int, user_id: int, accept: bool, request: int | None) -> list[Notification]:
        """Another human accepts or refuses request number `request` (its buttons' token); the last acceptance
        takes the action back (the board and every hand are told again)."""
        table = await self._tables.get(game_no)
        async with table.lock:
            self._tables.check_live(table)
            return await self._answer(table, user_id, accept, request)

    async def set_message(self, game_no: int, request: int, channel_id: int, message_id: int) -> None:
        """Where a request's question was posted (to redraw it as the request changes). Not written (a store
        down), a restart finds the question among the table's messages."""
        try:
            await self._store.set_undo_message(game_no, request, channel_id, message_id)
        except StoreError:
            log.warning("game %s: could not record where request %s was asked", game_no, request, exc_info=True)

    async def expire_due(self, now: float, teller: Retelling) -> list[Notification]:
        """Requests past their deadline end, keeping the action; the question of one whose game ended is told
        again by `teller`. Reads the store once a minute at most while none this process asked is due (a
        request asked before a restart, or by another process, too)."""
        if now < self.next_due:
            return []
        for game_no in [g for g, at in self.deadlines.items() if at <= now]:
            del self.deadlines[game_no]
        self.next_due = min([now + UNDO_SWEEP_SECONDS, *self.deadlines.values()])
        try:
            due = await self._store.due_undo_requests(now)
        except StoreError:
            log.warning("could not read the undo requests due", exc_info=True)
            return []
        out: list[Notification] = []
        for game_no in due:
            try:
                table = await self._tables.get(game_no)
                async with table.lock:
                    out += await self.expire(table, now)
            except TableError:  # its game ended: nothing to ask any more, as its question now says
                try:
                    if await self.void(game_no, now):
                        out += await teller.retell(game_no)
                except StoreError:
                    log.warning("game %s: its request could not be ended", game_no, exc_info=True)
        return out

    # -- on a table whose lock the caller holds -------------------------------------------------------
    async def _ask(self, table: Table, user_id: int) -> list[Notification]:
        """`user_id` asks to take back their last action: the others are asked (or, with no other human,
        it is taken back at once)."""
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"user {user_id} has no seat in game {table.game_no}", game_no=table.game_no)
        told_now: list[OutboxEntry] = []
        out: list[Notification] = []
        try:
            if table.lobby_id is None or not await self._store.table_undo(table.lobby_id):
                raise UndoOff(f"game {table.game_no} is not played with undo", game_no=table.game_no)
            async with self._turns.guard(table):
                self._check(table, seat)
                pending = await self._store.undo_request(table.game_no)
                if pending is not None and pending.turn == table.state.log_length:
                    raise UndoPending(f"game {table.game_no} already has a request", game_no=table.game_no)
                now = self._clock()
                if pending is not None:  # for an action the game moved past: its question says how it ended
                    pending = replace(pending, status=status_now(table, pending), step=pending.step + 1)
                    told_now.append(await self._save(pending, now))
                    out.append(told(table, pending))
                state = table.state
                others = tuple(s.user_id for s in table.humans() if s.user_id is not None and s.user_id != user_id)
                if not others:  # nobody to ask: the board says it was taken back
                    return out + await self._take_back(table, seat)
                action = state.format_action(state.steps[-1].action)
                request = await self._store.last_undo_request(table.game_no) + 1
                row = UndoRow(
                    table.game_no,
                    state.log_length,
                    seat,
                    user_id,
                    action,
                    now,
                    now + UNDO_SECONDS,
                    others,
                    request=request,
                )
                told_now.append(await self._save(row, now))
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        finally:
            self._turns.outbox.add(told_now)
        self.deadlines[table.game_no] = row.deadline
        self.next_due = min(self.next_due, row.deadline)
        return [*out, told(table, row)]

    async def _save(self, row: UndoRow, now: float) -> OutboxEntry:
        """Inside the guard: a request's change, with the outbox entry that tells it (the caller adds it to
        the outbox in memory)."""
        entry = outbox_entry(row.game_no, "undo", row.step, now, row.request)
        await self._store.save_undo_request(row, tell=[entry])
        return entry

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

    async def _answer(self, table: Table, user_id: int, accept: bool, request: int | None) -> list[Notification]:
        """Another human accepts or refuses request number `request` (its buttons' token; None: the open one).
        The last acceptance takes the action back."""
        told_now: list[OutboxEntry] = []
        try:
            async with self._turns.guard(table):
                row = await self._store.undo_request(table.game_no)
                if row is None or (request is not None and row.request != request):
                    raise NoUndoRequest(f"game {table.game_no} has no request to answer", game_no=table.game_no)
                now = self._clock()
                status = status_now(table, row)
                if status != "open":  # the game moved on: nothing is taken back any more
                    row = replace(row, status=status, step=row.step + 1)
                elif user_id not in row.waiting:
                    if table.seat_of(user_id) is None:
                        raise NotAPlayer(f"user {user_id} has no seat in game {table.game_no}", game_no=table.game_no)
                    raise NotYoursToAnswer(f"user {user_id} has nothing to answer", game_no=table.game_no)
                elif not accept:
                    row = replace(row, status="refused", by_user_id=user_id, step=row.step + 1)
                else:
                    row = replace(row, waiting=tuple(u for u in row.waiting if u != user_id), step=row.step + 1)
                    if not row.waiting:
                        return await self._accepted(table, row, now)
                told_now.append(await self._save(row, now))
                return [told(table, row)]
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        finally:
            self._turns.outbox.add(told_now)

    async def _accepted(self, table: Table, row: UndoRow, now: float) -> list[Notification]:
        """Inside the guard: everyone agreed. The `undo` goes into the log with the entry telling the question
        so, then the request is settled (a crash between the two is read as accepted: `status_now`)."""
        row = replace(row, status="accepted")
        entry = outbox_entry(row.game_no, "undo", row.step, now, row.request)
        out = await self._take_back(table, row.seat, entry)
        await self._store.save_undo_request(row)
        return [told(table, row), *out]

    async def _take_back(self, table: Table, seat: int, *tell: OutboxEntry) -> list[Notification]:
        """Inside the guard: the `undo` goes into the log (with `tell`), then the table is told."""
        batch = Batch()
        await self._turns.take_back(table, seat, batch, tell)
        return self._turns.finish(table, batch)

    async def expire(self, table: Table, now: float) -> list[Notification]:
        """A request past its deadline ends, keeping the action (a late answer finds nothing to answer)."""
        told_now: list[OutboxEntry] = []
        try:
            async with self._turns.guard(table):
                row = await self._store.undo_request(table.game_no)
                if row is None or row.deadline > now:
                    return []
                status = status_now(table, row)
                row = replace(row, status="expired" if status == "open" else status, step=row.step + 1)
                told_now.append(await self._save(row, now))
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        finally:
            self._turns.outbox.add(told_now)
        return [told(table, row)]

    async def void(self, game_no: int, now: float) -> bool:
        """The open request of a game that ended (or cannot be rebuilt) is void; its question says so, told
        from the store (`retell`). Whether there was one."""
        row = await self._store.undo_request(game_no)
        if row is None:
            return False
        row = replace(row, status="void", step=row.step + 1)
        self._turns.outbox.add([await self._save(row, now)])
        return True
