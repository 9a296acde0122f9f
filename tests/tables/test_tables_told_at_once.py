"""What a teller reports is on disk when `told` returns, with a board or without one (a reminder, a hand
re-sent alone): a crash a moment after the telling must not leave it to be sent a second time. On SQLite a
telling without a board was queued for the next transaction (up to a tick later); a crash in that window
sent the reminder again."""

from __future__ import annotations

from bot.tables import TableService, TurnReminder
from bot.tables.telling.outbox import key_of
from data import open_store
from tests.checks import only
from tests.tables.conftest import FakeClock, Harness


async def test_a_reminder_told_is_not_sent_again_by_a_crash_right_after(harness: Harness, clock: FakeClock) -> None:
    svc = harness.service
    await svc.settings.update(harness.guild, turn_seconds=600)
    game_no, start = await harness.start_game()
    await svc.telling.told(game_no, [k for k in map(key_of, start) if k is not None])
    clock.advance(301)
    reminder = only(TurnReminder, await svc.tick())
    key = key_of(reminder)
    assert key is not None
    await svc.telling.told(game_no, [key])  # the reminder's DM went out; no board with it

    # The crash: this process is gone without a goodbye (its store never closed, nothing flushed), and the
    # next one starts over the same database and tells whatever was left untold.
    store = await open_store(await harness.databases.target(harness.name))
    after = TableService(store, clock=clock)
    try:
        await after.resume()
        retold = await after.telling.untold(everything=True)
    finally:
        await store.close()

    assert [n for n in retold if isinstance(n, TurnReminder)] == []  # the player is not reminded twice
