"""Five Hundred scoring and the end of the game (five-hundred.md §7-§10, §12 ex. 3-10).

The worked examples that involve play are game records (tests/records/five-hundred) replayed by
`python -m bot.engine replay`. Where each example of §12 is tested:

1. deck sizes: test_five_hundred_rules.py::test_deck_sizes_are_ten_per_player_plus_three (and
   test_every_deck_with_and_without_the_joker)
2. the table: test_five_hundred_rules.py::test_the_avondale_table
3. worth < 250 with all ten tricks -> 250: records 4p-7h-all-tricks-scores-250, 4p-8s-all-tricks-scores-250
4. set -> minus the value, defenders 10 a trick (misère: a declarer trick): 4p-6nt-five-tricks-set,
   4p-misere-two-tricks-set
5. 7H and 8S with 10 tricks -> 250, 8D -> 280: the two records of 3 and 4p-8d-all-tricks-scores-280
6. 6NT with 5 tricks -> -120 / +50: 4p-6nt-five-tricks-set
7. misère with 2 tricks -> -250 / +20, made -> +250 / 0: 4p-misere-two-tricks-set, 4p-misere-made
8. misère over 7NT, not over 8S; Nullo over 8S, not over 8C: test_the_auction_records_of_example_8 (records
   4p-auction-*), and test_five_hundred_rules.py::test_after_7nt_misere_is_legal_and_after_8s_it_is_not,
   test_uspc_nullo_ranks_between_8s_and_8c
9. no joker, 4 players -> 42 cards, widow 2: record 4p-no-joker-widow-of-two and
   test_five_hundred_rules.py::test_without_the_joker_four_players_use_42_cards_and_a_widow_of_two
10. five players 8H -> +150 each, set -> -150 each: 5p-8h-made-halves, 5p-8h-set-halves
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine.five_hundred.rules import BIDS
from bot.engine.five_hundred.scoring import contract_points, game_winner, reach_order
from tests.checks import must
from tests.games import new_five_hundred

from .replaying import RECORDS, load_record, replay_cli

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
    # §8 with five players: every player 10 for each trick he took (2, 4, 2, 2 tricks)
    "5p-all-pass-no-trump": ([0, 20, 40, 20, 20], "all-pass", None),
    # §9: 10NT set with 8 tricks: -520 loses the game at once; the defenders took 2 tricks
    "4p-minus-500-loses": ([-520, 20], "set", [1]),
    # ex. 9: no joker, 42 cards and a widow of two (the record discards two); 6H made with 6 tricks
    "4p-no-joker-widow-of-two": ([40, 100], "made", None),
    # §11.2 and 11.4 (pagat): open misère bid over 10D, worth 500, one trick: -500 loses
    "4p-pagat-open-misere-500-set": ([-500, 10], "set", [1]),
    # §10 three players: 7D made with 7 tricks, the defenders took 2 and 1
    "3p-7d-made-defenders-count-their-own": ([180, 20, 10], "made", None),
    # §10 three players, misère (seat 1) with 2 tricks: each defender 10 per declarer trick
    "3p-misere-set-each-defender-counts-declarer-tricks": ([20, -250, 20], "set", None),
    # §10 five players: solo 7S scores the full 140; defenders 10 per trick each
    "5p-solo-full-value": ([140, 20, 0, 10, 0], "made", None),
    # §10 old USPC: 8C with two partners made: 260 / 3 rounded = 87 each
    "5p-two-partners-a-third-each": ([87, 20, 87, 87, 0], "made", None),
    # §10 Rec.: five-player misère is solo, no call (seat 1, no trick)
    "5p-misere-made-without-a-call": ([0, 250, 0, 0, 0], "made", None),
    # §10 six players, three teams of two: 7NT made; the defending teams took 2 and 1 tricks
    "6p-three-teams-7nt-made": ([220, 20, 10], "made", None),
    # §10 six players, two teams of three: misère with one trick
    "6p-two-teams-misere-one-trick-set": ([-250, 10], "set", None),
    # §10 two players: the dummy game (6H made with 7) and Parlett's 25 cards (6NT with 5 tricks)
    "2p-dummy-6h-made": ([100, 30], "made", None),
    "2p-25-cards-6nt-set": ([50, -120], "set", None),
}

# records of several hands: name -> ([(reason, points) per hand], final scores, winner)
GAMES = {
    # §9: 9NT made by each side (420 + 10 each), an all-pass hand (6 and 4 tricks), then side 1 makes 6S with
    # 9 tricks (+40) while side 0 takes one (+10): both stand at 500 or more, the declaring side wins
    "4p-both-reach-500-declarers-win": (
        [("made", [420, 10]), ("made", [10, 420]), ("all-pass", [60, 40]), ("made", [10, 40])],
        [500, 510],
        [1],
    ),
    # §9 pagat (defenders_can_win=off): side 1 reaches 500 defending 6S (80 for 8 tricks) and plays on, then
    # wins by making 6C
    "4p-pagat-defenders-at-500-play-on": (
        [("made", [10, 420]), ("set", [-40, 80]), ("made", [40, 60])],
        [10, 560],
        [1],
    ),
    # §10 three players, §9 ∅ Rec.: seats 1 and 2 both pass 500 defending 6S; seat 2 got there first (its
    # second trick came before seat 1's), so it wins with 500 against 520
    "3p-first-defender-to-500-wins": (
        [("made", [0, 420, 10]), ("made", [0, 10, 420]), ("all-pass", [0, 50, 50]), ("set", [-40, 40, 20])],
        [-40, 520, 500],
        [2],
    ),
    # §10 old USPC rules as one option set: all pass throws the hand in; one bid each, Nullo over 8S, made
    "4p-uspc-thrown-in-then-nullo-over-8s": ([("all-pass", [0, 0]), ("made", [0, 250])], [0, 250], None),
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


@pytest.mark.parametrize("name", sorted(GAMES))
def test_records_of_several_hands_replay_to_the_rules_scores_and_winner(name: str) -> None:
    hands, scores, winner = GAMES[name]
    code, out, _ = replay_cli(RECORDS / "five-hundred" / f"{name}.json")
    assert code == 0, out
    assert out["hands"] == [{"reason": reason, "points": points} for reason, points in hands]
    assert out["scores"] == scores == [sum(p[k] for _, p in hands) for k in range(len(scores))]
    assert out["winner"] == winner and out["over"] is (winner is not None)


def test_under_parletts_rule_the_defenders_at_500_end_the_pagat_record_early(tmp_path: Path) -> None:
    """The same game with defenders_can_win=on: side 1 wins at 500 after hand 2, so hand 3's first bid
    (action 90: two hands of 4 bids, a discard and 40 cards) is refused."""
    record = load_record("five-hundred/4p-pagat-defenders-at-500-play-on.json")
    record["options"] = {}
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and out == {"error": "the game is over", "step": 90}


def test_the_auction_records_of_example_8() -> None:
    """ex. 8: misère bid over 7NT is accepted and no longer legal after 8S; Nullo (misere_rank=uspc) is
    accepted over 8S and no longer legal after 8C."""
    for name, last in (
        ("4p-auction-misere-over-7nt-not-over-8s", "8S"),
        ("4p-auction-nullo-over-8s-not-over-8c", "8C"),
    ):
        code, out, _ = replay_cli(RECORDS / "five-hundred" / f"{name}.json")
        assert code == 0, out
        assert "misere" in [s["action"] for s in out["steps"]] and out["steps"][-1]["action"] == last
        assert "misere" not in out["legal"] and out["legal"][-1] == "pass" and "10NT" in out["legal"]


def test_variant_records_deal_play_and_discard_as_the_rules_say() -> None:
    """§5 and §10: the widow's size decides the discard; the six-player misère partners both sit out; a
    five-player misère has no call; two partners are called with one action."""

    def replayed(name: str) -> dict:
        code, out, _ = replay_cli(RECORDS / "five-hundred" / f"{name}.json")
        assert code == 0, out
        return out

    def discards(out: dict) -> list[int]:
        return [len(s["action"].split()) - 1 for s in out["steps"] if s["action"].startswith("discard")]

    assert discards(replayed("2p-25-cards-6nt-set")) == [5]
    assert discards(replayed("4p-no-joker-widow-of-two")) == [2]
    assert discards(replayed("2p-dummy-6h-made")) == [3]
    six = replayed("6p-two-teams-misere-one-trick-set")
    plays = six["steps"][7:]
    assert len(plays) == 40 and not {2, 4} & {s["seat"] for s in plays}, "seats 2 and 4 lay their hands down"
    five = replayed("5p-misere-made-without-a-call")
    assert not any(s["action"].startswith(("call", "solo")) for s in five["steps"])
    assert [
        s["action"] for s in replayed("5p-two-partners-a-third-each")["steps"] if s["action"].startswith("call")
    ] == ["call AD AS"]
    assert [s["action"] for s in replayed("5p-solo-full-value")["steps"]].count("solo") == 1
    uspc = replayed("4p-uspc-thrown-in-then-nullo-over-8s")
    assert [s["action"] for s in uspc["steps"][:8]] == ["pass"] * 4 + ["8S", "misere", "pass", "pass"]


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


def points(
    contract: str,
    tricks: list[int],
    side_of: tuple[int, ...] = FOUR,
    sides: int = 2,
    declaring: tuple[int, ...] = (0, 2),
    **options: Any,
) -> tuple[list[int], bool]:
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
    state = new_five_hundred("five-hundred", 4, {"all_pass": "redeal"}, seed=5, deal={"dealer": 2})
    dealers = []
    for _ in range(5):
        dealers.append(state.view(None).dealer)
        for _ in range(4):
            state.apply(must(state.current_seat), "pass")
    assert dealers == [2, 3, 0, 1, 2]
    assert [h.reason for h in state.hands] == ["all-pass"] * 5 and state.scores == [0, 0]


def test_every_record_is_written_in_the_engines_notation() -> None:
    """docs/records.md: each action's text is the engine's own (a discard low to high, a call high to low), so
    `steps` echo the record's actions exactly."""
    for path in sorted((RECORDS / "five-hundred").glob("*.json")):
        record = load_record(f"five-hundred/{path.name}")
        code, out, _ = replay_cli(path)
        assert code == 0, out
        assert [(s["seat"], s["action"]) for s in out["steps"]] == [
            (a["seat"], a["action"]) for a in record["actions"]
        ], path.name
