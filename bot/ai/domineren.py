"""Domineren computer players, deciding from their seat's view only.

`easy` (`choose`) always claims and declares what it is owed, sets the double that pays most, declares the type under
which most of its tiles can go on the set, plays doubles out of turn when it can, and in play takes the
chips a move earns, then sheds its heaviest tile. It declares Block only when sure: when no tile it
cannot see, and none of its own, could match any end of the layout after its play under either rule
(and it prefers a play after which it is sure, for the 20 chips from each player).
In Billitonnen it turns towards an end with a chance weighted by how many unseen tiles show its number.

`normal` and `strong` are the search of `bot.ai.search` with the hooks at the end (`FAMILY`): samples of
the hidden tiles played out to the end of the hand by a fast policy, the chips each candidate wins. So
the set player chooses the double to set, the game type and its parameters by playing each out on the
same deals; a double declaration, a special double on the set and a Block are made when they pay on
average; Billitonnen is played by the same search (its samples deal the face-down tiles nobody has seen).
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine.base import DRAW
from bot.engine.domineren import DominerenState, DominerenView, LegalMove, determinize
from bot.engine.domineren.billitonnen import PLACES, TURNS
from bot.engine.domineren.gametypes import Declaration, plan_for
from bot.engine.domineren.layout import Layout
from bot.engine.domineren.matching import FIT, IS_MATADOR, half_value, hand_count
from bot.engine.domineren.notation import CLAIM, DECLARE, PEEK, Play, parse
from bot.engine.tiles import HI, LO, E, W, tile_id

from .domineren_playouts import AFTER as _AFTER
from .domineren_playouts import BIT as _BIT
from .domineren_playouts import FITS as _FITS
from .domineren_playouts import FLEX
from .domineren_playouts import GAIN as _GAIN
from .domineren_playouts import HALF as _HALF
from .domineren_playouts import SCORE as _SCORE
from .domineren_playouts import play_out as _fast_play_out
from .domineren_playouts import rollout as _fast_rollout
from .search import Family


def choose(view: DominerenView, rng: random.Random) -> str:
    legal = view.legal
    kinds = {m.kind for m in legal}
    for word in ("claim", "declare"):
        if word in kinds:
            return word
    if "type" in kinds:
        return _choose_type(view, legal, rng)
    if "set" in kinds:
        return max(legal, key=lambda m: half_value(tile_id(*m.tile)) if m.tile else -1).text
    if "special" in kinds:
        return max((m for m in legal if m.kind == "special"), key=lambda m: m.gain).text
    if "play" in kinds:
        return _choose_play(view, legal, rng)
    if "turn" in kinds or "place" in kinds:
        return _billitonnen(view, legal, rng)
    if "peek" in kinds:
        return "peek"
    for word in ("draw", "pass"):
        if word in kinds:
            return word
    return rng.choice(legal).text


def _tile(pair: tuple[int, int]) -> int:
    return tile_id(*pair)


def _moved(move: LegalMove) -> int:
    """The tile a set, play or special moves."""
    assert move.tile is not None
    return tile_id(*move.tile)


def _choose_type(view: DominerenView, legal: tuple[LegalMove, ...], rng: random.Random) -> str:
    """The declarations under which most of the hand fits the set's open sides; the lowest type id among
    them (the plainer game), a random one of its parameter choices."""
    set_tile = _tile(view.layout[0].tile)
    hand = [_tile(t) for t in view.hand or ()]
    best: list[tuple[int, str]] = []
    best_score = -1
    for move in legal:
        if move.kind != "type":
            continue
        decl = parse(move.text)
        assert isinstance(decl, Declaration)
        layout = Layout(set_tile, view.seat or 0)
        layout.declare(plan_for(decl, view.options.get("type9_continuation") == "normal_double_cross"))
        options = layout.options()
        score = sum(1 for t in hand if any(FIT[key][value][t] for _, value, key, _, _, _ in options))
        rank = -int((move.game_type or "0").rstrip("ab"))
        if score > best_score:
            best_score, best = score, []
        if score == best_score:
            best.append((rank, move.text))
    top = max(rank for rank, _ in best)
    return rng.choice([text for rank, text in best if rank == top])


def _choose_play(view: DominerenView, legal: tuple[LegalMove, ...], rng: random.Random) -> str:
    plays = [m for m in legal if m.kind == "play"]

    def value(m: LegalMove) -> tuple[int, int]:
        t = _moved(m)
        return (m.gain, hand_count([t]) + (3 if LO[t] == HI[t] else 0))

    texts = {m.text for m in legal}
    sure = [m for m in plays if m.text + " block" in texts and _sure_block(view, m)]
    pool = sure or plays
    top = max(value(m) for m in pool)
    move = rng.choice([m for m in pool if value(m) == top])
    return move.text + " block" if sure else move.text


def _might_fit(tile: int, value: int) -> bool:
    """Could `tile` ever go on an end showing `value`, under the normal or the Russian rule?"""
    lo, hi = LO[tile], HI[tile]
    return value in (lo, hi) or IS_MATADOR[tile] or (value != 0 and 7 - value in (lo, hi))


def _sure_block(view: DominerenView, move: LegalMove) -> bool:
    play = parse(move.text)
    assert isinstance(play, Play)
    played = play.tile
    values = [e.number for e in view.ends if not (e.node == move.target and e.dir == move.dir)]
    values.append(HI[played] if LO[played] == play.touch else LO[played])
    # every tile not on the table is in some hand (ours included) or the talon, and may yet be played
    on_table = {_tile(p.tile) for p in view.layout} | {played}
    return not any(_might_fit(t, v) for t in range(28) if t not in on_table for v in values)


def _billitonnen(view: DominerenView, legal: tuple[LegalMove, ...], rng: random.Random) -> str:
    game = view.billitonnen
    assert game is not None
    seen = {_tile(p.tile) for p in game.line} | {_tile(t) for row in game.rows for t in row if t is not None}
    unseen = [t for t in range(28) if t not in seen]
    ends = {"W": game.end_w, "E": game.end_e}
    kinds = {m.kind for m in legal}
    if "place" in kinds:
        if "peek" in kinds:
            return "peek"
        turned = game.turned
        assert turned is not None  # a tile that fits both ends waits to be placed
        nxt = game.peeked
        for side in ("W", "E"):
            other = ends["E" if side == "W" else "W"]
            new = turned[0] if turned[1] == ends[side] else turned[1]
            if nxt is not None and (other in nxt or new in nxt):
                return f"place {side}"
        return rng.choice(["place W", "place E"])
    row = game.rows[view.seat] if view.seat is not None else ()
    known = game.peeked or (row[-1] if row else None)
    if known is not None:
        for side, number in ends.items():
            if number in known:
                return f"turn {side}"
    # weighted, not greedy: a tile seen fitting only the other end comes round again, and a player who
    # always chose the same end could keep turning it back forever
    counts = {side: 1 + sum(1 for t in unseen if number in (LO[t], HI[t])) for side, number in ends.items()}
    return "turn W" if rng.random() * (counts["W"] + counts["E"]) < counts["W"] else "turn E"


# -- what the search (bot.ai.search) needs ------------------------------------------------------------------
# The playout policy is `choose` above played on a full state, without views: claim and declare, set the
# double that pays most, a type the hand fits (plain types only: conditions a/b are the search's to try),
# take a special double on the set, and in play the chips a move earns, then the heaviest tile (doubles
# first: they fit fewest ends) and the tiles of the hand it leaves playable (`best_placement`; measured
# against the plain heaviest-first policy: about +29 chips a session for one such normal seat among three
# plain ones, 95% interval about [+2, +55] over 28 deals). It never declares Block (a Block it could not
# be sure of loses 40 a player) and never peeks at tiles its seat could not see: Billitonnen's face-down
# rows are turned blind.

# (what playing a tile is worth at once in a playout, `_SCORE`, is bot.ai.domineren_playouts' table)


def playout_mover(state: DominerenState) -> int:
    """The seat `playout_policy` moves: with auto_claim off, every seat owed a payment claims it first, in
    the order they came to be owed (as `playout_step` claims them), before the seat to play plays and lets
    the others lapse; else the seat to play."""
    for seat in state.claims:
        return seat
    return state.current


def playout_policy(state: DominerenState, rng: random.Random) -> Any:
    """The action of the seat to act in a playout (`playout_mover`; see above)."""
    acts = state.legal_actions(playout_mover(state))
    if len(acts) == 1:
        return acts[0]
    phase = state.phase
    if CLAIM in acts:
        return CLAIM
    if phase == "play":
        return _playout_play(state, acts, rng)
    if phase == "billitonnen":
        return _playout_billitonnen(state, acts, rng)
    if phase == "declare":
        return DECLARE
    if phase == "special":
        return max(acts, key=lambda a: _HALF[a.tile] if type(a) is Play else -1)
    if phase == "type":
        return _playout_type(state, acts, rng)
    return max(acts, key=lambda a: half_value(a.tile) if type(a) is Play else -1)  # the set


def _playout_play(state: DominerenState, acts: list[Any], rng: random.Random) -> Any:
    """`best_placement` as one of the legal actions (naming the side where equivalent ends share one)."""
    if type(acts[0]) is not Play:
        return DRAW if DRAW in acts else acts[0]  # no tile to play: draw (not concede) or pass
    tile, index, touch = best_placement(state, state.current, rng) or (-1, -1, -1)
    where = state._where
    for a in acts:
        if a.tile == tile and a.touch == touch and not a.block:
            if where[(tile, touch, a.target, a.side)] == index:
                return a
            if where.get((tile, touch, a.target, state.board.ends[index][2])) == index:
                return a._replace(side=state.board.ends[index][2])
    raise AssertionError("the placement chosen is among the legal plays")


def best_placement(state: DominerenState, seat: int, rng: random.Random) -> tuple[int, int, int] | None:
    """The play of the playout policy in a normal turn, as (tile, end index, touching half), or None when
    no tile fits: first the chips it earns (a double on the previous player's tile, §10), then the tile's
    weight at the count (doubles more), then how many of the other tiles in hand could still be played
    after it (on the end it leaves or on another): a hand that keeps fitting goes out sooner. Ties at
    random. bot.ai.domineren_playouts' `rollout` writes this choice out in its loop (the same scores, the
    same ties in the same order): a change here is a change there (tests/ai/test_fast_playouts.py plays
    both and fails when they part)."""
    hand = state.in_hand[seat]
    prev = state.prev_node
    gainful = prev >= 0 and bool(state.in_hand[state.prev_seat])
    layout = state.layout
    assert layout is not None  # (in play)
    options = layout.options()
    # the hand's tiles as a bit set, and per open end those of them that fit it: a tile's flexibility is
    # then the count of the other tiles in (fits the end it leaves | fits another end), at once
    held = 0
    for t in hand:
        held |= _BIT[t]
    # the tiles fitting some end, and those fitting two or more: a tile fits an end other than end o
    # when it fits any and is not one of those that fit end o alone
    fits = _FITS
    fitting = []
    total = multi = 0
    for _, value, key, _, _, _ in options:
        f = fits[key][value] & held
        fitting.append(f)
        multi |= total & f
        total |= f
    if not total:
        return None
    best_key = -1  # the best placement so far as scalars; a list only when placements tie with it
    bt = bi = btouch = 0
    ties: list[tuple[int, int, int]] | None = None
    bits, score_of = _BIT, _SCORE
    for (i, value, key, node, _, _), mine in zip(options, fitting, strict=True):
        if not mine:
            continue
        elsewhere = total ^ (mine & ~multi)
        after = _AFTER[key][value]
        doubled = gainful and node == prev
        # the fitting tiles in the hand's order (ties are listed in it); one alone is its only bit
        for t in hand if mine & (mine - 1) else (mine.bit_length() - 1,):
            if not mine & bits[t]:
                continue
            others = held ^ bits[t]
            rest = others & ~elsewhere
            base = (others & elsewhere).bit_count() * FLEX + (score_of[t] + _GAIN[t] if doubled else score_of[t])
            for touch, fits_after in after[t]:
                # (the end left keeps its rule: near enough for a playout)
                score = base + (fits_after & rest).bit_count() * FLEX
                if score > best_key:
                    best_key, bt, bi, btouch, ties = score, t, i, touch, None
                elif score == best_key:
                    if ties is None:
                        ties = [(bt, bi, btouch)]
                    ties.append((t, i, touch))
    return (bt, bi, btouch) if ties is None else rng.choice(ties)


def _playout_type(state: DominerenState, acts: list[Any], rng: random.Random) -> Any:
    """The plain declaration (no condition) under which most of the hand fits the set's sides."""
    set_tile = state.board.nodes[0].tile
    hand = state.in_hand[state.current]
    best: list[Any] = []
    best_score = -1
    for decl in acts:
        if decl.cond:
            continue
        layout = Layout(set_tile, state.current)
        layout.declare(plan_for(decl, state.type9_double_cross))
        options = layout.options()
        score = sum(1 for t in hand if any(FIT[key][value][t] for _, value, key, _, _, _ in options))
        if score > best_score:
            best_score, best = score, [decl]
        elif score == best_score:
            best.append(decl)
    return best[0] if len(best) == 1 else rng.choice(best)


def _playout_billitonnen(state: DominerenState, acts: list[Any], rng: random.Random) -> Any:
    """Turn towards the end the rightmost tile fits when its seat knows it (seen turned before, a double
    face up, or peeked at), else either; always peek when it may; place so that the next tile fits."""
    game = state.bill
    ends = game.ends
    w, e = ends[W][0], ends[E][0]
    if game.turned >= 0:
        if PEEK in acts:
            return PEEK
        nxt = game.peeked
        turned = game.turned
        if nxt >= 0:
            for side, other in ((W, e), (E, w)):
                new = HI[turned] if LO[turned] == ends[side][0] else LO[turned]
                if other in (LO[nxt], HI[nxt]) or new in (LO[nxt], HI[nxt]):
                    return PLACES[0] if side == W else PLACES[1]
        return rng.choice(PLACES)
    t = game.rows[game.current][-1]
    if t == game.peeked or t in game.seen or t in game.face_up:
        if w in (LO[t], HI[t]):
            return TURNS[0]  # turn W
        if e in (LO[t], HI[t]):
            return TURNS[1]
    return rng.choice(TURNS)


def _claims_first(state: DominerenState) -> None:
    """auto_claim=off: in a playout every seat owed a payment claims it at once (as `easy` does)."""
    for seat in list(state.claims):
        state.apply(seat, CLAIM)


def playout_step(state: DominerenState, rng: random.Random) -> None:
    """One move of `playout_policy`, a normal turn played straight on the state: the fitting tiles are
    found in one pass over the open ends and the hand, and `play_at`/`draw_or_pass` make the move without
    listing every legal action first. Other phases go through `apply`."""
    if state.claims:
        _claims_first(state)
        if state.winner is not None:
            return
    seat = state.current
    if state.phase != "play":
        state.apply(seat, playout_policy(state, rng))
        return
    if state.turn_no[seat] in state.forced[seat]:
        state.draw_or_pass(seat)
        return
    move = best_placement(state, seat, rng)
    if move is None:
        state.draw_or_pass(seat)
    else:
        state.play_at(seat, *move)


def candidates(view: DominerenView, rng: random.Random) -> list[str]:
    """The moves worth searching: a claim at once; a Block only where it has a chance (no tile of ours
    fits after the play, and at most two tiles we cannot see could: every other fitting tile would be
    played); of two type declarations that are mirror images on a double set (W and E swapped), one; in
    Billitonnen, a tile the seat knows is turned where it fits (the search cannot tell the ends apart when
    the seat loses either way, and players who kept turning known tiles at the wrong end would go round
    for ever)."""
    texts = [m.text for m in view.legal]
    if "claim" in texts:
        return ["claim"]
    kinds = {m.kind for m in view.legal}
    if "turn" in kinds:
        return _billitonnen_turns(view, texts)
    if "block" in kinds:
        world = determinize(view, rng)  # the layout after a play is public: any sample shows it
        mine = [_tile(t) for t in view.hand or ()]
        on_table = {_tile(p.tile) for p in view.layout}
        unseen = [t for t in range(28) if t not in on_table and t not in mine]
        keep = []
        for m in view.legal:
            if m.kind != "block":
                keep.append(m.text)
                continue
            after = world.clone()
            after.deal_next_hand = False
            after.apply(after.current, m.text)
            if len(after.hands) > len(world.hands):
                keep.append(m.text)  # the hand ended on it (a Block upheld at once): the search weighs it
                continue
            board = after.board
            rest = [t for t in mine if t != _moved(m)]
            if not board.can_play(rest) and sum(1 for t in unseen if board.can_play([t])) <= 2:
                keep.append(m.text)
        return keep
    if "type" in kinds and view.layout and view.layout[0].tile[0] == view.layout[0].tile[1]:
        seen: set[str] = set()
        keep = []
        for m in view.legal:
            mirror = _mirrored(m.text)
            if mirror not in seen:
                keep.append(m.text)
                seen.add(m.text)
        return keep
    return texts


def _billitonnen_turns(view: DominerenView, texts: list[str]) -> list[str]:
    """The end to turn the rightmost tile at, when the seat knows the tile (it peeked at it, it is a
    double lying face up, or everyone saw it turned before): where it fits; either end is the same when it
    fits both (it waits to be placed) or neither (it goes back). An unknown tile: both are searched."""
    game = view.billitonnen
    assert game is not None and view.seat is not None
    row = game.rows[view.seat]
    remembered = game.remembered[view.seat] if game.remembered else ()
    known = game.peeked or (row[-1] if row else None) or (remembered[-1] if remembered else None)
    if known is None:
        return texts
    fits = [text for text, number in (("turn W", game.end_w), ("turn E", game.end_e)) if number in known]
    return fits[:1] if len(fits) == 1 else texts[:1]


def _mirrored(text: str) -> str:
    """The declaration with W and E swapped (the same game after a double set, whose W and E ends agree);
    13a/13b's axes are the same game either way round after a double."""
    if text.startswith(("type 13a", "type 13b")):
        return text[:8] + " normal:WE"
    return text.replace(":W", ":X").replace(":E", ":W").replace(":X", ":E")


def effort(view: DominerenView) -> float:
    """The set player's type declaration has tens of candidates and decides the whole hand: it gets more
    playouts than a move in play (one decision a hand for one seat, so the time per move rarely shows it)."""
    return TYPE_EFFORT if view.phase == "type" else 1.0


TYPE_EFFORT = 1.25  # (3 made strong's declaration 2.5 s of CPU: past the 1 s a move may take)


def rollout(state: DominerenState, rng: random.Random) -> list[int]:
    """`playout_step` to the end of the hand, the play at once (bot.ai.domineren_playouts)."""
    return _fast_rollout(state, rng, playout_step)


def play_out(
    world: DominerenState, seat: int, action: Any, rng: random.Random
) -> tuple[DominerenState, list[int]] | None:
    """The candidate tile and the rest of the hand at once, unchecked (bot.ai.domineren_playouts)."""
    return _fast_play_out(world, seat, action, rng, playout_step)


FAMILY = Family(
    policy=playout_policy,
    step=playout_step,
    rollout=rollout,
    play_out=play_out,
    candidates=candidates,
    effort=effort,
    mover=playout_mover,
)
