"""The controls and messages of watching a table: **Watch** (on a lobby or a board: how to follow it, asked
privately), the choice of thread or DM digest, **Stop watching**, the thread's membership, and the DM digest
itself, built from the public view only. Not an extension: the lobby and the board import its buttons, and
the `cogs.watching` extension its digests, all from this one module (an extension is loaded as a copy of
its own, so nothing may import one).
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Self

import discord

import rendering
from bot.i18n import tr
from bot.tables import TableInfo
from bot.tables.community.watchers import Digest, Watching
from presenters import presenter
from presenters.common import score_lines, table_title

from ..common import Colours, dm_locale, fives, jump_url, names_for, reports_errors, service, user_locale
from ..posted import find_own, footers, marked, markers
from .game_buttons import GameButton
from .pictures import picture
from .web_table import open_table_button, replay_link_button, table_link

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

FOOTER = markers("watch.digest.footer", "game", "move", "hands")  # which game a digest shows, how far
KINDS = {"l": "lobby", "g": "game"}  # what a watch control names: a lobby (before its game) or a game


class WatchButton(GameButton):
    """**Watch**: asks the watcher how to follow the table (an ephemeral choice); a player is refused. On a
    lobby (`fives:watch:l:<lobby>`) it names the lobby, whose game has no number yet; on a board, the game."""

    KIND, LABEL, EMOJI = "watch", "watch.button", "👀"
    FIELDS = r"(?P<kind>[lg]):(?P<id>[0-9]+)"

    def __init__(self, kind: str, target: int, locale: str = "en", *, label: str | None = None, row: int | None = None):
        self.kind, self.target = kind, target
        super().__init__(target, locale, label=label, row=row)

    def key(self) -> str:
        return f"{self.kind}:{self.target}"

    @classmethod
    def from_match(cls, match: re.Match[str], label: str | None) -> Self:
        return cls(match["kind"], int(match["id"]), label=label)

    async def pressed(self, interaction: discord.Interaction) -> None:
        watchers = service(interaction.client).watchers
        user_id = interaction.user.id
        if self.kind == "l":
            await watchers.may_watch_lobby(self.target, user_id)
        else:
            await watchers.may_watch_game(self.target, user_id)
        locale = user_locale(interaction)
        view = discord.ui.View(timeout=None)
        for mode in ("thread", "dm"):
            view.add_item(WatchModeButton(self.kind, self.target, mode, locale))
        await interaction.response.send_message(tr("watch.choose", locale), view=view, ephemeral=True)


class WatchModeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"fives:watchas:(?P<kind>[lg]):(?P<id>[0-9]+):(?P<mode>thread|dm)",
):
    """The watcher's choice: in the thread, or by DM digest."""

    def __init__(self, kind: str, target: int, mode: str, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr(f"watch.mode.{mode}", locale),
                style=discord.ButtonStyle.primary,
                custom_id=f"fives:watchas:{kind}:{target}:{mode}",
            )
        )
        self.kind, self.target, self.mode = kind, target, mode

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(match["kind"], int(match["id"]), match["mode"], label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = fives(interaction)
        watchers = bot.service.watchers
        user_id = interaction.user.id
        if self.kind == "l":
            watching, first = await watchers.watch_lobby(self.target, user_id, self.mode)
        else:
            watching, first = await watchers.watch_game(self.target, user_id, self.mode)
        locale = user_locale(interaction)
        bot.user_locales[user_id] = locale  # their digests in their language
        if self.mode == "thread" and watching.thread_id is not None:
            await add_to_thread(bot, watching.thread_id, [user_id])
        said = tr(f"watch.done.{self.mode}", locale)
        if first is not None:
            sent = await send_digest(bot, first)
            if sent == CLOSED:  # told here: they follow the thread instead
                await watchers.dms_closed(first, tell=False)
                if watching.thread_id is not None:
                    await add_to_thread(bot, watching.thread_id, [user_id])
                said = tr("watch.done.dm_closed", locale)
            elif sent == FAILED:
                await watchers.first_failed(first)
                said = tr("watch.done.dm_later", locale)
            else:  # told only once sent: a crash before this sends it again (looked for first)
                await watchers.told(first)
        view = discord.ui.View(timeout=None)
        view.add_item(UnwatchButton(*_target(watching), locale))
        await interaction.response.edit_message(content=said, view=view)


def _target(watching: Watching) -> tuple[str, int]:
    return ("g", watching.game_no) if watching.game_no is not None else ("l", watching.lobby_id)


class UnwatchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fives:unwatch:(?P<kind>[lg]):(?P<id>[0-9]+)"):
    """**Stop watching** (in the watcher's choice, and in each digest)."""

    def __init__(self, kind: str, target: int, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr("watch.stop", locale),
                style=discord.ButtonStyle.secondary,
                custom_id=f"fives:unwatch:{kind}:{target}",
            )
        )
        self.kind, self.target = kind, target

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(match["kind"], int(match["id"]), label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        bot = fives(interaction)
        if self.kind == "l":
            await bot.service.watchers.unwatch_lobby(self.target, interaction.user.id)
        else:
            table = await bot.service.watchers.unwatch_game(self.target, interaction.user.id)
            await remove_from_thread(bot, table, interaction.user.id)
        locale = user_locale(interaction)
        if interaction.guild_id is None:  # a digest: it stays, without its button
            await interaction.response.edit_message(view=None)
            await interaction.followup.send(tr("watch.stopped", locale))
        else:
            await interaction.response.edit_message(content=tr("watch.stopped", locale), view=None)


# -- the thread ---------------------------------------------------------------------------------------------
async def add_to_thread(bot: FivesBot, thread_id: int, user_ids: list[int]) -> None:
    """Add watchers to a table's thread, as Discord allows (a public thread: they could open it anyway)."""
    thread = bot.get_channel(thread_id)
    if not isinstance(thread, discord.Thread):
        return
    for user_id in user_ids:
        try:
            await thread.add_user(discord.Object(user_id))
        except discord.HTTPException as exc:
            log.info("thread %s: could not add watcher %s (%s)", thread_id, user_id, exc)


async def remove_from_thread(bot: FivesBot, table: TableInfo, user_id: int) -> None:
    thread = bot.get_channel(table.thread_id) if table.thread_id is not None else None
    if isinstance(thread, discord.Thread):
        try:
            await thread.remove_user(discord.Object(user_id))
        except discord.HTTPException as exc:
            log.info("thread %s: could not take watcher %s out (%s)", thread.id, user_id, exc)


# -- digests ------------------------------------------------------------------------------------------------
def digest_embed(digest: Digest, locale: str) -> discord.Embed:
    """The public board as it stands, what happened since the last digest, whose turn: nothing private."""
    snap = digest.snapshot
    table, view = snap.table, snap.view
    names = names_for(table, locale)
    words = presenter(table.game_id)
    embed = discord.Embed(
        title=tr("watch.digest.title", locale, table=table_title(table, locale)), colour=Colours.BOARD
    )
    lines = []
    if digest.first:
        lines.append(tr("watch.digest.first", locale))
    elif digest.plays:
        lines.append(tr("watch.digest.plays", locale, count=digest.plays))
    for number, hand in digest.new_hands:
        points = " · ".join(f"{n}: {p:+d}" for n, p in zip(_side_names(table, names), hand.points, strict=False))
        lines.append(tr("watch.digest.hand", locale, number=number, points=points))
    if snap.over:
        lines.append(tr("watch.digest.over", locale))
    where = jump_url(table.guild_id, table.thread_id or table.channel_id, table.board_message_id)
    lines.append(tr("watch.digest.link", locale, url=where))
    embed.description = "\n".join(lines)
    scores = score_lines(table.sides, snap.scores, names, locale)
    if scores:
        embed.add_field(name=words.scores_title(locale), value="\n".join(scores), inline=False)
    if view.current_seat is not None and not snap.over:
        embed.add_field(name=tr("board.turn.title", locale), value=words.turn_line(view, names, locale), inline=False)
    footer = tr("watch.digest.footer", locale, game=table.game_no, move=snap.turn, hands=len(snap.hands))
    embed.set_footer(text=footer)
    return embed


async def digest_sent(bot: FivesBot, digest: Digest) -> tuple[int, int] | None:
    """The (turn, hands ended) of the game that the newest digest of it in the watcher's DMs since the last one
    told shows (its footer says), if one was sent: an unsettled claim's, sent before a crash."""
    if digest.since is None:
        return None
    game_no = digest.snapshot.table.game_no

    def this_game(message: discord.Message) -> tuple[int, int] | None:
        for footer in footers(message):
            fields = marked(FOOTER, footer)
            if fields is not None and fields[0] == game_no:
                return fields[1], fields[2]
        return None

    try:
        user = bot.get_user(digest.user_id) or await bot.fetch_user(digest.user_id)
        channel = user.dm_channel or await user.create_dm()
    except discord.HTTPException as exc:
        log.info("game %s: the DMs of watcher %s could not be read (%s)", game_no, digest.user_id, exc)
        return None
    return await find_own(bot, channel, digest.since, this_game)


def _side_names(table: TableInfo, names: list[str]) -> list[str]:
    return [" & ".join(names[s] for s in side) for side in table.sides]


SENT, FAILED, CLOSED = "sent", "failed", "closed"  # what became of a digest


async def send_digest(bot: FivesBot, digest: Digest) -> str:
    """DM a digest (the image and text of the public view): SENT, FAILED (Discord failed: try again later) or
    CLOSED (refused for good: the watcher takes no DMs from the bot, or is gone)."""
    table = digest.snapshot.table
    locale = await dm_locale(bot, digest.user_id, table.guild_id)
    embed = digest_embed(digest, locale)
    file = picture(
        rendering.render_board, digest.snapshot.view, names_for(table, locale, escape=False), locale, "board.png"
    )
    kwargs: dict[str, Any] = {"embed": embed}
    if file is not None:
        embed.set_image(url="attachment://board.png")
        kwargs["file"] = file
    # While the web table is on, the watcher opens the game's page as any spectator does (the link's ticket
    # admits a member of the server), or once it has ended its replay.
    view = discord.ui.View(timeout=None)
    if not digest.over:
        view.add_item(UnwatchButton("g", table.game_no, locale))
        url = table_link(bot, table)
        if url is not None:
            view.add_item(open_table_button(url, locale))
    elif (replay := replay_link_button(bot, table, locale)) is not None:
        view.add_item(replay)
    if view.children:
        kwargs["view"] = view
    try:
        user = bot.get_user(digest.user_id) or await bot.fetch_user(digest.user_id)
        await user.send(**kwargs)
    except (discord.Forbidden, discord.NotFound) as exc:
        log.info("game %s: watcher %s takes no DMs (%s)", table.game_no, digest.user_id, exc)
        return CLOSED
    except discord.HTTPException as exc:
        log.info("game %s: no digest for watcher %s now (%s)", table.game_no, digest.user_id, exc)
        return FAILED
    return SENT
