"""Watching a table: **Watch** on a lobby or a board asks how to follow it (privately): in the table's thread
(the watcher is added there, where the public boards are posted), or by a DM digest of the public board for
slow games (at most one an hour, and at each hand's and the game's end). **Stop watching** (in the choice, in
each digest) or `/unwatch`. Everything a watcher is sent is built from the public view: never a hand.

A digest counts as told only once Discord took it: one it failed is sent again after its claim's lease. One
it refuses for good (the watcher's DMs are closed) moves the watcher to the table's thread, where they are
told so once, through the outbox (the announcer's `questions`); a watcher who just chose digests is told
in their answer instead.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import tasks

from bot.i18n import tr

from .common import ControlsCog, user_locale
from .controls.watching import (
    CLOSED,
    SENT,
    UnwatchButton,
    WatchButton,
    WatchModeButton,
    digest_sent,
    remove_from_thread,
    send_digest,
)
from .translator import text

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 60.0  # how often the digests due are looked for (they are hourly at most)


# -- the cog ------------------------------------------------------------------------------------------------
class Spectators(ControlsCog):
    ITEMS = (WatchButton, WatchModeButton, UnwatchButton)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        await super().cog_unload()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            await self.send_due()
        except Exception:
            log.exception("the digest sweep failed; trying again in %s s", SWEEP_SECONDS)

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()

    async def send_due(self) -> None:
        """Send the digests due (claimed by this process). One sent counts as told; one refused for good (DMs
        closed) moves its watcher to the thread, which tells them so; one Discord failed is sent again once
        its claim's lease has ended."""
        watchers = self.bot.service.watchers
        for digest in await watchers.sweep():
            shown = await digest_sent(self.bot, digest)  # claimed before: perhaps sent, then a crash
            if shown is not None:
                log.info("game %s: the digest to %s was sent before a crash", digest.lobby_id, digest.user_id)
                await watchers.told(digest, shown)
                continue
            sent = await send_digest(self.bot, digest)
            if sent == SENT:
                await watchers.told(digest)
            elif sent == CLOSED:
                await self.bot.announcer.deliver(await watchers.dms_closed(digest))

    @app_commands.command(name=text("command.unwatch.name"), description=text("command.unwatch.description"))
    @app_commands.rename(game=text("command.option.game.name"))
    @app_commands.describe(game=text("command.unwatch.game.description"))
    @app_commands.guild_only()
    async def unwatch(self, interaction: discord.Interaction, game: int) -> None:
        table = await self.bot.service.watchers.unwatch_game(game, interaction.user.id)
        await remove_from_thread(self.bot, table, interaction.user.id)
        await interaction.response.send_message(tr("watch.stopped", user_locale(interaction)), ephemeral=True)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Spectators(bot))
