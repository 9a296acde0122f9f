"""The final board's controls (rematch, replay, analysis) and a rematch's question: its embed, text and answers."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Self

import discord

from bot.i18n import tr
from bot.tables import Rematch, TableInfo
from bot.tables.seating import has_partnerships
from presenters.common import side_name, table_title

from ..common import Colours, fives, jump_url, names_for, relative_time, service, user_locale
from .analysis import AnalysisButton
from .game_buttons import GameButton
from .replays import ReplayButton

if TYPE_CHECKING:
    pass


log = logging.getLogger(__name__)


STYLES = {
    "ask": discord.ButtonStyle.primary,
    "swap": discord.ButtonStyle.primary,
    "yes": discord.ButtonStyle.success,
    "no": discord.ButtonStyle.danger,
}


def final_board_controls(table: TableInfo, locale: str) -> discord.ui.View:
    """The buttons on the message that ends a game: **Replay**, **Analysis** (privately, for a player) and
    **Rematch** (and **Rematch, new partners** where the game was played by teams)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(table.game_no, locale))
    view.add_item(AnalysisButton(table.game_no, locale))
    view.add_item(RematchButton(table.game_no, "ask", locale))
    if has_partnerships(table.sides):
        view.add_item(RematchButton(table.game_no, "swap", locale))
    return view


# -- the question -------------------------------------------------------------------------------------------
def question_embed(rematch: Rematch, locale: str) -> discord.Embed:
    """Who said what, until when; once settled, where it led."""
    table = rematch.table
    title = "rematch.title.swap" if rematch.swap else "rematch.title"
    embed = discord.Embed(title=tr(title, locale, table=table_title(table, locale)), colour=Colours.LOBBY)
    lines = []
    if rematch.seating is not None:  # the new teams, named as the game named its seats
        names, seating = names_for(table, locale), rematch.seating
        teams = [f"**{side_name([seating[s] for s in side], names, locale)}**" for side in table.sides]
        lines += [tr("rematch.partners", locale, teams=tr("rematch.partners.against", locale).join(teams)), ""]
    for seat in rematch.humans:
        assert seat.user_id is not None
        said = rematch.answers.get(seat.user_id)
        mark = "✅" if said else "❌" if said is False else "⏳"
        lines.append(f"{mark} **{names_for(table, locale)[seat.index]}**")
    if rematch.status == "open":
        lines += ["", tr("rematch.until", locale, when=relative_time(rematch.deadline))]
    elif rematch.status == "started":
        embed.colour = Colours.BOARD
        new_table = rematch.new_table
        title = table_title(new_table, locale) if new_table is not None else f"#{rematch.next_game_no}"
        lines += ["", tr("rematch.started", locale, table=title)]
    elif rematch.lobby is None:
        embed.colour = Colours.CLOSED
        lines += ["", tr("rematch.nobody", locale)]
    else:
        embed.colour = Colours.CLOSED
        lobby = rematch.lobby
        open_seats = len(table.seats) - len(lobby.seats)
        key = "rematch.reopened.declined" if rematch.declined else "rematch.reopened.late"
        lines += ["", tr(key, locale, seats=open_seats)]
        if lobby.message_id is not None:
            lines.append(jump_url(lobby.guild_id, lobby.channel_id, lobby.message_id))
    embed.description = "\n".join(lines)
    return embed


def question_view(rematch: Rematch, locale: str) -> discord.ui.View | None:
    if rematch.status != "open":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(rematch.game_no, "yes", locale))
    view.add_item(RematchButton(rematch.game_no, "no", locale))
    return view


def question_text(rematch: Rematch, locale: str) -> str:
    """The question's words, mentioning the asker and the players awaited."""
    waiting = " ".join(f"<@{user}>" for user in rematch.waiting)
    key = "rematch.asked.swap" if rematch.swap else "rematch.asked"
    return tr(key, locale, player=f"<@{rematch.asked_by}>", players=waiting)


class RematchButton(GameButton):
    """**Rematch** and **Rematch, new partners** on a final board (`ask`, `swap`), **Accept** and **Decline**
    on the question (`yes`, `no`): `fives:rematch:<game>[:swap|yes|no]`."""

    KIND = "rematch"
    FIELDS = r"(?P<game>[0-9]+)(?::(?P<way>yes|no|swap))?"

    def __init__(self, game_no: int, way: str, locale: str = "en", *, label: str | None = None) -> None:
        self.way = way
        super().__init__(game_no, locale, label=label or tr(f"rematch.button.{way}", locale))
        self.item.style = STYLES[way]

    def key(self) -> str:
        return str(self.game_no) if self.way == "ask" else f"{self.game_no}:{self.way}"

    @classmethod
    def from_match(cls, match: re.Match[str], label: str | None) -> Self:
        return cls(int(match["game"]), match["way"] or "ask", label=label)

    async def pressed(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        rematches = service(interaction.client).rematches
        locale = user_locale(interaction)
        if self.way in ("ask", "swap"):
            rematch, notes, asked = await rematches.ask(
                self.game_no, interaction.guild_id, interaction.user.id, interaction.channel_id, self.way == "swap"
            )
            said = "rematch.said.asked" if asked and rematch.status == "open" else "rematch.said.yes"
        else:
            if interaction.message is not None:
                # This is the question: where it is, should a crash have kept the teller from writing it down.
                await rematches.set_message(self.game_no, interaction.message.id)
            rematch, notes = await rematches.answer(self.game_no, interaction.user.id, self.way == "yes")
            said = f"rematch.said.{'yes' if rematch.answers.get(interaction.user.id) else 'no'}"
        await interaction.response.send_message(tr(said, locale), ephemeral=True)
        await fives(interaction).announcer.deliver(notes, interaction)
