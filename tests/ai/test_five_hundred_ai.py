"""The Five Hundred computer player: legal, sensible choices from its own view."""

from __future__ import annotations

import random

from bot.ai import choose_action
from bot.engine.five_hundred.state import FiveHundredState
from tests.checks import must
from tests.engine.test_five_hundred_rules import hearts_hand, play, stacked
from tests.games import new_five_hundred

GAME = "five-hundred"
STRONG_HEARTS = ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC", "AD"]
WEAK = ["5S", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "6D", "8C"]


def choose(state: FiveHundredState, seat: int | None = None) -> str:
    return choose_action(state.view(state.current_seat if seat is None else seat), random.Random(0))


def test_a_strong_hand_bids_its_long_suit_and_a_weak_hand_passes() -> None:
    state = new_five_hundred(
        GAME, 4, {"misere_rank": "off"}, seed=0, deal=stacked(4, {1: STRONG_HEARTS, 2: WEAK}, dealer=0)
    )
    assert choose(state) == "6H", "the cheapest bid in its best suit"
    play(state, "6H")
    assert choose(state) == "pass"


def test_the_discard_sheds_the_lowest_cards_outside_trumps() -> None:
    hand = ["JK", "JH", "AH", "KH", "QH", "10H", "9H", "AS", "5S", "4D"]
    state = new_five_hundred(GAME, 4, seed=0, deal=stacked(4, {1: hand}, ["5C", "6C", "KC"], dealer=0))
    play(state, "8H", "pass", "pass", "pass")
    assert choose(state) == "discard 4D 5S 5C"


def test_the_call_names_the_highest_missing_ace_outside_trumps() -> None:
    fixed = {0: ["JK"], 1: ["AS", "4C", "5C", "6C", "AH", "KH", "QH", "JH", "10H", "9C"]}
    state = new_five_hundred(GAME, 5, seed=0, deal=stacked(5, fixed, ["2S", "3S", "4S"], dealer=0))
    play(state, "8H", "pass", "pass", "pass", "pass", "discard 2S 3S 4S")
    assert choose(state) in ("call AC", "call AD")


def test_following_takes_the_trick_as_cheaply_as_possible() -> None:
    state = hearts_hand()
    play(state, "4D")  # seat 2 holds 5D..AD and JH
    assert choose(state) == "5D", "its cheapest diamond that beats the 4"
    play(state, "5D")
    # seat 3 has no diamond: it ruffs with its cheapest trump, the 4 of hearts
    assert choose(state) == "4H"


def test_a_player_who_cannot_win_or_whose_partner_wins_plays_low() -> None:
    state = hearts_hand()
    play(state, "5C")  # seat 2 has no club: it ruffs with its cheapest winner, its only trump
    assert choose(state) == "JH"
    play(state, "JH")
    assert choose(state) == "10C", "seat 3 cannot beat the right bower: its lowest club"
    play(state, "10C")
    assert choose(state) == "5S", "seat 0's partner wins the trick: no joker wasted, its lowest card"


def test_computer_players_finish_games_at_every_table_size() -> None:
    for players in (2, 3, 4, 5, 6):
        state = new_five_hundred(GAME, players, seed=players)
        rng = random.Random(players)
        while not state.is_over:
            state.apply(must(state.current_seat), choose_action(state.view(state.current_seat), rng))
        assert max(state.scores) >= 500 or min(state.scores) <= -500
