"""A player's games: `/games` lists them with links, `/resign` hands your seat to a computer player, and
`/abandon` ends a game without results (its host, or anyone who may manage the server). Both ask first."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import tr
from bot.tables import GameSummary, Notification, TableInfo
from cogs.host import FivesBot
from presenters.common import table_title

from .common import (
    Colours,
    Refusal,
    game_autocomplete,
    game_in_context,
    jump_url,
    relative_time,
    service,
    user_locale,
    where,
)
from .translator import text

CONFIRM_SECONDS = 120


class Confirm(discord.ui.View):
    """Yes or no, for the one user who asked; the answer replaces the question."""

    def __init__(
        self, user_id: int, locale: str, yes: str, action: Callable[[discord.Interaction], Awaitable[None]]
    ) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.user_id = user_id
        self.action = action
        self.yes.label = yes
        self.no.label = tr("confirm.no", locale)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]) -> None:
        await interaction.client.tree.on_error(interaction, error)  # type: ignore[attr-defined]

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.stop()
        await self.action(interaction)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def no(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.stop()
        await interaction.response.edit_message(content=tr("confirm.kept", user_locale(interaction)), view=None)


class Games(commands.Cog):
    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    @app_commands.command(name=text("command.games.name"), description=text("command.games.description"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        locale = user_locale(interaction)
        found = sorted(
            await self.bot.service.tables.user_games(interaction.user.id, interaction.guild_id),
            key=lambda g: (not g.your_turn, g.table.game_no),
        )
        watched = await self.bot.service.watchers.watched(interaction.user.id, interaction.guild_id)
        embed = discord.Embed(title=tr("games.title", locale), colour=Colours.LOBBY)
        if not found and not watched:
            embed.description = tr("games.none", locale)
        else:
            lines = [self._line(g, locale) for g in found[:25]]
            lines += [self._watched(t, locale) for t in watched[: 25 - len(lines)]]
            embed.description = "\n".join(lines)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @staticmethod
    def _line(summary: GameSummary, locale: str) -> str:
        title = table_title(summary.table, locale)
        if summary.your_turn:
            state = tr("games.your_turn", locale)
            if summary.deadline is not None:
                state += " · " + tr("games.deadline", locale, when=relative_time(summary.deadline))
        else:
            state = tr("games.waiting", locale)
        return f"[**{title}**]({where(summary)}) — {state}"

    @staticmethod
    def _watched(table: TableInfo, locale: str) -> str:
        url = jump_url(table.guild_id, table.thread_id or table.channel_id, table.board_message_id)
        return f"👀 [**{table_title(table, locale)}**]({url}) — {tr('games.watching', locale)}"

    @app_commands.command(name=text("command.resign.name"), description=text("command.resign.description"))
    @app_commands.rename(game=text("command.option.game.name"))
    @app_commands.describe(game=text("command.option.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction, game: int | None = None) -> None:
        summary = await game_in_context(interaction, game)
        game_no = summary.table.game_no

        async def confirmed(click: discord.Interaction) -> None:
            await self._finish(click, await service(click.client).games.resign(game_no, click.user.id), "resign.done")

        await self._ask(interaction, table_title(summary.table, user_locale(interaction)), "resign", confirmed)

    @app_commands.command(name=text("command.abandon.name"), description=text("command.abandon.description"))
    @app_commands.rename(game=text("command.option.game.name"))
    @app_commands.describe(game=text("command.option.game.description"))
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction, game: int | None = None) -> None:
        is_admin = bool(interaction.permissions.manage_guild)
        if game is not None and is_admin:
            # An admin may end any game of this server, seated at it or not.
            table = await self.bot.service.tables.info(game)
            if table.guild_id != interaction.guild_id:
                raise Refusal("not_your_game", game=game)
        else:
            table = (await game_in_context(interaction, game)).table
        game_no = table.game_no

        async def confirmed(click: discord.Interaction) -> None:
            notes = await service(click.client).games.abandon(game_no, click.user.id, is_admin=is_admin)
            await self._finish(click, notes, "abandon.done")

        await self._ask(interaction, table_title(table, user_locale(interaction)), "abandon", confirmed)

    @staticmethod
    async def _ask(
        interaction: discord.Interaction,
        title: str,
        what: str,
        action: Callable[[discord.Interaction], Awaitable[None]],
    ) -> None:
        locale = user_locale(interaction)
        await interaction.response.send_message(
            tr(f"{what}.confirm", locale, table=title),
            view=Confirm(interaction.user.id, locale, tr(f"{what}.yes", locale), action),
            ephemeral=True,
        )

    async def _finish(self, interaction: discord.Interaction, notes: list[Notification], done: str) -> None:
        await interaction.response.edit_message(content=tr(done, user_locale(interaction)), view=None)
        await self.bot.announcer.deliver(notes)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Games(bot))
