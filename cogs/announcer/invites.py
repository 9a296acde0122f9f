"""The invitation to a private table, told through the lobby outbox: its invitees mentioned in the lobby's channel
with a link to the lobby, posted once.

Told again (a failed post, a crash), an invitation is first looked for among the channel's messages since it
was saved: a teller that died after posting it, or a post Discord took while answering with an error, leaves
it there, and it is not posted twice.
"""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import tr
from bot.tables import PlayersInvited
from presenters.common import game_name

from ..common import jump_url, public_locale
from .places import Places

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

HISTORY = 100  # messages of the channel looked through for an invitation posted before a crash


class Invites:
    """Posts the invitations to private tables (or finds them posted)."""

    def __init__(self, bot: FivesBot, places: Places) -> None:
        self.bot = bot
        self.places = places

    async def tell(self, note: PlayersInvited) -> bool:
        """Mention the invited with a link to the lobby, unless a post of it is there already; whether they
        are told (False: Discord failed, it is tried again later)."""
        lobby = note.lobby
        if note.since is not None and await self._posted(note):
            log.info("lobby %s: invitation %s was posted before: not again", lobby.lobby_id, note.seq)
            return True
        locale = await public_locale(self.bot, lobby.guild_id)
        players = tr("list.join", locale).join(f"<@{user}>" for user in note.invited)
        text = tr(
            "lobby.invited",
            locale,
            host=f"<@{note.by_user_id}>",
            players=players,
            game=game_name(lobby.game_id, locale),
        )
        if lobby.message_id is not None:
            text += "\n" + jump_url(lobby.guild_id, lobby.channel_id, lobby.message_id)
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in note.invited])
        try:
            await self.places.channel(lobby.channel_id).send(text, allowed_mentions=mentions)
        except discord.NotFound:  # the channel is gone, and its lobby with it: nothing to try again
            log.warning("lobby %s: its channel is gone; its invitation %s goes untold", lobby.lobby_id, note.seq)
            return True
        except discord.HTTPException as exc:
            log.warning("lobby %s: could not tell the players invited (%s)", lobby.lobby_id, exc)
            return False
        return True

    async def _posted(self, note: PlayersInvited) -> bool:
        """Whether a message of ours in the lobby's channel since the invitation was saved mentions everyone it
        tells (and links to the lobby, if it has its message): its post, made by a teller that died since."""
        assert note.since is not None
        lobby = note.lobby
        after = datetime.datetime.fromtimestamp(note.since - 1, tz=datetime.UTC)
        wanted = [f"<@{note.by_user_id}>", *(f"<@{user}>" for user in note.invited)]
        if lobby.message_id is not None:
            wanted.append(jump_url(lobby.guild_id, lobby.channel_id, lobby.message_id))
        me = self.bot.user
        try:
            async for message in self.places.channel(lobby.channel_id).history(limit=HISTORY, after=after):
                if me is not None and message.author.id == me.id and all(w in message.content for w in wanted):
                    return True
        except discord.HTTPException as exc:
            log.info("lobby %s: could not read its channel's messages (%s)", lobby.lobby_id, exc)
        return False
