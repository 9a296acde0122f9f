"""Two bot processes on one PostgreSQL database, racing clicks, either killed with SIGKILL now and then and
started again long after (benchmarks/cluster_races.py; `python -m benchmarks.cluster_races` runs it at
volume): while one is down, the other alone takes over what it left, so that the next human of a move the
dead process wrote gets a hand DM with live controls within seconds of the kill, not at its restart."""

from __future__ import annotations

from benchmarks.cluster_races import Races, run
from tests.postgres_server import PostgresServer

DOWN = 12.0  # each killed process stays down this long: a DM only its restart would send comes later
BOUND = 12.0  # seconds from a kill to the next player's live hand DM, whatever the machine's load


async def test_the_next_players_hand_is_told_within_seconds_of_either_process_being_killed(
    postgres_server: PostgresServer,
) -> None:
    url = await postgres_server.create_database()
    try:
        races: Races = await run(url, games=40, clicks=3000, kill_every=1.0, restart_after=DOWN, seed=3)
    finally:
        await postgres_server.drop_database(url)
    print(*races.lines(), sep="\n")
    counts = races.counts
    # At least one kill (of either process, at random) lands while moves are in flight; on a fast machine the
    # games may end before the second.
    assert counts["kills"] >= 1 and len(races.taken_over) >= 3  # moves whose process was killed under them
    assert counts["no_dm"] == 0 and races.bad == 0
    assert max(races.taken_over) < BOUND, sorted(races.taken_over)[-5:]
    assert counts["failed"] == 0 and counts["typed_unseen"] == 0
