"""The table: turns the table service's notifications into Discord messages.

A game lives in a public thread opened from its lobby message (or in the channel itself where threads
are not allowed). Each call's notifications end in one new board message: the public image, what was
played and scored, and whose turn it is, mentioning that player; the board before it loses its controls.
Hand and game results get their own message with the score sheet. Private views go by DM (or back into
the message the player clicked), and a player whose DMs are closed is told once, in the thread, to use
**My hand** instead.

Where the bot may no longer post (a permission taken away mid-game), the move stands all the same: the
action log is the game. The player who made it is told, privately, what could not be posted and which
permission is missing; what the lost board said is carried into the next board that can be posted, which
shows the game as it stands.

Public images and texts are built from the notifications' public views only; the one private thing here
is a `HandChanged`, which goes to its own player.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import io
import logging
import re
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

import rendering
from bot.client import FivesBot
from bot.i18n import LOCALES, tr
from bot.tables import (
    BoardChanged,
    GameAbandoned,
    GameEnded,
    GameOver,
    HandChanged,
    HandEnded,
    HandMessage,
    LobbyChanged,
    Notification,
    Retold,
    SeatHandedToComputer,
    TableInfo,
    TableOpened,
    TurnReminder,
)
from bot.tables.outbox import Key, key_of
from rendering.five_hundred.board import closing_trick

from . import words
from .common import (
    Colours,
    ControlsCog,
    dm_locale,
    fives,
    jump_url,
    permission_names,
    public_locale,
    relative_time,
    reports_errors,
    user_locale,
)
from .hands import MyHandButton, hand_message

log = logging.getLogger(__name__)

CLOSED_DMS = 50007  # Discord: cannot send messages to this user
GONE = 404  # the table's channel no longer exists: what it would have shown is let go
BROKEN = 0  # telling failed on our side (logged as an error): the move stands and is told again later
MISSING_ACCESS = 50001  # Discord: the bot cannot see the channel at all
MAX_LINES = 3900  # characters of play lines in one embed (Discord allows 4096)
LINES_PER_MESSAGE = 3000  # play lines beyond this (a long backlog) go out in a message of their own first
THREAD_ARCHIVE_MINUTES = 10080  # a week: asynchronous games go quiet for days
CLOSED_DMS_RETRY_SECONDS = 3600  # a player whose DMs were closed gets one again after this (they may reopen)


def names_for(table: TableInfo, locale: str, *, escape: bool = True) -> list[str]:
    names = words.seat_names(table.seats, locale)
    return [discord.utils.escape_markdown(n) for n in names] if escape else names


def picture(render: Any, view: Any, names: Sequence[str], locale: str, filename: str) -> discord.File | None:
    """An image of a view, or None for a game the renderer does not draw yet (text says it all then)."""
    try:
        return discord.File(io.BytesIO(render(view, names, locale)), filename=filename)
    except TypeError:
        return None


def scores_of(view: Any) -> Sequence[int] | None:
    return getattr(view, "scores", None) or getattr(view, "chips", None)


def board_controls(table: TableInfo, locale: str) -> discord.ui.View:
    """The board's buttons: **My hand** (private, ephemeral) and, for trick games, the last trick (public)."""
    view = discord.ui.View(timeout=None)
    view.add_item(MyHandButton(table.game_no, locale))
    if words.family(table.game_id) == "five_hundred":
        view.add_item(LastTrickButton(table.game_no, locale))
    return view


class LastTrickButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fives:trick:(?P<game>[0-9]+)"):
    """The trick before the one on the table, for whoever missed it (everyone saw it: nothing private)."""

    def __init__(self, game_no: int, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr("controls.last_trick", locale),
                style=discord.ButtonStyle.secondary,
                custom_id=f"fives:trick:{game_no}",
            )
        )
        self.game_no = game_no

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):  # type: ignore[override]
        return cls(int(match["game"]), label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = fives(interaction).service
        table = await service.table(self.game_no)
        view = await service.public_view(self.game_no)
        locale = user_locale(interaction)
        # the hand's first trick is still on the table (during the next auction, the last hand's tenth is shown)
        if not getattr(view, "last_trick", ()) and closing_trick(view) is None:
            await interaction.edit_original_response(content=tr("trick.500.none", locale))
            return
        image = rendering.render_board(view, names_for(table, locale, escape=False), locale, show_previous=True)
        embed = discord.Embed(title=tr("controls.last_trick", locale), colour=Colours.BOARD)
        embed.set_image(url="attachment://trick.png")
        file = discord.File(io.BytesIO(image), filename="trick.png")
        await interaction.edit_original_response(embed=embed, attachments=[file])


class Post:
    """What one delivery has to say about one game; it ends in a single board message.

    It also keeps the books of the outbox: the keys of what the messages posted so far have told (`done`),
    of what is waiting for the next message (`keys`), and, once a post has failed, of everything public
    that is left (`failed`): nothing more is posted for this game in this delivery, so that the table never
    shows things out of order, and all of it is told again later."""

    def __init__(self, table: TableInfo, locale: str) -> None:
        self.table = table
        self.locale = locale
        self.view: Any = None
        self.turn: int | None = None
        self.deadline: float | None = None
        self.lines: list[str] = []
        self.opened: TableOpened | None = None
        self.ended = False  # finished or abandoned: no board, no controls
        self.hand: HandEnded | None = None  # a hand result waiting to see whether the game ended with it
        self.dealt = False  # a hand ended and the game goes on: the new hand needs its board
        self.keys: list[Key] = []  # told by the next public message
        self.done: list[Key] = []
        self.failed: list[Key] = []
        self.blocked = False  # a public post failed: the rest waits for the next try
        self.posted_until: int | None = None  # retold: the last move the table's messages already show
        self.skipping = False  # the results of an action already shown are not shown again
        self.hand_messages: list[HandMessage] = []
        self.forget_hands: list[int] = []


class Table(ControlsCog):
    ITEMS = (LastTrickButton,)

    def __init__(self, bot: FivesBot) -> None:
        super().__init__(bot)
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._places: dict[int, int] = {}  # game -> the channel or thread it is played in
        self._boards: dict[int, tuple[int, int]] = {}  # game -> (newest board message, its turn)
        self._hand_dms: dict[tuple[int, int], discord.Message | discord.PartialMessage] = {}  # (game, user)
        self._hand_turns: dict[tuple[int, int], int] = {}  # (game, user) -> the turn of the newest hand sent
        self._dm_channels: dict[int, discord.DMChannel] = {}
        self.closed_dms: dict[int, float] = {}  # users whose DMs refused us -> when (tried again after a while)
        self._told_closed: set[tuple[int, int]] = set()
        # game -> why a post failed in this delivery: the permissions missing, or Discord's HTTP status
        self._failed: dict[int, list[str] | int] = {}
        self._hand_dms_loaded: set[int] = set()  # games whose remembered hand DMs were read from the store
        self._started = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        # Whatever a crash left untold (the outbox), and the computer turns resume() played: told now, once.
        if self._started:
            return
        self._started = True
        await self.deliver(await self.bot.service.untold(everything=True))

    async def tell_untold(self) -> None:
        """Tell again what failed or was left by a crash and is due (called every few seconds)."""
        if self._started:
            await self.deliver(await self.bot.service.untold())

    # -- the one entry point ---------------------------------------------------------------------------
    async def deliver(
        self, notes: Sequence[Notification], origin: discord.Interaction | None = None, *, hand_origin: bool = False
    ) -> None:
        """Post what happened. `origin` is the interaction that caused it: its message is where a new
        table's thread opens from, and with `hand_origin` the clicking player's new hand replaces it.

        Never raises for what Discord refuses: what could not be told stays in the outbox and is told
        later; the player who acted is told that their move stands."""
        by_game: dict[int, list[Notification]] = {}
        for note in notes:
            if isinstance(note, LobbyChanged):
                lobby = self.bot.get_cog("Lobby")
                if lobby is not None:
                    await lobby.show(note.lobby)  # type: ignore[attr-defined]
                continue
            by_game.setdefault(note.table.game_no, []).append(note)
        for game_no, game_notes in by_game.items():
            async with self._locks[game_no]:
                try:
                    ended = await self._deliver_game(game_no, game_notes, origin, hand_origin)
                except Exception:
                    # A defect of ours: what was not told stays in the outbox and is tried again later.
                    log.exception("game %s: telling the table failed", game_no)
                    ended = False
                    if origin is not None:
                        await self._tell_unposted(origin, game_notes[0].table, BROKEN)
                finally:  # a failure to post is told to this delivery's player, never to the next one's
                    self._failed.pop(game_no, None)
            if ended:  # nothing more is said about this game
                self._locks.pop(game_no, None)

    async def _deliver_game(
        self, game_no: int, notes: list[Notification], origin: discord.Interaction | None, hand_origin: bool
    ) -> bool:
        """Post one game's notifications (with whatever it left untold before); whether the game ended."""
        notes = await self.bot.service.backlog(game_no, notes)
        if not notes:
            return False
        table = notes[0].table
        locale = await public_locale(self.bot, table.guild_id)
        post = Post(table, locale)
        hands: list[HandChanged] = []
        for note in notes:
            post.table = note.table
            names = names_for(note.table, locale)
            key = key_of(note)
            if isinstance(note, Retold):
                post.posted_until = await self._posted_until(note)
            elif isinstance(note, TableOpened):
                if post.posted_until is not None and post.posted_until >= 0:  # its first board is there
                    post.done.append(("opened", 0, 0))
                    continue
                await self._open(note, origin, locale)
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
                await self._flush_hand(post, locale)
                line = words.board_line(note, names, locale, before=note.before)
                if post.lines and len("\n".join(post.lines)) + len(line) >= LINES_PER_MESSAGE:
                    await self._post_lines(post)  # a long backlog: its lines go out in several messages
                post.view, post.turn, post.deadline = note.view, note.turn, note.deadline
                post.lines.append(line)
                post.keys.append(key)
            elif isinstance(note, HandEnded):
                if post.skipping:
                    continue
                await self._flush_hand(post, locale)
                post.hand = note
            elif isinstance(note, GameEnded):
                post.view = note.view
                if post.skipping:  # its message is there: what is left is to retire the controls
                    post.ended = True
                    await self._retire_board(note.table)
                    await self._retire_hands(note.table, post)
                    continue
                await self._game_over(post, note, locale)
            elif isinstance(note, HandChanged):
                hands.append(note)
            elif isinstance(note, TurnReminder):
                assert key is not None
                (post.done if await self._remind(note) else post.failed).append(key)
            elif isinstance(note, SeatHandedToComputer):
                assert key is not None
                if post.posted_until is not None and note.turn < post.posted_until:
                    post.done.append(key)
                    continue
                name = note.table.seats[note.seat].name  # the name they played under, not "(computer)"
                player = discord.utils.escape_markdown(name) if name else names[note.seat]
                post.lines.append(tr("line.resigned", locale, player=player))
                post.keys.append(key)
            elif isinstance(note, GameAbandoned):
                assert key is not None
                post.keys.append(key)
                await self._abandoned(post, note, locale)
        await self._flush_hand(post, locale)
        if not post.ended and (post.lines or post.opened or post.dealt):
            await self._board(post, hands, locale)
        for note in hands:
            if await self._hand(note, origin if hand_origin else None, post):
                post.done.append(("hand", note.user_id, note.turn))
            else:
                post.failed.append(("hand", note.user_id, note.turn))
        if post.ended and hand_origin and origin is not None and origin.guild_id is not None:
            # The game ended on this player's move from an ephemeral hand: its controls go too.
            with contextlib.suppress(discord.HTTPException):
                await origin.edit_original_response(view=None)
        post.failed += post.keys
        await self.bot.service.told(game_no, post.done, post.failed, post.hand_messages, post.forget_hands)
        failure = self._failed.pop(table.game_no, None)
        if failure is not None and origin is not None:
            await self._tell_unposted(origin, post.table, failure)
        return post.ended

    async def _posted_until(self, note: Retold) -> int | None:
        """The last move that the table's own messages show since `note.since` (their footers say which),
        or None when none does: what a crash may have posted just before it, so as not to post it again."""
        if self._lacking(note.table, ["read_message_history"]):
            return None
        found: int | None = None
        since = datetime.datetime.fromtimestamp(note.since - 1, tz=datetime.UTC)
        me = self.bot.user
        try:
            async for message in self._channel(self.place(note.table)).history(limit=50, after=since):
                if me is None or message.author.id != me.id:
                    continue
                for embed in message.embeds:
                    move = _move_of(embed.footer.text, note.table.game_no)
                    if move is not None and (found is None or move > found):
                        found = move
        except discord.HTTPException as exc:
            log.info("game %s: could not read the table's messages (%s)", note.table.game_no, exc)
        return found

    # -- where a table is played ---------------------------------------------------------------------
    def place(self, table: TableInfo) -> int:
        return self._places.get(table.game_no) or table.thread_id or table.channel_id

    def in_thread(self, game_no: int, channel_id: int) -> bool:
        """Whether the game opened a thread of its own (else it is played in `channel_id` itself)."""
        return self._places.get(game_no, channel_id) != channel_id

    def _channel(self, channel_id: int) -> Any:
        return self.bot.get_channel(channel_id) or self.bot.get_partial_messageable(channel_id)

    async def _open(self, note: TableOpened, origin: discord.Interaction | None, locale: str) -> None:
        """A public thread for the table, from the lobby message when we have it; the channel itself when
        threads are not possible there."""
        table = note.table
        if table.thread_id is not None:  # told again after a crash that came after its thread was opened
            self._places[table.game_no] = table.thread_id
            return
        channel = self.bot.get_channel(table.channel_id)
        players = tr("list.join", locale).join(names_for(table, locale, escape=False))
        name = f"{words.table_title(table, locale)} · {players}"[:100]
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
        with contextlib.suppress(GameOver):  # the computers finished it already: the announcements follow
            await self.bot.service.set_table_channel(table.game_no, table.channel_id, thread.id if thread else None)

    # -- board messages --------------------------------------------------------------------------------
    async def _board(self, post: Post, hands: Sequence[HandChanged], locale: str) -> None:
        table = post.table
        game_no = table.game_no
        view = post.view if post.view is not None else await self.bot.service.public_view(game_no)
        turn = post.turn if post.turn is not None else view.turn
        newest = self._boards.get(game_no)
        if newest is not None and newest[1] > turn:
            # A later call already posted a newer board: say what happened without replacing it.
            embed = discord.Embed(description=self._lines(post), colour=Colours.BOARD)
            await self._post(post, turn, embed=embed)
            return
        names = names_for(table, locale)
        embed = discord.Embed(title=words.table_title(table, locale), colour=Colours.BOARD)
        embed.description = "\n\n".join(x for x in (self._intro(post, names, locale), self._lines(post)) if x) or None
        self._add_scores(embed, table, view, names, locale)
        # Five Hundred: the bid, the contract; Domineren: the set, the type, the talon, a standing Block
        status = words.status_lines(table.game_id, view, names, locale)
        if status:
            embed.add_field(name=words.status_title(table.game_id, view, locale), value="\n".join(status), inline=False)
        exposed = words.exposed_hand(table.game_id, view, names, locale)  # an open-misère hand, face up
        if exposed is not None:
            embed.add_field(name=exposed[0], value=exposed[1], inline=False)
        current = getattr(view, "current_seat", None)
        content = None
        mention: list[discord.Object] = []
        if current is not None:
            seat = table.seats[current]
            deadline = post.deadline or next((h.deadline for h in hands if h.seat == current and h.your_turn), None)
            value = words.turn_line(table.game_id, view, names, locale)
            if deadline is not None and not seat.computer:
                when = relative_time(deadline)
                value += "\n" + words.deadline_line(table.game_id, view, when, locale, private=False)
            embed.add_field(name=tr("board.turn.title", locale), value=value, inline=False)
            if seat.user_id is not None and not seat.computer:
                content = tr("board.ping", locale, mention=f"<@{seat.user_id}>")
                mention = [discord.Object(seat.user_id)]
        raw_names = names_for(table, locale, escape=False)
        file = picture(rendering.render_board, view, raw_names, locale, "board.png")
        if file is not None:
            embed.set_image(url="attachment://board.png")
        else:
            embed.set_footer(text=tr("board.no_image", locale))
        controls = board_controls(table, locale)
        message = await self._post(
            post,
            turn,
            content=content,
            embed=embed,
            file=file,
            view=controls,
            allowed_mentions=discord.AllowedMentions(users=mention),
        )
        if message is None:  # the board before stays the live one; this one is told again later
            return
        await self._retire_board(table)
        self._boards[game_no] = (message.id, turn)
        with contextlib.suppress(GameOver):
            await self.bot.service.set_board_message(game_no, message.id, turn)

    def _intro(self, post: Post, names: Sequence[str], locale: str) -> str:
        if post.opened is None:
            return ""
        lines = [tr("board.opened", locale, players=tr("list.join", locale).join(f"**{n}**" for n in names))]
        if post.opened.seating is not None:
            for draw in post.opened.seating.draws:
                lines.append(tr("board.seating", locale, player=names[draw.seat], tile=draw.tile, seat=draw.seat + 1))
        return "\n".join(lines)

    async def _post_lines(self, post: Post) -> None:
        """The play lines gathered so far, in a message of their own (the next message would not hold them):
        every line is shown, none cut."""
        embed = discord.Embed(description="\n".join(post.lines), colour=Colours.BOARD)
        if await self._post(post, post.turn, embed=embed) is not None:
            post.lines = []

    @staticmethod
    def _lines(post: Post) -> str:
        text = "\n".join(post.lines)
        return text if len(text) <= MAX_LINES else "…" + text[-MAX_LINES:]

    @staticmethod
    def _add_scores(embed: discord.Embed, table: TableInfo, view: Any, names: Sequence[str], locale: str) -> None:
        scores = scores_of(view)
        if not scores:
            return
        sides = table.sides if len(table.sides) == len(scores) else tuple((s,) for s in range(len(scores)))
        value = "\n".join(
            tr("board.score", locale, side=words.side_name(side, names, locale), score=scores[k])
            for k, side in enumerate(sides)
        )
        embed.add_field(name=words.scores_title(table.game_id, locale), value=value, inline=False)

    async def _retire_board(self, table: TableInfo) -> None:
        """The previous board loses its controls: only the newest one is live."""
        newest = self._boards.get(table.game_no)
        old = newest[0] if newest is not None else table.board_message_id
        if old is None:
            return
        try:
            await self._channel(self.place(table)).get_partial_message(old).edit(view=None)
        except discord.HTTPException as exc:
            log.info("game %s: could not clear the old board %s (%s)", table.game_no, old, exc)

    async def _post(self, post: Post, move: int | None, **kwargs: Any) -> discord.Message | None:
        """One public message of a delivery, telling what `post.keys` hold; its footer names the game and
        the move it shows, by which a restart sees that it was posted. After one post has failed nothing
        more is posted: the rest is told again later, in order."""
        if post.blocked:
            return None
        embed: discord.Embed | None = kwargs.get("embed")
        if embed is not None and move is not None:
            marker = tr(
                "board.footer", await public_locale(self.bot, post.table.guild_id), game=post.table.game_no, move=move
            )
            embed.set_footer(text="\n".join(x for x in (embed.footer.text, marker) if x))
        message = await self._send(post.table, **kwargs)
        if message is None:
            if self._failed.get(post.table.game_no) == GONE:  # never postable again: told as far as it can be
                post.done += post.keys
                post.keys = []
            post.blocked = True
            return None
        post.done += post.keys
        post.keys = []
        return message

    async def _send(self, table: TableInfo, **kwargs: Any) -> discord.Message | None:
        """Post in the table's thread or channel; None if the bot may not (logged, and remembered, to tell the
        player whose action it was). A missing permission is seen in the cache first: without Embed Links
        Discord would post the board without its embed, and say nothing."""
        kwargs = {k: v for k, v in kwargs.items() if v is not None}
        place = self.place(table)
        needs = self._needs(table, **kwargs)
        missing = self._lacking(table, needs)
        if missing:
            log.warning("game %s: not posting in %s: the bot lacks %s", table.game_no, place, ", ".join(missing))
            self._failed.setdefault(table.game_no, missing)
            return None
        try:
            return await self._channel(place).send(**kwargs)
        except discord.NotFound as exc:
            if place != table.channel_id:
                # The table's thread was deleted: the game goes on in its channel, which is told why.
                log.warning("game %s: its thread %s is gone (%s); playing in the channel", table.game_no, place, exc)
                self._places[table.game_no] = table.channel_id
                with contextlib.suppress(GameOver):
                    await self.bot.service.set_table_channel(table.game_no, table.channel_id, None)
                locale = await public_locale(self.bot, table.guild_id)
                note = discord.Embed(description=tr("table.thread_gone", locale), colour=Colours.BOARD)
                with contextlib.suppress(discord.HTTPException):
                    await self._channel(table.channel_id).send(embed=note)
                return await self._send(table, **kwargs)
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

    def _lacking(self, table: TableInfo, needs: list[str]) -> list[str]:
        """Which of `needs` the bot's cached permissions where the table is played lack (none if not cached:
        an archived thread, say, which posting reopens)."""
        place = self._channel(self.place(table))
        if not isinstance(place, discord.abc.GuildChannel | discord.Thread) or place.guild.me is None:
            return []
        permissions = place.permissions_for(place.guild.me)
        # Without these discord.py reports the rest missing too: name only the cause.
        for first in ("view_channel", needs[0]):
            if not getattr(permissions, first):
                return [first]
        return [p for p in needs[1:] if not getattr(permissions, p)]

    async def _tell_unposted(self, origin: discord.Interaction, table: TableInfo, failure: list[str] | int) -> None:
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

    # -- results ---------------------------------------------------------------------------------------
    async def _flush_hand(self, post: Post, locale: str) -> None:
        note, post.hand = post.hand, None
        if note is None:
            return
        post.dealt = True
        names = names_for(note.table, locale)
        embed = discord.Embed(title=words.hand_title(note, locale), colour=Colours.RESULT)
        summary = words.hand_summary(note, names, locale)
        if len("\n".join([*post.lines, *summary])) > MAX_LINES:
            await self._post_lines(post)
        embed.description = "\n".join([*post.lines, *summary]) or None
        post.lines = []
        embed.add_field(
            name=words.scores_title(note.table.game_id, locale, "hand.over.scores"),
            value="\n".join(words.hand_scores(note, names, locale)),
            inline=False,
        )
        file = None
        if post.view is not None:
            file = picture(
                rendering.render_score_sheet,
                post.view,
                names_for(note.table, locale, escape=False),
                locale,
                "sheet.png",
            )
            if file is not None:
                embed.set_image(url="attachment://sheet.png")
        await self._post(post, post.turn, embed=embed, file=file)

    async def _game_over(self, post: Post, note: GameEnded, locale: str) -> None:
        hand, post.hand = post.hand, None
        table = note.table
        names = names_for(table, locale)
        embed = discord.Embed(
            title=tr("result.over.title", locale, table=words.table_title(table, locale)), colour=Colours.GAME_OVER
        )
        tail = words.hand_summary(hand, names, locale) if hand is not None else []
        tail.append(f"🏆 {words.winners(note, names, locale)}")
        if len("\n".join([*post.lines, *tail])) > MAX_LINES:
            await self._post_lines(post)
        lines = [*post.lines, *tail]
        embed.description = "\n".join(lines)
        embed.add_field(
            name=tr("result.over.standings", locale),
            value="\n".join(words.standings(note, names, locale)),
            inline=False,
        )
        if hand is not None:  # the last hand's points, as every other hand has them
            embed.add_field(
                name=words.last_hand_name(hand, locale),
                value="\n".join(words.hand_scores(hand, names, locale)),
                inline=False,
            )
        ratings = words.rating_lines(note, names, locale)
        if ratings:
            embed.add_field(name=tr("result.over.ratings", locale), value="\n".join(ratings), inline=False)
        file = picture(
            rendering.render_score_sheet, note.view, names_for(table, locale, escape=False), locale, "sheet.png"
        )
        if file is not None:
            embed.set_image(url="attachment://sheet.png")
        post.lines, post.ended = [], True
        if await self._post(post, note.view.turn, embed=embed, file=file) is None:
            return
        await self._retire_board(table)
        await self._retire_hands(table, post)

    async def _abandoned(self, post: Post, note: GameAbandoned, locale: str) -> None:
        table = note.table
        embed = discord.Embed(
            title=tr("result.abandoned.title", locale, table=words.table_title(table, locale)),
            description=tr("result.abandoned", locale, player=f"<@{note.by_user_id}>"),
            colour=Colours.CLOSED,
        )
        post.lines, post.ended = [], True
        if await self._post(post, note.turn, embed=embed) is None:
            return
        await self._retire_board(table)
        await self._retire_hands(table, post)

    async def _retire_hands(self, table: TableInfo, post: Post) -> None:
        """A game that ended keeps no live control anywhere: not on the board, not in a hand DM (those sent
        before a restart too); and nothing of it stays in memory (its place too, once the table's own info
        says it)."""
        game_no = table.game_no
        self._boards.pop(game_no, None)
        await self._load_hand_dms(game_no)
        for key in [k for k in self._hand_dms if k[0] == game_no]:
            await _clear_controls(self._hand_dms.pop(key))
            post.forget_hands.append(key[1])
        self._hand_dms_loaded.discard(game_no)
        for key in [k for k in self._hand_turns if k[0] == game_no]:
            del self._hand_turns[key]
        self._told_closed -= {k for k in self._told_closed if k[0] == game_no}
        if self._places.get(game_no) == (table.thread_id or table.channel_id):
            del self._places[game_no]

    # -- private messages ------------------------------------------------------------------------------
    async def _dm(self, user_id: int) -> discord.DMChannel:
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.bot.create_dm(discord.Object(user_id))
            self._dm_channels[user_id] = channel
        return channel

    async def _load_hand_dms(self, game_no: int) -> None:
        """The hand DMs with live controls that the store remembers of a game (sent before a restart)."""
        if game_no in self._hand_dms_loaded:
            return
        self._hand_dms_loaded.add(game_no)
        for m in await self.bot.service.hand_messages(game_no):
            channel = self.bot.get_partial_messageable(m.channel_id, type=discord.ChannelType.private)
            self._hand_dms.setdefault((game_no, m.user_id), channel.get_partial_message(m.message_id))

    def dms_closed(self, user_id: int) -> bool:
        """Whether the player's DMs refused us lately (they are tried again after a while: DMs reopen)."""
        since = self.closed_dms.get(user_id)
        if since is None:
            return False
        if discord.utils.utcnow().timestamp() - since < CLOSED_DMS_RETRY_SECONDS:
            return True
        del self.closed_dms[user_id]
        return False

    async def _hand(self, note: HandChanged, origin: discord.Interaction | None, post: Post) -> bool:
        """A player's new hand: into the message they clicked, else by DM (unless their DMs are closed:
        then they play with My hand, and the table is told so once). False when Discord failed and it must
        be sent again later."""
        key = (note.table.game_no, note.user_id)
        if self._hand_turns.get(key, -1) > note.turn:  # a newer hand went out already
            return True
        await self._load_hand_dms(note.table.game_no)
        old = self._hand_dms.pop(key, None)  # the DM with this player's controls, if any: stale after this
        message: discord.Message | None = None
        sent = False
        if origin is not None and origin.user.id == note.user_id:
            locale = user_locale(origin)
            url = self.table_url(note.table) if origin.guild_id is None else None
            embed, file, view = hand_message(note, locale, url=url)
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
            locale = await dm_locale(self.bot, note.user_id, note.table.guild_id)
            embed, file, view = hand_message(note, locale, url=self.table_url(note.table))
            try:
                channel = await self._dm(note.user_id)
                message = await channel.send(embed=embed, view=view, **({"file": file} if file else {}))
            except discord.Forbidden as exc:
                if exc.code != CLOSED_DMS:
                    log.warning("game %s: could not send user %s their hand (%s)", key[0], note.user_id, exc)
                    if old is not None:  # still the live one
                        self._hand_dms[key] = old
                    return False
                await self._closed(note.table, note.user_id)
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
            await _clear_controls(old)
        return True

    async def _closed(self, table: TableInfo, user_id: int) -> None:
        """Tell the table once that this player plays through My hand, and nothing else about them."""
        self.closed_dms[user_id] = discord.utils.utcnow().timestamp()
        if (table.game_no, user_id) in self._told_closed:
            return
        self._told_closed.add((table.game_no, user_id))
        locale = await public_locale(self.bot, table.guild_id)
        seat = table.seat_of(user_id)
        name = names_for(table, locale)[seat] if seat is not None else "?"
        embed = discord.Embed(description=tr("table.dms_closed", locale, player=name), colour=Colours.HAND)
        await self._send(table, embed=embed)

    async def _remind(self, note: TurnReminder) -> bool:
        """The half-time reminder by DM; False when Discord failed and it must be sent again later."""
        if self.dms_closed(note.user_id):
            return True
        locale = await dm_locale(self.bot, note.user_id, note.table.guild_id)
        embed = discord.Embed(
            title=tr("reminder.title", locale, table=words.table_title(note.table, locale)),
            description=tr("reminder.text", locale, when=relative_time(note.deadline)),
            colour=Colours.TURN,
        )
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label=tr("hand.go_to_table", locale), url=self.table_url(note.table)))
        try:
            await (await self._dm(note.user_id)).send(embed=embed, view=view)
        except discord.Forbidden as exc:
            if exc.code != CLOSED_DMS:
                log.warning("game %s: could not remind user %s (%s)", note.table.game_no, note.user_id, exc)
                return False
            await self._closed(note.table, note.user_id)
        except discord.HTTPException as exc:
            log.warning("game %s: could not remind user %s (%s)", note.table.game_no, note.user_id, exc)
            return False
        return True

    def table_url(self, table: TableInfo) -> str:
        board = self._boards.get(table.game_no)
        return jump_url(table.guild_id, self.place(table), board[0] if board else table.board_message_id)


_MARKERS = [
    re.compile(
        re.escape(tr("board.footer", locale, game="\x00", move="\x01"))
        .replace("\x00", r"(\d+)")
        .replace("\x01", r"(\d+)")
    )
    for locale in LOCALES
]


def _move_of(footer: str | None, game_no: int) -> int | None:
    """The move a table message's footer names, if it is one of game `game_no`'s."""
    for marker in _MARKERS:
        for match in marker.finditer(footer or ""):
            if int(match[1]) == game_no:
                return int(match[2])
    return None


async def _clear_controls(message: discord.Message | discord.PartialMessage) -> None:
    try:
        await message.edit(view=None)
    except discord.HTTPException as exc:
        log.info("could not clear the controls of message %s (%s)", message.id, exc)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Table(bot))
