"""Domineren's own controls, beside the generic ones of `cogs.controls.turns` and `cogs.controls.moves`.

The set player's legal declarations are 60 to 74 `type …` texts, most of them type 11's and 12's parameter
combinations. Instead one select offers the types the set allows, each with its one-line explanation;
a type with parameters turns the message into a second step, its parameter choices in words, and a type
without any is declared at once. The plays that say Block (every play again, with ` block`) stay behind
a **Block…** button that shows them instead of the plain plays, so a turn shows each tile once.
Billitonnen's `turn W` / `place E` are buttons named by the end.

Custom ids carry the game and the turn token, like every move control (`fives:act:12:57:type`,
`fives:block:12:57`), so they still work after a restart and a stale click is refused.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Self

import discord

from bot.engine.domineren import DominerenView, LegalMove
from bot.engine.domineren.gametypes import WITH_PARAMETERS
from bot.i18n import tr
from bot.tables import HandChanged
from presenters import domineren as dom
from presenters import presenter
from rendering.domineren.board import end_sides

from ..common import reports_errors, user_locale
from .moves import FAMILY_STEPS, PageButton
from .turns import ActionSelect, TurnButton, TypeButton, WordButton, current_hand, dm_table_url, play

SELECT_SIZE = 25  # Discord's limit of options in a select


def legal_of(note: HandChanged) -> tuple[LegalMove, ...]:
    """The player's legal moves, with their Domineren kinds (none in a view of another game)."""
    return note.view.legal if isinstance(note.view, DominerenView) else ()


def split(
    note: HandChanged, moves: Sequence[Any], locale: str
) -> tuple[list[Any], list[discord.ui.Item[Any]], list[discord.ui.Item[Any]]]:
    """The moves left for the generic selects, the buttons and the selects that stand for the others."""
    game_no, turn = note.table.game_no, note.turn
    rest: list[Any] = []
    buttons: list[discord.ui.Item[Any]] = []
    selects: list[discord.ui.Item[Any]] = []
    types = [e for e in moves if e.kind == "type"]
    if types:
        selects.append(TypeSelect.build(game_no, turn, types, locale))
    for entry in moves:
        if entry.kind in ("turn", "place"):
            ends = end_sides(note.view) if isinstance(note.view, DominerenView) else None
            label = dom.end_label(entry.text, locale, ends)
            buttons.append(WordButton(game_no, turn, entry.text, locale, label=label))
        elif entry.kind not in ("type", "block"):
            rest.append(entry)
    if any(e.kind == "block" for e in moves):
        buttons.append(BlockButton(game_no, turn, locale))
    return rest, buttons, selects


def _chunks(entries: Sequence[Any]) -> list[list[Any]]:
    count = -(-len(entries) // SELECT_SIZE) or 1
    size = -(-len(entries) // count) or 1
    return [list(entries[i : i + size]) for i in range(0, len(entries), size)]


def _finish(out: discord.ui.View, note: HandChanged, locale: str, url: str | None) -> discord.ui.View:
    """A step's way back to every move, Type a move, and in a DM the link to the table."""
    game_no, turn = note.table.game_no, note.turn
    out.add_item(PageButton(game_no, turn, 0, "◀ " + tr("controls.dom.back", locale)))
    out.add_item(TypeButton(game_no, turn, locale))
    if url is not None:
        out.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=url))
    return out


def parameter_controls(note: HandChanged, locale: str, type_id: str, *, url: str | None = None) -> discord.ui.View:
    """The second step of the type declaration: the parameter choices of one type. Type 11's forty are
    split by the rule of the line, one select each."""
    entries = [e for e in legal_of(note) if e.kind == "type" and e.game_type == type_id]
    if len(entries) <= SELECT_SIZE:
        groups: list[tuple[str | None, list[Any]]] = [(None, entries)]
    else:
        by_first: dict[str, list[Any]] = {}
        for entry in entries:
            by_first.setdefault(entry.text.split()[2], []).append(entry)
        groups = [(first, group) for first, group in by_first.items()]
    name = dom.type_label(type_id, locale)
    out = discord.ui.View(timeout=None)
    n = 0
    for first, group in groups:
        for chunk in _chunks(group):
            options = []
            for entry in chunk:
                params = dom.parameters(entry.text, locale)
                if first is not None:  # the select's placeholder names the first parameter
                    params = params[1:]
                label = tr("dom.join", locale).join(params) or tr("controls.dom.no_condition", locale)
                options.append(discord.SelectOption(label=label[:100], value=entry.text))
            if first is None:
                placeholder = tr("controls.dom.params", locale, type=name)
            else:
                group_name = dom.parameters(chunk[0].text, locale)[0]
                placeholder = tr("controls.dom.params_group", locale, type=name, group=group_name)
            out.add_item(ActionSelect(note.table.game_no, note.turn, n, options=options, placeholder=placeholder[:150]))
            n += 1
    return _finish(out, note, locale, url)


def block_controls(note: HandChanged, locale: str, *, url: str | None = None) -> discord.ui.View:
    """The plays that say Block, in place of the plain ones."""
    view = note.view
    entries = [e for e in legal_of(note) if e.kind == "block"]
    out = discord.ui.View(timeout=None)
    for n, chunk in enumerate(_chunks(entries)):
        options = []
        for entry in chunk:
            label, description = presenter(note.table.game_id).move_label(entry, locale, view=view)
            options.append(discord.SelectOption(label=label[:100], value=entry.text, description=description))
        placeholder = tr("controls.kind.block", locale)
        out.add_item(ActionSelect(note.table.game_no, note.turn, n, options=options, placeholder=placeholder[:150]))
    return _finish(out, note, locale, url)


class TypeSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"fives:act:(?P<game>[0-9]+):(?P<turn>[0-9]+):type"
):
    """The game types the set allows, each explained in a line; a type with parameters asks for them next."""

    def __init__(self, item: discord.ui.Select, game_no: int, turn: int) -> None:
        super().__init__(item)
        self.game_no, self.turn = game_no, turn

    @classmethod
    def build(cls, game_no: int, turn: int, declarations: Sequence[Any], locale: str) -> TypeSelect:
        types = list(dict.fromkeys(e.game_type for e in declarations))
        options = [
            discord.SelectOption(
                label=dom.type_label(t, locale)[:100],
                value=t,
                description=dom.type_help(t, locale)[:100],
                emoji="⚙️" if t in WITH_PARAMETERS else None,
            )
            for t in types
        ]
        item: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fives:act:{game_no}:{turn}:type",
            options=options,
            placeholder=tr("controls.kind.type", locale)[:150],
        )
        return cls(item, game_no, turn)

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> Self:
        return cls(item, int(match["game"]), int(match["turn"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        type_id = self.item.values[0]
        note = await current_hand(interaction, self.game_no, self.turn)
        choices = [e.text for e in legal_of(note) if e.kind == "type" and e.game_type == type_id]
        if len(choices) != 1:
            # Several parameter choices: the next step. None (a type no longer legal) goes to the table
            # service, which refuses it in the player's language.
            if choices:
                view = parameter_controls(note, user_locale(interaction), type_id, url=dm_table_url(interaction, note))
                await interaction.response.edit_message(view=view)
                return
            choices = [f"type {type_id}"]
        await play(interaction, self.game_no, choices[0], self.turn)


class BlockButton(TurnButton):
    """**Block…**: the plays again, each followed by the Block declaration (§12)."""

    KIND, LABEL, EMOJI, STYLE = "block", "controls.dom.block", "🧱", discord.ButtonStyle.danger

    async def pressed(self, interaction: discord.Interaction) -> None:
        note = await current_hand(interaction, self.game_no, self.turn)
        view = block_controls(note, user_locale(interaction), url=dm_table_url(interaction, note))
        await interaction.response.edit_message(view=view)


ITEMS = (TypeSelect, BlockButton)
FAMILY_STEPS["domineren"] = split  # the type in two steps, Block behind a button
