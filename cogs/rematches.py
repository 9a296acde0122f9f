"""Rematch: **Rematch** on the message that ends a game. The first of its players to press it asks the others
(a message where the game was played, mentioning them, with **Accept** and **Decline**), until a deadline.
When every player has accepted, the same game starts again, with the same seats, computers and options; when
one declines, or the time runs out, a new table is opened in the game's channel with those who accepted and
the computers seated, and the other seats open for anyone to join. The buttons keep working across a
restart (their state is in their custom ids and the database), and the outcome is decided once. The question
and each change of it, and the lobby of a table a rematch reopened, are told through the outbox of the game
played by the announcer (`announcer.rematches`), so a failed post or a crash tells them again, once.

A game played by teams also offers **Rematch, new partners**: the same, with the seats moved so that everyone
has a new partner (the question shows the new teams). The one who asks chooses; the others accept or decline
that proposal, and pressing the other kind of rematch while one is asked is refused with a pointer to it.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import tasks

from .common import (
    ControlsCog,
)
from .controls.rematches import (
    RematchButton,
)

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 10.0  # how soon after its deadline an unanswered rematch opens its table


class Rematches(ControlsCog):
    ITEMS = (RematchButton,)

    async def cog_load(self) -> None:
        await super().cog_load()
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        await super().cog_unload()

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        """Rematches past their deadline settled, and the tables of settled ones a crash left unmade opened;
        told through the outbox."""
        rematches = self.bot.service.rematches
        try:
            for _, notes in [*await rematches.sweep(), *await rematches.open_unmade()]:
                await self.bot.announcer.deliver(notes)
        except Exception:
            log.exception("the rematch sweep failed; trying again in %s s", SWEEP_SECONDS)

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Rematches(bot))
