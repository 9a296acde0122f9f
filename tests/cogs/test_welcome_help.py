"""The welcome a server gets when the bot joins it, and `/help`, through the real bot in simcord.

simcord marks every GUILD_CREATE it sends `unavailable: false` (a server coming back online), which
discord.py dispatches as `on_guild_available`, never `on_guild_join`: it has no way to add the bot to a
server. So a join is the gateway event Discord sends then, a GUILD_CREATE without `unavailable`, built from
simcord's own server (channels, roles, the bot's member) and emitted through simcord's gateway into the real
discord.py client's state, which dispatches `on_guild_join` as it would on Discord.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord
from simcord.backend import serializers
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from app.client import FivesBot
from bot.version import bot_version
from cogs.welcome import PERMISSIONS, invite_permissions, invite_url
from tests.checks import must

from .conftest import World, reply, text_of
from .test_language import speaks_japanese


def new_server(env: simcord.Env, *channels: str, preferred_locale: str | None = None) -> simcord.GuildHandle:
    guild = env.create_guild("Tile club", preferred_locale=preferred_locale)
    for name in channels:
        guild.create_text_channel(name)
    return guild


def bot_role_id(env: simcord.Env, guild: simcord.GuildHandle) -> int:
    return guild.roles[must(env.bot.user).name].id


async def join(env: simcord.Env, guild: simcord.GuildHandle) -> None:
    """Discord's event when the bot is added to `guild`: GUILD_CREATE with no `unavailable` field."""
    payload = dict(serializers.guild_create_payload(env.backend, env.backend.get_guild(guild.id)))
    del payload["unavailable"]
    env.backend.emit("GUILD_CREATE", payload)
    await env.settle()


def posted(guild: simcord.GuildHandle) -> dict[str, list[str]]:
    """Every channel's messages, as text, where there are any."""
    out = {}
    for name, channel in guild.channels.items():
        messages = [text_of(m) for m in channel.history()]
        if messages:
            out[name] = messages
    return out


async def test_a_server_that_adds_the_bot_is_welcomed_in_its_system_channel(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    guild = new_server(world.env, "general", "announcements")
    world.env.backend.edit_guild(guild.id, {"system_channel_id": guild.channels["announcements"].id})
    with caplog.at_level(logging.INFO, logger="cogs.welcome"):
        await join(world.env, guild)
    [welcome] = posted(guild)["announcements"]
    assert set(posted(guild)) == {"announcements"}, "one welcome, in the system channel"
    assert "Start a game with `/play` in a channel" in welcome and "`/help` lists every command" in welcome
    assert "I have every permission I use on this server: View Channels, Send Messages, Embed Links" in welcome
    assert "Missing" not in welcome
    assert len(welcome) < 600, "a welcome is short"
    assert f"joined server {guild.id}: welcomed in channel {guild.channels['announcements'].id}" in caplog.text


async def test_the_welcome_names_the_permissions_the_bots_role_lacks(world: World) -> None:
    guild = new_server(world.env, "general")
    # Invited without them, on a server whose @everyone does not have them either.
    server = world.env.backend.get_guild(guild.id)
    for role_id in (bot_role_id(world.env, guild), guild.id):  # the bot's role, @everyone
        server.roles[role_id].permissions &= ~discord.Permissions(embed_links=True, create_public_threads=True).value
    await join(world.env, guild)
    [welcome] = posted(guild)["general"]
    assert "Missing on this server: **Embed Links, Create Public Threads**" in welcome
    assert "Give them to my role (Server Settings → Roles)" in welcome


async def test_with_no_system_channel_the_first_channel_it_may_send_in_is_used(world: World) -> None:
    guild = new_server(world.env, "rules", "games", "chat")
    _, deny = discord.PermissionOverwrite(send_messages=False).pair()
    closed = Overwrite(target_id=bot_role_id(world.env, guild), type=OverwriteType.ROLE, allow=0, deny=deny.value)
    world.env.backend.set_overwrite(guild.channels["rules"].id, closed)
    await join(world.env, guild)
    assert list(posted(guild)) == ["games"]


async def test_where_it_may_send_nowhere_it_says_nothing_and_logs_why(
    world: World, caplog: pytest.LogCaptureFixture
) -> None:
    guild = new_server(world.env, "read-only")
    _, deny = discord.PermissionOverwrite(send_messages=False).pair()
    closed = Overwrite(target_id=bot_role_id(world.env, guild), type=OverwriteType.ROLE, allow=0, deny=deny.value)
    world.env.backend.set_overwrite(guild.channels["read-only"].id, closed)
    with caplog.at_level(logging.INFO, logger="cogs.welcome"):
        await join(world.env, guild)
    assert posted(guild) == {}
    assert f"joined server {guild.id}: no channel to post a welcome in" in caplog.text
    assert world.env.errors == []


async def test_a_japanese_server_is_welcomed_in_japanese(world: World) -> None:
    guild = new_server(world.env, "一般", preferred_locale="ja")
    await join(world.env, guild)
    [welcome] = posted(guild)["一般"]
    assert "`/あそぶ`" in welcome and "`/ヘルプ`" in welcome
    assert "このサーバーで使う権限はすべてあります：チャンネルを見る" in welcome


async def test_a_server_coming_back_online_is_not_welcomed_again(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    """A restart's GUILD_CREATE (`unavailable: false`) is a server the bot was in already: no welcome."""
    guild = new_server(world.env, "general")
    await world.env.restart_bot(make_bot())
    assert posted(guild) == {}


def test_the_invite_asks_for_the_permissions_the_readme_lists() -> None:
    assert invite_permissions().value == 309237763072
    assert all(getattr(invite_permissions(), p) for p in PERMISSIONS) and len(PERMISSIONS) == 7
    assert invite_url(42) == (
        "https://discord.com/oauth2/authorize?client_id=42&scope=bot+applications.commands&permissions=309237763072"
    )


# -- /help ------------------------------------------------------------------------------------------------
def help_sections(message: Any) -> dict[str, str]:
    [embed] = message.embeds
    return {field.name: field.value for field in embed.fields}


async def test_help_gives_the_commands_by_task_with_the_rules_and_the_version(world: World) -> None:
    message = reply(await world.alice.slash(world.channel, "help"))
    assert message.ephemeral
    sections = help_sections(message)
    assert list(sections) == ["Play", "Watch", "Compete", "Manage (Manage Server)"], "no command left unplaced"
    assert sections["Play"].startswith("`/play`: Open a table for a game in this channel\n")
    assert sections["Play"].endswith("players press **Join**, the host adds computers and presses **Start**; "
                                     "your hand comes by DM (or **My hand** on the board).")  # fmt: skip
    assert "`/rules`: Read a game's rules" in sections["Play"] and "`/move`:" in sections["Play"]
    assert "Press **Watch** on a table" in sections["Watch"] and "`/replay`:" in sections["Watch"]
    assert "`/season` start · end · channel · schedule · show:" in sections["Compete"]
    assert "`/tournament` create · join · show · cancel:" in sections["Compete"]
    assert "`/settings` show · timer" in sections["Manage (Manage Server)"]
    [embed] = message.embeds
    assert "`/rules` (`game:` the game)" in (embed.description or "")
    assert embed.footer.text == f"Version {bot_version()}"
    listed = "\n".join(sections.values())
    for command in world.bot.tree.get_commands():
        if command.name != "help":
            assert f"`/{command.name}`" in listed, f"/{command.name} is missing from /help"
    assert all(len(value) <= 1024 for value in sections.values())


async def test_help_speaks_the_readers_language(world: World) -> None:
    speaks_japanese(world.env, world.bob)
    sections = help_sections(reply(await world.bob.slash(world.channel, "help")))
    assert list(sections) == ["遊ぶ", "観戦する", "競う", "管理する（サーバー管理）"]
    assert sections["遊ぶ"].startswith("`/あそぶ`：このチャンネルでゲームの卓を立てます\n")
    assert "`/ルール`：ゲームのルール、オプション、手の書き方を見ます" in sections["遊ぶ"]
    assert "`/シーズン` 開始 · 終える · チャンネル · スケジュール · 表示：" in sections["競う"]
    assert ":" not in "".join(sections.values()).replace("`ゲーム:`", ""), "Japanese colons"
    english = help_sections(reply(await world.alice.slash(world.channel, "help")))
    assert "Play" in english and "遊ぶ" not in english, "each reader their own language"


async def test_the_log_says_the_version_and_the_invite_link_at_login(
    world: World, make_bot: Callable[[], FivesBot], caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="app.client"):
        await world.env.restart_bot(make_bot())  # a login, as at every start
    bot = world.bot
    assert f"fives {bot_version()} logged in as {bot.user}" in caplog.text
    assert f"invite the bot to a server with {invite_url(bot.application_id or must(bot.user).id)}" in caplog.text
    assert "&permissions=309237763072" in caplog.text
