"""Turn timers: a reminder at half time, and on expiry the computer plays the turn for the player.

Deadlines are stored with the game (written with each action), so they survive a restart; `tick` compares
the clock with the earliest one and returns at once when nothing is due.

Where several processes share the store, `tick` also asks it for the games due (`due_games`), the games of
a process that died included, and each timer is fired under the game's lock in the database after
catching up (`Turns.guard`): the first process to take it fires it, and the others find it no longer due.
A computer or automatic turn left pending by a process that died (`carry_on_at`) is played the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence

from data import OutboxEntry, StoreError

from ..errors import StoreFailed, TableError, TableOver
from ..telling.notifications import Notification, TurnReminder
from ..telling.outbox import entry as outbox_entry
from .table import Table
from .turns import TIMEOUT_LEVEL, Batch, Turns

log = logging.getLogger(__name__)


class Timers:
    def __init__(self, turns: Turns, load: Callable[[int], Awaitable[Table]]) -> None:
        self._turns = turns
        self._load = load  # a game this process does not hold yet, from the store

    async def tick(self, now: float) -> list[Notification]:
        turns = self._turns
        out: list[Notification] = []
        for game_no in list(turns.stalled):
            turns.stalled.discard(game_no)
            table = turns.tables.get(game_no)
            if table is not None:
                out += await turns.carry_on(table)
        tables = list(turns.tables.values())
        if turns.store.shared:
            tables = await self._due(now)
        elif now < turns.next_due:
            return out
        for table in tables:
            try:
                if table.deadline is not None and table.deadline <= now:
                    out += await self._expire(table, now)
                elif table.reminder_at is not None and table.reminder_at <= now:
                    out += await self._remind(table, now)
                elif table.carry_on_at is not None and table.carry_on_at <= now:
                    out += await turns.carry_on(table)
            except TableOver:
                continue  # ended in another process
            except StoreFailed:
                # The timer is still stored as due (the game was rebuilt from the store): the next tick retries.
                log.warning("game %s: a timer could not be saved", table.game_no, exc_info=True)
        turns.recompute_due()
        return out

    async def _due(self, now: float) -> list[Table]:
        """The games whose timers are due by the store, loaded if this process does not hold them."""
        try:
            due = await self._turns.store.due_games(now)
        except StoreError:
            log.warning("could not read the games due", exc_info=True)
            return []
        out = []
        for game_no in due:
            try:
                out.append(await self._load(game_no))
            except TableError:
                continue  # ended meanwhile
        return out

    async def set(
        self, table: Table, deadline: float | None, reminder_at: float | None, tell: Sequence[OutboxEntry] = ()
    ) -> None:
        """Under the table's lock (and inside `Turns.guard` where processes share the store)."""
        try:
            await self._turns.store.set_timer(table.game_no, deadline, reminder_at, tell)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        table.version += 1
        self._turns.outbox.add(tell)
        table.deadline, table.reminder_at = deadline, reminder_at

    def _live(self, table: Table) -> bool:
        return self._turns.tables.get(table.game_no) is table

    async def _remind(self, table: Table, now: float) -> list[Notification]:
        async with table.lock:
            if not self._live(table):
                return []
            async with self._turns.guard(table):  # another process may have sent it, or the turn moved on
                if table.reminder_at is None or table.reminder_at > now:
                    return []
                seat = table.human_to_act()
                deadline = table.deadline
                if seat is None or deadline is None:
                    return []
                user_id = table.seats[seat].user_id
                assert user_id is not None
                turn = table.state.log_length
                await self.set(table, deadline, None, [outbox_entry(table.game_no, "reminder", turn, now, user_id)])
                return [TurnReminder(table.info(), user_id, seat, turn, deadline)]

    async def _expire(self, table: Table, now: float) -> list[Notification]:
        async with table.lock:
            if not self._live(table):
                return []
            turns = self._turns
            batch = Batch()
            async with turns.guard(table):  # another process may have played it, or the player did
                if table.deadline is None or table.deadline > now:
                    return []
                seat = table.human_to_act()
                if seat is None:
                    await self.set(table, None, None)
                    return []
                action = await turns.computer_choice(table, seat, TIMEOUT_LEVEL)
                await turns.apply(table, seat, action, "timeout", batch)
            await turns.play_automatic(table, batch)
            return turns.finish(table, batch)
