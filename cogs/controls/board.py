"""A table's board message carries its controls: the hand, watch and web-table buttons, and Five Hundred's
last trick."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

import rendering
from bot.engine.five_hundred import FiveHundredView
from bot.i18n import tr
from bot.tables import TableInfo
from presenters import presenter
from rendering.five_hundred.board import closing_trick

from ..common import Colours, fives, names_for, user_locale
from .game_buttons import GameButton
from .hands import MyHandButton
from .watching import WatchButton
from .web_table import web_buttons

if TYPE_CHECKING:
    from cogs.host import FivesBot


def board_controls(table: TableInfo, locale: str, bot: FivesBot | None = None) -> discord.ui.View:
    """The board's buttons: **My hand** (private, ephemeral), for trick games the last trick (public),
    **Watch**, and while the web table is on (`bot` given) the ways into it."""
    view = discord.ui.View(timeout=None)
    view.add_item(MyHandButton(table.game_no, locale))
    if presenter(table.game_id).tricks:
        view.add_item(LastTrickButton(table.game_no, locale))
    view.add_item(WatchButton("g", table.game_no, locale))
    for item in web_buttons(bot, table, locale) if bot is not None else ():
        view.add_item(item)
    return view


class LastTrickButton(GameButton):
    """The trick before the one on the table, for whoever missed it (everyone saw it: nothing private)."""

    KIND, LABEL = "trick", "controls.last_trick"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.table(interaction)
        view = await fives(interaction).service.tables.public_view(self.game_no)
        locale = user_locale(interaction)
        # the hand's first trick is still on the table (during the next auction, the last hand's tenth is shown)
        if not isinstance(view, FiveHundredView) or (not view.last_trick and closing_trick(view) is None):
            await interaction.edit_original_response(content=tr("trick.500.none", locale))
            return
        image = rendering.render_board(view, names_for(table, locale, escape=False), locale, show_previous=True)
        embed = discord.Embed(title=tr("controls.last_trick", locale), colour=Colours.BOARD)
        embed.set_image(url="attachment://trick.png")
        file = discord.File(io.BytesIO(image), filename="trick.png")
        await interaction.edit_original_response(embed=embed, attachments=[file])
