"""A player's hand as a message (its picture, and the controls to play from it), and the button that shows it."""

from __future__ import annotations

import logging

import discord

from bot.i18n import tr
from bot.tables import HandChanged
from presenters import presenter
from presenters.common import table_title
from rendering import render_hand

from ..common import (
    Colours,
    fives,
    names_for,
    relative_time,
    service,
    user_locale,
)
from . import moves as move_controls
from .game_buttons import GameButton
from .pictures import picture
from .web_table import open_table_button

log = logging.getLogger(__name__)


# -- the hand message ------------------------------------------------------------------------------------
def hand_message(
    note: HandChanged, locale: str, *, url: str | None = None, page: int = 0, web_url: str | None = None
) -> tuple[discord.Embed, discord.File | None, discord.ui.View]:
    """A player's hand: the image (text where there is none), whose turn it is, and on their turn the
    controls. `url` adds a button back to the table (for DMs), `web_url` one to its web page."""
    view = note.view
    table = note.table
    names = names_for(table, locale)
    words = presenter(table.game_id)
    playing = note.your_turn and bool(view.legal)
    embed = discord.Embed(
        title=tr("hand.title", locale, table=table_title(table, locale)),
        colour=Colours.TURN if playing else Colours.HAND,
    )
    if playing:
        lines = words.prompt(view, names, locale)
        if note.deadline is not None:
            when = relative_time(note.deadline)
            lines.append(words.deadline_line(view, when, locale, private=True))
        embed.description = "\n".join(line for line in lines if line)
    elif view.over:
        embed.description = tr("hand.over", locale)
    elif view.current_seat is not None:
        embed.description = tr("hand.waiting", locale, player=names[view.current_seat])
    status = words.status_lines(view, names, locale)  # Five Hundred: the high bid, the contract
    if status:
        embed.description = "\n".join(x for x in (embed.description, *status) if x)
    hand = view.hand or ()
    file = picture(render_hand, view, names_for(table, locale, escape=False), locale, "hand.png")
    if file is not None:
        embed.set_image(url="attachment://hand.png")
    else:
        embed.add_field(name=tr("hand.tiles", locale), value=words.hand_text(hand, locale) or "—", inline=False)
    if playing:
        controls = move_controls.move_controls(note, locale, page, url=url, web_url=web_url)
    else:
        controls = discord.ui.View(timeout=None)
        if url is not None:
            controls.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=url))
        if web_url is not None:
            controls.add_item(open_table_button(web_url, locale))
    return embed, file, controls


async def show_hand(interaction: discord.Interaction, game_no: int) -> None:
    """The player's hand, ephemeral, with controls on their turn (for closed DMs and for convenience)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    fives(interaction).announcer.player_at_hand(interaction.user.id)
    note = await service(interaction.client).tables.private_view(game_no, interaction.user.id)
    embed, file, view = hand_message(note, user_locale(interaction))
    await interaction.edit_original_response(embed=embed, attachments=[file] if file else [], view=view)


class MyHandButton(GameButton):
    """**My hand** on the board: the player's hand, ephemeral, with their controls on their turn."""

    KIND, LABEL, EMOJI, STYLE = "hand", "controls.my_hand", "🁢", discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        await self.table(interaction)  # of this server
        await show_hand(interaction, self.game_no)
