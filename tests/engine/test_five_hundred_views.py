"""What each seat and the public see of a Five Hundred game: the discard, partners, misère and exposure."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tests.checks import must
from tests.games import new_five_hundred

from .test_five_hundred_rules import hearts_hand, play, stacked

GAME = "five-hundred"
CALLER = ["AS", "4C", "5C", "6C", "AH", "KH", "QH", "JH", "10H", "9C"]


def five_after_call(reveal: str) -> Any:
    """Seat 1 declares 8H, discards 4C 5C 6C and calls the ace of clubs, which seat 3 holds."""
    deal = stacked(5, {0: ["JK"], 1: CALLER, 3: ["AC"]}, ["2S", "3S", "4S"], dealer=0)
    state = new_five_hundred(GAME, 5, {"five_player_partner_reveal": reveal}, seed=0, deal=deal)
    play(state, "8H", "pass", "pass", "pass", "pass", "discard 4C 5C 6C", "call AC")
    return state


def test_the_discard_view_offers_every_three_card_discard_and_hides_it_afterwards() -> None:
    state = new_five_hundred(GAME, 4, seed=4, deal={"dealer": 0})
    play(state, "6S", "pass", "pass", "pass")
    view = state.view(1)
    assert view.phase == "discard" and view.discard_count == 3 and len(must(view.hand)) == 13
    assert len(view.legal) == 286 and {a.kind for a in view.legal} == {"discard"}
    assert all(len(a.cards) == 3 and set(a.cards) <= set(must(view.hand)) for a in view.legal)
    assert state.view(None).discard_count == 3 and state.view(None).hand_sizes[1] == 13
    chosen = list(must(view.hand)[-3:])
    play(state, "discard " + " ".join(reversed(chosen)))  # any order
    assert sorted(must(state.view(1).discards)) == sorted(chosen) and len(must(state.view(1).hand)) == 10
    public = state.view(None)
    assert public.discards is None and public.last == (1, "discard") and public.discard_count == 0
    assert state.view(0).discards is None and state.view(0).last == (1, "discard")


def test_tricks_and_the_previous_trick_are_shown_in_playing_order() -> None:
    state = hearts_hand()
    play(state, "AH", "JH")
    view = state.view(None)
    assert view.trick == ((1, "AH"), (2, "JH")) and view.leader == 1 and view.current_seat == 3
    assert view.trump == "H" and view.contract == "6H" and view.contract_value == 100 and view.declarer == 1
    play(state, "JD", "JK")
    view = state.view(None)
    assert view.trick == () and view.last_trick == ((1, "AH"), (2, "JH"), (3, "JD"), (0, "JK"))
    assert view.last_trick_winner == 0 and view.tricks == (1, 0, 0, 0) and view.leader == 0
    assert view.hand_sizes == (9, 9, 9, 9) and view.partners == (3,)


def test_a_joker_led_in_a_trump_game_is_shown_plain_and_asks_for_trumps() -> None:
    deal = stacked(4, {1: ["JK", "AS", "KS"], 2: ["JC", "5S", "AH"]}, ["4D", "4H", "5D"], dealer=0)
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "6S", "pass", "pass", "pass", "discard 4D 4H 5D", "JK")
    assert state.view(None).trick == ((1, "JK"),)
    assert {"JC", "5S"} <= {a.text for a in state.view(2).legal} and "AH" not in {a.text for a in state.view(2).legal}


def test_only_the_acting_seat_sees_its_legal_actions() -> None:
    state = hearts_hand()
    assert {a.kind for a in state.view(1).legal} == {"play"}
    assert all(state.view(s).legal == () for s in (0, 2, 3)) and state.view(None).legal == ()
    assert state.view(2).hand is not None and state.view(None).hand is None


def test_views_are_frozen() -> None:
    view = hearts_hand().view(None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.scores = (500, 0)


def test_an_immediate_partner_is_known_to_everyone_after_the_call() -> None:
    state = five_after_call("immediate")
    assert state.view(None).called == ("AC",) and state.view(None).partners == (3,)
    assert all(state.view(s).partners == (3,) for s in range(5))


def test_a_hidden_partner_knows_himself_and_is_public_once_he_plays_the_called_card() -> None:
    state = five_after_call("hidden")
    assert state.view(None).partners == () and state.view(1).partners == () and state.view(3).partners == (3,)
    assert state.view(None).called == ("AC",)
    while True:
        seat = state.current_seat
        texts = [state.format_action(a) for a in state.legal_actions()]
        if seat == 3 and "AC" in texts:
            assert state.view(None).partners == ()
            state.apply(3, "AC")
            break
        state.apply(seat, next(t for t in texts if t != "AC"))
    assert state.view(None).partners == (3,) and state.view(1).partners == (3,)


def test_five_player_misere_is_solo_without_a_call() -> None:
    deal = stacked(5, {}, dealer=0)
    state = new_five_hundred(GAME, 5, seed=0, deal=deal)
    play(state, "misere", "pass", "pass", "pass", "pass", "discard " + " ".join(deal["widow"]))
    view = state.view(None)
    assert view.phase == "play" and view.solo and view.partners == () and view.out == ()


def test_misere_partner_lays_down_his_hand_and_play_skips_him() -> None:
    state = new_five_hundred(GAME, 4, seed=2, deal={"dealer": 3})
    play(state, "misere", "pass", "pass", "pass")
    play(state, state.format_action(state.legal_actions()[0]))
    view = state.view(None)
    assert view.out == (2,) and view.current_seat == 0
    order = []
    for _ in range(3):
        order.append(state.current_seat)
        assert state.legal_actions(2) == []
        play(state, state.format_action(state.legal_actions()[0]))
    assert order == [0, 1, 3] and len(state.view(None).last_trick) == 3
    assert state.view(None).hand_sizes[2] == 10


@pytest.mark.parametrize("when", ["before_first_lead", "after_first_trick"])
def test_open_misere_exposes_the_declarers_hand(when: str) -> None:
    state = new_five_hundred(GAME, 4, {"open_misere_expose": when}, seed=2, deal={"dealer": 3})
    play(state, "open-misere", "pass", "pass", "pass")
    assert state.view(None).exposed is None
    play(state, state.format_action(state.legal_actions()[0]))
    if when == "before_first_lead":
        assert state.view(None).exposed == state.view(0).hand and len(must(state.view(None).exposed)) == 10
    else:
        assert state.view(None).exposed is None
        for _ in range(3):
            play(state, state.format_action(state.legal_actions()[0]))
        assert state.view(None).exposed == state.view(0).hand and len(must(state.view(None).exposed)) == 9


def test_the_two_player_dummy_game_plays_tricks_of_two() -> None:
    state = new_five_hundred(GAME, 2, seed=6, deal={"dealer": 1})
    view = state.view(None)
    assert view.hand_sizes == (10, 10) and view.widow_size == 3 and view.sides == ((0,), (1,))
    play(state, "6S", "pass")
    assert state.view(0).discard_count == 3
    for _ in range(3):
        play(state, state.format_action(state.legal_actions()[0]))
    assert len(state.view(None).last_trick) == 2 and state.view(None).hand_sizes == (9, 9)


def test_the_declarer_alone_sees_which_cards_came_from_the_widow_while_discarding() -> None:
    import random

    for seed in range(40):
        state = new_five_hundred("five-hundred", 4, seed=seed)
        rng = random.Random(seed)
        while state.current_seat is not None and getattr(state, "phase", "") == "auction":
            legal = state.legal_actions()
            bids = [a for a in legal if str(a) != "pass"]
            state.apply(state.current_seat, rng.choice(bids or legal))
        if state.phase != "discard":
            continue
        declarer = must(state.current_seat)
        widow = state.taken[:]
        mine = state.view(declarer)
        assert mine.taken is not None and len(mine.taken) == mine.discard_count == len(widow)
        assert set(mine.taken) <= set(must(mine.hand))
        assert state.view(None).taken is None
        assert all(state.view(s).taken is None for s in range(4) if s != declarer)
        state.apply(declarer, state.legal_actions()[0])
        assert state.view(declarer).taken is None
        return
    raise AssertionError("no discard reached")


@pytest.mark.parametrize("seat", [4, -1, "1", 1.0])
def test_a_view_for_a_seat_not_at_the_table_is_a_value_error(seat: Any) -> None:
    with pytest.raises(ValueError):
        hearts_hand().view(seat)


def test_the_tenth_trick_stays_public_in_the_hand_result_after_the_next_deal_clears_the_table() -> None:
    state = new_five_hundred(GAME, 4, {}, seed=3)
    played: list[tuple[int, str]] = []
    while state.hand_no == 1:
        seat = must(state.current_seat)
        view = state.view(seat)
        action = next(a for a in view.legal if a.kind != "bid")  # all pass: the hand is played out at NT
        state.apply(seat, action.text)
        if action.kind == "play":
            played.append((seat, action.text))
    public = state.view(None)
    assert public.phase == "auction" and public.last_trick == ()  # the new deal's table is clear
    detail = public.hands[-1].detail
    assert [tuple(p) for p in detail["last_trick"]] == played[-4:]
    assert detail["last_trick_winner"] in range(4) and sum(detail["tricks"]) == 10
