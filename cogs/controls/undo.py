"""An undo request's question in a table's thread: its embed, text and the answers of the other players."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Self

import discord

from bot.i18n import tr
from bot.tables import UndoRequested
from presenters.common import player_mention, table_title

from ..common import (
    Colours,
    fives,
    names_for,
    relative_time,
    reports_errors,
    service,
    user_locale,
)

if TYPE_CHECKING:
    pass


log = logging.getLogger(__name__)


STYLES = {"yes": discord.ButtonStyle.success, "no": discord.ButtonStyle.danger}


MARKS = {"accepted": "✅", "refused": "❌", "expired": "⌛", "void": "⌛"}


def _name(request: UndoRequested, user_id: int | None, locale: str) -> str:
    seat = next((s for s in request.table.seats if s.user_id == user_id), None)
    if seat is None:
        return player_mention(user_id or 0, locale)
    return names_for(request.table, locale)[seat.index]


def question_embed(request: UndoRequested, locale: str) -> discord.Embed:
    """Who agreed, who is awaited, until when; once settled, what became of the action."""
    table = request.table
    embed = discord.Embed(title=tr("undo.title", locale, table=table_title(table, locale)), colour=Colours.LOBBY)
    lines = [tr("undo.what", locale, player=_name(request, request.user_id, locale), action=request.action), ""]
    lines += [f"✅ **{_name(request, user, locale)}**" for user in request.accepted]
    if request.status == "open":
        lines += [f"⏳ **{_name(request, user, locale)}**" for user in request.waiting]
        lines += ["", tr("undo.until", locale, when=relative_time(request.deadline))]
    else:
        embed.colour = Colours.BOARD if request.status == "accepted" else Colours.CLOSED
        by = _name(request, request.by_user_id, locale) if request.by_user_id is not None else ""
        said = tr(
            f"undo.{request.status}",
            locale,
            player=_name(request, request.user_id, locale),
            action=request.action,
            by=by,
        )
        lines += ["", f"{MARKS[request.status]} {said}"]
    embed.description = "\n".join(lines)
    return embed


def question_view(request: UndoRequested, locale: str) -> discord.ui.View | None:
    if request.status != "open":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(UndoButton(request.table.game_no, request.request, "yes", locale))
    view.add_item(UndoButton(request.table.game_no, request.request, "no", locale))
    return view


def question_text(request: UndoRequested, locale: str) -> str:
    """The question's words, mentioning the asker and the players awaited."""
    waiting = " ".join(f"<@{user}>" for user in request.waiting)
    return tr("undo.asked", locale, player=f"<@{request.user_id}>", players=waiting)


class UndoButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"fives:undo:(?P<game>[0-9]+):(?P<request>[0-9]+):(?P<way>yes|no)",
):
    """**Accept** and **Refuse** on the question of request number `request` of the game."""

    def __init__(self, game_no: int, request: int, way: str, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr(f"undo.button.{way}", locale),
                style=STYLES[way],
                custom_id=f"fives:undo:{game_no}:{request}:{way}",
            )
        )
        self.game_no, self.request, self.way = game_no, request, way

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), int(match["request"]), match["way"], label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        tables = service(interaction.client)
        if interaction.message is not None and interaction.channel_id is not None:
            # This is the question: where it is, should a crash have kept the teller from writing it down.
            await tables.undos.set_message(self.game_no, self.request, interaction.channel_id, interaction.message.id)
        accept = self.way == "yes"
        notes = await tables.undos.answer(self.game_no, interaction.user.id, accept, self.request)
        await interaction.response.send_message(tr(f"undo.said.{self.way}", user_locale(interaction)), ephemeral=True)
        await fives(interaction).announcer.deliver(notes, interaction)
