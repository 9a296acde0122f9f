"""Hands: each player's private view (by DM, or ephemeral through **My hand** and `/hand`), with on their
turn the controls to play from it (`cogs.controls.moves`), and `/move` for the action notation.

Every control's custom id carries the game number and the turn token it was made for (`fives:act:12:57:0`),
so it still works after a restart, and a stale or repeated click is refused by the table service. This cog
registers them all, the games' own steps too (`cogs.controls.domineren`, `cogs.controls.five_hundred`).
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT_LOCALE, locale_of
from cogs.host import FivesBot
from presenters import presenter

from .common import (
    ControlsCog,
    game_autocomplete,
    game_in_context,
    user_locale,
)

# The games' own controls register their steps with move_controls as they are imported.
from .controls import domineren as domineren_controls
from .controls import five_hundred as five_hundred_controls
from .controls import moves as move_controls
from .controls.hands import MyHandButton, show_hand
from .controls.turns import ActionSelect, TypeButton, WordButton, play
from .translator import text

log = logging.getLogger(__name__)


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
            note = await self.bot.service.tables.private_view(summary.table.game_no, interaction.user.id)
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
