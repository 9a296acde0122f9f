"""A restart in the middle of a game (a new bot over the same database, the same virtual Discord): the
game carries on, and the buttons and selects posted before the restart still work."""

from __future__ import annotations

from collections.abc import Callable

from app.client import FivesBot
from tests.checks import must

from .conftest import World, board, custom_ids, dms, move, open_table, playable, reply, thread, whose_turn


async def test_the_game_carries_on_after_a_restart_with_the_old_controls(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    await open_table(world)
    first = must(whose_turn(world))
    await move(first, must(playable(first)))
    second = must(whose_turn(world))
    hand = must(playable(second))  # sent by the bot before the restart
    old_board = board(world)
    turn = world.bot.service.tables.games_of(second.id)[0].turn

    await world.env.restart_bot(make_bot())  # create_bot(settings) over the same database file

    assert world.bot.service.tables.games_of(second.id)[0].turn == turn  # rebuilt from the action log
    shown = reply(await second.click(old_board, label="My hand"))  # the board's button, from before
    assert shown.ephemeral and must(shown.embeds[0].description).startswith("**Your turn.**")
    played = await move(second, hand)  # the DM's select, from before
    assert world.bot.service.tables.games_of(second.id)[0].turn > turn
    history = thread(world).history()
    assert f"**{second.name}** played {played.replace('@', ' on ', 1)}." in must(history[-1].embeds[0].description)
    assert board(world).id == history[-1].id  # the new board is the only live one
    assert custom_ids(next(m for m in history if m.id == old_board.id)) == []
    assert world.env.errors == []


async def test_a_restart_after_a_move_leaves_the_next_player_one_dm_with_live_controls(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})  # two humans, as the web test
    first = must(whose_turn(world))
    await move(first, must(playable(first)))
    second = must(whose_turn(world))
    before = must(playable(second))
    told_before = len(dms(second))

    await world.env.restart_bot(make_bot())  # the start retells what the log says; nothing was left untold

    assert len(dms(second)) == told_before  # the hand already told is not sent again
    assert must(playable(second)).id == before.id  # and its controls are the only live ones
    assert world.env.errors == []
