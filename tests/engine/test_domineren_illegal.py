"""Every refusal is a specific error with its message key, and leaves the game exactly as it was (the
replay summary and every seat's view compared before and after)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.engine import (
    ArmNotOpen,
    BadNotation,
    BadOptions,
    BadRecord,
    CannotDraw,
    EngineError,
    GameOver,
    IllegalAction,
    MustDraw,
    MustPlay,
    NoMatchingEnd,
    NotInHand,
    NotYourTurn,
)
from bot.engine.records import summary
from tests.checks import must
from tests.games import new_domineren

from .replaying import replay_cli
from .test_conformance import snapshot
from .test_domineren_support import Script, full_deal, second_hand

CROSS_HANDS = [["4-4", "4-5", "0-1", "0-2"], ["4-2", "2-2", "2-6", "3-6"], ["4-1", "1-5", "1-6", "5-6"]]
CROSS_HANDS.append(["4-3", "3-5", "0-5", "0-6"])
TRIANGLE_HANDS = [["0-0", "1-2", "1-3", "1-4"], ["6-1", "2-3", "2-4", "3-5"], ["2-6", "3-6", "4-6", "0-1"]]
TRIANGLE_HANDS.append(["5-2", "0-3", "0-4", "0-5"])


def refused(script: Script, seat: int, action: str, error: type[EngineError], key: str) -> None:
    before = snapshot(script.state)
    with pytest.raises(error) as caught:
        script.state.apply(seat, action)
    assert caught.value.key == key, caught.value
    assert snapshot(script.state) == before


def cross(declaration: str = "type 3") -> Script:
    script = Script(4, [full_deal(CROSS_HANDS)])
    script.acts((0, "4-4"), (0, declaration))
    return script


def test_acting_out_of_turn() -> None:
    script = cross()
    refused(script, 2, "4-1@4-4", NotYourTurn, "not_your_turn")
    refused(script, 2, "claim", IllegalAction, "nothing_owed")


def test_a_tile_not_in_hand() -> None:
    refused(cross(), 1, "4-1@4-4", NotInHand, "not_in_hand")


def test_a_tile_that_does_not_fit() -> None:
    refused(cross(), 1, "2-6@4-4", NoMatchingEnd, "does_not_fit")
    script = cross("type 5")
    refused(script, 1, "4-2@4-4", NoMatchingEnd, "does_not_fit_russian")
    refused(script, 1, "2-2@6-6", NoMatchingEnd, "target_not_on_table")


def test_a_cross_arm_before_its_turn() -> None:
    script = cross()
    script.act(1, "4-2@4-4")
    refused(script, 2, "4-1@4-2", ArmNotOpen, "arm_waits")


def test_the_second_tile_of_a_double_cross_arm() -> None:
    script = cross()
    script.acts((1, "4-2@4-4"), (2, "4-1@4-4"), (3, "4-3@4-4"), (0, "4-5@4-4"))
    refused(script, 1, "2-6@4-2", IllegalAction, "needs_double")
    refused(script, 1, "2-2@4-4", NoMatchingEnd, "no_open_end")  # the set's four sides are covered


def test_a_type_the_set_does_not_allow() -> None:
    script = Script(4, [full_deal(CROSS_HANDS)])
    script.act(0, "4-4")
    refused(script, 0, "type 14", IllegalAction, "type_needs_blank")
    refused(script, 0, "1-5@4-4", IllegalAction, "declare_type_first")
    script = Script(4, [full_deal(CROSS_HANDS)], {"allowed_types": "1 4 11"})
    script.act(0, "4-4")
    refused(script, 0, "type 2", IllegalAction, "type_not_allowed")
    hands = [["0-1", "0-2", "0-3", "0-4"], ["1-2", "1-3", "1-4", "1-5"], ["1-6", "2-3", "2-4", "2-5"]]
    hands.append(["4-5", "3-4", "3-5", "3-6"])
    script, sp = second_hand(4, hands, talon=["6-2"])
    refused(script, sp, "0-1", IllegalAction, "set_from_talon")
    script.act(sp, "draw")
    refused(script, sp, "type 2", IllegalAction, "type_needs_double")
    refused(script, sp, "type 5", IllegalAction, "type_needs_double")


def test_the_set_must_be_a_double_when_the_set_player_holds_one() -> None:
    script = Script(4, [full_deal(CROSS_HANDS)])
    refused(script, 0, "0-1", IllegalAction, "set_a_double")
    refused(script, 0, "draw", IllegalAction, "set_a_double")
    refused(script, 0, "type 1", IllegalAction, "set_first")


def test_drawing_passing_and_the_last_two_tiles() -> None:
    script = Script(4, [full_deal(TRIANGLE_HANDS, bottom=["4-3", "6-5"])])
    script.acts((0, "0-0"), (0, "type 14"))
    refused(script, 1, "draw", MustPlay, "must_play")
    refused(script, 1, "pass", MustPlay, "must_play")
    script.act(1, "6-1@0-0")
    refused(script, 2, "pass", MustDraw, "must_draw")
    for _ in range(10):
        script.act(2, "draw")
    assert script.state.view(None).talon == 2
    refused(script, 2, "draw", CannotDraw, "boneyard_leave")  # 5-2 is still playable: no block
    refused(script, 2, "concede", IllegalAction, "not_now")
    script.act(2, "pass")


def test_directed_order_and_ambiguous_sides() -> None:
    script = Script(4, [full_deal(CROSS_HANDS)])
    script.acts((0, "4-4"), (0, "type 11 normal b:E:2"))
    refused(script, 1, "4-2@4-4:W", IllegalAction, "directed_end")
    script = Script(4, [full_deal(CROSS_HANDS)])
    script.acts((0, "4-4"), (0, "type 13a normal:WE"))
    refused(script, 1, "4-2@4-4:N", NoMatchingEnd, "does_not_fit_russian")
    hands = [["4-4", "4-5", "0-1", "0-2"], ["4-3", "2-2", "2-6", "3-6"], CROSS_HANDS[2], ["4-2", "3-5", "0-5", "0-6"]]
    script = Script(4, [full_deal(hands)])
    script.acts((0, "4-4"), (0, "type 13a normal:WE"))
    refused(script, 1, "4-3@4-4", IllegalAction, "side_needed")  # normal W/E or matador on N/S
    script.act(1, "4-3@4-4:n")
    assert script.state.steps[-1].action.side == 1


def test_block_and_forced_passes() -> None:
    hands = [["0-1", "0-3", "0-4", "0-5"], ["2-1", "0-6", "1-5", "3-4"], ["6-6", "1-6", "3-6", "4-6"]]
    hands.append(["2-2", "2-4", "3-5", "4-5"])
    script, sp = second_hand(4, hands, talon=["6-2"])
    p1, p2, p3 = ((sp + k) % 4 for k in (1, 2, 3))
    script.acts((sp, "draw"), (sp, "type 1"))
    refused(script, p2, "1-6@6-2", IllegalAction, "special_double_only")
    refused(script, p2, "6-6@6-2 block", IllegalAction, "block_not_now")
    refused(script, p2, "pass", IllegalAction, "special_or_decline")
    script.acts((p2, "6-6@6-2"), (p3, "decline"), (p1, "2-1@6-2"))
    refused(script, p2, "6-1@6-6", IllegalAction, "must_pass")


def test_declaration_questions() -> None:
    hands = [["6-6", "5-5", "4-4", "3-3"], ["0-1", "0-2", "0-3", "0-4"], ["0-5", "0-6", "1-2", "1-3"]]
    hands.append(["1-4", "1-5", "1-6", "2-3"])
    script = Script(4, [full_deal(hands)])
    script.acts((0, "6-6"), (0, "type 1"))
    refused(script, 0, "5-5@6-6", IllegalAction, "declare_or_decline")


def test_billitonnen_refusals() -> None:
    rows = [
        ["3-5", "1-3", "4-4", "0-0", "0-1", "0-2", "0-3"],
        ["1-5", "2-2", "0-4", "0-5", "0-6", "1-1", "1-2"],
        ["1-4", "1-6", "2-3", "2-4", "2-5", "2-6", "3-3"],
        ["3-4", "3-6", "4-5", "4-6", "5-5", "5-6", "6-6"],
    ]
    script = Script(4, [full_deal(CROSS_HANDS), {"first_leader": 0, "hands": rows}], {"billitonnen": "on"})
    script.finish_hand()
    refused(script, 0, "place W", IllegalAction, "turn_first")
    refused(script, 0, "peek", IllegalAction, "peek_not_now")
    refused(script, 0, "draw", IllegalAction, "billitonnen_actions")
    script.acts((0, "turn E"), (0, "turn W"), (1, "turn W"))
    refused(script, 1, "turn W", IllegalAction, "place_turned")


def test_acting_after_the_game_ended() -> None:
    state = new_domineren("domineren", 3, {"hands": 1, "billitonnen": "off"}, seed=4)
    rng = random.Random(4)
    while not state.is_over:
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
    before = summary(state)
    with pytest.raises(GameOver):
        state.apply(0, "pass")
    assert state.legal_actions() == [] and summary(state) == before


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("5-x@3", "bad_tile"),
        ("7-1", "tile_not_in_set"),
        ("4-4@4-4", "self_target"),
        ("4-3@4-4:Q", "bad_side"),
        ("play 4-3", "bad_action"),
        ("4-4:N", "bad_action"),
        ("type 19", "unknown_type"),
        ("type 11 normal", "missing_type_param"),
        ("type 11 normal a:W:2", "bad_condition"),
        ("type 2 normal:WE", "bad_type_param"),
        ("type 12 normal:W switch", "bad_type_param"),
        ("turn N", "bad_turn"),
    ],
)
def test_malformed_notation(text: str, key: str) -> None:
    script = cross()
    before = snapshot(script.state)
    with pytest.raises(BadNotation) as caught:
        script.state.apply(1, text)
    assert caught.value.key == key
    assert snapshot(script.state) == before


def test_allowed_types_must_allow_a_single_set() -> None:
    with pytest.raises(BadOptions):
        new_domineren("domineren", 4, {"allowed_types": ["2", "3"]})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["options"].update(colour="red"), "unknown option"),
        (lambda r: r["options"].update(hands=0), "at least 1"),
        (lambda r: r["options"].update(hands=10**17), "at most 99"),
        (lambda r: r["deals"][0]["hands"][1].__setitem__(0, "4-4"), "dealt twice"),
        (lambda r: r["deals"][0]["hands"][1].pop(), "missing"),
        (lambda r: r["deals"][0]["hands"][1].append(r["deals"][0]["boneyard"].pop()), "the rules deal 4"),
        (lambda r: r.update(deals=[full_deal([["0-1", "0-2"], ["0-3", "0-4"], ["0-5", "0-6"], ["1-2", "1-3"]])]), "4"),
        (lambda r: r.update(deals=[r["deals"][0], {}, {}]), "only"),
        (lambda r: r["deals"][0].update(first_leader=7), "first_leader"),
        (lambda r: r["actions"].append({"seat": "0", "action": "4-4"}), "integer seat"),
    ],
)
def test_malformed_records(tmp_path: Path, change: Any, message: str) -> None:
    script = Script(4, [full_deal(CROSS_HANDS)])
    record = script.record
    change(record)
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and message in out["error"] and "step" not in out


def test_a_record_without_any_double_in_the_first_deal(tmp_path: Path) -> None:
    hands = [["0-1", "0-2", "0-3", "0-4"], ["0-5", "0-6", "1-2", "1-3"], ["1-4", "1-5", "1-6", "2-3"]]
    hands.append(["2-4", "2-5", "2-6", "3-4"])
    deal = full_deal(hands)  # every double in the talon
    record = {"format": 1, "game": "domineren", "players": 4, "deals": [deal], "actions": []}
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and "nobody holds a double" in out["error"]
    with pytest.raises(BadRecord):
        new_domineren("domineren", 4, deal=[deal])


def test_an_illegal_action_in_a_record_stops_the_replay(tmp_path: Path) -> None:
    script = cross()
    script.record["actions"].append({"seat": 1, "action": "2-6@4-4"})
    code, out, _ = replay_cli(script.record, tmp_path)
    assert code == 2 and out["step"] == 2 and "does not fit" in out["error"]
