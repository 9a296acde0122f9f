"""Season schedules through the table service, on both backends: a schedule starts its first season at once
(or waits for the running one), each season that ends by its date is followed by the next, named from the
pattern and running one calendar period (UTC); turning it off stops the chain; two processes sweeping at once
start the next season once. And the calendar itself: periods, the half-period rule, names."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.tables import Player
from bot.tables.standings.season_schedule import BadSchedulePattern, check_pattern, season_name, season_period
from bot.tables.standings.seasons import SeasonRunning
from tests.checks import must
from tests.conftest import Databases
from tests.postgres_server import PostgresServer
from tests.tables.conftest import ANN, BOB, FakeClock, Harness

MANAGER = 99


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0, second: int = 0) -> float:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


def named(every: str, now: float, pattern: str, n: int = 1) -> tuple[str, float]:
    period = season_period(every, now)
    return season_name(pattern, every, period, n), period.end.timestamp()


# -- the calendar -------------------------------------------------------------------------------------------
def test_a_scheduled_season_runs_to_the_end_of_its_period_or_of_the_next_when_less_than_half_is_left() -> None:
    assert named("monthly", utc(2026, 1, 10, 12), "{year}-{month}") == ("2026-01", utc(2026, 2, 1))
    assert named("monthly", utc(2026, 1, 20), "{year}-{month}") == ("2026-02", utc(2026, 3, 1))  # 12 of 31 days left
    assert named("monthly", utc(2026, 12, 31, 23), "{year}-{month}") == ("2027-01", utc(2027, 2, 1))
    assert named("monthly", utc(2026, 2, 1, 0, 0, 20), "{year}-{month}") == ("2026-02", utc(2026, 3, 1))
    assert named("quarterly", utc(2026, 5, 1), "{year}-Q{quarter}") == ("2026-Q2", utc(2026, 7, 1))
    assert named("quarterly", utc(2026, 11, 20), "{year}-Q{quarter}") == ("2027-Q1", utc(2027, 4, 1))
    # Weeks from Monday 00:00 UTC; 2026-01-01 is a Thursday (four days left), the 2nd a Friday (three).
    assert named("weekly", utc(2026, 1, 5, 9), "{year}-W{week}") == ("2026-W02", utc(2026, 1, 12))
    assert named("weekly", utc(2025, 12, 29), "{year}-W{week}") == ("2026-W01", utc(2026, 1, 5))  # ISO year
    assert named("weekly", utc(2026, 1, 1), "{year}-W{week}") == ("2026-W01", utc(2026, 1, 5))
    assert named("weekly", utc(2026, 1, 2), "{year}-W{week}") == ("2026-W02", utc(2026, 1, 12))
    assert named("monthly", utc(2026, 3, 2), "Season {n}", 5) == ("Season 5", utc(2026, 4, 1))


def test_a_name_pattern_knows_its_placeholders_and_gives_names_a_season_may_have() -> None:
    assert check_pattern("  Ladder   {year} ", 50) == "Ladder {year}"
    for bad in ("{day}", "Season {n", "{n}}x{", "{month:>3}", "{n!r}", "   ", "x" * 47 + "{n}"):
        with pytest.raises(BadSchedulePattern):
            check_pattern(bad, 50)


# -- the service ----------------------------------------------------------------------------------------------
async def _finish(harness: Harness, humans: tuple[Player, ...] = (ANN, BOB)) -> None:
    game_no, _ = await harness.start_game(humans=humans, computers=2, game_id="muggins", options={"target": 50})
    await harness.play(game_no)


async def test_a_monthly_schedule_starts_a_season_at_once_and_the_next_as_each_ends(harness: Harness) -> None:
    svc, guild, clock = harness.service, harness.guild, harness.clock
    clock.now = utc(2026, 1, 10, 12)
    schedule, first = await svc.seasons.set_schedule(guild, harness.channel, MANAGER, "monthly")
    assert schedule.pattern == "{year}-{month}" and first is not None
    assert (first.name, first.started_at, first.ends_at) == ("2026-01", clock.now, utc(2026, 2, 1))
    coming = await svc.seasons.next_season(guild)
    assert coming is not None and (coming.name, coming.starts_at, coming.ends_at) == (
        "2026-02",
        utc(2026, 2, 1),
        utc(2026, 3, 1),
    )
    await _finish(harness)
    january = await svc.standings.leaderboard(guild, "muggins", season_id=first.season_id)
    assert len(january) == 2
    assert await svc.seasons.sweep() == []

    clock.now = utc(2026, 2, 1, 0, 0, 20)  # the sweep comes a few seconds after midnight
    [ended] = await svc.seasons.sweep()
    assert ended.season.name == "2026-01" and ended.season.ended_at == utc(2026, 2, 1)
    assert ended.champions and ended.next is not None
    february = ended.next
    assert (february.name, february.started_at, february.ends_at) == ("2026-02", clock.now, utc(2026, 3, 1))
    assert (await svc.seasons.current(guild)) == february
    assert await svc.standings.leaderboard(guild, "muggins", season_id=february.season_id) == []  # everyone afresh
    assert await svc.standings.leaderboard(guild, "muggins", season_id=first.season_id) == january  # archived
    assert await svc.seasons.sweep() == []  # being announced: once
    await svc.seasons.announced(first.season_id)

    # Turned off, the chain stops: February runs to its date, and nothing follows it.
    assert await svc.seasons.clear_schedule(guild) is True
    assert await svc.seasons.clear_schedule(guild) is False
    assert await svc.seasons.next_season(guild) is None
    clock.now = utc(2026, 3, 1, 0, 1)
    [last] = await svc.seasons.sweep()
    assert last.season.name == "2026-02" and last.next is None
    await svc.seasons.announced(last.season.season_id)
    clock.now += 3600
    assert await svc.seasons.sweep() == [] and await svc.seasons.current(guild) is None
    assert [s.name for s in await svc.seasons.all(guild)] == ["2026-01", "2026-02"]


async def test_a_schedule_waits_for_the_running_season_and_follows_a_managers_end_at_once(harness: Harness) -> None:
    svc, guild, clock = harness.service, harness.guild, harness.clock
    clock.now = utc(2026, 4, 3)
    spring = await svc.seasons.start(guild, harness.channel, MANAGER, "Season 2")  # no date
    _, started = await svc.seasons.set_schedule(guild, 4242, MANAGER, "quarterly", "Season {n}")
    assert started is None  # Spring runs on
    coming = await svc.seasons.next_season(guild)
    assert coming is not None and (coming.name, coming.starts_at) == (None, None)  # when Spring is ended
    with pytest.raises(SeasonRunning):
        await svc.seasons.start(guild, harness.channel, MANAGER, "Summer")

    clock.advance(3600)
    await svc.seasons.end(guild, MANAGER)
    [told] = await svc.seasons.sweep()
    assert told.season.season_id == spring.season_id and told.next is not None
    # The server's second season: "Season 2" is taken (by hand), so the schedule's takes the next free name.
    assert (told.next.name, told.next.ends_at, told.next.channel_id) == ("Season 2 (2)", utc(2026, 7, 1), 4242)
    assert told.next.started_at == clock.now
    # Set again while its season runs: the season goes on, the next follows the new schedule.
    _, none = await svc.seasons.set_schedule(guild, 4242, MANAGER, "monthly", "Ladder {year}.{month}")
    coming = await svc.seasons.next_season(guild)
    assert none is None and coming is not None and coming.name == "Ladder 2026.07"
    assert coming.starts_at == utc(2026, 7, 1) and coming.ends_at == utc(2026, 8, 1)
    with pytest.raises(BadSchedulePattern):
        await svc.seasons.set_schedule(guild, 4242, MANAGER, "monthly", "{season}")


async def test_a_schedule_goes_on_after_a_restart_and_skips_the_periods_the_bot_was_down(harness: Harness) -> None:
    svc, guild, clock = harness.service, harness.guild, harness.clock
    clock.now = utc(2026, 1, 1)
    await svc.seasons.set_schedule(guild, harness.channel, MANAGER, "weekly")
    clock.now = utc(2026, 1, 30)  # down since the first week (three weeks missed), back on a Friday
    await harness.restart()
    [ended] = await harness.service.seasons.sweep()
    assert ended.season.name == "2026-W01" and ended.season.ended_at == utc(2026, 1, 5)
    assert ended.next is not None and (ended.next.name, ended.next.ends_at) == ("2026-W06", utc(2026, 2, 9))


@pytest.fixture
async def pair(
    postgres_server: PostgresServer, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[tuple[Harness, Harness]]:
    """Two processes on one PostgreSQL database, on one clock."""
    databases = Databases("postgres", tmp_path, postgres_server)
    one, two = Harness(databases, "shared", clock), Harness(databases, "shared", clock)
    await one.open()
    await two.open()
    yield one, two
    await one.close()
    await two.close()
    await databases.drop()


async def test_two_processes_sweeping_as_seasons_end_start_each_next_season_once(
    pair: tuple[Harness, Harness], clock: FakeClock
) -> None:
    one, two = pair
    clock.now = utc(2026, 1, 10)
    guilds = range(1, 11)
    for guild in guilds:
        await one.service.seasons.set_schedule(guild, 6, MANAGER, "monthly")
    clock.now = utc(2026, 2, 1, 0, 0, 30)
    sweeps = await asyncio.gather(*(h.service.seasons.sweep() for h in (one, two, one, two)))
    told = [e for sweep in sweeps for e in sweep]
    assert sorted(e.season.guild_id for e in told) == list(guilds)  # each end announced once
    for guild in guilds:
        seasons = await two.service.seasons.all(guild)
        assert [(s.name, s.running) for s in seasons] == [("2026-01", False), ("2026-02", True)]
    assert {e.next.season_id for e in told if e.next} == {
        must(await one.service.seasons.current(g)).season_id for g in guilds
    }
