"""Private messages: each player's new hand (into the message they clicked, else by DM), the half-time
reminder, and players whose DMs are closed, who are told once, in the thread, to use **My hand** instead.

A hand DM with live controls is remembered (in the store too, across a restart) so that it loses them once
the player's turn has moved on or the game ended.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import tr
from bot.tables import HandChanged, HandMessage, ServerLeft, TableInfo, TurnReminder
from presenters.common import table_title

from ..common import Colours, names_for, relative_time, user_locale
from ..controls.hands import hand_message
from ..controls.web_table import table_link
from .boards import Boards
from .places import Places
from .post import Post

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

CLOSED_DMS = 50007  # Discord: cannot send messages to this user
CLOSED_DMS_RETRY_SECONDS = 3600  # a player whose DMs were closed gets one again after this (they may reopen)


class HandDMs:
    """Sends hands and reminders, and remembers the hand DMs that carry live controls."""

    def __init__(self, bot: FivesBot, places: Places, boards: Boards) -> None:
        self.bot = bot
        self.places = places
        self.boards = boards
        self._hand_dms: dict[tuple[int, int], discord.Message | discord.PartialMessage] = {}  # (game, user)
        self._hand_turns: dict[tuple[int, int], int] = {}  # (game, user) -> the turn of the newest hand sent
        self._dm_channels: dict[int, discord.DMChannel] = {}
        self.closed_dms: dict[int, float] = {}  # users whose DMs refused us -> when (tried again after a while)
        self._told_closed: set[tuple[int, int]] = set()
        self._hand_dms_loaded: set[int] = set()  # games whose remembered hand DMs were read from the store

    async def _dm(self, user_id: int) -> discord.DMChannel:
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.bot.create_dm(discord.Object(user_id))
            self._dm_channels[user_id] = channel
        return channel

    async def _load(self, game_no: int) -> None:
        """The hand DMs with live controls that the store remembers of a game (sent before a restart)."""
        if game_no in self._hand_dms_loaded:
            return
        self._hand_dms_loaded.add(game_no)
        for m in await self.bot.service.telling.hand_messages(game_no):
            channel = self.bot.get_partial_messageable(m.channel_id, type=discord.ChannelType.private)
            self._hand_dms.setdefault((game_no, m.user_id), channel.get_partial_message(m.message_id))

    def may_be_open(self, user_id: int) -> bool:
        """The player is here, at their hand's controls: they may have opened their DMs again, so the next DM
        is tried (a refusal marks them again, and the table is not told twice). Whether they were marked."""
        return self.closed_dms.pop(user_id, None) is not None

    def dms_closed(self, user_id: int) -> bool:
        """Whether the player's DMs refused us lately (they are tried again after a while: DMs reopen)."""
        since = self.closed_dms.get(user_id)
        if since is None:
            return False
        if discord.utils.utcnow().timestamp() - since < CLOSED_DMS_RETRY_SECONDS:
            return True
        del self.closed_dms[user_id]
        return False

    async def send_hand(self, note: HandChanged, origin: discord.Interaction | None, post: Post) -> bool:
        """A player's new hand: into the message they clicked, else by DM (unless their DMs are closed:
        then they play with My hand, and the table is told so once). False when Discord failed and it must
        be sent again later."""
        key = (note.table.game_no, note.user_id)
        if self._hand_turns.get(key, -1) > note.turn:  # a newer hand went out already
            return True
        await self._load(note.table.game_no)
        old = self._hand_dms.pop(key, None)  # the DM with this player's controls, if any: stale after this
        message: discord.Message | None = None
        sent = False
        if origin is not None and origin.user.id == note.user_id:
            locale = user_locale(origin)
            url = self.boards.table_url(note.table) if origin.guild_id is None else None
            web_url = table_link(self.bot, note.table) if url is not None else None  # in a DM: the web page too
            embed, file, view = hand_message(note, locale, url=url, web_url=web_url)
            try:
                await origin.edit_original_response(
                    content=None, embed=embed, attachments=[file] if file else [], view=view
                )
                sent = True
                if origin.guild_id is None:
                    message = origin.message
            except discord.HTTPException as exc:  # the click's message is gone or expired: by DM instead
                log.info("game %s: could not answer user %s in place (%s)", key[0], note.user_id, exc)
        if not sent and not self.dms_closed(note.user_id):
            locale = self.bot.user_locales.get(note.user_id) or post.locale  # as `dm_locale`, the server's known
            embed, file, view = hand_message(
                note, locale, url=self.boards.table_url(note.table), web_url=table_link(self.bot, note.table)
            )
            try:
                channel = await self._dm(note.user_id)
                if file is not None:
                    message = await channel.send(embed=embed, view=view, file=file)
                else:
                    message = await channel.send(embed=embed, view=view)
                self.closed_dms.pop(note.user_id, None)  # their DMs are open (again)
            except discord.Forbidden as exc:
                if exc.code != CLOSED_DMS:
                    log.warning("game %s: could not send user %s their hand (%s)", key[0], note.user_id, exc)
                    if old is not None:  # still the live one
                        self._hand_dms[key] = old
                    return False
                await self._closed(note.table, note.user_id, post.locale)
            except discord.HTTPException as exc:
                log.warning("game %s: could not send user %s their hand (%s)", key[0], note.user_id, exc)
                if old is not None:
                    self._hand_dms[key] = old
                return False
        self._hand_turns[key] = note.turn
        if message is not None and note.your_turn:
            self._hand_dms[key] = message
            post.hand_messages.append(HandMessage(key[0], note.user_id, message.channel.id, message.id))
        elif old is not None:
            post.forget_hands.append(note.user_id)
        if old is not None and (message is None or old.id != message.id):
            await clear_controls(old)
        return True

    async def _closed(self, table: TableInfo, user_id: int, locale: str) -> None:
        """Tell the table once (in its public `locale`) that this player plays through My hand, and nothing
        else about them."""
        self.closed_dms[user_id] = discord.utils.utcnow().timestamp()
        if (table.game_no, user_id) in self._told_closed:
            return
        seat = table.seat_of(user_id)
        name = names_for(table, locale)[seat] if seat is not None else "?"
        embed = discord.Embed(description=tr("table.dms_closed", locale, player=name), colour=Colours.HAND)
        if await self.places.send(table, embed=embed) is not None:  # else said when a DM to them is next refused
            self._told_closed.add((table.game_no, user_id))

    async def remind(self, note: TurnReminder, public: str) -> bool:
        """The half-time reminder by DM (`public`: the table's locale); False when Discord failed and it must
        be sent again later."""
        if self.dms_closed(note.user_id):
            return True
        locale = self.bot.user_locales.get(note.user_id) or public
        embed = discord.Embed(
            title=tr("reminder.title", locale, table=table_title(note.table, locale)),
            description=tr("reminder.text", locale, when=relative_time(note.deadline)),
            colour=Colours.TURN,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=self.boards.table_url(note.table)))
        try:
            await (await self._dm(note.user_id)).send(embed=embed, view=view)
            self.closed_dms.pop(note.user_id, None)
        except discord.Forbidden as exc:
            if exc.code != CLOSED_DMS:
                log.warning("game %s: could not remind user %s (%s)", note.table.game_no, note.user_id, exc)
                return False
            await self._closed(note.table, note.user_id, public)
        except discord.HTTPException as exc:
            log.warning("game %s: could not remind user %s (%s)", note.table.game_no, note.user_id, exc)
            return False
        return True

    async def tell_left(self, note: ServerLeft, public: str) -> bool:
        """A player of a game whose server removed the bot, told by DM that it ended unrated (`public`: the
        table's locale); False when Discord failed and it must be sent again later (closed DMs: nobody can be
        told, and nothing will change that)."""
        locale = self.bot.user_locales.get(note.user_id) or public
        embed = discord.Embed(
            title=tr("left.title", locale, table=table_title(note.table, locale)),
            description=tr("left.text", locale),
            colour=Colours.CLOSED,
        )
        try:
            await (await self._dm(note.user_id)).send(embed=embed)
        except discord.Forbidden as exc:
            if exc.code != CLOSED_DMS:
                log.warning("game %s: could not tell user %s it ended (%s)", note.table.game_no, note.user_id, exc)
                return False
        except discord.HTTPException as exc:
            log.warning("game %s: could not tell user %s it ended (%s)", note.table.game_no, note.user_id, exc)
            return False
        return True

    async def retire(self, game_no: int, post: Post) -> None:
        """An ended game keeps no live control in a hand DM (those sent before a restart too), and nothing of
        it stays in memory."""
        await self._load(game_no)
        for key in [k for k in self._hand_dms if k[0] == game_no]:
            await clear_controls(self._hand_dms.pop(key))
            post.forget_hands.append(key[1])
        self._hand_dms_loaded.discard(game_no)
        for key in [k for k in self._hand_turns if k[0] == game_no]:
            del self._hand_turns[key]
        self._told_closed -= {k for k in self._told_closed if k[0] == game_no}


async def clear_controls(message: discord.Message | discord.PartialMessage) -> None:
    try:
        await message.edit(view=None)
    except discord.HTTPException as exc:
        log.info("could not clear the controls of message %s (%s)", message.id, exc)
