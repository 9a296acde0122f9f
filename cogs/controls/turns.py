"""What the move controls of every game share: each is made for one turn, and a click on it is answered
only while that turn is still the player's; a move is played through `play`, which hands what the table
service said to the bot's announcer.

Here are the generic controls (a select of moves, a button for a one-word move, **Type a move**). The
layout of a turn's controls is `cogs.controls.moves`'; the games' own steps are in `cogs.controls.domineren`
and `cogs.controls.five_hundred`. This module sits below them all, so each imports it without a cycle.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, Self

import discord

from bot.i18n import tr
from bot.tables import HandChanged, StaleControl

from ..common import fives, reports_errors, service, user_locale
from .game_buttons import GameButton


async def current_hand(
    interaction: discord.Interaction, game_no: int, turn: int, *, what: str = "control"
) -> HandChanged:
    """The clicking player's hand, if the control was made for the turn the game is at and that turn is
    theirs; else the click is refused as stale. `what` names the control in the English log line only."""
    fives(interaction).announcer.player_at_hand(interaction.user.id)
    note = await service(interaction.client).tables.private_view(game_no, interaction.user.id)
    if note.turn != turn or not note.your_turn:
        raise StaleControl(f"the {what} is of an earlier turn", turn=turn, current=note.turn)
    return note


def dm_table_url(interaction: discord.Interaction, note: HandChanged) -> str | None:
    """The link back to the table for a hand shown in a DM; None on the server, where the table is at hand."""
    if interaction.guild_id is not None:
        return None
    return fives(interaction).announcer.table_url(note.table)


class TurnButton(GameButton):
    """A button that opens a step of one turn's controls (Type a move, Block…, Call two partners…): its
    custom id is `fives:<KIND>:<game>:<turn>`, and a click after a restart rebuilds it with the label it was
    sent with. The custom ids are in messages already sent: their format must not change."""

    FIELDS = r"(?P<game>[0-9]+):(?P<turn>[0-9]+)"

    def __init__(self, game_no: int, turn: int, locale: str = "en", *, label: str | None = None) -> None:
        self.turn = turn
        super().__init__(game_no, locale, label=label)

    def key(self) -> str:
        return f"{self.game_no}:{self.turn}"

    @classmethod
    def from_match(cls, match: re.Match[str], label: str | None) -> Self:
        return cls(int(match["game"]), int(match["turn"]), label=label)


async def play(interaction: discord.Interaction, game_no: int, action: str, turn: int | None) -> None:
    """Apply a move for the clicking player, then announce it; their new hand replaces the message clicked.
    A move without a turn (typed) is for the position as it was when the interaction was sent."""
    if not interaction.response.is_done():
        await interaction.response.defer()
    bot = fives(interaction)
    bot.announcer.player_at_hand(interaction.user.id)
    sent_at = interaction.created_at.timestamp() if turn is None else None
    notes = await bot.service.act(game_no, interaction.user.id, action, turn, sent_at)
    await bot.announcer.deliver(notes, origin=interaction, hand_origin=True)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"fives:act:(?P<game>[0-9]+):(?P<turn>[0-9]+):(?P<n>[0-9]+)"
):
    def __init__(
        self, game_no: int, turn: int, n: int, *, options: Sequence[discord.SelectOption], placeholder: str | None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"fives:act:{game_no}:{turn}:{n}", options=list(options), placeholder=placeholder
            )
        )
        self.game_no, self.turn = game_no, turn

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> Self:
        return cls(
            int(match["game"]), int(match["turn"]), int(match["n"]), options=item.options, placeholder=item.placeholder
        )

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.game_no, self.item.values[0], self.turn)


class WordButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"fives:do:(?P<game>[0-9]+):(?P<turn>[0-9]+):(?P<word>[a-z]+(?:-[we])?)",
):
    """A move of one word (`draw`, `pass`, `declare`...), or of a word and an end (Billitonnen's `turn W`,
    written `turn-w` in the custom id)."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "draw": discord.ButtonStyle.primary,
        "concede": discord.ButtonStyle.danger,
        "declare": discord.ButtonStyle.success,
        "turn-w": discord.ButtonStyle.primary,
        "turn-e": discord.ButtonStyle.primary,
        "place-w": discord.ButtonStyle.primary,
        "place-e": discord.ButtonStyle.primary,
    }

    def __init__(self, game_no: int, turn: int, word: str, locale: str = "en", *, label: str | None = None) -> None:
        word = word.lower().replace(" ", "-")
        super().__init__(
            discord.ui.Button(
                label=(label or tr(f"move.word.{word}", locale))[:80],
                style=self.STYLES.get(word, discord.ButtonStyle.secondary),
                custom_id=f"fives:do:{game_no}:{turn}:{word}",
            )
        )
        self.game_no, self.turn, self.word = game_no, turn, word.replace("-", " ")

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["turn"]), match["word"], label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.game_no, self.word, self.turn)


class TypeButton(TurnButton):
    """Every move in the action notation, for anything the selects make awkward."""

    KIND, LABEL, EMOJI = "type", "controls.type", "⌨️"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(MoveModal(self.game_no, self.turn, user_locale(interaction)))


class MoveModal(discord.ui.Modal):
    def __init__(self, game_no: int, turn: int, locale: str) -> None:
        super().__init__(
            title=tr("controls.type.title", locale)[:45], custom_id=f"fives:typed:{game_no}:{turn}", timeout=900
        )
        self.game_no, self.turn = game_no, turn
        self.move: discord.ui.TextInput[MoveModal] = discord.ui.TextInput(
            label=tr("controls.type.label", locale)[:45],
            placeholder=tr("controls.type.placeholder", locale)[:100],
            custom_id="move",
            max_length=100,
        )
        self.add_item(self.move)

    @reports_errors
    async def on_submit(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.game_no, self.move.value.strip(), self.turn)
