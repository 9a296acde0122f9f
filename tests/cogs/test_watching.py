"""Watching, as users do it: Carol watches Alice and Bob's table in its thread, Dave by DM digest; the digest
holds the public board and never a hand; /games lists the watched game; a player is refused; a private table
refuses an uninvited join and, with watching off, a Watch; a restart keeps the watchers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import discord
import pytest
import simcord

from app.client import FivesBot
from bot.tables.community.watchers import DIGEST_LEASE, DIGEST_SECONDS
from cogs.watching import Spectators
from tests.checks import must

from .conftest import (
    World,
    board,
    buttons_of,
    close_dms,
    cog,
    custom_ids,
    dms,
    move,
    open_table,
    playable,
    refusals,
    reply,
    text_of,
    thread,
    whose_turn,
)


def members(channel: simcord.ChannelHandle) -> set[int]:
    """Who was added to a thread (simcord keeps them on its channel model)."""
    return set(channel._channel.thread_members)


def dave(world: World) -> simcord.MemberActor:
    return world.guild.add_member(world.env.create_user("dave"))


async def watch(member: simcord.MemberActor, message: discord.Message | simcord.ResponseMessage, mode: str) -> str:
    """Press Watch on `message`, then choose `mode` ("In the thread", "By DM digest"); what the bot said."""
    asked = reply(await member.click(message, label="Watch"))
    assert asked.ephemeral and "How do you want to follow this table?" in asked.content
    chosen = reply(await member.click(asked, label=mode))
    return chosen.content


async def play_some(world: World, moves: int) -> None:
    for _ in range(moves):
        player = whose_turn(world)
        if player is None:
            return
        await move(player, must(playable(player)))


def hidden_tiles(world: World, game_no: int) -> set[str]:
    """Every tile in a hand now (what no watcher may see)."""
    service = world.bot.service
    table = service._tables[game_no]
    out: set[str] = set()
    for seat in range(len(table.seats)):
        out |= {str(t) for t in must(table.state.view(seat).hand)}
    return out


async def test_a_friend_watches_in_the_thread_another_by_dm_digest(world: World) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    said = await watch(world.carol, board(world), "In the thread")
    assert said.startswith("You are watching this table in its thread")
    assert world.carol.id in members(thread(world))  # she sees the boards there

    said = await watch(watcher, board(world), "By DM digest")
    assert said == "You are watching this table by DM digest: the board as it stands is in your DMs."
    [first] = dms(watcher)
    assert "Watching Draw Dominoes #1" in text_of(first) and first.attachments  # the board's image

    games = reply(await world.carol.slash(world.channel, "games"))
    assert "👀" in text_of(games) and "watching" in text_of(games)

    await play_some(world, 3)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    await cog(world, Spectators).send_due()
    digests = dms(watcher)
    assert len(digests) == 2 and "Plays since your last digest: 3." in text_of(digests[-1])
    secret = hidden_tiles(world, 1)
    for message in digests:  # the public board only: no tile of any hand is named
        words = set(text_of(message).replace("`", " ").split())
        assert not words & secret
    assert "Stop watching" in [b.label for b in buttons_of(digests[-1])]
    await cog(world, Spectators).send_due()
    assert len(dms(watcher)) == 2  # sent once
    assert refusals(world) == []


async def test_a_player_cannot_watch_their_own_table(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    refused = reply(await world.alice.click(board(world), label="Watch"))
    assert refused.ephemeral and refused.content == "You play at this table: you see it as a player, not as a watcher."
    assert refusals(world) == ["watch_player"]


async def test_a_private_table_refuses_the_uninvited_and_may_refuse_watchers(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw", invite=world.bob.mention, watching=False))
    assert "Private table" in text_of(lobby) and "Watching is off" in text_of(lobby)
    assert not any(i.startswith("fives:watch:") for i in custom_ids(lobby.message))
    told = world.channel.history()[-1]  # invited with the table: told as the lobby's Invite tells
    assert told.content.startswith(f"<@{world.alice.id}> invites <@{world.bob.id}> to a private table of Draw")
    assert world.env.backend.get_message(told.channel.id, told.id).ping_user_ids == [world.bob.id]
    refused = reply(await world.carol.click(lobby, label="Join"))
    assert refused.ephemeral and refused.content.startswith("This table is private")
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    refused = reply(await world.carol.click(board(world), label="Watch"))  # the board's Watch
    assert refused.ephemeral and refused.content == "The host of this table has turned watching off."
    assert refusals(world) == ["not_invited", "watch_closed"]


def invite_select(message: discord.Message) -> str:
    [found] = [i for i in custom_ids(message) if i.endswith(":invite")]
    return found


async def test_the_host_invites_with_the_lobby_button_and_the_invitation_survives_a_restart(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw", private=True))
    assert "Private table" in text_of(lobby) and "nobody invited yet" in text_of(lobby)
    select = invite_select(lobby.message)
    refused = reply(await world.carol.click(lobby, label="Join"))
    assert refused.ephemeral and refused.content.startswith("This table is private")

    taken = reply(await world.bob.select(lobby, [world.carol], custom_id=select))  # not the host
    assert taken.ephemeral and taken.content == "Only the host of this table can invite players."
    robot = world.guild.add_member(world.env.create_user("robot", bot=True))
    taken = reply(await world.alice.select(lobby, [robot], custom_id=select))
    assert taken.ephemeral and taken.content.startswith("Bots cannot be invited: robot.")
    taken = reply(await world.alice.select(lobby, [world.alice], custom_id=select))
    assert taken.ephemeral and taken.content.startswith("Already seated at this table: alice.")
    assert "nobody invited yet" in text_of(world.channel.history()[0])  # the refusals changed nothing

    await world.alice.select(lobby, [world.carol], custom_id=select)
    [shown, told] = world.channel.history()
    assert world.carol.mention in text_of(shown) and "nobody invited yet" not in text_of(shown)
    assert told.content.startswith(
        f"<@{world.alice.id}> invites <@{world.carol.id}> to a private table of Draw Dominoes: press Join"
    )
    pinged = world.env.backend.get_message(told.channel.id, told.id).ping_user_ids  # what Discord notified
    assert shown.jump_url in told.content and pinged == [world.carol.id]  # carol, not the host

    await world.env.restart_bot(make_bot())  # the invitation is kept with the lobby
    outsider = dave(world)
    refused = reply(await outsider.click(lobby, label="Join"))
    assert refused.ephemeral and refused.content.startswith("This table is private")
    joined = reply(await world.carol.click(lobby, label="Join"))
    assert not joined.ephemeral and world.carol.mention in text_of(world.channel.history()[0])
    assert refusals(world) == ["not_invited", "invite_not_host", "invite_bot", "invite_seated", "not_invited"]


async def test_a_public_table_has_no_invite(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert not any(i.endswith(":invite") for i in custom_ids(lobby.message))


async def test_watchers_survive_a_restart(world: World, make_bot: Callable[[], FivesBot]) -> None:
    watcher = dave(world)
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    await world.bob.click(lobby, label="Join")
    said = await watch(world.carol, lobby, "In the thread")  # from the lobby: added when the thread opens
    assert said.startswith("You are watching")
    await world.alice.click(lobby, label="Start")
    assert world.carol.id in members(thread(world))
    await watch(watcher, board(world), "By DM digest")
    bot = make_bot()
    await world.env.restart_bot(bot)
    await play_some(world, 2)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    await cog(world, Spectators).send_due()
    assert len(dms(watcher)) == 2
    games = reply(await watcher.slash(world.channel, "games"))
    assert "Draw Dominoes #1" in text_of(games)
    stopped = reply(await watcher.slash(world.channel, "unwatch", game=1))
    assert stopped.content == "You are no longer watching this table."


# -- a digest that cannot be sent is not lost ---------------------------------------------------------------
def sweep(world: World) -> Spectators:
    cog = world.bot.get_cog("Spectators")
    assert cog is not None
    return cast(Spectators, cog)  # (the extension's own copy of the class: isinstance cannot tell)


def told_in_thread(world: World, member: simcord.MemberActor) -> list[discord.Message]:
    """The table's messages that mention `member` (a watcher is mentioned only when told their DMs are closed)."""
    return [m for m in thread(world).history() if member.mention in (m.content or "")]


async def test_a_watcher_whose_dms_are_closed_is_told_once_in_the_thread_and_follows_it_there(world: World) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    await watch(watcher, board(world), "By DM digest")
    assert len(dms(watcher)) == 1
    close_dms(world.env, watcher)
    await play_some(world, 3)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    await sweep(world).send_due()

    assert len(dms(watcher)) == 1  # refused: nothing reached them
    [told] = told_in_thread(world, watcher)
    assert "you take no direct messages from me" in text_of(told) and "you follow it here instead" in text_of(told)
    assert not set(text_of(told).split()) & hidden_tiles(world, 1)  # nothing of any hand
    assert watcher.id in members(thread(world))  # they see the boards there now
    games = reply(await watcher.slash(world.channel, "games"))
    assert games is not None and "Draw Dominoes #1" in text_of(games.message)  # still watching

    await play_some(world, 2)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    await sweep(world).send_due()
    assert told_in_thread(world, watcher) == [told]  # once
    assert refusals(world) == []


async def test_a_digest_discord_failed_is_sent_again_after_its_lease_and_only_once(world: World) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    await watch(watcher, board(world), "By DM digest")
    await play_some(world, 3)
    world.env.inject_error("POST", f"/channels/{watcher.user.dm_channel.id}/messages", status=500)
    await world.env.advance_time(DIGEST_SECONDS + 60)  # the sweep finds it due: Discord fails it
    assert len(dms(watcher)) == 1  # not counted as told...

    await world.env.advance_time(DIGEST_LEASE + 60)  # ...and sent once its claim's lease ended
    digests = dms(watcher)
    assert len(digests) == 2 and "Plays since your last digest: 3." in text_of(digests[-1])
    await sweep(world).send_due()
    assert len(dms(watcher)) == 2
    assert not told_in_thread(world, watcher)  # nothing public
    assert refusals(world) == []


async def test_a_first_digest_discord_failed_is_promised_then_sent_after_its_lease(world: World) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    world.env.inject_error("POST", f"/channels/{watcher.user.dm_channel.id}/messages", status=500)
    said = await watch(watcher, board(world), "By DM digest")
    assert said.startswith("You are watching this table by DM digest. Discord did not take the first one")
    assert dms(watcher) == []
    await play_some(world, 1)
    await world.env.advance_time(DIGEST_LEASE + 60)
    await sweep(world).send_due()
    [first] = dms(watcher)  # what the reply promised, with the play since
    assert "Watching Draw Dominoes #1" in text_of(first)
    assert refusals(world) == []


async def test_choosing_digests_with_closed_dms_watches_in_the_thread_instead(world: World) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    close_dms(world.env, watcher)
    said = await watch(watcher, board(world), "By DM digest")
    assert said.startswith("Your DMs are closed to this bot, so you are watching this table in its thread instead.")
    assert watcher.id in members(thread(world))
    await play_some(world, 3)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    await sweep(world).send_due()
    assert not told_in_thread(world, watcher)  # told privately already
    assert refusals(world) == []


async def test_a_restart_before_the_watcher_was_told_tells_them_after_it(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    await watch(watcher, board(world), "By DM digest")
    close_dms(world.env, watcher)
    await play_some(world, 3)

    async def crash(*args: Any, **kwargs: Any) -> None:  # the process dies once the watcher was moved to the thread
        return None

    monkeypatch.setattr(world.bot.announcer, "deliver", crash)
    await world.env.advance_time(DIGEST_SECONDS + 60)  # the sweep finds the digest due, Discord refuses it
    monkeypatch.undo()
    assert "The board as it stands" in text_of(dms(watcher)[-1])  # the first digest, and no other
    assert not told_in_thread(world, watcher)

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(60)
    [told] = told_in_thread(world, watcher)
    assert "you follow it here instead" in text_of(told)
    assert refusals(world) == []


# -- a crash around a digest's sending: sent once, never lost ------------------------------------------------
async def digest_sent_then_crash(world: World, monkeypatch: pytest.MonkeyPatch) -> simcord.MemberActor:
    """Dave watches a Draw table by DM digest; three plays later his digest is sent and the process dies
    before recording it (its claim unsettled): Dave, with his first digest and that one."""
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    await watch(watcher, board(world), "By DM digest")
    await play_some(world, 3)

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once it is sent
        return None

    monkeypatch.setattr(world.bot.service.watchers, "told", nothing_recorded)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    monkeypatch.undo()
    assert len(dms(watcher)) == 2
    return watcher


async def test_a_crash_after_a_digest_was_sent_does_not_send_it_twice(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = await digest_sent_then_crash(world, monkeypatch)

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(DIGEST_LEASE + 60)  # claimed again: found in the DMs, not sent twice
    await sweep(world).send_due()
    assert len(dms(watcher)) == 2
    await play_some(world, 2)
    await world.env.advance_time(DIGEST_SECONDS + 60)
    digests = dms(watcher)  # counted from the one found
    assert len(digests) == 3
    shown = [int(must(d.embeds[0].footer.text).split("move ")[1].split()[0]) for d in digests[1:]]
    assert f"Plays since your last digest: {shown[1] - shown[0]}." in text_of(digests[-1])
    assert refusals(world) == []


async def test_a_digest_sent_before_two_crashes_in_a_row_is_still_found_and_not_sent_again(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = await digest_sent_then_crash(world, monkeypatch)

    await world.env.restart_bot(make_bot())
    spectators = sweep(world)

    async def claimed_then_died() -> None:  # the next process claims it again and dies before looking
        await spectators.bot.service.watchers.sweep()

    monkeypatch.setattr(spectators, "send_due", claimed_then_died)
    await world.env.advance_time(DIGEST_LEASE + 60)
    monkeypatch.undo()
    await world.env.restart_bot(make_bot())
    await world.env.advance_time(DIGEST_LEASE + 60)  # a third claim: the digest of the first is found
    await sweep(world).send_due()
    assert len(dms(watcher)) == 2
    assert refusals(world) == []


async def test_a_crash_before_the_first_digest_was_sent_sends_it_after_the_restart(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})

    async def crash(*args: Any, **kwargs: Any) -> str:  # the process dies once the watcher is recorded
        raise RuntimeError("the process died here")

    monkeypatch.setattr("cogs.controls.watching.send_digest", crash)
    # The process dies in that click: its own digest sweep must not run meanwhile (a slow run reached the
    # sweep's next round during the click, and the sweep sent the digest the click had just failed to send).
    sweep(world).sweep.cancel()
    await watcher.click(reply(await watcher.click(board(world), label="Watch")), label="By DM digest")
    monkeypatch.undo()
    assert dms(watcher) == []
    assert [str(getattr(e, "original", e)) for e in world.env.errors] == ["the process died here"]  # seen

    await world.env.restart_bot(make_bot())
    await play_some(world, 1)
    await world.env.advance_time(DIGEST_LEASE + 60)
    await sweep(world).send_due()
    [first] = dms(watcher)  # not lost, sent once
    assert "Watching Draw Dominoes #1" in text_of(first)
    await world.env.advance_time(DIGEST_LEASE + 60)
    assert len(dms(watcher)) == 1


async def test_a_crash_after_the_first_digest_was_sent_does_not_send_it_twice(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once it is sent
        return None

    monkeypatch.setattr(world.bot.service.watchers, "told", nothing_recorded)
    await watch(watcher, board(world), "By DM digest")
    monkeypatch.undo()
    assert len(dms(watcher)) == 1

    await world.env.restart_bot(make_bot())
    await play_some(world, 1)
    await world.env.advance_time(DIGEST_LEASE + 60)
    await sweep(world).send_due()
    assert len(dms(watcher)) == 1
    assert refusals(world) == []
