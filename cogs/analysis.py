"""Post-game analysis: `/analysis game:<number>` shows a player what the computer's search thinks of each of
their moves in an ended game (bot.ai.analysis through the table service, computed in the computers'
worker processes): how many were the search's best, the expected points given away, the three costliest
moves with the best play instead, and a chart of their expected margin over the game
(rendering.analysis_chart). Private to the player who asks: the answer is ephemeral.

**Analysis** on the message that ends a game and on the replay viewer does the same for whoever presses it
(refused, privately, to someone who did not play). An analysis once computed is stored, so asking again, or
after a restart, is answered at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from .common import ControlsCog
from .controls.analysis import AnalysisButton, send_analysis
from .translator import text

if TYPE_CHECKING:
    from cogs.host import FivesBot


class Analysis(ControlsCog):
    ITEMS = (AnalysisButton,)

    @app_commands.command(name=text("command.analysis.name"), description=text("command.analysis.description"))
    @app_commands.rename(game=text("command.analysis.game.name"))
    @app_commands.describe(game=text("command.analysis.game.description"))
    @app_commands.guild_only()
    async def analysis(self, interaction: discord.Interaction, game: app_commands.Range[int, 1]) -> None:
        await send_analysis(interaction, game)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Analysis(bot))
