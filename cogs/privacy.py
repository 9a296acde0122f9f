"""A player's own data, and the servers the bot leaves (docs/privacy.md).

`/privacy show` counts what the bot keeps about you, on every server; `/privacy export` sends all of it as a
JSON file, privately; `/privacy forget` asks first, then resigns your games in play and takes you out of the
tables you joined (told as ever, with your name: before you are forgotten), then removes your id and names
from everything stored. All three answer only you (ephemeral), and work in DMs too.

When the bot is removed from a server (`on_guild_remove`) its games in play end, unrated, and each of their
players is told so by DM; when it is added (back), what was kept of the server since it left stays.
"""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import tr
from cogs.host import FivesBot

from .common import Colours, service, user_locale
from .translator import text

log = logging.getLogger(__name__)

CONFIRM_SECONDS = 120


def summary_lines(data: dict[str, list[dict[str, Any]]], locale: str) -> list[str]:
    """What `/privacy show` says of the data (every kind, with its count; settings: none kept)."""
    if not any(data.values()):
        return [tr("privacy.none", locale), tr("privacy.settings", locale)]
    games = data["games"]
    playing = sum(1 for g in games if g["status"] == "active")
    return [
        tr("privacy.games", locale, finished=len(games) - playing, playing=playing),
        tr("privacy.ratings", locale, count=len(data["ratings"]), changes=len(data["rating_history"])),
        tr("privacy.lobbies", locale, count=len(data["lobbies"])),
        tr("privacy.watching", locale, count=len(data["watching"])),
        tr("privacy.dms", locale, hands=len(data["hand_dms_remembered"]), pending=len(data["dms_to_send"])),
        tr("privacy.invitations", locale, count=len(data["invitations"])),
        tr("privacy.rematches", locale, rematches=len(data["rematches"]), undos=len(data["undo_requests"])),
        tr("privacy.seasons", locale, seasons=len(data["seasons"]), schedules=len(data["season_schedules"])),
        tr("privacy.tournaments", locale, count=len(data["tournaments"])),
        tr("privacy.settings", locale),
    ]


def export_file(user: discord.abc.User, data: dict[str, list[dict[str, Any]]], now: float) -> discord.File:
    body = {"format": 1, "user_id": user.id, "exported_at": now, "data": data}
    raw = json.dumps(body, ensure_ascii=False, indent=1).encode()
    return discord.File(io.BytesIO(raw), filename=f"fives-data-{user.id}.json")


class ForgetConfirm(discord.ui.View):
    """Forget me, or keep my data: for the one user who asked; the answer replaces the question."""

    def __init__(self, user_id: int, locale: str, action: Callable[[discord.Interaction], Awaitable[None]]) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.user_id = user_id
        self.action = action
        self.yes.label = tr("privacy.forget.yes", locale)
        self.no.label = tr("privacy.forget.no", locale)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]) -> None:
        await interaction.client.tree.on_error(interaction, error)  # type: ignore[attr-defined]

    @discord.ui.button(style=discord.ButtonStyle.danger, custom_id="privacy:forget:yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.stop()
        await self.action(interaction)

    @discord.ui.button(style=discord.ButtonStyle.secondary, custom_id="privacy:forget:no")
    async def no(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.stop()
        locale = user_locale(interaction)
        await interaction.response.edit_message(content=tr("privacy.forget.kept", locale), view=None)


class Privacy(commands.Cog):
    privacy = app_commands.Group(name=text("command.privacy.name"), description=text("command.privacy.description"))

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    @privacy.command(name=text("command.privacy.show.name"), description=text("command.privacy.show.description"))
    async def show(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await service(interaction.client).privacy.data(interaction.user.id)
        embed = discord.Embed(
            title=tr("privacy.title", locale), description="\n".join(summary_lines(data, locale)), colour=Colours.HAND
        )
        embed.set_footer(text=tr("privacy.footer", locale))
        await interaction.followup.send(embed=embed, ephemeral=True)

    @privacy.command(name=text("command.privacy.export.name"), description=text("command.privacy.export.description"))
    async def export(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await service(interaction.client).privacy.data(interaction.user.id)
        await interaction.followup.send(
            tr("privacy.export.done", locale), file=export_file(interaction.user, data, time.time()), ephemeral=True
        )

    @privacy.command(name=text("command.privacy.forget.name"), description=text("command.privacy.forget.description"))
    async def forget(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        await interaction.response.send_message(
            tr("privacy.forget.confirm", locale),
            view=ForgetConfirm(interaction.user.id, locale, self._forget),
            ephemeral=True,
        )

    async def _forget(self, click: discord.Interaction) -> None:
        locale = user_locale(click)
        user_id = click.user.id
        await click.response.edit_message(content=tr("privacy.forget.working", locale), view=None)
        tables = service(click.client).privacy
        # Their resignations and leavings are told first, with their name, as any resignation is; then
        # nothing drawn or posted names them any more.
        await self.bot.announcer.deliver(await tables.leave_everything(user_id))
        forgotten = await tables.forget(user_id)
        self.bot.user_locales.pop(user_id, None)
        done = "privacy.forget.done" if forgotten.total else "privacy.forget.nothing"
        await click.edit_original_response(content=tr(done, locale, count=forgotten.total))

    # -- servers -------------------------------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        log.info("removed from guild %s: its games in play end", guild.id)
        await self.bot.announcer.deliver(await self.bot.service.privacy.leave_guild(guild.id))

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.bot.service.privacy.guild_joined(guild.id)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Privacy(bot))
