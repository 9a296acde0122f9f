"""Replays: `/replay game:<number>` (or **Replay** on the final board of a game) steps through an ended game.

The viewer shows one frame at a time (see `bot.tables.replays`): the board as the public saw it after a
play, with that play's line as the table told it and what every seat held then (the game is over: nothing
is hidden any more), each hand's deal, and at a hand's end its result as the table announced it (what was
still held, the points, the score sheet). **◀ ▶** step one play, **⏮ ⏭** one hand (back to this hand's
deal, on to its end). **Animate hand** and **Animate game** attach an animated GIF (rendering.replay).

A viewer is private by default: only its opener sees it and may step it. With `public:True` it is posted
for the channel in the server's language: its opener steps it for everyone, and anyone else who presses a
button gets their own private viewer at the same frame, to step as they like. Its buttons stop after
`VIEWER_SECONDS` without a click (and are taken away then). Each viewer keeps the images it has drawn, and
every viewer of a game shares one replay built once from the log, so a step replays nothing.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import rendering
from bot.i18n import tr
from bot.tables import GameNotOver, TableInfo
from bot.tables.replays import GameReplay, ReplayFrame
from presenters import presenter
from presenters.common import side_name, table_title, winners
from rendering.replay import MAX_BYTES, render_replay

from .common import Colours, ControlsCog, Refusal, fives, names_for, public_locale, user_locale
from .game_buttons import GameButton
from .rules import fit
from .translator import text

if TYPE_CHECKING:
    from bot.client import FivesBot

log = logging.getLogger(__name__)

# A viewer's buttons work this long after its last click: within the 15 minutes for which Discord lets the
# bot edit a private reply, so the viewer can still take its buttons away when it stops.
VIEWER_SECONDS = 600.0
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
class ReplayViewer(discord.ui.View):
    """One person's (or, public, one channel's) way through a replay."""

    def __init__(self, replay: GameReplay, owner_id: int, locale: str, *, public: bool, frame: int = 0) -> None:
        super().__init__(timeout=VIEWER_SECONDS)
        self.replay = replay
        self.owner_id = owner_id
        self.locale = locale
        self.public = public
        self.frame = min(max(frame, 0), len(replay.frames) - 1)
        self.images: dict[int, bytes | None] = {}  # by frame: going back draws nothing again
        self.last: discord.Interaction | None = None  # the newest interaction of the opener: how to reach the message
        labels = {
            self.first_hand: "⏮",
            self.back: "◀",
            self.forward: "▶",
            self.next_hand: "⏭",
            self.animate_hand: tr("replay.animate.hand", locale),
            self.animate_game: tr("replay.animate.game", locale),
        }
        for button, label in labels.items():
            button.label = label
        self._enable()

    # -- what the message shows --------------------------------------------------------------------------
    def page(self) -> dict[str, Any]:
        """The message's embed and image for the current frame (the image drawn once per frame)."""
        embed = frame_embed(self.replay, self.frame, self.locale)
        if self.frame not in self.images:
            self.images[self.frame] = frame_image(self.replay, self.replay.frames[self.frame], self.locale)
        image = self.images[self.frame]
        files = []
        if image is not None:
            embed.set_image(url=f"attachment://{IMAGE}")
            files.append(discord.File(io.BytesIO(image), filename=IMAGE))
        return {"embed": embed, "files": files}

    def _enable(self) -> None:
        last = len(self.replay.frames) - 1
        self.first_hand.disabled = self.back.disabled = self.frame == 0
        self.forward.disabled = self.next_hand.disabled = self.frame == last

    async def _show(self, interaction: discord.Interaction, frame: int) -> None:
        self.frame = frame
        self._enable()
        page = self.page()
        await interaction.response.edit_message(embed=page["embed"], attachments=page["files"], view=self)

    # -- who may press ---------------------------------------------------------------------------------
    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id == self.owner_id:
            self.last = interaction
            return True
        if not self.public:  # a private viewer is seen by its opener only; say so rather than fail
            await interaction.response.send_message(tr("replay.not_yours", user_locale(interaction)), ephemeral=True)
            return False
        # Someone else on a public viewer: their own private viewer, where the step they pressed takes them
        # from the frame shown (the public one stays where its opener left it).
        pressed = dict(interaction.data or {}).get("custom_id")
        way = next((w for w, b in self._ways().items() if b.custom_id == pressed), None)
        frame = self.frame if way is None else self.step(way)
        own = ReplayViewer(self.replay, interaction.user.id, user_locale(interaction), public=False, frame=frame)
        await own.send(interaction)
        return False

    async def send(self, interaction: discord.Interaction) -> None:
        """Answer `interaction` with this viewer (private unless the viewer is public)."""
        await interaction.response.send_message(**self.page(), view=self, ephemeral=not self.public)
        self.last = interaction

    async def on_timeout(self) -> None:
        if self.last is None:
            return
        try:
            await self.last.edit_original_response(view=None)
        except discord.HTTPException as exc:
            log.info("replay of game %s: could not take its buttons away (%s)", self.replay.table.game_no, exc)

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item) -> None:
        await interaction.client.tree.on_error(interaction, error)  # type: ignore[attr-defined]

    # -- the buttons -----------------------------------------------------------------------------------
    def _ways(self) -> dict[str, discord.ui.Button]:
        return {"hand_back": self.first_hand, "back": self.back, "forward": self.forward, "hand_on": self.next_hand}

    def step(self, way: str) -> int:
        """The frame a step takes the viewer to: one play back or on, back to the hand's deal, on to its end."""
        frame, last = self.frame, len(self.replay.frames) - 1
        if way == "hand_back":
            return self.replay.previous_hand(frame)
        if way == "hand_on":
            return self.replay.next_hand(frame)
        return max(frame - 1, 0) if way == "back" else min(frame + 1, last)

    @discord.ui.button(style=discord.ButtonStyle.secondary, row=0)
    async def first_hand(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, self.step("hand_back"))

    @discord.ui.button(style=discord.ButtonStyle.primary, row=0)
    async def back(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, self.step("back"))

    @discord.ui.button(style=discord.ButtonStyle.primary, row=0)
    async def forward(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, self.step("forward"))

    @discord.ui.button(style=discord.ButtonStyle.secondary, row=0)
    async def next_hand(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await self._show(interaction, self.step("hand_on"))

    @discord.ui.button(style=discord.ButtonStyle.secondary, row=1)
    async def animate_hand(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        replay = self.replay
        positions = replay.hand_positions(self.frame)
        hand = replay.frames[replay.hand_start(self.frame)].hand_no
        caption = tr("replay.animated.hand", self.locale, hand=hand, table=table_title(replay.table, self.locale))
        await self._animate(interaction, positions, caption, f"hand-{hand}", HAND_GIF_BYTES)

    @discord.ui.button(style=discord.ButtonStyle.secondary, row=1)
    async def animate_game(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        caption = tr("replay.animated.game", self.locale, table=table_title(self.replay.table, self.locale))
        await self._animate(interaction, self.replay.positions, caption, "game", GAME_GIF_BYTES)

    async def _animate(
        self, interaction: discord.Interaction, positions: Sequence[Any], caption: str, what: str, limit: int
    ) -> None:
        await interaction.response.defer(ephemeral=not self.public, thinking=True)
        names = names_for(self.replay.table, self.locale, escape=False)
        locale = self.locale
        # Drawn in a thread: a whole game takes a second or two, and the bot keeps answering meanwhile.
        data = await asyncio.to_thread(lambda: render_replay(positions, names, locale, max_bytes=limit))
        name = f"fives-{self.replay.table.game_no}-{what}.gif"
        await interaction.followup.send(caption, file=discord.File(io.BytesIO(data), filename=name))


async def open_replay(
    interaction: discord.Interaction, game_no: int, *, public: bool = False, frame: int = 0
) -> ReplayViewer:
    """A viewer of game `game_no` of this server for the user, sent as the answer to `interaction`; the
    game's refusal (still played, or not found here) said for a replay."""
    assert interaction.guild_id is not None
    try:
        replay = await fives(interaction).service.replay(game_no, interaction.guild_id)
    except GameNotOver as error:
        raise Refusal("replay_not_over", str(error), game=game_no) from error
    locale = await public_locale(interaction.client, interaction.guild_id) if public else user_locale(interaction)
    if frame < 0:
        frame = len(replay.frames) + frame
    viewer = ReplayViewer(replay, interaction.user.id, locale, public=public, frame=frame)
    await viewer.send(interaction)
    return viewer


# -- the final board's button ------------------------------------------------------------------------------
class ReplayButton(GameButton):
    """**Replay** on the message that ends a game: a private viewer of it for whoever presses, from its deal."""

    KIND, LABEL = "replay", "replay.button"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await open_replay(interaction, self.game_no)


# -- the cog -------------------------------------------------------------------------------------------------
class Replays(ControlsCog):
    ITEMS = (ReplayButton,)

    @app_commands.command(name=text("command.replay.name"), description=text("command.replay.description"))
    @app_commands.rename(game=text("command.replay.game.name"), public=text("command.replay.public.name"))
    @app_commands.describe(
        game=text("command.replay.game.description"), public=text("command.replay.public.description")
    )
    @app_commands.guild_only()
    async def replay(
        self, interaction: discord.Interaction, game: app_commands.Range[int, 1], public: bool = False
    ) -> None:
        await open_replay(interaction, game, public=public)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Replays(bot))
