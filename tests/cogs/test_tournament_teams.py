"""A partnership tournament, as players use it: Alice creates a knockout of Seven Rocks (four players in two
partnerships, to 50), four teams sign up with `/tournament join … partner:`, she starts it; the bot opens the
semifinals' tables itself, partners sitting opposite, and restarts while they are played. Hank never shows up:
each time his turn comes, the server's timer runs out and the computer plays it for him, so his table ends as
the others do. The final opens by itself, the bracket is posted after each round, and the winning team is
announced."""

from __future__ import annotations

from collections.abc import Callable

import discord
import simcord

from app.client import FivesBot
from cogs.tournaments import SWEEP_SECONDS
from tests.checks import must

from .conftest import World, move, playable, refusals, reply, said, text_of, to_act

TURN_SECONDS = 60  # the server's turn timer


def news(world: World) -> list[discord.Message]:
    return [m for m in world.channel.history() if "Tournament #1" in (m.content or "") and m.attachments]


async def play_with_a_no_show(world: World, members: list[simcord.MemberActor], absent: simcord.MemberActor) -> int:
    """Everyone but `absent` plays the first move offered at their table; when only `absent` is to act, time
    passes until the timer plays his turn. The times his turn ran out."""
    timed_out = 0
    for _ in range(3000):
        if not any(world.bot.service.tables.games_of(m.id) for m in members):
            return timed_out
        moved = False
        for m in members:
            message = playable(m)
            if m is not absent and message is not None and to_act(world, m):
                await move(m, message)
                moved = True
        if not moved:
            assert to_act(world, absent), "nobody is to act"
            await world.env.advance_time(TURN_SECONDS + 1)
            timed_out += 1
    raise AssertionError("the tables did not end")


async def test_four_teams_play_a_partnership_knockout_to_its_winner_with_a_no_show_across_a_restart(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    others = [world.guild.add_member(world.env.create_user(n)) for n in ("dave", "erin", "frank", "gina", "hank")]
    members = [world.alice, world.bob, world.carol, *others]
    hank = others[-1]
    teams = [(members[k], members[k + 4]) for k in range(4)]  # alice & dave, bob & erin, carol & frank, x & hank
    partner_of = {a.id: b.id for a, b in teams} | {b.id: a.id for a, b in teams}
    await world.bot.service.settings.update(world.guild.id, turn_seconds=TURN_SECONDS)

    created = reply(
        await world.alice.slash(
            world.channel, "tournament create", game="seven-rocks", format="knockout", options="target=50"
        )
    )
    assert created.embeds[0].title == "Tournament #1: Seven Rocks (Knockout)"
    assert "`/tournament join number:1 partner:…`" in text_of(created.message)
    alone = reply(await world.bob.click(created, label="Sign up"))  # a partnership game: with a partner
    assert alone.ephemeral and alone.content.startswith("This tournament is played in teams of 2")
    for first, second in teams:
        joined = reply(await first.slash(world.channel, "tournament join", number=1, partner=second))
        assert joined.ephemeral and joined.content == "You are signed up to tournament #1."
    [signup] = [m for m in world.channel.history() if m.id == created.id]
    assert all(f"{a.mention} & {b.mention}" in text_of(signup) for a, b in teams)

    await world.alice.click(created, label="Start")
    semis = {s.table.game_no: s.table for m in members for s in world.bot.service.tables.games_of(m.id)}
    assert len(semis) == 2
    for table in semis.values():  # partners sit opposite: seats 0 and 2, 1 and 3
        seated = [must(s.user_id) for s in table.seats]  # all human
        assert partner_of[seated[0]] == seated[2] and partner_of[seated[1]] == seated[3]

    await world.env.restart_bot(make_bot())  # the bot restarts while the semifinals are played
    ran_out = await play_with_a_no_show(world, members, hank)
    await world.env.advance_time(SWEEP_SECONDS + 1)
    [round_one] = news(world)
    assert "Tournament #1: round 1 is over." in round_one.content and "Round 2 is on:" in round_one.content
    finalists = [m for m in members if world.bot.service.tables.games_of(m.id)]
    assert len(finalists) == 4 and all(partner_of[m.id] in {f.id for f in finalists} for m in finalists)

    if hank in finalists:
        ran_out += await play_with_a_no_show(world, members, hank)
    else:
        ran_out += await play_with_a_no_show(world, members, finalists[0])  # someone else misses the final
    assert ran_out > 0
    # The boards say so: the timer gave the no-show's turns to the computer.
    assert f"⏱ **{hank.name}**'s time ran out, so the computer played for them" in said(world)
    await world.env.advance_time(SWEEP_SECONDS + 1)
    round_news, final = news(world)
    assert round_news.id == round_one.id and "🏆 Tournament #1 is over:" in final.content
    winners = [m for m in finalists if m.mention in final.content]
    assert len(winners) == 2 and partner_of[winners[0].id] == winners[1].id  # a team wins it
    [signup] = [m for m in world.channel.history() if m.id == created.id]
    assert "Over." in text_of(signup) and not signup.components
    assert refusals(world) == ["tournament_team_needed"]
