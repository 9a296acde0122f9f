"""Turn timers: half-way through a turn the player is reminded by DM; when the turn runs out the computer
plays it and the board says so."""

from __future__ import annotations

from tests.checks import must

from .conftest import World, board, buttons_of, custom_ids, dms, open_table, playable, thread, whose_turn


async def test_a_reminder_at_half_time_and_the_computer_plays_a_turn_that_ran_out(world: World) -> None:
    await world.bot.service.settings.update(world.guild.id, turn_seconds=60)
    await open_table(world)
    player = must(whose_turn(world))
    assert "Time runs out <t:" in must(board(world).embeds[0].fields[-1].value)
    hand = must(playable(player))
    sent = len(dms(player))

    await world.env.advance_time(25)
    assert len(dms(player)) == sent  # nothing before half time

    await world.env.advance_time(10)
    reminder = dms(player)[-1]
    assert reminder.embeds[0].title == "Your turn in Draw Dominoes #1"
    assert must(reminder.embeds[0].description).startswith("Half your time is gone: the computer plays for you <t:")
    assert [b.label for b in buttons_of(reminder)] == ["Go to the table"]
    boards = len(thread(world).history())

    await world.env.advance_time(30)
    newest = thread(world).history()[-1]
    assert len(thread(world).history()) == boards + 1
    first_line = must(newest.embeds[0].description).splitlines()[0]
    assert first_line.startswith(
        f"⏱ **{player.name}**'s time ran out, so the computer played for them: **{player.name}**"
    )
    assert whose_turn(world) is not player
    # The controls of the turn that ran out are gone from the player's DM.
    assert playable(player) is None
    assert custom_ids(next(m for m in dms(player) if m.id == hand.id)) == []
    assert world.env.errors == []
