"""What the move controls of every game share: each is made for one turn, and a click on it is answered
only while that turn is still the player's.

`cogs.hands` holds the generic controls and imports the games' own (`cogs.domineren_controls`,
`cogs.five_hundred_controls`); this module sits below all three, so each imports it without a cycle.
"""

from __future__ import annotations

import re
from typing import ClassVar

import discord

from bot.i18n import tr
from bot.tables import HandChanged, StaleControl

from .common import fives, service


async def current_hand(
    interaction: discord.Interaction, game_no: int, turn: int, *, what: str = "control"
) -> HandChanged:
    """The clicking player's hand, if the control was made for the turn the game is at and that turn is
    theirs; else the click is refused as stale. `what` names the control in the English log line only."""
    fives(interaction).announcer.player_at_hand(interaction.user.id)
    note = await service(interaction.client).private_view(game_no, interaction.user.id)
    if note.turn != turn or not note.your_turn:
        raise StaleControl(f"the {what} is of an earlier turn", turn=turn, current=note.turn)
    return note


def dm_table_url(interaction: discord.Interaction, note: HandChanged) -> str | None:
    """The link back to the table for a hand shown in a DM; None on the server, where the table is at hand."""
    if interaction.guild_id is not None:
        return None
    return fives(interaction).announcer.table_url(note.table)


class TurnButton:
    """A button that opens a step of one turn's controls (Type a move, Block…, Call two partners…): its
    custom id is `fives:<KIND>:<game>:<turn>`, and a click after a restart rebuilds it with the label it was
    sent with. The custom ids are in messages already sent: their format must not change.

    A mixin rather than a DynamicItem, because discord.py wants the `template` class keyword of every
    DynamicItem subclass, a shared base too. A button names it before `DynamicItem[Button]` (so this
    `__init__` runs first and hands the button on to DynamicItem's) and spells out its template with the
    same KIND; were the two to disagree, DynamicItem refuses the button as it is made.
    """

    KIND: ClassVar[str]  # the custom id's second field
    LABEL: ClassVar[str]  # the label's catalogue key
    EMOJI: ClassVar[str | None] = None
    STYLE: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary

    def __init__(self, game_no: int, turn: int, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(  # type: ignore[call-arg]  # DynamicItem's, next in the button's MRO
            discord.ui.Button(
                label=label or tr(self.LABEL, locale),
                emoji=self.EMOJI,
                style=self.STYLE,
                custom_id=f"fives:{self.KIND}:{game_no}:{turn}",
            )
        )
        self.game_no, self.turn = game_no, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /):
        return cls(int(match["game"]), int(match["turn"]), label=item.label)
