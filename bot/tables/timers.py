"""Turn timers: a reminder at half time, and on expiry the computer plays the turn for the player.

Deadlines are stored with the game (written with each action), so they survive a restart; `tick` compares
the clock with the earliest one and returns at once when nothing is due.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from data import OutboxEntry, StoreError

from .errors import StoreFailed
from .notifications import Notification, TurnReminder
from .outbox import entry as outbox_entry
from .table import Table
from .turns import Turns

log = logging.getLogger(__name__)


class Timers:
    def __init__(self, turns: Turns) -> None:
        self._turns = turns

    async def tick(self, now: float) -> list[Notification]:
        turns = self._turns
        out: list[Notification] = []
        for game_no in list(turns.stalled):
            turns.stalled.discard(game_no)
            table = turns.tables.get(game_no)
            if table is not None:
                out += await turns.carry_on(table)
        if now < turns.next_due:
            return out
        for table in list(turns.tables.values()):
            try:
                if table.deadline is not None and table.deadline <= now:
                    out += await self._expire(table, now)
                elif table.reminder_at is not None and table.reminder_at <= now:
                    out += await self._remind(table, now)
            except StoreFailed:
                # The timer is still stored as due (the game was rebuilt from the store): the next tick retries.
                log.warning("game %s: a timer could not be saved", table.game_no, exc_info=True)
        turns.recompute_due()
        return out

    async def set(
        self, table: Table, deadline: float | None, reminder_at: float | None, tell: Sequence[OutboxEntry] = ()
    ) -> None:
        try:
            await self._turns.store.set_timer(table.game_no, deadline, reminder_at, tell)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self._turns.outbox.add(tell)
        table.deadline, table.reminder_at = deadline, reminder_at

    def _live(self, table: Table) -> bool:
        return self._turns.tables.get(table.game_no) is table

    async def _remind(self, table: Table, now: float) -> list[Notification]:
        async with table.lock:
            if not self._live(table) or table.reminder_at is None or table.reminder_at > now:
                return []
            seat = table.human_to_act()
            deadline = table.deadline
            if seat is None or deadline is None:
                return []
            user_id = table.seats[seat].user_id
            assert user_id is not None
            turn = table.state.turn
            await self.set(table, deadline, None, [outbox_entry(table.game_no, "reminder", turn, now, user_id)])
            return [TurnReminder(table.info(), user_id, seat, turn, deadline)]

    async def _expire(self, table: Table, now: float) -> list[Notification]:
        async with table.lock:
            if not self._live(table) or table.deadline is None or table.deadline > now:
                return []
            seat = table.human_to_act()
            if seat is None:
                await self.set(table, None, None)
                return []
            return await self._turns.play(table, seat, await self._turns.computer_choice(table, seat), "timeout")
