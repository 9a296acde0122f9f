"""Standings: `/leaderboard game:<game>` ranks a server's players of a game (Five Hundred per number of
players; `season:` a season's board, as it stands or as it ended), and `/history game:<number>` hands a
player the record of a game they played, once it is over, as a file the replay command reads. (A
player's own record, `/stats`, is `cogs.profiles`.)

Like `/rules`, the leaderboard is private by default (the reader's language) and `public:` posts it for
the channel (the server's language); its page buttons keep working across restarts.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any, Self

import discord
from discord import app_commands

from bot.engine import game_info
from bot.i18n import tr, trn
from bot.tables import GameHistory, NotAPlayer, TableService, WrongPlayerCount
from bot.tables.standings.ratings import ranked_by_final_score, rated_per_player_count
from bot.tables.standings.seasons import Season
from cogs.host import FivesBot
from presenters import presenter
from presenters.common import game_name, place_mark, side_name, table_title, winners

from .common import Colours, ControlsCog, Refusal, names_for, public_locale, reports_errors, service, user_locale
from .controls.lobby import player_range
from .lobby import GAME_CHOICES
from .seasons import season_autocomplete, season_empty, season_title
from .translator import text

PAGE_SIZE = 10
ALL_COUNTS = 0  # the page buttons' player count for a game rated over every count


# -- words -------------------------------------------------------------------------------------------------
def pool_players(game_id: str, players: int | None) -> int | None:
    """The player count a leaderboard is read for: the one asked (or the usual one) where each count is
    rated apart, None where one leaderboard holds every count (a count asked there changes nothing)."""
    if not rated_per_player_count(game_id):
        return None
    return game_info(game_id).default_players if players is None else players


def game_label(game_id: str, players: int | None, locale: str) -> str:
    name = game_name(game_id, locale)
    return name if players is None else tr("standings.game_players", locale, game=name, players=players)


def record_text(games: int, wins: int, locale: str) -> str:
    """A record in words: 3 wins in 5 games (60%)."""
    return tr(
        "standings.record",
        locale,
        games=trn("standings.games", games, locale),
        wins=trn("standings.wins", wins, locale),
        rate=f"{wins / games if games else 0:.0%}",
    )


def rating_text(rating: float) -> str:
    return f"{rating:.1f}"


# -- /leaderboard ------------------------------------------------------------------------------------------
async def leaderboard_message(
    tables: TableService,
    guild_id: int,
    game_id: str,
    players: int | None,
    page: int,
    locale: str,
    season: Season | None = None,
) -> dict[str, Any]:
    """One page (0-based; clamped, since the board may have shrunk or grown since the buttons were drawn)
    of a leaderboard (all-time, or a season's), with page buttons when it has more than one.
    WrongPlayerCount for a count the game is not played by."""
    season_id = None if season is None else season.season_id
    size = await tables.standings.leaderboard_size(guild_id, game_id, players, season_id)
    label = game_label(game_id, players, locale)
    title = tr("standings.title", locale, game=label) if season is None else season_title(label, season, locale)
    embed = discord.Embed(title=title, colour=Colours.RESULT)
    if size == 0:
        empty = tr("standings.empty", locale, game=label) if season is None else season_empty(label, season, locale)
        embed.description = empty
        return {"embed": embed, "view": None}
    pages = -(-size // PAGE_SIZE)
    page = min(max(page, 0), pages - 1)
    entries = await tables.standings.leaderboard(guild_id, game_id, PAGE_SIZE, page * PAGE_SIZE, players, season_id)
    lines = []
    for entry in entries:
        name = discord.utils.escape_markdown(entry.name) if entry.name else f"<@{entry.user_id}>"
        line = tr(
            "standings.entry",
            locale,
            place=place_mark(entry.place),
            name=name,
            rating=rating_text(entry.rating),
            record=record_text(entry.games, entry.wins, locale),
        )
        if entry.chips is not None:
            line += tr("standings.chips", locale, chips=f"{entry.chips:.0f}")
        lines.append(line)
    if ranked_by_final_score(game_id):  # the order is not the rating's: say what it is
        lines.insert(0, f"*{tr('standings.by_chips', locale)}*")
    embed.description = "\n".join(lines)
    embed.set_footer(text=trn("standings.footer", size, locale, page=page + 1, pages=pages))
    view = None
    if pages > 1:
        view = discord.ui.View(timeout=None)
        for way, target, disabled in (("previous", page - 1, page == 0), ("next", page + 1, page == pages - 1)):
            view.add_item(
                LeaderboardPageButton(
                    game_id,
                    players,
                    min(max(target, 0), pages - 1),
                    way,
                    tr(f"standings.{way}", locale),
                    disabled,
                    season_id,
                )
            )
    return {"embed": embed, "view": view}


async def leaderboard_or_refusal(
    tables: TableService,
    guild_id: int,
    game_id: str,
    players: int | None,
    page: int,
    locale: str,
    reader: str,
    season: Season | None = None,
) -> dict[str, Any]:
    """The service's refusal of a count, said for a leaderboard (the table's sentence is about seats) in
    the reader's own language, even under a public leaderboard."""
    try:
        return await leaderboard_message(tables, guild_id, game_id, players, page, locale, season)
    except WrongPlayerCount as error:
        raise Refusal(
            "leaderboard_players",
            str(error),
            game=game_name(game_id, reader),
            allowed=player_range(game_info(game_id).players),
            players=players,
        ) from error


class LeaderboardPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"fives:ranks:(?P<game>[a-z0-9-]+):(?P<players>[0-9]+):(?P<page>[0-9]+):(?P<way>previous|next)"
    r"(?::s(?P<season>[0-9]+))?",
):
    """Turn a leaderboard's page (a season's names the season last); whoever may see the message may turn
    it, as with the rules' pages."""

    def __init__(
        self,
        game_id: str,
        players: int | None,
        page: int,
        way: str,
        label: str = "",
        disabled: bool = False,
        season_id: int | None = None,
    ) -> None:
        season = "" if season_id is None else f":s{season_id}"
        super().__init__(
            discord.ui.Button(
                label=label or way,
                style=discord.ButtonStyle.secondary,
                custom_id=f"fives:ranks:{game_id}:{players or ALL_COUNTS}:{page}:{way}{season}",
                disabled=disabled,
            )
        )
        self.game_id, self.players, self.page, self.season_id = game_id, players, page, season_id

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        players = int(match["players"])
        season = int(match["season"]) if match["season"] else None
        return cls(match["game"], players or None, int(match["page"]), match["way"], item.label or "", False, season)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            locale = await public_locale(interaction.client, interaction.guild_id)
        else:
            locale = user_locale(interaction)
        tables = service(interaction.client)
        season = None
        if self.season_id is not None:
            season = await tables.seasons.numbered(interaction.guild_id, self.season_id)
        shown = await leaderboard_or_refusal(
            tables,
            interaction.guild_id,
            self.game_id,
            self.players,
            self.page,
            locale,
            user_locale(interaction),
            season,
        )
        await interaction.response.edit_message(**shown)


# -- /history ----------------------------------------------------------------------------------------------
def history_embed(game: GameHistory, locale: str) -> discord.Embed:
    table = game.table
    names = names_for(table, locale)
    embed = discord.Embed(
        title=tr("history.title", locale, table=table_title(table, locale)),
        description=tr("history.description", locale),
        colour=Colours.GAME_OVER if game.sides is not None else Colours.CLOSED,
    )
    embed.add_field(
        name=tr("history.players", locale), value=tr("list.join", locale).join(f"**{n}**" for n in names), inline=False
    )
    if game.sides is not None:  # the places as the game's end told them
        standings = "\n".join(presenter(table.game_id).standings(game.sides, names, locale))
        embed.add_field(name=tr("result.over.standings", locale), value=standings, inline=False)
        result = f"🏆 {winners(game.sides, names, locale)}"
        if game.hinted:  # nobody's rating moved for it
            result += f"\n💡 {tr('history.hinted', locale)}"
        embed.add_field(name=tr("history.result", locale), value=result)
    else:  # abandoned: the scores where it stopped, no places
        embed.description = f"{embed.description}\n{tr('history.abandoned', locale)}"
        lines = [
            tr("history.score", locale, side=side_name(side, names, locale), score=game.scores[k])
            for k, side in enumerate(table.sides)
        ]
        embed.add_field(name=tr("history.scores", locale), value="\n".join(lines), inline=False)
    return embed


def history_filename(game_no: int) -> str:
    return f"fives-{game_no}.json"


# -- the cog -------------------------------------------------------------------------------------------------
class Standings(ControlsCog):
    ITEMS = (LeaderboardPageButton,)

    @app_commands.command(name=text("command.leaderboard.name"), description=text("command.leaderboard.description"))
    @app_commands.rename(
        game=text("command.leaderboard.game.name"),
        players=text("command.leaderboard.players.name"),
        page=text("command.leaderboard.page.name"),
        public=text("command.leaderboard.public.name"),
        season=text("command.leaderboard.season.name"),
    )
    @app_commands.describe(
        game=text("command.leaderboard.game.description"),
        players=text("command.leaderboard.players.description"),
        page=text("command.leaderboard.page.description"),
        public=text("command.leaderboard.public.description"),
        season=text("command.leaderboard.season.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(season=season_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        players: int | None = None,
        page: app_commands.Range[int, 1] = 1,
        public: bool = False,
        season: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None
        reader = user_locale(interaction)
        locale = await public_locale(self.bot, interaction.guild_id) if public else reader
        chosen = None if season is None else await self.bot.service.seasons.named(interaction.guild_id, season)
        shown = await leaderboard_or_refusal(
            self.bot.service,
            interaction.guild_id,
            game.value,
            pool_players(game.value, players),
            page - 1,
            locale,
            reader,
            chosen,
        )
        if shown["view"] is None:
            del shown["view"]  # send_message takes no view=None
        await interaction.response.send_message(**shown, ephemeral=not public)

    @app_commands.command(name=text("command.history.name"), description=text("command.history.description"))
    @app_commands.rename(game=text("command.history.game.name"))
    @app_commands.describe(game=text("command.history.game.description"))
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, game: app_commands.Range[int, 1]) -> None:
        locale = user_locale(interaction)
        try:
            ended = await self.bot.service.replays.history(game, interaction.user.id, interaction.guild_id)
        except NotAPlayer as error:
            # The table's sentence speaks of sitting at it now; this game is over or about to be.
            raise Refusal("history_not_yours", str(error), game=game) from error
        data = json.dumps(ended.record, ensure_ascii=False, indent=1).encode()
        await interaction.response.send_message(
            embed=history_embed(ended, locale),
            file=discord.File(io.BytesIO(data), filename=history_filename(game)),
            ephemeral=True,
        )


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Standings(bot))
