"""The ways into the web table from Discord (docs/web.md): **Open table**, a link on the board and the hand
DMs that leads through Discord's login to the game's page (and **Replay in browser** on the final board and
the replay viewer, to the ended game's replay page), and **Play in Discord** on the board and on an open
lobby, which launches the bot's Activity (the same page inside Discord) where it is set up. All only while the
web table is on (the bot's `web_links`). And the check the web side asks of the bot: is this user in this
server?

Not an extension: the board's and the lobby's controls and the hand messages import from it.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.i18n import tr
from bot.tables import TableInfo

from ..common import fives, reports_errors, user_locale
from .game_buttons import GameButton

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)


def table_link(bot: FivesBot, table: TableInfo) -> str | None:
    """The web page of the table (through the login), or None while the web table is off."""
    links = bot.web_links
    return None if links is None else links.table(table.game_no, table.guild_id)


def open_table_button(url: str, locale: str, row: int | None = None) -> discord.ui.Button[discord.ui.View]:
    return discord.ui.Button(label=tr("controls.open_table", locale), emoji="🌐", url=url, row=row)


def replay_link_button(
    bot: FivesBot, table: TableInfo, locale: str, frame: int = 0, row: int | None = None
) -> discord.ui.Button[discord.ui.View] | None:
    """**Replay in browser**: the ended game's replay page at step `frame` (through the login), for the final
    board and the replay viewer; None while the web table is off."""
    links = bot.web_links
    if links is None:
        return None
    url = links.replay(table.game_no, table.guild_id, frame)
    return discord.ui.Button(label=tr("controls.open_replay", locale), emoji="🌐", url=url, row=row)


def activity_on(bot: FivesBot) -> bool:
    """Whether the web table is on and the bot's application has its Activity set up (Discord refuses to
    launch an Activity the application does not have: no button offers it then)."""
    links = bot.web_links
    return links is not None and links.activity


def web_buttons(bot: FivesBot, table: TableInfo, locale: str) -> list[discord.ui.Item[Any]]:
    """The board's ways into the web table: the link, and the Activity where the bot has one."""
    url = table_link(bot, table)
    if url is None:
        return []
    items: list[discord.ui.Item[Any]] = [open_table_button(url, locale)]
    if activity_on(bot):
        items.append(ActivityButton(table.game_no, locale))
    return items


async def launch(interaction: discord.Interaction) -> None:
    """Discord opens the bot's Activity in the channel the button was pressed in (LAUNCH_ACTIVITY); unless
    the Activity was turned off since the button was posted."""
    if not activity_on(fives(interaction)):
        await interaction.response.send_message(tr("controls.web_off", user_locale(interaction)), ephemeral=True)
        return
    await interaction.response.launch_activity()


class ActivityButton(GameButton):
    """**Play in Discord**: answers the click by launching the bot's Activity (LAUNCH_ACTIVITY) in the
    channel, where the web table opens inside Discord and logs in through the Embedded App SDK."""

    KIND, LABEL, EMOJI = "activity", "controls.play_in_discord", "🎮"

    async def pressed(self, interaction: discord.Interaction) -> None:
        await self.table(interaction)  # of this server
        await launch(interaction)


class LobbyActivityButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fives:lactivity:(?P<lobby>[0-9]+)"):
    """**Play in Discord** on an open lobby (`lobby_controls`): the Activity launched in the lobby's channel,
    where its page waits for the channel's game and opens it when the host starts (docs/web.md, "Ways in").
    Nothing of the lobby is looked up: the page finds the channel's games itself, as any Activity's does."""

    def __init__(self, lobby_id: int, locale: str = "en", *, label: str | None = None, row: int | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr("controls.play_in_discord", locale),
                emoji="🎮",
                style=discord.ButtonStyle.secondary,
                custom_id=f"fives:lactivity:{lobby_id}",
            ),
            row=row,
        )
        self.lobby_id = lobby_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["lobby"]), label=item.label if isinstance(item, discord.ui.Button) else None)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        await launch(interaction)


async def is_member(bot: discord.Client, guild_id: int, user_id: int) -> bool:
    """Whether Discord has the user as a member of the server (and the bot is in it). The bot's cache first;
    else one REST look-up, which needs no members intent and works for a server on another shard."""
    guild = bot.get_guild(guild_id)
    if guild is not None and guild.get_member(user_id) is not None:
        return True
    try:
        await bot.http.get_member(guild_id, user_id)
    except (discord.NotFound, discord.Forbidden):
        return False
    except discord.HTTPException as exc:  # Discord failing: refused now, the page may log in again
        log.warning("could not check user %s in server %s (%s)", user_id, guild_id, exc.status)
        return False
    return True
