"""`/help`: the bot's commands by task (play, watch, compete, manage), each with its description in the
reader's language, pointing to `/rules` for the games, and the bot's version.

The list is read from the command tree itself, so a command added later is never missing: one not placed
in a task below is listed under "More".
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import has, tr
from bot.version import bot_version
from cogs.host import FivesBot

from .common import Colours, user_locale
from .translator import text

TASKS: dict[str, tuple[str, ...]] = {
    "play": ("play", "hand", "move", "games", "undo", "resign", "abandon", "rules", "privacy"),
    "watch": ("unwatch", "replay", "analysis", "history"),
    "compete": ("leaderboard", "stats", "season", "tournament"),
    "manage": ("settings",),
}
INTROS = {"play": "help.play.intro", "watch": "help.watch.intro"}
FIELD_LIMIT = 1024  # Discord's limit on an embed field's value


def localized(key: str, fallback: str, locale: str) -> str:
    return tr(key, locale) if has(key) else fallback


def command_line(command: app_commands.Command | app_commands.Group, locale: str) -> str:
    """`/name` (a group's sub-commands after it) and what it does, as the reader's Discord shows it."""
    name = localized(f"command.{command.name}.name", command.name, locale)
    description = localized(f"command.{command.name}.description", command.description, locale)
    called = f"`/{name}`"
    if isinstance(command, app_commands.Group):
        subs = [
            localized(f"command.{c.qualified_name.replace(' ', '.')}.name", c.name, locale) for c in command.commands
        ]
        called += " " + " · ".join(subs)
    return tr("help.line", locale, command=called, description=description)


def help_embed(tree: app_commands.CommandTree, locale: str, bot_name: str) -> discord.Embed:
    commands = {c.name: c for c in tree.get_commands() if isinstance(c, app_commands.Command | app_commands.Group)}
    placed = {name for names in TASKS.values() for name in names}
    tasks = {**TASKS, "more": tuple(sorted(n for n in commands if n not in placed and n != "help"))}
    embed = discord.Embed(
        title=tr("help.title", locale, bot=bot_name), description=tr("help.intro", locale), colour=Colours.LOBBY
    )
    for task, names in tasks.items():
        lines = [command_line(commands[n], locale) for n in names if n in commands]
        if task in INTROS:  # what no command says: the buttons
            lines.append(tr(INTROS[task], locale))
        if not lines:
            continue
        value = "\n".join(lines)
        if len(value) > FIELD_LIMIT:  # never cut a line: the descriptions are short, this is a guard
            value = value[: value.rfind("\n", 0, FIELD_LIMIT)]
        embed.add_field(name=tr(f"help.task.{task}", locale), value=value, inline=False)
    embed.set_footer(text=tr("help.footer", locale, version=bot_version()))
    return embed


class Help(commands.Cog):
    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    @app_commands.command(name=text("command.help.name"), description=text("command.help.description"))
    async def show_help(self, interaction: discord.Interaction) -> None:
        name = self.bot.user.display_name if self.bot.user is not None else "fives"
        embed = help_embed(self.bot.tree, user_locale(interaction), name)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Help(bot))
