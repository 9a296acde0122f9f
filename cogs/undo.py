"""Undo by agreement: `/undo` asks the table to let the player take back their last action (at a table opened
with `/play undo:True`, where the server allows it: `/settings undo`). The question goes where the game is
played, mentioning the other players, with **Accept** and **Refuse** until its deadline; when all accept,
the action is gone and the board is drawn again (the announcer says who took back what). The question and
each change of it are told through the outbox by the announcer (`announcer.questions`), so a failed post or
a crash tells them again, once. The buttons keep working across a restart: the game and the request's
number are in their custom ids, the answers in the database.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.i18n import tr
from bot.tables import UndoRequested

from .common import (
    ControlsCog,
    game_autocomplete,
    game_in_context,
    user_locale,
)
from .controls.undo import UndoButton
from .translator import text

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)


class Undo(ControlsCog):
    ITEMS = (UndoButton,)

    @app_commands.command(name=text("command.undo.name"), description=text("command.undo.description"))
    @app_commands.rename(game=text("command.option.game.name"))
    @app_commands.describe(game=text("command.option.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction, game: int | None = None) -> None:
        summary = await game_in_context(interaction, game)
        notes = await self.bot.service.undos.ask(summary.table.game_no, interaction.user.id)
        asked = next((n for n in notes if isinstance(n, UndoRequested)), None)
        said = "undo.said.asked" if asked is not None and asked.status == "open" else "undo.said.done"
        await interaction.response.send_message(tr(said, user_locale(interaction)), ephemeral=True)
        await self.bot.announcer.deliver(notes, interaction)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Undo(bot))
