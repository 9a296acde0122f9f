"""Turn timers: a reminder at half time, the computer plays an expired turn, and deadlines survive a restart."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.tables import BadSetting, BoardChanged, HandChanged, TurnReminder
from tests.checks import must, only
from tests.tables.conftest import FakeClock, Harness


async def _ten_minute_game(harness: Harness) -> tuple[int, HandChanged]:
    await harness.service.settings.update(harness.guild, turn_seconds=600)
    game_no, _ = await harness.start_game()
    hand = must(await harness.to_act(game_no))
    return game_no, hand


async def test_reminder_at_half_time_then_the_computer_plays_the_turn(harness: Harness, clock: FakeClock) -> None:
    svc = harness.service
    game_no, hand = await _ten_minute_game(harness)
    assert hand.deadline == pytest.approx(clock.now + 600)

    clock.advance(299)
    assert await svc.tick() == []
    clock.advance(2)
    reminder = only(TurnReminder, await svc.tick())
    assert isinstance(reminder, TurnReminder)
    assert (reminder.user_id, reminder.seat, reminder.turn) == (hand.user_id, hand.seat, hand.turn)
    assert reminder.deadline == hand.deadline
    assert await svc.tick() == []  # reminded once

    clock.advance(300)
    notes = await svc.tick()
    first = notes[0]
    assert isinstance(first, BoardChanged)
    assert first.kind == "timeout" and first.timed_out and first.by_computer
    assert (first.seat, first.user_id, first.turn) == (hand.seat, hand.user_id, hand.turn + 1)
    assert first.action in [m.text for m in hand.view.legal]
    # the player keeps their seat and is told where the game stands
    assert any(isinstance(n, HandChanged) and n.user_id == hand.user_id for n in notes)
    assert [g.table.game_no for g in svc.tables.games_of(hand.user_id)] == [game_no]


async def test_playing_in_time_resets_the_timer(harness: Harness, clock: FakeClock) -> None:
    svc = harness.service
    game_no, hand = await _ten_minute_game(harness)
    clock.advance(500)
    reminder = only(TurnReminder, await svc.tick())
    assert reminder.user_id == hand.user_id
    await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    clock.advance(200)  # past the old deadline
    assert [n for n in await svc.tick() if isinstance(n, BoardChanged)] == []
    nxt = must(await harness.to_act(game_no))
    assert nxt.deadline == pytest.approx(clock.now - 200 + 600)


async def test_deadlines_survive_a_restart(harness: Harness, clock: FakeClock) -> None:
    game_no, hand = await _ten_minute_game(harness)
    clock.advance(1000)
    assert await harness.restart() == []  # resume plays nothing: expiry is tick's job
    notes = await harness.service.tick()
    first = next(n for n in notes if isinstance(n, BoardChanged))
    assert (first.kind, first.seat, first.table.game_no) == ("timeout", hand.seat, game_no)
    assert not [n for n in notes if isinstance(n, TurnReminder)]


async def test_the_turn_timer_goes_down_to_one_minute(harness: Harness) -> None:
    svc = harness.service
    assert (await svc.settings.get(harness.guild)).turn_seconds == 24 * 60 * 60
    bads: tuple[Any, ...] = (59, 0, -5, "60", True)  # of any type, as a hostile caller would send
    for bad in bads:
        with pytest.raises(BadSetting) as refused:
            await svc.settings.update(harness.guild, turn_seconds=bad)
        assert refused.value.key == "bad_setting"
    settings = await svc.settings.update(harness.guild, turn_seconds=60)
    assert settings.turn_seconds == 60
    await harness.restart()
    assert (await harness.service.settings.get(harness.guild)).turn_seconds == 60


async def test_other_settings_are_kept(harness: Harness) -> None:
    svc = harness.service
    settings = await svc.settings.update(harness.guild, auto_play=False, language="ja")
    assert (settings.auto_play, settings.language) == (False, "ja")
    await svc.settings.update(harness.guild, language=None)
    await harness.restart()
    settings = await harness.service.settings.get(harness.guild)
    assert (settings.auto_play, settings.language, settings.turn_seconds) == (False, None, 86400)
    assert (await harness.service.settings.get(harness.guild + 1)).auto_play is True


async def test_two_settings_changed_at_once_are_both_kept(harness: Harness) -> None:
    """Two managers save at the same moment (`/settings timer` and `/settings language`): neither is lost."""
    svc = harness.service
    await svc.settings.get(harness.guild)
    await asyncio.gather(
        svc.settings.update(harness.guild, turn_seconds=120),
        svc.settings.update(harness.guild, language="ja"),
        svc.settings.set_default_option(harness.guild, "draw", "rounds", 7),
    )
    settings = await svc.settings.get(harness.guild)
    assert (settings.turn_seconds, settings.language, settings.default_options) == (120, "ja", {"draw": {"rounds": 7}})
    await harness.restart()
    settings = await harness.service.settings.get(harness.guild)
    assert (settings.turn_seconds, settings.language, settings.default_options) == (120, "ja", {"draw": {"rounds": 7}})
