"""The board's controls: **My hand** (private, ephemeral) and, for trick games, **Last trick** (public), and
the cog that registers them so that a click on a board posted before a restart still finds its handler."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .common import ControlsCog
from .controls.board import LastTrickButton
from .controls.web_table import ActivityButton

if TYPE_CHECKING:
    from cogs.host import FivesBot


class BoardControls(ControlsCog):
    ITEMS = (LastTrickButton, ActivityButton)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(BoardControls(bot))
