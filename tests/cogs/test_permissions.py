"""A server where the bot lacks some of the permissions the README asks for.

Channel overwrites for the bot's own role are made with simcord's builder (`create_text_channel(overwrites=)`),
which its backend enforces as Discord does (403, code 50013); a permission taken away mid-game is the
overwrite an admin would set (`backend.set_overwrite`, announced to the bot as a CHANNEL_UPDATE), and a
refusal the bot's cache cannot foresee is a 403 injected on the thread's messages route.
"""

from __future__ import annotations

import dataclasses
import logging

import discord
import pytest
import simcord
from discord import app_commands
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from tests.checks import must

from .conftest import (
    World,
    board,
    buttons_of,
    components,
    custom_ids,
    dms,
    move,
    open_table,
    playable,
    refusals,
    reply,
    selects_of,
    thread,
    to_act,
)
from .test_language import speaks_japanese


def bot_role(world: World) -> simcord.RoleHandle:
    return world.guild.roles[must(world.bot.user).name]


def channel_without(world: World, *permissions: str) -> World:
    """The same server, playing in a channel where the bot's role is denied `permissions`."""
    overwrite = discord.PermissionOverwrite(**dict.fromkeys(permissions, False))
    channel = world.guild.create_text_channel("no-" + "-".join(permissions), overwrites={bot_role(world): overwrite})
    return dataclasses.replace(world, channel=channel)


def take_away(world: World, *permissions: str) -> None:
    """An admin denies the bot's role `permissions` in the table's channel (and so in its threads) mid-game."""
    _, deny = discord.PermissionOverwrite(**dict.fromkeys(permissions, False)).pair()
    overwrite = Overwrite(target_id=bot_role(world).id, type=OverwriteType.ROLE, allow=0, deny=deny.value)
    world.env.backend.set_overwrite(world.channel.id, overwrite)


def give_back(world: World) -> None:
    world.env.backend.delete_overwrite(world.channel.id, bot_role(world).id)


def live_boards(messages: list[discord.Message]) -> list[discord.Message]:
    return [m for m in messages if any(i.startswith("fives:hand:") for i in custom_ids(m))]


def next_human(world: World) -> simcord.MemberActor:
    """Whose turn it is, from the game itself (the board may be out of date when it could not be posted)."""
    [player] = [m for m in (world.alice, world.bob) if to_act(world, m)]
    return player


async def play_from_dm(player: simcord.MemberActor) -> simcord.InteractionResult:
    """The player plays the first move their hand DM offers; the interaction, with its follow-ups."""
    hand = playable(player)
    assert hand is not None, f"{player.name} has no controls"
    for select in selects_of(hand, "fives:act:"):
        return await player.user.select(hand, [select.options[0].value], custom_id=select.custom_id)
    [do, *_] = buttons_of(hand, "fives:do:")
    return await player.user.click(hand, custom_id=do.custom_id)


async def actions(world: World) -> int:
    """How many actions the game's record holds: what the table saved, posted or not."""
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    return len((await world.bot.service.tables.export(summary.table.game_no))["actions"])


# -- 1. no threads: the game is played in the channel -----------------------------------------------------
@pytest.mark.parametrize("denied", ["create_public_threads", "send_messages_in_threads"])
async def test_without_threads_a_whole_game_is_played_in_the_channel(world: World, denied: str) -> None:
    world = channel_without(world, denied)
    lobby = await open_table(world, "draw", options={"rounds": "1"})
    assert world.channel.threads == []
    assert lobby.embeds[0].title == "Draw Dominoes #1 has started"
    assert lobby.embeds[0].description == "The game is played below, in this channel."
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    assert summary.table.thread_id is None

    # The first board is in the channel, under the lobby; My hand works on it there.
    first = world.channel.history()[-1]
    assert live_boards(world.channel.history()) == [first]
    begins = "The game begins: **alice**, **bob**, **Computer 1 (easy)**, **Computer 2 (easy)**."
    assert begins in must(first.embeds[0].description)
    assert [a.filename for a in first.attachments] == ["board.png"]
    player = next_human(world)
    shown = reply(await player.click(first, label="My hand"))
    assert shown.ephemeral and must(shown.embeds[0].description).startswith("**Your turn.**")

    plays = 0
    while world.bot.service.tables.games_of(world.alice.id):
        player = next_human(world)
        before = len(world.channel.history())
        await move(player, must(playable(player)))
        history = world.channel.history()
        boards = live_boards(history)
        if world.bot.service.tables.games_of(world.alice.id):  # one new board, the only live one
            assert len(history) > before and boards == [history[-1]]
            assert [a.filename for a in history[-1].attachments] == ["board.png"]
        plays += 1
        assert plays < 40
    over = world.channel.history()[-1]
    assert over.embeds[0].title == "Draw Dominoes #1: game over"
    assert [a.filename for a in over.attachments] == ["sheet.png"]
    # Nothing is left to play: the end offers only its replay, an analysis and a rematch.
    assert [i for m in world.channel.history() for i in custom_ids(m)] == [
        "fives:replay:1",
        "fives:analyse:1",
        "fives:rematch:1",
    ]
    assert world.channel.threads == []
    assert world.env.errors == []


# -- 2. no sending in the channel: /play says so and opens nothing ----------------------------------------
@pytest.mark.parametrize(
    ("denied", "named"),
    [
        (("send_messages",), "Send Messages"),
        (("embed_links",), "Embed Links"),
        (("attach_files",), "Attach Files"),
        (("send_messages", "attach_files"), "Send Messages, Attach Files"),
    ],
)
async def test_play_where_the_bot_may_not_post_names_what_is_missing_and_opens_nothing(
    world: World, denied: tuple[str, ...], named: str, caplog: pytest.LogCaptureFixture
) -> None:
    world = channel_without(world, *denied)
    with caplog.at_level(logging.INFO, logger="cogs.errors"):
        result = await world.alice.slash(world.channel, "play", game="draw")
    assert reply(result).ephemeral
    assert reply(result).content == (
        f"I am missing these permissions in this channel: {named}. A server admin can give them to me."
    )
    assert world.bot.service.lobbies.of_guild(world.guild.id) == []
    assert [m for m in world.channel.history() if not m.flags.ephemeral] == []
    [error] = world.env.errors
    assert isinstance(error, app_commands.BotMissingPermissions) and error.missing_permissions == list(denied)
    [line] = [r for r in caplog.records if r.name == "cogs.errors"]
    assert line.levelno == logging.WARNING
    assert "/play" in line.getMessage() and all(p in line.getMessage() for p in denied)


async def test_the_missing_permissions_are_named_in_the_players_language(world: World) -> None:
    speaks_japanese(world.env, world.alice)
    world = channel_without(world, "send_messages", "embed_links")
    result = await world.alice.slash(world.channel, "play", game="draw")
    assert reply(result).ephemeral
    assert reply(result).content == (
        "このチャンネルでは私に次の権限が足りません：メッセージを送信、埋め込みリンク。"
        "サーバーの管理者に付与してもらってください。"
    )
    assert world.bot.service.lobbies.of_guild(world.guild.id) == []
    assert len(world.env.errors) == 1


async def test_start_after_a_permission_is_lost_keeps_the_lobby_open_until_it_is_back(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    await world.bob.click(lobby, label="Join")
    take_away(world, "attach_files")

    refused = reply(await world.alice.click(lobby, label="Start"))
    assert refused.ephemeral
    assert refused.content == (
        "I am missing these permissions in this channel: Attach Files. A server admin can give them to me."
    )
    assert world.bot.service.tables.games_of(world.alice.id) == []
    assert world.channel.threads == []
    [open_lobby] = world.bot.service.lobbies.of_guild(world.guild.id)
    assert open_lobby.status == "open"
    assert "fives:lobby:" in " ".join(custom_ids(lobby.message))  # its buttons are still there
    assert len(world.env.errors) == 1

    give_back(world)
    await world.alice.click(lobby, label="Start")
    assert world.bot.service.tables.games_of(world.alice.id)
    assert lobby.message.embeds[0].description == "The game is played in the thread below."
    assert [a.filename for a in board(world).attachments] == ["board.png"]


async def test_start_by_someone_not_the_host_is_refused_as_such_whatever_the_permissions(world: World) -> None:
    """Only the host may start: anyone else is told that, not what the bot lacks (which only the host,
    or an admin, can do anything about)."""
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    await world.bob.click(lobby, label="Join")
    take_away(world, "attach_files")

    [refused] = (await world.bob.click(lobby, label="Start")).followups
    assert refused.ephemeral and refused.content == "Only the host can do that."
    assert refusals(world) == ["not_host"]
    [open_lobby] = world.bot.service.lobbies.of_guild(world.guild.id)
    assert open_lobby.status == "open" and world.channel.threads == []


# -- 3. permissions lost mid-game ---------------------------------------------------------------------------
async def test_a_thread_that_became_unwritable_keeps_the_move_and_tells_the_player(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "3"})
    old_board = board(world)
    before, saved = len(thread(world).history()), await actions(world)
    take_away(world, "send_messages_in_threads")

    player = next_human(world)
    result = await play_from_dm(player)

    assert await actions(world) > saved  # the move counts
    assert not to_act(world, player)
    assert len(thread(world).history()) == before  # nothing could be posted
    assert board(world).id == old_board.id  # the board before stays the live one
    [told] = result.followups
    assert told.ephemeral
    assert told.content == (
        f"Done and saved, but I could not post the board in <#{thread(world).id}>: I am missing these "
        "permissions there: Send Messages in Threads. Once a server admin gives them back, the next board "
        "will show the game as it stands."
    )
    assert not any(i.startswith("fives:act:") for i in custom_ids(dms(player)[-1]))  # their hand moved on
    assert world.env.errors == []

    give_back(world)
    missed = await actions(world)
    other = next_human(world)
    result = await play_from_dm(other)
    assert result.followups == []  # nothing to apologise for
    newest = thread(world).history()[-1]
    assert live_boards(thread(world).history()) == [newest]  # the old board was retired at last
    # The new board tells the plays the lost one would have told, then this one, and shows the game now.
    lines = must(newest.embeds[0].description).splitlines()
    assert len(lines) == await actions(world) - saved
    assert f"**{player.name}**" in lines[0] and f"**{other.name}**" in lines[missed - saved]
    assert newest.content == f"{next_human(world).mention}, it's your turn."
    assert [a.filename for a in newest.attachments] == ["board.png"]
    assert world.env.errors == []


@pytest.mark.parametrize(
    ("status", "code", "message", "why"),
    [
        (
            403,
            50013,
            "Missing Permissions",
            "I am missing these permissions there: Send Messages in Threads, Embed Links, Attach Files. Once a "
            "server admin gives them back, the next board will show the game as it stands.",
        ),
        (
            500,
            0,
            "Internal Server Error",
            "Discord answered with error 500. I will post it again shortly: nothing is lost.",
        ),
    ],
)
async def test_a_board_discord_refuses_is_told_to_the_player_and_the_next_one_catches_up(
    world: World, status: int, code: int, message: str, why: str
) -> None:
    await open_table(world, "draw", options={"rounds": "3"})
    table = thread(world)
    old_board, before, saved = board(world), len(table.history()), await actions(world)
    world.env.inject_error("POST", f"/channels/{table.id}/messages", status=status, code=code, message=message)

    player = next_human(world)
    shown = reply(await player.click(old_board, label="My hand"))  # playing from the board this time
    [select] = [c for c in components(shown.message) if (c.custom_id or "").startswith(("fives:act:", "fives:do:"))]
    if isinstance(select, discord.SelectMenu):  # fives:act:
        result = await player.select(shown, [select.options[0].value], custom_id=select.custom_id)
    else:
        result = await player.click(shown, custom_id=select.custom_id)

    assert await actions(world) > saved
    assert len(table.history()) == before and board(world).id == old_board.id
    [told] = result.followups
    assert told.ephemeral and told.content == f"Done and saved, but I could not post the board in <#{table.id}>: {why}"
    assert not any(m.id == told.id for m in table.history(viewer=world.carol))  # only the player sees it
    assert world.env.errors == []

    other = next_human(world)
    await play_from_dm(other)
    newest = table.history()[-1]
    assert live_boards(table.history()) == [newest] and newest.id != old_board.id
    assert len(must(newest.embeds[0].description).splitlines()) == await actions(world) - saved
    assert f"**{player.name}**" in must(newest.embeds[0].description).splitlines()[0]
    assert world.env.errors == []


async def test_a_board_that_would_lose_its_embed_is_not_posted_and_told_in_the_players_language(
    world: World,
) -> None:
    """Without Embed Links Discord would post the board bare and say nothing: the bot sees it coming."""
    await open_table(world, "draw", options={"rounds": "3"})
    old_board, before = board(world), len(thread(world).history())
    speaks_japanese(world.env, world.alice, world.bob)
    take_away(world, "embed_links")
    result = await play_from_dm(next_human(world))
    [told] = result.followups
    assert told.content == (
        f"保存しました。ただし<#{thread(world).id}>に盤面を投稿できませんでした。そこで次の権限が足りません："
        "埋め込みリンク。サーバーの管理者が権限を戻せば、次の盤面で今の状況をお見せします。"
    )
    assert len(thread(world).history()) == before and board(world).id == old_board.id
    assert world.env.errors == []
