"""A Domineren computer player, deciding from its seat's view only.

It always claims and declares what it is owed, sets the double that pays most, declares the type under
which most of its tiles can go on the set, plays doubles out of turn when it can, and in play takes the
chips a move earns, then sheds its heaviest tile. It declares Block only when sure: when no tile it
cannot see, and none of its own, could match any end of the layout after its play under either rule
(and it prefers a play after which it is sure, for the 20 chips from each player).
In Billitonnen it turns towards an end with a chance weighted by how many unseen tiles show its number.
"""

from __future__ import annotations

import random

from bot.engine.domineren import DominerenView, LegalMove
from bot.engine.domineren.gametypes import Declaration, plan_for
from bot.engine.domineren.layout import Layout
from bot.engine.domineren.matching import FIT, IS_MATADOR, half_value, hand_count
from bot.engine.domineren.notation import Play, parse
from bot.engine.tiles import HI, LO, tile_id


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
        rank = -int(move.game_type.rstrip("ab"))
        if score > best_score:
            best_score, best = score, []
        if score == best_score:
            best.append((rank, move.text))
    top = max(rank for rank, _ in best)
    return rng.choice([text for rank, text in best if rank == top])


def _choose_play(view: DominerenView, legal: tuple[LegalMove, ...], rng: random.Random) -> str:
    plays = [m for m in legal if m.kind == "play"]

    def value(m: LegalMove) -> tuple[int, int]:
        t = _tile(m.tile)
        return (m.gain, hand_count([t]) + (3 if m.tile[0] == m.tile[1] else 0))

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
