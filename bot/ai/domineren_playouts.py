"""Domineren's playout of the play of a hand at once (`Family.rollout`): the same moves as `playout_step`
move by move (cross-checked in tests/ai), about twice as fast.

Why: a playout step spends most of its time outside the policy's choice: a `Play` and a `Step` made for
every move, the events and the per-move chips list, the next turn looked up through the state, and the
end-of-hand test asking every hand in play whether one of its tiles fits (late in a hand, after every
move). Here the hands are also kept as bit sets, so that test is one mask per open end; the moves are the
engine's own (`Layout.place`, `_pay`, `_settle_block`), the chips they move go to one list returned
beside the steps (none is recorded), and the hand is settled by the engine's `end_playout_hand`. The
policy's choice is `best_placement` itself, on the state kept as the step path keeps it, so it draws the
same random numbers. Games that claim their payments by hand (auto_claim off), the phases before the
play and Billitonnen go through `playout_step`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.engine.domineren import DominerenState
from bot.engine.domineren.matching import FIT, half_value
from bot.engine.domineren.notation import Play
from bot.engine.domineren.rules import LEAVE, NOS
from bot.engine.tiles import IS_DOUBLE

BIT = [1 << t for t in range(28)]
# FITS[fit key][number]: the tiles (a bit set) that may go on an end with that key showing that number
FITS = [[sum(BIT[t] for t in range(28) if FIT[key][v][t]) for v in range(7)] for key in range(len(FIT))]

Placement = Callable[[DominerenState, int, random.Random, int], "tuple[int, int, int] | None"]


def rollout(
    state: DominerenState,
    rng: random.Random,
    best_placement: Placement,
    playout_step: Callable[[DominerenState, random.Random], None],
    first: tuple[int, int, int] | None = None,
) -> list[int]:
    """`playout_step` to the end of the hand, its normal turns played here with the policy's
    `best_placement` (both given by bot.ai.domineren, whose policy they are); the chips per seat moved in
    play (not in the state's steps: none is recorded by the fast play) and by the hand's settlement (no
    hand result is recorded). `first`: the placement (tile, end index, touching half) the seat to play
    makes first, in its normal turn of the play (`play_out`'s candidate), instead of the policy's."""
    n = state.players
    gains = [0] * n
    hands = len(state.hands)
    while state.phase != "play" or state.claims or not state.auto_claim:
        assert first is None
        playout_step(state, rng)
        if state.winner is not None or len(state.hands) != hands:
            return gains
    in_hand = state.in_hand
    talon = state.talon
    forced = state.forced
    turn_no = state.turn_no
    declared = state.declared
    layout = state.board
    ends = layout.ends
    pay = state._pay
    held = [0] * n
    for s, hand in enumerate(in_hand):
        for t in hand:
            held[s] |= BIT[t]
    seat = state.current
    last = n - 1  # hands emptied when the hand ends for want of players
    while True:
        if turn_no[seat] in forced[seat]:  # §8: the turn owed for a double played on the set
            forced[seat].remove(turn_no[seat])
            state.prev_node, state.prev_seat = -1, seat
            ending = ""
        else:
            if first is None:
                move = best_placement(state, seat, rng, held[seat])
            else:
                move, first = first, None
            ending = ""
            # nothing fits: draw while the talon allows, each draw its own step; a tile drawn that fits
            # no open end leaves the hand as unplayable as before (no need to ask the policy again)
            while move is None and len(talon) > LEAVE:
                t = talon.pop()
                in_hand[seat].append(t)
                held[seat] |= BIT[t]
                if len(talon) <= LEAVE:  # (a draw leaves as many hands in play)
                    ending = _ending(state, held, gains)
                    if ending:
                        break
                bit = BIT[t]
                for _, value, key, _, _, _ in layout.options():
                    if FITS[key][value] & bit:
                        move = best_placement(state, seat, rng, held[seat])
                        break
            if ending:
                pass
            elif move is None:  # nothing fits and nothing may be drawn: pass
                state.prev_node, state.prev_seat = -1, seat
            else:
                tile, index, touch = move
                target = ends[index][1]
                node = layout.playout_place(tile, index, touch, seat)
                ends = layout.ends  # (a triangle's fourth side closing makes a new list)
                hand = in_hand[seat]
                hand.remove(tile)
                held[seat] ^= BIT[tile]
                if tile in declared[seat]:
                    declared[seat].remove(tile)
                prev = state.prev_seat
                if IS_DOUBLE[tile] and target == state.prev_node and in_hand[prev]:
                    pay(prev, seat, half_value(tile), gains)  # §10, not if he has just gone out
                if state.block >= 0:  # §12: a tile was played, so the Block was wrong
                    state._settle_block(False, gains)
                if not hand and state.nos < 0:
                    state.nos = seat
                    for other in range(n):
                        if other != seat:
                            pay(other, seat, NOS, gains)
                state.prev_node, state.prev_seat = node, seat
                if len(talon) <= LEAVE or held.count(0) >= last:
                    ending = _ending(state, held, gains)
        if ending:
            for s, chips in enumerate(state.end_playout_hand()):
                gains[s] += chips
            return gains
        # `_next_turn`: the next seat that still holds tiles
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if in_hand[nxt]:
                seat = nxt
                turn_no[seat] += 1
                break
        state.current = seat


def _ending(state: DominerenState, held: list[int], gains: list[int]) -> str:
    """`_after_change`'s end of the hand (its reason, or "" to play on): at most one player holds tiles,
    or the talon is down to its last two and no tile in any hand fits an open end."""
    if held.count(0) >= len(held) - 1:
        return "nos-out"
    if len(state.talon) > LEAVE:
        return ""
    everyone = 0
    for h in held:
        everyone |= h
    for _, value, key, _, _, _ in state.board.options():
        if everyone & FITS[key][value]:
            return ""
    if state.block < 0:
        return "blocked"
    state._settle_block(True, gains)
    return "block-upheld"


def play_out(
    world: DominerenState,
    seat: int,
    action: Any,
    rng: random.Random,
    best_placement: Placement,
    playout_step: Callable[[DominerenState, random.Random], None],
) -> tuple[DominerenState, list[int]] | None:
    """The search's candidate `action`, a tile `seat` places in its normal turn of the play (as listed by
    `legal_actions`), then `rollout`, on a `playout_copy` of the sample (its history shared) without
    `apply`'s checks and records: (the copy, the chips per seat moved). None for anything else (a draw, a
    pass, a Block, the phases before the play, auto_claim off: the search applies them the checked way)."""
    if (
        type(action) is not Play
        or action.block
        or seat != world.current
        or world.phase != "play"
        or world.claims
        or not world.auto_claim
        or world.winner is not None
    ):
        return None
    index = world._where[(action.tile, action.touch, action.target, action.side)]
    state = world.playout_copy()
    return state, rollout(state, rng, best_placement, playout_step, (action.tile, index, action.touch))
