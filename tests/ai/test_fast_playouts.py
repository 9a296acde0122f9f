"""The fast playout paths of the searches (`Family.rollout`) against the checked engine: from random
positions of random games, the rollout reaches the same hand's end as the family's step-by-step playout
through `apply`, with the same random generator: the same hands left, the same points, the same winner."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import _module, choose_action
from bot.ai.search import Family, _Baseline, outcome
from bot.engine import game_info, new_game
from bot.engine.fives.rules import RULES

# every scoring, spinner rule and muggins unit of the family, a claimed muggins, the double-nine set
FIVES = [
    *((game_id, players, {}) for game_id in RULES for players in (2, 4) if players in RULES[game_id].players),
    ("muggins", 3, {"muggins_claim": "call"}),
    ("all-fives", 2, {"tile_set": "d9"}),
]


def _position(game_id: str, players: int, options: dict[str, Any], seed: int, moves: int) -> Any:
    state = new_game(game_id, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _both(family: Family, state: Any, seed: int) -> tuple[Any, Any, float, float]:
    seat = state.current
    slow, fast = state.clone(), state.clone()
    base = _Baseline(state, seat)
    slow.deal_next_hand = fast.deal_next_hand = False
    hands = len(state.hands)
    rng = random.Random(seed)
    assert family.step is not None and family.rollout is not None
    while slow.winner is None and len(slow.hands) == hands:
        family.step(slow, rng)
    extra = family.rollout(fast, random.Random(seed))
    return slow, fast, outcome(slow, base, 100.0), outcome(fast, base, 100.0, extra)


def _same_end(slow: Any, fast: Any) -> None:
    assert fast.scores == slow.scores
    assert fast.winner == slow.winner
    assert fast.in_hand == slow.in_hand
    assert [(h.reason, h.points) for h in fast.hands] == [(h.reason, h.points) for h in slow.hands]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(FIVES), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_fives_rollout_reaches_the_checked_engines_end(
    config: tuple[str, int, dict[str, Any]], seed: int, moves: int
) -> None:
    game_id, players, options = config
    state = _position(game_id, players, options, seed, moves)
    if state.is_over:
        return
    family = _module(game_info(game_id).family).FAMILY
    slow, fast, slow_value, fast_value = _both(family, state, seed)
    _same_end(slow, fast)
    assert fast_value == slow_value


def _easy_position(game_id: str, players: int, options: dict[str, Any], seed: int, moves: int) -> Any:
    """A position `moves` into a game played by the easy level (random actions would bid nonsense)."""
    state = new_game(game_id, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, choose_action(state.view(seat), rng, "easy"))
    return state


CARDS = [
    ("five-hundred", 4, {}),
    ("five-hundred", 3, {}),
    ("five-hundred", 5, {}),
    ("five-hundred", 2, {}),
    ("five-hundred", 4, {"open_misere": "on"}),
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CARDS), seed=st.integers(0, 10**6), moves=st.integers(0, 45))
def test_five_hundred_rollout_reaches_the_checked_engines_end(
    config: tuple[str, int, dict[str, Any]], seed: int, moves: int
) -> None:
    game_id, players, options = config
    state = _easy_position(game_id, players, options, seed, moves)
    if state.is_over:
        return
    family = _module(game_info(game_id).family).FAMILY
    slow, fast, slow_value, fast_value = _both(family, state, seed)
    _same_end(slow, fast)
    assert fast.tricks_won == slow.tricks_won and fast.hands[-1].detail == slow.hands[-1].detail
    assert fast_value == slow_value


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_domineren_playout_steps_reach_the_checked_engines_end(players: int, seed: int, moves: int) -> None:
    """Domineren's fast step (`play_at`, `draw_or_pass`) against its policy's actions through `apply`."""
    state = _easy_position("domineren", players, {}, seed, moves)
    if state.is_over:
        return
    family = _module("domineren").FAMILY
    seat = state.current
    base = _Baseline(state, seat)
    slow, fast = state.clone(), state.clone()
    slow.deal_next_hand = fast.deal_next_hand = False
    hands = len(state.hands)
    slow_rng, fast_rng = random.Random(seed), random.Random(seed)
    assert family.step is not None
    while slow.winner is None and len(slow.hands) == hands:
        slow.apply(slow.current, family.policy(slow, slow_rng))
    while fast.winner is None and len(fast.hands) == hands:
        family.step(fast, fast_rng)
    _same_end(slow, fast)
    assert [s.points for s in fast.steps] == [s.points for s in slow.steps]
    assert outcome(fast, base, 0.0) == outcome(slow, base, 0.0)
