"""What the other seats' plays tell about their hands, for the fives search's sampled worlds.

The engine's sampler (`bot.engine.determinize`) already keeps the hard evidence: a seat that drew or
passed held no tile fitting the open ends of that moment, so no sampled world gives it one. This module
adds the soft evidence of plays: players take the points on offer (the plain Monte Carlo player, the
greedy heuristic, and most people), so a seat that played for fewer points than a tile it held would have
made probably did not hold that tile. A world in which some seat passed up points weighs `MISSED` per such
play: a soft weight, not a ban, because a player may hold back a tile on purpose (a double for the spinner,
a count it fears to give). The search draws each world once and weights its playouts by that likelihood
(`weighted_sample`: importance weights); `sample` keeps worlds by it instead (rejection on the engine's
sampler), for callers that need plain worlds.

Only plays after the seat's last draw in the hand are read: its hand at that moment is then exactly its
hand in the world plus the tiles it has played since, with no drawn tile to place in time.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine.fives.determinize import determinize, redeal
from bot.engine.fives.layout import Layout
from bot.engine.fives.notation import DRAW, PASS, Play, parse
from bot.engine.fives.rules import RULES
from bot.engine.fives.state import FivesState
from bot.engine.fives.view import FivesView
from bot.engine.tiles import HI, LO, SETS, tile_set

# the chance that a player passes up points in a play (the weight of a world where some seat did). In the
# arena (All Fives 2p, strong-200 vs the reference, 200 games): 0.3 won as many games as no soft evidence
# (114) with more points a game (+16.1 to +12.4); 0.1 trailed both after 125 games (69 won) and was stopped
MISSED = 0.3
# worlds drawn at most for one sample; then the most likely of them is kept (the search never waits on a
# view whose evidence no world fits, and a move still costs a bounded amount)
TRIES = 6


class _Play:
    """One play of another seat that the evidence reads: what it scored and what each tile would have."""

    __slots__ = ("best", "later", "scored", "seat")

    def __init__(self, seat: int, scored: int, best: list[int]) -> None:
        self.seat = seat
        self.scored = scored
        self.best = best  # per tile id: the most points it would have made on one of the open ends
        self.later: list[int] = []  # the seat's tiles played from this play on (this one's included)


_cache: tuple[Any, list[_Play]] | None = None


def plays(view: FivesView) -> list[_Play]:
    """The plays of other seats the soft evidence reads in this view (cached for the view's samples)."""
    global _cache
    if _cache is not None and _cache[0] is view:
        return _cache[1]
    found = _read(view)
    _cache = (view, found)
    return found


def _points(unit: int, count: int) -> int:
    if not unit or not count or count % 5:
        return 0
    return count // 5 if unit == 5 else count * unit


def _read(view: FivesView) -> list[_Play]:
    unit = view.muggins_unit
    if not unit:
        return []  # nothing scores in play: nothing to read
    rules = RULES[view.game_id]
    tile_set_id = view.options.get("tile_set", "d6")
    top = SETS[tile_set_id]
    tiles = tile_set(tile_set_id)
    layout = Layout(rules.spinners)
    found: list[_Play] = []
    open_plays: dict[int, list[_Play]] = {}  # per seat: its plays since its last draw
    for seat, text in view.history:
        action = parse(text, top)
        if action is DRAW or action is PASS:
            if action is DRAW:
                open_plays[seat] = []  # its earlier plays were made with a hand we cannot rebuild
            continue
        assert isinstance(action, Play)
        if action.target < 0:
            layout.lead(action.tile)
            continue  # a lead is chosen for more than its points (the doubles, the suits kept)
        end = layout.find_end(action.tile, action.target, action.side)
        mine = seat != view.seat
        if mine:
            best = [0] * len(LO)
            for i, (value, _, _, _) in enumerate(layout.ends):
                for t in tiles:
                    if LO[t] == value or HI[t] == value:
                        p = _points(unit, layout.count_after(t, i))
                        if p > best[t]:
                            best[t] = p
            record = _Play(seat, _points(unit, layout.count_after(action.tile, end)), best)
            open_plays.setdefault(seat, []).append(record)
            found.append(record)
        for record in open_plays.get(seat, ()):
            record.later.append(action.tile)
        layout.place(action.tile, end)
    # only the plays after each seat's last draw are kept: `open_plays` holds exactly those
    kept = {id(r) for records in open_plays.values() for r in records}
    return [r for r in found if id(r) in kept and max(r.best) > r.scored]


def weight(world: FivesState, evidence: list[_Play]) -> float:
    """How likely the plays read are with the hands of `world`: `MISSED` for each play that passed up
    points a tile then in hand would have made."""
    w = 1.0
    hands = world.in_hand
    for r in evidence:
        best = r.best
        top = max((best[t] for t in hands[r.seat]), default=0)
        for t in r.later:
            if best[t] > top:
                top = best[t]
        if top > r.scored:
            w *= MISSED
    return w


def sample(view: FivesView, rng: random.Random) -> FivesState:
    """A world for the search: the engine's sampler, its worlds kept by the weight of the soft evidence
    (rejection sampling, at most `TRIES` draws, then the most likely one drawn)."""
    evidence = plays(view)
    world = determinize(view, rng)
    if not evidence:
        return world
    best, best_w = world, -1.0
    for k in range(TRIES):
        if k:
            world = determinize(view, rng)
        w = weight(world, evidence)
        if w >= 1.0 or rng.random() < w:
            return world
        if w > best_w:
            best, best_w = world, w
    return best


def weighted_sample(view: FivesView, rng: random.Random) -> tuple[FivesState, float]:
    """A world for the search and its importance weight: the engine's sampler, once, and the likelihood of
    the plays read with its hands (`weight`). Cheaper than `sample`'s rejection (one draw per world, not up
    to `TRIES`) and unbiased where `sample` falls back on its most likely draw. The view's first world is
    `determinize`'s, the later ones the hidden tiles dealt again from it (`redeal`: the same deal of the
    hidden tiles without building a whole state, about half the cost of a world)."""
    global _first
    if _first is not None and _first[0] is view:
        world = redeal(_first[1], view, rng)
    else:
        world = determinize(view, rng)
        _first = (view, world)
    evidence = plays(view)
    return world, weight(world, evidence) if evidence else 1.0


# the first world drawn for the view the search is on: the later ones are dealt again from it (`redeal`)
_first: tuple[Any, FivesState] | None = None
