"""A full Domineren state consistent with what one seat knows, for searches that may only read a view.

`determinize(view, rng)` deals the tiles the viewer cannot see (other hands but their face-up declared
doubles, the talon) and rebuilds the hand from a deal that leads to this very position:

1. A public pass over the hand's `history` rebuilds the layout move by move and notes, for each seat, the
   moments it could not play (a draw, a pass that was not a §8 forced pass, a conceded block, a set drawn
   for want of a double) with the tiles that would have fitted then, and when it drew.
2. The unseen tiles are dealt among the other hands and the talon, a tile going to a hand only if that
   seat drew after the last moment the tile would have fitted (greedy with retries, then an exact
   matching: `bot.engine.sampling`).
3. For each seat, its draws are matched to tiles it holds or played (a tile that would have fitted at one
   of its no-play moments must have been drawn after it, and before it was played); the rest is its
   dealt hand. The talon is the set (if drawn), the draws in order, then the undrawn tiles at random.
4. The hand is replayed from that deal through the engine's own `apply`, so every rule's hard fact holds
   by construction (who was asked to declare or to play a special double, who could play, payments);
   a deal the history refutes is dropped and another is sampled.

The sample is random among consistent deals but not exactly uniform; the public pass is kept for the last
view given (the same object: a search samples one view many times). Billitonnen, where nobody sees his
own face-down tiles, shuffles every unseen tile into the face-down places it has not seen turned (`remembered`
keeps the tiles turned and put back where they lie).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from ..base import Step
from ..errors import EngineError
from ..sampling import greedy, matching
from ..tiles import COMPASS, IS_DOUBLE, E, W, tile_id
from .billitonnen import Billitonnen
from .gametypes import parse_declaration
from .inference import DOUBLES, attribute_draws, plan_seat, public_pass, special_doubles
from .layout import Layout
from .notation import CLAIM, parse
from .state import BILLITONNEN, DominerenState
from .view import DominerenView

_TEMPLATES: dict[tuple[Any, ...], DominerenState] = {}
_ATTEMPTS = 400


def _id(pair: tuple[int, int]) -> int:
    return tile_id(pair[0], pair[1])


def _template(view: DominerenView) -> DominerenState:
    key = (view.players, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in view.options.items())))
    state = _TEMPLATES.get(key)
    if state is None:
        state = DominerenState(view.game_id, view.players, dict(view.options), 0, ())
        _TEMPLATES[key] = state
    return state


def _prepare(view: DominerenView, base: DominerenState) -> SimpleNamespace:
    """What every sample of one view shares: the public pass over the history, the unseen tiles, and what
    the hand's questions and no-play moments say of each seat."""
    n = view.players
    me = view.seat
    seats, set_time, layout, questions = public_pass(view, base.type9_double_cross)
    # seats a pending question shows to hold enough doubles (§7) or a double for the set (§8): (seat, tiles, how many)
    musts: list[tuple[int, int, int]] = []
    if view.phase == "declare":
        asked = {seat for seat, text in view.history if text == "decline"}
        if view.current_seat is not None:
            asked.add(view.current_seat)
        musts = [(seat, DOUBLES, base.min_doubles) for seat in asked if seat != me]
    elif view.phase == "special" and view.current_seat not in (me, None) and layout is not None:
        musts = [(view.current_seat, special_doubles(layout), 1)]
    # during the §7 questions every decline is one of them, in `musts` already
    questions = [] if view.phase == "declare" else [q for q in questions if q[0] != me]
    # the seats never asked to declare, once the asking is over: only a seat dealt enough doubles is (§7), so a
    # deal giving one of them enough is refuted by the replay; it is dropped before it, at a count's cost
    unasked: list[int] = []
    if view.phase in ("special", "play"):
        answered = {q[0] for q in questions if q[2]}
        unasked = [s for s in range(n) if s not in (me, view.set_player, *answered) and not seats[s].declared]
    actions = [(seat, parse(text)) for seat, text in view.history]  # once, for every deal tried
    mine = [_id(t) for t in view.hand or ()]
    declared = [[_id(t) for t in d] for d in view.declared]
    seen = {_id(p.tile) for p in view.layout}
    for s in range(n):
        seen.update(declared[s])
    seen.update(mine)
    unseen = [t for t in range(28) if t not in seen]
    set_drawn = view.set_drawn and set_time >= 0
    set_draw = _id(view.layout[0].tile) if set_drawn else -1
    # what a tile drawn at a time, or held since the deal, cannot be: it would have fitted later
    after_draw: list[dict[int, int]] = []
    for info in seats:
        later = 0
        masks = {}
        for time, mask in reversed(info.moments):
            for d in [d for d in info.draws if d >= time and d not in masks]:
                masks[d] = later
            later |= mask
        for d in info.draws:
            masks.setdefault(d, later)
        masks[-1] = later | (DOUBLES if info.declared else 0)  # held since the deal (declared doubles are seen)
        after_draw.append(masks)
    return SimpleNamespace(**locals())


# the view prepared last and what it gave (one tuple, replaced whole): a search samples one view many times
_last: tuple[Any, Any] = (None, None)


def determinize(view: DominerenView, rng: random.Random) -> DominerenState:
    """A state of the session at this moment consistent with everything `view.seat` knows (the public view:
    everything public), sampled as the module docstring says."""
    global _last
    if view.over:
        raise ValueError("the game is over: there is nothing to determinize")
    base = _template(view)
    if view.phase == BILLITONNEN:
        return _billitonnen(view, base, rng)
    seen, pub = _last
    if seen is not view:
        pub = _prepare(view, base)
        _last = (view, pub)
    for attempt in range(_ATTEMPTS):
        by_time: dict[int, int] = {}
        originals: list[list[int]] = [list(pub.declared[s]) for s in range(pub.n)]
        forbid: list[int] = []
        room: list[int] = []
        owners: list[tuple[int, int]] = []  # place -> (seat, draw time or -1); (-1, -1) the talon
        ok = True
        for s, info in enumerate(pub.seats):
            if s == pub.me:
                tiles = pub.mine + [t for t in info.played if t != pub.set_draw]
                # a declaring seat showed every double it was dealt: one it holds and did not show was drawn
                shown = set(pub.declared[s])
                unshown = {t for t in pub.mine if IS_DOUBLE[t] and t not in shown} if info.declared else set()
                drawn = attribute_draws(info, tiles, shown, unshown, rng)
                if drawn is None:
                    ok = False
                    break
                by_time.update(drawn)
                taken = set(drawn.values())
                originals[s] = [t for t in tiles if t not in taken]
                continue
            hidden = view.hand_sizes[s] - len(pub.declared[s])
            plan = plan_seat(info, hidden, pub.set_draw, rng)
            if plan is None:
                ok = False
                break
            drawn, held = plan
            by_time.update(drawn)
            taken = set(drawn.values())
            originals[s] += [t for t in info.played if t != pub.set_draw and t not in taken]
            for time in held:
                owners.append((s, time))
                forbid.append(pub.after_draw[s][time])
                room.append(1)
            owners.append((s, -1))
            forbid.append(pub.after_draw[s][-1])
            room.append(hidden - len(held))
        if not ok:
            continue
        owners.append((-1, -1))
        forbid.append(0)
        room.append(view.talon)
        places = range(len(owners))
        left = pub.unseen
        # a decline answered a §7 question (he held enough doubles) or a §8 one (he held a double for the set)
        guess = [
            (seat, mask, 1) if mask and (not could7 or rng.random() < 0.5) else (seat, DOUBLES, base.min_doubles)
            for seat, mask, could7 in pub.questions
        ]
        if pub.musts or guess:
            left, ok = _place_musts(pub.musts + guess, pub.unseen, owners, forbid, room, originals, rng)
            if not ok:
                continue
        allowed = {t: [p for p in places if not forbid[p] >> t & 1] for t in left}
        where = (matching if attempt % 4 == 3 else greedy)(left, allowed, room, rng)
        if where is None:
            continue
        talon_rest = []
        for t, p in zip(left, where, strict=True):
            s, time = owners[p]
            if s < 0:
                talon_rest.append(t)
            elif time >= 0:
                by_time[time] = t
            else:
                originals[s].append(t)
        if any(sum(IS_DOUBLE[t] for t in originals[s]) >= base.min_doubles for s in pub.unasked):
            continue
        for hand in originals:
            rng.shuffle(hand)
        rng.shuffle(talon_rest)
        talon = ([pub.set_draw] if pub.set_drawn else []) + [by_time[time] for time in sorted(by_time)] + talon_rest
        state = _replay(view, base, pub.actions, originals, talon, rng)
        if state is not None:
            return state
    raise RuntimeError("no deal consistent with the view was found")


def _place_musts(
    musts: list[tuple[int, int, int]],
    unseen: list[int],
    owners: list[tuple[int, int]],
    forbid: list[int],
    room: list[int],
    originals: list[list[int]],
    rng: random.Random,
) -> tuple[list[int], bool]:
    """Deal first to the seats that must hold some of the tiles of a mask (a question was put to them
    before any draw, so among the tiles they were dealt); the unseen tiles left, and whether it worked."""
    left = unseen[:]
    for seat, mask, count in musts:
        place = owners.index((seat, -1))
        have = sum(1 for t in originals[seat] if mask >> t & 1)
        need = count - have
        if need <= 0:
            continue
        cands = [t for t in left if mask >> t & 1 and not forbid[place] >> t & 1]
        if len(cands) < need or room[place] < need:
            return left, False
        for t in rng.sample(cands, need):
            left.remove(t)
            originals[seat].append(t)
        room[place] -= need
    return left, True


def _start(view: DominerenView, base: DominerenState, rng: random.Random) -> DominerenState:
    """A state with the session's public record up to this hand (its steps only counted)."""
    state = object.__new__(DominerenState)
    d = state.__dict__
    d.update(base.__dict__)
    earlier = view.turn - len(view.history)
    pad: list[Step] = []
    if earlier:
        zero = (0,) * view.players
        pad = [Step(-1, None, zero)] * (earlier - 1)
        last = view.last if not view.history and view.last is not None else None
        pad.append(Step(last[0], _Shown(last[1]), last[2]) if last else Step(-1, None, zero))
    d["seed"] = 0
    d["rng"] = random.Random(rng.getrandbits(64))
    d["_rng_shared"] = False
    d["_deals"] = []
    d["steps"] = pad
    d["hands"] = list(view.hands)
    d["winner"] = None
    d["game_points"] = None
    d["pool"] = view.pool
    d["billitonnen"] = None
    d["claims"] = {}
    d["set_draw"] = None if view.set_draw is None else [(s, _id(t)) for s, t in view.set_draw]
    d["_legal"] = []
    d["_legal_set"] = set()
    d["_legal_turn"] = -1
    d["_where"] = {}
    d["_cands"] = []
    return state


class _Shown(str):
    """The text of an action of an earlier hand, as the view showed it."""

    __slots__ = ()


def _replay(
    view: DominerenView,
    base: DominerenState,
    actions: list[tuple[int, Any]],
    hands: list[list[int]],
    talon: list[int],
    rng: random.Random,
) -> DominerenState | None:
    """The hand replayed from the deal (hands, talon in draw order); None if the history refutes it."""
    state = _start(view, base, rng)
    n = view.players
    previous = [h for h in view.hands if "chips" in h.detail]
    state.scores = list(previous[-1].detail["chips"]) if previous else [view.start_chips] * n
    state._deals = [None] * (view.hand_no - 1) + [(hands, talon, None)]
    state.hand_no = view.hand_no - 1
    state._start_hand(view.set_player)
    state._deals = []
    last = len(actions) - 1
    for k, (seat, action) in enumerate(actions):
        try:
            if action == CLAIM and seat not in state.claims:  # owed from the hand before: not in this deal
                paid = view.last[2] if k == last and view.last is not None else (0,) * n
                state.steps.append(Step(seat, CLAIM, paid))
                continue
            state.apply(seat, action)
        except EngineError:
            return None
        if state.hand_no != view.hand_no or state.winner is not None:
            return None
    if (
        state.phase != view.phase
        or state.current != view.current_seat
        or len(state.talon) != view.talon
        or [len(h) for h in state.in_hand] != list(view.hand_sizes)
        or [[_id(t) for t in d] for d in view.declared] != state.declared
        or [sorted(f) for f in state.forced] != [list(f) for f in view.forced_passes]
        or state.turn_no != list(view.turns)
        or (state.layout is not None and len(state.layout.nodes) != len(view.layout))
    ):
        return None
    if view.owed and state.layout is None:
        state.claims = _carried_claims(view)
    if view.seat is not None:
        state.in_hand[view.seat] = [_id(t) for t in view.hand or ()]  # the order he sees
    state.scores = list(view.chips)
    state._legal_turn = -1
    return state


def _carried_claims(view: DominerenView) -> dict[int, list[tuple[int, int]]]:
    """auto_claim=off: payments owed from the last play of the hand before, still unclaimed before the set.
    The view gives each payee's total only; the payers are rebuilt as that play makes them (Nos: 5 from
    each other player; the rest, a double on the previous tile, from the seat before), a best guess."""
    n = view.players
    nos = view.hands[-1].detail.get("nos") if view.hands else None
    claims: dict[int, list[tuple[int, int]]] = {}
    for owed in view.owed:
        chips = owed.chips
        owed_to: list[tuple[int, int]] = []
        if owed.seat == nos and chips >= 5 * (n - 1):
            owed_to = [(other, 5) for other in range(n) if other != owed.seat]
            chips -= 5 * (n - 1)
        if chips:
            owed_to.append(((owed.seat - 1) % n, chips))
        claims[owed.seat] = owed_to
    return claims


def _billitonnen(view: DominerenView, base: DominerenState, rng: random.Random) -> DominerenState:
    state = _start(view, base, rng)
    d = state.__dict__
    b = view.billitonnen
    assert b is not None
    n = view.players
    line = [(_id(p.tile), -1 if i == 0 else p.a, p.parent, p.dir) for i, p in enumerate(b.line)]
    peeked_seen = b.peeked is not None
    shown = {t for t, _, _, _ in line}
    if b.turned is not None:
        shown.add(_id(b.turned))
    if peeked_seen:
        shown.add(_id(b.peeked))  # type: ignore[arg-type]
    face_up = {_id(t) for row in b.rows for t in row if t is not None}
    seen = {_id(t) for row in b.remembered for t in row if t is not None}
    hidden = [t for t in range(28) if t not in shown and t not in face_up and t not in seen]
    rng.shuffle(hidden)
    rows = []
    for seat, (row, known) in enumerate(zip(b.rows, b.remembered, strict=True)):
        out = []
        for i, t in enumerate(row):
            if known[i] is not None:
                out.append(_id(known[i]))  # type: ignore[arg-type]
            elif t is not None:
                out.append(_id(t))
            elif peeked_seen and seat == view.current_seat and i == len(row) - 1:
                out.append(_id(b.peeked))  # type: ignore[arg-type]
            else:
                out.append(hidden.pop())
        rows.append(out)
    game = Billitonnen.__new__(Billitonnen)
    game.players = n
    game.rows = rows
    game.first = b.first
    game.rng = state.rng
    game.face_up = face_up
    game.seen = seen
    game.turned = -1 if b.turned is None else _id(b.turned)
    # the current player looked at his next tile (public: he said `peek`) and has not turned since
    peeked = False
    for _, text in reversed(view.history):
        if text.startswith("turn"):
            break
        peeked = peeked or text == "peek"
    current = view.current_seat
    if current is None:  # (a Billitonnen over is a game over: nothing is hidden)
        raise ValueError("the game is over: there is nothing to sample")
    own = rows[current]
    game.peeked = own[-1] if peeked and own else -1
    game.winner = None
    game.tie_draw = None
    game.line = line
    ends = {}
    for side, number in ((W, b.end_w), (E, b.end_e)):
        node = max((i for i, p in enumerate(line) if i and p[3] == side), default=0)
        ends[side] = (number, node)
    game.ends = ends
    game.current = current
    decl = None if view.game_type is None else parse_declaration(view.game_type.declaration)
    layout = None
    if decl is not None:
        layout = Layout(0, view.set_player)
        layout.queue = [COMPASS.index(c) for c in view.game_type.directed]  # type: ignore[union-attr]
    d.update(
        hand_no=view.hand_no,
        hand_start=len(state.steps),
        scores=list(view.chips),
        in_hand=[[] for _ in range(n)],
        talon=[],
        set_player=view.set_player,
        current=view.current_seat,
        phase=BILLITONNEN,
        layout=layout,
        decl=decl,
        set_drawn=view.set_drawn,
        declared=[[] for _ in range(n)],
        forced=[list(f) for f in view.forced_passes],
        turn_no=list(view.turns),
        block=-1 if view.block is None else view.block,
        block_seats=(),
        nos=-1 if view.nos is None else view.nos,
        prev_node=-1,
        prev_seat=-1,
        ask=0,
        billitonnen=game,
    )
    for seat, text in view.history:
        state.steps.append(Step(seat, _Shown(text), (0,) * n))
    return state
