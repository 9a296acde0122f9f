"""The lobby: `/play` opens a table; players join and leave, the host adds computers, chooses the rules,
starts or cancels, and everyone else is politely refused what only the host may do."""

from __future__ import annotations

import discord
import simcord

from tests.checks import must

from .conftest import World, add_computer, button, components, custom_ids, refusals, reply, selects_of


def field(message: discord.Message | simcord.ResponseMessage, name: str) -> str:
    return must(next(f.value for f in message.embeds[0].fields if f.name == name))


async def test_play_opens_a_lobby_with_the_host_seated_and_the_rules_in_force(world: World) -> None:
    result = await world.alice.slash(world.channel, "play", game="five-up")
    lobby = result.response
    assert lobby is not None and not lobby.ephemeral
    [embed] = lobby.embeds
    assert embed.title == "Five Up: a new table"
    assert embed.description == f"Hosted by {world.alice.mention} · 2–4 players"
    assert field(lobby, "Seats") == f"1. {world.alice.mention} (host)\n2. *open*\n3. *open*\n4. *open*"
    rules = field(lobby, "Rules")
    assert "**Hand size**: IDA: 5 each, 7 with two players" in rules
    assert "**Skunk**" in rules and "Target" not in rules  # a rule with one value is not a choice
    labels = [c.label if isinstance(c, discord.Button) else c.placeholder for c in components(lobby.message)]
    assert labels == [
        "Join", "Leave", "Watch", "🤖 Add computer", "Remove computer", "Computer levels", "Rules", "Start", "Cancel"
    ]  # fmt: skip
    assert button(lobby.message, "Start").disabled  # one player cannot start
    assert button(lobby.message, "Remove computer").disabled and button(lobby.message, "Computer levels").disabled


async def test_joining_leaving_and_computers_change_the_seats(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    await world.bob.click(lobby, label="Join")
    assert f"2. {world.bob.mention}" in field(lobby.message, "Seats")
    assert not button(lobby.message, "Start").disabled

    again = await world.bob.click(lobby, label="Join")
    assert reply(again).ephemeral and reply(again).content == "You already have a seat at this table."
    assert refusals(world) == ["already_joined"]

    await add_computer(world.alice, lobby)
    assert "3. 🤖 Computer 1 (easy)" in field(lobby.message, "Seats")
    await world.bob.click(lobby, label="Leave")
    seats = field(lobby.message, "Seats")
    assert world.bob.mention not in seats and "2. 🤖 Computer 1" in seats
    await world.alice.click(lobby, label="Remove computer")
    assert field(lobby.message, "Seats").startswith(f"1. {world.alice.mention} (host)\n2. *open*")
    assert button(lobby.message, "Start").disabled

    refused = await add_computer(world.carol, lobby, "strong")
    assert refused.response.content == "Only the host can do that."
    assert refusals(world) == ["not_host"]


async def test_the_host_chooses_the_rules_and_the_lobby_shows_them(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="five-up"))
    await world.bob.click(lobby, label="Join")
    refused = await world.bob.click(lobby, label="Rules")
    assert reply(refused).content == "Only the host can do that."
    assert refusals(world) == ["not_host"]

    rules = reply(await world.alice.click(lobby, label="Rules"))
    assert rules.ephemeral and rules.content.startswith("Rules for this table of Five Up")
    # Eight rules and the hints: four selects a page, and a button to the next page.
    selects = [i for i in custom_ids(rules.message) if i.startswith("fives:lopt:")]
    assert len(selects) == 4
    assert [i.rsplit(":", 1)[1] for i in selects] == ["partners", "hand_size", "leave", "rounding"]
    rules = reply(await world.alice.click(rules, label="Page 2 of 3 ▶"))
    [skunk] = [i for i in custom_ids(rules.message) if i.endswith(":skunk")]
    rules = reply(await world.alice.select(rules, ["plus10"], custom_id=skunk))
    assert "**Skunk**: " in field(lobby.message, "Rules")
    assert "**Skunk**: Off" not in field(lobby.message, "Rules")
    chosen = [o for s in selects_of(rules.message) if s.custom_id == skunk for o in s.options]
    assert [o.value for o in chosen if o.default] == ["plus10"]

    rules = reply(await world.alice.select(rules, ["-"], custom_id=skunk))  # back to the rules' default
    assert "**Skunk**: Off" in field(lobby.message, "Rules")


async def test_the_host_cancels_and_the_table_closes(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="muggins"))
    await world.bob.click(lobby, label="Join")
    refused = await world.bob.click(lobby, label="Cancel")
    assert reply(refused).content == "Only the host can do that."
    assert refusals(world) == ["not_host"]
    await world.alice.click(lobby, label="Cancel")
    [embed] = lobby.embeds
    assert embed.title == "Muggins: table cancelled"
    assert lobby.message.components == []
    assert world.channel.threads == []
