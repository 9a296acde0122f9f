"""Every worked example of fives.md §7, most of them as game records replayed through the CLI.

The end-of-hand records under tests/records/fives/ are real hands found by scripts/find_example.py; the
layout examples (example-1, -2, -3 final picture, -15) are stacked by hand. The pips left in each hand
are recomputed here from the record alone (deal, draws in boneyard order, plays), so the
expected scores follow from the rule text, not from the engine under test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine.fives import scoring
from bot.engine.fives.layout import Layout
from bot.engine.fives.view import FivesView
from bot.engine.tiles import tile_id
from tests.checks import is_a, must
from tests.games import new_fives

from .replaying import RECORDS, load_record, played, replay_cli

FIVES = RECORDS / "fives"


def _tile(text: str) -> tuple[int, int]:
    a, b = text.split("-")
    low, high = sorted((int(a), int(b)))
    return (low, high)


def holdings_at_first_hand_end(record: dict[str, Any]) -> tuple[list[int], int | None]:
    """(pips left per seat, seat that went out or None) when the first hand of `record` ends, worked out
    from the deal and the actions without the engine."""
    deal = record["deals"][0]
    hands = [[_tile(t) for t in hand] for hand in deal["hands"]]
    boneyard = [_tile(t) for t in deal.get("boneyard", [])]
    n = record["players"]
    passes = 0
    for entry in record["actions"]:
        seat, action = entry["seat"], entry["action"]
        if action == "draw":
            hands[seat].append(boneyard.pop(0))
        elif action == "pass":
            passes += 1
            if passes == n:
                return [sum(a + b for a, b in h) for h in hands], None
        else:
            passes = 0
            hands[seat].remove(_tile(action.split("@")[0].split()[0]))
            if not hands[seat]:
                return [sum(a + b for a, b in h) for h in hands], seat
    raise AssertionError("the record's first hand does not end")


def first_hand(name: str) -> tuple[dict[str, Any], dict[str, Any], list[int], int | None]:
    path = FIVES / f"{name}.json"
    code, out, _ = replay_cli(path)
    assert code == 0, out
    record = load_record(f"fives/{name}.json")
    pips, goer = holdings_at_first_hand_end(record)
    return record, out, pips, goer


# -- examples 1 and 2: the end count of a spinner layout ----------------------------------------------------
def _example_1_layout() -> Layout:
    """Open ends 2, 1, a crosswise 4-4 at an end, 5 and 4 (plus the empty arm of 3-3, which counts 0)."""
    layout = Layout("all")
    layout.lead(tile_id(6, 6))
    for tile, target in [((6, 3), (6, 6)), ((6, 1), (6, 6)), ((3, 3), (6, 3)), ((3, 2), (3, 3)), ((6, 4), (6, 6)),
                         ((4, 4), (6, 4)), ((6, 5), (6, 6)), ((3, 4), (3, 3))]:  # fmt: skip
        layout.place(tile_id(*tile), layout.find_end(tile_id(*tile), tile_id(*target)))
    return layout


def test_example_1_and_2_end_count_of_open_ends_2_1_double_4_5_4_is_20() -> None:
    layout = _example_1_layout()
    values = sorted(v for v, _, _, _ in layout.ends)
    assert values == [1, 2, 3, 4, 4, 5]  # 3 is the uncovered arm of 3-3: an open end that counts nothing
    assert layout.count == 2 + 1 + 4 * 2 + 5 + 4 == 20


@pytest.mark.parametrize(
    ("name", "points"), [("example-1-five-up-end-count-20", [4, 0]), ("example-2-all-fives-end-count-20", [0, 20])]
)
def test_example_1_and_2_as_records_five_up_scores_e_over_5_and_all_fives_e(name: str, points: list[int]) -> None:
    """Example 1 (Five Up, every double spins): ends 2, 1, a crosswise 4-4, 5 and 4 around two spinners.
    Example 2 (All Fives spins only its first double): ends 5, 4, 3 and a crosswise 4-4, 20 from one spinner."""
    code, out, _ = replay_cli(FIVES / f"{name}.json")
    assert code == 0, out
    assert out["steps"][-1]["points"] == points
    state = played(f"fives/{name}.json")
    assert is_a(FivesView, state.view(None)).end_count == 20


# -- example 3: the Quantette layout sequence ---------------------------------------------------------------
def test_example_3_quantette_sequence_scores_2_2_2_0_3_0_2_3() -> None:
    code, out, _ = replay_cli(FIVES / "records-md-example.json")
    assert code == 0
    by_step = [sum(s["points"]) for s in out["steps"]]
    assert by_step == [2, 2, 2, 0, 3, 0, 2, 3]


def test_example_3_final_picture_count_26_scores_nothing() -> None:
    """3.9: ends 3, 1, 6, 6 and a crosswise 5-5 with an uncovered side (10): E = 26, no points; the play
    before (ends 3, 6, 10, 1 and the empty arm of the covered 2-2) made 20, 4 points."""
    code, out, _ = replay_cli(FIVES / "example-3-final-picture-26.json")
    assert code == 0, out
    assert [sum(s["points"]) for s in out["steps"]] == [0, 0, 0, 0, 0, 0, 0, 4, 0]
    view = is_a(FivesView, played("fives/example-3-final-picture-26.json").view(None))
    counted = sorted(v for v, node, _, arm in view.ends if not arm)
    assert counted == [1, 3, 5, 6, 6]  # 5 is the open side of 5-5, which counts both halves
    assert view.end_count == 3 + 1 + 6 + 6 + 10 == 26


# -- examples 4-6: Quantette round ends ---------------------------------------------------------------------
def test_example_4_quantette_4p_going_out_scores_1_plus_t5_of_opponents() -> None:
    _record, out, pips, goer = first_hand("quantette-4p-going-out")
    assert goer is not None
    partner, opponents = (goer + 2) % 4, [(goer + 1) % 4, (goer + 3) % 4]
    assert pips[partner] == 20 and sorted(pips[s] for s in opponents) == [8, 18]
    goer_side = goer % 2
    expected = [0, 0]
    expected[goer_side] = 1 + (18 + 8) // 5  # 6; the partner's 20 is ignored
    assert out["hands"][0] == {"reason": "domino", "points": expected}


def test_example_5_quantette_3p_going_out() -> None:
    _record, out, pips, went_out = first_hand("quantette-3p-going-out")
    goer = must(went_out)
    second = min((s for s in range(3) if s != goer), key=lambda s: pips[s])
    third = max((s for s in range(3) if s != goer), key=lambda s: pips[s])
    assert (pips[second], pips[third]) == (10, 24)
    expected = [0, 0, 0]
    expected[goer] = 1 + 2 + 4  # 1 + T5(10) + T5(24)
    expected[second] = 2  # T5(24 - 10)
    assert out["hands"][0]["points"] == expected


def test_example_6_quantette_5p_going_out() -> None:
    _record, out, pips, goer = first_hand("quantette-5p-going-out")
    others = sorted(pips[s] for s in range(5) if s != goer)
    assert others == [5, 12, 18, 22]
    expected_by_pips = {0: 5, 5: 3, 12: 2, 18: 0, 22: 0}
    assert out["hands"][0]["points"] == [expected_by_pips[p] for p in pips]


def test_example_4_5_6_by_the_formulas() -> None:
    # seats: A 0, B 1, C 2, D 3 with A-D against B-C (sides as the example pairs them)
    sides = ((0, 3), (1, 2))
    assert scoring.quantette_hand(sides, [18, 0, 20, 8], 1, {"going_out_bonus": 1, "block_diff_5": "literal"}) == [0, 6]
    opts = {"going_out_bonus": 1, "block_diff_5": "literal"}
    assert scoring.quantette_hand(((0,), (1,), (2,)), [0, 10, 24], 0, opts) == [7, 2, 0]
    assert scoring.quantette_hand(tuple((s,) for s in range(5)), [0, 5, 12, 18, 22], 0, opts) == [5, 3, 2, 0, 0]


# -- example 7: the Draw deal table -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "hand", "boneyard", "leave"), [(2, 7, 14, 2), (3, 6, 10, 1), (4, 5, 8, 2), (5, 4, 8, 1)]
)
def test_example_7_draw_deal_table(players: int, hand: int, boneyard: int, leave: int) -> None:
    view = new_fives("draw", players, seed=3).view(0)
    assert view.hand_sizes == (hand,) * players
    assert view.boneyard == boneyard
    assert view.drawable == boneyard - leave


# -- example 8: rounding ------------------------------------------------------------------------------------
def test_example_8_rounding_functions() -> None:
    assert [scoring.r5(x) for x in (7, 12, 13, 17, 18, 21)] == [1, 2, 3, 3, 4, 4]
    assert [scoring.t5(x) for x in (13, 19, 26)] == [2, 3, 5]
    assert [scoring.n5(x) for x in (12, 13, 16, 17, 18, 23)] == [10, 15, 15, 15, 20, 25]


# -- examples 9-11, 14: Five Up and Le Quantette hand ends ---------------------------------------------------
def test_example_9_five_up_and_le_quantette_3p_domino(tmp_path: Path) -> None:
    record, out, pips, went_out = first_hand("five-up-3p-domino")
    goer = must(went_out)
    b = min((s for s in range(3) if s != goer), key=lambda s: pips[s])
    c = max((s for s in range(3) if s != goer), key=lambda s: pips[s])
    assert (pips[b], pips[c]) == (12, 18)
    expected = [0, 0, 0]
    expected[goer], expected[b] = 6, 2
    assert out["hands"][0]["points"] == expected
    # the same hands under Le Quantette (5 tiles, leave 1 with three players): goer T5(30) = 6, B T5(6) = 1
    code, lq, _ = replay_cli({**record, "game": "le-quantette"}, tmp_path)
    assert code == 0, lq
    expected[b] = 1
    assert lq["hands"][0]["points"] == expected


def test_example_10_five_up_4p_closed_lower_side_scores_r5_of_the_other() -> None:
    _record, out, pips, goer = first_hand("five-up-4p-closed")
    totals = [pips[0] + pips[2], pips[1] + pips[3]]
    assert sorted(totals) == [23, 31] and goer is None
    expected = [0, 0]
    expected[totals.index(23)] = 6
    assert out["hands"][0] == {"reason": "blocked", "points": expected}


def test_example_11_five_up_3p_closed_literal_and_pairwise(tmp_path: Path) -> None:
    record, out, pips, _ = first_hand("five-up-3p-closed")
    assert sorted(pips) == [7, 12, 21]
    low = pips.index(7)
    expected = [0, 0, 0]
    expected[low] = 5  # (2 + 4) - 1
    assert out["hands"][0]["points"] == expected
    code, pairwise, _ = replay_cli({**record, "options": {"three_player_close": "pairwise"}}, tmp_path)
    assert code == 0
    expected[low] = 4  # (2 - 1) + (4 - 1)
    assert pairwise["hands"][0]["points"] == expected


def test_example_11_five_up_3p_closed_tie_for_lowest_scores_nothing() -> None:
    _record, out, pips, _ = first_hand("five-up-3p-closed-tie")
    assert sorted(pips) == [7, 7, 20]
    assert out["hands"][0] == {"reason": "blocked", "points": [0, 0, 0]}


@pytest.mark.parametrize(("name", "low_points"), [("quantette-4p-block-20-25", 0), ("quantette-4p-block-20-31", 2)])
def test_example_14_quantette_4p_block(name: str, low_points: int, tmp_path: Path) -> None:
    record, out, pips, _ = first_hand(name)
    totals = [pips[0] + pips[2], pips[1] + pips[3]]
    assert min(totals) == 20
    expected = [0, 0]
    expected[totals.index(20)] = low_points
    assert out["hands"][0] == {"reason": "blocked", "points": expected}
    # block_diff_5=plain scores T5 of any difference: 5 -> 1, 11 -> 2
    code, plain, _ = replay_cli({**record, "options": {"block_diff_5": "plain"}}, tmp_path)
    expected[totals.index(20)] = (max(totals) - 20) // 5
    assert code == 0 and plain["hands"][0]["points"] == expected


# -- examples 12, 13: Five Up game points -------------------------------------------------------------------
def test_example_12_five_up_2p_game_points(tmp_path: Path) -> None:
    code, out, _ = replay_cli(FIVES / "five-up-2p-game-63-40.json")
    assert code == 0 and out["over"] is True
    assert sorted(out["scores"]) == [40, 63]
    winner = out["scores"].index(63)
    assert out["winner"] == [winner]
    expected = [0, 0]
    expected[winner], expected[1 - winner] = 23, -23
    assert out["game_points"] == expected
    record = load_record("fives/five-up-2p-game-63-40.json")
    code, bonus, _ = replay_cli({**record, "options": {"winner_bonus_10": "on"}}, tmp_path)
    expected[winner], expected[1 - winner] = 33, -33
    assert code == 0 and bonus["game_points"] == expected


@pytest.mark.parametrize(
    ("skunk", "points"), [("off", (46, -12, -34)), ("plus10", (56, -12, -44)), ("double", (80, -12, -68))]
)
def test_example_13_five_up_3p_game_points_and_skunk(skunk: str, points: tuple[int, int, int], tmp_path: Path) -> None:
    record = load_record("fives/five-up-3p-game-62-50-28.json")
    code, out, _ = replay_cli({**record, "options": {"skunk": skunk}}, tmp_path)
    assert code == 0 and out["over"] is True
    scores = out["scores"]
    assert sorted(scores) == [28, 50, 62]
    expected = [0, 0, 0]
    for score, p in zip((62, 50, 28), points, strict=True):
        expected[scores.index(score)] = p
    assert out["winner"] == [scores.index(62)]
    assert out["game_points"] == expected


def test_example_12_13_by_the_formula() -> None:
    off = {"winner_bonus_10": "off", "skunk": "off"}
    assert scoring.five_up_game_points([63, 40], 0, off) == [23, -23]
    assert scoring.five_up_game_points([63, 40], 0, {**off, "winner_bonus_10": "on"}) == [33, -33]
    assert scoring.five_up_game_points([62, 50, 28], 0, {**off, "skunk": "double"}) == [80, -12, -68]
    # ∅ bonus with skunk: both apply, bonus first (72 - 28 = 44, +10)
    assert scoring.five_up_game_points([62, 50, 28], 0, {"winner_bonus_10": "on", "skunk": "plus10"}) == [76, -22, -54]


# -- example 15: All Fives scores face value -----------------------------------------------------------------
def test_example_15_all_fives_lead_5_5_scores_10_and_opponents_17_score_15() -> None:
    _record, out, pips, goer = first_hand("all-fives-lead-5-5-opponents-17")
    assert out["steps"][0]["action"] == "5-5" and sum(out["steps"][0]["points"]) == 10
    assert goer is not None and sum(pips) == 17
    expected = [0, 0]
    expected[goer] = 15
    assert out["hands"][0]["points"] == expected


def test_example_15_opponents_23_score_25() -> None:
    _record, out, pips, goer = first_hand("all-fives-opponents-23")
    assert goer is not None and sum(pips) == 23
    expected = [0, 0]
    expected[goer] = 25
    assert out["hands"][0]["points"] == expected


def test_example_15_five_up_lead_5_5_scores_2() -> None:
    code, out, _ = replay_cli(FIVES / "example-15-five-up-lead-5-5.json")
    assert code == 0 and out["steps"][0] == {"seat": 0, "action": "5-5", "points": [2, 0]}
