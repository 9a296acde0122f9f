"""Rematch: **Rematch** on the message that ends a game. The first of its players to press it asks the others
(a message where the game was played, mentioning them, with **Accept** and **Decline**), until a deadline.
When every player has accepted, the same game starts again, with the same seats, computers and options; when
one declines, or the time runs out, a new table is opened in the game's channel with those who accepted and
the computers seated, and the other seats open for anyone to join. The buttons keep working across a
restart (their state is in their custom ids and the database), and the outcome is decided once.

A game played by teams also offers **Rematch, new partners**: the same, with the seats moved so that everyone
has a new partner (the question shows the new teams). The one who asks chooses; the others accept or decline
that proposal, and pressing the other kind of rematch while one is asked is refused with a pointer to it.
"""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Self

import discord
from discord.ext import tasks

from bot.i18n import tr
from bot.tables import LobbyChanged, Notification, TableInfo, TableOpened
from bot.tables.rematches import Rematch
from bot.tables.seating import has_partnerships
from presenters.common import side_name, table_title

from .common import (
    Colours,
    ControlsCog,
    fives,
    jump_url,
    names_for,
    public_locale,
    relative_time,
    reports_errors,
    service,
    user_locale,
)
from .lobby import lobby_embed, lobby_view
from .replays import ReplayButton

if TYPE_CHECKING:
    from bot.client import FivesBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 10.0  # how soon after its deadline an unanswered rematch opens its table
STYLES = {
    "ask": discord.ButtonStyle.primary,
    "swap": discord.ButtonStyle.primary,
    "yes": discord.ButtonStyle.success,
    "no": discord.ButtonStyle.danger,
}


def final_board_controls(table: TableInfo, locale: str) -> discord.ui.View:
    """The buttons on the message that ends a game: **Replay** and **Rematch** (and **Rematch, new partners**
    where the game was played by teams)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(table.game_no, locale))
    view.add_item(RematchButton(table.game_no, "ask", locale))
    if has_partnerships(table.sides):
        view.add_item(RematchButton(table.game_no, "swap", locale))
    return view


# -- the question -------------------------------------------------------------------------------------------
def question_embed(rematch: Rematch, locale: str, new_table: TableInfo | None = None) -> discord.Embed:
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
        lines.append(f"{mark} **{discord.utils.escape_markdown(seat.name or '')}**")
    if rematch.status == "open":
        lines += ["", tr("rematch.until", locale, when=relative_time(rematch.deadline))]
    elif rematch.status == "started":
        embed.colour = Colours.BOARD
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


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"fives:rematch:(?P<game>[0-9]+)(?::(?P<way>yes|no|swap))?"
):
    """**Rematch** and **Rematch, new partners** on a final board (`ask`, `swap`), **Accept** and **Decline**
    on the question (`yes`, `no`)."""

    def __init__(self, game_no: int, way: str, locale: str = "en", *, label: str | None = None) -> None:
        suffix = "" if way == "ask" else f":{way}"
        super().__init__(
            discord.ui.Button(
                label=label or tr(f"rematch.button.{way}", locale),
                style=STYLES[way],
                custom_id=f"fives:rematch:{game_no}{suffix}",
            )
        )
        self.game_no, self.way = game_no, way

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(int(match["game"]), match["way"] or "ask", label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        rematches = service(interaction.client).rematches
        locale = user_locale(interaction)
        if self.way in ("ask", "swap"):
            rematch, notes, asked = await rematches.ask(
                self.game_no, interaction.guild_id, interaction.user.id, interaction.channel_id, self.way == "swap"
            )
            if asked and rematch.status == "open":  # the question, for the table to see
                public = await public_locale(interaction.client, interaction.guild_id)
                waiting = " ".join(f"<@{user}>" for user in rematch.waiting)
                view = question_view(rematch, public)
                assert view is not None  # open: it has its answers
                key = "rematch.asked.swap" if rematch.swap else "rematch.asked"
                await interaction.response.send_message(
                    tr(key, public, player=interaction.user.mention, players=waiting),
                    embed=question_embed(rematch, public),
                    view=view,
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
                message = await interaction.original_response()
                await rematches.set_message(self.game_no, message.id)
                return
        else:
            rematch, notes = await rematches.answer(self.game_no, interaction.user.id, self.way == "yes")
        said = tr(f"rematch.said.{'yes' if rematch.answers.get(interaction.user.id) else 'no'}", locale)
        await interaction.response.send_message(said, ephemeral=True)
        await settled(fives(interaction), rematch, notes, interaction)


async def settled(
    bot: FivesBot, rematch: Rematch, notes: list[Notification], origin: discord.Interaction | None
) -> None:
    """After an answer or the deadline: the new table told (a game started) or posted (a table reopened),
    and the question redrawn."""
    locale = await public_locale(bot, rematch.table.guild_id)
    new_table = None
    if rematch.status == "started":
        await bot.announcer.deliver(notes, origin)
        new_table = next((n.table for n in notes if isinstance(n, TableOpened)), None)
    elif rematch.lobby is not None:
        rematch = await post_lobby(bot, rematch, notes, locale)
    if rematch.message_id is None:
        return
    channel = bot.get_partial_messageable(rematch.channel_id, guild_id=rematch.table.guild_id)
    try:
        await channel.get_partial_message(rematch.message_id).edit(
            content=None, embed=question_embed(rematch, locale, new_table), view=question_view(rematch, locale)
        )
    except discord.HTTPException as exc:
        log.info("rematch of game %s: could not redraw the question (%s)", rematch.game_no, exc)


async def post_lobby(bot: FivesBot, rematch: Rematch, notes: list[Notification], locale: str) -> Rematch:
    """The reopened table's lobby message, in the game's channel (the lobby's own)."""
    lobby = next((n.lobby for n in notes if isinstance(n, LobbyChanged)), rematch.lobby)
    assert lobby is not None
    channel = bot.get_partial_messageable(lobby.channel_id, guild_id=lobby.guild_id)
    view = lobby_view(lobby, locale)
    assert view is not None  # an open lobby has its buttons
    try:
        message = await channel.send(embed=lobby_embed(lobby, locale), view=view)
    except discord.HTTPException as exc:
        log.warning("rematch of game %s: could not post its new table (%s)", rematch.game_no, exc)
        return rematch
    await bot.service.set_lobby_message(lobby.lobby_id, message.id)
    return replace(rematch, lobby=replace(lobby, message_id=message.id))


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
        try:
            for rematch, notes in await self.bot.service.rematches.sweep():
                await settled(self.bot, rematch, notes, None)
        except Exception:
            log.exception("the rematch sweep failed; trying again in %s s", SWEEP_SECONDS)

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Rematches(bot))
