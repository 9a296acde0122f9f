"""Showing and cancelling a tournament, as players and a manager live it: Alice's knockout of four is shown
while it signs up and while its semifinals are played (the bracket, the round, who is still in, links to the
tables), privately; Bob may not cancel it; Dana, a server manager, does (after saying yes): the channel is told
once that its tables play on without counting, the buttons left on its sign-up answer that it was cancelled, and
when the tables end no final opens."""

from __future__ import annotations

import discord
import pytest
import simcord

from cogs.tournaments import SWEEP_SECONDS
from tests.checks import must

from .conftest import World, refusals, reply
from .test_tournaments import play_tables


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


def posts(world: World) -> list[discord.Message]:
    """What the bot posted in the channel about tournament #1 (its news, not its sign-up message)."""
    return [m for m in world.channel.history() if (m.content or "").startswith(("Tournament #1", "🏆 Tournament #1"))]


async def test_a_knockout_is_shown_then_cancelled_by_a_manager_and_told_once(
    world: World, dana: simcord.MemberActor
) -> None:
    eve = world.guild.add_member(world.env.create_user("eve"))
    members = [world.alice, world.bob, world.carol, eve]
    created = reply(
        await world.alice.slash(world.channel, "tournament create", game="draw", format="knockout", options="rounds=1")
    )
    shown = reply(await world.carol.slash(world.channel, "tournament show"))
    assert shown.ephemeral and shown.embeds[0].title == "Tournament #1: Draw Dominoes (Knockout)"
    assert shown.embeds[0].description == f"Signing up: 0 so far. {world.alice.mention} starts it."
    assert not shown.attachments  # nothing to draw yet

    for m in members:
        await m.click(created, label="Sign up")
    await world.alice.click(created, label="Start")
    choices = await world.carol.autocomplete(world.channel, "tournament show", "tournament", "")
    assert choices == [{"name": "Tournament #1: Draw Dominoes (Knockout) · under way", "value": 1}]
    shown = reply(await world.carol.slash(world.channel, "tournament show", tournament=1))
    embed = shown.embeds[0]
    assert shown.ephemeral and embed.description == "Under way: round 1 of 2."
    fields = {f.name: f.value for f in embed.fields}
    assert all(m.mention in must(fields["Still in (4)"]) for m in members)
    tables = must(fields["Tables being played"]).splitlines()
    games = sorted(s.table.game_no for m in members for s in world.bot.service.tables.games_of(m.id))
    assert len(tables) == 2 and all(f"Draw Dominoes #{n}" in must(fields["Tables being played"]) for n in set(games))
    assert all("](https://discord.com/channels/" in line for line in tables)
    assert shown.attachments[0].filename == "tournament-1-0.png"  # the bracket as it stands

    refused = reply(await world.bob.slash(world.channel, "tournament cancel"))
    assert refused.ephemeral
    assert refused.content == "Only the tournament's organiser, or a member who may manage the server, can cancel it."
    # The sign-up message cannot lose its buttons this time: they must answer for themselves.
    world.env.inject_error("PATCH", f"/channels/{world.channel.id}/messages/{created.id}")
    asked = reply(await dana.slash(world.channel, "tournament cancel"))
    assert asked.ephemeral and asked.content == (
        "Cancel **Tournament #1: Draw Dominoes (Knockout)**? No more rounds open; its tables still being played "
        "play on, but no longer count."
    )
    done = reply(await dana.click(asked, label="Cancel the tournament"))
    assert done.content == "Tournament #1 is cancelled."
    [told] = posts(world)
    tables_named = ", ".join(f"#{n}" for n in sorted(set(games)))
    assert told.content == (
        f"Tournament #1 is cancelled (by {dana.mention}).\n"
        f"Its tables still being played ({tables_named}) play on, but no longer count for it."
    )
    stale = reply(await world.bob.click(created, label="Withdraw"))
    assert stale.ephemeral and stale.content == "This tournament was cancelled."
    late = reply(await eve.slash(world.channel, "tournament join", number=1))
    assert late.content == "This tournament was cancelled."
    again = reply(await world.alice.slash(world.channel, "tournament cancel", tournament=1))
    assert again.content == "This tournament was cancelled."

    await play_tables(world, members)  # the semifinals are played to their end: no final opens
    await world.env.advance_time(SWEEP_SECONDS + 1)
    await world.env.advance_time(300 + SWEEP_SECONDS)  # past any lease: nothing is told twice
    assert [m.id for m in posts(world)] == [told.id]
    assert not any(world.bot.service.tables.games_of(m.id) for m in members)
    shown = reply(await world.carol.slash(world.channel, "tournament show"))
    assert shown.embeds[0].description == f"Cancelled by {dana.mention}."
    assert refusals(world) == [
        "tournament_may_not_cancel",
        "tournament_cancelled",
        "tournament_cancelled",
        "tournament_cancelled",
    ]
