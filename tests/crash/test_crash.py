"""The table service in a child process, killed with SIGKILL at random moments and restarted over the same
database (benchmarks/crash.py; `python -m benchmarks.crash` runs it at full size): no acknowledged move is
lost, no action is half-written, every saved action is announced exactly once, and the next human of every
game still on is called."""

from __future__ import annotations

from pathlib import Path

from benchmarks.crash import run


def test_killed_again_and_again_the_bot_loses_nothing_and_tells_everything_once(tmp_path: Path) -> None:
    report = run(kills=12, games=4, seed=7, work=tmp_path)
    print(report.line())
    assert report.kills == 12 and report.actions > 100 and report.acked > 50
    assert report.broken == []
    assert report.lost == 0
    assert (report.unannounced, report.doubled, report.uncalled, report.left_untold) == (0, 0, 0, 0)
