"""The table service in a child process, killed with SIGKILL at random moments and restarted over the same
database (benchmarks/crash.py; `python -m benchmarks.crash` runs it at full size): no acknowledged move is
lost, no action is half-written, every saved action is announced exactly once, and the next human of every
game still on is called."""

from __future__ import annotations

from pathlib import Path

from benchmarks.crash import Report, check, run, terminate_again_and_again


def test_killed_again_and_again_the_bot_loses_nothing_and_tells_everything_once(tmp_path: Path) -> None:
    report = run(kills=12, games=4, seed=7, work=tmp_path, least=10)  # least: however busy the machine
    print(report.line())
    assert report.kills == 12 and report.actions > 100 and report.acked > 50
    assert report.broken == []
    assert report.lost == 0
    assert (report.unannounced, report.doubled, report.uncalled, report.left_untold) == (0, 0, 0, 0)


def test_stopped_gracefully_again_and_again_the_bot_loses_nothing_tells_everything_once_and_stops_fast(
    tmp_path: Path,
) -> None:
    report = Report()
    stops = terminate_again_and_again(6, 4, 11, tmp_path, report, longest=0.5)
    check(tmp_path, report)
    assert report.kills == 6 and report.acked > 20
    assert report.broken == [] and report.lost == 0
    assert (report.unannounced, report.doubled, report.uncalled, report.left_untold) == (0, 0, 0, 0)
    assert all(seconds < 10 for seconds, _ in stops)
    assert [left for _, left in stops] == [0] * 6  # each stop told everything before it exited
