"""The store of season schedules, on both backends: a server's schedule set, replaced and turned off; a
schedule waits for its season while none runs on its server (the sweep's due time says so), and a season is
started for it only while it is the server's schedule, no season runs and the name is free."""

from __future__ import annotations

from dataclasses import replace

from data import SeasonRow, SeasonScheduleRow, StoreInterface
from tests.checks import must
from tests.data.test_data_community import GUILD

MONTHLY = SeasonScheduleRow(GUILD, "monthly", "{year}-{month}", 6, 11, 10.0)


def _season(name: str, at: float, ends_at: float) -> SeasonRow:
    return SeasonRow(None, GUILD, name, name.casefold(), 6, 11, at, ends_at)


async def test_a_servers_schedule_is_set_replaced_and_turned_off(store: StoreInterface) -> None:
    assert await store.season_schedule(GUILD) is None
    await store.set_season_schedule(MONTHLY)
    weekly = replace(MONTHLY, every="weekly", pattern="Week {week}", channel_id=7, set_by=22, set_at=20.0)
    await store.set_season_schedule(weekly)
    assert await store.season_schedule(GUILD) == weekly
    assert await store.season_schedule(GUILD + 1) is None
    assert await store.clear_season_schedule(GUILD) is True
    assert await store.clear_season_schedule(GUILD) is False
    assert await store.season_schedule(GUILD) is None


async def test_a_schedule_starts_one_season_while_it_is_the_servers_and_none_runs(store: StoreInterface) -> None:
    await store.set_season_schedule(MONTHLY)
    assert await store.schedules_without_season() == [MONTHLY]
    assert await store.next_season_due() == 10.0  # waiting since it was set
    first = await store.start_scheduled_season(_season("2026-01", 15.0, 100.0), MONTHLY)
    assert first > 0 and (must(await store.running_season(GUILD))).season_id == first
    assert await store.schedules_without_season() == []
    assert await store.next_season_due() == 100.0
    assert await store.start_scheduled_season(_season("2026-02", 16.0, 200.0), MONTHLY) == 0  # one runs

    await store.end_due_seasons(100.0)
    assert await store.schedules_without_season() == [MONTHLY]
    changed = replace(MONTHLY, pattern="Season {n}")  # computed from a schedule the server no longer has
    assert await store.start_scheduled_season(_season("Season 2", 101.0, 200.0), changed) == 0
    assert await store.start_scheduled_season(_season("2026-01", 101.0, 200.0), MONTHLY) == 0  # the name is used
    second = await store.start_scheduled_season(_season("2026-02", 101.0, 200.0), MONTHLY)
    assert second > first
    assert [(s.name, s.running, s.started_by) for s in await store.seasons(GUILD)] == [
        ("2026-01", False, 11),
        ("2026-02", True, 11),
    ]

    await store.end_season(second, 150.0, 22)
    await store.clear_season_schedule(GUILD)
    assert await store.schedules_without_season() == []
    assert await store.start_scheduled_season(_season("2026-03", 151.0, 300.0), MONTHLY) == 0  # turned off
    assert await store.running_season(GUILD) is None
