"""Every worked example of domineren.md §21, replayed through `python -m bot.engine replay` where it
involves play. Deals are stacked so that each example happens exactly as the rule text describes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.engine import EngineError, NoMatchingEnd
from bot.engine.domineren.matching import FIT, IS_MATADOR, fit_key, hand_count
from bot.engine.domineren.rules import BONUS, bonus, pool_share, settlement
from bot.engine.domineren.state import DominerenState
from bot.engine.records import summary
from bot.engine.tiles import parse_tile
from tests.checks import is_a, must

from .replaying import RECORDS, load_record, played, replay_cli
from .test_domineren_support import Script, full_deal, second_hand


def cli(script: Script, tmp_path: Path) -> dict:
    code, out, _ = replay_cli(script.record, tmp_path)
    assert code == 0, out
    assert out == summary(script.state)
    return out


def plays(script: Script, seat: int) -> set[str]:
    return {str(a) for a in script.state.legal_actions(seat) if "@" in str(a) and not str(a).endswith("block")}


# -- 1 and 9: the set from the hand --------------------------------------------------------------------
@pytest.mark.parametrize(("double", "each"), [("0-0", 7), ("4-4", 4)])
def test_set_double_from_hand_receives_one_half_from_each(tmp_path: Path, double: str, each: int) -> None:
    hands = [[double, "1-2", "1-3", "1-4"], ["2-3", "2-4", "2-5", "2-6"], ["3-4", "3-5", "3-6", "4-5"]]
    hands.append(["4-6" if double == "0-0" else "0-4", "5-6", "0-1", "0-2"])
    script = Script(4, [full_deal(hands)])
    script.act(0, double)
    out = cli(script, tmp_path)
    assert out["steps"][0]["points"] == [3 * each, -each, -each, -each]
    assert out["scores"] == [500 + 3 * each, 500 - each, 500 - each, 500 - each]
    assert out["current_seat"] == 0  # the set player declares the type next
    types = {a.split()[1] for a in out["legal"] if a.startswith("type")}
    if double == "0-0":
        assert {"14", "15", "16", "17"} <= types and not {"5", "6", "9", "10"} & types
    else:
        assert {"5", "6", "9", "10"} <= types and not {"14", "15", "16", "17"} & types


# -- 2 and 9: the set drawn from the talon -------------------------------------------------------------
@pytest.mark.parametrize(("drawn", "each"), [("3-3", 6), ("0-0", 14), ("6-2", -8)])
def test_set_drawn_from_the_talon(tmp_path: Path, drawn: str, each: int) -> None:
    hands = [["0-1", "0-2", "0-3", "0-4"], ["1-2", "1-3", "1-4", "1-5"], ["1-6", "2-3", "2-4", "2-5"]]
    hands.append(["4-5", "3-4", "3-5", "3-6"])
    script, sp = second_hand(4, hands, talon=[drawn])
    assert [str(a) for a in script.state.legal_actions(sp)] == ["draw"]  # no double in hand
    before = list(script.state.scores)
    script.act(sp, "draw")
    out = cli(script, tmp_path)
    expected = [-each] * 4
    expected[sp] = 3 * each
    assert out["steps"][-1]["points"] == expected
    assert [a - b for a, b in zip(out["scores"], before, strict=True)] == expected
    assert script.state.view(None).layout[0].tile == tuple(sorted(map(int, drawn.split("-")), reverse=True))


# -- 3: double declarations ----------------------------------------------------------------------------
def test_bonus_tables() -> None:
    pagat, leeflang = BONUS["pagat"], BONUS["leeflang"]
    assert (bonus(pagat[3], 4), bonus(pagat[3], 5), bonus(pagat[3], 3)) == (200, 500, 0)
    assert (bonus(pagat[4], 3), bonus(pagat[4], 4), bonus(pagat[5], 3)) == (25, 250, 30)
    assert (bonus(leeflang[3], 4), bonus(leeflang[3], 5)) == (200, 250)
    assert (bonus(leeflang[4], 3), bonus(leeflang[4], 4), bonus(leeflang[5], 3)) == (25, 250, 50)


SINGLES = ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2", "1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"]


@pytest.mark.parametrize(
    ("players", "table", "doubles", "each"),
    [
        (3, "pagat", 4, 200),
        (3, "pagat", 5, 500),
        (3, "leeflang", 5, 250),
        (4, "pagat", 3, 25),
        (4, "pagat", 4, 250),
        (5, "pagat", 3, 30),
        (5, "leeflang", 3, 50),
    ],
)
def test_declared_doubles_are_paid_by_each_player(
    tmp_path: Path, players: int, table: str, doubles: int, each: int
) -> None:
    size = {3: 5, 4: 4, 5: 3}[players]
    singles = iter(SINGLES)
    hands = [["6-6", *[next(singles) for _ in range(size - 1)]]]
    hands.append([f"{d}-{d}" for d in range(doubles)] + [next(singles) for _ in range(size - doubles)])
    hands += [[next(singles) for _ in range(size)] for _ in range(players - 2)]
    script = Script(players, [full_deal(hands)], {"double_bonus_table": table})
    script.acts((0, "6-6"), (0, "type 1"))
    assert script.state.current_seat == 1 and [str(a) for a in script.state.legal_actions()] == ["declare", "decline"]
    script.act(1, "declare")
    out = cli(script, tmp_path)
    assert out["steps"][-1]["points"] == [-each, each * (players - 1)] + [-each] * (players - 2)
    assert len(script.state.view(None).declared[1]) == doubles  # shown face up to everyone


def test_the_set_double_no_longer_counts() -> None:
    hands = [["6-6", "5-5", "4-4", "3-3"], ["0-1", "0-2", "0-3", "0-4"], ["0-5", "0-6", "1-2", "1-3"]]
    hands.append(["1-4", "1-5", "1-6", "2-3"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "6-6"), (0, "type 1"), (0, "declare"))  # asked last, clockwise from his left
    assert script.chips_of_last() == [75, -25, -25, -25]  # three doubles left in hand, not four


# -- 4 and 5: the Russian rule -------------------------------------------------------------------------
def test_russian_after_a_4_4_set_tiles_with_a_3_attach(tmp_path: Path) -> None:
    hands = [["4-4", "0-1", "0-2", "1-2"], ["3-5", "4-5", "4-3", "1-6"], ["0-5", "0-6", "2-5", "2-6"]]
    hands.append(["1-3", "1-4", "1-5", "2-4"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "4-4"), (0, "type 4"))
    # 1-6 is a matador too, so it fits any end, with either half touching
    expected = {"3-5@4-4", "4-3@4-4", "3-4@4-4", "1-6@4-4", "6-1@4-4"}
    assert plays(script, 1) == expected
    out = cli(script, tmp_path)  # the replay command prints the same legal plays for seat 1
    assert out["current_seat"] == 1 and {a for a in out["legal"] if not a.endswith("block")} == expected
    with pytest.raises(NoMatchingEnd) as err:
        script.act(1, "4-5@4-4")
    assert err.value.key == "does_not_fit_russian"
    script.act(1, "3-5@4-4")
    assert cli(script, tmp_path)["steps"][-1]["action"] == "3-5@4-4"


def test_russian_matador_has_four_placements_on_a_two_ended_line(tmp_path: Path) -> None:
    hands = [["0-1", "0-2", "0-3", "1-2"], ["4-5", "1-4", "0-4", "2-4"], ["5-6", "1-5", "3-5", "0-5"]]
    hands.append(["3-4", "2-6", "3-6", "0-6"])
    script, sp = second_hand(4, hands, talon=["2-3"])
    p1, p2, p3 = ((sp + k) % 4 for k in (1, 2, 3))
    script.acts((sp, "draw"), (sp, "type 4"), (p1, "4-5@3-2"), (p2, "5-6@3-2"))
    # the line is [6|5][2|3][4|5]: its ends show 6 and 5
    assert sorted(e.number for e in script.state.view(None).ends) == [5, 6]
    matador = {p for p in plays(script, p3) if p.split("@")[0] in ("3-4", "4-3")}
    assert matador == {"3-4@4-5", "4-3@4-5", "3-4@5-6", "4-3@5-6"}
    script.act(p3, "4-3@5-6")  # the 4 touches the 6 end: the new end shows 3
    out = cli(script, tmp_path)
    assert out["steps"][-1]["action"] == "4-3@5-6"
    assert sorted(e.number for e in script.state.view(None).ends) == [3, 5]


# -- 6, 11, 12: counting and settlement ----------------------------------------------------------------
def test_hand_counts() -> None:
    tiles = [parse_tile(t) for t in ("0-0", "2-3")]
    assert hand_count(tiles) == 19
    assert hand_count([parse_tile("0-0")]) == 14 and hand_count([]) == 0


def test_settlement_between_every_pair() -> None:
    assert settlement([0, 10, 25]) == [35, 5, -40]
    assert sum(settlement([14, 3, 0, 9, 22])) == 0


def test_a_hand_count_with_0_0_and_a_player_out_replayed() -> None:
    """Examples 6 and 12: seat 2 ends holding 0-0 and 2-3, which count 19; the others are out, 0."""
    code, out, _ = replay_cli(RECORDS / "domineren" / "example-12-count.json")
    assert code == 0
    record = load_record("domineren/example-12-count.json")
    state = played(record)
    detail = state.hands[0].detail
    assert sorted(detail["hands"][2]) == ["0-0", "3-2"] and detail["hands"][:2] == [[], []]
    assert detail["totals"] == [0, 0, 19]
    assert out["hands"] == [{"reason": "nos-out", "points": [19, 19, -38]}]


def test_settlement_of_example_11_replayed() -> None:
    """Example 11 as a blocked hand: A = seat 2 (out, 0), B = seat 1 (6-0 4-0: 10), C = seat 0 (25)."""
    code, out, _ = replay_cli(RECORDS / "domineren" / "example-11-settlement.json")
    assert code == 0
    record = load_record("domineren/example-11-settlement.json")
    state = played(record)
    assert state.hands[0].detail["totals"] == [25, 10, 0]
    # C pays B 15 and A 25, B pays A 10: A +35, B +5, C -40
    assert out["hands"] == [{"reason": "blocked", "points": [-40, 5, 35]}]


# -- 7: the end of the session -------------------------------------------------------------------------
def test_chips_round_down_to_twenties() -> None:
    assert pool_share(652) == 12 and 652 - pool_share(652) == 640
    assert pool_share(640) == 0
    assert -7 - pool_share(-7) == -20  # a negative balance floors too, so a share is 0-19


def test_652_chips_become_640_and_12_go_to_the_pool_replayed(tmp_path: Path) -> None:
    """Example 7 in a session: example 12's hand from 622 chips each leaves seat 0 with 652; the session
    ends, 12 of them go to the pool (seat 1: 646 -> 640, seat 2: 568 -> 560) and Billitonnen begins."""
    record = load_record("domineren/example-12-count.json")
    record["options"] = {"hands": 1, "billitonnen": "on", "start_chips": 622}
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 0
    assert out["hands"][0]["reason"] == "nos-out"
    assert out["hands"][1] == {"reason": "pool", "points": [-12, -6, -8]}
    assert out["scores"] == [640, 640, 560] and out["legal"] == ["turn W", "turn E"]
    state = is_a(DominerenState, played(record))
    assert state.hands[0].detail["chips"] == [652, 646, 568]
    assert state.view(None).pool == 26 and state.phase == "billitonnen"


# -- 8: Nos, Block upheld, Block broken ----------------------------------------------------------------
NOS_HANDS = [
    ["6-6", "6-5", "5-4"],
    ["6-0", "0-3", "4-4"],
    ["0-1", "0-4", "4-6"],
    ["1-2", "4-1", "3-6"],
    ["2-3", "1-3", "2-6"],
]
NOS_ROUNDS = [
    (0, "6-6"),
    (0, "type 1"),
    (1, "6-0@6-6"),
    (2, "0-1@6-0"),
    (3, "1-2@0-1"),
    (4, "2-3@1-2"),
    (0, "6-5@6-6"),
    (1, "3-0@2-3"),
    (2, "0-4@3-0"),
    (3, "4-1@0-4"),
    (4, "1-3@4-1"),
]


def test_nos_then_play_goes_on_without_payments(tmp_path: Path) -> None:
    script = Script(5, [full_deal(NOS_HANDS)])
    script.acts(*NOS_ROUNDS)
    script.act(0, "5-4@6-5")  # seat 0 plays his last tile: Nos
    assert script.chips_of_last() == [20, -5, -5, -5, -5]
    script.act(1, "4-4@5-4")  # a double on the previous player's tile, but he has just gone out
    assert script.chips_of_last() == [0, 0, 0, 0, 0]
    script.acts((2, "4-6@4-4"), (3, "3-6@1-3"))  # out too, no payment; one player left: the hand ends
    out = cli(script, tmp_path)
    assert out["steps"][-1]["points"] == [0, 0, 0, 0, 0]
    assert out["hands"] == [{"reason": "nos-out", "points": [8, 8, 8, 8, -32]}]  # seat 4 keeps 2-6
    # the 6-6 set brought 6 from each; Nos 5 from each
    assert out["over"] and out["scores"] == [552, 497, 497, 497, 457]
    assert out["game_points"] == [52, -3, -3, -3, -43]


def test_block_broken_costs_forty_to_each(tmp_path: Path) -> None:
    script = Script(5, [full_deal(NOS_HANDS)])
    script.acts(*NOS_ROUNDS[:5], (4, "2-3@1-2 block"))
    assert script.state.view(None).block == 4
    script.act(0, "6-5@6-6")
    out = cli(script, tmp_path)
    assert out["steps"][-1]["points"] == [40, 40, 40, 40, -160]
    assert script.state.view(None).block is None and script.state.current_seat == 1  # play goes on


def test_block_upheld_receives_twenty_from_each(tmp_path: Path) -> None:
    # Triangle: 0-0 needs three matadors, two of which are the talon's last two tiles
    hands = [["0-0", "1-2", "1-3", "1-4"], ["6-1", "2-3", "2-4", "3-5"], ["2-6", "3-6", "4-6", "0-1"]]
    hands.append(["0-2", "0-3", "0-4", "0-5"])
    script = Script(4, [full_deal(hands, bottom=["5-2", "4-3"])])
    script.acts((0, "0-0"), (0, "type 14"), (1, "6-1@0-0 block"))
    for _ in range(10):  # nobody can play: seat 2 draws the talon down to its last two tiles
        assert [str(a) for a in script.state.legal_actions(2)] == ["draw"]
        script.act(2, "draw")
    out = cli(script, tmp_path)
    assert out["steps"][-1]["points"] == [-20, 60, -20, -20]
    assert out["hands"][0]["reason"] == "block-upheld"
    totals = script.state.hands[0].detail["totals"]
    assert totals[0] == 12 and totals[1] == 19 and totals[3] == 14


def test_block_conceded_with_two_players_left(tmp_path: Path) -> None:
    hands = [["6-6", "6-5", "5-4", "4-3", "3-2"], ["1-2", "0-3", "1-4", "2-5", "1-5"]]
    hands.append(["0-1", "2-0", "3-1", "4-0", "3-6"])
    script = Script(3, [full_deal(hands, talon=["6-0"])])
    script.acts((0, "6-6"), (0, "type 1"), (1, "draw"), (1, "6-0@6-6"), (2, "0-1@6-0"), (0, "6-5@6-6"))
    script.acts((1, "1-2@0-1"), (2, "2-0@1-2"), (0, "5-4@6-5"), (1, "0-3@2-0"), (2, "3-1@0-3"), (0, "4-3@5-4"))
    script.acts((1, "1-4@3-1"), (2, "4-0@1-4"), (0, "3-2@4-3"))
    assert script.chips_of_last() == [10, -5, -5]  # Nos
    script.act(1, "2-5@3-2 block")
    assert [str(a) for a in script.state.legal_actions(2)] == ["draw", "concede"]
    script.act(2, "concede")
    out = cli(script, tmp_path)
    assert out["steps"][-1]["points"] == [0, 20, -20]
    assert out["hands"] == [{"reason": "block-conceded", "points": [15, -3, -12]}]  # 1-5 and 3-6 left


# -- 10: special double plays on a single set ----------------------------------------------------------
SPECIAL_HANDS = [["0-1", "0-3", "0-4", "0-5"], ["2-1", "0-6", "1-5", "3-4"], ["6-6", "1-6", "3-6", "4-6"]]
SPECIAL_HANDS.append(["2-2", "2-4", "3-5", "4-5"])


def test_special_doubles_on_a_single_set(tmp_path: Path) -> None:
    script, sp = second_hand(4, SPECIAL_HANDS, talon=["6-2"])
    p1, p2, p3 = ((sp + k) % 4 for k in (1, 2, 3))
    script.acts((sp, "draw"), (sp, "type 1"))
    assert script.state.current_seat == p2  # p1 holds no double: he is not asked
    script.act(p2, "6-6@6-2")
    assert script.chips_of_last()[p2] == 6 and script.chips_of_last()[sp] == -6
    script.act(p3, "2-2@6-2")
    assert script.chips_of_last()[p3] == 2 and script.chips_of_last()[sp] == -2
    assert script.state.current_seat == p1  # normal play from the set player's left
    script.act(p1, "2-1@2-2")
    assert [str(a) for a in script.state.legal_actions(p2)] == ["pass"]  # the price of the special play
    script.act(p2, "pass")
    assert [str(a) for a in script.state.legal_actions(p3)] == ["pass"]
    script.acts((p3, "pass"), (sp, "1-0@2-1"))
    assert "pass" not in {str(a) for a in script.state.legal_actions(p1)}
    script.act(p1, "0-6@1-0")
    assert "pass" not in {str(a) for a in script.state.legal_actions(p2)}  # plays normally from round two
    cli(script, tmp_path)


def test_one_player_plays_both_doubles_and_passes_twice(tmp_path: Path) -> None:
    hands = [list(h) for h in SPECIAL_HANDS]
    hands[2][1], hands[3][0] = "2-2", "1-6"
    script, sp = second_hand(4, hands, talon=["6-2"])
    p1, p2, p3 = ((sp + k) % 4 for k in (1, 2, 3))
    script.acts((sp, "draw"), (sp, "type 1"), (p2, "6-6@6-2"))
    assert script.state.current_seat == p2 and "2-2@6-2" in {str(a) for a in script.state.legal_actions()}
    script.act(p2, "2-2@6-2")
    assert script.state.current_seat == p1
    script.acts((p1, "2-1@2-2"), (p2, "pass"), (p3, "6-1@6-6"), (sp, "1-0@6-1"), (p1, "0-6@1-0"))
    assert [str(a) for a in script.state.legal_actions(p2)] == ["pass"]  # his second pass
    script.act(p2, "pass")
    out = cli(script, tmp_path)
    assert out["current_seat"] == p3 and script.state.view(None).forced_passes[p2] == ()


def test_a_double_on_the_previous_players_tile(tmp_path: Path) -> None:
    hands = [["6-6", "0-1", "0-2", "0-3"], ["6-4", "1-2", "1-3", "1-5"], ["4-4", "2-3", "2-5", "3-5"]]
    hands.append(["0-4", "0-5", "0-6", "1-4"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "6-6"), (0, "type 1"), (1, "6-4@6-6"), (2, "4-4@6-4"))
    out = cli(script, tmp_path)
    assert out["steps"][-1]["points"] == [0, -4, 4, 0]


# -- 13 and 14: double crosses -------------------------------------------------------------------------
def test_normal_double_cross_arm_needs_the_matching_double(tmp_path: Path) -> None:
    hands = [["4-4", "4-5", "0-1", "0-2"], ["4-2", "2-2", "2-6", "3-6"], ["4-1", "1-5", "1-6", "5-6"]]
    hands.append(["4-3", "3-5", "0-5", "0-6"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "4-4"), (0, "type 3"), (1, "4-2@4-4"), (2, "4-1@4-4"), (3, "4-3@4-4"), (0, "4-5@4-4"))
    assert plays(script, 1) == {"2-2@4-2"}
    with pytest.raises(EngineError) as err:
        script.act(1, "2-6@4-2")
    assert err.value.key == "needs_double"
    script.act(1, "2-2@4-2")
    cli(script, tmp_path)


def test_type_10_an_arm_begun_with_a_double_is_dead(tmp_path: Path) -> None:
    hands = [["4-4", "3-5", "0-1", "0-2"], ["3-3", "1-2", "1-4", "1-5"], ["1-3", "2-4", "4-5", "4-6"]]
    hands.append(["2-3", "0-4", "5-6", "0-6"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "4-4"), (0, "type 10"), (1, "3-3@4-4"))  # Russian sides: 3-3 on 4-4, out of turn
    assert script.chips_of_last() == [-3, 3, 0, 0]  # one half of 3-3, from the set player
    script.acts((1, "pass"), (2, "3-1@4-4"), (3, "3-2@4-4"), (0, "3-5@4-4"))
    state = script.state
    arm = next(e for e in state.view(None).ends if e.node == 1)
    assert (arm.number, arm.rule, arm.need, arm.open) == (3, "normal", "double", True)
    key = fit_key(0, 1, IS_MATADOR[parse_tile("3-3")])
    on_table = {n.tile for n in must(state.layout).nodes}
    assert [t for t in range(28) if t not in on_table and FIT[key][3][t]] == []  # only 3-3 would do
    cli(script, tmp_path)
