"""The replay command against careless and hostile records (issue 16): whatever the file holds, exit 2 with
one line of JSON that says what is wrong in the record's own terms, never a traceback, and never a file
read without limit. Most cases run the command's `main` in-process (the same code as the CLI); a few run
the real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.engine.__main__ import MAX_BYTES, main

from .replaying import RECORDS, ROOT, load_record

EXAMPLE = "fives/records-md-example.json"
FIVE_HUNDRED = "five-hundred/4p-misere-made.json"
DOMINEREN = "domineren/type-1.json"


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Any) -> tuple[int, dict[str, Any]]:
    """(exit code, parsed stdout) of `replay` on a file holding `content` (bytes, text or a JSON value)."""
    path = tmp_path / "record.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and not err, (out[:300], err[:300])
    return code, json.loads(out)


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: Any, *words: str) -> str:
    code, out = run(tmp_path, capsys, content)
    assert code == 2 and set(out) == {"error"}, out
    for word in words:
        assert word in out["error"], out["error"]
    assert len(out["error"]) < 300, out["error"]
    return out["error"]


@pytest.mark.parametrize("where", ["top", "options", "seed", "deals", "actions"])
def test_deep_nesting_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str) -> None:
    deep = "[" * 1000 + "]" * 1000
    shallow = "[" * 40 + "]" * 40  # parses, but no record nests like that
    for nest in (deep, shallow):
        if where == "top":
            assert refused(tmp_path, capsys, nest) in ("a record is a JSON object", refused(tmp_path, capsys, deep))
        else:
            assert "nests" in refused(tmp_path, capsys, f'{{"game": "five-up", "{where}": {nest}}}')


@pytest.mark.parametrize("field", ["seed", "players", "format"])
def test_numbers_beyond_the_digit_limit_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str
) -> None:
    refused(tmp_path, capsys, f'{{"game": "five-up", "{field}": {"9" * 4301}}}', "digits")
    if field != "seed":  # a seed of 4,300 digits is a seed; a player count or format is not, told briefly
        error = refused(tmp_path, capsys, f'{{"game": "five-up", "{field}": {"9" * 4300}}}')
        assert "9" * 50 not in error


def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(tmp_path, capsys, b" " * (MAX_BYTES + 1), "larger than 4 MiB")
    example = json.dumps(load_record(EXAMPLE)).encode()
    code, out = run(tmp_path, capsys, b" " * (MAX_BYTES - len(example)) + example)
    assert code == 0 and out["scores"] == [9, 5]


def test_dev_zero_is_refused_after_the_limit() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", "/dev/zero"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2 and not proc.stderr
    assert "larger than 4 MiB" in json.loads(proc.stdout)["error"]


def test_json_a_record_cannot_be(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(tmp_path, capsys, '{"game": "five-up", "seed": NaN}', "NaN")
    refused(tmp_path, capsys, '{"game": "five-up", "seed": Infinity}', "Infinity")
    refused(tmp_path, capsys, '{"game": "five-up", "seed": 1, "seed": 2}', "'seed' twice")
    refused(tmp_path, capsys, b"\xff\xfe{}", "not UTF-8")
    refused(tmp_path, capsys, "", "not valid JSON")


@pytest.mark.parametrize(
    ("wrong", "right"), [("action", "actions"), ("deal", "deals"), ("Options", "options"), ("Seed", "seed")]
)
def test_a_misspelt_field_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], wrong: str, right: str
) -> None:
    record = load_record(EXAMPLE)
    record[wrong] = record.pop(right)
    refused(tmp_path, capsys, record, f"unknown field(s) '{wrong}'", right)


def test_misspelt_fields_of_deals_and_actions_in_every_family(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, field in ((EXAMPLE, "boneyard"), (FIVE_HUNDRED, "widow"), (DOMINEREN, "boneyard")):
        record = load_record(name)
        record["deals"][0][field + "s"] = record["deals"][0].pop(field)
        refused(tmp_path, capsys, record, f"deal 1: unknown field(s) '{field}s'")
        record = load_record(name)
        record["actions"][0]["Seat"] = 0
        refused(tmp_path, capsys, record, "action 0: unknown field(s) 'Seat'")


def test_format_true_is_not_format_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    refused(tmp_path, capsys, {**load_record(EXAMPLE), "format": True}, "format true")
    refused(tmp_path, capsys, {**load_record(EXAMPLE), "format": 1.0}, "format 1.0")


@pytest.mark.parametrize("name", [EXAMPLE, FIVE_HUNDRED, "fives/five-up-2p-game-63-40.json"])
def test_surplus_deals_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    record = load_record(name)
    spare = {k: v for k, v in record["deals"][-1].items() if k != "dealer"}
    # deals beyond the hand the actions reach (a record that ends a hand has reached the next deal)
    refused(tmp_path, capsys, {**record, "deals": [*record["deals"], spare, spare]}, "never played")
    if name == EXAMPLE:  # thousands more (3 MB), refused before they are read
        many = {**record, "deals": [*record["deals"], *[spare] * 10_000]}
        refused(tmp_path, capsys, many, "deals for", "can reach only")


def test_domineren_refuses_deals_beyond_its_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = load_record(DOMINEREN)
    refused(tmp_path, capsys, {**record, "deals": [*record["deals"], {}, {}, {}]}, "deal")


BAD_DEALS = {
    # family record, what to break, the words the error must hold
    "a card written as a number": (FIVE_HUNDRED, lambda d: d["hands"][0].__setitem__(0, 5), "5 is not a card"),
    "a tile written as a number": (EXAMPLE, lambda d: d["hands"][0].__setitem__(0, 55), "55 is not a tile"),
    "a domineren tile as a list": (DOMINEREN, lambda d: d["hands"][1].__setitem__(0, [1, 2]), "a list is not a tile"),
    "null hands (fives)": (EXAMPLE, lambda d: d.__setitem__("hands", None), "list of 4 hands, not null"),
    "null hands (500)": (FIVE_HUNDRED, lambda d: d.__setitem__("hands", None), "hands must be a list"),
    "null hands (domineren)": (DOMINEREN, lambda d: d.__setitem__("hands", None), "hands must be a list"),
    "a hand as one string": (EXAMPLE, lambda d: d["hands"].__setitem__(1, "0-5"), "seat 1's hand must be a list"),
    "a hand of lists": (FIVE_HUNDRED, lambda d: d["hands"].__setitem__(2, [["5H"]]), "seat 2's hand: a list"),
    "a null boneyard": (EXAMPLE, lambda d: d.__setitem__("boneyard", None), "the boneyard must be a list"),
    "a widow as an object": (FIVE_HUNDRED, lambda d: d.__setitem__("widow", {}), "the widow must be a list"),
    "a dealer as text": (FIVE_HUNDRED, lambda d: d.__setitem__("dealer", "0"), "dealer must be a seat"),
    "a first leader as true": (EXAMPLE, lambda d: d.__setitem__("first_leader", True), "first_leader must be a seat"),
}


@pytest.mark.parametrize("case", sorted(BAD_DEALS))
def test_malformed_deals_are_told_in_the_records_terms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    name, change, words = BAD_DEALS[case]
    record = load_record(name)
    change(record["deals"][0])
    error = refused(tmp_path, capsys, record, words)
    for python in ("NoneType", "attribute", "iterable", "object is not", "strip"):
        assert python not in error


BAD_FIELDS: dict[str, tuple[dict[str, Any], str]] = {
    "game as a number": ({"game": 5}, "game must be a game id, not 5"),
    "players as text": ({"players": "4"}, "players must be an integer, not '4'"),
    "options as a list": ({"options": []}, "options must be an object, not a list"),
    "options null": ({"options": None}, "options must be an object, not null"),
    "deals as an object": ({"deals": {}}, "deals must be a list, not an object"),
    "actions null": ({"actions": None}, "actions must be a list, not null"),
    "an action as text": ({"actions": ["5-5"]}, "action 0 must be an object"),
    "a seat as text": ({"actions": [{"seat": "0", "action": "5-5"}]}, "seat must be an integer seat number, not '0'"),
    "a seat out of range": ({"actions": [{"seat": 10**40, "action": "5-5"}]}, "is not a seat of this 4-player game"),
    "an action as a number": ({"actions": [{"seat": 0, "action": 55}]}, "action must be the action's text"),
    "an option value of 5000 chars": ({"options": {"target": "x" * 5000}}, "option target"),
    "an unknown option of 5000 chars": ({"options": {"y" * 5000: 1}}, "unknown option"),
    "an option with a non-ASCII digit": ({"options": {"target": "³⁵"}}, "option target"),
    "a game id of 5000 chars": ({"game": "z" * 5000}, "unknown game"),
}


@pytest.mark.parametrize("case", sorted(BAD_FIELDS))
def test_malformed_fields_are_told_briefly(tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> None:
    change, words = BAD_FIELDS[case]
    error = refused(tmp_path, capsys, {**load_record(EXAMPLE), **change}, words)
    assert "x" * 50 not in error and "y" * 50 not in error and "z" * 50 not in error


@pytest.mark.parametrize(
    ("name", "action", "words"),
    [
        (EXAMPLE, "@@@", "'@@@' is not a domino action"),
        (EXAMPLE, "5-5@", "'5-5@' is not a domino action"),
        (EXAMPLE, "@5-5", "'@5-5' is not a domino action"),
        (DOMINEREN, "@@@", "'@@@': a tile played on the table is written like"),
        (FIVE_HUNDRED, "@@@", "'@@@' is not a Five Hundred action"),
        (EXAMPLE, "5" * 1_000_000, "'5555"),
        (FIVE_HUNDRED, "K" * 1_000_000, "'KKKK"),
        (DOMINEREN, "type " + "1" * 1_000_000, "no game type"),
    ],
)
def test_bad_action_text_is_quoted_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, action: str, words: str
) -> None:
    record = load_record(name)
    first = record["actions"][0]
    record["actions"] = [{"seat": first["seat"], "action": action}]
    code, out = run(tmp_path, capsys, record)
    assert code == 2 and out["step"] == 0 and words in out["error"], out
    assert "''" not in out["error"] and len(out["error"]) < 300


def test_ten_thousand_actions_replay_to_the_first_refused_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = load_record(EXAMPLE)
    record["actions"] = record["actions"] + [{"seat": 0, "action": "pass"}] * 10_000
    code, out = run(tmp_path, capsys, record)
    assert code == 2 and out["step"] == 8


def test_every_committed_record_still_replays_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in sorted(RECORDS.rglob("*.json")):
        code, out = run(tmp_path, capsys, path.read_bytes())
        assert code == 0, (path.name, out)
