"""Five Hundred scoring and the end of the game (five-hundred.md §7-§10, §12 ex. 3-7 and 10).

The worked examples that involve play are game records replayed by `python -m bot.engine replay`."""

from __future__ import annotations

import pytest

from bot.engine import new_game
from bot.engine.five_hundred.rules import BIDS
from bot.engine.five_hundred.scoring import contract_points, game_winner, reach_order

from .replaying import RECORDS, replay_cli

OPTIONS = {"open_misere_value": 520}

# record -> (points per side of its hand, reason, winner); the values are the rules', not the engine's
EXAMPLES = {
    # ex. 3 and 5: worth less than 250 with all ten tricks scores 250; 8D (280) keeps its value
    "4p-7h-all-tricks-scores-250": ([0, 250], "made", None),
    "4p-8s-all-tricks-scores-250": ([250, 0], "made", None),
    "4p-8d-all-tricks-scores-280": ([280, 0], "made", None),
    # ex. 4 and 6: 6NT with five tricks, declarers -120 and defenders 10 per trick
    "4p-6nt-five-tricks-set": ([-120, 50], "set", None),
    # ex. 7: misère with two declarer tricks; misère made
    "4p-misere-two-tricks-set": ([-250, 20], "set", None),
    "4p-misere-made": ([250, 0], "made", None),
    # ex. 10: five players, 8H: declarer and partner half each; defenders 10 per trick each
    "5p-8h-made-halves": ([150, 0, 0, 150, 10], "made", None),
    "5p-8h-set-halves": ([-150, -150, 20, 30, 10], "set", None),
    # §9 and §4: 520 ends the game at once
    "4p-10nt-wins-the-game": ([520, 0], "made", [0]),
    "4p-open-misere-made-wins": ([0, 520], "made", [1]),
    # §8: all pass, played at no trump (10 a trick) or thrown in
    "4p-all-pass-no-trump": ([80, 20], "all-pass", None),
    "4p-all-pass-redeal": ([0, 0], "all-pass", None),
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_worked_example_records_replay_to_the_rules_scores(name: str) -> None:
    points, reason, winner = EXAMPLES[name]
    code, out, _ = replay_cli(RECORDS / "five-hundred" / f"{name}.json")
    assert code == 0, out
    assert out["hands"] == [{"reason": reason, "points": points}]
    assert out["scores"] == points
    assert out["winner"] == winner and out["over"] is (winner is not None)
    assert all(step["points"] == [0] * len(points) for step in out["steps"]), "contract results go in hands"


def test_a_thrown_in_hand_passes_the_deal_to_the_left() -> None:
    _, out, _ = replay_cli(RECORDS / "five-hundred" / "4p-all-pass-redeal.json")
    assert out["current_seat"] == 3  # dealer 1 threw in; seat 2 deals, seat 3 bids first
    assert out["legal"][0] == "6S" and out["legal"][-1] == "pass"


def test_misere_declarers_partner_sits_out() -> None:
    _, out, _ = replay_cli(RECORDS / "five-hundred" / "4p-misere-made.json")
    plays = out["steps"][5:]  # after four bids and the discard
    assert len(plays) == 30, "ten tricks of three cards"
    assert 2 not in {step["seat"] for step in plays}, "seat 2, the declarer's partner, never plays"


# -- the table applied by contract_points ------------------------------------------------------------------------
FOUR = (0, 1, 0, 1)


def points(contract: str, tricks: list[int], side_of=FOUR, sides: int = 2, declaring=(0, 2), **options):
    return contract_points(BIDS[contract], {**OPTIONS, **options}, tricks, side_of, sides, declaring)


def test_made_contracts_score_the_bid_not_the_tricks() -> None:
    assert points("6S", [4, 1, 3, 2]) == ([40, 30], True)
    assert points("8H", [5, 0, 5, 0]) == ([300, 0], True)
    assert points("6S", [5, 0, 5, 0]) == ([250, 0], True)
    assert points("10S", [6, 0, 4, 0]) == ([440, 0], True)


def test_failed_contracts_lose_the_table_value() -> None:
    assert points("9NT", [4, 1, 4, 1]) == ([-420, 20], False)


def test_open_misere_scores_520_or_500_and_counts_declarer_tricks_for_defenders() -> None:
    assert points("open-misere", [0, 6, 0, 4]) == ([520, 0], True)
    assert points("open-misere", [1, 5, 0, 4], open_misere_value=500) == ([-500, 10], False)


def test_three_players_score_alone_and_each_defender_counts_his_own_tricks() -> None:
    three = (0, 1, 2)
    assert points("7D", [7, 2, 1], side_of=three, sides=3, declaring=(0,)) == ([180, 20, 10], True)
    assert points("misere", [0, 3, 7], side_of=three, sides=3, declaring=(0,)) == ([250, 0, 0], True)
    assert points("misere", [2, 3, 5], side_of=three, sides=3, declaring=(0,)) == ([-250, 20, 20], False)


def test_five_players_share_halves_thirds_and_solo() -> None:
    five = (0, 1, 2, 3, 4)
    assert points("8H", [6, 1, 2, 1, 0], five, 5, (0, 2)) == ([150, 10, 150, 10, 0], True)
    assert points("8C", [5, 1, 2, 0, 2], five, 5, (0, 2, 4)) == ([87, 10, 87, 0, 87], True)  # 260/3
    assert points("8D", [2, 2, 2, 2, 2], five, 5, (0, 2, 4)) == ([-93, 20, -93, 20, -93], False)  # 280/3
    assert points("7S", [7, 1, 1, 1, 0], five, 5, (0,)) == ([140, 10, 10, 10, 0], True)  # solo: full value


def test_six_players_in_three_teams_each_defending_team_counts_its_tricks() -> None:
    teams = (0, 1, 2, 0, 1, 2)
    assert points("7NT", [4, 1, 1, 3, 1, 0], teams, 3, (0, 3)) == ([220, 20, 10], True)


# -- §9 the end of the game ------------------------------------------------------------------------------------------
def test_a_side_at_500_wins_and_both_at_500_the_declaring_side_wins() -> None:
    assert game_winner([510, 300], {1}, True, [None, None], True) == (0,)
    assert game_winner([510, 520], {0}, False, [None, None], True) == (0,)
    assert game_winner([499, -10], {0}, True, [None, None], True) is None


def test_at_minus_500_the_other_side_wins() -> None:
    assert game_winner([-520, 100], {0}, False, [None, None], True) == (1,)
    assert game_winner([-520, 100, 90], {0}, False, [None] * 3, True) == (1, 2)


def test_both_at_500_after_an_all_pass_hand_the_higher_wins_or_play_goes_on() -> None:
    assert game_winner([520, 510], set(), None, [None, None], True) == (0,)
    assert game_winner([510, 510], set(), None, [None, None], True) is None


def test_pagat_defenders_reaching_500_do_not_end_the_game() -> None:
    assert game_winner([300, 530], {0}, True, [None, None], False) is None
    assert game_winner([300, 560], {1}, True, [None, None], False) == (1,)
    assert game_winner([300, 560], {1}, False, [None, None], False) is None  # failed: no win
    assert game_winner([700, 560], set(), None, [None, None], False) is None  # an all-pass hand never wins
    assert game_winner([-510, 560], {0}, False, [None, None], False) == (1,)


def test_three_sides_first_to_500_in_trick_order() -> None:
    # seats 1 and 2 defend; seat 2 got to 500 on trick 4, seat 1 only on trick 7
    reached = reach_order(
        [100, 470, 480], [[0, 0, 10], [0, 10, 0], [0, 0, 0], [0, 0, 10], [0, 0, 0]] + [[0, 10, 0]] * 5
    )
    assert reached == [None, 7, 4]
    assert game_winner([40, 530, 500], {0}, False, reached, True) == (2,)
    # the declaring side at 500 wins before any defender
    assert game_winner([520, 530, 500], {0}, True, reached, True) == (0,)
    # the same trick: the higher total; equal: another hand
    assert game_winner([40, 510, 520], {0}, False, [None, 3, 3], True) == (2,)
    assert game_winner([40, 510, 510], {0}, False, [None, 3, 3], True) is None


def test_the_dealer_rotates_clockwise_from_the_first_deal() -> None:
    state = new_game("five-hundred", 4, {"all_pass": "redeal"}, seed=5, deal={"dealer": 2})
    dealers = []
    for _ in range(5):
        dealers.append(state.view(None).dealer)
        for _ in range(4):
            state.apply(state.current_seat, "pass")
    assert dealers == [2, 3, 0, 1, 2]
    assert [h.reason for h in state.hands] == ["all-pass"] * 5 and state.scores == [0, 0]
