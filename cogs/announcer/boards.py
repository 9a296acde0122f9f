"""The table's public messages: one board message per delivery (the public image, what was played and
scored, whose turn it is, mentioning that player), hand and game results with the score sheet, and the
footer by which a restart sees what was posted before it. Only the newest board keeps its controls.

Public images and texts are built from the notifications' public views only.
"""

from __future__ import annotations

import datetime
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

import rendering
from bot.engine import View
from bot.i18n import LOCALES, tr
from bot.tables import GameAbandoned, GameEnded, HandChanged, Retold, TableInfo
from presenters import presenter
from presenters.common import opening_lines, player_mention, rating_lines, score_lines, table_title, winners

from ..common import Colours, jump_url, names_for, relative_time
from ..controls.board import board_controls
from ..controls.pictures import picture
from ..controls.rematches import final_board_controls
from ..controls.web_table import replay_link_button
from .places import GONE, Places
from .post import MAX_LINES, Post

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)


class Boards:
    """Posts a delivery's public messages where its table is played, and keeps the newest board of each."""

    def __init__(self, bot: FivesBot, places: Places) -> None:
        self.bot = bot
        self.places = places
        self._boards: dict[int, tuple[int, int]] = {}  # game -> (newest board message, its turn)

    def table_url(self, table: TableInfo) -> str:
        board = self._boards.get(table.game_no)
        return jump_url(table.guild_id, self.places.place(table), board[0] if board else table.board_message_id)

    def forget(self, game_no: int) -> None:
        self._boards.pop(game_no, None)

    # -- the board -------------------------------------------------------------------------------------
    async def board(self, post: Post, hands: Sequence[HandChanged], locale: str) -> None:
        table = post.table
        game_no = table.game_no
        if post.view is None or post.turn is None:  # nothing played in this delivery (a resignation, say)
            # The log's turn, not the view's: after an accepted undo the view counts two fewer per undo.
            snap = await self.bot.service.tables.snapshot(game_no)
            post.view = post.view if post.view is not None else snap.view
            post.turn = post.turn if post.turn is not None else snap.turn
        view: View = post.view
        turn = post.turn
        newest = self._boards.get(game_no)
        if newest is not None and newest[1] > turn:
            # A later call already posted a newer board: say what happened without replacing it.
            embed = discord.Embed(description=self._lines(post), colour=Colours.BOARD)
            await self.post(post, turn, embed=embed)
            return
        names = names_for(table, locale)
        players = names_for(table, locale, levels=True)  # who plays, with each computer's level
        words = presenter(table.game_id)
        embed = discord.Embed(title=table_title(table, locale), colour=Colours.BOARD)
        embed.description = "\n\n".join(x for x in (self._intro(post, players, locale), self._lines(post)) if x) or None
        self._add_scores(embed, table, view, players, locale)
        # Five Hundred: the bid, the contract; Domineren: the set, the type, the talon, a standing Block
        status = words.status_lines(view, names, locale)
        if status:
            embed.add_field(name=words.status_title(view, locale), value="\n".join(status), inline=False)
        if table.hints:  # said on every board: a player may ask for one, and the game is then unrated
            embed.add_field(name=tr("board.hints.title", locale), value=tr("board.hints", locale), inline=False)
        exposed = words.exposed_hand(view, names, locale)  # an open-misère hand, face up
        if exposed is not None:
            embed.add_field(name=exposed[0], value=exposed[1], inline=False)
        current = view.current_seat
        content = None
        mention: list[discord.Object] = []
        if current is not None:
            seat = table.seats[current]
            deadline = post.deadline or next((h.deadline for h in hands if h.seat == current and h.your_turn), None)
            value = words.turn_line(view, names, locale)
            if deadline is not None and not seat.computer:
                when = relative_time(deadline)
                value += "\n" + words.deadline_line(view, when, locale, private=False)
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
        controls = board_controls(table, locale, self.bot)
        message = await self.post(
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
        await self.retire_board(table)
        self._boards[game_no] = (message.id, turn)
        post.board = (message.id, turn)  # the live one from now on: written with what this delivery told

    @staticmethod
    def _intro(post: Post, names: Sequence[str], locale: str) -> str:
        return "\n".join(opening_lines(post.opened.seating, names, locale)) if post.opened is not None else ""

    async def post_lines(self, post: Post) -> None:
        """The play lines gathered so far, in a message of their own (the next message would not hold them):
        every line is shown, none cut."""
        embed = discord.Embed(description="\n".join(post.lines), colour=Colours.BOARD)
        if await self.post(post, post.turn, embed=embed) is not None:
            post.lines = []

    @staticmethod
    def _lines(post: Post) -> str:
        text = "\n".join(post.lines)
        return text if len(text) <= MAX_LINES else "…" + text[-MAX_LINES:]

    @staticmethod
    def _add_scores(embed: discord.Embed, table: TableInfo, view: View, names: Sequence[str], locale: str) -> None:
        lines = score_lines(table.sides, view.scores, names, locale)  # Domineren's scores are its chips
        if lines:
            embed.add_field(name=presenter(table.game_id).scores_title(locale), value="\n".join(lines), inline=False)

    async def retire_board(self, table: TableInfo) -> None:
        """The previous board loses its controls: only the newest one is live."""
        newest = self._boards.get(table.game_no)
        old = newest[0] if newest is not None else table.board_message_id
        if old is None:
            return
        try:
            await self.places.channel(self.places.place(table)).get_partial_message(old).edit(view=None)
        except discord.HTTPException as exc:
            log.info("game %s: could not clear the old board %s (%s)", table.game_no, old, exc)

    # -- results ---------------------------------------------------------------------------------------
    async def hand_result(self, post: Post, locale: str) -> None:
        """The hand result waiting in `post`, with the plays of that hand (none when no hand ended)."""
        note, post.hand = post.hand, None
        if note is None:
            return
        post.dealt = True
        names = names_for(note.table, locale)
        words = presenter(note.table.game_id)
        embed = discord.Embed(title=words.hand_title(note, locale), colour=Colours.RESULT)
        summary = words.hand_summary(note, names, locale)
        if len("\n".join([*post.lines, *summary])) > MAX_LINES:
            await self.post_lines(post)
        embed.description = "\n".join([*post.lines, *summary]) or None
        post.lines = []
        embed.add_field(
            name=words.scores_title(locale, "hand.over.scores"),
            value="\n".join(words.hand_scores(note, names, locale)),
            inline=False,
        )
        file = None
        if post.view is not None:
            raw_names = names_for(note.table, locale, escape=False)
            file = picture(rendering.render_score_sheet, post.view, raw_names, locale, "sheet.png")
            if file is not None:
                embed.set_image(url="attachment://sheet.png")
        await self.post(post, post.turn, embed=embed, file=file)

    async def game_over(self, post: Post, note: GameEnded, locale: str) -> bool:
        """The game's result (with its last hand's); whether it was posted."""
        hand, post.hand = post.hand, None
        table = note.table
        names = names_for(table, locale)
        words = presenter(table.game_id)
        embed = discord.Embed(
            title=tr("result.over.title", locale, table=table_title(table, locale)), colour=Colours.GAME_OVER
        )
        tail = words.hand_summary(hand, names, locale) if hand is not None else []
        tail.append(f"🏆 {winners(note.sides, names, locale)}")
        if len("\n".join([*post.lines, *tail])) > MAX_LINES:
            await self.post_lines(post)
        lines = [*post.lines, *tail]
        embed.description = "\n".join(lines)
        embed.add_field(
            name=tr("result.over.standings", locale),
            value="\n".join(words.standings(note.sides, names, locale)),
            inline=False,
        )
        if hand is not None:  # the last hand's points, as every other hand has them
            embed.add_field(
                name=words.last_hand_name(hand, locale),
                value="\n".join(words.hand_scores(hand, names, locale)),
                inline=False,
            )
        ratings = rating_lines(note.ratings, names, locale)
        if note.hinted:  # nobody's rating moved: a hint was used
            embed.add_field(
                name=tr("result.over.ratings", locale), value=tr("result.over.hinted", locale), inline=False
            )
        elif ratings:
            embed.add_field(name=tr("result.over.ratings", locale), value="\n".join(ratings), inline=False)
        file = picture(
            rendering.render_score_sheet, note.view, names_for(table, locale, escape=False), locale, "sheet.png"
        )
        if file is not None:
            embed.set_image(url="attachment://sheet.png")
        post.lines, post.ended = [], True
        controls = final_board_controls(table, locale)
        link = replay_link_button(self.bot, table, locale)  # the web table's replay, while it is on
        if link is not None:
            controls.add_item(link)
        # The log's turn, as every other post has it (an accepted undo leaves the view's count behind the log's,
        # and a restart reads from these footers where the table's messages got to).
        turn = post.turn if post.turn is not None else note.view.turn
        return await self.post(post, turn, embed=embed, file=file, view=controls) is not None

    async def abandoned(self, post: Post, note: GameAbandoned, locale: str) -> bool:
        """That the game was abandoned; whether it was posted."""
        table = note.table
        embed = discord.Embed(
            title=tr("result.abandoned.title", locale, table=table_title(table, locale)),
            description=tr("result.abandoned", locale, player=player_mention(note.by_user_id, locale)),
            colour=Colours.CLOSED,
        )
        post.lines, post.ended = [], True
        return await self.post(post, note.turn, embed=embed) is not None

    # -- posting ---------------------------------------------------------------------------------------
    async def post(self, post: Post, move: int | None, **kwargs: Any) -> discord.Message | None:
        """One public message of a delivery, telling what `post.keys` hold; its footer names the game and
        the move it shows, by which a restart sees that it was posted. After one post has failed nothing
        more is posted: the rest is told again later, in order."""
        if post.blocked:
            return None
        embed: discord.Embed | None = kwargs.get("embed")
        if embed is not None and move is not None:
            marker = tr("board.footer", post.locale, game=post.table.game_no, move=move)
            embed.set_footer(text="\n".join(x for x in (embed.footer.text, marker) if x))
        message = await self.places.send(post.table, **kwargs)
        if message is None:
            if self.places.failure(post.table.game_no) == GONE:  # never postable again: told as far as it can be
                post.done += post.keys
                post.keys = []
            post.blocked = True
            return None
        post.done += post.keys
        post.keys = []
        return message

    async def posted_until(self, note: Retold) -> int | None:
        """The last move that the table's own messages show since `note.since` (their footers say which),
        or None when none does: what a crash may have posted just before it, so as not to post it again."""
        if self.places.lacking(note.table, ["read_message_history"]):
            return None
        found: int | None = None
        since = datetime.datetime.fromtimestamp(note.since - 1, tz=datetime.UTC)
        me = self.bot.user
        try:
            async for message in self.places.channel(self.places.place(note.table)).history(limit=50, after=since):
                if me is None or message.author.id != me.id:
                    continue
                for embed in message.embeds:
                    move = _move_of(embed.footer.text, note.table.game_no)
                    if move is not None and (found is None or move > found):
                        found = move
        except discord.HTTPException as exc:
            log.info("game %s: could not read the table's messages (%s)", note.table.game_no, exc)
        return found


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
