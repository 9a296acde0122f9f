"""The race benchmark at a tiny size, with kills: no click refused for a failed write (a deadlock), no typed
move played on a turn its sender did not see, every log replays, and each next hand DM with live controls
reached its player within the goal (never a speed assertion beyond #23's 10 s)."""

from __future__ import annotations

import pytest

from benchmarks import cluster_races
from tests.postgres_server import NOT_FOUND, PostgresServer


@pytest.fixture
def server() -> PostgresServer:
    found = PostgresServer.find()
    if found is None:
        pytest.skip(NOT_FOUND)
    return found


def test_racing_a_click_with_my_hand_or_move_across_killed_processes(
    server: PostgresServer, capsys: pytest.CaptureFixture[str]
) -> None:
    server.start()
    try:
        code = cluster_races.main(["--games", "6", "--clicks", "150", "--kill-every", "2", "--restart-after", "6"])
    finally:
        server.stop()
    out = capsys.readouterr().out
    assert code == 0, out
    assert "kills;" in out and " 0 kills" not in out
    assert "(deadlock): 0 (goal 0)" in out
    assert "did not see: 0 (goal 0)" in out
    assert "does not replay: 0" in out and "never told within 60 s: 0" in out
