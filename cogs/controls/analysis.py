"""A player's analysis of a finished game (embed and chart), sent by `/analysis` and by the **Analysis** button."""

from __future__ import annotations

import asyncio
import io
from typing import TYPE_CHECKING

import discord

from bot.i18n import tr
from bot.tables import GameNotOver, NotAPlayer
from bot.tables.play.analyses import PlayerAnalysis
from presenters.analysis import costly_lines, footer_line, summary_line
from presenters.common import table_title
from rendering.analysis_chart import render_analysis_chart

from ..common import Colours, Refusal, fit, fives, names_for, user_locale
from .game_buttons import GameButton

if TYPE_CHECKING:
    pass


IMAGE = "analysis.png"


def analysis_embed(found: PlayerAnalysis, locale: str) -> discord.Embed:
    embed = discord.Embed(
        title=tr("analysis.title", locale, table=table_title(found.table, locale)), colour=Colours.GAME_OVER
    )
    embed.description = summary_line(found, locale)
    embed.add_field(
        name=tr("analysis.costliest", locale),
        value=fit("\n".join(costly_lines(found, locale)) or tr("analysis.none_costly", locale), 1024),
        inline=False,
    )
    embed.set_footer(text=footer_line(found, locale))
    embed.set_image(url=f"attachment://{IMAGE}")
    return embed


def analysis_chart(found: PlayerAnalysis, locale: str) -> bytes:
    analysis = found.analysis
    player = names_for(found.table, locale, escape=False)[found.seat]
    order = {m.index: k for k, m in enumerate(analysis.moves)}
    marked = [order[m.index] for m in analysis.costliest()]
    title = tr("image.analysis.title", locale, player=player)
    return render_analysis_chart(title, analysis.expected_curve(), marked, locale)


async def send_analysis(interaction: discord.Interaction, game: int) -> None:
    """The clicking or asking player's analysis of game `game` of this server, privately."""
    locale = user_locale(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        found = await fives(interaction).service.analyses.open(game, interaction.user.id, interaction.guild_id)
    except GameNotOver as error:
        raise Refusal("analysis_not_over", str(error), game=game) from error
    except NotAPlayer as error:
        raise Refusal("analysis_not_a_player", str(error), game=game) from error
    # Drawn in a thread: the loop keeps answering the tables meanwhile.
    data = await asyncio.to_thread(analysis_chart, found, locale)
    await interaction.followup.send(
        embed=analysis_embed(found, locale), file=discord.File(io.BytesIO(data), filename=IMAGE), ephemeral=True
    )


class AnalysisButton(GameButton):
    """**Analysis** (`fives:analyse:<game>`) on the final board and the replay viewer: `/analysis` of that game
    for whoever presses it."""

    KIND, LABEL, EMOJI = "analyse", "analysis.button", "🔍"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await send_analysis(interaction, self.game_no)
