"""**Hint** on a learner's turn controls, at a table whose host offers hints: the search's move for the
player and why, in one line, answered privately (the table service finds it from their own view only, in
the computers' workers). Using one leaves the game unrated, which the answer says. Its custom id carries the
turn, as every turn control's does: pressed once the game has moved on, it says so and gives nothing."""

from __future__ import annotations

import discord

from bot.i18n import tr
from bot.tables.play.hints import HintGiven
from presenters.hints import hint_line

from ..common import fives, user_locale
from .turns import TurnButton


def hint_text(given: HintGiven, locale: str) -> str:
    """The hint's line (the move and why), then that the game is unrated now."""
    return hint_line(given, locale) + "\n-# " + tr("hint.unrated", locale)


class HintButton(TurnButton):
    """`fives:hint:<game>:<turn>`: the search's move for the clicking player at that turn, privately."""

    KIND, LABEL, EMOJI = "hint", "controls.hint", "💡"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        given = await fives(interaction).service.hints.ask(self.game_no, interaction.user.id, self.turn)
        await interaction.followup.send(hint_text(given, user_locale(interaction)), ephemeral=True)


ITEMS = (HintButton,)
