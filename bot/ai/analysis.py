"""Post-game analysis (issue 28, item 4): what the search thinks of each move a seat made in an ended game.

For every move of the seat that had a real choice (two or more candidates), the seat's view at that moment
(never the full state: what the player could know then) is searched the way `bot.ai.search` does it: full
states sampled from the view, every candidate applied to a copy of the same samples and played out by the
family's fast policy to the end of the hand, scored by `bot.ai.search.outcome` (points the seat's side
gains minus the mean of the others, plus the game's worth if the hand ends it). Here every candidate gets
the same samples (no halving), since the point is a value for each, not only the best.

Work is bounded per move (`Budget`: playouts split over the candidates, at least `min_samples` samples),
and each move has its own generator seeded from the analysis seed and the move's index, so a move's
result is the same whether the moves are analysed in one process or spread over several
(`analyse_move` is what a worker process runs; `analyse_game` does them all in order).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from bot.engine import EngineError, determinize, game_info
from bot.engine.records import ReplayError, load

from . import _module
from . import search as _search
from .search import Family

DEFAULT_PLAYOUTS = 480  # per move, over all its candidates: about a tenth of a second of CPU for fives
DEFAULT_MIN_SAMPLES = 12
MAX_CANDIDATES = 24  # a move with more (the Five Hundred discard) is compared on the family's candidates


class GameNotOver(ValueError):
    """Analysis of a game still in play: refused, since it would tell a player about a running game."""


class NotASeat(ValueError):
    """The seat asked for does not play in the game."""


@dataclass(frozen=True, slots=True)
class Budget:
    playouts: int = DEFAULT_PLAYOUTS  # candidate playouts per move, over all candidates
    min_samples: int = DEFAULT_MIN_SAMPLES  # at least this many sampled worlds per move


@dataclass(frozen=True, slots=True)
class Position:
    """One decision of the seat, as the analysis needs it: the index of the action in the game, the seat's
    view just before it (nothing else of the state) and the action's text as the engine writes it."""

    index: int
    view: Any
    made: str
    margin: float  # the seat's side's score minus the mean of the other sides', before the move


@dataclass(frozen=True, slots=True)
class MoveAnalysis:
    index: int  # the action's index among the game's actions (undone ones left out)
    hand_no: int
    made: str
    best: str
    value_made: float  # expected points (margin gained by the hand's end, plus the game's worth if it ends)
    value_best: float
    samples: int
    values: tuple[tuple[str, float], ...]  # every candidate compared, best first
    margin: float  # the score margin before the move

    @property
    def cost(self) -> float:
        """Expected points the move made gave away against the best one (0 when it was the best)."""
        return max(0.0, self.value_best - self.value_made)

    @property
    def expected(self) -> float:
        """The seat's expected score margin by the end of the hand, after the move made."""
        return self.margin + self.value_made


@dataclass(frozen=True, slots=True)
class GameAnalysis:
    game_id: str
    seat: int
    moves: tuple[MoveAnalysis, ...]

    @property
    def total_cost(self) -> float:
        return sum(m.cost for m in self.moves)

    def costliest(self, n: int = 3) -> list[MoveAnalysis]:
        """The n moves that cost the most (only those that cost anything), costliest first."""
        costly = [m for m in self.moves if m.cost > 1e-9]
        return sorted(costly, key=lambda m: (-m.cost, m.index))[:n]

    def expected_curve(self) -> list[float]:
        """The seat's expected margin after each analysed move, in order: the chart's line."""
        return [m.expected for m in self.moves]


def positions(record: Any, seat: int) -> list[Position]:
    """The seat's decisions in an ended game's record (BadRecord / ReplayError as `records.replay`;
    GameNotOver if the record's game is still running; NotASeat for a seat outside the game).
    A move taken back (undo) is not part of the game and is left out."""
    state, steps = load(record)
    if not 0 <= seat < state.players:
        raise NotASeat(f"seat {seat} is not a seat of this {state.players}-player game")
    final = state.clone()
    for i, (who, text) in enumerate(steps):
        try:
            final.act(who, text)
        except EngineError as exc:
            raise ReplayError(str(exc), i) from None
    if not final.is_over:
        raise GameNotOver("this game is still being played: it can be analysed once it is over")
    played = [(step.seat, final.format_action(step.action)) for step in final.steps]
    out: list[Position] = []
    for i, (who, text) in enumerate(played):
        if who == seat:
            view = state.view(seat)
            if len(view.legal) > 1:
                out.append(Position(i, view, text, _margin(state.scores, state.side_of[seat])))
        state.apply(who, text)
    return out


def _margin(scores: Iterable[int], side: int) -> float:
    values = list(scores)
    if len(values) < 2:
        return 0.0
    mine = values[side] if side < len(values) else 0
    return mine - (sum(values) - mine) / (len(values) - 1)


def _family(view: Any) -> Family:
    module = _module(game_info(view.game_id).family)
    family = getattr(module, "FAMILY", None)
    return family if isinstance(family, Family) else Family()


def _candidates(view: Any, made: str, family: Family, rng: random.Random) -> list[str]:
    texts = [m.text for m in view.legal]
    if len(texts) > MAX_CANDIDATES and family.candidates is not None:
        texts = list(family.candidates(view, rng)) or texts
    if made not in texts:
        texts.append(made)
    return texts


def analyse_move(position: Position, seed: int = 0, budget: Budget | None = None) -> MoveAnalysis:
    """The values of every candidate of one decision, from the seat's view only. Deterministic for
    (position, seed, budget): its generator is seeded by the seed and the move's index."""
    budget = budget or Budget()
    view = position.view
    rng = random.Random(seed * 1_000_003 + position.index)
    family = _family(view)
    texts = _candidates(view, position.made, family, rng)
    sample = family.sample or determinize
    seat = view.seat
    samples = max(budget.min_samples, budget.playouts // len(texts))
    totals = [0.0] * len(texts)
    by_text = len(view.legal) <= 4 * len(texts) + 16  # (as the search: not for hundreds of discards)
    for _ in range(samples):
        world = sample(view, rng)
        base = _search._Baseline(world, seat)
        win = family.win_value(world)
        actions = _search._actions_by_text(world, seat) if by_text else {}
        for i, text in enumerate(texts):
            totals[i] += _search.play_candidate(world, seat, actions.get(text, text), base, win, family, rng)
    means = [t / samples for t in totals]
    order = sorted(range(len(texts)), key=lambda i: (-means[i], i))
    made = texts.index(position.made)
    best = order[0]
    if means[made] >= means[best]:
        best = made  # a tie with the move made is no mistake
    return MoveAnalysis(
        index=position.index,
        hand_no=view.hand_no,
        made=position.made,
        best=texts[best],
        value_made=means[made],
        value_best=means[best],
        samples=samples,
        values=tuple((texts[i], means[i]) for i in order),
        margin=position.margin,
    )


def analyse_game(record: Any, seat: int, seed: int = 0, budget: Budget | None = None) -> GameAnalysis:
    """Every decision of `seat` in an ended game, one after the other (see `analyse_move` to spread them
    over worker processes: the result is the same)."""
    found = positions(record, seat)
    moves = tuple(analyse_move(p, seed, budget) for p in found)
    return GameAnalysis(game_id=str(record["game"]), seat=seat, moves=moves)
