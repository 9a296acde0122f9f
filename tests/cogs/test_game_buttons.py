"""The buttons of one game keep the custom ids an older bot wrote: messages posted in servers before an
update carry them for ever. A message with plain buttons of those very ids (as the older bot sent them) is
posted, the bot restarts, and each click is answered by the button it always was."""

from __future__ import annotations

import re
from collections.abc import Callable

import discord
import simcord

from app.client import FivesBot

from .conftest import World, custom_ids, open_table, refusals, reply, thread, whose_turn


async def post_old_buttons(world: World, channel: simcord.ChannelHandle, ids: list[str]) -> discord.Message:
    """The bot posts a message whose buttons carry `ids`, labelled as the ids (so a click names one)."""
    view = discord.ui.View(timeout=None)
    for custom_id in ids:
        view.add_item(discord.ui.Button(label=custom_id, custom_id=custom_id))
    where = world.bot.get_channel(channel.id)
    assert isinstance(where, discord.abc.Messageable)
    await where.send("posted by an older bot", view=view)
    posted = channel.history()[-1]
    assert custom_ids(posted) == ids
    return posted


async def test_an_older_boards_buttons_still_answer_after_a_restart(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    player = whose_turn(world)
    assert player is not None
    turn = world.bot.service.tables.games_of(player.id)[0].turn
    ids = ["fives:hand:1", "fives:trick:1", "fives:watch:g:1", f"fives:type:1:{turn}"]
    old = await post_old_buttons(world, thread(world), ids)

    await world.env.restart_bot(make_bot())

    hand = reply(await player.click(old, label="fives:hand:1"))
    assert hand.ephemeral and hand.embeds[0].title == "Your hand · Draw Dominoes #1"
    trick = reply(await world.carol.click(old, label="fives:trick:1"))
    assert trick.ephemeral and trick.content == "No trick has been completed yet in this hand."  # a game of tiles
    watch = reply(await world.carol.click(old, label="fives:watch:g:1"))
    assert watch.ephemeral and watch.content.startswith("How do you want to follow this table?")
    assert custom_ids(watch.message) == ["fives:watchas:g:1:thread", "fives:watchas:g:1:dm"]
    typed = await player.click(old, label=f"fives:type:1:{turn}")
    assert typed.modal is not None and typed.modal["title"] == "Type a move"
    assert refusals(world) == []


async def test_an_older_lobbys_watch_button_still_answers_after_a_restart(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    [lobby_id] = {m[1] for i in custom_ids(lobby.message) if (m := re.fullmatch(r"fives:lobby:(\d+):\w+", i))}
    old = await post_old_buttons(world, world.channel, [f"fives:watch:l:{lobby_id}"])

    await world.env.restart_bot(make_bot())

    watch = reply(await world.carol.click(old, label=f"fives:watch:l:{lobby_id}"))
    assert watch.ephemeral and watch.content.startswith("How do you want to follow this table?")
    refused = reply(await world.alice.click(old, label=f"fives:watch:l:{lobby_id}"))  # she plays there
    assert refused.ephemeral and refused.embeds == []
    assert refusals(world) == ["watch_player"]


async def test_a_board_button_of_a_game_of_another_server_finds_no_game(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    other = world.env.create_guild("Elsewhere")
    there = other.create_text_channel("games")
    player = whose_turn(world)
    assert player is not None
    member = other.add_member(player.user)
    old = await post_old_buttons(world, there, ["fives:hand:1", "fives:trick:1"])

    for label in ("fives:hand:1", "fives:trick:1"):
        said = reply(await member.click(old, label=label))
        assert said.ephemeral and said.embeds == [] and said.content == "There is no such game."
    assert refusals(world) == ["game_not_found", "game_not_found"]
