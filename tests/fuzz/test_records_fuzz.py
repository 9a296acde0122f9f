"""Records given to the replay command: any JSON value, committed records broken in any one place, and any
bytes as a file. Whatever it is, the replay returns a result or refuses it (BadRecord, or ReplayError with
the step), in one short message; through the CLI, exit 0 or exit 2 with one line of JSON."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import BadRecord
from bot.engine.__main__ import main
from bot.engine.records import ReplayError, replay

from ..engine.replaying import RECORDS, ROOT
from .conftest import counted, fuzz
from .strategies import json_values, typed_text

COMMITTED = {p.relative_to(RECORDS).as_posix(): json.loads(p.read_text("utf-8")) for p in RECORDS.rglob("*.json")}
SHORT = sorted(name for name, record in COMMITTED.items() if len(record["actions"]) <= 120)
# built once: a strategy built in the test body is validated again at every draw
SMALL_JSON = json_values(8)
TEXT = typed_text()
KEYS = st.text(max_size=8)
HOW = st.sampled_from(["replace", "text", "delete", "rename", "duplicate"])


def replayed(record: Any) -> None:
    """The property itself: a result, or a refusal in at most a few lines."""
    counted("records")
    try:
        out = replay(record)
    except (BadRecord, ReplayError) as error:
        message = str(error)
        assert message and len(message) <= 600, message[:700]
        return
    assert isinstance(out, dict) and set(out) >= {"steps", "scores", "over"}


@fuzz(150)
@given(json_values())
def test_any_json_value_is_replayed_or_refused(value: Any) -> None:
    replayed(value)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value[:12]):  # the first actions and tiles are enough to aim at
            out += _paths(item, (*path, i))
    return out


@fuzz(150)
@given(st.data())
def test_a_committed_record_broken_anywhere_is_replayed_or_refused(data: st.DataObject) -> None:
    record = copy.deepcopy(COMMITTED[data.draw(st.sampled_from(SHORT))])
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(record)[1:]))
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        how = data.draw(HOW)
        last = path[-1]
        if how == "replace":
            parent[last] = data.draw(SMALL_JSON)
        elif how == "text":
            parent[last] = data.draw(TEXT)
        elif how == "delete":
            del parent[last]
        elif how == "rename" and isinstance(parent, dict):
            parent[data.draw(KEYS)] = parent.pop(last)
        elif how == "duplicate" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
    replayed(record)


@fuzz(60)
@given(st.binary(max_size=200) | json_values(12).map(lambda v: json.dumps(v).encode()))
def test_any_file_through_the_command_exits_0_or_2_with_one_json_line(
    tmp_path_factory: pytest.TempPathFactory, data: bytes
) -> None:
    counted("replay CLI")
    path = tmp_path_factory.mktemp("record") / "record.json"
    path.write_bytes(data)
    out = _run_main(["replay", str(path)])
    code, lines = out
    assert code in (0, 2) and len(lines) == 1
    result = json.loads(lines[0])
    assert code == 0 or (set(result) <= {"error", "step"} and result["error"])


def _run_main(argv: list[str]) -> tuple[int, list[str]]:
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(argv)
    return code, buffer.getvalue().splitlines()


# -- sizes ------------------------------------------------------------------------------------------------
def _longest_game() -> dict[str, Any]:
    """The longest game the options allow (Domineren over 99 hands, ~3,400 actions), played at random to its
    end."""
    import random

    from bot.engine import new_game
    from bot.engine.records import record_of

    state = new_game("domineren", 4, {"hands": 99}, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return record_of(state)


def test_the_longest_game_replays_in_process_and_through_the_command(tmp_path: Path) -> None:
    record = _longest_game()
    actions = len(record["actions"])
    assert actions > 3_000
    counted("records")
    out = replay(record)
    assert len(out["steps"]) == actions and out["over"]
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", str(path)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    counted("replay CLI")
    assert proc.returncode == 0 and len(json.loads(proc.stdout)["steps"]) == actions


def test_a_ten_megabyte_record_is_refused_by_the_command_and_in_process(tmp_path: Path) -> None:
    record = copy.deepcopy(COMMITTED["fives/records-md-example.json"])
    record["actions"] += [{"seat": 0, "action": "x" * 1_000}] * 10_000  # 10 MB
    counted("records")
    with pytest.raises(ReplayError) as refused:
        replay(record)  # in-process there is no size limit: refused at the first bad action, quoted short
    assert refused.value.step == 8 and len(str(refused.value)) < 200
    path = tmp_path / "big.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert path.stat().st_size > 10_000_000
    proc = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    counted("replay CLI")
    assert proc.returncode == 2 and "larger than 4 MiB" in json.loads(proc.stdout)["error"] and not proc.stderr


def test_deeply_nested_json_in_process() -> None:
    value: Any = []
    for _ in range(50_000):  # far beyond the recursion limit, built without recursion
        value = [value]
    for record in (value, {"game": "five-up", "options": {"target": value}}, {"game": "five-up", "seed": value}):
        counted("records")
        with pytest.raises(BadRecord):
            replay(record)
