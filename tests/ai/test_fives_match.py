"""The fives search's match objective: what a playout's end is worth is the chance to win the game from
its scores, so the same lead counts more near the target, and a game over is won or lost outright."""

from __future__ import annotations

from bot.ai.fives import match_value
from tests.games import new_fives


def _at(scores: list[int], target: int = 250) -> float:
    state = new_fives("all-fives", 2, {"target": target}, seed=1)
    state.scores = scores
    return match_value(state, 0, 0.0)


def test_a_lead_is_worth_more_near_the_target() -> None:
    early, late = _at([30, 20]), _at([230, 220])
    assert 0 < early < late  # ten points ahead: worth more when the race is nearly run
    assert abs(_at([20, 30]) + early) < 1e-9  # and a deficit the same, the other way
    assert _at([100, 100]) == 0.0


def test_the_value_grows_with_the_lead_and_stays_within_a_win() -> None:
    values = [_at([100 + lead, 100]) for lead in range(-100, 101, 10)]
    assert values == sorted(values)
    assert all(-125 < v < 125 for v in values)


def test_a_game_over_is_won_or_lost_outright() -> None:
    state = new_fives("all-fives", 2, {"target": 250}, seed=1)
    state.scores = [255, 240]
    state.winner = (0,)
    assert match_value(state, 0, 3.0) == 125 and match_value(state, 1, 3.0) == -125


def test_three_sides_keep_the_hands_points() -> None:
    state = new_fives("muggins", 3, {"target": 50}, seed=1)
    assert match_value(state, 0, 7.5) == 7.5
