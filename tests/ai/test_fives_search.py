"""The searching computer levels of the fives family: legal, reproducible, deciding from the view alone,
and exact where nothing is hidden."""

from __future__ import annotations

import gc
import random
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import Any, TypeVar

import pytest

from bot.ai import BUDGETS, LEVELS, choose_action, searches
from bot.ai.fives import FAMILY, fully_known
from bot.ai.search import Budget, exact_choice
from bot.engine import GAMES, GameState, determinize
from bot.engine.fives.state import FivesState
from tests.checks import is_a, must
from tests.games import new_fives

FIVES = [(g, n) for g, info in GAMES.items() if info.family == "fives" for n in info.players]
SMALL = Budget(playouts=24, min_samples=2, exact_nodes=500)


S = TypeVar("S", bound=GameState)


def _advance(state: S, moves: int, rng: random.Random) -> S:
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
    return state


def test_levels_and_which_games_search() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    assert searches("all-fives", "strong") and searches("five-up", "normal")
    assert not searches("five-up", "easy")
    assert not searches("five-hundred", "strong") or "five_hundred" in BUDGETS
    state = new_fives("five-up", 4, seed=1)
    with pytest.raises(ValueError, match="unknown level"):
        choose_action(state.view(state.current_seat), random.Random(0), "expert")


@pytest.mark.parametrize(("game", "players"), FIVES)
def test_normal_finishes_every_game_legally(game: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BUDGETS["fives"], "normal", SMALL)
    options: dict[str, Any] = {"muggins_claim": "call"} if game == "muggins" else {}
    if "target" in {o.id for o in GAMES[game].options} and game not in ("five-up", "le-quantette", "quantette"):
        options["target"] = 50
    state = new_fives(game, players, options, seed=players)
    rng = random.Random(players)
    while not state.is_over:
        seat = must(state.current_seat)
        text = choose_action(state.view(seat), rng, "normal" if seat % 2 == 0 else "easy")
        assert text in {str(a) for a in state.legal_actions(seat)}
        state.apply(must(seat), text)
    assert state.winner


def test_the_same_view_and_seed_give_the_same_move() -> None:
    rng = random.Random(3)
    for seed in range(4):
        state = _advance(new_fives("five-up", 4, seed=seed), 9, rng)
        view = state.view(state.current_seat)
        moves = {choose_action(view, random.Random(77), "normal") for _ in range(3)}
        assert len(moves) == 1


def test_strong_decides_from_the_view_alone() -> None:
    """Two real games that differ only in what the seat cannot see get the same move, and the view it is
    given holds no reference to any state."""
    rng = random.Random(5)
    checked = 0
    for seed in range(12):
        state = _advance(new_fives("all-fives", 2, seed=seed), 6, rng)
        if state.is_over:
            continue
        seat = must(state.current_seat)
        view = state.view(seat)
        if len(view.legal) < 2:
            continue
        # another real-looking game with the same view: hidden tiles dealt otherwise
        other = is_a(FivesState, determinize(view, random.Random(seed)))
        assert other.in_hand[1 - seat] != state.in_hand[1 - seat] or other.boneyard != state.boneyard
        assert other.view(seat) == view
        a = choose_action(view, random.Random(1), "strong")
        b = choose_action(other.view(seat), random.Random(1), "strong")
        assert a == b
        # the view's data (its fields, their containers and values) holds no state; types, modules and
        # functions are not followed (through them everything in the process is reachable)
        reachable, todo = set(), [view]
        while todo:
            obj = todo.pop()
            if id(obj) in reachable or isinstance(obj, type | ModuleType | FunctionType | BuiltinFunctionType):
                continue
            reachable.add(id(obj))
            assert not isinstance(obj, GameState), "the view leads to a state"
            todo.extend(gc.get_referents(obj))
        checked += 1
    assert checked >= 3


def _minimax(state: GameState, side: int, hands: int, win: float) -> float:
    from bot.ai.search import _Baseline, outcome

    base = _Baseline.__new__(_Baseline)
    base.steps, base.hands, base.side = 0, hands, side

    def value(node: GameState) -> float:
        if node.winner is not None or len(node.hands) != hands:
            return outcome(node, base, win)
        results = []
        for act in node.legal_actions():
            child = node.clone()
            child.apply(child.current, act)
            results.append(value(child))
        return max(results) if node.side_of[node.current] == side else min(results)

    base.steps = len(state.steps)
    return value(state)


def test_exact_search_plays_a_known_two_player_ending_perfectly() -> None:
    """All Fives 2p with the boneyard drawn out: the opponent's hand is known, and the move chosen is worth
    what the best move is worth by plain minimax."""
    found = 0
    for seed in range(300):
        state = new_fives("all-fives", 2, {"leave": 0}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and (state.view(None).boneyard or sum(state.view(None).hand_sizes) > 7):
            state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
            if len(state.hands) > 0:
                break
        if state.is_over or state.hands:
            continue
        seat = must(state.current_seat)
        view = state.view(seat)
        if len(view.legal) < 2:
            continue
        assert fully_known(view)
        world = determinize(view, random.Random(0))
        best = exact_choice(world, seat, 100_000, FAMILY)
        assert best is not None
        side, win = state.side_of[seat], FAMILY.win_value(state)
        values = {}
        for act in state.legal_actions(seat):
            child = state.clone()
            child.apply(seat, act)
            values[str(act)] = _minimax(child, side, len(state.hands), win)
        assert values[best] == max(values.values())
        found += 1
        if found >= 6:
            break
    assert found >= 3


def test_fully_known_only_when_nothing_is_hidden() -> None:
    state = new_fives("all-fives", 2, seed=1)
    assert not fully_known(state.view(state.current_seat))
    state4 = new_fives("seven-rocks", 4, seed=1)
    assert not fully_known(state4.view(state4.current_seat))


@pytest.mark.parametrize(("game", "players"), FIVES)
def test_the_fast_playout_step_plays_only_legal_moves(game: str, players: int) -> None:
    from bot.ai.fives import greedy_step

    options: dict[str, Any] = {"muggins_claim": "call"} if game == "muggins" else {}
    rng = random.Random(players)
    for seed in range(3):
        state = new_fives(game, players, options, seed=seed)
        while not state.is_over:
            seat = state.current
            legal = state.legal_actions(seat)
            turn, hand_before = state.turn, list(state.in_hand[seat])
            most = max(m.points for m in state.view(seat).legal)
            greedy_step(state, rng)
            step = state.steps[turn]
            assert step.seat == seat
            if isinstance(step.action, str):
                assert str(step.action) in {str(a) for a in legal}
                continue
            target = (step.action.tile, step.action.target)
            assert any(not isinstance(a, str) and (a.tile, a.target) == target for a in legal), step.action
            assert step.action.tile in hand_before
            assert sum(step.points) == most, "it takes the most points there are, as the easy player does"


def test_sequential_halving_keeps_the_better_half_and_spends_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """With five candidates: three rounds, 5 then 3 then 2 candidates played out, about the budget in all."""
    import bot.ai.search as search

    played: list[int] = []
    real = search.play_candidate

    def counting(
        world: Any, seat: int, action: Any, base: Any, win: float, family: Any, rng: random.Random, match: bool = False
    ) -> float:
        played.append(world.turn)
        return real(world, seat, action, base, win, family, rng, match)

    monkeypatch.setattr(search, "play_candidate", counting)
    rng = random.Random(1)
    for seed in range(200):
        state = _advance(new_fives("five-up", 4, seed=seed), rng.randrange(4, 14), rng)
        if not state.is_over and len(state.view(state.current_seat).legal) == 5:
            break
    else:
        pytest.fail("no position with five candidates")
    view = state.view(state.current_seat)
    played.clear()
    search.choose(view, random.Random(2), Budget(playouts=300, min_samples=3), FAMILY)
    per_round = 300 // 3
    assert len(played) == (per_round // 5) * 5 + (per_round // 3) * 3 + (per_round // 2) * 2


def _five_choices() -> Any:
    rng = random.Random(1)
    for seed in range(200):
        state = _advance(new_fives("five-up", 4, seed=seed), rng.randrange(4, 14), rng)
        if not state.is_over and len(state.view(state.current_seat).legal) == 5:
            return state.view(state.current_seat)
    pytest.fail("no position with five candidates")


@pytest.mark.parametrize("clear", [True, False])
def test_racing_stops_once_the_leader_is_clear_and_spends_the_budget_on_a_close_call(
    clear: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With `race`, a move whose best candidate is ahead by many standard errors stops after the first
    look (and plays that candidate); one whose candidates are as good as each other spends the budget."""
    import bot.ai.search as search

    view = _five_choices()
    texts = [m.text for m in view.legal]
    best = texts[3]
    played: list[str] = []
    noise = random.Random(5)

    def valued(
        world: Any, seat: int, action: Any, base: Any, win: float, family: Any, rng: random.Random, match: bool = False
    ) -> float:
        text = world.format_action(action) if not isinstance(action, str) else action
        played.append(text)
        return (10.0 if clear and text == best else 0.0) + noise.gauss(0, 1)

    monkeypatch.setattr(search, "play_candidate", valued)
    chosen = search.choose(view, random.Random(2), Budget(playouts=300, min_samples=3, race=2.5), FAMILY)
    if clear:
        assert chosen == best
        assert len(played) == search.RACE_EVERY * len(texts), "stopped at the first look"
    else:
        per_round = 300 // 3
        assert len(played) == (per_round // 5) * 5 + (per_round // 3) * 3 + (per_round // 2) * 2
