"""Tournaments, as players use them: Alice creates a knockout of Draw Dominoes (one hand a game), four sign up
by button, she starts it; the bot opens the semifinals' tables itself, the bot restarts while they play, and the
final opens by itself when they are over, with the bracket posted after each round, until the winner is
announced."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord

from app.client import FivesBot
from bot.tables.community.tournaments import TELL_LEASE
from cogs.tournaments import SWEEP_SECONDS

from .conftest import World, move, playable, refusals, reply, text_of, to_act


def _members(world: World, dave: simcord.MemberActor) -> list[simcord.MemberActor]:
    return [world.alice, world.bob, world.carol, dave]


async def play_tables(world: World, members: list[simcord.MemberActor]) -> None:
    """Everyone plays the first move offered at their table until nobody has a game."""
    for _ in range(400):
        if not any(world.bot.service.tables.games_of(m.id) for m in members):
            return
        for m in members:
            message = playable(m)
            if message is not None and to_act(world, m):
                await move(m, message)
    raise AssertionError("the tables did not end")


def news(world: World) -> list[discord.Message]:
    """The bot's posts about the tournament's rounds, in the channel."""
    return [m for m in world.channel.history() if "Tournament #1" in (m.content or "") and m.attachments]


async def test_four_players_play_a_knockout_to_its_winner_across_a_restart(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    dave = world.guild.add_member(world.env.create_user("dave"))
    members = _members(world, dave)
    created = reply(
        await world.alice.slash(world.channel, "tournament create", game="draw", format="knockout", options="rounds=1")
    )
    assert not created.ephemeral and created.embeds[0].title == "Tournament #1: Draw Dominoes (Knockout)"
    early = reply(await world.bob.click(created, label="Start"))  # only the organiser starts it
    assert early.ephemeral and early.content == "Only the tournament's organiser can do that."
    for m in members:
        await m.click(created, label="Sign up")
    again = reply(await world.bob.click(created, label="Sign up"))
    assert again.ephemeral and again.content == "You (or your partner) are signed up already."
    [signup] = [m for m in world.channel.history() if m.id == created.id]
    assert all(m.mention in text_of(signup) for m in members)

    await world.alice.click(created, label="Start")
    semis = [t for m in members for t in world.bot.service.tables.games_of(m.id)]
    assert len({s.table.game_no for s in semis}) == 2  # two tables, opened by the bot, everyone seated
    [signup] = [m for m in world.channel.history() if m.id == created.id]
    assert "Under way" in text_of(signup)

    await world.env.restart_bot(make_bot())  # the bot restarts while the semifinals are played
    await play_tables(world, members)
    await world.env.advance_time(SWEEP_SECONDS + 1)
    [round_one] = news(world)
    assert "Tournament #1: round 1 is over." in round_one.content and "Round 2 is on:" in round_one.content
    assert round_one.attachments[0].filename.endswith(".png")
    finalists = [m for m in members if world.bot.service.tables.games_of(m.id)]
    assert len(finalists) == 2 and all(m.mention in round_one.content for m in finalists)

    await play_tables(world, members)
    await world.env.advance_time(SWEEP_SECONDS + 1)
    await world.env.advance_time(SWEEP_SECONDS + 1)  # nothing is told twice
    first, final = news(world)
    assert first.id == round_one.id
    assert "🏆 Tournament #1 is over:" in final.content
    assert sum(m.mention in final.content for m in finalists) == 1  # the winner, one of the finalists
    [signup] = [m for m in world.channel.history() if m.id == created.id]
    assert "Over." in text_of(signup) and not signup.components
    assert refusals(world) == ["tournament_not_organiser", "tournament_already_signed_up"]


async def round_posted_then_crash(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[simcord.MemberActor], discord.Message]:
    """Four players' knockout of Draw, its first round played; the round is posted and the process dies
    before recording it (its claim unsettled): the players, and that post."""
    dave = world.guild.add_member(world.env.create_user("dave"))
    members = _members(world, dave)
    created = reply(
        await world.alice.slash(world.channel, "tournament create", game="draw", format="knockout", options="rounds=1")
    )
    for m in members:
        await m.click(created, label="Sign up")
    await world.alice.click(created, label="Start")
    await play_tables(world, members)

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once it is posted
        return None

    monkeypatch.setattr(world.bot.service.tournaments, "told", nothing_recorded)
    await world.env.advance_time(SWEEP_SECONDS + 1)
    monkeypatch.undo()
    [round_one] = news(world)
    return members, round_one


async def test_a_crash_after_a_round_was_posted_does_not_post_it_twice(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    members, round_one = await round_posted_then_crash(world, monkeypatch)

    await world.env.restart_bot(make_bot())
    for _ in range(int(TELL_LEASE // SWEEP_SECONDS) + 2):  # the claim's lease runs out: claimed again, found
        await world.env.advance_time(SWEEP_SECONDS + 1)
    assert news(world) == [round_one]

    await play_tables(world, members)  # the final, told once as ever
    await world.env.advance_time(SWEEP_SECONDS + 1)
    await world.env.advance_time(SWEEP_SECONDS + 1)
    first, final = news(world)
    assert first.id == round_one.id and "🏆 Tournament #1 is over:" in final.content
    assert refusals(world) == []


async def test_a_round_posted_before_two_crashes_in_a_row_is_still_found_and_not_posted_again(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, round_one = await round_posted_then_crash(world, monkeypatch)

    await world.env.restart_bot(make_bot())
    cog = world.bot.get_cog("Tournaments")
    assert cog is not None

    async def claimed_then_died(news: Any) -> None:  # the next process claims it again and dies before looking
        return None

    monkeypatch.setattr(cog, "tell", claimed_then_died)
    for _ in range(int(TELL_LEASE // SWEEP_SECONDS) + 2):
        await world.env.advance_time(SWEEP_SECONDS + 1)
    assert await world.bot.service.tournaments.claim_news(1) is None  # that claim holds it for its lease
    monkeypatch.undo()
    await world.env.restart_bot(make_bot())
    for _ in range(int(TELL_LEASE // SWEEP_SECONDS) + 2):  # a third claim: the post of the first is found
        await world.env.advance_time(SWEEP_SECONDS + 1)
    assert news(world) == [round_one]
    assert refusals(world) == []
