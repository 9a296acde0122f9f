"""Five Hundred refuses illegal actions with a specific error and leaves the game exactly as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.engine import (
    BadNotation,
    BadRecord,
    EngineError,
    GameOver,
    IllegalAction,
    MustFollow,
    NotInHand,
    NotYourTurn,
)
from bot.engine.records import summary
from tests.checks import must
from tests.games import new_five_hundred

from .replaying import replay_cli
from .test_five_hundred_rules import hearts_hand, play, stacked

GAME = "five-hundred"


def snapshot(state: Any) -> tuple[Any, ...]:
    return (summary(state), state.view(None), *(state.view(s) for s in range(state.players)))


def refused(state: Any, seat: int, action: str, error: type[EngineError], key: str | None = None) -> EngineError:
    before = snapshot(state)
    with pytest.raises(error) as caught:
        state.apply(seat, action)
    assert snapshot(state) == before, "a refused action changes nothing"
    if key is not None:
        assert caught.value.key == key
    return caught.value


def in_auction() -> Any:
    state = new_five_hundred(GAME, 4, seed=1, deal={"dealer": 0})
    play(state, "7S", "pass")  # seat 1 bids 7S, seat 2 passes; seat 3 to bid
    return state


def at_discard() -> Any:
    """Seat 1 declared 6H (hearts_hand's deal) and must discard three of its 13 cards."""
    deal = {
        "dealer": 0,
        "hands": [
            ["JK", "AS", "5S", "6S", "7S", "8S", "9S", "10S", "QS", "KS"],
            ["AH", "KH", "QH", "8H", "4D", "5C", "6C", "7C", "8C", "9C"],
            ["JH", "5D", "6D", "7D", "8D", "9D", "10D", "QD", "KD", "AD"],
            ["JD", "10H", "9H", "4H", "JS", "10C", "QC", "KC", "AC", "JC"],
        ],
        "widow": ["5H", "6H", "7H"],
    }
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "6H", "pass", "pass", "pass")
    return state


def at_call(**options: Any) -> Any:
    """Five players: seat 1 declared 8H, discarded 4C 5C 6C and must call; seat 1 holds AS."""
    fixed = {0: ["JK"], 1: FIVE_HAND}
    state = new_five_hundred(GAME, 5, options, seed=0, deal=stacked(5, fixed, WIDOW))
    play(state, "8H", "pass", "pass", "pass", "pass", "discard 4C 5C 6C")
    return state


WIDOW = ["2S", "3S", "4S"]
FIVE_HAND = ["AS", "4C", "5C", "6C", "AH", "KH", "QH", "JH", "10H", "9C"]

CASES: dict[str, tuple[Callable[[], Any], int | None, str, type[EngineError], str | None]] = {
    "wrong seat in the auction": (in_auction, 0, "8S", NotYourTurn, "not_your_turn"),
    "bid after passing": (in_auction, 2, "8S", IllegalAction, "passed_out"),
    "bid too low": (in_auction, None, "6NT", IllegalAction, "bid_too_low"),
    "equal bid": (in_auction, None, "7S", IllegalAction, "bid_too_low"),
    "discard during the auction": (in_auction, None, "discard 5S 6S 7S", IllegalAction, "expect_auction"),
    "malformed bid": (in_auction, None, "bid 11S", BadNotation, None),
    "discard too few": (at_discard, 1, "discard 5H 6H", IllegalAction, "discard_count"),
    "discard too many": (at_discard, 1, "discard 5H 6H 7H 8H", IllegalAction, "discard_count"),
    "discard a card not held": (at_discard, 1, "discard 5H 6H AS", NotInHand, "card_not_in_hand"),
    "bid at the discard": (at_discard, 1, "7H", IllegalAction, "expect_discard"),
    "other seat discards": (at_discard, 2, "discard 5D 6D 7D", NotYourTurn, None),
    "call the left bower": (at_call, None, "call JD", IllegalAction, "call_trump"),
    "call the right bower, held": (at_call, None, "call JH", IllegalAction, "call_own"),
    "call the joker": (at_call, None, "call JK", IllegalAction, "call_trump"),
    "call a heart": (at_call, None, "call 9H", IllegalAction, "call_trump"),
    "call own card": (at_call, None, "call AS", IllegalAction, "call_own"),
    "call a discard": (at_call, None, "call 5C", IllegalAction, "call_discarded"),
    "call two without the option": (at_call, None, "call AC AD", IllegalAction, "call_count"),
    "play during the call": (at_call, None, "AS", IllegalAction, "expect_call"),
    "play a card not held": (hearts_hand, 1, "AS", NotInHand, "card_not_in_hand"),
    "play a card not in the deck": (hearts_hand, 1, "2C", NotInHand, "card_not_in_deck"),
    "joker suit in a trump game": (lambda: _led(hearts_hand(), "AH", "JH", "JD"), 0, "JK:H", IllegalAction, None),
    "renege": (lambda: _led(hearts_hand(), "AH"), 2, "5D", MustFollow, "must_follow"),
    "wrong seat in play": (hearts_hand, 2, "JH", NotYourTurn, None),
    "a bid in play": (hearts_hand, 1, "8NT", IllegalAction, "expect_play"),
    "gibberish": (hearts_hand, 1, "hello", BadNotation, "bad_action"),
}


def _led(state: Any, *cards: str) -> Any:
    play(state, *cards)
    return state


@pytest.mark.parametrize("case", sorted(CASES))
def test_illegal_actions_raise_and_change_nothing(case: str) -> None:
    make, seat, action, error, key = CASES[case]
    state = make()
    refused(state, state.current_seat if seat is None else seat, action, error, key)


def test_two_partners_only_at_8_with_the_option() -> None:
    state = at_call(five_player_two_partners_at_8="on")
    calls = [state.format_action(a) for a in state.legal_actions()]
    assert "call AD AC" in calls and "solo" in calls
    play(state, "call AC AD")
    assert len(state.view(None).called) == 2
    seven = new_five_hundred(
        GAME, 5, {"five_player_two_partners_at_8": "on"}, seed=0, deal=stacked(5, {0: ["JK"], 1: FIVE_HAND}, WIDOW)
    )
    play(seven, "7H", "pass", "pass", "pass", "pass", "discard 4C 5C 6C")
    refused(seven, 1, "call AC AD", IllegalAction, "call_count")


def test_the_joker_at_no_trump_follows_only_when_void() -> None:
    deal = stacked(4, {0: ["AS", "KS"], 1: ["JK", "5S", "5H"]}, dealer=3)
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "6NT", "pass", "pass", "pass", "discard 4D 4H 5C")
    play(state, "AS")
    assert refused(state, 1, "JK", MustFollow, "joker_void_only").params == {"suit": "S"}
    refused(state, 1, "JK:S", IllegalAction, "joker_suit_not_led")


def test_an_action_after_the_end_is_game_over() -> None:
    state = new_five_hundred(GAME, 4, seed=3)
    while not state.is_over:
        state.apply(must(state.current_seat), state.legal_actions()[0])
    assert state.current_seat is None and state.legal_actions() == []
    refused(state, 0, "pass", GameOver, "game_over")


BAD_DEALS = {
    "a hand of nine": lambda d: d["hands"][0].pop(),
    "a card twice": lambda d: d["hands"][1].__setitem__(0, d["hands"][0][0]),
    "a card from another deck": lambda d: d["hands"][0].__setitem__(0, "2S"),
    "a short widow": lambda d: d["widow"].pop(),
    "a dummy with four players": lambda d: d.__setitem__("dummy", []),
    "a dealer off the table": lambda d: d.__setitem__("dealer", 4),
    "an unknown field": lambda d: d.__setitem__("stock", []),
    "not a card": lambda d: d["hands"][0].__setitem__(0, "XX"),
    "three hands": lambda d: d["hands"].pop(),
}


@pytest.mark.parametrize("case", sorted(BAD_DEALS))
def test_malformed_deals_are_bad_records(case: str) -> None:
    deal = stacked(4, {}, dealer=0)
    BAD_DEALS[case](deal)
    with pytest.raises(BadRecord):
        new_five_hundred(GAME, 4, seed=0, deal=deal)


def test_a_later_deal_must_have_the_next_dealer() -> None:
    with pytest.raises(BadRecord):
        new_five_hundred(GAME, 4, seed=0, deal=[{"dealer": 1}, {"dealer": 3}])
    new_five_hundred(GAME, 4, seed=0, deal=[{"dealer": 1}, {"dealer": 2}])


def test_two_player_dummy_deal_needs_its_dummy() -> None:
    deal = stacked(2, {}, dealer=0)
    del deal["dummy"]
    with pytest.raises(BadRecord):
        new_five_hundred(GAME, 2, seed=0, deal=deal)


def test_replay_reports_a_malformed_deal_and_a_refused_action(tmp_path: Path) -> None:
    record = {"format": 1, "game": GAME, "players": 4, "seed": 1, "deals": [{"dealer": 0, "hands": [["AS"]]}]}
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and "error" in out and "step" not in out
    record = {"format": 1, "game": GAME, "players": 4, "seed": 1, "deals": [{"dealer": 0}]}
    record["actions"] = [{"seat": 1, "action": "7S"}, {"seat": 2, "action": "6S"}]
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and out == {"error": "6S does not beat 7S", "step": 1}


@pytest.mark.parametrize("seat", [None, "1", 1.0, 7, -1])
def test_a_seat_that_is_not_a_seat_number_is_refused_not_crashed(seat: Any) -> None:
    """The contract: anything refused raises an engine error (here NotYourTurn), even from a passed-out
    check that looks the seat up."""
    state = in_auction()
    refused(state, seat, "8S", NotYourTurn, "not_your_turn")
