"""The example records printed in docs/domineren.md replay as printed: each block (deal, actions and the
`end:` line) is turned back into a record from the text of the docs alone, replayed through
`python -m bot.engine replay`, and compared with its `end:` line and with the record file it names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.checks import must

from .replaying import ROOT, replay_cli

DOCS = ROOT / "docs" / "domineren.md"
HEADER = re.compile(r"^`(tests/records/domineren/[\w.-]+\.json)` — (\d) players, seed (\d+), options `([^`]*)`\.$")
END = re.compile(r"^end:\s+([\w-]+), settlement (\[[-\d, ]*\]), chips (\[[-\d, ]*\])$")


def docs_records() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(file named, record rebuilt from the docs, what its end line says) for every printed record."""
    out = []
    lines = DOCS.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        header = HEADER.match(line)
        if not header:
            continue
        path, players, seed, options = header.groups()
        block = lines[lines.index("```", i) + 1 :]
        block = block[: block.index("```")]
        hands = [row.split(":", 1)[1].split() for row in block if row.startswith("seat ")]
        talon = next(row for row in block if row.startswith("talon:")).split(":", 1)[1].split()
        start = next(k for k, row in enumerate(block) if row.startswith("play:"))
        end = next(k for k, row in enumerate(block) if row.startswith("end:"))
        play = " ".join(row.strip() for row in block[start:end])[len("play:") :]
        actions = []
        for item in play.split(";"):
            seat, _, action = item.strip().partition(": ")
            actions.append({"seat": int(seat), "action": action})
        reason, settlement, chips = must(END.match(block[end])).groups()
        record = {
            "format": 1,
            "game": "domineren",
            "players": int(players),
            "options": dict(option.split("=") for option in options.split()),
            "seed": int(seed),
            "deals": [{"hands": hands, "boneyard": talon}],
            "actions": actions,
        }
        out.append((path, record, {"reason": reason, "points": json.loads(settlement), "chips": json.loads(chips)}))
    return out


RECORDS = docs_records()


def test_the_docs_print_a_record_for_every_type_and_the_worked_examples() -> None:
    names = {Path(path).stem for path, _, _ in RECORDS}
    types = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13a", "13b", "14", "15", "16", "17", "18")
    assert {f"type-{t}" for t in types} <= names
    assert {"example-11-settlement", "example-12-count"} <= names


@pytest.mark.parametrize(("path", "record", "end"), RECORDS, ids=[Path(p).stem for p, _, _ in RECORDS])
def test_a_printed_record_replays_as_printed(tmp_path: Path, path: str, record: dict, end: dict) -> None:
    code, out, _ = replay_cli(record, tmp_path)
    assert code == 0, out
    assert out["hands"][0] == {"reason": end["reason"], "points": end["points"]}
    assert out["scores"] == end["chips"]
    assert [s["action"] for s in out["steps"]] == [a["action"] for a in record["actions"]]
    # the file it names is the same game
    stored = json.loads((ROOT / path).read_text(encoding="utf-8"))
    assert stored["deals"][0] == record["deals"][0]
    assert stored["actions"] == record["actions"]
    assert (stored["players"], stored["seed"]) == (record["players"], record["seed"])
    assert {k: str(v) for k, v in stored["options"].items()} == record["options"]
