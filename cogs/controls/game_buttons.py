"""The buttons of one game that outlive a restart: everything such a button knows is in its custom id,
`fives:<KIND>:<game>` (and what more a kind needs after it), so a click on a message posted before a restart,
or by another process, rebuilds the button from the id and answers as if nothing had happened.

The custom ids are in messages already posted in servers: a kind's KIND and FIELDS never change.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from bot.i18n import tr
from bot.tables import GameNotFound, TableInfo

from ..common import service

NEVER = r"(?!)"  # the template of a base: discord.py wants one on every DynamicItem subclass; it matches nothing


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=NEVER):
    """A button of game `game_no`, custom id `fives:<KIND>:<game>`, whose click runs `pressed`; a refusal
    or a failure there is answered as a slash command's are (the tree's `on_error`).

    A kind sets KIND (its template is made from it: the two cannot disagree), LABEL (the label's catalogue
    key), and may set EMOJI and STYLE. A kind whose custom id says more than the game sets FIELDS (the regular
    expression of what follows `fives:<KIND>:`), `key` (the same, written) and `from_match` (read back).
    A class without a KIND of its own is a base: its template matches nothing and it cannot be made.
    """

    KIND: ClassVar[str]
    LABEL: ClassVar[str]
    EMOJI: ClassVar[str | None] = None
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    FIELDS: ClassVar[str] = r"(?P<game>[0-9]+)"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        kind = getattr(cls, "KIND", None)
        template = NEVER if kind is None else rf"fives:{re.escape(kind)}:{cls.FIELDS}"
        super().__init_subclass__(template=template, **kwargs)

    def __init__(self, game_no: int, locale: str = "en", *, label: str | None = None, row: int | None = None) -> None:
        self.game_no = game_no  # before the button is made: `key` reads it (and a kind's own fields)
        super().__init__(
            discord.ui.Button(
                label=label or tr(self.LABEL, locale),
                emoji=self.EMOJI,
                style=self.STYLE,
                custom_id=f"fives:{self.KIND}:{self.key()}",
            ),
            row=row,
        )

    def key(self) -> str:
        """The custom id after `fives:<KIND>:`, as FIELDS reads it."""
        return str(self.game_no)

    @classmethod
    def from_match(cls, match: re.Match[str], label: str | None) -> Self:
        """The button a custom id names, with the label it was sent with (in the language it was sent in)."""
        return cls(int(match["game"]), label=label)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        # Nothing is looked up here: discord.py drops a failure of this step unanswered, so a refusal waits
        # for `callback`.
        return cls.from_match(match, item.label if isinstance(item, discord.ui.Button) else None)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            await self.pressed(interaction)
        except Exception as error:
            await interaction.client.tree.on_error(interaction, error)

    async def pressed(self, interaction: discord.Interaction[Any]) -> None:
        """What the button does."""
        raise NotImplementedError

    async def table(self, interaction: discord.Interaction[Any]) -> TableInfo:
        """The button's game while it is played: refused as not found when it is not of the server the
        button was pressed in (as a game number typed there would be), as over once it has ended."""
        table = await service(interaction.client).tables.info(self.game_no)
        if interaction.guild_id is not None and table.guild_id != interaction.guild_id:
            raise GameNotFound(f"game {self.game_no} is not of server {interaction.guild_id}", game_no=self.game_no)
        return table
