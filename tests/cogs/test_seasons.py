"""Seasons, as a server lives them: a manager chooses where champions are announced and starts a season; two
members play; the season's own leaderboard ranks them while the all-time one goes on; the manager ends it (after
saying yes), its champion is announced in the chosen channel, and its leaderboard is archived as it ended
while later games count only all-time. A season with a date ends by itself. Members cannot start or end one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

from app.client import FivesBot
from bot.tables.standings.seasons import ANNOUNCE_LEASE
from tests.checks import matches, must

from .conftest import World, refusals, reply, text_of
from .test_standings import PLACE, finish, lines, member


def refused_for_permission(world: World) -> None:
    """The errors since the last look were a member's lack of Manage Server, and nothing else."""
    errors = [getattr(e, "original", e) for e in world.env.errors[world.errors_seen :]]
    assert errors and all(isinstance(e, app_commands.MissingPermissions) for e in errors), errors
    world.errors_seen = len(world.env.errors)


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


async def test_a_season_is_started_played_ended_announced_and_archived(world: World, dana: simcord.MemberActor) -> None:
    news = world.guild.create_text_channel("news")
    refused = reply(await world.bob.slash(world.channel, "season start", name="Bob's season"))
    assert refused.ephemeral and "Manage Server" in refused.content
    refused_for_permission(world)
    chosen = reply(await dana.slash(world.channel, "season channel", channel=news))
    assert chosen.ephemeral and chosen.content == f"Seasons' champions will be announced in <#{news.id}>."

    started = reply(await dana.slash(world.channel, "season start", name="Spring"))
    assert started.ephemeral
    assert started.content == (
        "Season **Spring** has started: every rated game now also counts on its own leaderboards."
    )
    assert "Running: Spring" in text_of(started.message)
    again = reply(await dana.slash(world.channel, "season start", name="Summer"))
    assert again.content == "Season Spring is running: end it with `/season end` before starting another."

    alice, bob = member(world.alice), member(world.bob)
    await finish(world, [alice, bob], options={"rounds": 1})
    season_board = reply(await world.carol.slash(world.channel, "leaderboard", game="draw", season="Spring"))
    assert season_board.embeds[0].title == "Leaderboard: Draw Dominoes, season Spring"
    rows = matches(PLACE, lines(season_board))
    assert sorted(r[2] for r in rows) == ["alice", "bob"] and all(r[5] == "1" for r in rows)
    choices = await world.carol.autocomplete(world.channel, "leaderboard", "season", "spr", game="draw")
    assert [c["value"] for c in choices] == ["Spring"] and choices[0]["name"] == "Spring (running)"

    # Dana ends it: asked first, then the champion is announced in #news.
    asked = reply(await dana.slash(world.channel, "season end"))
    assert (
        asked.content
        == "End season **Spring** now? Its leaderboards stay as they are, and its champions are announced."
    )
    done = reply(await dana.click(asked, label="End the season"))
    assert done.content == "Season **Spring** is over: its champions are announced."
    [announced] = news.history()
    embed = announced.embeds[0]
    assert embed.title == "Season Spring is over"
    first = next(r for r in rows if r[1] == "🥇")
    assert (
        must(embed.description).split("\n")[0].startswith(f"🏆 **Draw Dominoes**: **{first[2]}** (rating {first[3]} · ")
    )
    assert "`/leaderboard` with `season:Spring`" in must(embed.description)

    # Archived: a later game counts all-time only.
    await finish(world, [alice, bob], options={"rounds": 1})
    final = reply(await world.carol.slash(world.channel, "leaderboard", game="draw", season="spring"))
    assert final.embeds[0].title == "Final standings: Draw Dominoes, season Spring"
    assert lines(final) == lines(season_board)
    all_time = reply(await world.carol.slash(world.channel, "leaderboard", game="draw"))
    assert {r[5] for r in matches(PLACE, lines(all_time))} == {"2"}
    missing = reply(await world.carol.slash(world.channel, "leaderboard", game="draw", season="Winter"))
    assert missing.content == "This server has no season called Winter."
    assert refusals(world) == ["season_running", "season_not_found"]
    await world.env.advance_time(15)
    assert len(news.history()) == 1  # announced once


async def test_a_season_with_a_date_ends_by_itself_and_members_see_the_seasons(
    world: World, dana: simcord.MemberActor
) -> None:
    started = reply(await dana.slash(world.channel, "season start", name="Quick", ends="1h"))
    assert started.content.startswith("Season **Quick** has started and ends <t:")
    bad = reply(await dana.slash(world.channel, "season start", name="Later", ends="next week"))
    assert bad.content.startswith("I cannot read next week as an end")
    for _ in range(6):  # an hour, in steps the virtual Discord settles in
        await world.env.advance_time(600)
    await world.env.advance_time(35)
    [announced] = [m for m in world.channel.history() if m.embeds and m.embeds[0].title == "Season Quick is over"]
    assert must(announced.embeds[0].description).startswith("Nobody finished a rated game this season.")

    shown = reply(await world.carol.slash(world.channel, "season show"))
    assert shown.ephemeral
    said = text_of(shown.message)
    assert "No season is running. A server manager starts one with `/season start`." in said
    assert "Past seasons" in said and "**Quick**: From <t:" in said
    assert "the channel where each season was started" in said
    assert refusals(world) == ["season_bad_end"]
    member_end = reply(await world.carol.slash(world.channel, "season end"))
    assert "Manage Server" in member_end.content
    refused_for_permission(world)


def announcements(world: World, season: str) -> list[discord.Message]:
    return [m for m in world.channel.history() if m.embeds and m.embeds[0].title == f"Season {season} is over"]


async def test_a_crash_after_the_champions_were_posted_does_not_announce_them_twice(
    world: World, dana: simcord.MemberActor, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    await dana.slash(world.channel, "season start", name="Quick", ends="1h")

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once they are posted
        return None

    monkeypatch.setattr(world.bot.service.seasons, "announced", nothing_recorded)
    for _ in range(7):  # past its end: announced, never settled
        await world.env.advance_time(600)
    monkeypatch.undo()
    [posted] = announcements(world, "Quick")
    assert posted.embeds[0].footer.text == "Season #1"

    await world.env.restart_bot(make_bot())
    for _ in range(int(ANNOUNCE_LEASE // 60) + 2):  # the claim's lease runs out: claimed again, found posted
        await world.env.advance_time(60)
    assert announcements(world, "Quick") == [posted]
    assert await must(world.bot.store).next_season_due() is None  # settled: never claimed again


async def test_champions_a_failed_post_left_untold_are_announced_at_the_next_claim(
    world: World, dana: simcord.MemberActor
) -> None:
    await dana.slash(world.channel, "season start", name="Quick", ends="1h")
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503)
    for _ in range(6):
        await world.env.advance_time(600)
    await world.env.advance_time(35)
    assert announcements(world, "Quick") == []  # Discord refused it: looked for at the next claim, not found
    for _ in range(int(ANNOUNCE_LEASE // 60) + 2):
        await world.env.advance_time(60)
    assert len(announcements(world, "Quick")) == 1
