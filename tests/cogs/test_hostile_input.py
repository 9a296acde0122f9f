"""Hostile text typed into the bot, through the real cogs (issue 13): `/move`, the Type a move modal and
`/settings option`. Each gets a short private answer that quotes at most a little of what was typed, pings
nobody however many mentions it holds, and changes nothing."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.results import ResponseMessage

from .conftest import World, custom_ids, open_table, playable, refusals, thread, whose_turn

HOSTILE = [
    "@everyone",
    "@here 5-5",
    "<@{bob}> <@&1> @everyone",
    "5-5@<@{bob}>",
    "@everyone\n\x00\x1b[31m",
    "`**@everyone**`||x||",
    "x" * 6000,  # the longest text Discord lets a slash command option carry
    "5-5@" * 1500,
]


def texts(world: World) -> list[str]:
    return [t.replace("{bob}", str(world.bob.id)) for t in HOSTILE]


def assert_safe(answer: ResponseMessage | None) -> str:
    """A private answer that pings nobody and fits a Discord message."""
    assert answer is not None and answer.flags.ephemeral
    message: Any = answer._message  # the virtual Discord's own record of what was sent and who it pinged
    assert not message.allowed_mentions.everyone and not message.mention_everyone
    assert message.ping_user_ids == [] and message.ping_role_ids == []
    assert 0 < len(answer.content) <= 2000
    assert "x" * 100 not in answer.content and "5-5@5-5@5-5@5-5@5-5@5-5@5-5@5-5@5-5@5-5@5-5@" not in answer.content
    return answer.content


def game_state(world: World) -> tuple[int, int]:
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    return summary.turn, len(thread(world).history())


async def test_hostile_moves_typed_with_slash_move(world: World) -> None:
    await open_table(world)
    player = whose_turn(world)
    assert player is not None
    before = game_state(world)
    for text in texts(world):
        result = await player.slash(thread(world), "move", action=text)
        said = assert_safe(result.response)
        assert "\x00" not in said and "\x1b" not in said
        assert refusals(world) == ["bad_action"] or refusals(world) == [], said
        assert game_state(world) == before


async def test_hostile_moves_typed_in_the_modal(world: World) -> None:
    await open_table(world)
    player = whose_turn(world)
    assert player is not None
    hand = playable(player)
    assert hand is not None
    [type_button] = [i for i in custom_ids(hand) if i.startswith("fives:type:")]
    before = game_state(world)
    for text in texts(world):
        modal = await player.user.click(hand, custom_id=type_button)
        result = await player.user.submit_modal(modal, {"move": text[:100]})  # the modal takes 100 characters
        answers = [m for m in result.followups] if result.followups else [result.response]
        for answer in answers:
            assert_safe(answer)
        refusals(world)
        assert game_state(world) == before


@pytest.mark.parametrize("field", ["option", "value"])
async def test_hostile_settings_options_are_refused_short(world: World, field: str) -> None:
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    dana = world.guild.add_member(world.env.create_user("dana"), roles=[managers])
    before = await world.bot.service.settings.get(world.guild.id)
    for text in texts(world):
        typed = {"option": "target", "value": "100"} | {field: text}
        result = await dana.slash(world.channel, "settings option", game="all-fives", **typed)
        assert_safe(result.response)
        assert refusals(world) == ["settings_no_option" if field == "option" else "settings_bad_value"]
    assert await world.bot.service.settings.get(world.guild.id) == before


async def test_a_default_no_game_could_start_with_is_refused_by_settings(world: World) -> None:
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    dana = world.guild.add_member(world.env.create_user("dana"), roles=[managers])
    before = await world.bot.service.settings.get(world.guild.id)
    result = await dana.slash(world.channel, "settings option", game="domineren", option="allowed_types", value="16")
    assert assert_safe(result.response) == "Option allowed_types must include at least one of: 1, 4, 11, 12."
    assert refusals(world) == ["option_needs_one_of"]
    assert await world.bot.service.settings.get(world.guild.id) == before


async def test_a_game_length_that_would_never_end_is_refused_by_settings(world: World) -> None:
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    dana = world.guild.add_member(world.env.create_user("dana"), roles=[managers])
    before = await world.bot.service.settings.get(world.guild.id)
    for value in ("100", "999999999999999999"):
        result = await dana.slash(world.channel, "settings option", game="domineren", option="hands", value=value)
        said = assert_safe(result.response)
        assert said == f"“{value}” is not a value of Hands in Domineren. It takes:\nA whole number from 1 to 99"
        assert refusals(world) == ["settings_bad_value"]
    assert await world.bot.service.settings.get(world.guild.id) == before
    result = await dana.slash(world.channel, "settings option", game="domineren", option="hands", value="99")
    assert (await world.bot.service.settings.get(world.guild.id)) != before
