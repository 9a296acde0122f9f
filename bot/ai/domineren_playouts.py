"""Domineren's playout of the play of a hand at once (`Family.rollout`): the same moves as `playout_step`
move by move (cross-checked in tests/ai), several times as fast.

Why: a playout step spends most of its time outside the policy's choice: a `Play` and a `Step` made for
every move, the events and the per-move chips list, the next turn looked up through the state, and the
end-of-hand test asking every hand in play whether one of its tiles fits (late in a hand, after every
move). Here the hands are also kept as bit sets, so that test is one mask per open end; the chips the
moves make go to one list returned beside the steps (none is recorded), and the hand is settled by the
engine's `end_playout_hand`. The policy's choice is bot.ai.domineren's `best_placement` written out in
the loop (a playout makes one per move, and the call and its lookups on the state were a good part of
its cost), on per-end tables kept beside the layout's options: each open end's fitting tiles (a bit set)
and, per tile, what fits the half it would leave open. It scores and breaks ties in the same order, so
it draws the same random numbers (the tests play both). A tile on an arm outside conditions a/b's order
(most moves) is placed here as `Layout.playout_place` places it, its end's option and table updated in
place; any other placement is the layout's `place`. Games that claim their payments by hand
(auto_claim off), the phases before the play and Billitonnen go through `playout_step`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.engine.domineren import DominerenState
from bot.engine.domineren.layout import Layout, Node
from bot.engine.domineren.matching import ANY, FIT, IS_MATADOR, fit_key, half_value, hand_count
from bot.engine.domineren.notation import Play
from bot.engine.domineren.rules import LEAVE, NOS
from bot.engine.tiles import HI, IS_DOUBLE, LO

BIT = [1 << t for t in range(28)]
# FITS[fit key][number]: the tiles (a bit set) that may go on an end with that key showing that number
FITS = [[sum(BIT[t] for t in range(28) if FIT[key][v][t]) for v in range(7)] for key in range(len(FIT))]

# The playout policy's tables (bot.ai.domineren's `best_placement` and the loop below): what playing a
# tile is worth at once, its weight at the hand's count, doubles more (×4), and what it adds when it earns
# the chips of a double on the previous player's tile (§10); a tile of the hand still playable after the
# move is worth 4 pips of weight (FLEX)
WEIGHT = [hand_count([t]) + (3 if LO[t] == HI[t] else 0) for t in range(28)]
HALF = [half_value(t) if LO[t] == HI[t] else 0 for t in range(28)]
FLEX = 16
SCORE = [4 * WEIGHT[t] for t in range(28)]
GAIN = [4 * 64 * HALF[t] for t in range(28)]
_DOUBLED = [SCORE[t] + GAIN[t] for t in range(28)]
# AFTER[fit key][number][tile]: per way the tile fits such an end, (touching half, the tiles that fit the
# half it leaves open, under the same key: the end left keeps its rule, near enough for a playout)
AFTER = [
    [
        [tuple((touch, FITS[key][HI[t] if touch == LO[t] else LO[t]]) for touch in FIT[key][v][t]) for t in range(28)]
        for v in range(7)
    ]
    for key in range(len(FIT))
]
# the fit key of an arm's end past its first tile, by the arm's rule and the tile lying at the end
_ARM_KEY = [[fit_key(rule, ANY, IS_MATADOR[t]) for t in range(28)] for rule in range(2)]

# per number of players, per seat: the seats after it in turn (`_next_turn`'s order)
_AFTER_SEAT: dict[int, list[list[int]]] = {}

First = tuple[int, int, int, bool]  # (tile, end index, touching half, Block declared)


def _tables(options: list[tuple[int, int, int, int, int, bool]]) -> list[tuple[int, int, list[Any]]]:
    """Per option of the layout, in its order: (its node, the tiles fitting it, `AFTER` for it)."""
    out = []
    for _, value, key, node, _, _ in options:
        out.append((node, FITS[key][value], AFTER[key][value]))
    return out


def rollout(
    state: DominerenState,
    rng: random.Random,
    playout_step: Callable[[DominerenState, random.Random], None],
    first: First | None = None,
) -> list[int]:
    """`playout_step` to the end of the hand (given by bot.ai.domineren, whose policy it is), its normal
    turns played here; the chips per seat moved in play (not in the state's steps: none is recorded by the
    fast play) and by the hand's settlement (no hand result is recorded). `first`: the placement the seat
    to play makes first, in its normal turn of the play (`play_out`'s candidate), instead of the policy's."""
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
    layout: Layout = state.board
    nodes, node_of_tile, arm_len, queue = layout.nodes, layout.node_of_tile, layout.arm_len, layout.queue
    ends, arm_rule = layout.ends, layout.arm_rule
    # the options are changed in place at the end played on, so they are copied once first where another
    # layout may share them (a clone's); the ones the layout works out afresh are its own
    owned = layout._options is None
    options = layout.options()
    opts = _tables(options)
    pay = state._pay
    bits, score_of, doubled_of, flex = BIT, SCORE, _DOUBLED, FLEX
    held = [0] * n
    for s, hand in enumerate(in_hand):
        for t in hand:
            held[s] |= bits[t]
    after_seat = _AFTER_SEAT.get(n) or _AFTER_SEAT.setdefault(n, [[(s + k) % n for k in range(1, n)] for s in range(n)])
    prev_node, prev_seat = state.prev_node, state.prev_seat
    seat = state.current
    last = n - 1  # hands emptied when the hand ends for want of players
    block = False
    if first is not None:  # the candidate's end, as a position among the options
        tile, index, touch, block = first
        for k, option in enumerate(options):
            if option[0] == index:
                move: tuple[int, int, int] | None = (k, tile, touch)
                break
        else:
            raise AssertionError("the candidate's end is open")
    while True:
        ending = ""
        if turn_no[seat] in forced[seat]:  # §8: the turn owed for a double played on the set
            forced[seat].remove(turn_no[seat])
            prev_node, prev_seat = -1, seat
        else:
            hand = in_hand[seat]
            h = held[seat]
            while True:
                if first is not None:
                    first = None
                    break
                # `best_placement`: the chips a placement earns, the tile's weight, then how many of the
                # hand's other tiles fit after it (the end it leaves, or another); ties at random
                move = None
                total = multi = 0
                for o in opts:
                    f = o[1] & h
                    multi |= total & f
                    total |= f
                if total:
                    gainful = prev_node >= 0 and bool(in_hand[prev_seat])
                    best = -1
                    top = (0, 0, 0)  # the best placement so far; a list only when others tie with it
                    ties: list[tuple[int, int, int]] | None = None
                    for k, (node, fitting, after) in enumerate(opts):
                        mine = fitting & h
                        if not mine:
                            continue
                        elsewhere = total ^ (mine & ~multi)
                        weights = doubled_of if gainful and node == prev_node else score_of
                        # the fitting tiles in the hand's order (ties are listed in it); one alone is its bit
                        for t in hand if mine & (mine - 1) else (mine.bit_length() - 1,):
                            b = bits[t]
                            if not mine & b:
                                continue
                            others = h ^ b
                            weight = weights[t]
                            for touch, fits_after in after[t]:
                                score = (others & (elsewhere | fits_after)).bit_count() * flex + weight
                                if score > best:
                                    best, top, ties = score, (k, t, touch), None
                                elif score == best:
                                    if ties is None:
                                        ties = [top]
                                    ties.append((k, t, touch))
                    move = top if ties is None else rng.choice(ties)
                    break
                # nothing fits: draw while the talon allows, each draw its own step; a tile drawn that
                # fits no open end leaves the hand as unplayable as before (no need to ask the policy again)
                fits = False
                while len(talon) > LEAVE:
                    t = talon.pop()
                    hand.append(t)
                    b = bits[t]
                    h |= b
                    held[seat] = h
                    if len(talon) <= LEAVE:  # (a draw leaves as many hands in play)
                        ending = _ending(state, held, gains, opts)
                        if ending:
                            break
                    for o in opts:
                        if o[1] & b:
                            fits = True
                            break
                    if fits:
                        break
                if not fits:
                    break
            if ending:
                pass
            elif move is None:  # nothing fits and nothing may be drawn: pass
                prev_node, prev_seat = -1, seat
            else:
                k, tile, touch = move
                option = options[k]
                index = option[0]
                _, target, side, arm = ends[index]
                if target == 0 or (queue and arm in queue):  # the set, or conditions a/b: the layout's own
                    node = layout.place(tile, index, touch, False, seat)
                    ends, arm_rule = layout.ends, layout.arm_rule  # (either may be a new list)
                    options = layout.options()
                    opts = _tables(options)
                    owned = True
                else:  # `Layout.playout_place`: nothing but the end played on changes what may go where
                    rule = arm_rule[arm]
                    free = HI[tile] if touch == LO[tile] else LO[tile]
                    node = len(nodes)
                    nodes.append(Node(tile, touch, free, target, side, arm, rule, False, seat))
                    node_of_tile[tile] = node
                    ends[index] = (free, node, side, arm)
                    arm_len[arm] += 1
                    if not owned:
                        options = options[:]
                        layout._options = options
                        owned = True
                    key = _ARM_KEY[rule][tile]
                    options[k] = (index, free, key, node, side, option[5])
                    opts[k] = (node, FITS[key][free], AFTER[key][free])
                hand.remove(tile)
                held[seat] = h ^ bits[tile]
                if tile in declared[seat]:
                    declared[seat].remove(tile)
                if IS_DOUBLE[tile] and target == prev_node and in_hand[prev_seat]:
                    pay(prev_seat, seat, half_value(tile), gains)  # §10, not if he has just gone out
                if state.block >= 0:  # §12: a tile was played, so the Block was wrong
                    state._settle_block(False, gains)
                if not hand and state.nos < 0:
                    state.nos = seat
                    for other in range(n):
                        if other != seat:
                            pay(other, seat, NOS, gains)
                if block:  # (the candidate's: the policy never declares one)
                    state.block, block = seat, False
                    state.block_seats = tuple(s for s in range(n) if in_hand[s])
                prev_node, prev_seat = node, seat
                if len(talon) <= LEAVE or held.count(0) >= last:
                    ending = _ending(state, held, gains, opts)
        if ending:
            state.prev_node, state.prev_seat, state.current = prev_node, prev_seat, seat
            for s, chips in enumerate(state.end_playout_hand()):
                gains[s] += chips
            return gains
        # `_next_turn`: the next seat that still holds tiles
        for nxt in after_seat[seat]:
            if in_hand[nxt]:
                seat = nxt
                turn_no[seat] += 1
                break


def _ending(state: DominerenState, held: list[int], gains: list[int], opts: list[tuple[int, int, list[Any]]]) -> str:
    """`_after_change`'s end of the hand (its reason, or "" to play on): at most one player holds tiles,
    or the talon is down to its last two and no tile in any hand fits an open end (`opts`: the options'
    tables)."""
    if held.count(0) >= len(held) - 1:
        return "nos-out"
    if len(state.talon) > LEAVE:
        return ""
    everyone = 0
    for h in held:
        everyone |= h
    for o in opts:
        if everyone & o[1]:
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
    playout_step: Callable[[DominerenState, random.Random], None],
) -> tuple[DominerenState, list[int]] | None:
    """The search's candidate `action`, a tile `seat` places in its normal turn of the play (as listed by
    `legal_actions`), with or without a Block, then `rollout`, on a `playout_copy` of the sample (its
    history shared) without `apply`'s checks and records: (the copy, the chips per seat moved). None for
    anything else (a draw, a pass, the phases before the play, auto_claim off: the search applies them
    the checked way)."""
    if (
        type(action) is not Play
        or seat != world.current
        or world.phase != "play"
        or world.claims
        or not world.auto_claim
        or world.winner is not None
    ):
        return None
    index = world._where[(action.tile, action.touch, action.target, action.side)]
    state = world.playout_copy()
    return state, rollout(state, rng, playout_step, (action.tile, index, action.touch, action.block))
