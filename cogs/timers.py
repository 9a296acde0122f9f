"""Turn timers and the outbox: every few seconds the table service is asked what is due. Half-way through
a turn the player gets a reminder by DM; when a turn runs out the computer plays it and the board says so;
and whatever Discord refused earlier (or a crash left untold) is told again once its retry is due."""

from __future__ import annotations

import logging

from discord.ext import commands, tasks

from bot.tables.telling.outbox import HOLD_EVERY
from cogs.host import FivesBot

log = logging.getLogger(__name__)

TICK_SECONDS = 5.0  # the service answers at once when nothing is due


class Timers(commands.Cog):
    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        if self.bot.service.telling.shared:  # a dead process's pending turns and untold hands, taken over at once
            self.tick.change_interval(seconds=HOLD_EVERY)
            self.hold.start()
            self.sweep.start()
        self.tick.start()

    async def cog_unload(self) -> None:
        self.tick.cancel()
        self.hold.cancel()
        self.sweep.cancel()

    @tasks.loop(seconds=HOLD_EVERY)
    async def sweep(self) -> None:
        """Where processes share the store: what a dead process (or a failed post) left untold, on a loop of
        its own beside the timers, whose tick may take long (a dead process's computers played): behind it,
        the hands a dead process had written waited for the computers of every other game (#23)."""
        try:
            with self.bot.service.telling.urgent():
                await self.bot.announcer.tell_untold()
        except Exception:
            log.exception("telling what was left untold failed; trying again in %s s", HOLD_EVERY)

    @tasks.loop(seconds=HOLD_EVERY)
    async def hold(self) -> None:
        """What this process is still telling stays its own (its short lease renewed), on a loop of its own:
        a tick that takes long (a dead process's games taken over) let the leases of what this one was telling
        run out, and a process starting meanwhile took it and told it again (#23)."""
        try:
            with self.bot.service.telling.urgent():
                await self.bot.service.telling.hold()
        except Exception:
            log.exception("could not hold what is being told; trying again in %s s", HOLD_EVERY)

    @tasks.loop(seconds=TICK_SECONDS)
    async def tick(self) -> None:
        announcer = self.bot.announcer
        try:
            with self.bot.service.telling.urgent():  # the store's calls not queued behind this process's clicks
                if not self.bot.service.telling.shared:  # alone on SQLite, the leases are held here (else: `hold`)
                    await self.bot.service.telling.hold()
                # each game told as soon as its timer is fired, not after every other game's (#23)
                notes = await self.bot.service.tick(tell=announcer.deliver)
                if notes:
                    await announcer.deliver(notes)
                if not self.bot.service.telling.shared:  # else on a loop of its own (`sweep`)
                    # What a failed post or a crash left untold, once it is due again (the outbox).
                    await announcer.tell_untold()
        except Exception:
            # One bad tick must not stop the timers of every other game.
            log.exception("turn timers failed this tick; trying again in %s s", TICK_SECONDS)

    @tick.before_loop
    async def before_tick(self) -> None:
        await self.bot.wait_until_ready()

    @hold.before_loop
    async def before_hold(self) -> None:
        await self.bot.wait_until_ready()

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Timers(bot))
