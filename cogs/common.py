"""What the cogs share: colours, which language a message is written in, where a table lives, and
ephemeral replies that work whether or not the interaction was answered yet."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import DEFAULT_LOCALE, has, locale_of, tr
from bot.tables import GameSummary, TableError, TableInfo, TableService
from presenters.common import game_name, names_with_levels, seat_names

if TYPE_CHECKING:
    from cogs.host import FivesBot


class Colours:
    """One colour per kind of message, everywhere."""

    LOBBY = discord.Colour(0x5865F2)  # an open table: Discord blurple
    BOARD = discord.Colour(0x2E7D32)  # the board: card-table green
    TURN = discord.Colour(0xF1C40F)  # your turn: gold
    HAND = discord.Colour(0x607D8B)  # your hand, waiting: slate
    RESULT = discord.Colour(0x16A085)  # a hand's result: teal
    GAME_OVER = discord.Colour(0xE67E22)  # the end of a game: orange
    CLOSED = discord.Colour(0x95A5A6)  # cancelled or abandoned: grey
    ERROR = discord.Colour(0xE74C3C)


class Refusal(Exception):
    """A refusal of the UI itself (which game do you mean?), told like a table's: `error.<key>`."""

    def __init__(self, key: str, message: str = "", **params: Any) -> None:
        super().__init__(message or key)
        self.key = key
        self.params = params


Callback = TypeVar("Callback", bound=Callable[..., Awaitable[Any]])


def reports_errors(callback: Callback) -> Callback:
    """For button, select and modal callbacks: a refusal or a failure goes to the same handler as a slash
    command's (the tree's `on_error`, then `cogs.errors.report`), so every interaction is answered alike."""

    @functools.wraps(callback)
    async def run(self: Any, interaction: discord.Interaction, *args: Any) -> Any:
        try:
            return await callback(self, interaction, *args)
        except Exception as error:
            await interaction.client.tree.on_error(interaction, error)  # type: ignore[attr-defined]

    return run  # type: ignore[return-value]


class ControlsCog(commands.Cog):
    """A cog whose messages carry controls that outlive a restart (DynamicItems: their state is in the custom
    id): `ITEMS` are registered while the cog is loaded, so a click on a message sent before the restart
    still finds its handler."""

    ITEMS: ClassVar[tuple[type[discord.ui.DynamicItem[Any]], ...]] = ()

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.ITEMS)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*self.ITEMS)


def service(bot: discord.Client | FivesBot) -> TableService:
    return bot.service  # type: ignore[union-attr]  # an interaction's client is the bot


def fives(interaction: discord.Interaction) -> FivesBot:
    return interaction.client  # type: ignore[return-value]


def user_locale(interaction: discord.Interaction) -> str:
    """Private replies follow the player's own Discord language."""
    return locale_of(interaction.locale)


async def public_locale(bot: discord.Client | FivesBot, guild_id: int | None) -> str:
    """Public messages follow the server's setting, else the server's preferred language."""
    if guild_id is None:
        return DEFAULT_LOCALE
    return locale_in(bot, guild_id, (await service(bot).settings.get(guild_id)).language)


def locale_in(bot: discord.Client | FivesBot, guild_id: int | None, language: str | None) -> str:
    """`public_locale` where the server's language setting is known already (a receipt carries it)."""
    if language:
        return locale_of(language)
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    return locale_of(guild.preferred_locale) if guild is not None else DEFAULT_LOCALE


async def dm_locale(bot: FivesBot, user_id: int, guild_id: int | None) -> str:
    """A DM is private but answers no interaction: the language last seen from that user, else the server's."""
    return bot.user_locales.get(user_id) or await public_locale(bot, guild_id)


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> None:
    """An ephemeral answer, whether the interaction was already deferred or not."""
    kwargs.setdefault("ephemeral", True)
    if content is not None:  # else no content at all (a followup takes no None)
        kwargs["content"] = content
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


def names_for(table: TableInfo, locale: str, *, escape: bool = True, levels: bool = False) -> list[str]:
    """The seats' names as a message shows them (markdown escaped, unless for an image); with `levels`,
    each computer's with its level."""
    names = (names_with_levels if levels else seat_names)(table.seats, locale)
    return [discord.utils.escape_markdown(n) for n in names] if escape else names


def permission_names(permissions: Sequence[str], locale: str) -> str:
    """Permission names as Discord's settings show them (the catalogue has the ones this bot uses)."""
    names = [
        tr(f"permission.{p}", locale) if has(f"permission.{p}") else p.replace("_", " ").title() for p in permissions
    ]
    return tr("list.join", locale).join(names)


def relative_time(timestamp: float) -> str:
    """A Discord timestamp shown in each reader's own time ("in 3 hours")."""
    return discord.utils.format_dt(datetime.fromtimestamp(timestamp, tz=UTC), "R")


def fit(value: str, limit: int) -> str:
    """The text cut to Discord's `limit`, with an ellipsis when it was longer."""
    return value if len(value) <= limit else value[: limit - 1] + "…"


def jump_url(guild_id: int, channel_id: int, message_id: int | None = None) -> str:
    url = f"https://discord.com/channels/{guild_id}/{channel_id}"
    return f"{url}/{message_id}" if message_id else url


def where(summary: GameSummary) -> str:
    table = summary.table
    return jump_url(table.guild_id, table.thread_id or table.channel_id, table.board_message_id)


async def game_in_context(interaction: discord.Interaction, game_no: int | None) -> GameSummary:
    """The game a command means: the one named, else the table whose thread (or channel) this is, else the
    user's only game on this server."""
    games = await service(interaction.client).tables.user_games(interaction.user.id, interaction.guild_id)
    if game_no is not None:
        found = next((g for g in games if g.table.game_no == game_no), None)
        if found is None:
            raise Refusal("not_your_game", game=game_no)
        return found
    here = interaction.channel_id
    for summary in games:
        if summary.table.thread_id == here:
            return summary
    in_channel = [g for g in games if g.table.channel_id == here and g.table.thread_id is None]
    if len(in_channel) == 1:
        return in_channel[0]
    if len(games) == 1:
        return games[0]
    raise Refusal("no_games" if not games else "which_game")


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's games on this server, your turn first."""
    locale = user_locale(interaction)
    games = await service(interaction.client).tables.user_games(interaction.user.id, interaction.guild_id)
    games.sort(key=lambda g: (not g.your_turn, g.table.game_no))
    out = []
    for summary in games:
        name = tr("table.title", locale, game=game_name(summary.table.game_id, locale), number=summary.table.game_no)
        if summary.your_turn:
            name += " · " + tr("games.your_turn", locale)
        if current.strip().lower() in name.lower() or current.strip() == str(summary.table.game_no):
            out.append(app_commands.Choice(name=name[:100], value=summary.table.game_no))
    return out[:25]


def is_refusal(error: BaseException) -> bool:
    return isinstance(error, TableError | Refusal)
