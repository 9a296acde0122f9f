"""Seeded playouts of every fives-family game and option, checked against a small independent referee.

The referee below is written from docs/rules/fives.md alone and reads the engine only through its
public surface (views, steps, hand results): the end count is recomputed from the tiles on the table
(C5), the layout is checked for matching and spinner arms (C4), every hand's deal against §0/§3/§5/§6,
every end-of-hand score against §1-§6, every leader against who should lead, and every game end against
its rule. Thousands of hands over every game id, player count, tile set and option value.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import GAMES
from tests.checks import must
from tests.games import new_fives

E, N, W, S = 0, 1, 2, 3
INDIVIDUAL_AT_4 = {"draw", "horse-race"}
ALL_FIVES_FAMILY = {"all-fives", "muggins", "sniff", "horse-race", "seven-toed-pete", "seven-rocks"}
SPINNERS = {"muggins": "none", "all-fives": "first", "sniff": "first", "seven-toed-pete": "first"}  # else all


# -- C9 -------------------------------------------------------------------------------------------------------
def R5(x: int) -> int:
    q, r = divmod(x, 5)
    return q + (r >= 3)


def T5(x: int) -> int:
    return int(x / 5)


def N5(x: int) -> int:
    return 5 * R5(x)


# -- §0, §3, §5, §6: what is dealt ---------------------------------------------------------------------------
def dealt(game: str, n: int, o: dict[str, Any]) -> tuple[int, int, int]:
    """(hand size, tiles in the set, leave)."""
    tiles = 55 if o.get("tile_set") == "d9" else 28
    if game in ("five-up", "le-quantette"):
        hand = {"ida": 7 if n == 2 else 5, "clay": 5, "leeflang": 8 - n}[o["hand_size"]]
        leave = {"ida": 2 if n == 2 else 1, "clay": 1 if n == 3 else 2, "europe": 2}[o["leave"]]
    elif game in ("draw", "quantette"):
        hand, leave = 9 - n, 2 if n % 2 == 0 else 1
    elif game == "all-fives":
        hand = ({2: 9, 3: 8, 4: 7} if tiles == 55 else {2: 7, 3: 6, 4: 5})[n]
        leave = o["leave"]
    elif game == "muggins":
        hand, leave = {2: 7, 3: 5, 4: 5}[n], o["leave"]
    elif game in ("sniff", "horse-race"):
        hand, leave = {2: 7, 3: 6, 4: 5}[n], o["leave"]
    else:  # seven-toed-pete, seven-rocks: all 28 dealt, no boneyard
        hand, leave = 7, 0
    return hand, tiles, leave


def partners(game: str, n: int) -> bool:
    return n == 4 and game not in INDIVIDUAL_AT_4


def side_list(game: str, n: int) -> list[tuple[int, ...]]:
    return [(0, 2), (1, 3)] if partners(game, n) else [(s,) for s in range(n)]


# -- C4, C5: the layout as the public view shows it ----------------------------------------------------------
def check_layout(layout: tuple[Any, ...], policy: str) -> int:
    """Check matching, crosswise doubles and spinner arms; return the end count E (C5)."""
    if not layout:
        return 0
    kids: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for i, t in enumerate(layout):
        if i == 0:
            assert t.parent == -1
        else:
            assert 0 <= t.parent < i
            kids[t.parent].append((i, t.dir))
    doubles = [i for i, t in enumerate(layout) if t.double]
    for i, t in enumerate(layout):
        assert t.double == (t.a == t.b)
        expected_spinner = t.double and (policy == "all" or (policy == "first" and i == doubles[0]))
        assert t.spinner == expected_spinner, f"tile {i}: spinner flag under policy {policy}"
    total = 0
    for i, t in enumerate(layout):
        children = kids[i]
        dirs = [d for _, d in children]
        assert len(set(dirs)) == len(dirs), "one tile per direction"
        axis = E if i == 0 else t.dir
        sides = (E, W) if i == 0 else (t.dir,)
        arms = ((axis + 1) % 4, (axis + 3) % 4)
        for j, d in children:
            child = layout[j]
            if i == 0 and not t.double:
                assert d in (E, W)
                assert child.a == (t.a if d == W else t.b), "matching on the lead"
            elif t.double:
                assert d in sides or d in arms
                assert child.a == t.a, "matching on a double"
            else:
                assert d == t.dir, "a simple continues its line"
                assert child.a == t.b, "matching on a simple"
        if t.double:
            on_sides = [j for j, d in children if d in sides]
            on_arms = [j for j, d in children if d in arms]
            if on_arms:
                assert t.spinner, "only a spinner has arms"
                assert len(on_sides) == len(sides), "arms only after both sides are covered"
                assert min(on_arms) > max(on_sides), "arms opened before both sides were covered"
            covered = len(on_sides) + (0 if i == 0 else 1)
            if covered < 2:
                total += 2 * t.a  # a double with an uncovered side counts both halves, once
        elif i == 0:
            total += (t.a if W not in dirs else 0) + (t.b if E not in dirs else 0)
        elif not children:
            total += t.b
    return total


# -- §1-§6: the end of a hand ----------------------------------------------------------------------------------
def hand_points(game: str, n: int, pips: list[int], goer: int | None, o: dict[str, Any]) -> list[int]:
    sides = side_list(game, n)
    side_of = {s: k for k, members in enumerate(sides) for s in members}
    pts = [0] * len(sides)
    totals = [sum(pips[s] for s in members) for members in sides]
    if game in ("five-up", "le-quantette"):
        rnd = R5 if o["rounding"] == "nearest" else T5
        if n != 3:
            if goer is not None:
                g = side_of[goer]
                pts[g] = rnd(totals[1 - g])
            elif totals[0] != totals[1]:
                low = totals.index(min(totals))
                pts[low] = rnd(totals[1 - low])
        elif goer is not None:
            x, y = sorted((s for s in range(3) if s != goer), key=lambda s: pips[s])  # x holds fewer pips
            if game == "five-up":
                px, py = rnd(pips[x]), rnd(pips[y])
                pts[goer] = px + py
                pts[x] = py - px  # the one with fewer points scores the difference (0 when equal)
            else:
                pts[goer] = rnd(pips[x] + pips[y])
                pts[x] = rnd(pips[y] - pips[x])
        elif sorted(pips)[0] != sorted(pips)[1]:
            low, second, third = sorted(range(3), key=lambda s: pips[s])
            if game == "five-up":
                p = [rnd(v) for v in pips]
                if o["three_player_close"] == "literal":
                    pts[low] = p[second] + p[third] - p[low]
                else:
                    pts[low] = (p[second] - p[low]) + (p[third] - p[low])
            else:
                if o["three_player_close"] == "literal":
                    pts[low] = rnd(pips[second] + pips[third] - pips[low])
                else:
                    pts[low] = rnd((pips[second] - pips[low]) + (pips[third] - pips[low]))
                pts[second] = rnd(pips[third] - pips[second])
        if goer is not None and o.get("domino_bonus_2") == "on":
            pts[side_of[goer]] += 2
    elif game == "quantette":
        bonus = o["going_out_bonus"] if goer is not None else 0
        if len(sides) == 2:
            if goer is not None:
                g = side_of[goer]
                pts[g] = bonus + T5(totals[1 - g])
            else:
                diff = abs(totals[0] - totals[1])
                if diff and (diff > 5 or o["block_diff_5"] == "plain"):
                    pts[totals.index(min(totals))] = T5(diff)
        elif n == 3:
            for s in range(3):
                pts[s] = sum(T5(pips[q] - pips[s]) for q in range(3) if pips[q] > pips[s])
            if goer is not None:
                pts[goer] += bonus
        else:
            pts = [T5(max(pips) - p) for p in pips]
            if goer is not None:
                pts[goer] += bonus
    elif game == "draw":
        pts = list(pips)
    else:
        winner = goer
        if winner is None and pips.count(min(pips)) == 1:
            winner = pips.index(min(pips))
        if winner is not None:
            w = side_of[winner]
            pts[w] = N5(sum(p for s, p in enumerate(pips) if side_of[s] != w))
    return pts


def five_up_game_points(scores: list[int], w: int, o: dict[str, Any], demi: bool = False) -> list[int]:
    """§1 game points (2p/4p: W - L; 3p: the winner collects each loser's difference), with the options."""
    win = scores[w] + (10 if o.get("winner_bonus_10") == "on" else 0)
    out = [0] * len(scores)
    for s, score in enumerate(scores):
        if s == w:
            continue
        diff = (2 * win if demi and score < 18 else win) - score
        if score <= 30 and o.get("skunk") == "plus10":
            diff += 10
        if score <= 30 and o.get("skunk") == "double":
            diff *= 2
        out[s], out[w] = -diff, out[w] + diff
    return out


# -- the referee ---------------------------------------------------------------------------------------------
class Referee:
    def __init__(self, game: str, n: int, options: dict[str, Any], seed: int) -> None:
        self.state = new_fives(game, n, options, seed=seed)
        self.game, self.n, self.o = game, n, self.state.options
        self.policy = SPINNERS.get(game, "all")
        self.rng = random.Random(seed)
        self.hand_size, self.tiles, self.leave = dealt(game, n, self.o)
        self.totals = [0] * len(side_list(game, n))  # scores of the running game (partie)
        self.partie_hand_totals: list[list[int]] = []  # totals after each hand of the running partie
        self.parties: list[tuple[list[int], int]] = []
        self.passes = 0  # passes in succession (C8: the hand is blocked when every player has passed)
        self.extension = 0
        self.check_deal()

    # what a fresh hand must look like
    def check_deal(self) -> None:
        view = self.state.view(None)
        assert view.hand_sizes == (self.hand_size,) * self.n
        if self.game in ("seven-toed-pete", "seven-rocks"):
            assert view.boneyard == 0
        else:
            assert view.boneyard == self.tiles - self.n * self.hand_size
        assert view.drawable == max(0, view.boneyard - self.leave)
        assert view.layout == () and view.end_count == 0
        if self.game in ALL_FIVES_FAMILY and view.hand_no == 1:
            doubles = [(a, s) for s in range(self.n) for a, b in must(self.state.view(s).hand) if a == b]
            top, holder = max(doubles)
            assert view.current_seat == holder
            leads = {m.text.split()[0] for m in self.state.view(holder).legal}
            assert leads == {f"{top}-{top}"}, "the first lead is the highest double dealt"
        elif view.hand_no == 1 and self.state.lead_draw is not None:
            ranks = [(a + b, a) for a, b in must(view.lead_draw)]
            assert view.leader == max(range(self.n), key=lambda s: ranks[s])
            if partners(self.game, self.n) and self.o.get("partners") == "by_draw":
                top_two = sorted(range(4), key=lambda s: ranks[s])[2:]
                assert (top_two[0] - top_two[1]) % 2 == 0, "the two highest draws are partners"

    def step(self) -> None:
        state = self.state
        seat = must(state.current_seat)
        before = state.view(seat)
        hand_before = before.hand
        legal = {m.text: m for m in before.legal}
        assert sorted(legal) == sorted(str(a) for a in state.legal_actions(seat))
        values = {v for v, *_ in before.ends}
        can_play = not before.layout or any(a in values or b in values for a, b in must(hand_before))
        text = self.rng.choice(sorted(legal))
        hands_before = len(state.hands)
        events = state.apply(seat, text)
        last = state.steps[-1]
        assert (last.seat, str(last.action)) == (seat, text)
        if text in ("draw", "pass"):
            assert not can_play, "a player who can play never draws or passes"
            if text == "draw":
                assert before.drawable > 0 and self.game not in ("seven-toed-pete", "seven-rocks")
            else:
                assert before.drawable == 0
            assert last.points == (0,) * len(self.totals)
        else:
            (play,) = [e for e in events if e.kind == "play"]
            count = play.data["count"]
            unit = {"draw": 0}.get(self.game, 1 if self.game in ALL_FIVES_FAMILY else 5)
            claimed = text.endswith(" muggins") or self.o.get("muggins_claim") != "call"
            expected = (count // unit if unit == 5 else count) if unit and count and count % 5 == 0 else 0
            assert sum(last.points) == (expected if claimed else 0)
            assert sum(last.points) == legal[text].points, "the view's legal move told its points"
            if len(state.hands) == hands_before and not state.is_over:
                assert check_layout(state.view(None).layout, self.policy) == count == state.view(None).end_count
        self.passes = self.passes + 1 if text == "pass" else 0 if text != "draw" else self.passes
        for side, p in enumerate(last.points):
            self.totals[side] += p
        if len(state.hands) > hands_before:
            ended = state.hands[-1]
            if ended.reason == "blocked":
                assert text == "pass" and self.passes == self.n, "blocked only when every player passed in turn"
            else:
                assert (
                    ended.reason == "domino"
                    and text not in ("draw", "pass")
                    and not any(state.hands[-1].detail["hands"][seat])
                ), "the hand ends when a player plays his last tile"
            self.passes = 0
        elif text == "pass":
            assert self.passes < self.n
        if self.game in ALL_FIVES_FAMILY and len(state.hands) == hands_before:
            target = self.o["target"]
            assert state.is_over == (max(self.totals) >= target), "all fives ends the moment a side reaches it"
            if state.is_over:
                assert state.winner == (self.totals.index(max(self.totals)),)
        if len(state.hands) > hands_before:
            self.hand_ended(state.hands[-1])
        if not state.is_over:
            public = state.view(None)
            assert public.hand is None and public.legal == ()
            hidden = {t for s in range(self.n) for t in must(state.view(s).hand)}
            assert not {(max(t.a, t.b), min(t.a, t.b)) for t in public.layout} & hidden

    def hand_ended(self, hand: Any) -> None:
        state, game = self.state, self.game
        d = hand.detail
        pips = d["pips"]
        assert pips == [sum(int(x) for t in tiles for x in t.split("-")) for tiles in d["hands"]]
        goer = d["goer"]
        assert (goer is not None) == (hand.reason == "domino")
        if goer is not None:
            assert pips[goer] == 0
        expected = hand_points(game, self.n, pips, goer, self.o)
        assert list(hand.points) == expected, (game, self.n, pips, goer, self.o)
        for side, p in enumerate(hand.points):
            self.totals[side] += p
        leader = d["leader"]
        prev = state.hands[-2].detail if len(state.hands) > 1 else None
        if prev is not None:  # who leads this hand, given the one before
            if game in ALL_FIVES_FAMILY:
                assert leader == (prev["leader"] if prev["winner"] is None else prev["winner"])
            elif not self.partie_hand_totals and self.parties:  # le-quantette: the first hand of a partie
                last_scores = self.parties[-1][0]
                low = min(last_scores)
                sides = side_list(game, self.n)
                side_of = {s: k for k, m in enumerate(sides) for s in m}
                order = [(prev["leader"] + k) % self.n for k in range(1, self.n + 1)]
                assert leader == next(s for s in order if last_scores[side_of[s]] == low)
            else:
                assert leader == (prev["leader"] + 1) % self.n
        if game in ALL_FIVES_FAMILY:
            winner = goer if goer is not None else (pips.index(min(pips)) if pips.count(min(pips)) == 1 else None)
            assert d["winner"] == winner
        self.partie_hand_totals.append(list(self.totals))
        assert d["totals"] == self.totals
        self.check_game_end()
        if not state.is_over:
            self.check_deal()

    def check_game_end(self) -> None:
        state, game, totals = self.state, self.game, self.totals
        top = max(totals)
        unique = totals.count(top) == 1
        if game == "draw":
            over = len(state.hands) == self.o["rounds"]
            assert state.is_over == over
            if over:
                assert state.winner == tuple(s for s, v in enumerate(totals) if v == min(totals))
            return
        if game in ALL_FIVES_FAMILY:
            assert state.is_over == (top >= self.o["target"])
            return
        if game == "quantette":
            assert state.is_over == (top >= 35 and unique)
            if state.is_over:
                assert state.winner == (totals.index(top),)
            return
        # Five Up / Le Quantette: checked at hand end; a tie at the top is played off over 2 (3p: 3) hands
        decides = False
        if self.extension:
            self.extension -= 1
            decides = self.extension == 0
        elif top >= self.o["target"]:
            decides = True
        if decides and not unique:
            self.extension = 3 if self.n == 3 else 2
            decides = False
        if not decides:
            assert not state.is_over and list(state.scores) == totals
            return
        winner = totals.index(top)
        if game == "five-up":
            assert state.is_over and state.winner == (winner,)
            assert list(must(state.game_points)) == five_up_game_points(totals, winner, self.o)
            return
        self.parties.append((list(totals), winner))
        won = sum(1 for _, w in self.parties if w == winner)
        assert state.is_over == (won >= self.o["parties_to_win"])
        assert [p["scores"] for p in state.parties] == [p[0] for p in self.parties]
        if state.is_over:
            assert state.winner == (winner,)
            ledger = [0] * len(totals)
            for scores, w in self.parties:
                for s, p in enumerate(five_up_game_points(scores, w, self.o, self.o["demi_score"] == "on")):
                    ledger[s] += p
            assert list(must(state.game_points)) == ledger
        else:
            self.totals = [0] * len(totals)
            self.partie_hand_totals = []
            assert list(state.scores) == self.totals

    def run(self, limit: int = 30_000) -> Any:
        for _ in range(limit):
            if self.state.is_over:
                assert self.state.current_seat is None and self.state.legal_actions() == []
                if self.game in ("quantette", "draw") or self.game in ALL_FIVES_FAMILY:
                    assert self.state.game_points is None
                return self.state
            self.step()
        raise AssertionError(f"{self.game} did not end in {limit} actions")


def random_options(game: str, rng: random.Random) -> dict[str, Any]:
    out = {}
    for spec in GAMES[game].options:
        if rng.random() < 0.5:
            out[spec.id] = rng.choice(spec.choices) if spec.choices else rng.randint(spec.minimum or 1, 3)
    return out


CONFIGS = [
    (game, n, tiles)
    for game, info in GAMES.items()
    if info.family == "fives"
    for n in info.players
    for tiles in (("d6", "d9") if game == "all-fives" else ("d6",))
]


@pytest.mark.parametrize(("game", "players", "tiles"), CONFIGS)
def test_referee_agrees_on_every_game_player_count_and_tile_set(game: str, players: int, tiles: str) -> None:
    rng = random.Random(f"{game}/{players}/{tiles}")
    hands = 0
    for seed in range(6):
        options = random_options(game, rng) if seed % 2 else {}  # defaults, then random options
        if game == "all-fives":
            options["tile_set"] = tiles
            if seed % 3 == 0:
                options["target"] = 500
        state = Referee(game, players, options, seed).run()
        hands += len(state.hands)
    assert hands >= 6


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32), option_seed=st.integers(0, 2**16))
def test_referee_agrees_with_hypothesis_options(config: tuple[str, int, str], seed: int, option_seed: int) -> None:
    game, players, tiles = config
    options = random_options(game, random.Random(option_seed))
    if game == "all-fives":
        options["tile_set"] = tiles
    Referee(game, players, options, seed).run()
