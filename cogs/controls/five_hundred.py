"""Five Hundred's own controls, beside the generic ones of `cogs.controls.turns` and `cogs.controls.moves`.

The two-partner call (old USPC rules, `five_player_two_partners_at_8`: with a contract of 8 or more the
five-player declarer may name two cards) would make hundreds of `call AS KH` entries, pages of selects.
Instead the generic selects offer the single calls, and **Call two partners…** picks the two cards in two
steps on the same message: the first card, then the second among the rest. Each step's custom id carries
the game, the turn token and the first card (`fives:pair:12:57:AH:0`), so it still works after a restart,
and the call itself goes through the table service like any move.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Self

import discord

from bot.engine import Legal, View
from bot.engine.five_hundred import FiveHundredView, LegalAction
from bot.i18n import tr
from bot.tables import HandChanged
from presenters.five_hundred import card, card_label

from ..common import reports_errors, user_locale
from .moves import FAMILY_STEPS, Items, PageButton
from .turns import TurnButton, TypeButton, current_hand, dm_table_url, play

SELECT_SIZE = 25  # Discord's limit of options in a select


def is_pair(entry: Legal) -> bool:
    return isinstance(entry, LegalAction) and entry.kind == "call" and len(entry.cards) == 2


def calls(view: View) -> list[LegalAction]:
    """The legal calls of a partner card (or two), highest first."""
    return [e for e in view.legal if isinstance(e, LegalAction) and e.kind == "call"]


def split_pairs(note: HandChanged, moves: Sequence[Any], locale: str) -> tuple[list[Any], Items, Items]:
    """The moves for the generic selects, and the buttons that stand for the rest: the two-partner calls
    become one **Call two partners…** button (and no select of their own)."""
    if not any(is_pair(e) for e in moves):
        return list(moves), [], []
    rest = [e for e in moves if not is_pair(e)]
    return rest, [PairButton(note.table.game_no, note.turn, locale)], []


def _callable(view: View, first: str | None) -> list[str]:
    """The cards that may be named first (any card of a legal pair), or with `first` the second ones."""
    out: dict[str, None] = {}
    for entry in calls(view):
        if len(entry.cards) == 2 and (first is None or first in entry.cards):
            for c in entry.cards:
                if c != first:
                    out[c] = None
    order = [c for e in calls(view) for c in e.cards]  # highest first
    return sorted(out, key=order.index)


def pair_controls(
    note: HandChanged, locale: str, first: str | None = None, *, url: str | None = None
) -> discord.ui.View:
    """One step of the two-partner call: selects of the first card (or, after it, of the second), a way
    back to every move, Type a move, and the link to the table in a DM."""
    game_no, turn = note.table.game_no, note.turn
    cards = _callable(note.view, first)
    trump = note.view.trump if isinstance(note.view, FiveHundredView) else None
    out = discord.ui.View(timeout=None)
    count = -(-len(cards) // SELECT_SIZE) or 1
    size = -(-len(cards) // count) or 1
    for n, i in enumerate(range(0, len(cards), size)):
        chunk = cards[i : i + size]
        labels = [card_label(c, locale, trump) for c in chunk]
        if first is None:
            placeholder = tr("controls.500.pair_first", locale)
        else:
            placeholder = tr("controls.500.pair_second", locale, card=card(first, locale))
        if count > 1:
            placeholder = tr("controls.range", locale, kind=placeholder, first=labels[0], last=labels[-1])
        options = [discord.SelectOption(label=label, value=c) for c, label in zip(chunk, labels, strict=True)]
        out.add_item(PairSelect(game_no, turn, first, n, options=options, placeholder=placeholder[:150]))
    out.add_item(PageButton(game_no, turn, 0, "◀ " + tr("controls.500.back", locale)))
    out.add_item(TypeButton(game_no, turn, locale))
    if url is not None:
        out.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=url))
    return out


class PairButton(TurnButton):
    """**Call two partners…**: turns the message into the first step of the two-card call."""

    KIND, LABEL = "pairs", "controls.500.pair"

    async def pressed(self, interaction: discord.Interaction) -> None:
        note = await current_hand(interaction, self.game_no, self.turn, what="call")
        view = pair_controls(note, user_locale(interaction), url=dm_table_url(interaction, note))
        await interaction.response.edit_message(view=view)


class PairSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"fives:pair:(?P<game>[0-9]+):(?P<turn>[0-9]+):(?:(?P<first>[0-9A-Z]+):)?(?P<n>[0-9]+)",
):
    """A step of the two-card call: without `first` it picks the first card, with it the second (and calls)."""

    def __init__(
        self,
        game_no: int,
        turn: int,
        first: str | None,
        n: int,
        *,
        options: Sequence[discord.SelectOption],
        placeholder: str | None,
    ) -> None:
        step = f"{first}:" if first else ""
        super().__init__(
            discord.ui.Select(
                custom_id=f"fives:pair:{game_no}:{turn}:{step}{n}", options=list(options), placeholder=placeholder
            )
        )
        self.game_no, self.turn, self.first = game_no, turn, first

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> Self:
        return cls(
            int(match["game"]),
            int(match["turn"]),
            match["first"],
            int(match["n"]),
            options=item.options,
            placeholder=item.placeholder,
        )

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        card = self.item.values[0]
        if self.first is None:
            note = await current_hand(interaction, self.game_no, self.turn, what="call")
            view = pair_controls(note, user_locale(interaction), card, url=dm_table_url(interaction, note))
            await interaction.response.edit_message(view=view)
            return
        await play(interaction, self.game_no, f"call {self.first} {card}", self.turn)


ITEMS = (PairButton, PairSelect)
FAMILY_STEPS["five_hundred"] = split_pairs  # two-partner calls: one button, then two steps
