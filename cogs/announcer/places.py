"""Where each table is played, and posting there.

A game lives in a public thread opened from its lobby message (or in the channel itself where threads are
not allowed). Where the bot may no longer post (a permission taken away mid-game, the channel deleted), the
failure is remembered for the delivery, so that the player whose move it was is told, privately, what could
not be posted and why; the move stands all the same (the action log is the game).
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.i18n import tr
from bot.tables import TableInfo, TableOpened, TableOver
from presenters.common import table_title

from ..common import Colours, names_for, permission_names, public_locale, user_locale

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

GONE = 404  # the table's channel no longer exists: what it would have shown is let go
BROKEN = 0  # telling failed on our side (logged as an error): the move stands and is told again later
MISSING_ACCESS = 50001  # Discord: the bot cannot see the channel at all
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080  # a week: asynchronous games go quiet for days

# Why a post failed in a delivery: the permissions missing, or Discord's HTTP status (GONE, BROKEN...).
Failure = list[str] | int


class Places:
    """The thread or channel of every table, and what went wrong posting there in the current delivery."""

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot
        self._places: dict[int, int] = {}  # game -> the channel or thread it is played in
        self._failed: dict[int, Failure] = {}  # game -> why a post failed in this delivery

    def place(self, table: TableInfo) -> int:
        return self._places.get(table.game_no) or table.thread_id or table.channel_id

    def in_thread(self, game_no: int, channel_id: int) -> bool:
        """Whether the game opened a thread of its own (else it is played in `channel_id` itself)."""
        return self._places.get(game_no, channel_id) != channel_id

    def channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id) or self.bot.get_partial_messageable(channel_id)

    def failure(self, game_no: int) -> Failure | None:
        return self._failed.get(game_no)

    def take_failure(self, game_no: int) -> Failure | None:
        """Why a post of this delivery failed, forgotten at once: it is told to this delivery's player only."""
        return self._failed.pop(game_no, None)

    def forget(self, table: TableInfo) -> None:
        """An ended game's place is let go, once the table's own info says it."""
        if self._places.get(table.game_no) == (table.thread_id or table.channel_id):
            del self._places[table.game_no]

    async def open(self, note: TableOpened, origin: discord.Interaction | None, locale: str) -> None:
        """A public thread for the table, from the lobby message when we have it; the channel itself when
        threads are not possible there."""
        table = note.table
        if table.thread_id is not None:  # told again after a crash that came after its thread was opened
            self._places[table.game_no] = table.thread_id
            return
        channel = self.bot.get_channel(table.channel_id)
        players = tr("list.join", locale).join(names_for(table, locale, escape=False))
        name = f"{table_title(table, locale)} · {players}"[:100]
        thread: discord.Thread | None = None
        if isinstance(channel, discord.TextChannel):
            me = channel.guild.me
            allowed = me is None or (
                channel.permissions_for(me).create_public_threads
                and channel.permissions_for(me).send_messages_in_threads
            )
            if allowed:
                try:
                    message = origin.message if origin is not None else None
                    if message is not None and message.channel.id == channel.id:
                        thread = await message.create_thread(name=name, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
                    else:
                        thread = await channel.create_thread(
                            name=name,
                            type=discord.ChannelType.public_thread,
                            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                        )
                except discord.HTTPException as exc:
                    log.warning(
                        "game %s: no thread in channel %s (%s); playing in the channel", table.game_no, channel.id, exc
                    )
        self._places[table.game_no] = thread.id if thread is not None else table.channel_id
        with contextlib.suppress(TableOver):  # the computers finished it already: the announcements follow
            await self.bot.service.tables.set_channel(table.game_no, table.channel_id, thread.id if thread else None)

    async def send(self, table: TableInfo, **kwargs: Any) -> discord.Message | None:
        """Post in the table's thread or channel; None if the bot may not (logged, and remembered, to tell the
        player whose action it was). A missing permission is seen in the cache first: without Embed Links
        Discord would post the board without its embed, and say nothing."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        place = self.place(table)
        needs = self._needs(table, **kwargs)
        missing = self.lacking(table, needs)
        if missing:
            log.warning("game %s: not posting in %s: the bot lacks %s", table.game_no, place, ", ".join(missing))
            self._failed.setdefault(table.game_no, missing)
            return None
        try:
            message: discord.Message = await self.channel(place).send(**kwargs)
            return message
        except discord.NotFound as exc:
            if place != table.channel_id:
                # The table's thread was deleted: the game goes on in its channel, which is told why.
                log.warning("game %s: its thread %s is gone (%s); playing in the channel", table.game_no, place, exc)
                self._places[table.game_no] = table.channel_id
                with contextlib.suppress(TableOver):
                    await self.bot.service.tables.set_channel(table.game_no, table.channel_id, None)
                locale = await public_locale(self.bot, table.guild_id)
                note = discord.Embed(description=tr("table.thread_gone", locale), colour=Colours.BOARD)
                with contextlib.suppress(discord.HTTPException):
                    await self.channel(table.channel_id).send(embed=note)
                return await self.send(table, **kwargs)
            # Its channel is gone: nothing can ever be shown there; hands still go by DM.
            log.warning("game %s: its channel %s is gone (%s)", table.game_no, place, exc)
            self._failed.setdefault(table.game_no, GONE)
        except discord.Forbidden as exc:
            log.warning("game %s: could not post in %s (%s)", table.game_no, place, exc)
            # Discord knows better than the cache: name all that this message takes.
            self._failed.setdefault(table.game_no, ["view_channel", *needs] if exc.code == MISSING_ACCESS else needs)
        except discord.HTTPException as exc:
            log.warning("game %s: could not post in %s (%s)", table.game_no, place, exc)
            self._failed.setdefault(table.game_no, exc.status)
        return None

    def _needs(self, table: TableInfo, **kwargs: Any) -> list[str]:
        """The permissions a message takes where the table is played (in its thread, or the channel)."""
        thread = self.place(table) != table.channel_id
        needs = ["send_messages_in_threads" if thread else "send_messages"]
        if "embed" in kwargs:
            needs.append("embed_links")
        if "file" in kwargs:
            needs.append("attach_files")
        return needs

    def lacking(self, table: TableInfo, needs: list[str]) -> list[str]:
        """Which of `needs` the bot's cached permissions where the table is played lack (none if not cached:
        an archived thread, say, which posting reopens)."""
        place = self.channel(self.place(table))
        if not isinstance(place, discord.abc.GuildChannel | discord.Thread) or place.guild.me is None:
            return []
        permissions = place.permissions_for(place.guild.me)

        def granted(name: str) -> bool:
            return permissions.is_superset(discord.Permissions(**{name: True}))

        # Without these discord.py reports the rest missing too: name only the cause.
        for first in ("view_channel", needs[0]):
            if not granted(first):
                return [first]
        return [p for p in needs[1:] if not granted(p)]

    async def tell_unposted(self, origin: discord.Interaction, table: TableInfo, failure: Failure) -> None:
        """The action stands, but the table could not show it: tell the player who made it, and why."""
        locale = user_locale(origin)
        place = f"<#{self.place(table)}>"
        if failure == GONE:
            text = tr("table.channel_gone", locale)
        elif failure == BROKEN:
            text = tr("table.not_posted.broken", locale)
        elif isinstance(failure, list):
            text = tr("table.not_posted", locale, place=place, permissions=permission_names(failure, locale))
        else:
            text = tr("table.not_posted.failed", locale, place=place, status=failure)
        try:
            await origin.followup.send(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("game %s: could not tell user %s about it (%s)", table.game_no, origin.user.id, exc)
