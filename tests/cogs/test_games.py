"""Your games: `/games` lists them with links; `/resign` hands your seat to a computer after asking;
`/abandon` ends a game for its host or a server manager, and for nobody else."""

from __future__ import annotations

import discord

from tests.checks import must

from .conftest import World, board, custom_ids, open_table, refusals, reply, thread, whose_turn


async def test_games_lists_your_games_with_whose_turn_and_a_link(world: World) -> None:
    empty = await world.carol.slash(world.channel, "games")
    assert reply(empty).ephemeral
    assert reply(empty).embeds[0].description == "You are not playing any game on this server. Start one with `/play`."
    await open_table(world)
    mine = reply(await must(whose_turn(world)).slash(world.channel, "games")).embeds[0]
    assert mine.title == "Your games"
    link = f"https://discord.com/channels/{world.guild.id}/{thread(world).id}/{board(world).id}"
    assert must(mine.description).startswith(f"[**Draw Dominoes #1**]({link}) — your turn · time runs out <t:")


async def test_resigning_asks_first_then_a_computer_takes_the_seat(world: World) -> None:
    await open_table(world)
    asked = reply(await world.bob.slash(thread(world), "resign"))
    assert asked.ephemeral and asked.content.startswith("Resign from Draw Dominoes #1?")
    kept = reply(await world.bob.click(asked, label="Keep playing"))
    assert kept.content == "Nothing changed." and custom_ids(kept.message) == []
    assert world.bot.service.tables.games_of(world.bob.id)

    asked = reply(await world.bob.slash(thread(world), "resign"))
    done = reply(await world.bob.click(asked, label="Resign"))
    assert done.content == "You resigned: a computer player has your seat."
    assert world.bot.service.tables.games_of(world.bob.id) == []
    said = [m for m in thread(world).history() if "🏳️ **bob** resigned" in (m.embeds[0].description or "")]
    assert len(said) == 1
    table = world.bot.service.tables.games_of(world.alice.id)[0].table
    assert [s.name for s in table.seats if s.computer and s.replaced_user_id == world.bob.id] == ["bob"]


async def test_only_the_host_or_a_server_manager_may_abandon(world: World) -> None:
    await open_table(world)
    asked = reply(await world.bob.slash(thread(world), "abandon"))
    refused = reply(await world.bob.click(asked, label="End the game"))
    assert refused.content == "Only the host can do that."
    assert refusals(world) == ["not_host"]
    assert world.bot.service.tables.games_of(world.bob.id)

    manager = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    dana = world.guild.add_member(world.env.create_user("dana"), roles=[manager])
    game_no = world.bot.service.tables.games_of(world.bob.id)[0].table.game_no
    asked = reply(await dana.slash(world.channel, "abandon", game=game_no))
    assert asked.content == "End Draw Dominoes #1 for everyone, without results?"
    done = reply(await dana.click(asked, label="End the game"))
    assert done.content == "The game is ended."
    assert world.bot.service.tables.games_of(world.alice.id) == []
    last = thread(world).history()[-1].embeds[0]
    assert last.title == "Draw Dominoes #1: game abandoned"
    assert last.description == f"{dana.mention} ended this game. It is not rated."
    assert not any(custom_ids(m) for m in thread(world).history())  # no live board left
