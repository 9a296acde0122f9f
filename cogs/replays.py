"""Replays: `/replay game:<number>` (or **Replay** on the final board of a game) steps through an ended game.

The viewer shows one frame at a time (see `bot.tables.play.replays`): the board as the public saw it after a
play, with that play's line as the table told it and what every seat held then (the game is over: nothing
is hidden any more), each hand's deal, and at a hand's end its result as the table announced it (what was
still held, the points, the score sheet). **◀ ▶** step one play, **⏮ ⏭** one hand (back to this hand's
deal, on to its end). **Animate hand** and **Animate game** attach an animated GIF (rendering.replay).

A viewer is private by default: only its opener sees it and may step it. With `public:True` it is posted
for the channel in the server's language: its opener steps it for everyone, and anyone else who presses a
button gets their own private viewer where that step leads, to step as they like (see `ReplayControl`).

A viewer keeps nothing in memory: each button's custom id holds the game, the frame shown, the step and a
public viewer's opener, and a click rebuilds the frame from the game's replay. So its buttons work for as
long as the message is there, after a restart too, in whichever process takes the click. The replay of an
ended game is built once from the log and kept by the table service (a few, the newest) for every viewer of
it, so a step replays nothing; after a restart the first click builds it again.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from .common import ControlsCog
from .controls.replays import (
    ReplayButton,
    ReplayControl,
    open_replay,
)
from .translator import text

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)


# -- the cog -------------------------------------------------------------------------------------------------
class Replays(ControlsCog):
    ITEMS = (ReplayButton, ReplayControl)

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
