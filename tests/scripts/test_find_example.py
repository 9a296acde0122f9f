"""scripts/find_example.py: a tool that explains itself, refuses what it does not know and writes nothing
unless asked (it re-makes committed records under tests/records/fives only with --write)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "find_example.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_help_lists_the_options() -> None:
    proc = run("--help")
    assert proc.returncode == 0
    assert "--write" in proc.stdout and "--list" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_unknown_name_and_no_name_are_refused_by_name() -> None:
    proc = run("no-such-example")
    assert proc.returncode == 2
    assert "unknown example no-such-example" in proc.stderr and "Traceback" not in proc.stderr
    proc = run()
    assert proc.returncode == 2
    assert "--list" in proc.stderr and "Traceback" not in proc.stderr


def test_an_example_is_printed_and_nothing_is_written() -> None:
    committed = ROOT / "tests" / "records" / "fives" / "all-fives-opponents-23.json"
    before = committed.stat().st_mtime_ns
    proc = run("all-fives-opponents-23")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads(committed.read_text(encoding="utf-8"))
    assert committed.stat().st_mtime_ns == before


def test_a_search_that_finds_nothing_says_so() -> None:
    proc = run("--seeds", "2", "five-up-2p-game-63-40")
    assert proc.returncode == 1
    assert "no matching game in seeds 0..1" in proc.stderr and "Traceback" not in proc.stderr
