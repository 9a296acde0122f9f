"""Rematch: **Rematch** on the message that ends a game. The first of its players to press it asks the others
(a message where the game was played, mentioning them, with **Accept** and **Decline**), until a deadline.
When every player has accepted, the same game starts again, with the same seats, computers and options; when
one declines, or the time runs out, a new table is opened in the game's channel with those who accepted and
the computers seated, and the other seats open for anyone to join. The buttons keep working across a
restart (their state is in their custom ids and the database), and the outcome is decided once. The question
and each change of it, and the lobby of a table a rematch reopened, are told through the outbox of the game
played by the announcer (`announcer.rematches`), so a failed post or a crash tells them again, once.

A game played by teams also offers **Rematch, new partners**: the same, with the seats moved so that everyone
has a new partner (the question shows the new teams). The one who asks chooses; the others accept or decline
that proposal, and pressing the other kind of rematch while one is asked is refused with a pointer to it.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Self

import discord
from discord.ext import tasks

from bot.i18n import tr
from bot.tables import Rematch, TableInfo
from bot.tables.seating import has_partnerships
from presenters.common import side_name, table_title

from .analysis import AnalysisButton
from .common import (
    Colours,
    ControlsCog,
    fives,
    jump_url,
    names_for,
    relative_time,
    service,
    user_locale,
)
from .game_buttons import GameButton
from .replays import ReplayButton

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 10.0  # how soon after its deadline an unanswered rematch opens its table
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


class Rematches(ControlsCog):
    ITEMS = (RematchButton,)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        await super().cog_unload()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        """Rematches past their deadline settled, and the tables of settled ones a crash left unmade opened;
        told through the outbox."""
        rematches = self.bot.service.rematches
        try:
            for _, notes in [*await rematches.sweep(), *await rematches.open_unmade()]:
                await self.bot.announcer.deliver(notes)
        except Exception:
            log.exception("the rematch sweep failed; trying again in %s s", SWEEP_SECONDS)

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Rematches(bot))
