"""A fives-family computer player: take the most points now; among equal plays, shed the heaviest tile
(its pips count against us if the hand ends), then pick at random so games are not all alike."""

from __future__ import annotations

import random
from typing import Any

from bot.engine.fives import FivesState, FivesView
from bot.engine.tiles import HI, IS_DOUBLE, LO, PIPS

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


def rollout(state: FivesState, rng: random.Random) -> list[int]:
    """`greedy_step` to the end of the hand on plain lists: the same moves (the same ties broken by the
    same draws of `rng`, the open ends kept in the layout's order), about twice as fast. Returns the points
    each side scored in play; the hand's end is scored by the engine (`_end_hand`, or `_finish` when a
    play reaches the target), which appends its result to `state.hands`. What it leaves behind is for
    a throwaway copy only: the hands, boneyard and scores are the hand's end, the layout and the steps
    are not updated."""
    gains = [0] * len(state.sides)
    if state.winner is not None:
        return gains
    layout = state.layout
    if not layout.nodes:  # a lead (never at the root of a search's playout): played by the checked step,
        hands_before = len(state.hands)  # its points are in its step, as the search counts them
        greedy_step(state, rng)
        if state.winner is not None or len(state.hands) != hands_before:
            return gains
        return rollout(state, rng)
    nodes = layout.nodes
    # per double on the table: its uncovered sides and whether it spins; ends as (number, what it is):
    # a double's side (>= 0, its index here), a simple tile's end (-1) or a spinner's arm (-2)
    index_of: dict[int, int] = {}
    dopen: list[int] = []
    dspin: list[bool] = []
    for n, node in enumerate(nodes):
        if node.double:
            index_of[n] = len(dopen)
            dopen.append(node.sides_open)
            dspin.append(node.spinner)
    ends = [(v, -2 if arm else index_of.get(n, -1)) for v, n, _, arm in layout.ends]
    count = layout.count
    policy = layout.policy
    seen_double = layout.seen_double
    hands = state.in_hand
    boneyard = state.boneyard
    leave = state.leave
    players = state.players
    side_of = state.side_of
    unit = state.unit
    all_fives = state.rules.scoring == "all-fives"
    goal = state.target if all_fives else None
    scores = state.scores
    seat = state.current
    passes = state.passes
    while True:
        hand = hands[seat]
        best_key = -1
        best: list[tuple[int, int, int, int]] = []
        # the count without each end's own part, once per move: a simple end counts its number, a double
        # both halves while one side is still open, an arm nothing
        bases = [
            (v, count - 2 * v if dopen[d] == 1 else count) if d >= 0 else (v, count - v if d == -1 else count)
            for v, d in ends
        ]
        for t in hand:
            lo, hi = LO[t], HI[t]
            double = lo == hi
            i = -1
            for value, c in bases:
                i += 1
                if value == lo or value == hi:
                    c += 2 * value if double else lo + hi - value
                    p = 0
                    if c and c % 5 == 0 and unit:
                        p = c // 5 if unit == 5 else c * unit
                    key = p * 64 + lo + hi
                    if key > best_key:
                        best_key, best = key, [(t, i, p, c)]
                    elif key == best_key:
                        best.append((t, i, p, c))
        if not best:
            if len(boneyard) > leave:
                hand.append(boneyard.pop())
                continue
            passes += 1
            if passes >= players:
                _settle(state, gains, seat, passes, "blocked", None)
                return gains
            seat = (seat + 1) % players
            continue
        t, i, p, count = best[0] if len(best) == 1 else rng.choice(best)
        value, d = ends.pop(i)
        if d >= 0:
            dopen[d] -= 1
            if dopen[d] == 0 and dspin[d]:
                ends.append((value, -2))
                ends.append((value, -2))
        if IS_DOUBLE[t]:
            dopen.append(1)
            dspin.append(policy == "all" or (policy == "first" and not seen_double))
            seen_double = True
            ends.append((value, len(dopen) - 1))
        else:
            ends.append((HI[t] if LO[t] == value else LO[t], -1))
        hand.remove(t)
        passes = 0
        if p:
            side = side_of[seat]
            gains[side] += p
            if all_fives and scores[side] + gains[side] >= goal:  # type: ignore[operator]
                _settle(state, gains, seat, passes, "", None)
                return gains
        if not hand:
            _settle(state, gains, seat, passes, "domino", seat)
            return gains
        seat = (seat + 1) % players


def _settle(state: FivesState, gains: list[int], seat: int, passes: int, reason: str, goer: int | None) -> None:
    """The end of a `rollout`: the play's points into the scores, then the engine ends the hand (or, with
    no reason, the game: a play reached the target)."""
    for side, p in enumerate(gains):
        state.scores[side] += p
        state.hand_play_points[side] += p
    state.current, state.passes = seat, passes
    if reason:
        state._end_hand(reason, goer, [])
    else:
        state._finish((state.side_of[seat],), [])


FAMILY = Family(policy=greedy, step=greedy_step, rollout=rollout, win_value=win_value, fully_known=fully_known)
