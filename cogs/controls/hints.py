"""**Hint** on a learner's turn controls, at a table whose host offers hints: the search's move for the
player and why, in one line, answered privately (the table service finds it from their own view only, in
the computers' workers). Using one leaves the game unrated, which the answer says. Its custom id carries the
turn, as every turn control's does: pressed once the game has moved on, it says so and gives nothing."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine import View
from bot.i18n import tr
from bot.tables.play.hints import HintGiven
from presenters import presenter

from ..common import fives, user_locale
from .turns import TurnButton


def move_name(game_id: str, view: View, text: str, locale: str) -> str:
    """A move as the player's controls name it (`Play 6-4 on 5`), else its notation."""
    entry = next((e for e in view.legal if e.text == text), None)
    return text if entry is None else presenter(game_id).move_label(entry, locale, view=view)[0]


def hint_text(given: HintGiven, locale: str) -> str:
    """The hint's line (the move and why), then that the game is unrated now."""
    hint, view = given.hint, given.view
    params: dict[str, Any] = dict(hint.params)
    if params.get("other"):
        params["other"] = move_name(given.table.game_id, view, str(params["other"]), locale)
    if "suit" in params:
        params["suit"] = tr(f"suit.{params['suit']}", locale)
    reason = hint.reason if hint.reason != "close" or params.get("other") else "only"
    why = tr(f"hint.why.{reason}", locale, **params)
    move = move_name(given.table.game_id, view, hint.move, locale)
    return tr("hint.line", locale, move=move, why=why) + "\n-# " + tr("hint.unrated", locale)


class HintButton(TurnButton):
    """`fives:hint:<game>:<turn>`: the search's move for the clicking player at that turn, privately."""

    KIND, LABEL, EMOJI = "hint", "controls.hint", "💡"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        given = await fives(interaction).service.hints.ask(self.game_no, interaction.user.id, self.turn)
        await interaction.followup.send(hint_text(given, user_locale(interaction)), ephemeral=True)


ITEMS = (HintButton,)
