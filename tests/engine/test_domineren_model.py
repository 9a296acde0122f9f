"""An independent model of Domineren, written from docs/rules/domineren.md alone and fed only with what
the views show, checked against the engine over random sessions of every type and player count:

- where a tile may go (§16-§18): the normal and Russian rules, matadors, blanks, crosses, double crosses,
  triangles, the mixed types, Volapük, the directed openings a/b/c, and the special doubles of §8;
- what a player may do when he cannot play (§8 forced passes, §9 draw / pass, §12 concede) and when a
  hand ends (§13);
- what every step pays (§4, §7, §8, §10, §11, §12) and the settlement (§14).

The model shares no code with the engine beyond tile ids, so a rule the engine gets wrong shows up as a
difference here unless the model makes the same mistake from the rule text.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine.domineren.gametypes import BLANK_ONLY, TYPE_IDS, parse_declaration
from bot.engine.domineren.notation import Play
from bot.engine.tiles import HI, LO, PIPS, E, N, S, W, parse_tile, tile_id
from tests.checks import must
from tests.games import new_domineren

MATADORS = {tile_id(6, 1), tile_id(5, 2), tile_id(4, 3), tile_id(0, 0)}
BLANK = tile_id(0, 0)
OTHER_END = {W: E, E: W}
BONUS = {
    "pagat": {3: {4: 200, 5: 500}, 4: {3: 25, 4: 250}, 5: {3: 30}},
    "leeflang": {3: {4: 200, 5: 250}, 4: {3: 25, 4: 250}, 5: {3: 50}},
}
# crosses: (rule of the four tiles on the set, rule of the arms, double cross)
CROSSES = {
    "2": ("N", "N", False),
    "3": ("N", "N", True),
    "5": ("R", "R", False),
    "6": ("R", "R", True),
    "7": ("N", "R", False),
    "8": ("N", "R", True),
    "10": ("R", "N", True),
}


def is_double(t: int) -> bool:
    return LO[t] == HI[t]


def halves(tile: int, value: int, rule: str, end_tile: int) -> set[int]:
    """§16: the halves of `tile` that may touch an end showing `value`, on the tile `end_tile`."""
    if rule == "N":
        return {h for h in (LO[tile], HI[tile]) if h == value}
    if tile in MATADORS:  # any end, either half; but no blank against a matador
        return set() if tile == BLANK and end_tile in MATADORS else {LO[tile], HI[tile]}
    if value == 0:  # only a matador on a blank
        return set()
    return {h for h in (LO[tile], HI[tile]) if h == 7 - value}


def placements(view: Any, hand: list[int], special: bool, type9: str) -> set[tuple[int, int, int]]:
    """(tile, touching half, target tile) for every placement of `hand` the rules allow now."""
    decl = parse_declaration(view.game_type.declaration)
    t = decl.type_id
    nodes = view.layout
    set_tile = tile_id(*nodes[0].tile)
    line = t in ("1", "4", "11", "12")
    triangle = t in BLANK_ONLY
    on_set = sum(1 for p in nodes if p.parent == 0)
    arms: dict[int, list[int]] = {}
    for i, p in enumerate(nodes[1:], 1):
        arms.setdefault(p.arm, []).append(i)
    queue: list[int] = []  # §18.11 a/b: the ends the next tiles must go to
    if decl.cond == "a":
        queue = [decl.end, OTHER_END[decl.end]]
    elif decl.cond == "b":
        queue = [decl.end] * decl.count
    for p in nodes[1:]:
        if p.arm in queue and (p.special or p.arm == queue[0]):
            queue.remove(p.arm)
    switched = decl.switch and not queue
    out: set[tuple[int, int, int]] = set()
    for side in (W, E) if line else (W, E, N, S):
        if side in arms:
            node = arms[side][-1]
            value = nodes[node].b
        else:
            node, value = 0, (LO[set_tile] if side == E else HI[set_tile])
        if special and node != 0:
            continue
        if not special and queue and side != queue[0]:
            continue
        need = ""  # "D": a double, "DM": a double or a matador, "M": a matador
        if line:
            rule = {"1": "N", "4": "R", "11": "NR"[max(decl.base, 0)]}.get(t) or ("N" if side == decl.normal else "R")
            if switched:
                rule = "R" if rule == "N" else "N"
        elif triangle:
            if node == 0 and on_set < 3:
                rule, need = "R", "M"
            elif node == 0:
                if t != "17":
                    continue  # 14-16: the fourth side stays closed
                rule = "N"
            else:
                if on_set < (4 if t == "17" else 3):
                    continue
                rule = "R" if t in ("14", "15") else "N"
                need = "D" if t == "15" and len(arms[side]) == 1 else ""
        else:
            if t in ("13a", "13b"):
                rule = "N" if (side in (W, E)) == (decl.normal == E) else "R"
                double_cross = t == "13b"
            elif t == "18":
                rule = ("R", "R", "N", "N")[on_set] if node == 0 else "N"
                double_cross = decl.double_cross
            elif t == "9":
                rule = "R" if node == 0 else "N"
                double_cross = type9 == "normal_double_cross"
            else:
                sides, arm_rule, double_cross = CROSSES[t]
                rule = sides if node == 0 else arm_rule
            if node != 0:
                if on_set < 4:
                    continue  # the arms wait for the four sides
                if double_cross and len(arms[side]) == 1:
                    need = "D" if rule == "N" else "DM"
        end_tile = tile_id(*nodes[node].tile)
        for tile in hand:
            if (special or need == "D") and not is_double(tile):
                continue
            if need == "DM" and not is_double(tile) and tile not in MATADORS:
                continue
            if need == "M" and tile not in MATADORS:
                continue
            out.update((tile, h, end_tile) for h in halves(tile, value, rule, end_tile))
    return out


def engine_placements(state: Any, seat: int) -> set[tuple[int, int, int]]:
    return {
        (a.tile, a.touch, a.target)
        for a in state.legal_actions(seat)
        if type(a) is Play and a.target >= 0 and not a.block
    }


def tiles_of(view: Any, seat: int) -> list[int]:
    return [tile_id(*t) for t in view.hand]


def count(hand: list[str]) -> int:
    """§14: pips, the 0-0 tile 14."""
    return sum(14 if parse_tile(t) == BLANK else PIPS[parse_tile(t)] for t in hand)


class Ledger:
    """What each step pays, from the rules (auto_claim=on)."""

    def __init__(self, n: int, table: str) -> None:
        self.n, self.table = n, table
        self.prev: tuple[int, int] | None = None  # (seat, tile) played in the previous turn (§10)
        self.block: int | None = None
        self.block_seats: list[int] = []
        self.nos = False
        self.set_tile = -1
        self.set_player = -1

    def expect(self, state: Any, seat: int, action: Any) -> list[int]:
        n = self.n
        delta = [0] * n
        others = [s for s in range(n) if s != seat]

        def pay(payer: int, payee: int, chips: int) -> None:
            delta[payer] -= chips
            delta[payee] += chips

        phase, text = state.phase, str(action)
        view = state.view(seat)
        hands = list(view.hand_sizes)
        if phase == "declare" and text == "declare":
            doubles = sum(1 for t in tiles_of(view, seat) if is_double(t))
            chips = max(v for k, v in BONUS[self.table][n].items() if doubles >= k)
            for o in others:
                pay(o, seat, chips)
        elif phase == "special" and type(action) is Play:
            pay(self.set_player, seat, 7 if action.tile == BLANK else LO[action.tile])
        elif phase == "play" and type(action) is Play:
            tile = action.tile
            if self.prev and is_double(tile) and action.target == self.prev[1] and hands[self.prev[0]]:
                pay(self.prev[0], seat, 7 if tile == BLANK else LO[tile])
            if self.block is not None:  # somebody played: the Block was wrong
                for o in self.block_seats:
                    if o != self.block:
                        pay(self.block, o, 40)
                self.block = None
            if hands[seat] == 1 and not self.nos:
                self.nos = True
                for o in others:
                    pay(o, seat, 5)
            if action.block:
                self.block, self.block_seats = seat, [s for s in range(n) if hands[s] and (s != seat or hands[s] > 1)]
            self.prev = (seat, tile)
        elif phase == "play" and text == "pass":
            self.prev = None
        elif phase == "play" and text == "concede":
            self.uphold(delta)
        return delta

    def set(self, seat: int, tile: int, drawn: bool) -> list[int]:
        """§4: the set from the hand (a double), or drawn from the talon."""
        self.prev, self.block, self.nos, self.set_player, self.set_tile = None, None, False, seat, tile
        delta = [0] * self.n
        for o in range(self.n):
            if o != seat:
                chips = (7 if tile == BLANK else LO[tile]) * (2 if drawn else 1) if is_double(tile) else -PIPS[tile]
                delta[o] -= chips
                delta[seat] += chips
        return delta

    def uphold(self, delta: list[int]) -> None:
        for o in self.block_seats:
            if o != self.block:
                delta[o] -= 20
                delta[must(self.block)] += 20
        self.block = None


def session(players: int, target: str, seed: int, options: dict[str, Any]) -> tuple[int, set[str]]:
    """Play a random session, checking every decision against the model; returns the number of positions
    compared and the types declared."""
    opts = {"billitonnen": "off", **options}
    state = new_domineren("domineren", players, opts, seed=seed)
    rng = random.Random(seed)
    ledger = Ledger(players, opts.get("double_bonus_table", "pagat"))
    type9 = opts.get("type9_continuation", "normal_cross")
    turns = [0] * players
    owed_passes: list[list[int]] = [[] for _ in range(players)]
    drew = -1  # the seat that drew last (its turn goes on)
    compared = 0
    declared = set()
    while not state.is_over:
        seat, phase = must(state.current_seat), state.phase
        legal = state.legal_actions(seat)
        texts = [str(a) for a in legal]
        view = state.view(seat)
        if phase == "set":
            turns, owed_passes, drew = [0] * players, [[] for _ in range(players)], -1
        if phase == "special":
            assert engine_placements(state, seat) == placements(view, tiles_of(view, seat), True, type9)
            compared += 1
        if phase == "play":
            if drew != seat:
                turns[seat] += 1
            mine = placements(view, tiles_of(view, seat), False, type9)
            if turns[seat] in owed_passes[seat]:  # §8: the price of a special double
                assert texts == ["pass"]
            elif mine:
                assert engine_placements(state, seat) == mine
                assert "draw" not in texts and "pass" not in texts  # §9: who can play must play
            elif view.talon > 2:
                two_left = sum(1 for size in view.hand_sizes if size) == 2
                concede = view.block is not None and view.block != seat and two_left
                assert texts == (["draw", "concede"] if concede else ["draw"])
            else:
                assert texts == ["pass"]  # §9: the last two talon tiles are never drawn
            compared += 1
        action = rng.choice(legal)
        if phase == "type":
            wanted = [a for a in legal if a.type_id == target]
            action = rng.choice(wanted) if wanted else action
        elif phase == "set" and target in BLANK_ONLY and "0-0" in texts:
            action = legal[texts.index("0-0")]
        if phase == "special" and type(action) is Play:
            decl = parse_declaration(must(view.game_type).declaration)
            side = next(m.dir for m in view.legal if m.text == str(action))
            turn = 2 if decl.cond == "b" and side != decl.end else 1  # §18.11 b: the other end
            while turn in owed_passes[seat]:
                turn += 1
            owed_passes[seat].append(turn)
        expected = ledger.expect(state, seat, action)
        finished = len(state.hands)
        state.apply(seat, action)
        drew = seat if str(action) == "draw" else -1
        if phase == "set":
            expected = ledger.set(seat, tile_id(*state.view(None).layout[0].tile), str(action) == "draw")
        if phase == "type":
            declared.add(action.type_id)
        if phase in ("type", "declare", "special") and state.phase == "play":
            ledger.prev = (ledger.set_player, ledger.set_tile)  # the set is the set player's tile (§10)
        if len(state.hands) > finished:
            hand = state.hands[finished]
            if hand.reason == "block-upheld":
                ledger.uphold(expected)
            totals = [count(h) for h in hand.detail["hands"]]
            assert hand.detail["totals"] == totals
            # §14: each pays every lower total the difference
            assert list(hand.points) == [
                sum(b - a for b in totals if b > a) - sum(a - b for b in totals if b < a) for a in totals
            ]
            active = sum(1 for h in hand.detail["hands"] if h)
            assert hand.reason in ("nos-out", "block-conceded") or active >= 2
            assert (hand.reason == "nos-out") == (active <= 1)
        elif phase == "play":
            # §13: the hand goes on while two hold tiles and someone can still play or draw
            public = state.view(None)
            assert sum(1 for size in public.hand_sizes if size) >= 2
            if public.talon <= 2:
                assert any(
                    placements(public, [tile_id(*t) for t in must(state.view(s).hand)], False, type9)
                    for s in range(players)
                    if public.hand_sizes[s]
                )
        assert list(state.steps[-1].points) == expected, (seed, phase, seat, str(action))
    return compared, declared


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_engine_agrees_with_an_independent_model(players: int) -> None:
    compared = 0
    declared: set[str] = set()
    for i, target in enumerate(TYPE_IDS):
        for k in range(3):
            seed = 1000 * players + 10 * i + k
            options = {
                "hands": 16 if target in BLANK_ONLY else 4,  # a triangle needs 0-0 in the set player's hand
                "double_bonus_table": ("pagat", "leeflang")[k % 2],
                "type9_continuation": ("normal_cross", "normal_double_cross")[(i + k) % 2],
            }
            n, types = session(players, target, seed, options)
            compared += n
            declared |= types
    assert declared == set(TYPE_IDS)
    assert compared > 5000
