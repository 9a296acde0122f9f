"""Post-game analysis for the table service (`/analysis`): an ended game's record, the player's seat in
it, and the search's verdict on each of their decisions (bot.ai.analysis), computed in the computer
players' worker processes (bot.tables.thinking), never on the event loop.

Only a player of the game may analyse it (their own seat: the analysis reads that seat's view, which is
theirs to see), and only once it is over. The last few analyses are kept in memory (an analysis is
deterministic for the game, so a second request gives the same answer); they are not stored in the
database yet.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

from bot.ai.analysis import GameAnalysis, positions
from bot.engine.records import record_of
from data import StoreInterface

from .errors import GameNotFound, GameNotOver, NotAPlayer
from .models import TableInfo
from .table import Table, replay
from .thinking import Thinking

KEPT = 16  # analyses kept for a repeated request


@dataclass(frozen=True, slots=True)
class PlayerAnalysis:
    table: TableInfo
    seat: int
    analysis: GameAnalysis


class Analyses:
    def __init__(self, store: StoreInterface) -> None:
        self._store = store
        self._done: OrderedDict[tuple[int, int], PlayerAnalysis] = OrderedDict()

    async def open(self, game_no: int, user_id: int, guild_id: int | None, thinking: Thinking) -> PlayerAnalysis:
        """GameNotFound (no such game on this server), NotAPlayer, GameNotOver (still played)."""
        stored = await self._store.load_game(game_no)
        if stored is None or (guild_id is not None and stored.row.guild_id != guild_id):
            raise GameNotFound(f"no game {game_no}", game_no=game_no)
        seats = [k for k, s in enumerate(stored.row.seats) if user_id in (s.user_id, s.replaced_user_id)]
        if not seats:
            raise NotAPlayer(f"user {user_id} did not play game {game_no}", game_no=game_no, game=game_no)
        if stored.row.status == "active":
            raise GameNotOver(f"game {game_no} is still being played", game=game_no)
        seat = seats[0]
        done = self._done.get((game_no, seat))
        if done is not None:
            self._done.move_to_end((game_no, seat))
            return done
        state = replay(stored.row, stored.actions)
        if not state.is_over:  # abandoned: no end to judge the moves by
            raise GameNotOver(f"game {game_no} did not end", game=game_no)
        record = record_of(state, stored.row.deals)
        found = await asyncio.to_thread(positions, record, seat)
        moves = await thinking.analyse(found, state.seed)
        analysis = GameAnalysis(game_id=state.game_id, seat=seat, moves=tuple(moves))
        done = PlayerAnalysis(Table(stored.row, state).info(), seat, analysis)
        self._done[(game_no, seat)] = done
        while len(self._done) > KEPT:
            self._done.popitem(last=False)
        return done
