"""A fives-family computer player: take the most points now; among equal plays, shed the heaviest tile
(its pips count against us if the hand ends), then pick at random so games are not all alike."""

from __future__ import annotations

import random
from typing import Any

from bot.engine.fives import FivesState, FivesView
from bot.engine.tiles import HI, LO, PIPS

from .search import Family


def choose(view: FivesView, rng: random.Random) -> str:
    best_key = None
    best: list[str] = []
    for move in view.legal:
        weight = sum(move.tile) if move.tile else -1
        key = (move.points, weight)
        if best_key is None or key > best_key:
            best_key, best = key, [move.text]
        elif key == best_key:
            best.append(move.text)
    return rng.choice(best)


# -- what the search (bot.ai.search) needs: a fast policy on a full state, and what a game is worth -------
def greedy(state: FivesState, rng: random.Random) -> Any:
    """The playout policy: `choose` above on a state instead of a view (most points now, then the
    heaviest tile, ties at random), without building views."""
    acts = state.legal_actions()
    if len(acts) == 1:
        return acts[0]
    call = state.call_muggins
    points_of = state.points_of
    best_key = -1
    best: list[Any] = []
    for a in acts:
        key = (0 if call and not a.claim else points_of(a)) * 64 + PIPS[a.tile]
        if key > best_key:
            best_key, best = key, [a]
        elif key == best_key:
            best.append(a)
    return best[0] if len(best) == 1 else rng.choice(best)


def greedy_step(state: FivesState, rng: random.Random) -> None:
    """One move of `greedy`, played straight on the state: the fitting tiles and their points are found
    in one pass over the hand and the open ends, and the play goes to its end without the checks of
    `apply` (a tile may go to any open end it fits, as `TILE@TARGET:SIDE` allows). About twice as many
    playouts in the same time as `apply(greedy(...))`."""
    layout = state.layout
    ends = layout.ends
    seat = state.current
    if not layout.nodes:
        state.apply(seat, greedy(state, rng))
        return
    unit = state.unit
    count_after = layout.count_after
    best_key = -1
    best: list[tuple[int, int, int]] = []
    for t in state.in_hand[seat]:
        lo, hi = LO[t], HI[t]
        for i, end in enumerate(ends):
            value = end[0]
            if value == lo or value == hi:
                c = count_after(t, i)
                p = (c // 5 if unit == 5 else c * unit) if unit and c and c % 5 == 0 else 0
                key = p * 64 + lo + hi
                if key > best_key:
                    best_key, best = key, [(t, i, p)]
                elif key == best_key:
                    best.append((t, i, p))
    if not best:
        state.apply(seat, state.legal_actions(seat)[0])  # draw or pass
        return
    t, i, p = best[0] if len(best) == 1 else rng.choice(best)
    state.play_at(seat, t, i, claim=state.call_muggins and p > 0)


def win_value(state: FivesState) -> float:
    """Winning the game is worth about half a game's target in points (it ends every further gain)."""
    return (state.target or 0) / 2


def fully_known(view: FivesView) -> bool:
    """Two sides, and every tile the viewer does not hold is in the one other seat's hand."""
    hidden = [s for s, n in enumerate(view.hand_sizes) if n and s != view.seat]
    return len(view.sides) == 2 and view.boneyard == 0 and len(hidden) == 1


FAMILY = Family(policy=greedy, step=greedy_step, win_value=win_value, fully_known=fully_known)
