"""The analysis benchmark runs small and its worker processes find what one process finds (never a speed
goal: the figure is the benchmark's to print)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_analysis_over_two_workers_matches_one_process() -> None:
    args = ["--moves", "4", "--workers", "2", "--playouts", "16", "--check"]
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "analysis.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert "seat 0's first 4 choices analysed" in out
    assert "wall " in out and "ms of CPU a move" in out
    assert "same as in one process: True" in out
