"""The controls of a player's turn, laid out in one message, whatever the game: a select per kind of move (25
to a select, paged beyond what five rows hold), buttons for single words (`draw`, `pass`, `declare`...),
Five Hundred's discard as a multi-select of exactly the cards to lay away, and **Type a move**.

A family whose moves take steps of their own (Five Hundred's two-partner call, Domineren's type and Block)
registers in `FAMILY_STEPS` what stands for them here, as `rendering` registers its drawers; its module
(imported by `cogs.hands`) does so when it is imported, and builds its steps from this module's controls.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Self

import discord

from bot.engine import Legal, game_info
from bot.engine.domineren import LegalMove as DominerenMove
from bot.engine.five_hundred import FiveHundredView
from bot.engine.five_hundred import LegalAction as FiveHundredAction
from bot.engine.fives import FivesView
from bot.i18n import has, tr
from bot.tables import HandChanged
from presenters import presenter
from presenters.five_hundred import card_label

from ..common import fives, reports_errors, user_locale
from .hints import HintButton
from .turns import ActionSelect, TypeButton, WordButton, current_hand, dm_table_url, play
from .web_table import open_table_button, table_link

SELECT_SIZE = 25  # Discord's limit of options in a select
BUTTON_WORDS = ("draw", "pass", "declare", "decline", "solo", "concede", "claim", "peek")  # buttons, not entries
ROWS = 5  # Discord's limit of rows in a message

Items = list[discord.ui.Item[Any]]
# (the turn, the moves left for the generic selects, locale) -> (the moves still left for them, the buttons and
# the selects that stand for the others)
FamilySteps = Callable[[HandChanged, list[Any], str], tuple[list[Any], Items, Items]]
FAMILY_STEPS: dict[str, FamilySteps] = {}  # game family -> its steps, registered by its controls module


def move_controls(
    note: HandChanged, locale: str, page: int = 0, *, url: str | None = None, web_url: str | None = None
) -> discord.ui.View:
    """Selects and buttons for the legal moves of `note` (the player's turn), page `page` of them, a link
    back to the table when `url` is given and one to its web page with `web_url`. A message holds five rows:
    selects take one each, and the buttons (moves of one word, Type a move, paging, the links) share the last
    ones."""
    view = note.view
    game_id, game_no, turn = note.table.game_id, note.table.game_no, note.turn
    words = presenter(game_id)
    legal = list(view.legal)
    word_moves = [e for e in legal if e.text in BUTTON_WORDS]
    discards = [e for e in legal if kind_of(e) == "discard"]
    rest = [e for e in legal if e.text not in BUTTON_WORDS and kind_of(e) != "discard"]
    buttons: list[discord.ui.Item[Any]] = [
        WordButton(game_no, turn, e.text, locale, label=words.move_label(e, locale, view=view)[0]) for e in word_moves
    ]
    selects: list[discord.ui.Item[Any]] = []
    steps = FAMILY_STEPS.get(game_info(game_id).family)
    if steps is not None:  # Five Hundred's two-partner call, Domineren's type and Block
        rest, more, selects = steps(note, rest, locale)
        buttons += more
    buttons.append(TypeButton(game_no, turn, locale))
    if note.table.hints:  # the host offers hints: the search's move, privately (the game is then unrated)
        buttons.append(HintButton(game_no, turn, locale))
    link = (url is not None) + (web_url is not None)
    chunks = list(_chunks(rest))
    fixed = (1 if discards and view.hand else 0) + len(selects)
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
    scoring = not isinstance(view, FivesView) or view.muggins_unit != 0  # Draw dominoes scores nothing in play
    out = discord.ui.View(timeout=None)
    if discards and isinstance(view, FiveHundredView) and view.hand:  # discards are Five Hundred's
        out.add_item(
            DiscardSelect(
                game_no, turn, view.hand, view.discard_count, locale, taken=view.taken or (), trump=view.trump
            )
        )
    for select in selects:
        out.add_item(select)
    for n, (chunk, of_kind) in enumerate(chunks[page * rows : (page + 1) * rows], start=page * rows):
        labels = [words.move_label(entry, locale, scoring=scoring, view=view) for entry in chunk]
        kind = kind_of(chunk[0])
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
    if web_url is not None:
        out.add_item(open_table_button(web_url, locale))
    return out


def kind_of(entry: Legal) -> str:
    """The kind of move a legal entry is (a bid, a play, a Domineren type...), "" in a family without kinds."""
    return entry.kind if isinstance(entry, FiveHundredAction | DominerenMove) else ""


def _chunks(entries: Sequence[Any]) -> Iterator[tuple[list[Any], int]]:
    """The moves by kind, each kind cut into selects of even size (27 bids: 14 and 13, not 25 and 2), with
    the number of selects of that kind."""
    for kind in dict.fromkeys(kind_of(e) for e in entries):
        same = [e for e in entries if kind_of(e) == kind]
        count = -(-len(same) // SELECT_SIZE)
        size = -(-len(same) // count)
        for i in range(0, len(same), size):
            yield same[i : i + size], count


def _button_rows(buttons: int) -> int:
    return -(-buttons // 5)


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
                        label=card_label(c, locale, trump), value=c, description=widow if c in taken else None
                    )
                    for c in hand
                ][:SELECT_SIZE],
            )
        super().__init__(item)
        self.game_no, self.turn = game_no, turn

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["turn"]), (), 0, item=item)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await play(interaction, self.game_no, "discard " + " ".join(self.item.values), self.turn)


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
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["turn"]), int(match["page"]), item.label or "")

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        note = await current_hand(interaction, self.game_no, self.turn, what="page")
        url = dm_table_url(interaction, note)
        web_url = table_link(fives(interaction), note.table) if url is not None else None  # in the DM only
        controls = move_controls(note, user_locale(interaction), self.page, url=url, web_url=web_url)
        await interaction.response.edit_message(view=controls)


ITEMS = (DiscardSelect, PageButton, HintButton)
