"""The question of a rematch, told through the outbox of the game played like a move: posted once where it was
asked, then redrawn as the rematch changes (an answer, started, reopened, nobody), and a reopened table's lobby
posted in the game's channel before the question links to it.

A question or a lobby is posted only if it never was: where it went is known from the store, from this
process's memory, or, when it is told again after a failed write or a crash, found among the channel's messages
by its buttons. An older change told late is not drawn over a newer one.
"""

from __future__ import annotations

import contextlib
import datetime
import logging
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.tables import LobbyInfo, Rematch, StoreFailed, TableError

from ..controls.lobby import lobby_embed, lobby_view
from ..controls.rematches import question_embed, question_text, question_view
from .places import Places
from .post import Post

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)


class RematchQuestions:
    """Posts and redraws the questions of rematches, and the lobbies of the tables they reopen."""

    def __init__(self, bot: FivesBot, places: Places) -> None:
        self.bot = bot
        self.places = places
        self._shown: dict[int, tuple[int, int]] = {}  # game -> its question's message, step shown

    async def show(self, note: Rematch, post: Post, retold: bool) -> bool:
        """Post the question (the first time) or redraw it as the rematch stands, after posting the lobby of
        the table it reopened; whether it is told (False: Discord failed, it is told again later)."""
        shown = self._shown.get(note.game_no)
        if shown is not None and shown[1] > note.step:  # a newer change is on it already
            return True
        if post.blocked:  # the final board before it failed: the question waits, not to come before it
            return False
        locale = post.locale
        if note.lobby is not None and note.lobby.status == "open" and note.lobby.message_id is None:
            lobby = await self._post_lobby(note.lobby, locale, note.asked_at if retold else None)
            if lobby is None:
                return False
            note = replace(note, lobby=lobby)
        message_id = shown[0] if shown is not None else note.message_id
        if message_id is None and (retold or note.step > 0):  # posted, perhaps, by a teller that died since
            message_id = await self._find(note.channel_id, note.asked_at, _buttons(note))
        embed, view = question_embed(note, locale), question_view(note, locale)
        channel = self.places.channel(note.channel_id)
        if message_id is not None:
            try:
                await channel.get_partial_message(message_id).edit(content=None, embed=embed, view=view)
            except discord.NotFound:  # deleted: posted anew below
                log.info("game %s: the question of its rematch is gone", note.game_no)
            except discord.HTTPException as exc:
                log.info("game %s: could not redraw the question of its rematch (%s)", note.game_no, exc)
                return False
            else:
                self._remember(note, message_id)
                return True
        content = question_text(note, locale) if note.status == "open" else None
        try:
            message = await channel.send(
                content=content, embed=embed, view=view, allowed_mentions=discord.AllowedMentions(users=True)
            )
        except discord.HTTPException as exc:
            log.warning("game %s: could not post the question of its rematch (%s)", note.game_no, exc)
            return False
        self._remember(note, message.id)
        with contextlib.suppress(TableError):
            await self.bot.service.rematches.set_message(note.game_no, message.id)
        return True

    async def _post_lobby(self, lobby: LobbyInfo, locale: str, since: float | None) -> LobbyInfo | None:
        """The reopened table's lobby message, in its channel (told again: found there if a teller posted it
        since `since` and died); None if Discord failed."""
        message_id = None
        if since is not None:  # a lobby's buttons name it: a message of ours with them is its own
            message_id = await self._find(lobby.channel_id, since, {f"fives:lobby:{lobby.lobby_id}:join"})
        if message_id is None:
            view = lobby_view(lobby, locale, self.bot)
            try:
                message = await self.places.channel(lobby.channel_id).send(embed=lobby_embed(lobby, locale), view=view)
            except discord.HTTPException as exc:
                log.warning("lobby %s: could not post the table a rematch reopened (%s)", lobby.lobby_id, exc)
                return None
            message_id = message.id
        try:
            await self.bot.service.lobbies.set_message(lobby.lobby_id, message_id)
        except (StoreFailed, TableError):  # started or cancelled meanwhile: the link stands
            log.info("lobby %s: where its message is could not be noted", lobby.lobby_id)
        return replace(lobby, message_id=message_id)

    async def _find(self, channel_id: int, since: float, wanted: set[str]) -> int | None:
        """A message of ours in the channel since `since` with one of the buttons `wanted` (the question while
        it has them: a question that lost them was redrawn, so it was known)."""
        after = datetime.datetime.fromtimestamp(since - 1, tz=datetime.UTC)
        me = self.bot.user
        try:
            async for message in self.places.channel(channel_id).history(limit=100, after=after):
                if me is None or message.author.id != me.id:
                    continue
                ids = {
                    getattr(c, "custom_id", None) for row in message.components for c in getattr(row, "children", [])
                }
                if ids & wanted:
                    return int(message.id)
        except discord.HTTPException as exc:
            log.info("channel %s: could not read its messages (%s)", channel_id, exc)
        return None

    def _remember(self, note: Rematch, message_id: int) -> None:
        """Where the question is, while it may change (a settled one changes no more: let go)."""
        if note.status == "open":
            self._shown[note.game_no] = (message_id, note.step)
        else:
            self._shown.pop(note.game_no, None)


def _buttons(note: Rematch) -> set[str]:
    return {f"fives:rematch:{note.game_no}:{way}" for way in ("yes", "no")}
