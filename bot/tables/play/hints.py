"""Hints for learners at the table service: on a table whose host offers them, a player on their turn asks
for the search's move (bot.ai.hints) and gets it with a reason. The game is then unrated for everyone
(bot.tables.play.turns reads the uses at its end), which the final result says.

The hint is computed from `state.view(seat)` alone (what the player may see), in the computers' worker
processes with a time bound, out of the table's lock so the game is never held up by it. It is given only if,
once found, the turn it was asked for is still the player's: the use is written then, before it is shown,
so a hint shown is always one the store knows of (a restart keeps the game unrated), and a hint for a turn
gone by is answered as stale, not shown and not counted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.ai.hints import Hint
from bot.engine import View
from data import StoreError, StoreInterface

from ..errors import HintsOff, HintTimedOut, NotAPlayer, StaleHint, StoreFailed
from ..models import TableInfo
from .seeds import move_seed
from .table import Table
from .tables import Tables
from .turns import Turns


@dataclass(frozen=True, slots=True)
class HintGiven:
    table: TableInfo
    seat: int
    turn: int
    view: View  # the seat's own view the hint was found from (to name its moves)
    hint: Hint


class Hints:
    """The search's move for a learner, on their turn (`TableService.hints`), found where the computers
    think (`Turns.thinking`)."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float], tables: Tables, turns: Turns) -> None:
        self._store = store
        self._clock = clock
        self._tables = tables  # a table caught up with other processes, under its lock (`fresh`)
        self._turns = turns

    async def _turn_of(self, table: Table, user_id: int, turn: int) -> tuple[int, View]:
        """Under the table's lock: the player's seat and view if `turn` is the game's turn now and theirs."""
        await self._tables.fresh(table)
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"user {user_id} has no seat in game {table.game_no}", game_no=table.game_no)
        if not table.hints:
            raise HintsOff(f"game {table.game_no} offers no hints", game_no=table.game_no)
        state = table.state
        if state.log_length != turn or seat not in table.candidates() or not state.legal_actions(seat):
            raise StaleHint(f"the hint is of turn {turn}; game {table.game_no} is at {state.log_length}", turn=turn)
        return seat, state.view(seat)

    async def ask(self, game_no: int, user_id: int, turn: int) -> HintGiven:
        """The search's move for the player on their turn `turn`, from their own view, at a table that offers
        hints; the use is saved (the game will be unrated) before it is returned. NotAPlayer, HintsOff,
        StaleHint (the turn is gone, or not the player's), HintTimedOut, StoreFailed."""
        table = await self._tables.get(game_no)
        thinking = self._turns.thinking
        async with table.lock:
            seat, view = await self._turn_of(table, user_id, turn)
            seed = move_seed(table.state.seed, turn)
        try:
            found = await thinking.hint(view, seed)
        except TimeoutError:
            raise HintTimedOut(f"no hint found in time for game {table.game_no}", game_no=table.game_no) from None
        async with table.lock:
            await self._turn_of(table, user_id, turn)  # still that turn: else the hint is of no use, and unsaid
            try:
                await self._store.add_hint_use(table.game_no, seat, turn, self._clock())
            except StoreError as exc:
                raise StoreFailed(f"game {table.game_no}: the hint could not be saved: {exc}") from exc
            return HintGiven(table.info(), seat, turn, view, found)
