"""`python -m bot.engine replay` behaves exactly as docs/records.md promises."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine.__main__ import main as engine_main

from .replaying import RECORDS, ROOT, replay_cli

EXAMPLE = RECORDS / "fives" / "records-md-example.json"


def test_the_records_md_example_prints_scores_9_5() -> None:
    code, out, raw = replay_cli(EXAMPLE)
    assert code == 0
    assert out["scores"] == [9, 5]
    assert [s["points"] for s in out["steps"]] == [[2, 0], [0, 2], [2, 0], [0, 0], [3, 0], [0, 0], [2, 0], [0, 3]]
    assert out["sides"] == [[0, 2], [1, 3]]
    assert out["hands"] == [] and out["over"] is False and out["winner"] is None
    assert out["current_seat"] == 0
    # seat 0 still holds 6-6, 2-3 and 1-1; the open ends are 6 (on 1-6), 3 (on 5-3) and 2 (on 5-2)
    assert sorted(out["legal"]) == ["2-3@5-2", "3-2@5-3", "6-6@1-6"]
    assert raw.count("\n") == 1, "stdout holds the JSON result and nothing else"


def test_steps_echo_each_action_in_record_notation() -> None:
    record = json.loads(EXAMPLE.read_text())
    _, out, _ = replay_cli(EXAMPLE)
    assert [s["action"] for s in out["steps"]] == [a["action"] for a in record["actions"]]
    assert [s["seat"] for s in out["steps"]] == [a["seat"] for a in record["actions"]]


def test_an_illegal_action_stops_the_replay_with_its_index(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["actions"][5] = {"seat": 1, "action": "6-6@5-5"}  # seat 1 does not hold 6-6
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2
    assert out == {"error": "you do not hold 6-6", "step": 5}


def test_an_action_by_the_wrong_seat_stops_the_replay(tmp_path: Path) -> None:
    record = json.loads(EXAMPLE.read_text())
    record["actions"][1]["seat"] = 2
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and out["step"] == 1 and "turn" in out["error"]


def test_malformed_records_exit_2_with_an_error(tmp_path: Path) -> None:
    good = json.loads(EXAMPLE.read_text())
    cases = {
        "unknown game": {**good, "game": "chess"},
        "unknown option": {**good, "options": {"target": 35, "colour": "red"}},
        "bad option value": {**good, "options": {"target": 36}},
        "bad player count": {**good, "players": 7},
        "a tile dealt twice": {
            **good,
            "deals": [{**good["deals"][0], "boneyard": ["5-5", *good["deals"][0]["boneyard"][1:]]}],
        },
        "a hand of the wrong size": {
            **good,
            "deals": [
                {**good["deals"][0], "hands": [good["deals"][0]["hands"][0][:4], *good["deals"][0]["hands"][1:]]}
            ],
        },
        "actions not a list": {**good, "actions": "5-5"},
        "an action without a seat": {**good, "actions": [{"action": "5-5"}]},
        "not an object": [1, 2, 3],
        "a tile that is not a tile": {**good, "deals": [{**good["deals"][0], "boneyard": ["1-x"]}]},
    }
    for name, record in cases.items():
        code, out, _ = replay_cli(record, tmp_path)
        assert code == 2, name
        assert set(out) == {"error"}, name
        assert out["error"], name


def test_unreadable_and_invalid_json_files_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert replay_cli(bad)[0] == 2
    code, out, _ = replay_cli(tmp_path / "missing.json")
    assert code == 2 and "cannot read" in out["error"]


def test_every_committed_record_replays_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    # The command's own entry point, in this process: the tests above start it as a user does; here the 77
    # records would cost 77 interpreter starts (half a minute of CI) to test nothing more.
    records = sorted(RECORDS.rglob("*.json"))
    assert len(records) > 50
    for path in records:
        code = engine_main(["replay", str(path)])
        raw = capsys.readouterr().out
        assert code == 0 and raw.count("\n") == 1, f"{path.name}: {raw[:300]}"
        assert "scores" in json.loads(raw), path.name


def test_refused_actions_of_every_kind_report_their_step_and_nothing_else(tmp_path: Path) -> None:
    good = json.loads(EXAMPLE.read_text())
    first = [dict(a) for a in good["actions"]]
    cases = {
        "malformed notation": (3, "0-1@"),
        "a digit that is not ASCII": (3, "²-1@0-0"),  # str.isdigit() says yes, int() says no
        "a tile of another set": (3, "9-1@0-0"),
        "no matching end": (3, "1-6@0-0"),
        "drawing while able to play": (3, "draw"),
        "passing while able to play": (3, "pass"),
        "a lead after the lead": (3, "0-1"),
        "a spinner arm before both sides": (5, "5-3@5-5:N"),
    }
    for name, (step, action) in cases.items():
        actions = [dict(a) for a in first[:step]] + [{"seat": first[step]["seat"], "action": action}]
        code, out, raw = replay_cli({**good, "actions": actions}, tmp_path)
        assert code == 2, name
        assert set(out) == {"error", "step"} and out["step"] == step and out["error"], name
        assert raw.count("\n") == 1, name


def test_acting_after_the_game_ended_is_refused_with_its_step(tmp_path: Path) -> None:
    record = json.loads((RECORDS / "fives" / "five-up-2p-game-63-40.json").read_text())
    n = len(record["actions"])
    record["actions"].append({"seat": 0, "action": "pass"})
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 2 and out == {"error": "the game is over", "step": n}


def test_more_malformed_records(tmp_path: Path) -> None:
    good = json.loads(EXAMPLE.read_text())
    deal = good["deals"][0]
    cases = {
        "a null seed (would replay at random)": {**good, "seed": None},
        "a boolean for a 0/1 option": {**good, "options": {"going_out_bonus": True}},
        "an option of another game": {**good, "options": {"tile_set": "d9"}},
        "first_leader out of range": {**good, "deals": [{**deal, "first_leader": 4}]},
        "a hand too many": {**good, "deals": [{**deal, "hands": [*deal["hands"], deal["hands"][0]]}]},
        "a tile missing": {**good, "deals": [{**deal, "boneyard": deal["boneyard"][1:]}]},
        "a double-nine tile in a d6 deal": {
            **good,
            "deals": [{**deal, "boneyard": ["9-9", *deal["boneyard"]]}],
        },
        "a non-ASCII digit in a deal": {**good, "deals": [{**deal, "boneyard": ["²-3", *deal["boneyard"][1:]]}]},
        "a deal that is not an object": {**good, "deals": ["5-5"]},
        "a wrong format": {**good, "format": 2},
        "players disagreeing with the option": {**good, "options": {"players": 3}},
    }
    for name, record in cases.items():
        code, out, raw = replay_cli(record, tmp_path)
        assert code == 2, name
        assert set(out) == {"error"} and out["error"], name
        assert raw.count("\n") == 1, name


def test_a_record_on_standard_input() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", "-"],
        input=EXAMPLE.read_text(),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["scores"] == [9, 5]
    bad = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", "-"], input="{", capture_output=True, text=True, cwd=ROOT
    )
    assert bad.returncode == 2 and set(json.loads(bad.stdout)) == {"error"}
