"""Hands and moves: each player's private view (by DM, or ephemeral through **My hand** and `/hand`) and
the controls to play from it.

Controls are built from the view's legal moves, whatever the game: a select per kind of move (25 to a
select, paged beyond four selects), buttons for single words (`draw`, `pass`, `declare`...), Five
Hundred's discard as a multi-select of exactly the cards to lay away, Domineren's type select and
**Block…** (`cogs.domineren_controls`), and **Type a move** for the action notation. Every control's
custom id carries the game number and the turn token it was made for (`fives:act:12:57:0`), so it still
works after a restart, and a stale or repeated click is refused by the table service.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import FivesBot
from bot.i18n import DEFAULT_LOCALE, has, locale_of, tr
from bot.tables import HandChanged
from rendering import render_hand

from . import domineren_controls, five_hundred_controls, words
from .common import (
    Colours,
    ControlsCog,
    fives,
    game_autocomplete,
    game_in_context,
    names_for,
    relative_time,
    reports_errors,
    service,
    user_locale,
)
from .pictures import picture
from .translator import text
from .turn_controls import TurnButton, current_hand, dm_table_url

log = logging.getLogger(__name__)

SELECT_SIZE = 25  # Discord's limit of options in a select
ROWS = 5  # Discord's limit of rows in a message


# -- the hand message ------------------------------------------------------------------------------------
def hand_message(
    note: HandChanged, locale: str, *, url: str | None = None, page: int = 0
) -> tuple[discord.Embed, discord.File | None, discord.ui.View]:
    """A player's hand: the image (text where there is none), whose turn it is, and on their turn the
    controls. `url` adds a button back to the table (for DMs)."""
    view = note.view
    table = note.table
    names = names_for(table, locale)
    playing = note.your_turn and bool(view.legal)
    embed = discord.Embed(
        title=tr("hand.title", locale, table=words.table_title(table, locale)),
        colour=Colours.TURN if playing else Colours.HAND,
    )
    if playing:
        lines = words.prompt(table.game_id, view, names, locale)
        if note.deadline is not None:
            when = relative_time(note.deadline)
            lines.append(words.deadline_line(table.game_id, view, when, locale, private=True))
        embed.description = "\n".join(line for line in lines if line)
    elif getattr(view, "over", False):
        embed.description = tr("hand.over", locale)
    elif getattr(view, "current_seat", None) is not None:
        embed.description = tr("hand.waiting", locale, player=names[view.current_seat])
    status = words.status_lines(table.game_id, view, names, locale)  # Five Hundred: the high bid, the contract
    if status:
        embed.description = "\n".join(x for x in (embed.description, *status) if x)
    hand = getattr(view, "hand", None) or ()
    file = picture(render_hand, view, names_for(table, locale, escape=False), locale, "hand.png")
    if file is not None:
        embed.set_image(url="attachment://hand.png")
    else:
        embed.add_field(
            name=tr("hand.tiles", locale), value=words.hand_text(table.game_id, hand, locale) or "—", inline=False
        )
    if playing:
        controls = move_controls(note, locale, page, url=url)
    else:
        controls = discord.ui.View(timeout=None)
        if url is not None:
            controls.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=url))
    return embed, file, controls


def move_controls(note: HandChanged, locale: str, page: int = 0, *, url: str | None = None) -> discord.ui.View:
    """Selects and buttons for the legal moves of `note` (the player's turn), page `page` of them, and a
    link back to the table when `url` is given. A message holds five rows: selects take one each, and
    the buttons (moves of one word, Type a move, paging, the link) share the last ones."""
    view = note.view
    game_id, game_no, turn = note.table.game_id, note.table.game_no, note.turn
    legal = list(view.legal)
    word_moves = [e for e in legal if e.text in words.BUTTON_WORDS]
    discards = [e for e in legal if getattr(e, "kind", "") == "discard"]
    rest = [e for e in legal if e.text not in words.BUTTON_WORDS and getattr(e, "kind", "") != "discard"]
    buttons: list[discord.ui.Item[Any]] = [
        WordButton(game_no, turn, e.text, locale, label=words.move_label(game_id, e, locale, view=view)[0])
        for e in word_moves
    ]
    selects: list[discord.ui.Item[Any]] = []
    if words.family(game_id) == "five_hundred":  # two-partner calls: one button, then two steps
        rest, more = five_hundred_controls.split_pairs(note, rest, locale)
        buttons += more
    elif words.family(game_id) == "domineren":  # the type in two steps, Block behind a button
        rest, more, selects = domineren_controls.split(note, rest, locale)
        buttons += more
    buttons.append(TypeButton(game_no, turn, locale))
    link = 1 if url is not None else 0
    chunks = list(_chunks(rest))
    fixed = (1 if discards and getattr(view, "hand", None) else 0) + len(selects)
    rows = ROWS - fixed - _button_rows(len(buttons) + link)
    if len(chunks) > rows:  # pages, with room for two page buttons
        rows = ROWS - fixed - _button_rows(len(buttons) + link + 2)
    pages = max(1, -(-len(chunks) // rows))
    page = min(max(page, 0), pages - 1)
    if page > 0:
        buttons.append(PageButton(game_no, turn, page - 1, "◀ " + tr("controls.previous", locale)))
    if page < pages - 1:
        label = tr("controls.next", locale, page=page + 2, pages=pages) + " ▶"
        buttons.append(PageButton(game_no, turn, page + 1, label))
    scoring = getattr(view, "muggins_unit", 1) != 0  # Draw dominoes scores nothing in play
    out = discord.ui.View(timeout=None)
    if discards and getattr(view, "hand", None):
        out.add_item(
            DiscardSelect(
                game_no, turn, view.hand, view.discard_count, locale, taken=view.taken or (), trump=view.trump
            )
        )
    for select in selects:
        out.add_item(select)
    for n, (chunk, of_kind) in enumerate(chunks[page * rows : (page + 1) * rows], start=page * rows):
        labels = [words.move_label(game_id, entry, locale, scoring=scoring, view=view) for entry in chunk]
        kind = getattr(chunk[0], "kind", "")
        key = f"controls.kind.{kind}"
        placeholder = tr(key, locale) if kind and has(key) else tr("controls.choose", locale)
        if of_kind > 1:  # the kind needs several selects: say which part each holds
            placeholder = tr("controls.range", locale, kind=placeholder, first=labels[0][0], last=labels[-1][0])
        options = [
            discord.SelectOption(label=label[:100], value=entry.text, description=text[:100] if text else None)
            for entry, (label, text) in zip(chunk, labels, strict=True)
        ]
        out.add_item(ActionSelect(game_no, turn, n, options=options, placeholder=placeholder[:150]))
    for button in buttons:
        out.add_item(button)
    if url is not None:
        out.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=url))
    return out


def _chunks(entries: Sequence[Any]) -> Iterator[tuple[list[Any], int]]:
    """The moves by kind, each kind cut into selects of even size (27 bids: 14 and 13, not 25 and 2), with
    the number of selects of that kind."""
    for kind in dict.fromkeys(getattr(e, "kind", "") for e in entries):
        same = [e for e in entries if getattr(e, "kind", "") == kind]
        count = -(-len(same) // SELECT_SIZE)
        size = -(-len(same) // count)
        for i in range(0, len(same), size):
            yield same[i : i + size], count


def _button_rows(buttons: int) -> int:
    return -(-buttons // 5)


# -- playing -------------------------------------------------------------------------------------------
async def play(interaction: discord.Interaction, game_no: int, action: str, turn: int | None) -> None:
    """Apply a move for the clicking player, then announce it; their new hand replaces the message clicked."""
    if not interaction.response.is_done():
        await interaction.response.defer()
    bot = fives(interaction)
    bot.announcer.player_at_hand(interaction.user.id)
    notes = await bot.service.act(game_no, interaction.user.id, action, turn)
    await bot.announcer.deliver(notes, origin=interaction, hand_origin=True)


async def show_hand(interaction: discord.Interaction, game_no: int) -> None:
    """The player's hand, ephemeral, with controls on their turn (for closed DMs and for convenience)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    fives(interaction).announcer.player_at_hand(interaction.user.id)
    note = await service(interaction.client).private_view(game_no, interaction.user.id)
    embed, file, view = hand_message(note, user_locale(interaction))
    await interaction.edit_original_response(embed=embed, attachments=[file] if file else [], view=view)


class MyHandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fives:hand:(?P<game>[0-9]+)"):
    def __init__(self, game_no: int, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr("controls.my_hand", locale),
                emoji="🁢",
                style=discord.ButtonStyle.primary,
                custom_id=f"fives:hand:{game_no}",
            )
        )
        self.game_no = game_no

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):  # type: ignore[override]
        return cls(int(match["game"]), label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await show_hand(interaction, self.game_no)


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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /):  # type: ignore[override]
        return cls(
            int(match["game"]), int(match["turn"]), int(match["n"]), options=item.options, placeholder=item.placeholder
        )

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await play(interaction, self.game_no, self.item.values[0], self.turn)


class DiscardSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"fives:discard:(?P<game>[0-9]+):(?P<turn>[0-9]+)"
):
    """Five Hundred's discard: exactly `count` cards of the hand (one select instead of every combination)."""

    def __init__(
        self,
        game_no: int,
        turn: int,
        hand: Sequence[str],
        count: int,
        locale: str = "en",
        *,
        taken: Sequence[str] = (),
        trump: str | None = None,
        item: discord.ui.Select | None = None,
    ) -> None:
        if item is None:
            # The largest hand with its widow is 15 cards (two players, 25-card deck): always one select.
            widow = tr("controls.500.from_widow", locale)
            item = discord.ui.Select(
                custom_id=f"fives:discard:{game_no}:{turn}",
                placeholder=tr("controls.discard", locale, count=count),
                min_values=count,
                max_values=count,
                options=[
                    discord.SelectOption(
                        label=words.card_label(c, locale, trump), value=c, description=widow if c in taken else None
                    )
                    for c in hand
                ][:SELECT_SIZE],
            )
        super().__init__(item)
        self.game_no, self.turn = game_no, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /):  # type: ignore[override]
        return cls(int(match["game"]), int(match["turn"]), (), 0, item=item)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await play(interaction, self.game_no, "discard " + " ".join(self.item.values), self.turn)


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
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):  # type: ignore[override]
        return cls(int(match["game"]), int(match["turn"]), match["word"], label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await play(interaction, self.game_no, self.word, self.turn)


class TypeButton(
    TurnButton, discord.ui.DynamicItem[discord.ui.Button], template=r"fives:type:(?P<game>[0-9]+):(?P<turn>[0-9]+)"
):
    """Every move in the action notation, for anything the selects make awkward."""

    KIND, LABEL, EMOJI = "type", "controls.type", "⌨️"

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await interaction.response.send_modal(MoveModal(self.game_no, self.turn, user_locale(interaction)))


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"fives:page:(?P<game>[0-9]+):(?P<turn>[0-9]+):(?P<page>[0-9]+)"
):
    def __init__(self, game_no: int, turn: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"fives:page:{game_no}:{turn}:{page}"
            )
        )
        self.game_no, self.turn, self.page = game_no, turn, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):  # type: ignore[override]
        return cls(int(match["game"]), int(match["turn"]), int(match["page"]), item.label or "")

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        note = await current_hand(interaction, self.game_no, self.turn, what="page")
        url = dm_table_url(interaction, note)
        await interaction.response.edit_message(view=move_controls(note, user_locale(interaction), self.page, url=url))


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
    async def on_submit(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await play(interaction, self.game_no, self.move.value.strip(), self.turn)


# -- the cog ---------------------------------------------------------------------------------------------
class Hands(ControlsCog):
    ITEMS = (
        MyHandButton,
        ActionSelect,
        DiscardSelect,
        WordButton,
        TypeButton,
        PageButton,
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
        await show_hand(interaction, game_in_context(interaction, game).table.game_no)

    @app_commands.command(name=text("command.move.name"), description=text("command.move.description"))
    @app_commands.rename(action=text("command.move.action.name"), game=text("command.option.game.name"))
    @app_commands.describe(action=text("command.move.action.description"), game=text("command.option.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str, game: int | None = None) -> None:
        summary = game_in_context(interaction, game)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await play(interaction, summary.table.game_no, action.strip(), None)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            summary = game_in_context(interaction, getattr(interaction.namespace, "game", None))
            note = await self.bot.service.private_view(summary.table.game_no, interaction.user.id)
        except Exception:
            return []  # no game here: nothing to suggest (the command itself says why)
        locale = user_locale(interaction)
        out = []
        for entry in note.view.legal if note.your_turn else ():
            label, description = words.move_label(summary.table.game_id, entry, locale)
            # The notation is what gets typed; where it is made of English words (draw, 8NT, misere) other
            # languages show only the move's name, and typing the notation still finds it.
            typed = locale == DEFAULT_LOCALE or not re.search("[A-Za-z]{2}", entry.text)
            name = (f"{entry.text} — {label}" if typed else label) + (f" ({description})" if description else "")
            if current.lower() in name.lower() or current.lower() in entry.text.lower():
                out.append(app_commands.Choice(name=name[:100], value=entry.text))
        return out[:25]


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Hands(bot))
