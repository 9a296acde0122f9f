"""Lobbies: `/play game:<game>` opens a table; players join and leave with buttons, the host adds computer
players at the level of their choice (the server's level offered as the default) and may change a
computer's level in its seat, chooses the options and starts the game (or cancels). The lobby message
always shows the seats, each computer's level and the options in force; it is in the server's language
since everyone reads it. A private table's lobby has **Invite**: its host picks players, who may join
from then on and are mentioned in the channel with a link to the lobby."""

from __future__ import annotations

from dataclasses import replace

import discord
from discord import app_commands

from bot.engine import GAMES
from bot.i18n import tr
from bot.tables import Player, PlayersInvited
from cogs.host import FivesBot

from .common import ControlsCog, public_locale, user_locale
from .controls.lobby import (
    MENTION,
    AddComputerSelect,
    ComputerLevelSelect,
    HintsSelect,
    InviteSelect,
    LobbyButton,
    OptionSelect,
    OptionsPage,
    lobby_controls,
    lobby_embed,
)
from .controls.web_table import LobbyActivityButton
from .translator import text

PLAY_RATE, PLAY_PER_SECONDS = 5, 60.0  # /play per user and server


# -- the cog ---------------------------------------------------------------------------------------------
GAME_CHOICES = [app_commands.Choice(name=text(f"game.{game_id}.name"), value=game_id) for game_id in GAMES]


class Lobby(ControlsCog):
    ITEMS = (
        LobbyButton,
        AddComputerSelect,
        InviteSelect,
        ComputerLevelSelect,
        OptionSelect,
        HintsSelect,
        OptionsPage,
        LobbyActivityButton,  # Play in Discord, while the web table's Activity is on
    )

    @app_commands.command(name=text("command.play.name"), description=text("command.play.description"))
    @app_commands.rename(
        game=text("command.play.game.name"),
        private=text("command.play.private.name"),
        invite=text("command.play.invite.name"),
        watching=text("command.play.watching.name"),
        undo=text("command.play.undo.name"),
    )
    @app_commands.describe(
        game=text("command.play.game.description"),
        private=text("command.play.private.description"),
        invite=text("command.play.invite.description"),
        watching=text("command.play.watching.description"),
        undo=text("command.play.undo.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    # The lobby is an interaction reply, but the game's boards go in a thread or, where the bot may not open
    # one, in this channel: without these a table would open and never be seen.
    @app_commands.checks.bot_has_permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True)
    # A user spamming /play: a few per minute (and no more than three open lobbies, which the service keeps).
    @app_commands.checks.cooldown(PLAY_RATE, PLAY_PER_SECONDS, key=lambda i: (i.guild_id, i.user.id))
    async def play(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        private: bool = False,
        invite: str | None = None,
        watching: bool = True,
        undo: bool = False,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        user = interaction.user
        invited = [int(u) for u in MENTION.findall(invite or "")]
        [note, *invited_note] = await self.bot.service.lobbies.open(
            interaction.guild_id,
            interaction.channel_id,
            Player(user.id, user.display_name),
            game.value,
            private=private or bool(invited),  # inviting someone makes the table theirs and yours only
            invited=invited,
            watching=watching,
            undo=undo,
        )
        locale = await public_locale(self.bot, interaction.guild_id)
        await interaction.response.send_message(
            embed=lobby_embed(note.lobby, locale), view=lobby_controls(note.lobby, locale, self.bot)
        )
        message = await interaction.original_response()
        await self.bot.service.lobbies.set_message(note.lobby.lobby_id, message.id)
        for told in invited_note:  # they hear of it as those invited with the lobby's Invite do, with its link
            assert isinstance(told, PlayersInvited)
            told = replace(told, lobby=replace(told.lobby, message_id=message.id))
            if not await self.bot.announcer.tell_invited(told):
                await interaction.followup.send(tr("lobby.invited.untold", user_locale(interaction)), ephemeral=True)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Lobby(bot))
