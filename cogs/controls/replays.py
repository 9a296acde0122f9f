"""A finished game's replay viewer (its frames, pictures and animations),
opened by `/replay` and by the **Replay** button."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

import discord

import rendering
from bot.i18n import tr
from bot.tables import GameNotOver, TableInfo
from bot.tables.play.replays import GameReplay, ReplayFrame
from presenters import presenter
from presenters.common import side_name, table_title, winners
from rendering.replay import MAX_BYTES, render_replay

from ..common import Colours, Refusal, fit, fives, names_for, public_locale, user_locale
from .analysis import AnalysisButton
from .game_buttons import GameButton
from .web_table import replay_link_button

if TYPE_CHECKING:
    from cogs.host import FivesBot


log = logging.getLogger(__name__)


HAND_GIF_BYTES = 2_000_000  # a hand's summary loads at once on a phone; frames are dropped to fit


GAME_GIF_BYTES = MAX_BYTES


IMAGE = "replay.png"


# -- one frame in words and pictures ---------------------------------------------------------------------
def frame_embed(replay: GameReplay, index: int, locale: str) -> discord.Embed:
    """Frame `index` of a replay in `locale`: what happened, the scores, what each seat held, the results."""
    frame = replay.frames[index]
    table = replay.table
    view = replay.positions[frame.position]
    names = names_for(table, locale)
    words = presenter(table.game_id)
    embed = discord.Embed(
        title=tr("replay.title", locale, table=table_title(table, locale)),
        colour=Colours.GAME_OVER if frame.kind == "game_end" else Colours.BOARD,
    )
    lines = [tr("replay.deal", locale, hand=view.hand_no)] if frame.play is None else []
    if frame.play is not None:
        lines.append(words.board_line(frame.play, names, locale, ends=rendering.end_names(view)))
    for note in frame.hands_ended:
        lines += words.hand_summary(note, names, locale)
    if frame.kind == "game_end" and replay.sides is not None:
        lines.append(f"🏆 {winners(replay.sides, names, locale)}")
    elif index == len(replay.frames) - 1 and not replay.finished:
        lines.append(tr("replay.abandoned", locale))
    embed.description = fit("\n".join(lines), 4000)
    _add_scores(embed, table, view.scores, names, locale)
    status = words.status_lines(view, names, locale)
    if status and frame.kind in ("deal", "play"):
        embed.add_field(name=words.status_title(view, locale), value=fit("\n".join(status), 1024))
    for note in frame.hands_ended:
        embed.add_field(
            name=words.last_hand_name(note, locale),
            value=fit("\n".join(words.hand_scores(note, names, locale)), 1024),
            inline=False,
        )
    if frame.kind == "game_end" and replay.sides is not None:
        standings = "\n".join(words.standings(replay.sides, names, locale))
        embed.add_field(name=tr("result.over.standings", locale), value=fit(standings, 1024), inline=False)
    if frame.kind in ("deal", "play") and not view.over:
        held = [
            tr("replay.held", locale, player=names[seat], hand=words.hand_text(hand, locale) or "—")
            for seat, hand in enumerate(replay.holdings[frame.position])
        ]
        embed.add_field(name=tr("replay.holdings", locale), value=fit("\n".join(held), 1024), inline=False)
    embed.set_footer(
        text=tr(
            "replay.footer",
            locale,
            move=frame.position,
            moves=len(replay.positions) - 1,
            hand=view.hand_no if frame.kind == "deal" else frame.hand_no,
            hands=replay.hands,
        )
    )
    return embed


def _add_scores(
    embed: discord.Embed, table: TableInfo, scores: Sequence[int], names: Sequence[str], locale: str
) -> None:
    if not scores:
        return
    sides = table.sides if len(table.sides) == len(scores) else tuple((s,) for s in range(len(scores)))
    value = "\n".join(
        tr("board.score", locale, side=side_name(side, names, locale), score=scores[k]) for k, side in enumerate(sides)
    )
    embed.add_field(name=presenter(table.game_id).scores_title(locale), value=fit(value, 1024), inline=False)


def frame_image(replay: GameReplay, frame: ReplayFrame, locale: str) -> bytes | None:
    """The frame's picture: the board as the public saw it, or at a hand's end the score sheet (the table
    showed the same). None where the game is told as text, or the drawing failed (logged)."""
    view = replay.positions[frame.position]
    render: Callable[..., bytes] = rendering.render_board
    if frame.kind in ("hand_end", "game_end"):
        render = rendering.render_score_sheet
    try:
        return render(view, names_for(replay.table, locale, escape=False), locale)
    except rendering.NoRenderer:
        return None
    except Exception:
        log.exception("game %s: could not draw frame at move %s", replay.table.game_no, frame.position)
        return None


# -- the viewer ----------------------------------------------------------------------------------------------
# What a viewer's buttons do, as their custom ids name it: four steps (with their labels) and two animations.
STEPS = {"hand-back": "⏮", "back": "◀", "forward": "▶", "hand-on": "⏭"}


ANIMATIONS = {"animate-hand": "replay.animate.hand", "animate-game": "replay.animate.game"}


async def replay_of(interaction: discord.Interaction, game_no: int) -> GameReplay:
    """Game `game_no` of this server, to replay: refused while it is played (nothing hidden leaks), not found
    on another server."""
    try:
        return await fives(interaction).service.replays.open(game_no, interaction.guild_id)
    except GameNotOver as error:
        raise Refusal("replay_not_over", str(error), game=game_no) from error


def step(replay: GameReplay, frame: int, way: str) -> int:
    """The frame a step takes a viewer to from `frame`: one play back or on, back to the hand's deal (or the
    hand before's), on to its end (or the next hand's)."""
    if way == "hand-back":
        return replay.previous_hand(frame)
    if way == "hand-on":
        return replay.next_hand(frame)
    return max(frame - 1, 0) if way == "back" else min(frame + 1, len(replay.frames) - 1)


@dataclass(frozen=True, slots=True)
class Page:
    """A viewer's message at one frame: what it says, its picture, its buttons."""

    embed: discord.Embed
    files: list[discord.File]
    view: discord.ui.View


def viewer_page(
    replay: GameReplay, frame: int, locale: str, *, opener: int | None, bot: FivesBot | None = None
) -> Page:
    """The viewer at `frame`, in `locale`; `opener` (a public viewer's) is in each of its buttons. With the
    bot (its web table on) a link opens the same step of the replay in a browser."""
    embed = frame_embed(replay, frame, locale)
    image = frame_image(replay, replay.frames[frame], locale)
    files = []
    if image is not None:
        embed.set_image(url=f"attachment://{IMAGE}")
        files.append(discord.File(io.BytesIO(image), filename=IMAGE))
    view = discord.ui.View(timeout=None)  # nothing to keep: each button says all a click needs
    first, last = frame == 0, frame == len(replay.frames) - 1
    nowhere = {"hand-back": first, "back": first, "forward": last, "hand-on": last}  # no step that way
    for way in (*STEPS, *ANIMATIONS):
        view.add_item(
            ReplayControl(replay.table.game_no, frame, way, locale, opener=opener, disabled=nowhere.get(way, False))
        )
    view.add_item(AnalysisButton(replay.table.game_no, locale, row=1))  # the presser's own moves, privately
    link = replay_link_button(bot, replay.table, locale, frame, row=1) if bot is not None else None
    if link is not None:
        view.add_item(link)
    return Page(embed, files, view)


async def open_replay(interaction: discord.Interaction, game_no: int, *, public: bool = False, frame: int = 0) -> None:
    """A viewer of game `game_no` of this server at `frame` (counted from the end when negative), sent as the
    answer to `interaction`: private, or posted for the channel in the server's language."""
    replay = await replay_of(interaction, game_no)
    locale = await public_locale(interaction.client, interaction.guild_id) if public else user_locale(interaction)
    frame = min(max(frame if frame >= 0 else len(replay.frames) + frame, 0), len(replay.frames) - 1)
    page = viewer_page(replay, frame, locale, opener=interaction.user.id if public else None, bot=fives(interaction))
    await interaction.response.send_message(embed=page.embed, files=page.files, view=page.view, ephemeral=not public)


class ReplayControl(GameButton):
    """A viewer's button, `fives:replay:<game>:<frame>:<way>[:<opener>]`: the frame the viewer shows, what the
    button does from there (a step, an animation) and, on a public viewer, who opened it. That is all a click
    needs: the replay of an ended game is the same from its log in any process, after any restart.

    On a private viewer (seen by its opener only) a step moves it. On a public one the opener's step moves it
    for the channel and the opener's animation is posted there; anyone else's press answers them alone: a
    step with their own private viewer at the frame it leads to, an animation privately, so that nobody moves
    the message the channel is reading from under its opener."""

    # At most 13 + 20 + 1 + 10 + 1 + 12 + 1 + 20 = 78 characters (a game number and a user id of 20 digits
    # each, a frame of 10): within the 100 Discord allows.
    KIND = "replay"
    FIELDS = rf"(?P<game>[0-9]+):(?P<frame>[0-9]+):(?P<way>{'|'.join((*STEPS, *ANIMATIONS))})(?::(?P<opener>[0-9]+))?"

    def __init__(
        self,
        game_no: int,
        frame: int,
        way: str,
        locale: str = "en",
        *,
        opener: int | None = None,
        label: str | None = None,
        disabled: bool = False,
    ) -> None:
        self.frame, self.way, self.opener = frame, way, opener
        label = label or STEPS.get(way) or tr(ANIMATIONS[way], locale)
        super().__init__(game_no, locale, label=label, row=0 if way in STEPS else 1)
        self.item.style = discord.ButtonStyle.primary if way in ("back", "forward") else discord.ButtonStyle.secondary
        self.item.disabled = disabled

    def key(self) -> str:
        opener = "" if self.opener is None else f":{self.opener}"
        return f"{self.game_no}:{self.frame}:{self.way}{opener}"

    @classmethod
    def from_match(cls, match: re.Match[str], label: str | None) -> Self:
        opener = int(match["opener"]) if match["opener"] else None
        return cls(int(match["game"]), int(match["frame"]), match["way"], opener=opener, label=label)

    async def pressed(self, interaction: discord.Interaction) -> None:
        replay = await replay_of(interaction, self.game_no)
        frame = min(self.frame, len(replay.frames) - 1)
        public = self.opener is not None
        theirs = public and interaction.user.id != self.opener  # a public viewer someone else opened
        if public and not theirs:
            locale = await public_locale(interaction.client, interaction.guild_id)
        else:
            locale = user_locale(interaction)
        if self.way in ANIMATIONS:
            await animate(interaction, replay, frame, self.way, locale, public=public and not theirs)
        elif theirs:
            page = viewer_page(replay, step(replay, frame, self.way), locale, opener=None, bot=fives(interaction))
            await interaction.response.send_message(embed=page.embed, files=page.files, view=page.view, ephemeral=True)
        else:
            page = viewer_page(
                replay, step(replay, frame, self.way), locale, opener=self.opener, bot=fives(interaction)
            )
            await interaction.response.edit_message(embed=page.embed, attachments=page.files, view=page.view)


async def animate(
    interaction: discord.Interaction, replay: GameReplay, frame: int, way: str, locale: str, *, public: bool
) -> None:
    """The animated GIF of frame `frame`'s hand, or of the whole game, as the answer to `interaction`."""
    title = table_title(replay.table, locale)
    positions: Sequence[Any] = replay.positions
    caption, what, limit = tr("replay.animated.game", locale, table=title), "game", GAME_GIF_BYTES
    if way == "animate-hand":
        hand = replay.frames[replay.hand_start(frame)].hand_no
        positions, what, limit = replay.hand_positions(frame), f"hand-{hand}", HAND_GIF_BYTES
        caption = tr("replay.animated.hand", locale, hand=hand, table=title)
    await interaction.response.defer(ephemeral=not public, thinking=True)
    names = names_for(replay.table, locale, escape=False)
    # Drawn in a thread: a whole game takes a second or two, and the bot keeps answering meanwhile.
    data = await asyncio.to_thread(lambda: render_replay(positions, names, locale, max_bytes=limit))
    name = f"fives-{replay.table.game_no}-{what}.gif"
    await interaction.followup.send(caption, file=discord.File(io.BytesIO(data), filename=name))


# -- the final board's button ------------------------------------------------------------------------------
class ReplayButton(GameButton):
    """**Replay** on the message that ends a game: a private viewer of it for whoever presses, from its deal."""

    KIND, LABEL = "replay", "replay.button"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await open_replay(interaction, self.game_no)
