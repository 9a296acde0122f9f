"""A fives-family computer player: take the most points now; among equal plays, shed the heaviest tile
(its pips count against us if the hand ends), then pick at random so games are not all alike."""

from __future__ import annotations

import math
import random
from typing import Any

from bot.engine.fives import FivesState, FivesView, Play
from bot.engine.tiles import HI, IS_DOUBLE, LO, PIPS

from . import fives_evidence
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


def greedy_play(state: FivesState, rng: random.Random) -> tuple[int, int, int] | None:
    """The playout policy's play once the hand is led, as (tile, open end number, points), or None when
    no tile fits: the most points, then the heaviest tile; ties in the order of the open ends, then of the
    tiles' ids, broken at random by one draw of `rng.random()` (the order `rollout` finds them in;
    cheaper than `rng.choice`)."""
    unit = state.unit
    count_after = state.layout.count_after
    hand = sorted(state.in_hand[state.current])
    best_key = -1
    best: list[tuple[int, int, int]] = []
    for i, end in enumerate(state.layout.ends):
        value = end[0]
        for t in hand:
            if value == LO[t] or value == HI[t]:
                c = count_after(t, i)
                p = (c // 5 if unit == 5 else c * unit) if unit and c and c % 5 == 0 else 0
                key = p * 64 + PIPS[t]
                if key > best_key:
                    best_key, best = key, [(t, i, p)]
                elif key == best_key:
                    best.append((t, i, p))
    if not best:
        return None
    return best[0] if len(best) == 1 else best[int(rng.random() * len(best))]


def greedy_step(state: FivesState, rng: random.Random) -> None:
    """One move of the playout policy, played straight on the state: `greedy_play`'s tile goes to its end
    without the checks of `apply` (a tile may go to any open end it fits, as `TILE@TARGET:SIDE` allows);
    a lead, a draw or a pass through `apply`."""
    seat = state.current
    if not state.layout.nodes:
        state.apply(seat, greedy(state, rng))
        return
    move = greedy_play(state, rng)
    if move is None:
        state.apply(seat, state.legal_actions(seat)[0])  # draw or pass
        return
    t, i, p = move
    state.play_at(seat, t, i, claim=state.call_muggins and p > 0)


def win_value(state: FivesState) -> float:
    """Winning the game is worth about half a game's target in points (it ends every further gain)."""
    return (state.target or 0) / 2


# Points a side makes in a hand, as a share of the game's target (All Fives to 250: about 31; Five Up to
# 61: about 8, as the arena's points per hand say), and the spread of the hand's difference between sides
HAND_SHARE = 1 / 8
# the search aims at the match (the chance to reach the target first), not the hand's points: All Fives 2p,
# strong-200 vs the reference, 200 games, 117 won (58.5%) to 114 with the hand's points
MATCH = True


def match_value(state: FivesState, side: int, value: float) -> float:
    """What a playout's end is worth for the match, in points of the hand's scale: twice the win's worth
    times (the chance that `side` wins the game from these scores, less one half). The chance is a race to
    the target: the lead over the best other side against the spread of the hands still to play (about
    one hand's points each, as many as the leader needs to reach the target), so a side far ahead plays
    safe, one behind takes its chances, and a point near the target counts more than one far from it.
    A game over in the playout is won or lost outright; without a target, or with more than two sides,
    the hand's points (`value`) as before."""
    target = state.target
    scores = state.scores
    if not MATCH or not target or len(scores) != 2:
        return value
    win = target / 2
    if state.winner is not None:
        return win if side in state.winner else -win
    per_hand = target * HAND_SHARE
    lead = scores[side] - scores[1 - side]
    hands_left = max(0.0, target - max(scores)) / per_hand + 0.5
    chance = 0.5 * (1.0 + math.erf(lead / (per_hand * math.sqrt(2.0 * hands_left))))
    return 2 * win * (chance - 0.5)


def fully_known(view: FivesView) -> bool:
    """Two sides, and every tile the viewer does not hold is in the one other seat's hand."""
    hidden = [s for s, n in enumerate(view.hand_sizes) if n and s != view.seat]
    return len(view.sides) == 2 and view.boneyard == 0 and len(hidden) == 1


def _points_table(unit: int) -> list[int]:
    """What an end count scores in play, times 64 (the policy's key: points first, then the tile's pips)."""
    return [((c // 5 if unit == 5 else c * unit) if unit and c and c % 5 == 0 else 0) * 64 for c in range(_MAX_COUNT)]


_BIT = [1 << t for t in range(len(PIPS))]
_SHOWS = [sum(b for t, b in enumerate(_BIT) if v in (LO[t], HI[t])) for v in range(max(HI) + 1)]  # tiles with v
# what a tile adds to the count less the end it covers (`_End`'s part): its other half, or
# both halves of a double, so its pips plus its number once more for a double
_ADDED = [PIPS[t] + (LO[t] if IS_DOUBLE[t] else 0) for t in range(len(PIPS))]
# _LEFT_OPEN[tile][number]: the open end (`_End`) a simple tile leaves when its half with that number is
# covered (a rollout's every simple play makes one: a table, not the tuple worked out each move)
_LEFT_OPEN = [
    [
        (_SHOWS[PIPS[t] - v], 2 * (PIPS[t] - v), PIPS[t] - v, -1) if not IS_DOUBLE[t] and v in (LO[t], HI[t]) else None
        for v in range(max(HI) + 1)
    ]
    for t in range(len(PIPS))
]


def _fit_tiles() -> dict[int, tuple[tuple[int, int, int], ...]]:
    """Every set of tiles showing one number (a bit set), to its tiles in the order of their ids as
    (`_ADDED`, pips, tile): `rollout` looks at the tiles of a hand that fit an end in one lookup, not bit by
    bit (double-nine: 10 numbers of 10 tiles, 10,240 sets)."""
    table: dict[int, tuple[tuple[int, int, int], ...]] = {}
    for shown in _SHOWS:
        tiles = [t for t in range(len(PIPS)) if shown & _BIT[t]]
        for subset in range(1 << len(tiles)):
            chosen = [t for k, t in enumerate(tiles) if subset >> k & 1]
            table[sum(_BIT[t] for t in chosen)] = tuple((_ADDED[t], PIPS[t], t) for t in chosen)
    return table


_FIT_TILES = _fit_tiles()
_MAX_COUNT = 1024  # above any end count (every double of the double-nine set a spinner: 22 ends of 18 at most)
_POINTS64 = {unit: _points_table(unit) for unit in (0, 1, 5)}


# what `rollout` reads of the state's rules and deal, the same for every playout from it: the spinner
# policy, the boneyard, the tiles left in it, the players, their sides, the points of an end count (×64),
# whether a play may reach the target (All Fives) and that target, the next seat of each
_Rules = tuple[str, list[int], int, int, tuple[int, ...], list[int], bool, "int | None", list[int]]
# an open end in a rollout: (the tiles that fit it, as a bit set; the part of the count it holds plus its
# number, so a tile's count there is the count less this plus `_ADDED`; its number; what it is: a double's
# side (>= 0, the double's index), a simple tile's end (-1) or a spinner's arm (-2))
_End = tuple[int, int, int, int]
_Start = tuple[list[_End], list[int], list[bool], int, bool, list[int], list[int], _Rules]


def rollout(
    state: FivesState, rng: random.Random, first: tuple[int, int, bool] | None = None, start: _Start | None = None
) -> list[int]:
    """`greedy_step` to the end of the hand on plain lists: the same moves (the same ties broken by the
    same draws of `rng`, the open ends kept in the layout's order), much faster. `first`: a play to make
    before (tile, open end number, whether its points count), the search's candidate (see `play_out`);
    `start`: `_start` of the state (or of the world it is a `playout_copy` of).
    Returns the points each side scored in the rest of the hand, in play and at its end; the hand's end is
    scored by the engine (`end_playout_hand` on the pips left, or `_finish` when a play reaches the target),
    which adds its points to the scores and ends the game if it ends, without recording a hand result.
    Nothing else of the state changes: its hands, boneyard, layout, steps and results are read, never
    written (a `playout_copy` shares them with its world).

    How: each seat's hand is kept as a bit set of tile ids (`held[seat]`), so a move looks only at the
    tiles that fit an open end (`held & _SHOWS[number]`, in the order of their ids), never at the whole
    hand against every end; each open end carries the part of the count it holds plus its number
    (`_End`), so a play's count is `count - part + _ADDED[tile]` without looking at the layout; what the state says at
    the start (ends, doubles, bit sets, pips) is worked out once per state, however many candidates are
    played out from it (`_start`)."""
    gains = [0] * len(state.sides)
    if first is not None:
        pass  # (`play_out`'s candidate: a play on a led hand of a game not over)
    elif state.winner is not None:
        return gains
    elif not state.layout.nodes:  # a lead (never at the root of a search's playout): played by the checked
        hands_before = len(state.hands)  # step, its points in its step, as the search counts them
        greedy_step(state, rng)
        if state.winner is not None or len(state.hands) != hands_before:
            return gains
        return rollout(state, rng)
    ends0, dopen0, dspin0, count, seen_double, held0, pips0, rules = start or _start(state)
    ends, dopen, dspin, held, pips = ends0[:], dopen0[:], dspin0[:], held0[:], pips0[:]
    policy, boneyard, leave, players, side_of, points64, all_fives, goal, after = rules
    drawn = len(boneyard)  # the boneyard is drawn from its end: boneyard[drawn - 1] is the next tile
    scores = state.scores
    seat = state.current
    passes = state.passes
    rand = rng.random
    pips_of, is_double, bits = PIPS, IS_DOUBLE, _BIT  # (locals: read on every move)
    fit_tiles = _FIT_TILES
    left_open = _LEFT_OPEN
    added = _ADDED
    while True:
        mine = held[seat]
        if first is not None:
            t, i, scores_points = first
            first = None
            count = count - ends[i][1] + added[t]
            p = points64[count] >> 6 if scores_points else 0
        else:
            best_key = -1  # the best play so far as scalars (tile, end, count); a list only for ties
            ties: list[tuple[int, int]] | None = None
            bt = bi = bc = 0
            i = -1
            for end in ends:  # (indexed, not unpacked: most ends fit no tile of the hand)
                i += 1
                fitting = mine & end[0]
                if fitting:
                    base = count - end[1]
                    for a, pp, t in fit_tiles[fitting]:
                        key = points64[base + a] + pp
                        if key > best_key:
                            best_key = key
                            bt = t
                            bi = i
                            bc = base + a
                            ties = None
                        elif key == best_key:
                            if ties is None:
                                ties = [(bt, bi)]
                            ties.append((t, i))
            if best_key < 0:
                if drawn > leave:
                    # draw until a tile fits one of the open ends (only the drawn tiles can: none of the
                    # hand did), then look again
                    fits = 0
                    for shown, _, _, _ in ends:
                        fits |= shown
                    while drawn > leave:
                        drawn -= 1
                        t = boneyard[drawn]
                        mine |= bits[t]
                        pips[seat] += pips_of[t]
                        if fits & bits[t]:
                            break
                    held[seat] = mine
                    continue
                passes += 1
                if passes >= players:
                    _settle(state, gains, seat, passes, "blocked", None, pips)
                    return gains
                seat = after[seat]
                continue
            if ties is None:
                t, i, count = bt, bi, bc
            else:
                t, i = ties[int(rand() * len(ties))]
                count = count - ends[i][1] + added[t]
            p = points64[count] >> 6
        shown, _, value, d = ends.pop(i)
        if d >= 0:
            left = dopen[d] = dopen[d] - 1
            if left == 1:  # the lead double's other side now holds its count
                for j, end in enumerate(ends):
                    if end[3] == d:
                        ends[j] = (shown, 3 * value, value, d)
            elif dspin[d]:
                ends.append((shown, value, value, -2))
                ends.append((shown, value, value, -2))
        if is_double[t]:
            dopen.append(1)
            dspin.append(policy == "all" or (policy == "first" and not seen_double))
            seen_double = True
            ends.append((shown, 3 * value, value, len(dopen) - 1))
        else:
            ends.append(left_open[t][value])  # type: ignore[arg-type]
        mine ^= bits[t]
        held[seat] = mine
        pips[seat] -= pips_of[t]
        passes = 0
        if p:
            side = side_of[seat]
            gains[side] += p
            if all_fives and scores[side] + gains[side] >= goal:  # type: ignore[operator]
                _settle(state, gains, seat, passes, "", None, pips)
                return gains
        if not mine:
            _settle(state, gains, seat, passes, "domino", seat, pips)
            return gains
        seat = after[seat]


_NEXT_SEAT: dict[int, list[int]] = {}  # per number of players, the seat after each
_last_start: list[Any] = [None, -1, None]  # the state `_start` last worked on, its turn, and what it found


def _start(state: FivesState) -> _Start:
    """What `rollout` needs of the state before it plays, worked out once per state and turn (the search
    plays every candidate out from the same sample in a row): the open ends (`_End`), each double's
    uncovered sides and whether it spins, the end count, whether a double has been played, the hands as
    bit sets and their pips, and what it reads of the rules (`_Rules`). A double counts both halves while
    exactly one side is open (the lead double, open both ways, counts through neither end until one is
    covered). The caller copies the lists before changing them."""
    last = _last_start
    if last[0] is state and last[1] == len(state.steps):
        found: _Start = last[2]
        return found
    layout = state.layout
    nodes = layout.nodes
    dopen: list[int] = []
    dspin: list[bool] = []
    ends: list[_End] = []
    index_of: dict[int, int] = {}
    for value, n, _, arm in layout.ends:
        if arm:
            ends.append((_SHOWS[value], value, value, -2))
            continue
        node = nodes[n]
        if not node.double:
            ends.append((_SHOWS[value], 2 * value, value, -1))
            continue
        d = index_of.get(n, -1)
        if d < 0:
            d = index_of[n] = len(dopen)
            dopen.append(node.sides_open)
            dspin.append(node.spinner)
        ends.append((_SHOWS[value], 3 * value if node.sides_open == 1 else value, value, d))
    hands = state.in_hand
    held: list[int] = []  # (plain loops over tables: once per sample, but the search samples often)
    pips: list[int] = []
    bits, pips_of = _BIT, PIPS
    for hand in hands:
        b = p = 0
        for t in hand:
            b |= bits[t]
            p += pips_of[t]
        held.append(b)
        pips.append(p)
    players = state.players
    all_fives = state.rules.scoring == "all-fives"
    after = _NEXT_SEAT.get(players) or _NEXT_SEAT.setdefault(players, [(s + 1) % players for s in range(players)])
    found = (
        ends,
        dopen,
        dspin,
        layout.count,
        layout.seen_double,
        held,
        pips,
        (
            layout.policy,
            state.boneyard,
            state.leave,
            players,
            state.side_of,
            _POINTS64[state.unit],
            all_fives,
            state.target if all_fives else None,
            after,  # (shared by every rollout: only read)
        ),
    )
    last[:] = [state, len(state.steps), found]
    return found


def play_out(world: FivesState, seat: int, action: Any, rng: random.Random) -> tuple[FivesState, list[int]] | None:
    """The search's candidate `action` (a legal play of `seat`, whose turn it is, as listed by
    `legal_actions`) and the hand to its end, on a throwaway copy (`playout_copy`: the world's history,
    layout, hands and boneyard shared and left as they are), without `apply`'s checks: the copy and the
    points scored in play (none in its steps). None for a lead, a draw or a pass (the search then applies
    them the checked way)."""
    if type(action) is not Play or action.target < 0 or world.winner is not None:
        return None
    end = world.layout.find_end(action.tile, action.target, action.side)
    state = world.playout_copy()
    claimed = action.claim or not state.call_muggins
    return state, rollout(state, rng, (action.tile, end, claimed), _start(world))


def _settle(
    state: FivesState, gains: list[int], seat: int, passes: int, reason: str, goer: int | None, pips: list[int]
) -> None:
    """The end of a `rollout`: the engine ends the hand on the pips left, the play's points first (the
    hand's points added to `gains`: no hand result is recorded) or, with no reason, the game (a play
    reached the target)."""
    state.current, state.passes = seat, passes
    if reason:
        state.end_playout_hand(goer, pips, gains)  # (its points added to `gains`)
        return
    for side, p in enumerate(gains):
        state.scores[side] += p
        state.hand_play_points[side] += p
    state._finish((state.side_of[seat],), [])


FAMILY = Family(
    policy=greedy,
    step=greedy_step,
    rollout=rollout,
    play_out=play_out,
    win_value=win_value,
    fully_known=fully_known,
    sample=fives_evidence.sample,
    objective=match_value,
    weighted_sample=fives_evidence.weighted_sample,
    view_actions=True,
)
