"""Post-game analysis for the table service (`/analysis`): an ended game's record, the player's seat in
it, and the search's verdict on each of their decisions (bot.ai.analysis), computed in the computer
players' worker processes (bot.tables.play.thinking), never on the event loop.

Only a player of the game may analyse it (their own seat: the analysis reads that seat's view, which is
theirs to see), and only once it is over. An analysis once computed is stored (by game and seat, with the
budget it was computed with), so a second request, from this process or another, or after a restart, is
answered from the database without searching again; the last few are also kept in memory.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field

from bot.ai.analysis import DEFAULT_MIN_SAMPLES, DEFAULT_PLAYOUTS, GameAnalysis, MoveAnalysis, positions
from bot.engine import View
from bot.engine.records import record_of
from data import StoreError, StoreInterface

from ..errors import GameNotFound, GameNotOver, NotAPlayer
from ..models import TableInfo
from .table import Table, replay
from .turns import Turns

log = logging.getLogger(__name__)

KEPT = 16  # analyses kept in memory for a repeated request
# What a stored analysis was computed with: one of another budget (the search's defaults changed) is computed
# anew rather than shown beside fresher ones.
BUDGET = f"v1:{DEFAULT_PLAYOUTS}:{DEFAULT_MIN_SAMPLES}"


def analysis_json(analysis: GameAnalysis) -> str:
    return json.dumps({"game": analysis.game_id, "seat": analysis.seat, "moves": [asdict(m) for m in analysis.moves]})


def analysis_from_json(body: str) -> GameAnalysis:
    data = json.loads(body)
    moves = tuple(
        MoveAnalysis(**{**m, "values": tuple((str(text), float(value)) for text, value in m["values"])})
        for m in data["moves"]
    )
    return GameAnalysis(game_id=str(data["game"]), seat=int(data["seat"]), moves=moves)


@dataclass(frozen=True, slots=True)
class PlayerAnalysis:
    table: TableInfo
    seat: int
    analysis: GameAnalysis
    # the seat's own view before each analysed move (by the move's index): what the words name its moves from,
    # as the seat's controls named them then; nothing in it the seat did not see at that moment
    views: Mapping[int, View] = field(default_factory=dict)


class Analyses:
    """A player's moves in an ended game as the search judges them (`TableService.analyses`), computed where
    the computers think (`Turns.thinking`: the bot's worker processes)."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float], turns: Turns) -> None:
        self._store = store
        self._clock = clock
        self._turns = turns
        self._done: OrderedDict[tuple[int, int], PlayerAnalysis] = OrderedDict()

    async def open(self, game_no: int, user_id: int, guild_id: int | None = None) -> PlayerAnalysis:
        """A player's moves in an ended game (`/analysis`): GameNotFound (no such game on this server),
        NotAPlayer, GameNotOver (still played)."""
        thinking = self._turns.thinking
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
        analysis = await self._stored(game_no, seat)
        record = record_of(state, stored.row.deals)
        found = await asyncio.to_thread(positions, record, seat)
        if analysis is None:
            moves = await thinking.analyse(found, state.seed)
            analysis = GameAnalysis(game_id=state.game_id, seat=seat, moves=tuple(moves))
            try:
                await self._store.save_analysis(game_no, seat, BUDGET, analysis_json(analysis), self._clock())
            except StoreError:  # the answer stands; it is only computed again next time
                log.warning("game %s: the analysis of seat %s could not be stored", game_no, seat, exc_info=True)
        views = {p.index: p.view for p in found}
        done = PlayerAnalysis(Table(stored.row, state).info(), seat, analysis, views)
        self._done[(game_no, seat)] = done
        while len(self._done) > KEPT:
            self._done.popitem(last=False)
        return done

    async def _stored(self, game_no: int, seat: int) -> GameAnalysis | None:
        try:
            body = await self._store.load_analysis(game_no, seat, BUDGET)
            return None if body is None else analysis_from_json(body)
        except (StoreError, ValueError, KeyError, TypeError):  # unreadable: computed again, and stored over
            log.warning("game %s: the stored analysis of seat %s is unreadable", game_no, seat, exc_info=True)
            return None
