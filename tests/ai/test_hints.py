"""Hints for learners (bot.ai.hints): the search's move for a seat on its turn and a reason that is true of
the position, found from the seat's view alone."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ai.hints import _reason, hint
from bot.engine import new_game
from tests.checks import must

from .test_analysis import HAND_0, HAND_1, OPENING, SCORING, _boneyard, _deal


def _after_opening(deal: dict[str, Any]) -> Any:
    """Seat 0 to play its second tile, after the opening (5-5, then 0-5 on it)."""
    state = new_game("all-fives", 2, {"target": 50}, seed=5, deal=[deal])
    for seat, action in OPENING:
        state.apply(seat, action)
    assert state.current_seat == 0
    return state


def test_the_hint_is_the_only_scoring_play_and_says_what_it_scores() -> None:
    state = _after_opening(_deal(HAND_1, _boneyard()))
    found = hint(state.view(0), seed=1)
    assert found.move == SCORING  # 0-0 on the 0: the ends make 10, no other play scores
    assert (found.reason, found.params) == ("scores", {"points": 10})
    assert found.runner_up is not None and found.runner_up != SCORING and found.margin > 0


def test_a_single_legal_move_is_the_hint_with_nothing_to_search() -> None:
    state = new_game("all-fives", 2, {"target": 50}, seed=5, deal=[_deal(HAND_1, _boneyard())])
    found = hint(state.view(0), seed=1)  # the highest double must lead: 5-5 and nothing else
    assert (found.move, found.reason, found.samples) == ("5-5", "only", 0)


def _hidden_twin(deal: dict[str, Any]) -> dict[str, Any]:
    """The deal with one of seat 1's unplayed tiles and one boneyard tile exchanged: seat 0 sees the same."""
    played = {"5-0"}
    mine = next(t for t in HAND_1 if t not in played)
    other = deal["boneyard"][0]
    hand_1 = [other if t == mine else t for t in HAND_1]
    boneyard = [mine if t == other else t for t in deal["boneyard"]]
    return _deal(hand_1, boneyard)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hint_sees_only_what_the_seat_sees(seed: int) -> None:
    deal = _deal(HAND_1, _boneyard())
    twin = _hidden_twin(deal)
    a, b = _after_opening(deal), _after_opening(twin)
    assert a.view(1).hand != b.view(1).hand  # the full states differ: seat 1 holds another tile
    assert a.view(0) == b.view(0)  # and seat 0 cannot tell
    assert hint(a.view(0), seed) == hint(b.view(0), seed)
    assert HAND_0[0] == "5-5"  # the fixture as the opening assumes it


def test_the_same_view_and_seed_give_the_same_hint() -> None:
    state = _after_opening(_deal(HAND_1, _boneyard()))
    assert hint(state.view(0), seed=9) == hint(state.view(0), seed=9)


def test_a_seat_with_nothing_to_do_gets_no_hint() -> None:
    state = _after_opening(_deal(HAND_1, _boneyard()))
    with pytest.raises(ValueError):
        hint(state.view(1), seed=1)


def test_a_five_hundred_bid_in_the_partners_suit_says_so() -> None:
    state = new_game("five-hundred", 4, {}, seed=3)
    first = must(state.current_seat)
    state.apply(first, "6H")  # seat 2 bids hearts
    state.apply(must(state.current_seat), "pass")
    partner = state.current_seat
    assert {first, partner} in [set(side) for side in state.sides]  # seat 0, its partner, to bid now
    view = state.view(partner)
    legal = {e.text: e for e in view.legal}
    assert _reason(view, legal["7H"], "7S", 3.0) == ("partner", {"suit": "H"})
    assert _reason(view, legal["7S"], "7H", 3.0) == ("ahead", {"other": "7H", "margin": 3.0})  # not her suit
    assert _reason(view, legal["7S"], "7H", 0.1)[0] == "close"
