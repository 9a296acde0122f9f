"""The searching Domineren computers (normal, strong): legal in every phase and option, reproducible,
deciding from the view alone, with a fast playout that plays exactly what `apply` would; the set player's
type and parameters, double declarations and Blocks chosen by simulation."""

from __future__ import annotations

import gc
import json
import random
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import Any

import pytest

from bot.ai import BUDGETS, choose_action, searches
from bot.ai.domineren import candidates, playout_policy, playout_step
from bot.ai.search import Budget
from bot.engine import GameState, determinize
from bot.engine.domineren import DominerenState, Play
from bot.engine.domineren.gametypes import parse_declaration, plan_for
from bot.engine.domineren.layout import Layout
from bot.engine.domineren.matching import FIT
from bot.engine.tiles import parse_tile
from tests.checks import is_a
from tests.engine.replaying import RECORDS, played
from tests.engine.test_domineren_support import Script, full_deal, second_hand
from tests.games import new_domineren

SMALL = Budget(playouts=24, min_samples=2)


def _session(players: int, options: dict[str, Any], seed: int, moves: int) -> DominerenState:
    """A session played `moves` actions into by the easy computer."""
    state: DominerenState = new_domineren("domineren", players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.actors[-1]
        state.apply(seat, choose_action(state.view(seat), rng))
    return state


def test_domineren_searches_at_normal_and_strong() -> None:
    assert searches("domineren", "normal") and searches("domineren", "strong")
    assert not searches("domineren", "easy")


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, {"hands": 2}),
        (3, {"hands": 1, "auto_claim": "off"}),
        (5, {"hands": 1, "allowed_types": ["11", "12", "13a", "13b"]}),
        (4, {"hands": 1, "allowed_types": ["4", "14", "15", "16", "17", "18"], "auto_claim": "off"}),
    ],
)
def test_searching_levels_finish_sessions_legally(
    players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every phase (set, type, declarations, specials, play with Blocks and claims, Billitonnen) played by
    normal and strong seats from their views, each action one the engine accepts."""
    monkeypatch.setitem(BUDGETS["domineren"], "normal", SMALL)
    monkeypatch.setitem(BUDGETS["domineren"], "strong", Budget(playouts=48, min_samples=4))
    state = new_domineren("domineren", players, options, seed=players)
    rng = random.Random(players)
    levels = ("strong", "normal", "easy", "strong", "normal")
    phases = set()
    while not state.is_over:
        seat = state.actors[-1]  # a seat owed a payment claims it out of turn first
        view = state.view(seat)
        text = choose_action(view, rng, levels[seat])
        assert text in {m.text for m in view.legal}
        phases.add(view.phase)
        state.apply(seat, text)
    assert {"set", "type", "play", "billitonnen"} <= phases


def test_the_same_view_and_seed_give_the_same_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BUDGETS["domineren"], "normal", SMALL)
    for seed in range(4):
        state = _session(4, {"hands": 2}, seed, 12 + seed)
        seat = state.current_seat
        assert seat is not None
        view = state.view(seat)
        assert len({choose_action(view, random.Random(9), "normal") for _ in range(3)}) == 1


def test_strong_decides_from_the_view_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two sessions that differ only in what the seat cannot see get the same move, and the view it is
    given holds no reference to any state."""
    monkeypatch.setitem(BUDGETS["domineren"], "strong", Budget(playouts=60, min_samples=6))
    checked = 0
    for seed in range(10):
        state = _session(4, {"hands": 1}, seed, 9 + seed % 5)
        seat = state.current_seat
        if seat is None:
            continue
        view = state.view(seat)
        if len(view.legal) < 2:
            continue
        other = is_a(DominerenState, determinize(view, random.Random(seed)))  # the hidden tiles dealt otherwise
        assert other.view(seat) == view
        assert [other.in_hand[s] for s in range(4) if s != seat] != [state.in_hand[s] for s in range(4) if s != seat]
        assert choose_action(view, random.Random(1), "strong") == choose_action(
            other.view(seat), random.Random(1), "strong"
        )
        reachable, todo = set(), [view]
        while todo:
            obj = todo.pop()
            if id(obj) in reachable or isinstance(obj, type | ModuleType | FunctionType | BuiltinFunctionType):
                continue
            reachable.add(id(obj))
            assert not isinstance(obj, GameState), "the view leads to a state"
            todo.extend(gc.get_referents(obj))
        checked += 1
    assert checked >= 4


def _end_index(before: DominerenState, after: DominerenState) -> int:
    """The end of `before`'s layout the last tile of `after` was played on."""
    node = after.board.nodes[-1]
    return next(i for i, e in enumerate(before.board.ends) if e[1] == node.parent and e[2] == node.dir)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fast_playout_step_plays_what_apply_would(players: int) -> None:
    """`playout_step` (play_at, draw_or_pass) leaves the state exactly as `apply` of the legal action it
    amounts to, and that action is one `playout_policy` could choose (never a Block)."""
    checked = 0
    for seed in range(4):
        state = new_domineren("domineren", players, {"hands": 3, "billitonnen": "off"}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions(seat)
            where = dict(state._where)
            fast = state.clone()
            fast.deal_next_hand = False  # the layout stays to be compared when the play ends the hand
            playout_step(fast, random.Random(seed))
            step = fast.steps[len(state.steps)]
            assert step.seat == seat
            if type(step.action) is Play and state.phase == "play":
                index = _end_index(state, fast)
                side = state.board.ends[index][2]
                # the legal play of that tile there; of equivalent ends (a plain cross's sides) the legal
                # action names none and takes the first, so the side is named, as a player may
                action = next(
                    a if where[(*a[:3], a.side)] == index else a._replace(side=side)
                    for a in legal
                    if type(a) is Play
                    and not a.block
                    and (a.tile, a.touch) == (step.action.tile, step.action.touch)
                    and index
                    in (where[(a.tile, a.touch, a.target, a.side)], where.get((a.tile, a.touch, a.target, side)))
                )
            else:
                assert step.action in legal
                action = step.action
            slow = state.clone()
            slow.deal_next_hand = False
            slow.apply(seat, str(action))
            for name in ("in_hand", "talon", "scores", "current", "phase", "hand_no", "forced", "turn_no", "nos"):
                assert getattr(fast, name) == getattr(slow, name), name
            assert [s.points for s in fast.steps] == [s.points for s in slow.steps]
            assert fast.hands == slow.hands
            if slow.layout is not None and state.layout is not None:
                assert [n.tile for n in fast.board.nodes] == [n.tile for n in slow.board.nodes]
                assert fast.board.ends == slow.board.ends
            checked += 1
            state.apply(seat, playout_policy(state, rng) if rng.random() < 0.5 else rng.choice(legal))
    assert checked > 100


def test_a_playout_ends_with_its_hand() -> None:
    state = _session(4, {"hands": 2}, 3, 10)
    state.deal_next_hand = False
    hand, results = state.hand_no, len(state.hands)
    rng = random.Random(0)
    while len(state.hands) == results:
        playout_step(state, rng)
    assert state.hand_no == hand and len(state.hands) == results + 1 and not state.is_over
    assert sum(state.scores) == 4 * state.start_chips


def test_a_block_is_searched_only_where_it_can_hold() -> None:
    record = json.loads((RECORDS / "domineren" / "ai-sure-block.json").read_text(encoding="utf-8"))
    state = is_a(DominerenState, played(record))
    seat = state.current_seat
    view = state.view(seat)
    kept = candidates(view, random.Random(0))
    assert "1-0@2-1 block" in kept, "every tile that could fit is on the table: it may hold"
    assert {m.text for m in view.legal if m.kind == "play"} <= set(kept)
    # early in a hand every Block is hopeless: none is searched
    for seed in range(6):
        early = _session(4, {"hands": 1}, seed, 6)
        v = early.view(early.current_seat)
        if any(m.kind == "block" for m in v.legal):
            assert not [t for t in candidates(v, random.Random(0)) if t.endswith(" block")]


def test_mirror_declarations_after_a_double_are_searched_once() -> None:
    hands = [["4-4", "3-1", "3-2", "3-5"], ["0-1", "0-2", "0-3", "0-4"], ["0-5", "0-6", "1-2", "1-4"]]
    hands.append(["1-5", "1-6", "2-4", "2-5"])
    script = Script(4, [full_deal(hands)])
    script.act(0, "4-4")
    view = script.state.view(0)
    kept = candidates(view, random.Random(0))
    assert "type 11 normal a:W" in kept and "type 11 normal a:E" not in kept
    assert "type 13a normal:WE" in kept and "type 13a normal:NS" not in kept
    assert "type 12 normal:W b:E:2" in kept and "type 12 normal:E b:W:2" not in kept
    assert {m.text for m in view.legal if m.game_type in ("1", "2", "3", "4", "5", "6")} <= set(kept)
    # after a single set its W and E ends differ: every declaration is searched
    single = _single_set_view()
    assert candidates(single, random.Random(0)) == [m.text for m in single.legal]


def _single_set_view() -> Any:
    hands = [["6-5", "0-1", "0-2", "0-3"], ["5-4", "4-3", "3-2", "3-1"], ["6-0", "6-2", "1-2", "1-4"]]
    hands.append(["1-5", "1-6", "2-4", "2-5"])
    script, set_player = second_hand(4, hands, talon=["6-4"], options={"allowed_types": ["1", "4", "11", "12"]})
    script.act(set_player, "draw")  # no double: the set comes from the talon
    return script.state.view(set_player)


def test_strong_declares_a_type_its_tiles_can_use(monkeypatch: pytest.MonkeyPatch) -> None:
    """Set 4-4 holding only tiles with a 3: under the normal rule none of them goes on the set, under the
    Russian rule all do. The search settles on a type that lets them go down (the plain normal games
    would leave them to the end)."""
    monkeypatch.setitem(BUDGETS["domineren"], "strong", Budget(playouts=900, min_samples=16))
    hands = [["4-4", "3-1", "3-2", "3-5"], ["0-1", "0-2", "0-3", "0-4"], ["0-5", "0-6", "1-2", "1-4"]]
    hands.append(["1-5", "1-6", "2-4", "2-5"])
    script = Script(4, [full_deal(hands)])
    script.act(0, "4-4")
    view = script.state.view(0)
    for k in range(3):
        text = choose_action(view, random.Random(k), "strong")
        assert text not in ("type 1", "type 2", "type 3"), text
        decl = parse_declaration(text)
        if decl.cond or decl.switch:
            continue  # a directed opening that sends the others' tiles elsewhere first
        layout = Layout(parse_tile("4-4"), 0)
        layout.declare(plan_for(decl, False))
        fits = [
            t for t in ("3-1", "3-2", "3-5") if any(FIT[k][v][parse_tile(t)] for _, v, k, _, _, _ in layout.options())
        ]
        assert fits, text


def test_strong_declares_four_doubles(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BUDGETS["domineren"], "strong", Budget(playouts=60, min_samples=8))
    hands = [["6-6", "0-1", "0-2", "0-3"], ["5-5", "4-4", "3-3", "2-2"], ["1-1", "0-6", "1-2", "1-4"]]
    hands.append(["1-5", "1-6", "2-4", "2-5"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "6-6"), (0, "type 4"))
    assert choose_action(script.state.view(1), random.Random(0), "strong") == "declare"  # 250 from each


def test_billitonnen_among_searching_seats_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """A tile a seat knows is turned where it fits: four searching seats that each expect to lose whatever
    they do once kept turning known tiles at the wrong end, and Billitonnen went round for ever."""
    monkeypatch.setitem(BUDGETS["domineren"], "normal", Budget(playouts=16, min_samples=4))
    for seed in range(8):
        state = _session(4, {"hands": 1}, seed, 0)
        rng = random.Random(seed)
        while state.phase != "billitonnen" and not state.is_over:
            seat = state.actors[-1]
            state.apply(seat, choose_action(state.view(seat), rng))
        for _ in range(600):
            if state.is_over:
                break
            seat = state.actors[-1]
            view = state.view(seat)
            text = choose_action(view, random.Random(state.turn), "normal")
            b = view.billitonnen
            assert b is not None
            row, seen = b.rows[seat], b.remembered[seat]
            known = b.peeked or (row[-1] or seen[-1] if row else None)
            if text.startswith("turn") and known is not None:
                fitting = [f"turn {side}" for side, n in (("W", b.end_w), ("E", b.end_e)) if n in known]
                assert len(fitting) != 1 or text == fitting[0], "a known tile goes where it fits"
            state.apply(seat, text)
        assert state.is_over, f"seed {seed}: Billitonnen did not end"
