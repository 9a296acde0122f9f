"""Turn timers: a reminder at half time, and on expiry the computer plays the turn for the player.

Deadlines are stored with the game (written with each action), so they survive a restart; `tick` compares
the clock with the earliest one and returns at once when nothing is due.

Where several processes share the store, `tick` also asks it for the games due (`due_games`), the games of
a process that died included, and each timer is fired under the game's lock in the database after
catching up (`Turns.guard`): the first process to take it fires it, and the others find it no longer due.
A computer or automatic turn left pending by a process that died (`carry_on_at`) is played the same way.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TypeVar

from bot.logs import game_context
from data import OutboxEntry, StoreError

from ..errors import StoreFailed, TableError, TableOver
from ..telling.notifications import Notification, TurnReminder
from ..telling.outbox import entry as outbox_entry
from .table import Table
from .tables import Tables
from .turns import CARRY_ON_SECONDS, TIMEOUT_LEVEL, Batch, Turns

log = logging.getLogger(__name__)

# Games one process fires timers of (or retells) at once where processes share the store. More than the
# store's urgent connections (data.postgres.URGENT_CONNECTIONS, apart from the players' clicks): a game holds
# one only while it writes, not while its computers think, and with as few games at once as connections a
# dead process's games had 4 turns of the event loop against the dozens of the clicks of the games it
# served meanwhile; their next players waited for half a minute on a loaded machine (#23).
FIRED_AT_ONCE = 16

T = TypeVar("T")
Tell = Callable[[list[Notification]], Awaitable[None]]  # a teller of one game's notifications (the announcer's)


async def at_once(
    items: Sequence[T], fire: Callable[[T], Awaitable[list[Notification]]], shared: bool, tell: Tell | None = None
) -> list[list[Notification]]:
    """`fire` for each item (a game), their results in order: one after another alone on the store, else up
    to FIRED_AT_ONCE at a time, each game under its own locks. A process that died leaves every game it was
    playing to the others at the same moment, and one after another (loaded, caught up, the computers' moves
    and their writes, the retelling, each) the last of them waited for all the others while its next player
    had no hand DM (#23).

    With `tell`, each item's notifications are told as soon as it is fired, in its slot (so no more than
    FIRED_AT_ONCE games are fired or told at once), and not returned: handed back all together, a game fired
    first waited for the slowest of the others, then for its turn among them at the teller (#23)."""
    if tell is not None:
        told = tell
        first = fire

        async def fire_and_tell(item: T) -> list[Notification]:
            notes = await first(item)
            if notes:
                await told(notes)
            return []

        fire = fire_and_tell
    if not shared or len(items) < 2:
        return [await fire(item) for item in items]
    gate = asyncio.Semaphore(FIRED_AT_ONCE)

    async def gated(item: T) -> list[Notification]:
        async with gate:
            return await fire(item)

    return list(await asyncio.gather(*(gated(item) for item in items)))


class Timers:
    def __init__(self, turns: Turns, tables: Tables) -> None:
        self._turns = turns
        self._tables = tables  # a game this process does not hold yet, loaded from the store

    async def tick(self, now: float, tell: Tell | None = None) -> list[Notification]:
        """The timers due by `now` fired, the notifications returned; with `tell`, each game's told as soon as
        it is fired instead (see `at_once`)."""
        turns = self._turns
        stalled = [t for g in list(turns.stalled) if (t := turns.tables.get(g)) is not None]
        turns.stalled.clear()
        out = [n for notes in await self._at_once(stalled, turns.carry_on, tell) for n in notes]
        if turns.store.shared:
            # Alone on the database, a computer turn pending is this process's own (being played under the
            # game's lock) or a dead process's: played at once, not CARRY_ON_SECONDS after its last action.
            carry_on_by = now + CARRY_ON_SECONDS if await self._alone() else now
            fired = await self._at_once(
                await self._due(now, carry_on_by), lambda game_no: self._fire_due(game_no, now, carry_on_by), tell
            )
        elif now < turns.next_due:
            return out
        else:
            fired = await self._at_once(list(turns.tables.values()), lambda table: self._fire(table, now), tell)
        out += [n for notes in fired for n in notes]
        turns.recompute_due()
        return out

    async def _at_once(
        self, items: Sequence[T], fire: Callable[[T], Awaitable[list[Notification]]], tell: Tell | None
    ) -> list[list[Notification]]:
        return await at_once(items, fire, self._turns.store.shared, tell)

    async def _fire_due(self, game_no: int, now: float, carry_on_by: float) -> list[Notification]:
        """A game the store says has a timer due, loaded if this process does not hold it."""
        try:
            table = await self._tables.get(game_no)
        except TableError:
            return []  # ended meanwhile
        if carry_on_by > now and table.lock.locked():
            return []  # this process is playing it now (its computers too); a timer due is fired next tick
        return await self._fire(table, now, carry_on_by)

    async def _fire(self, table: Table, now: float, carry_on_by: float | None = None) -> list[Notification]:
        """The timer of `table` that is due by `now` (its pending computer turn by `carry_on_by`), if any is
        still due."""
        with game_context(table.game_no):  # its lines name the game (bot.logs)
            turns = self._turns
            try:
                if turns.store.shared and not await self._caught_up(table):
                    return []
                if table.deadline is not None and table.deadline <= now:
                    return await self._expire(table, now)
                if table.reminder_at is not None and table.reminder_at <= now:
                    return await self._remind(table, now)
                if table.carry_on_at is not None and table.carry_on_at <= max(now, carry_on_by or now):
                    return await turns.carry_on(table)
            except TableOver:
                pass  # ended in another process
            except StoreFailed:
                # The timer is still stored as due (the game was rebuilt from the store): the next tick retries.
                log.warning("game %s: a timer could not be saved", table.game_no, exc_info=True)
            return []

    async def _caught_up(self, table: Table) -> bool:
        """Whether the game is still this process's to tick, caught up with the store first. The store says
        a timer of it is due, but the copy held here may be from before another process's last action: a
        process that died after a human's move and before the computers' that follow left `carry_on_at`
        set only there, and this copy's timers (none, or the human's deadline) would leave them unplayed
        until a restart (#23)."""
        async with table.lock:
            if not self._live(table):
                return False
            try:
                version = await self._turns.store.game_version(table.game_no)
                if version is not None and version != table.version:
                    async with self._turns.guard(table):
                        pass
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
        return True

    async def _due(self, now: float, carry_on_by: float) -> list[int]:
        """The games whose timers are due by the store (of any process)."""
        try:
            return await self._turns.store.due_games(now, carry_on_by)
        except StoreError:
            log.warning("could not read the games due", exc_info=True)
            return []

    async def _alone(self) -> bool:
        """Whether this process is the only one serving the database now (the others died or stopped)."""
        try:
            return await self._turns.store.processes() <= 1
        except StoreError:
            log.warning("could not read which processes serve the database", exc_info=True)
            return False

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
