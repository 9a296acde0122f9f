"""An invitation to a private table survives a failed post and a crash, as users see it: the host invites Carol
with the lobby's Invite list (or `/play invite:`); Discord refuses the ping, and Carol is pinged at the retry,
once; the bot dies between the invitation and its ping, and Carol is pinged once the new one is connected; the
bot dies just after the ping, and Carol is not pinged again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord

from app.client import FivesBot

from .conftest import World, custom_ids, refusals, reply, text_of


def invite_select(message: discord.Message) -> str:
    [found] = [i for i in custom_ids(message) if i.endswith(":invite")]
    return found


def pings(world: World, user: discord.abc.User | simcord.MemberActor) -> list[discord.Message]:
    """The bot's messages in the channel that notified `user` (what Discord pinged them with)."""
    backend = world.env.backend
    return [m for m in world.channel.history() if user.id in backend.get_message(m.channel.id, m.id).ping_user_ids]


async def private_lobby(world: World) -> discord.Message:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw", private=True))
    assert "Private table" in text_of(lobby)
    return lobby.message


async def test_an_invitation_discord_refused_is_pinged_at_the_retry_once(world: World) -> None:
    lobby = await private_lobby(world)
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=500)
    [said] = (await world.alice.select(lobby, [world.carol], custom_id=invite_select(lobby))).followups
    assert said.ephemeral and said.content == (
        "The invitation is saved (they can join), but I could not mention them in this channel yet: "
        "I will try again shortly."
    )
    assert pings(world, world.carol) == []
    assert world.carol.mention in text_of(world.channel.history()[0])  # the lobby shows her invited

    await world.env.advance_time(6)  # the first retry
    [pinged] = pings(world, world.carol)
    assert pinged.content.startswith(
        f"<@{world.alice.id}> invites <@{world.carol.id}> to a private table of Draw Dominoes: press Join"
    )
    assert lobby.jump_url in pinged.content
    await world.env.advance_time(3600)
    assert len(pings(world, world.carol)) == 1  # once
    joined = reply(await world.carol.click(lobby, label="Join"))
    assert not joined.ephemeral
    assert refusals(world) == []


async def test_a_restart_between_the_invitation_and_its_ping_still_pings(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await private_lobby(world)

    async def crash(*args: Any, **kwargs: Any) -> bool:  # the process dies once the invitation is saved
        return True

    monkeypatch.setattr(world.bot.announcer, "tell_invited", crash)
    await world.alice.select(lobby, [world.carol], custom_id=invite_select(lobby))
    monkeypatch.undo()
    assert pings(world, world.carol) == []

    await world.env.restart_bot(make_bot())

    [pinged] = pings(world, world.carol)  # as soon as the new bot is connected
    assert pinged.content.startswith(f"<@{world.alice.id}> invites <@{world.carol.id}>")
    assert lobby.jump_url in pinged.content
    await world.env.advance_time(3600)
    assert len(pings(world, world.carol)) == 1
    joined = reply(await world.carol.click(lobby, label="Join"))
    assert not joined.ephemeral
    assert refusals(world) == []


async def test_a_crash_after_the_ping_does_not_ping_twice(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once it is posted
        return None

    monkeypatch.setattr(world.bot.service.lobbies, "invitation_told", nothing_recorded)
    await world.alice.slash(world.channel, "play", game="draw", invite=world.carol.mention)
    monkeypatch.undo()
    [pinged] = pings(world, world.carol)

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(3600)

    assert pings(world, world.carol) == [pinged]  # found in the channel: not posted again
    assert world.bot.service._invitations._pending == {}  # and told: nothing left to try
    assert refusals(world) == []


async def test_a_table_started_before_its_ping_pings_nobody(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    lobby = await private_lobby(world)

    async def crash(*args: Any, **kwargs: Any) -> bool:
        return True

    monkeypatch.setattr(world.bot.announcer, "tell_invited", crash)
    await world.alice.select(lobby, [world.carol, world.bob], custom_id=invite_select(lobby))
    monkeypatch.undo()
    await world.bob.click(lobby, label="Join")  # told by other means, he joins and they start
    await world.alice.click(lobby, label="Start")

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(3600)
    assert pings(world, world.carol) == [] and pings(world, world.bob) == []  # the lobby's Join is gone
    assert refusals(world) == []
