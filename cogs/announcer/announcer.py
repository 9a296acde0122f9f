"""The announcer: turns the table service's notifications into Discord messages. The bot holds one
(`FivesBot.announcer`, built in `setup_hook`), and every control that changes a game hands it what the
service returned.

Each delivery's notifications end in one new board message per game (`boards`), then the questions to
take back an action and the watchers told their DMs are closed (`questions`), and the questions of rematches
(`rematches`, told at the game played); private hands and reminders
go by DM (`hand_dms`); where each table is played, and what could not be posted there, is `places`'. What
Discord refused or a crash left untold stays in the service's outbox and is told again later
(`tell_untold`), exactly once and in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

import rendering
from bot.i18n import tr
from bot.logs import game_context
from bot.tables import (
    BoardChanged,
    GameAbandoned,
    GameEnded,
    HandChanged,
    HandEnded,
    LobbyChanged,
    LobbyInfo,
    Notification,
    PlayersInvited,
    Rematch,
    Retold,
    SeatHandedToComputer,
    ServerLeft,
    TableInfo,
    TableNotification,
    TableOpened,
    TurnReminder,
    UndoRequested,
    WatcherDMsClosed,
)
from bot.tables.models import SAVED_WITHOUT_LEVEL
from bot.tables.telling.outbox import key_of, tell_each
from bot.tables.telling.receipt import Notifications, Receipt
from presenters import presenter

from ..common import locale_in, names_for, public_locale
from ..controls.lobby import lobby_embed, lobby_view
from ..controls.watching import add_to_thread
from .boards import Boards
from .hand_dms import HandDMs
from .invites import Invites
from .places import BROKEN, Places
from .post import Post
from .questions import Questions
from .rematch_questions import RematchQuestions

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

LINES_PER_MESSAGE = 3000  # play lines beyond this (a long backlog) go out in a message of their own first


class Announcer:
    """Tells every table what happened at it, and every player their hand."""

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot
        self.places = Places(bot)
        self.boards = Boards(bot, self.places)
        self.hand_dms = HandDMs(bot, self.places, self.boards)
        self.questions = Questions(bot, self.places)
        self.rematches = RematchQuestions(bot, self.places)
        self.invites = Invites(bot, self.places)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # one lock per invitation being told (gone with its last holder)
        self._invite_locks: weakref.WeakValueDictionary[tuple[int, int], asyncio.Lock] = weakref.WeakValueDictionary()
        self._started = False
        self._delivering = 0  # deliveries under way, which a graceful stop lets end (`settle`)
        self._settled = asyncio.Event()
        self._settled.set()

    async def start(self) -> None:
        """Once connected: whatever a crash left untold (the outbox), and the computer turns `resume()`
        played, told now, once."""
        if self._started:
            return
        self._started = True
        # Each game told as soon as it is retold (a dead process's many at once: none waits for the others).
        await self.deliver(await self.bot.service.telling.untold(everything=True, tell=self.deliver))

    async def settle(self, timeout: float) -> bool:
        """Wait for the deliveries under way to end (at most `timeout` seconds); whether they did."""
        try:
            await asyncio.wait_for(self._settled.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def tell_untold(self) -> None:
        """Tell again what failed or was left by a crash and is due (called every few seconds)."""
        if self._started:
            await self.deliver(await self.bot.service.telling.untold(tell=self.deliver))

    def table_url(self, table: TableInfo) -> str:
        """A link to the table's newest board (its thread or channel before the first)."""
        return self.boards.table_url(table)

    def player_at_hand(self, user_id: int) -> None:
        """A player used their hand's controls or `/hand`: DMs are tried again at once if theirs were closed
        (else only an hour after they refused one)."""
        if self.hand_dms.may_be_open(user_id):
            log.info("user %s is at their hand: DMs are tried again", user_id)

    def in_thread(self, lobby: LobbyInfo) -> bool:
        """Whether the lobby's game opened a thread of its own (else it is played in the lobby's channel)."""
        return lobby.game_no is not None and self.places.in_thread(lobby.game_no, lobby.channel_id)

    async def show_lobby(self, lobby: LobbyInfo) -> None:
        """Redraw a lobby message (after a change made elsewhere than on it)."""
        if lobby.message_id is None:
            return
        locale = await public_locale(self.bot, lobby.guild_id)
        channel = self.places.channel(lobby.channel_id)
        try:
            await channel.get_partial_message(lobby.message_id).edit(
                embed=lobby_embed(lobby, locale), view=lobby_view(lobby, locale, self.bot)
            )
        except discord.HTTPException as exc:
            log.warning("lobby %s: could not redraw message %s (%s)", lobby.lobby_id, lobby.message_id, exc)

    async def tell_invited(self, note: PlayersInvited) -> bool:
        """The players invited to a private table, mentioned in its lobby's channel with a link to the lobby
        (only they are pinged), once: through the lobby outbox, reported to the service, so that what Discord
        refused is tried again later. Whether they are told (the invitation stands either way)."""
        key = (note.lobby.lobby_id, note.seq)
        lock = self._invite_locks.get(key)
        if lock is None:
            lock = self._invite_locks[key] = asyncio.Lock()
        async with lock:  # a retry and a first telling of one invitation take turns
            if not self.bot.service.lobbies.invitation_to_tell(note):  # told meanwhile
                return True
            told = await self.invites.tell(note)
            await self.bot.service.lobbies.invitation_told(note, told)
        return told

    # -- the one entry point ---------------------------------------------------------------------------
    async def deliver(
        self, notes: Sequence[Notification], origin: discord.Interaction | None = None, *, hand_origin: bool = False
    ) -> None:
        """Post what happened. `origin` is the interaction that caused it: its message is where a new
        table's thread opens from, and with `hand_origin` the clicking player's new hand replaces it.

        Never raises for what Discord refuses: what could not be told stays in the outbox and is told
        later; the player who acted is told that their move stands."""
        self._delivering += 1
        self._settled.clear()
        try:
            await self._deliver(notes, origin, hand_origin)
        finally:
            self._delivering -= 1
            if not self._delivering:
                self._settled.set()

    async def _deliver(
        self, notes: Sequence[Notification], origin: discord.Interaction | None, hand_origin: bool
    ) -> None:
        receipts = notes.receipts if isinstance(notes, Notifications) else {}
        by_game: dict[int, list[TableNotification]] = {}
        for note in notes:
            if isinstance(note, LobbyChanged):
                await self.show_lobby(note.lobby)
                continue
            if isinstance(note, PlayersInvited):
                await self.tell_invited(note)
                continue
            by_game.setdefault(note.table.game_no, []).append(note)

        async def tell(game: tuple[int, list[TableNotification]]) -> None:
            game_no, game_notes = game
            async with self._locks[game_no]:
                try:
                    with game_context(game_no):
                        ended = await self._deliver_game(
                            game_no, game_notes, receipts.get(game_no), origin, hand_origin
                        )
                except Exception:
                    # A defect of ours: what was not told stays in the outbox and is tried again later.
                    log.exception("game %s: telling the table failed", game_no)
                    ended = False
                    if origin is not None:
                        await self.places.tell_unposted(origin, game_notes[0].table, BROKEN)
                finally:  # a failure to post is told to this delivery's player, never to the next one's
                    self.places.take_failure(game_no)
            if self.bot.web_hub is not None:  # open web pages read the game again
                self.bot.web_hub.changed(game_no)
            if ended:  # nothing more is said about this game
                self._locks.pop(game_no, None)

        # Several games told a few at once, each by one teller at a time (its lock). A tick's and a sweep's
        # come here one game at a time, as each is fired or retold (`tell`), never waiting for a batch.
        await tell_each(list(by_game.items()), tell)

    async def _deliver_game(
        self,
        game_no: int,
        notes: list[TableNotification],
        receipt: Receipt | None,
        origin: discord.Interaction | None,
        hand_origin: bool,
    ) -> bool:
        """Post one game's notifications (with whatever it left untold before: the receipt they came with
        says, if nothing was settled since it was made; else the service is asked now, under this lock);
        whether the game ended. What was posted goes back in the receipt, in one call."""
        if receipt is None or not receipt.fresh():
            receipt = await self.bot.service.telling.receipt(game_no, notes)
        notes = [n for n in receipt.notes if not isinstance(n, LobbyChanged | PlayersInvited)]
        if not notes:
            return False
        table = notes[0].table
        locale = locale_in(self.bot, table.guild_id, receipt.language)
        post = Post(table, locale)
        hands: list[HandChanged] = []
        said: list[UndoRequested | WatcherDMsClosed | Rematch] = []  # after the board: about what it shows
        retold = False
        boards = self.boards
        for note in notes:
            post.table = note.table
            names = names_for(note.table, locale)
            key = key_of(note)
            if isinstance(note, Retold):
                retold = True
                post.posted_until = await boards.posted_until(note)
            elif isinstance(note, TableOpened):
                if post.posted_until is not None and post.posted_until >= 0:  # its first board is there
                    post.done.append(("opened", 0, 0))
                    continue
                await self.places.open(note, origin, locale)
                await self._add_watchers(note.table)
                post.opened, post.view, post.turn = note, note.view, note.turn
                post.keys.append(("opened", 0, 0))
            elif isinstance(note, BoardChanged):
                assert key is not None
                post.skipping = post.posted_until is not None and note.turn <= post.posted_until
                if post.skipping:  # posted before a crash: not twice
                    post.done.append(key)
                    post.view, post.turn = note.view, note.turn
                    continue
                # An action after a hand's end belongs to the next hand: the result goes out first, with
                # only its own plays, and this action starts the next board's lines.
                await boards.hand_result(post, locale)
                ends = rendering.end_names(note.view)  # Billitonnen's ends as the image shows them
                if note.kind == "undo":  # the board goes back to where it was: say why
                    line = tr("line.undo", locale, player=names[note.seat], action=note.action)
                else:
                    line = presenter(note.table.game_id).board_line(note, names, locale, ends=ends)
                if post.lines and len("\n".join(post.lines)) + len(line) >= LINES_PER_MESSAGE:
                    await boards.post_lines(post)  # a long backlog: its lines go out in several messages
                post.view, post.turn, post.deadline = note.view, note.turn, note.deadline
                post.lines.append(line)
                post.keys.append(key)
            elif isinstance(note, HandEnded):
                if post.skipping:
                    continue
                await boards.hand_result(post, locale)
                post.hand = note
            elif isinstance(note, GameEnded):
                post.view = note.view
                if post.skipping:  # its message is there: what is left is to retire the controls
                    post.ended = True
                    await boards.retire_board(note.table)
                    await self._retire(note.table, post)
                    continue
                if await boards.game_over(post, note, locale):
                    await boards.retire_board(note.table)
                    await self._retire(note.table, post)
            elif isinstance(note, HandChanged):
                hands.append(note)
            elif isinstance(note, UndoRequested | WatcherDMsClosed | Rematch):
                said.append(note)
            elif isinstance(note, TurnReminder):
                assert key is not None
                (post.done if await self.hand_dms.remind(note, locale) else post.failed).append(key)
            elif isinstance(note, SeatHandedToComputer):
                assert key is not None
                if post.posted_until is not None and note.turn < post.posted_until:
                    post.done.append(key)
                    continue
                seat = note.table.seats[note.seat]
                name = seat.name  # the name they played under, not "(computer)"
                player = discord.utils.escape_markdown(name) if name else names[note.seat]
                level = tr(f"level.{seat.computer_level or SAVED_WITHOUT_LEVEL}", locale)
                post.lines.append(tr("line.resigned", locale, player=player, level=level))
                post.keys.append(key)
            elif isinstance(note, ServerLeft):  # by DM: the server's channels are gone
                assert key is not None
                (post.done if await self.hand_dms.tell_left(note, locale) else post.failed).append(key)
                if not post.ended:
                    post.ended = True
                    await self._retire(note.table, post)
            elif isinstance(note, GameAbandoned):
                assert key is not None
                post.keys.append(key)
                if await boards.abandoned(post, note, locale):
                    await boards.retire_board(note.table)
                    await self._retire(note.table, post)
        await boards.hand_result(post, locale)
        if not post.ended and (post.lines or post.opened or post.dealt):
            await boards.board(post, hands, locale)
        for note in said:
            if isinstance(note, UndoRequested):
                told = await self.questions.show(note, post, retold)
            elif isinstance(note, Rematch):
                told = await self.rematches.show(note, post, retold)
            else:
                told = await self.questions.tell_watcher(note, post)
            key = key_of(note)
            assert key is not None  # each has an entry of its own
            (post.done if told else post.failed).append(key)
        for note in hands:
            if await self.hand_dms.send_hand(note, origin if hand_origin else None, post):
                post.done.append(("hand", note.user_id, note.turn))
            else:
                post.failed.append(("hand", note.user_id, note.turn))
        if post.ended and hand_origin and origin is not None and origin.guild_id is not None:
            # The game ended on this player's move from an ephemeral hand: its controls go too.
            with contextlib.suppress(discord.HTTPException):
                await origin.edit_original_response(view=None)
        post.failed += post.keys
        await self.bot.service.telling.told(
            receipt.posted(post.done, post.failed, post.hand_messages, post.forget_hands, post.board)
        )
        failure = self.places.take_failure(table.game_no)
        if failure is not None and origin is not None:
            await self.places.tell_unposted(origin, post.table, failure)
        return post.ended

    async def _add_watchers(self, table: TableInfo) -> None:
        """Those who watch the table in its thread (from its lobby) are added to the thread it opened."""
        place = self.places.place(table)
        if place != table.channel_id:
            await add_to_thread(self.bot, place, await self.bot.service.watchers.in_thread(table.lobby_id))

    async def _retire(self, table: TableInfo, post: Post) -> None:
        """A game that ended keeps no live control anywhere: not on the board, not in a hand DM; and nothing
        of it stays in memory (its place too, once the table's own info says it)."""
        self.boards.forget(table.game_no)
        self.questions.forget(table.game_no)
        await self.hand_dms.retire(table.game_no, post)
        self.places.forget(table)
