"""Run the replay command exactly as a user (or another project's tests) would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from bot.engine import GameState
from bot.engine.records import load

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records"


def replay_cli(record: Any, tmp_path: Path | None = None) -> tuple[int, Any, str]:
    """(exit code, parsed stdout, raw stdout) of `python -m bot.engine replay` on a file path, or on any
    other JSON value written to a file first."""
    if not isinstance(record, Path | str):
        assert tmp_path is not None
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
    else:
        path = Path(record)
    proc = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    return proc.returncode, json.loads(proc.stdout), proc.stdout


def load_record(name: str) -> dict[str, Any]:
    return json.loads((RECORDS / name).read_text(encoding="utf-8"))


def played(record: dict[str, Any] | str) -> GameState:
    """The game of a record (or of a committed record's name under tests/records) after all its actions,
    built by the same loader as the replay command."""
    state, steps = load(load_record(record) if isinstance(record, str) else record)
    for seat, action in steps:
        state.apply(seat, action)
    return state
