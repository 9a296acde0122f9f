"""fives.md rule by rule: the option table (§0.1), the deal table (§0, §3, §5, §6), the layout (C4, C5),
the first leader and partners by draw (C3, §1, §4), All Fives' first lead and targets (§5), the tie
procedures (§1, §2.7) and every option of the end-of-hand and game-point scoring."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import GAMES, ArmNotOpen, NoMatchingEnd
from bot.engine.fives import scoring
from bot.engine.fives.layout import Layout
from bot.engine.tiles import IS_DOUBLE, tile_id
from tests.checks import must
from tests.games import new_fives

from .replaying import RECORDS, load_record, played, replay_cli
from .test_fives_illegal import refuse, stacked
from .test_fives_referee import Referee

FIVES = RECORDS / "fives"


# -- §0.1: every option, its values and its default ----------------------------------------------------------
SW = ("on", "off")
PARTNERS = ("partners", ("by_draw", "by_agreement"), "by_draw")
TARGET = ("target", (50, 100, 250, 500), 250)
OPTION_TABLE: dict[str, list[tuple[str, tuple[Any, ...], Any]]] = {
    "five-up": [
        PARTNERS,
        ("hand_size", ("ida", "clay", "leeflang"), "ida"),
        ("leave", ("ida", "clay", "europe"), "ida"),
        ("rounding", ("nearest", "truncate"), "nearest"),
        ("three_player_close", ("literal", "pairwise"), "literal"),
        ("winner_bonus_10", SW, "off"),
        ("skunk", ("off", "plus10", "double"), "off"),
        ("domino_bonus_2", SW, "off"),
        ("target", (61,), 61),
    ],
    "le-quantette": [
        PARTNERS,
        ("hand_size", ("ida", "clay", "leeflang"), "clay"),
        ("leave", ("ida", "clay", "europe"), "clay"),
        ("rounding", ("nearest", "truncate"), "truncate"),
        ("three_player_close", ("literal", "pairwise"), "literal"),
        ("demi_score", SW, "off"),
        ("parties_to_win", (), 1),
        ("target", (35,), 35),
    ],
    "draw": [("rounds", (), "n")],
    "quantette": [
        PARTNERS,
        ("going_out_bonus", (0, 1), 1),
        ("block_diff_5", ("literal", "plain"), "literal"),
        ("target", (35,), 35),
    ],
    "all-fives": [("tile_set", ("d6", "d9"), "d6"), ("leave", (0, 2), 0), TARGET],
    "muggins": [("leave", (0, 2), 0), TARGET, ("muggins_claim", ("auto", "call"), "auto")],
    "sniff": [("leave", (0, 2), 0), TARGET],
    "horse-race": [("leave", (0, 2), 0), TARGET],
    "seven-toed-pete": [TARGET],
    "seven-rocks": [TARGET],
}
PLAYERS = {
    "five-up": (2, 3, 4),
    "le-quantette": (2, 3, 4),
    "draw": (2, 3, 4, 5),
    "quantette": (2, 3, 4, 5),  # 3-5, and 2 (Rec.)
    "all-fives": (2, 3, 4),  # 2, 4, and 3 (Rec.)
    "muggins": (2, 3, 4),
    "sniff": (2, 3, 4),
    "horse-race": (2, 3, 4),
    "seven-toed-pete": (4,),
    "seven-rocks": (4,),
}


def test_the_game_ids_are_those_of_records_md() -> None:
    assert {g for g, info in GAMES.items() if info.family == "fives"} == set(OPTION_TABLE)


@pytest.mark.parametrize("game", sorted(OPTION_TABLE))
def test_options_values_and_defaults_are_those_of_the_option_table(game: str) -> None:
    info = GAMES[game]
    assert info.players == PLAYERS[game] and info.default_players == 4
    assert [spec.id for spec in info.options] == [row[0] for row in OPTION_TABLE[game]]
    for spec, (_, choices, default) in zip(info.options, OPTION_TABLE[game], strict=True):
        assert spec.choices == choices
        for n in info.players:
            assert spec.default_for(n) == (n if default == "n" else default)
    for n in info.players:
        resolved = new_fives(game, n, seed=1).options
        assert resolved == {spec_id: (n if default == "n" else default) for spec_id, _, default in OPTION_TABLE[game]}


# -- §0, §3 (example 7), §5, §6: hands, boneyard and leave ---------------------------------------------------
DEALS = [
    # game, players, options, hand, boneyard, leave
    ("five-up", 2, {}, 7, 14, 2),
    ("five-up", 3, {}, 5, 13, 1),
    ("five-up", 4, {}, 5, 8, 1),
    ("five-up", 2, {"hand_size": "clay"}, 5, 18, 2),
    ("five-up", 2, {"hand_size": "leeflang"}, 6, 16, 2),
    ("five-up", 3, {"hand_size": "leeflang"}, 5, 13, 1),
    ("five-up", 4, {"hand_size": "leeflang"}, 4, 12, 1),
    ("five-up", 2, {"leave": "clay"}, 7, 14, 2),
    ("five-up", 3, {"leave": "clay"}, 5, 13, 1),
    ("five-up", 4, {"leave": "clay"}, 5, 8, 2),
    ("five-up", 3, {"leave": "europe"}, 5, 13, 2),
    ("five-up", 4, {"leave": "europe"}, 5, 8, 2),
    ("le-quantette", 2, {}, 5, 18, 2),
    ("le-quantette", 3, {}, 5, 13, 1),
    ("le-quantette", 4, {}, 5, 8, 2),
    ("le-quantette", 2, {"hand_size": "ida", "leave": "ida"}, 7, 14, 2),
    ("le-quantette", 4, {"leave": "ida"}, 5, 8, 1),
    ("le-quantette", 3, {"leave": "europe"}, 5, 13, 2),
    ("draw", 2, {}, 7, 14, 2),
    ("draw", 3, {}, 6, 10, 1),
    ("draw", 4, {}, 5, 8, 2),
    ("draw", 5, {}, 4, 8, 1),
    ("quantette", 2, {}, 7, 14, 2),
    ("quantette", 3, {}, 6, 10, 1),
    ("quantette", 4, {}, 5, 8, 2),
    ("quantette", 5, {}, 4, 8, 1),
    ("all-fives", 2, {}, 7, 14, 0),
    ("all-fives", 3, {}, 6, 10, 0),
    ("all-fives", 4, {}, 5, 8, 0),
    ("all-fives", 4, {"leave": 2}, 5, 8, 2),
    ("all-fives", 2, {"tile_set": "d9"}, 9, 37, 0),
    ("all-fives", 3, {"tile_set": "d9"}, 8, 31, 0),  # ∅: between 9 and 7, as 6 sits between 7 and 5
    ("all-fives", 4, {"tile_set": "d9"}, 7, 27, 0),
    ("muggins", 2, {}, 7, 14, 0),
    ("muggins", 3, {}, 5, 13, 0),
    ("muggins", 4, {"leave": 2}, 5, 8, 2),
    ("sniff", 2, {}, 7, 14, 0),
    ("sniff", 3, {}, 6, 10, 0),
    ("sniff", 4, {}, 5, 8, 0),
    ("horse-race", 3, {"leave": 2}, 6, 10, 2),
    ("horse-race", 4, {}, 5, 8, 0),
    ("seven-toed-pete", 4, {}, 7, 0, 0),
    ("seven-rocks", 4, {}, 7, 0, 0),
]


@pytest.mark.parametrize(("game", "players", "options", "hand", "boneyard", "leave"), DEALS)
def test_deal_table(game: str, players: int, options: dict[str, Any], hand: int, boneyard: int, leave: int) -> None:
    for seed in range(3):
        view = new_fives(game, players, options, seed=seed).view(None)
        assert view.hand_sizes == (hand,) * players
        assert view.boneyard == boneyard
        assert view.drawable == boneyard - leave


# -- C4, C5: the layout ---------------------------------------------------------------------------------------
def lay(policy: str, lead: tuple[int, int], *plays: tuple[tuple[int, int], tuple[int, int]]) -> Layout:
    layout = Layout(policy)
    layout.lead(tile_id(*lead))
    for tile, target in plays:
        end = layout.find_end(tile_id(*tile), tile_id(*target))
        assert end >= 0, (tile, target)
        layout.place(tile_id(*tile), end)
    return layout


def arms(layout: Layout) -> list[int]:
    return sorted(value for value, _, _, arm in layout.ends if arm)


def test_c5_a_lone_lead_counts_both_halves() -> None:
    assert lay("all", (6, 6)).count == 12
    assert lay("all", (5, 3)).count == 8
    assert lay("none", (0, 0)).count == 0


def test_c5_a_double_counts_both_halves_until_both_sides_are_covered() -> None:
    assert lay("all", (5, 5), ((5, 1), (5, 5))).count == 10 + 1  # a spinner with one side covered
    assert lay("all", (5, 5), ((5, 1), (5, 5)), ((5, 2), (5, 5))).count == 1 + 2  # both covered: 0
    assert lay("all", (6, 4), ((4, 4), (6, 4))).count == 6 + 8  # crosswise at an end
    covered = lay("all", (6, 4), ((4, 4), (6, 4)), ((4, 0), (4, 4)))
    assert covered.count == 6 + 0
    assert arms(covered) == [4, 4]  # its arms are open ends that count nothing until played on
    assert lay("all", (6, 4), ((4, 4), (6, 4)), ((4, 0), (4, 4)), ((4, 3), (4, 4))).count == 6 + 0 + 3


def test_c4_spinner_policy_none_never_branches() -> None:
    layout = lay("none", (5, 5), ((5, 1), (5, 5)), ((5, 2), (5, 5)))
    assert arms(layout) == [] and sorted(v for v, *_ in layout.ends) == [1, 2]
    layout = lay("none", (6, 4), ((4, 4), (6, 4)), ((4, 0), (4, 4)))
    assert arms(layout) == [] and layout.count == 6


def test_c4_spinner_policy_first_spins_only_the_first_double() -> None:
    layout = lay("first", (6, 4), ((4, 4), (6, 4)), ((4, 0), (4, 4)), ((6, 6), (6, 4)), ((6, 1), (6, 6)))
    assert [n.spinner for n in layout.nodes if n.double] == [True, False]
    assert arms(layout) == [4, 4]  # only the 4-4's arms
    assert sorted(v for v, *_ in layout.ends) == [0, 1, 4, 4]
    lead = lay("first", (2, 2), ((2, 3), (2, 2)), ((2, 1), (2, 2)), ((3, 3), (2, 3)), ((3, 5), (3, 3)))
    assert arms(lead) == [2, 2]  # the lead double was the first: only it spins


def test_c4_spinner_policy_all_branches_inside_branches() -> None:
    layout = lay(
        "all",
        (6, 6),
        ((6, 1), (6, 6)),
        ((6, 2), (6, 6)),
        ((6, 4), (6, 6)),  # an arm of the lead
        ((4, 4), (6, 4)),  # a double inside the branch ...
        ((4, 3), (4, 4)),  # ... both its sides covered ...
        ((4, 5), (4, 4)),  # ... so it branches again
    )
    assert [n.spinner for n in layout.nodes if n.double] == [True, True]
    assert layout.nodes[-1].dir in (0, 2)  # the 4-4 runs N; its arms run E and W
    assert layout.count == 1 + 2 + 3 + 5


FIVE_UP_BRANCH = [["6-6", "6-2", "4-4", "4-5", "0-0", "0-1", "0-2"], ["6-1", "6-4", "4-3", "1-1", "1-2", "1-3", "2-2"]]


def test_c4_a_spinner_in_a_branch_opens_its_arms_only_after_both_sides() -> None:
    state = stacked("five-up", [h[:] for h in FIVE_UP_BRANCH])
    for seat, action in [(0, "6-6"), (1, "6-1@6-6"), (0, "6-2@6-6"), (1, "6-4@6-6:N"), (0, "4-4@6-4")]:
        state.apply(seat, action)
    err = refuse(state, 1, "4-3@4-4:W", ArmNotOpen)  # 4-4 runs N: its far side (N) is still open
    assert err.params["target"] == "4-4"
    assert type(refuse(state, 1, "4-3@4-4:S", NoMatchingEnd)) is NoMatchingEnd  # S touches 6-4
    state.apply(1, "4-3@4-4:N")
    state.apply(0, "4-5@4-4:E")
    assert state.view(None).layout[-1].dir == 0
    assert state.view(None).end_count == 1 + 2 + 3 + 5


def test_c4_no_arm_on_a_double_that_does_not_spin() -> None:
    hands = [["5-5", "5-2", "0-0", "0-3", "0-4", "0-6", "2-3"], ["5-1", "5-3", "1-1", "1-2", "1-3", "1-4", "4-4"]]
    state = stacked("muggins", hands)  # Muggins: doubles crosswise, no spinner
    for seat, action in [(0, "5-5"), (1, "5-1@5-5"), (0, "5-2@5-5")]:
        state.apply(seat, action)
    assert not any(str(a).endswith("@5-5") for a in state.legal_actions())
    assert type(refuse(state, 1, "5-3@5-5:N", NoMatchingEnd)) is NoMatchingEnd  # not an arm waiting to open
    assert type(refuse(state, 1, "5-3@5-5", NoMatchingEnd)) is NoMatchingEnd
    assert state.view(None).end_count == 1 + 2


# -- C3, §1, §4: the first leader and partners by draw --------------------------------------------------------
def rank(tile: tuple[int, int]) -> tuple[int, int]:
    return tile[0] + tile[1], max(tile)


@pytest.mark.parametrize("game", ["five-up", "le-quantette", "quantette"])
def test_partners_by_draw_the_two_highest_draws_sit_opposite_and_the_highest_leads(game: str) -> None:
    for seed in range(60):
        state = new_fives(game, 4, seed=seed)
        draw = state.view(None).lead_draw
        order = sorted(range(4), key=lambda s: rank(must(draw)[s]), reverse=True)
        assert state.current_seat == state.leader == order[0]
        assert order[1] == (order[0] + 2) % 4, f"seed {seed}: the second highest must partner the highest"


@pytest.mark.parametrize(("game", "players"), [("five-up", 3), ("draw", 4), ("draw", 5), ("quantette", 5)])
def test_c3_the_highest_draw_leads_ties_to_the_higher_number(game: str, players: int) -> None:
    for seed in range(60):
        state = new_fives(game, players, seed=seed)
        draw = state.view(None).lead_draw
        assert len(set(must(draw))) == players
        assert state.current_seat == max(range(players), key=lambda s: rank(must(draw)[s]))
    by_agreement = [new_fives("five-up", 4, {"partners": "by_agreement"}, seed=s) for s in range(60)]
    for state in by_agreement:
        draw = state.view(None).lead_draw
        assert state.current_seat == max(range(4), key=lambda s: rank(must(draw)[s]))


# -- §5: All Fives' first lead ---------------------------------------------------------------------------------
def test_all_fives_the_highest_double_leads_and_a_deal_without_a_double_is_dealt_again() -> None:
    redealt = 0
    for seed in range(2500):
        first = list(range(28))
        random.Random(seed).shuffle(first)  # the engine's first shuffle for this seed
        if not any(IS_DOUBLE[t] for t in first[:14]):
            redealt += 1
        state = new_fives("sniff", 2, seed=seed)
        hands = [state.view(s).hand for s in (0, 1)]
        doubles = [(a, s) for s in (0, 1) for a, b in must(hands[s]) if a == b]
        top, holder = max(doubles)
        assert state.current_seat == holder
        assert [str(a) for a in state.legal_actions()] == [f"{top}-{top}"]
    assert redealt > 0  # some of these seeds dealt no double at first


@pytest.mark.parametrize("target", [50, 100, 250, 500])
@pytest.mark.parametrize(("players", "tiles"), [(2, "d6"), (4, "d6"), (3, "d9"), (4, "d9")])
def test_all_fives_ends_the_moment_a_side_reaches_the_target(target: int, players: int, tiles: str) -> None:
    for seed in range(3 if target < 500 else 1):
        state = Referee("all-fives", players, {"target": target, "tile_set": tiles}, seed).run()
        (winner,) = state.winner
        assert state.scores[winner] >= target > max(s for i, s in enumerate(state.scores) if i != winner)


def test_all_fives_winning_by_a_muggins_in_the_middle_of_a_hand() -> None:
    for seed in range(200):
        state = Referee("all-fives", 4, {"target": 50}, seed).run()
        if not state.hands or state.hands[-1].detail["hand"] != state.hand_no:
            break  # the game ended during a hand, not at its end
    else:
        raise AssertionError("no game ended mid-hand")
    last = state.steps[-1]
    assert last.action not in ("draw", "pass") and sum(last.points) > 0
    assert state.current_seat is None and state.legal_actions() == []


# -- §1, §2.7: a tie at the top is played off --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "target", "extra"),
    [
        ("five-up-3p-tie-plays-3-more-hands", 61, [3]),
        ("five-up-4p-tie-twice", 61, [2, 2]),  # still tied after two hands: two more
        ("le-quantette-3p-tie-plays-3-more-hands", 35, [3]),
        ("quantette-4p-tie-plays-another-round", 35, [1]),  # §4: one round at a time until unequal
        ("quantette-3p-tie-plays-another-round", 35, [1]),
    ],
)
def test_a_tie_at_the_top_plays_more_hands(name: str, target: int, extra: list[int]) -> None:
    code, out, _ = replay_cli(FIVES / f"{name}.json")
    assert code == 0 and out["over"] is True
    state = played(f"fives/{name}.json")
    totals = [h.detail["totals"] for h in state.hands]
    at = next(i for i, t in enumerate(totals) if max(t) >= target)
    for more in extra:
        assert totals[at].count(max(totals[at])) > 1, "tied at the top when the game would end"
        at += more
    assert at == len(totals) - 1, "the game ends exactly when the extra hands are played"
    last = totals[-1]
    assert last.count(max(last)) == 1 and out["winner"] == [last.index(max(last))]


# -- §1-§4: every scoring option on a real hand ------------------------------------------------------------------
def first_hand_points(name: str, tmp_path: Any, **changes: Any) -> list[int]:
    record = load_record(f"fives/{name}.json")
    record = {**record, **{k: v for k, v in changes.items() if k != "options"}}
    record["options"] = changes.get("options", record["options"])
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 0, out
    return out["hands"][0]["points"]


def test_five_up_3p_domino_with_truncation_and_the_domino_bonus(tmp_path: Any) -> None:
    """The hands of example 9 (goer, B 12 pips, C 18)."""
    base = first_hand_points("five-up-3p-domino", tmp_path)
    goer = base.index(6)
    b = base.index(2)
    c = 3 - goer - b
    expected = [0, 0, 0]
    expected[goer], expected[b] = 6 + 2, 2  # domino_bonus_2: going out scores 2 more
    assert first_hand_points("five-up-3p-domino", tmp_path, options={"domino_bonus_2": "on"}) == expected
    expected[goer], expected[b] = 2 + 3, 3 - 2  # rounding=truncate: T5(12) = 2, T5(18) = 3
    assert first_hand_points("five-up-3p-domino", tmp_path, options={"rounding": "truncate"}) == expected
    expected[goer], expected[b] = 6, 1  # Le Quantette rounding=nearest: R5(30) = 6, R5(18 - 12) = 1
    lq = first_hand_points("five-up-3p-domino", tmp_path, game="le-quantette", options={"rounding": "nearest"})
    assert lq == expected and expected[c] == 0


def test_le_quantette_3p_closed_second_lowest_scores_too() -> None:
    # pips 7, 12, 21: lowest T5(12 + 21 - 7) = 5, second T5(21 - 12) = 1 (`pairwise`: T5(5 + 14) = 3)
    sides = ((0,), (1,), (2,))
    o = {"rounding": "truncate", "three_player_close": "literal"}
    assert scoring.five_up_hand("le-quantette", sides, (0, 1, 2), [12, 7, 21], None, o) == [1, 5, 0]
    o["three_player_close"] = "pairwise"
    assert scoring.five_up_hand("le-quantette", sides, (0, 1, 2), [12, 7, 21], None, o) == [1, 3, 0]
    assert scoring.five_up_hand("le-quantette", sides, (0, 1, 2), [7, 7, 21], None, o) == [0, 0, 0]


def test_quantette_without_the_going_out_point(tmp_path: Any) -> None:
    points = first_hand_points("quantette-4p-going-out", tmp_path, options={"going_out_bonus": 0})
    assert sorted(points) == [0, 5]  # T5(18 + 8), no +1


def test_five_up_4p_and_2p_blocked_ties_score_nothing() -> None:
    o = {"rounding": "nearest", "domino_bonus_2": "on"}
    assert scoring.five_up_hand("five-up", ((0, 2), (1, 3)), (0, 1, 0, 1), [10, 12, 12, 10], None, o) == [0, 0]
    assert scoring.five_up_hand("five-up", ((0,), (1,)), (0, 1), [9, 9], None, o) == [0, 0]
    # going out in 4p: the partner's pips do not count; the bonus goes to the side
    assert scoring.five_up_hand("five-up", ((0, 2), (1, 3)), (0, 1, 0, 1), [0, 12, 30, 4], 0, o) == [3 + 2, 0]


def test_all_fives_hand_ends() -> None:
    sides = ((0, 2), (1, 3))
    side_of = (0, 1, 0, 1)
    assert scoring.all_fives_hand(sides, side_of, [0, 9, 30, 8], 0) == ([15, 0], 0)  # N5(17), partner ignored
    assert scoring.all_fives_hand(sides, side_of, [12, 9, 30, 11], None) == ([0, 40], 1)  # lowest wins a block
    assert scoring.all_fives_hand(sides, side_of, [9, 9, 30, 11], None) == ([0, 0], None)  # tie: nobody


# -- §1 game points and §2.8 demi-score -----------------------------------------------------------------------------
def test_game_points_skunk_boundaries_and_partnerships() -> None:
    off = {"winner_bonus_10": "off", "skunk": "off"}
    assert scoring.five_up_game_points([61, 30], 0, {**off, "skunk": "plus10"}) == [41, -41]  # 30 is skunked
    assert scoring.five_up_game_points([61, 31], 0, {**off, "skunk": "plus10"}) == [30, -30]
    assert scoring.five_up_game_points([25, 70], 1, {**off, "skunk": "double"}) == [-90, 90]
    assert scoring.five_up_game_points([70, 25], 0, {"winner_bonus_10": "on", "skunk": "double"}) == [110, -110]


def test_demi_score_doubles_the_winner_against_a_loser_under_18() -> None:
    off = {"winner_bonus_10": "off", "skunk": "off"}
    assert scoring.five_up_game_points([35, 17], 0, off, demi_at=18) == [53, -53]
    assert scoring.five_up_game_points([35, 18], 0, off, demi_at=18) == [17, -17]
    assert scoring.five_up_game_points([20, 36, 10], 1, off, demi_at=18) == [-16, 78, -62]


def test_le_quantette_next_partie_is_led_by_the_lowest_scorer() -> None:
    for seed in range(300):
        state = new_fives("le-quantette", 3, {"parties_to_win": 2}, seed=seed)
        rng = random.Random(seed)
        while not state.parties:
            state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
        if not state.is_over:
            break
    scores = state.parties[0]["scores"]
    last_dealer = state.hands[-1].detail["leader"]
    clockwise = [(last_dealer + k) % 3 for k in (1, 2, 3)]  # from the previous dealer's left
    assert state.leader == next(s for s in clockwise if scores[s] == min(scores))
    assert state.scores == [0, 0, 0] and state.hand_no == len(state.hands) + 1


# -- notation (docs/records.md "Action notation") ---------------------------------------------------------------------
def test_action_text_round_trips_and_names_tiles_as_the_table_shows_them() -> None:
    hands = [["6-3", "5-5", "0-0", "0-1", "0-2", "1-1", "1-2"], ["3-4", "6-4", "1-3", "2-2", "2-3", "2-4", "2-5"]]
    state = stacked("five-up", hands)
    state.apply(0, "3-6")  # either order leads the same tile; it reads higher half first
    assert str(state.steps[-1].action) == "6-3"
    assert sorted(map(str, state.legal_actions())) == ["3-1@6-3", "3-2@6-3", "3-4@6-3", "6-4@6-3"]
    state.apply(1, "4-3@6-3")  # "where only one half can touch, either order is accepted"
    assert str(state.steps[-1].action) == "3-4@6-3"
    for seed in range(20):
        game = new_fives("all-fives", 2, {"tile_set": "d9"}, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            for action in game.legal_actions():
                text = str(action)
                assert str(game.parse_action(text)) == text
            game.apply(must(game.current_seat), rng.choice(game.legal_actions()))
