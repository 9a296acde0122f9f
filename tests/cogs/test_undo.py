"""Undo by agreement, as players use it: a server manager allows it, a host opens a table with it; a player
who mis-clicked types /undo, the other player is asked in the table's thread and accepts: the move is gone,
the board says who took back what, and the player's hand has its controls again. Asked again, the other
player refuses: the move stands."""

from __future__ import annotations

import discord
import pytest
import simcord

from .conftest import World, custom_ids, move, playable, public, refusals, text_of, thread, whose_turn


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


def question(world: World) -> discord.Message:
    """The newest question to take back an action, in the table's thread."""
    asked = [m for m in thread(world).history() if m.embeds and (m.embeds[0].title or "").startswith("Take back")]
    return asked[-1]


async def test_an_undo_accepted_and_one_refused(world: World, dana: simcord.MemberActor) -> None:
    refused = (await world.alice.slash(world.channel, "play", game="draw", undo=True)).response
    assert refused.ephemeral and "does not allow undo" in refused.content
    saved = (await dana.slash(world.channel, "settings undo", enabled="on")).response
    assert saved.content == "Saved: tables may now be opened with undo by agreement."

    lobby = (await world.alice.slash(world.channel, "play", game="draw", undo=True)).response
    assert "Undo by agreement: a player may take back their last action" in text_of(lobby.message)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    game_no = world.bot.service.games_of(world.alice.id)[0].table.game_no

    player = whose_turn(world)
    other = world.bob if player is world.alice else world.alice
    before = await public(world, game_no)
    played = await move(player, playable(player))
    assert await public(world, game_no) != before
    assert playable(player) is None  # not their turn any more

    asked = (await player.slash(thread(world), "undo")).response
    assert asked.ephemeral and asked.content == "Asked: the other players must all agree."
    shown = question(world)
    assert shown.content == f"{player.mention} asks to take back their last action: {other.mention}, do you agree?"
    assert f"would take back **{played}**" in shown.embeds[0].description
    accepted = (await other.click(shown, label="Accept")).response
    assert accepted.ephemeral and accepted.content == "You agreed to take it back."

    assert await public(world, game_no) == before
    shown = question(world)
    assert f"Everyone agreed: {player.user.name} took back {played}." in shown.embeds[0].description
    assert custom_ids(shown) == []  # settled: no buttons left
    assert f"took back {played} with everyone's agreement" in text_of(thread(world).history()[-1])
    assert playable(player) is not None  # their turn again, with live controls in their DM
    record = await world.bot.service.export(game_no)
    assert [a["action"] for a in record["actions"]] == [played, "undo"]

    played = await move(player, playable(player))
    after = await public(world, game_no)
    await player.slash(thread(world), "undo")
    refusal = (await other.click(question(world), label="Refuse")).response
    assert refusal.content == "You refused: the action stands."
    assert await public(world, game_no) == after
    assert f"{other.user.name} refused: {played} stands." in question(world).embeds[0].description
    assert custom_ids(question(world)) == []
    assert refusals(world) == ["undo_not_allowed"]
