"""Season schedules, as a server lives them: a manager sets a monthly schedule and January's season starts at
once; members play (two partners tie first); the bot is down most of the month and back before its end; the
clock passes midnight on the 1st: January ends, its champions (both partners) are announced once, with the
news that February has begun; February's board is empty while January's final standings stay. Turned
off, no season follows February. Members cannot set a schedule."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import simcord
from discord.ext import tasks

from app.client import FivesBot
from bot.tables import GameEnded, Player, TableOpened
from tests.checks import matches, must

from .conftest import World, refusals, reply, text_of
from .test_seasons import dana, refused_for_permission  # noqa: F401  (the fixture)
from .test_standings import PLACE, finish, lines, member


async def as_partners(world: World, first: Player, second: Player) -> GameEnded:
    """A whole game of Muggins, the two sitting opposite each other (partners) with two computers, each
    human taking their first legal move."""
    tables = world.bot.service
    [changed] = await tables.lobbies.open(world.guild.id, world.channel.id, first, "muggins", {"target": 50})
    lobby_id = changed.lobby.lobby_id
    await tables.lobbies.add_computer(lobby_id, first.user_id)
    await tables.lobbies.join(lobby_id, second)
    await tables.lobbies.add_computer(lobby_id, first.user_id)
    notes = await tables.games.start(lobby_id, first.user_id)
    game_no = next(n for n in notes if isinstance(n, TableOpened)).table.game_no
    for _ in range(3000):
        ended = [n for n in notes if isinstance(n, GameEnded)]
        if ended:
            return ended[0]
        for player in (first, second):
            hand = await tables.tables.private_view(game_no, player.user_id)
            if hand.your_turn:
                notes = await tables.act(game_no, player.user_id, hand.view.legal[0].text, hand.turn)
                break
    raise AssertionError(f"game {game_no} did not end")


async def down_until(world: World, make_bot: Callable[[], FivesBot], when: datetime) -> None:
    """The bot is down (its loops stopped, as a process that is not running) until `when`, then starts
    again over the same database: a month passes without ticking through every sweep of it."""
    for cog in world.bot.cogs.values():
        for name, attr in vars(type(cog)).items():
            if isinstance(attr, tasks.Loop):
                getattr(cog, name).cancel()
    world.env.backend.advance_clock((when - world.env.now()).total_seconds())
    await world.env.restart_bot(make_bot())


def stamp(year: int, month: int, day: int) -> str:
    return f"<t:{int(datetime(year, month, day, tzinfo=UTC).timestamp())}:R>"


async def test_a_monthly_schedule_ends_january_announces_its_champions_and_starts_february(
    world: World,
    dana: simcord.MemberActor,  # noqa: F811  (the fixture imported above)
    make_bot: Callable[[], FivesBot],
) -> None:
    assert world.env.now() == datetime(2026, 1, 1, tzinfo=UTC)  # simcord's clock starts on new year's day
    news = world.guild.create_text_channel("news")
    await dana.slash(world.channel, "season channel", channel=news)
    refused = reply(await world.carol.slash(world.channel, "season schedule", every="monthly"))
    assert "Manage Server" in refused.content
    refused_for_permission(world)

    offered = await dana.autocomplete(world.channel, "season schedule", "name", "Ladder {n}", every="monthly")
    assert [c["name"] for c in offered] == [
        "Ladder {n} → Ladder 1",
        "{year}-{month} → 2026-01",
        "Season {n} → Season 1",
    ]
    offered = await dana.autocomplete(world.channel, "season schedule", "name", "Week {wk}", every="weekly")
    assert [c["value"] for c in offered] == ["{year}-W{week}", "Season {n}"]  # what was typed is no pattern
    scheduled = reply(await dana.slash(world.channel, "season schedule", every="monthly"))
    assert scheduled.ephemeral
    assert scheduled.content == (
        "Seasons now start by themselves. A new season every month, from the 1st at 00:00 UTC, named "
        "`{year}-{month}`.\nSeason **2026-01** has started and ends "
        f"{stamp(2026, 2, 1)}: every rated game now also counts on its own leaderboards."
    )
    shown = text_of(reply(await world.carol.slash(world.channel, "season show")).message)
    assert "Running: 2026-01" in shown
    assert "Schedule\nA new season every month, from the 1st at 00:00 UTC, named `{year}-{month}`." in shown
    assert f"Next: **2026-02**, from {stamp(2026, 2, 1)}, ends {stamp(2026, 3, 1)}." in shown

    alice, bob, carol = member(world.alice), member(world.bob), member(world.carol)
    await as_partners(world, alice, bob)
    await finish(world, [carol], computers=1, options={"rounds": 1})  # another board: Draw
    partners = reply(await world.carol.slash(world.channel, "leaderboard", game="muggins", season="2026-01"))
    rows = matches(PLACE, lines(partners))
    assert [(r[1], r[2]) for r in rows] == [("🥇", "alice"), ("🥇", "bob")] and rows[0][3] == rows[1][3]

    # Down from the 2nd to ten to midnight on the 31st; then the clock passes the 1st while the bot runs.
    await down_until(world, make_bot, datetime(2026, 1, 31, 23, 50, tzinfo=UTC))
    assert news.history() == []
    for _ in range(2):
        await world.env.advance_time(600)
    await world.env.advance_time(35)
    [announced] = news.history()
    embed = announced.embeds[0]
    assert embed.title == "Season 2026-01 is over"
    said = must(embed.description).split("\n")
    assert said[0].startswith("🏆 **Draw Dominoes**: **carol** (rating ")
    assert said[1].startswith("🏆 **Muggins**, tied first: **alice** (rating ")
    assert said[2].startswith("🏆 **Muggins**, tied first: **bob** (rating ")
    assert said[-1] == f"The next season, **2026-02**, has begun: it ends {stamp(2026, 3, 1)}."

    february = reply(await world.carol.slash(world.channel, "leaderboard", game="muggins", season="2026-02"))
    assert february.embeds[0].title == "Leaderboard: Muggins, season 2026-02"
    assert february.embeds[0].description == "Nobody finished a rated game of Muggins in season 2026-02."
    january = reply(await world.carol.slash(world.channel, "leaderboard", game="muggins", season="2026-01"))
    assert january.embeds[0].title == "Final standings: Muggins, season 2026-01"
    assert lines(january) == lines(partners)
    shown = text_of(reply(await world.carol.slash(world.channel, "season show")).message)
    assert "Running: 2026-02" in shown and "**2026-01**: From <t:" in shown
    assert f"Next: **2026-03**, from {stamp(2026, 3, 1)}, ends {stamp(2026, 4, 1)}." in shown
    await world.env.advance_time(60)
    assert len(news.history()) == 1  # announced once

    # Off: February runs to its date and nothing follows it.
    off = reply(await dana.slash(world.channel, "season schedule", every="off"))
    assert off.content.startswith("Seasons no longer start by themselves")
    await down_until(world, make_bot, datetime(2026, 3, 1, 0, 0, 5, tzinfo=UTC))
    await world.env.advance_time(35)
    assert [m.embeds[0].title for m in news.history()] == ["Season 2026-01 is over", "Season 2026-02 is over"]
    assert "has begun" not in must(news.history()[-1].embeds[0].description)
    shown = text_of(reply(await world.carol.slash(world.channel, "season show")).message)
    assert "No season is running." in shown and "None: seasons start with `/season start`" in shown
    bad = reply(await dana.slash(world.channel, "season schedule", every="weekly", name="Week {wk}"))
    assert bad.content.startswith("I cannot name seasons after `Week {wk}`: use the placeholders {year}")
    assert refusals(world) == ["season_bad_pattern"]
