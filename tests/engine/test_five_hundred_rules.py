"""Five Hundred: decks, card ranking, the auction and the notation (five-hundred.md §0-§6, §12 ex. 1, 2, 8, 9)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from bot.engine import BadNotation, IllegalAction, MustFollow, game_info
from bot.engine.five_hundred.cards import NAMES, NT, deck, parse_card, trick_winner
from bot.engine.five_hundred.notation import parse
from bot.engine.five_hundred.rules import BIDS, bid_value, layout
from bot.engine.options import resolve_options
from tests.checks import must
from tests.games import new_five_hundred

GAME = "five-hundred"


def stacked(
    players: int, fixed: dict[int, list[str]], widow: list[str] | None = None, dealer: int = 0, **options: Any
) -> dict[str, Any]:
    """A deal giving `fixed` cards to those seats (and `widow` to the widow); every other card of the deck
    goes, lowest first, to fill the hands in seat order, then the dummy, then the widow."""
    opts = resolve_options(GAME, game_info(GAME).options, players, options)
    lay = layout(players, opts)
    used = {c for cards in fixed.values() for c in cards} | set(widow or [])
    rest = [NAMES[c] for c in deck(players, opts["joker"] == "on", opts["two_player_deck"]) if NAMES[c] not in used]
    hands = []
    for seat in range(lay.hands):
        hand = list(fixed.get(seat, []))
        while len(hand) < 10:
            hand.append(rest.pop(0))
        hands.append(hand)
    deal: dict[str, Any] = {"dealer": dealer, "hands": hands}
    if lay.dummy:
        deal["dummy"] = [rest.pop(0) for _ in range(10)]
    deal["widow"] = list(widow or []) + rest
    return deal


def play(state: Any, *actions: str) -> None:
    for action in actions:
        state.apply(state.current_seat, action)


def legal_texts(state: Any) -> list[str]:
    return [state.format_action(a) for a in state.legal_actions()]


# -- §1 decks (ex. 1 and 9) ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "size"), [(2, 33), (3, 33), (4, 43), (5, 53), (6, 63)])
def test_deck_sizes_are_ten_per_player_plus_three(players: int, size: int) -> None:
    assert len(deck(players, True)) == size
    state = new_five_hundred(GAME, players, seed=1)
    view = state.view(None)
    assert view.widow_size == 3
    dealt = sum(view.hand_sizes) + view.widow_size + (10 if players == 2 else 0)  # the 2p dummy hand
    assert dealt == size


@pytest.mark.parametrize(
    ("players", "deck_option", "with_joker", "without", "widow"),
    [
        (2, "33_dummy", 33, 32, 3),
        (2, "25_widow5", 25, 24, 5),
        (3, "33_dummy", 33, 32, 3),
        (4, "33_dummy", 43, 42, 3),
        (5, "33_dummy", 53, 52, 3),
        (6, "33_dummy", 63, 62, 3),
    ],
)
def test_every_deck_with_and_without_the_joker(
    players: int, deck_option: str, with_joker: int, without: int, widow: int
) -> None:
    """§1 and §10 "No joker": the joker is the one card added; without it the widow has one card fewer."""
    assert len(deck(players, True, deck_option)) == with_joker
    assert {NAMES[c] for c in deck(players, True, deck_option)} - {
        NAMES[c] for c in deck(players, False, deck_option)
    } == {"JK"}
    assert len(deck(players, False, deck_option)) == without
    for joker, size in (("on", widow), ("off", widow - 1)):
        options = {"joker": joker} | ({"two_player_deck": deck_option} if players == 2 else {})
        view = new_five_hundred(GAME, players, options, seed=players).view(None)
        assert view.widow_size == size and view.hand_sizes == (10,) * players


def test_the_decks_hold_exactly_the_ranks_of_section_1() -> None:
    def ranks(players: int, option: str = "33_dummy") -> dict[str, set[str]]:
        by_suit: dict[str, set[str]] = {s: set() for s in "SCDH"}
        for c in deck(players, False, option):
            by_suit[NAMES[c][-1]].add(NAMES[c][:-1])
        return by_suit

    top = {"J", "Q", "K", "A"}
    assert ranks(3) == {s: {"7", "8", "9", "10"} | top for s in "SCDH"}  # 2-6 removed
    assert ranks(2, "25_widow5") == {s: {"9", "10"} | top for s in "SCDH"}  # 2-8 removed
    four = {str(r) for r in range(5, 11)} | top
    assert ranks(4) == {"S": four, "C": four, "D": four | {"4"}, "H": four | {"4"}}
    full = {str(r) for r in range(2, 11)} | top
    assert ranks(5) == {s: full for s in "SCDH"}
    assert ranks(6) == {
        "S": full | {"11", "12"},
        "C": full | {"11", "12"},
        "D": full | {"11", "12", "13"},
        "H": full | {"11", "12", "13"},
    }


def test_the_four_player_deck_drops_twos_threes_and_black_fours() -> None:
    names = {NAMES[c] for c in deck(4, True)}
    assert {"4D", "4H", "5S", "5C", "JK"} <= names
    assert not names & {"2S", "3H", "4S", "4C", "2D"}


def test_the_six_player_deck_adds_11_and_12_and_red_13s() -> None:
    names = {NAMES[c] for c in deck(6, True)}
    assert {"11S", "12C", "11D", "12H", "13D", "13H"} <= names
    assert "13S" not in names and "13C" not in names


def test_without_the_joker_four_players_use_42_cards_and_a_widow_of_two() -> None:
    assert len(deck(4, False)) == 42
    state = new_five_hundred(GAME, 4, {"joker": "off"}, seed=2)
    assert state.view(None).widow_size == 2
    play(state, "6S", "pass", "pass", "pass")
    declarer = state.view(state.current_seat)
    assert declarer.discard_count == 2 and len(must(declarer.hand)) == 12


def test_parletts_two_player_game_deals_two_hands_and_a_widow_of_five() -> None:
    assert len(deck(2, True, "25_widow5")) == 25
    state = new_five_hundred(GAME, 2, {"two_player_deck": "25_widow5"}, seed=3)
    assert state.view(None).widow_size == 5 and state.view(None).hand_sizes == (10, 10)
    assert (
        new_five_hundred(GAME, 2, {"two_player_deck": "25_widow5", "joker": "off"}, seed=3).view(None).widow_size == 4
    )


# -- §2 ranking --------------------------------------------------------------------------------------------------
def hearts_hand() -> Any:
    """Seat 1 declares 6H and leads; seat 0 holds the joker, seat 2 the right bower, seat 3 the left bower."""
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
    play(state, "6H", "pass", "pass", "pass", "discard 5H 6H 7H")
    return state


def test_joker_beats_right_bower_beats_left_bower_beats_the_ace() -> None:
    state = hearts_hand()
    play(state, "AH")
    # seat 2 must follow hearts with its only trump, the right bower; seat 3's left bower is a heart too
    assert legal_texts(state) == ["JH"]
    play(state, "JH")
    assert set(legal_texts(state)) == {"4H", "9H", "10H", "JD"}
    play(state, "JD")
    assert legal_texts(state) == ["JK"], "the joker is seat 0's only trump, so it must follow with it"
    play(state, "JK")
    assert state.view(None).last_trick_winner == 0


def test_the_left_bower_is_a_trump_not_a_diamond() -> None:
    state = hearts_hand()
    play(state, "4D")
    assert set(legal_texts(state)) == {"5D", "6D", "7D", "8D", "9D", "10D", "QD", "KD", "AD"}, "JH is no diamond"
    play(state, "AD")
    # seat 3's only diamond by print is the left bower, a heart: he has no diamond and may play anything
    assert len(legal_texts(state)) == 10
    play(state, "JD", "5S")
    assert state.view(None).last_trick_winner == 3, "the left bower ruffs the ace of diamonds"


def test_the_six_player_ranks_11_to_13_sit_between_the_jack_and_the_10() -> None:
    """§2 ∅ Rec.: natural order A K Q J 13 12 11 10 9; in trumps the bowers stay on top."""

    def winner(cards: list[str], led: int, trump: int) -> str:
        return cards[trick_winner([parse_card(c) for c in cards], led, trump)]

    diamonds = 2
    order = ["9D", "10D", "11D", "12D", "13D", "JD", "QD", "KD", "AD"]
    for low, high in pairwise(order):
        assert winner([low, high], diamonds, NT) == high and winner([high, low], diamonds, NT) == high
        assert winner([low, high], diamonds, 0) == high  # spades trumps: diamonds plain
    hearts = 3
    assert winner(["13H", "AH", "JD", "12H", "11H"], hearts, hearts) == "JD"  # the left bower over the ace
    assert winner(["13H", "AH", "JD", "JH"], hearts, hearts) == "JH"
    assert winner(["13D", "12D", "11D", "2H"], diamonds, hearts) == "2H"  # any trump beats any plain card


def test_at_no_trump_jacks_rank_in_their_natural_place_and_the_joker_is_the_only_trump() -> None:
    deal = stacked(
        4,
        {0: ["JS", "QS", "KS", "AS", "5C", "6C", "7C", "8C", "9C", "10C"], 1: ["JK", "5S"], 2: ["6S"], 3: ["7S"]},
        dealer=3,
    )
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "6NT", "pass", "pass", "pass")
    play(state, state.format_action(state.legal_actions()[0]))  # any discard
    play(state, "JS")
    assert "JK" not in legal_texts(state), "void_only: the joker is not played while holding a spade"
    play(state, "5S", "6S", "7S")
    assert state.view(None).last_trick_winner == 0


def test_a_joker_led_at_no_trump_names_its_suit_and_wins() -> None:
    deal = stacked(4, {0: ["JK", "5H", "6H"], 1: ["AH", "KH"], 2: ["AS"], 3: ["QH"]}, dealer=3)
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "6NT", "pass", "pass", "pass")
    play(state, state.format_action(state.legal_actions()[0]))
    assert {"JK:S", "JK:C", "JK:D", "JK:H"} <= set(legal_texts(state)) and "JK" not in legal_texts(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(0, "JK")
    assert err.value.key == "name_joker_suit"
    play(state, "JK:H")
    hearts = {c for c in must(state.view(1).hand) if c.endswith("H")}
    assert {"AH", "KH"} <= hearts and set(legal_texts(state)) == hearts
    with pytest.raises(MustFollow):
        state.apply(1, next(c for c in must(state.view(1).hand) if not c.endswith("H")))
    play(state, "AH")
    assert state.view(None).trick == ((0, "JK:H"), (1, "AH"))
    play(state, legal_texts(state)[0], "QH")
    assert state.view(None).last_trick_winner == 0
    assert state.view(None).last_trick[0] == (0, "JK:H")


def test_a_joker_not_led_at_no_trump_may_be_played_when_void_and_wins_the_trick() -> None:
    deal = stacked(
        4,
        {0: ["AS", "KS"], 1: ["JK", "5H", "6H", "7H", "8H", "9H", "10H", "QH", "KH", "AH"]},
        dealer=3,
    )
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "6NT", "pass", "pass", "pass")
    play(state, state.format_action(state.legal_actions()[0]), "AS")
    assert "JK" in legal_texts(state)
    play(state, "JK")
    play(state, legal_texts(state)[0])
    play(state, legal_texts(state)[0])
    assert state.view(None).last_trick_winner == 1


def test_in_misere_the_joker_is_the_only_trump() -> None:
    deal = stacked(4, {0: ["JH", "AH", "JK"]}, dealer=3)
    state = new_five_hundred(GAME, 4, seed=0, deal=deal)
    play(state, "misere", "pass", "pass", "pass")
    assert state.view(None).trump is None
    play(state, state.format_action(state.legal_actions()[0]))
    assert {"JK:S", "JK:H"} <= set(legal_texts(state))


# -- §4 the auction (ex. 8) --------------------------------------------------------------------------------------
def test_after_7nt_misere_is_legal_and_after_8s_it_is_not() -> None:
    state = new_five_hundred(GAME, 4, seed=1)
    play(state, "7NT")
    assert "misere" in legal_texts(state) and "7NT" not in legal_texts(state)
    play(state, "8S")
    assert "misere" not in legal_texts(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(must(state.current_seat), "misere")
    assert err.value.key == "bid_too_low"


def test_uspc_nullo_ranks_between_8s_and_8c() -> None:
    state = new_five_hundred(GAME, 4, {"misere_rank": "uspc"}, seed=1)
    play(state, "8S")
    assert "misere" in legal_texts(state)
    play(state, "8C")
    assert "misere" not in legal_texts(state)


def test_open_misere_is_the_highest_bid_or_below_10h_under_pagat() -> None:
    state = new_five_hundred(GAME, 4, seed=1)
    play(state, "10NT")
    assert legal_texts(state) == ["open-misere", "pass"]
    pagat = new_five_hundred(GAME, 4, {"open_misere_rank": "pagat"}, seed=1)
    play(pagat, "10D")
    assert legal_texts(pagat) == ["open-misere", "10H", "10NT", "pass"]


def test_misere_and_open_misere_can_be_switched_off() -> None:
    state = new_five_hundred(GAME, 4, {"misere_rank": "off", "open_misere": "off"}, seed=1)
    assert "misere" not in legal_texts(state) and "open-misere" not in legal_texts(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(must(state.current_seat), "misere")
    assert err.value.key == "bid_not_allowed"


def test_parlett_bidding_goes_round_until_all_others_pass_and_a_passed_player_is_out() -> None:
    state = new_five_hundred(GAME, 4, seed=1, deal={"dealer": 0})
    play(state, "6S", "pass", "6H", "7S")  # seats 1, 2, 3, 0
    assert state.current_seat == 1
    play(state, "7C")
    assert state.current_seat == 3  # seat 2 is out
    with pytest.raises(IllegalAction) as err:
        state.apply(2, "8S")
    assert err.value.key == "passed_out"
    play(state, "pass", "pass")
    view = state.view(None)
    assert view.phase == "discard" and view.declarer == 1 and view.contract == "7C"
    assert [a for _, a in view.auction] == ["6S", "pass", "6H", "7S", "7C", "pass", "pass"]


def test_uspc_single_gives_each_player_one_bid() -> None:
    state = new_five_hundred(GAME, 4, {"auction": "uspc_single"}, seed=1, deal={"dealer": 3})
    play(state, "6S", "7H", "pass", "pass")
    view = state.view(None)
    assert view.phase == "discard" and view.declarer == 1 and view.contract == "7H"


def test_the_last_player_may_still_bid_after_three_passes() -> None:
    state = new_five_hundred(GAME, 4, seed=1, deal={"dealer": 0})
    play(state, "pass", "pass", "pass")
    assert state.current_seat == 0 and "6S" in legal_texts(state)
    play(state, "6S")
    assert state.view(None).declarer == 0


# -- options and sides (§0.1) ---------------------------------------------------------------------------------------
def test_every_option_of_the_rules_with_its_values_and_default() -> None:
    info = game_info(GAME)
    assert info.family == "five_hundred" and info.players == (2, 3, 4, 5, 6) and info.default_players == 4
    got = {spec.id: (spec.choices, spec.default) for spec in info.options}
    assert got == {
        "joker": (("on", "off"), "on"),
        "auction": (("parlett", "uspc_single"), "parlett"),
        "misere_rank": (("parlett", "uspc", "off"), "parlett"),
        "open_misere": (("on", "off"), "on"),
        "open_misere_value": ((520, 500), 520),
        "open_misere_rank": (("highest", "pagat"), "highest"),
        "open_misere_expose": (("before_first_lead", "after_first_trick"), "before_first_lead"),
        "all_pass": (("play_no_trump", "redeal"), "play_no_trump"),
        "defenders_can_win": (("on", "off"), "on"),
        "five_player_partner_reveal": (("immediate", "hidden"), "immediate"),
        "five_player_two_partners_at_8": (("on", "off"), "off"),
        "six_player_teams": (("two_of_three", "three_of_two"), "two_of_three"),
        "two_player_deck": (("33_dummy", "25_widow5"), "33_dummy"),
        "nt_joker": (("void_only",), "void_only"),
    }


def test_sides_by_player_count_and_six_player_format() -> None:
    info = game_info(GAME)
    assert info.sides(4) == ((0, 2), (1, 3))
    assert info.sides(6, {"six_player_teams": "two_of_three"}) == ((0, 2, 4), (1, 3, 5))
    assert info.sides(6, {"six_player_teams": "three_of_two"}) == ((0, 3), (1, 4), (2, 5))
    for n in (2, 3, 5):
        assert info.sides(n) == tuple((s,) for s in range(n))
    assert new_five_hundred(GAME, 6, {"six_player_teams": "three_of_two"}, seed=0).sides == ((0, 3), (1, 4), (2, 5))


# -- §7 table (ex. 2) ---------------------------------------------------------------------------------------------
def test_the_avondale_table() -> None:
    table = {
        "6S": 40, "6C": 60, "6D": 80, "6H": 100, "6NT": 120,
        "7S": 140, "7C": 160, "7D": 180, "7H": 200, "7NT": 220,
        "8S": 240, "8C": 260, "8D": 280, "8H": 300, "8NT": 320,
        "9S": 340, "9C": 360, "9D": 380, "9H": 400, "9NT": 420,
        "10S": 440, "10C": 460, "10D": 480, "10H": 500, "10NT": 520,
        "misere": 250,
    }  # fmt: skip
    options = {"open_misere_value": 520}
    assert {text: bid_value(BIDS[text], options) for text in table} == table
    assert bid_value(BIDS["open-misere"], {"open_misere_value": 520}) == 520
    assert bid_value(BIDS["open-misere"], {"open_misere_value": 500}) == 500


# -- notation ----------------------------------------------------------------------------------------------------
def test_seven_hearts_is_a_bid_in_the_auction_and_a_card_in_play() -> None:
    assert str(parse("7h", bidding=True)) == "7H" and type(parse("7H", bidding=True)).__name__ == "Bid"
    assert type(parse("7H")).__name__ == "Play"
    assert type(parse("bid 7H")).__name__ == "Bid"
    assert str(parse("8nt")) == "8NT" and str(parse("open misere")) == "open-misere"


def test_a_discard_in_any_order_is_the_same_action() -> None:
    assert parse("discard JC 5H 4H") == parse("discard 4H 5H JC")
    assert str(parse("discard JC 5H 4H")) == "discard 4H 5H JC"
    assert str(parse("call kh as")) == "call AS KH"


@pytest.mark.parametrize("text", ["bid 11S", "discard", "JK:X", "hello", "discard AS AS", "1S", "call"])
def test_malformed_text_is_bad_notation(text: str) -> None:
    with pytest.raises(BadNotation):
        parse(text)
