"""What the bot says when it joins a server, and the permissions it asks for there.

The welcome goes where the bot may post: the server's system channel, else the first text channel it can
see and send in (none: it says nothing, and logs so). It is short: how to start a game, where the rest is
(`/help`, `/rules`), and the permissions it uses, naming those its role lacks on the server. The same
permissions make the invite link, which the bot logs at login (`invite_url`).
"""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.i18n import tr
from cogs.host import FivesBot

from .common import permission_names, public_locale

log = logging.getLogger(__name__)

# What the bot uses, in the order Discord's settings list them (README, "Put the bot on a Discord server"):
# /play needs the first four in its channel; without the thread permissions a game is played in the channel
# itself; Read Message History lets it find its own boards again after a restart.
PERMISSIONS = (
    "view_channel",
    "send_messages",
    "embed_links",
    "attach_files",
    "read_message_history",
    "create_public_threads",
    "send_messages_in_threads",
)
SCOPES = ("bot", "applications.commands")


def invite_permissions() -> discord.Permissions:
    return discord.Permissions(**dict.fromkeys(PERMISSIONS, True))


def invite_url(client_id: int) -> str:
    """The link that adds the bot to a server with its permissions and its slash commands."""
    return discord.utils.oauth_url(client_id, permissions=invite_permissions(), scopes=SCOPES)


def missing_permissions(permissions: discord.Permissions) -> list[str]:
    return [name for name in PERMISSIONS if not getattr(permissions, name)]


def welcome_channel(guild: discord.Guild) -> discord.TextChannel | None:
    """Where a welcome may go: the system channel, else the first text channel the bot can send in."""
    me = guild.me
    if me is None:
        return None
    candidates = [guild.system_channel] if guild.system_channel is not None else []
    candidates += sorted(guild.text_channels, key=lambda c: (c.position, c.id))
    for channel in candidates:
        allowed = channel.permissions_for(me)
        if allowed.view_channel and allowed.send_messages:
            return channel
    return None


def welcome_text(guild: discord.Guild, locale: str) -> str:
    """The welcome: how to start, where the help is, and the permissions the bot's role has or lacks on the
    server (a channel's own overwrites are `/play`'s to tell, in that channel)."""
    granted = guild.me.guild_permissions if guild.me is not None else discord.Permissions.none()
    missing = missing_permissions(granted)
    names = permission_names(PERMISSIONS, locale)
    if missing:
        said = tr("welcome.permissions.missing", locale, permissions=names, missing=permission_names(missing, locale))
    else:
        said = tr("welcome.permissions.all", locale, permissions=names)
    return f"{tr('welcome.text', locale)}\n{said}"


class Welcome(commands.Cog):
    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        channel = welcome_channel(guild)
        if channel is None:
            log.info("joined server %s: no channel to post a welcome in", guild.id)
            return
        locale = await public_locale(self.bot, guild.id)
        try:
            await channel.send(welcome_text(guild, locale))
        except discord.HTTPException as exc:  # permissions changed meanwhile, Discord down: no retry needed
            log.warning("joined server %s: the welcome in channel %s failed: %s", guild.id, channel.id, exc)
            return
        log.info("joined server %s: welcomed in channel %s", guild.id, channel.id)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Welcome(bot))
