"""The cluster benchmark runs at a tiny size, one process killed -9 halfway, and its check holds: every log
replays, nothing answered is lost or doubled, every timer fires once (never a speed assertion)."""

from __future__ import annotations

import pytest

from benchmarks import cluster
from tests.postgres_server import PostgresServer


def test_two_processes_one_killed_lose_and_double_nothing(
    server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.start()
    try:
        code = cluster.main(
            ["--processes", "2", "--games", "8", "--moves", "6", "--race", "0.3", "--kill", "--samples", "20"]
        )
    finally:
        server.stop()
    out = capsys.readouterr().out
    assert code == 0, out
    check = next(line for line in out.splitlines() if line.startswith("check:"))
    assert "do not replay: 0;" in check and "(lost): 0;" in check and "(doubled): 0;" in check
    assert "differs from the log: 0 of" in check
    timers = next(line for line in out.splitlines() if line.startswith("timers:"))
    assert " 0 sent twice;" in timers and " 0 twice;" in timers
    assert out.rstrip().endswith("OK: 0 lost, 0 doubled")
