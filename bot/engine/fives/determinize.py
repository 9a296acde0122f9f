"""A full fives-family state consistent with one seat's view (or the public view), for view-only search.

What the viewer knows exactly: their own hand, the layout, scores, finished hands, whose turn it is, hand
sizes, the boneyard's size, and the hand's public history. From the history the hand is replayed once on
a bare layout (never the game from its start), which gives the layout, the points of each step, and, for
every draw and pass, the open ends of that moment.

What it knows of the hidden tiles: a seat that drew or passed held no tile fitting the open ends of that
moment. Every tile a seat holds now came into its hand at the deal or at one of its draws; call that its
*slot*. A tile in the deal slot was held at every later draw and pass of that seat, a tile drawn at draw k
only at the ones after k, so each slot forbids the numbers of the open ends at the checks it lived through.
Those forbidden sets are nested, so which slots a seat's hidden tiles fill is found exactly by giving each
tile it has played (public) the earliest slot it could have come from (greedy, exact for nested
constraints: it leaves the least constrained slots to the hidden tiles). Under the first lead of a game
whose highest double leads, the leader holds a double higher than every double in the other hands.

Sampling: the unseen tiles are dealt to the constrained slots first (most forbidden numbers first, each a
random fitting tile), then the rest of the pool at random to the free slots and the boneyard. When random
filling dead-ends 8 times, a randomised bipartite matching (augmenting paths) finds a consistent deal,
which always exists since the real one does. The result is consistent, close to but not exactly uniform
over the consistent deals. The analysis of a view is cached, so many samples of one view cost little.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Step
from ..tiles import HI, IS_DOUBLE, LO, SETS, tile_id, tile_set
from .layout import Layout
from .notation import DRAW, PASS, Play, parse
from .rules import RULES, has_partners
from .state import FivesState
from .view import FivesView

_MASK = [(1 << LO[t]) | (1 << HI[t]) for t in range(len(LO))]
_RETRIES = 8


class _Knowledge:
    """What one view tells about the hand in play, computed once per view."""

    __slots__ = (
        "ban_above",
        "forced",
        "hand_play_points",
        "layout",
        "leader_slot",
        "passes",
        "pool",
        "slots",
        "steps",
        "stock",
    )

    pool: list[int]  # the tiles this view has not seen
    slots: list[tuple[int, int]]  # (seat, forbidden numbers mask) of every hidden tile
    steps: list[Step]  # the hand's actions so far
    layout: Layout
    hand_play_points: list[int]  # per side, scored in play this hand
    passes: int  # passes in a row since the last play
    stock: int  # tiles in the boneyard
    forced: int  # the tile the first lead must be, -1 when any
    leader_slot: int | None  # the seat that holds the forced first lead, when it is not the viewer
    ban_above: int | None  # no hidden hand holds a double above this one


_cache: tuple[Any, _Knowledge] | None = None


def _analyse(view: FivesView) -> _Knowledge:
    global _cache
    if _cache is not None and _cache[0] is view:
        return _cache[1]
    k = _build(view)
    _cache = (view, k)
    return k


def _build(view: FivesView) -> _Knowledge:
    rules = RULES[view.game_id]
    options = view.options
    top = SETS[options.get("tile_set", "d6")]
    players = view.players
    sides = ((0, 2), (1, 3)) if has_partners(rules, players) else tuple((s,) for s in range(players))
    side_of = [0] * players
    for side, members in enumerate(sides):
        for seat in members:
            side_of[seat] = side
    unit = {"fifth": 5, "face": 1, "none": 0}[rules.muggins]
    call = options.get("muggins_claim") == "call"
    hand_size = rules.hand_size(players, options)

    layout = Layout(rules.spinners)
    checks: list[list[int]] = [[] for _ in range(players)]  # per seat: end numbers (mask) at each draw/pass
    origins: list[list[int]] = [[0] * hand_size for _ in range(players)]  # per seat: its slots' first check
    played: list[list[tuple[int, int]]] = [[] for _ in range(players)]  # per seat: (tile, checks before)
    steps: list[Step] = []
    zero = (0,) * len(sides)
    play_points = [0] * len(sides)
    passes = 0
    for seat, text in view.history:
        action = parse(text, top)
        if action is DRAW or action is PASS:
            mask = 0
            for value, _, _, _ in layout.ends:
                mask |= 1 << value
            checks[seat].append(mask)
            if action is DRAW:
                origins[seat].append(len(checks[seat]))
            else:
                passes += 1
            steps.append(Step(seat, action, zero))
            continue
        assert isinstance(action, Play)
        if action.target < 0:
            count = layout.lead(action.tile)
        else:
            count = layout.place(action.tile, layout.find_end(action.tile, action.target, action.side))
        passes = 0
        played[seat].append((action.tile, len(checks[seat])))
        points = 0
        if unit and (action.claim or not call) and count and count % 5 == 0:
            points = count // unit if unit == 5 else count * unit
        if points:
            play_points[side_of[seat]] += points
            per_side = [0] * len(sides)
            per_side[side_of[seat]] = points
            steps.append(Step(seat, action, tuple(per_side)))
        else:
            steps.append(Step(seat, action, zero))

    slots: list[tuple[int, int]] = []  # (seat, forbidden numbers mask) of every hidden tile
    for seat in range(players):
        if seat == view.seat:
            continue
        free = list(origins[seat])
        seat_checks = checks[seat]
        for tile, before in played[seat]:
            tm = _MASK[tile]
            chosen = -1
            for i, o in enumerate(free):
                if o > before:
                    break
                if not any(m & tm for m in seat_checks[o:before]):
                    chosen = i
                    break
            if chosen < 0:  # pragma: no cover - a real game always has one; keep the count right anyway
                chosen = max((i for i, o in enumerate(free) if o <= before), default=0)
            free.pop(chosen)
        want = view.hand_sizes[seat]
        del free[want:]  # pragma: no branch - equal in a real game
        free[:0] = [0] * (want - len(free))
        suffix = [0] * (len(seat_checks) + 1)
        for i in range(len(seat_checks) - 1, -1, -1):
            suffix[i] = suffix[i + 1] | seat_checks[i]
        slots.extend((seat, suffix[o]) for o in free)

    known = set(layout.node_of_tile)
    own = [tile_id(a, b) for a, b in view.hand or ()]
    known.update(own)
    k = _Knowledge()
    k.pool = [t for t in tile_set(options.get("tile_set", "d6")) if t not in known]
    k.slots = slots
    k.steps = steps
    k.layout = layout
    k.hand_play_points = play_points
    k.passes = passes
    k.stock = view.boneyard
    # The first lead of a game led by the highest double: that double is in the leader's hand.
    k.forced = -1
    k.leader_slot = None
    k.ban_above = None
    if not layout.nodes and view.hand_no == 1 and rules.first_leader == "highest_double":
        own_doubles = [t for t in own if IS_DOUBLE[t]]
        if view.seat == view.leader:
            k.forced = max(own_doubles)
            k.ban_above = k.forced  # no other hand holds a higher double
        else:
            floor = max(own_doubles, default=-1)
            k.leader_slot = view.leader
            k.ban_above = floor  # candidates for the leader's double are the unseen doubles above it
    return k


def _fill(k: _Knowledge, rng: random.Random) -> tuple[dict[int, list[int]], list[int], int]:
    """Hidden hands per slot and the boneyard; also the forced lead where it depends on the deal."""
    pool = k.pool[:]
    slots = k.slots
    forced = k.forced
    pre: list[tuple[int, int]] = []  # (slot index, tile) fixed before the random deal
    banned: set[int] = set()
    if k.ban_above is not None:
        if k.leader_slot is not None:
            candidates = sorted(t for t in pool if IS_DOUBLE[t] and t > k.ban_above)
            # the doubles above the leader's must all fit in the boneyard
            forced = rng.choice(candidates[max(0, len(candidates) - 1 - k.stock) :])
            index = next(i for i, (seat, _) in enumerate(slots) if seat == k.leader_slot)
            pre.append((index, forced))
            pool.remove(forced)
            banned = {t for t in pool if IS_DOUBLE[t] and t > forced}
        else:
            banned = {t for t in pool if IS_DOUBLE[t] and t > k.ban_above}
    order = [i for i in range(len(slots)) if all(i != p for p, _ in pre)]
    constrained = [i for i in order if slots[i][1]]
    free = [i for i in order if not slots[i][1]]
    assigned = dict(pre)
    for _ in range(_RETRIES):
        got = _random_fill(slots, constrained, free, pool, banned, rng)
        if got is not None:
            break
    else:
        got = _matching_fill(slots, constrained + free, pool, banned, rng)
    assigned.update(got[0])
    by_seat: dict[int, list[int]] = {}
    for i, (seat, _) in enumerate(slots):
        by_seat.setdefault(seat, []).append(assigned[i])
    return by_seat, got[1], forced


def _random_fill(
    slots: list[tuple[int, int]],
    constrained: list[int],
    free: list[int],
    pool: list[int],
    banned: set[int],
    rng: random.Random,
) -> tuple[dict[int, int], list[int]] | None:
    left = pool[:]
    rng.shuffle(left)
    rng.shuffle(constrained)
    constrained.sort(key=lambda i: -bin(slots[i][1]).count("1"))
    out: dict[int, int] = {}
    for i in constrained:
        mask = slots[i][1]
        for j, t in enumerate(left):
            if not _MASK[t] & mask and t not in banned:
                out[i] = t
                left.pop(j)
                break
        else:
            return None
    # the free slots take the first allowed tiles of the shuffled rest; the remainder is the boneyard
    rest: list[int] = []
    it = iter(free)
    slot = next(it, None)
    for t in left:
        if slot is not None and t not in banned:
            out[slot] = t
            slot = next(it, None)
        else:
            rest.append(t)
    if slot is not None:
        return None
    rng.shuffle(rest)
    return out, rest


def _matching_fill(
    slots: list[tuple[int, int]], order: list[int], pool: list[int], banned: set[int], rng: random.Random
) -> tuple[dict[int, int], list[int]]:
    """Kuhn's augmenting paths over slots x tiles, in random order: finds a consistent deal if one exists."""
    tiles = pool[:]
    rng.shuffle(tiles)
    owner: dict[int, int] = {}  # tile -> slot

    def fits(i: int, t: int) -> bool:
        return not _MASK[t] & slots[i][1] and t not in banned

    def augment(i: int, seen: set[int]) -> bool:
        for t in tiles:
            if t in seen or not fits(i, t):
                continue
            seen.add(t)
            if t not in owner or augment(owner[t], seen):
                owner[t] = i
                return True
        return False

    order = order[:]
    rng.shuffle(order)
    for i in order:
        if not augment(i, set()):
            raise ValueError("no deal is consistent with this view")
    out = {i: t for t, i in owner.items()}
    rest = [t for t in tiles if t not in owner]
    return out, rest


def determinize(view: FivesView, rng: random.Random) -> FivesState:
    """A state of this very moment consistent with `view` (see the module's docstring)."""
    k = _analyse(view)
    hidden, boneyard, forced = _fill(k, rng)
    rules = RULES[view.game_id]
    options = dict(view.options)
    state = object.__new__(FivesState)
    state.rules = rules
    state.game_id = view.game_id
    state.players = view.players
    state.options = options
    state.seed = rng.getrandbits(53)  # the real seed would tell the future deals: a fresh one
    state.tile_set = options.get("tile_set", "d6")
    state.top = SETS[state.tile_set]
    state.all_tiles = tile_set(state.tile_set)
    state.hand_size = rules.hand_size(view.players, options)
    state.leave = rules.leave(view.players, options) if rules.boneyard else 0
    state.sides = view.sides
    state.side_of = tuple(next(k for k, m in enumerate(view.sides) if s in m) for s in range(view.players))
    state.unit = view.muggins_unit
    state.call_muggins = options.get("muggins_claim") == "call"
    state.target = view.target
    state.zero = (0,) * len(view.sides)
    state.rng = random.Random(state.seed)
    state._rng_shared = False
    state._stacked = []
    state.deal_next_hand = True
    before = view.turn - len(k.steps)
    if before:
        filler = Step(-1, None, state.zero)
        prefix = [filler] * before
        if view.last is not None and not k.steps:
            seat, text, points = view.last
            prefix[-1] = Step(seat, parse(text, state.top), tuple(points))
        state.steps = prefix + k.steps
    else:
        state.steps = k.steps[:]
    state.hands = list(view.hands)
    state.scores = list(view.scores)
    state.winner = view.winner
    state.game_points = None if view.game_points is None else list(view.game_points)
    state.hand_no = view.hand_no
    state.extension_left = view.extension_left
    state.parties = [dict(p) for p in view.parties]
    state.partie_hands_from = view.partie_hands_from
    state._legal = []
    state._legal_turn = -1
    state.lead_draw = None if view.lead_draw is None else [tile_id(a, b) for a, b in view.lead_draw]
    in_hand: list[list[int]] = []
    for seat in range(view.players):
        if seat == view.seat:
            in_hand.append([tile_id(a, b) for a, b in view.hand or ()])
        else:
            in_hand.append(hidden.get(seat, []))
    state.in_hand = in_hand
    state.boneyard = boneyard
    state.layout = k.layout.clone()
    state.leader = view.leader
    state.current = view.current_seat if view.current_seat is not None else view.leader
    state.forced_lead = forced
    state.passes = k.passes
    state.hand_play_points = k.hand_play_points[:]
    state.hand_start = view.turn - len(k.steps)
    return state


def redeal(world: FivesState, view: FivesView, rng: random.Random) -> FivesState:
    """Another state consistent with `view`, made from `world` (a state `determinize` drew for this very
    view): the hidden tiles dealt as `determinize(view, rng)` would deal them (the same draws of `rng`),
    all the rest shared with `world` (its layout, history, the generator of later deals), which is what
    makes it cheap: a search draws hundreds of worlds for one view. Like `world` itself, it is a starting
    point to `clone` or `playout_copy` (never applied to directly while `world` is in use); the shared
    generator is taken apart on the first deal, as `clone` does."""
    k = _analyse(view)
    hidden, boneyard, forced = _fill(k, rng)
    state = object.__new__(FivesState)
    state.__dict__.update(world.__dict__)
    state.seed = rng.getrandbits(53)  # drawn as `determinize` draws it (its deals come from `world`'s generator)
    world._rng_shared = state._rng_shared = True
    in_hand = world.in_hand[:]
    for seat in range(view.players):
        if seat != view.seat:
            in_hand[seat] = hidden.get(seat, [])
    state.in_hand = in_hand
    state.boneyard = boneyard
    state.forced_lead = forced
    state._legal = []
    state._legal_turn = -1
    return state
