"""Hands: each player's private view (by DM, or ephemeral through **My hand** and `/hand`), with on their
turn the controls to play from it (`cogs.move_controls`), and `/move` for the action notation.

Every control's custom id carries the game number and the turn token it was made for (`fives:act:12:57:0`),
so it still works after a restart, and a stale or repeated click is refused by the table service. This cog
registers them all, the games' own steps too (`cogs.domineren_controls`, `cogs.five_hundred_controls`).
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT_LOCALE, locale_of, tr
from bot.tables import HandChanged
from cogs.host import FivesBot
from presenters import presenter
from presenters.common import table_title
from rendering import render_hand

# The games' own controls register their steps with move_controls as they are imported.
from . import domineren_controls, five_hundred_controls, move_controls
from .common import (
    Colours,
    ControlsCog,
    fives,
    game_autocomplete,
    game_in_context,
    names_for,
    relative_time,
    service,
    user_locale,
)
from .game_buttons import GameButton
from .pictures import picture
from .translator import text
from .turn_controls import ActionSelect, TypeButton, WordButton, play
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
    note = await service(interaction.client).private_view(game_no, interaction.user.id)
    embed, file, view = hand_message(note, user_locale(interaction))
    await interaction.edit_original_response(embed=embed, attachments=[file] if file else [], view=view)


class MyHandButton(GameButton):
    """**My hand** on the board: the player's hand, ephemeral, with their controls on their turn."""

    KIND, LABEL, EMOJI, STYLE = "hand", "controls.my_hand", "🁢", discord.ButtonStyle.primary

    async def pressed(self, interaction: discord.Interaction) -> None:
        await self.table(interaction)  # of this server
        await show_hand(interaction, self.game_no)


# -- the cog ---------------------------------------------------------------------------------------------
class Hands(ControlsCog):
    ITEMS = (
        MyHandButton,
        ActionSelect,
        WordButton,
        TypeButton,
        *move_controls.ITEMS,
        *five_hundred_controls.ITEMS,
        *domineren_controls.ITEMS,
    )

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # DMs answer no interaction: they are written in the language this player last used with us.
        self.bot.user_locales[interaction.user.id] = locale_of(interaction.locale)

    @app_commands.command(name=text("command.hand.name"), description=text("command.hand.description"))
    @app_commands.rename(game=text("command.option.game.name"))
    @app_commands.describe(game=text("command.option.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction, game: int | None = None) -> None:
        await show_hand(interaction, (await game_in_context(interaction, game)).table.game_no)

    @app_commands.command(name=text("command.move.name"), description=text("command.move.description"))
    @app_commands.rename(action=text("command.move.action.name"), game=text("command.option.game.name"))
    @app_commands.describe(action=text("command.move.action.description"), game=text("command.option.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str, game: int | None = None) -> None:
        summary = await game_in_context(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        typed, turn = typed_move(action)
        await play(interaction, summary.table.game_no, typed, turn)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            summary = await game_in_context(interaction, interaction.namespace.game)  # None when not given
            note = await self.bot.service.private_view(summary.table.game_no, interaction.user.id)
        except Exception:
            return []  # no game here: nothing to suggest (the command itself says why)
        locale = user_locale(interaction)
        words = presenter(summary.table.game_id)
        out = []
        for entry in note.view.legal if note.your_turn else ():
            label, description = words.move_label(entry, locale)
            # The notation is what gets typed; where it is made of English words (draw, 8NT, misere) other
            # languages show only the move's name, and typing the notation still finds it.
            typed = locale == DEFAULT_LOCALE or not re.search("[A-Za-z]{2}", entry.text)
            name = (f"{entry.text} — {label}" if typed else label) + (f" ({description})" if description else "")
            if current.lower() in name.lower() or current.lower() in entry.text.lower():
                # The value carries the turn the list was made for, as a button does: picked after the
                # game moved on (the player's own click a moment before), it is refused, not played later.
                out.append(app_commands.Choice(name=name[:100], value=f"{entry.text}{TURN_MARK}{note.turn}"))
        return out[:25]


# Between a move's notation and the turn `/move`'s list offered it for (no notation holds it).
TURN_MARK = " #"


def typed_move(value: str) -> tuple[str, int | None]:
    """A `/move` value: the move and the turn it was picked for, or None where it was typed by hand."""
    move, mark, turn = value.strip().rpartition(TURN_MARK)
    if mark and move and turn.isdigit():
        return move.strip(), int(turn)
    return value.strip(), None


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Hands(bot))
