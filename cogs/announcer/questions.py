"""What is said at a table besides its boards, told through the outbox like them: the question to take back an
action (posted once, then redrawn as the request changes), and a watcher whose DMs are closed.

A question is posted only if it never was: the message it went to is known from the store, from this
process's memory, or, when it is told again after a failed write or a crash, found among the table's
messages by its buttons. Each change of a request is told once; an older change told late is not drawn over
a newer one.
"""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import tr
from bot.tables import UndoRequested, WatcherDMsClosed

from ..controls.undo import question_embed, question_text, question_view
from ..controls.watching import add_to_thread
from .places import GONE, Places
from .post import Post

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

Where = tuple[int, int]  # (channel, message)


class Questions:
    """Posts and redraws the questions to take back an action, and tells watchers their DMs are closed."""

    def __init__(self, bot: FivesBot, places: Places) -> None:
        self.bot = bot
        self.places = places
        self._shown: dict[tuple[int, int], tuple[Where, int]] = {}  # (game, request) -> its message, step shown

    async def show(self, note: UndoRequested, post: Post, retold: bool) -> bool:
        """Post the question (the first time) or redraw it as the request stands; whether it is told (False:
        Discord failed, it is told again later)."""
        key = (note.table.game_no, note.request)
        shown = self._shown.get(key)
        if shown is not None and shown[1] > note.step:  # a newer change is on it already
            return True
        where: Where | None = shown[0] if shown is not None else None
        if where is None and note.channel_id is not None and note.message_id is not None:
            where = (note.channel_id, note.message_id)
        if where is None and (retold or note.step > 0):  # posted, perhaps, by a teller that died before noting it
            where = await self._find(note)
        locale = post.locale
        embed, view = question_embed(note, locale), question_view(note, locale)
        if where is not None:
            try:
                await (
                    self.places.channel(where[0])
                    .get_partial_message(where[1])
                    .edit(content=None, embed=embed, view=view)
                )
            except discord.NotFound:  # deleted: asked anew below while it is open
                log.info("game %s: the question of request %s is gone", key[0], key[1])
            except discord.HTTPException as exc:
                log.info("game %s: could not redraw the question of request %s (%s)", key[0], key[1], exc)
                return False
            else:
                self._shown[key] = (where, note.step)
                return True
        if view is None:  # never shown, and settled: the board says what became of the action, if anything
            self._shown.pop(key, None)
            return True
        if post.blocked:  # the board before it failed: the question waits, not to come before it
            return False
        message = await self.places.send(
            note.table,
            content=question_text(note, locale),
            embed=embed,
            view=view,
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        if message is None:
            return self.places.failure(note.table.game_no) == GONE  # never postable there: nothing to retry
        self._shown[key] = ((message.channel.id, message.id), note.step)
        await self.bot.service.undos.set_message(key[0], note.request, message.channel.id, message.id)
        return True

    async def _find(self, note: UndoRequested) -> Where | None:
        """The question of this request among the table's messages since it was asked (with its buttons still:
        a question that lost them was redrawn, so it was known)."""
        if self.places.lacking(note.table, ["read_message_history"]):
            return None
        wanted = {f"fives:undo:{note.table.game_no}:{note.request}:{way}" for way in ("yes", "no")}
        since = datetime.datetime.fromtimestamp(note.asked_at - 1, tz=datetime.UTC)
        me = self.bot.user
        try:
            channel = self.places.channel(self.places.place(note.table))
            async for message in channel.history(limit=100, after=since):
                if me is None or message.author.id != me.id:
                    continue
                ids = {
                    getattr(c, "custom_id", None) for row in message.components for c in getattr(row, "children", [])
                }
                if ids & wanted:
                    return (message.channel.id, message.id)
        except discord.HTTPException as exc:
            log.info("game %s: could not read the table's messages (%s)", note.table.game_no, exc)
        return None

    def forget(self, game_no: int) -> None:
        """An ended game's questions are let go once told."""
        for key in [k for k in self._shown if k[0] == game_no]:
            del self._shown[key]

    async def tell_watcher(self, note: WatcherDMsClosed, post: Post) -> bool:
        """A watcher whose DMs are closed is told where the table is played that they follow it there now (and
        added to its thread); nothing about any hand. Whether it is told."""
        if post.blocked:
            return False
        place = self.places.place(note.table)
        if not note.over and place != note.table.channel_id:
            await add_to_thread(self.bot, place, [note.user_id])
        locale = post.locale
        said = tr("watch.dms_closed.over" if note.over else "watch.dms_closed", locale, watcher=f"<@{note.user_id}>")
        mention = discord.AllowedMentions(users=[discord.Object(note.user_id)])
        if await self.places.send(note.table, content=said, allowed_mentions=mention) is not None:
            return True
        return self.places.failure(note.table.game_no) == GONE
