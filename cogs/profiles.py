"""Profiles: `/stats [player]` is a player's record on this server, privately in the reader's language.

One field per game (per player count for Five Hundred, as the leaderboards), in the order `/play` offers the
games: the place on the all-time leaderboard, the rating, the rated games and wins, how many of the games
they sat in they finished in their own seat (not abandoned, not resigned), and their best final score. The
picture is their rating over time (rendering.rating_chart), a line per game (the six most played), with the
server's seasons marked.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from datetime import UTC, datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import tr
from bot.tables.standings.profiles import GameRecord, Profile
from bot.tables.standings.ratings import pool_game
from cogs.host import FivesBot
from presenters.common import MEDALS
from rendering.rating_chart import COLOURS, RatingPoint, RatingSeries, SeasonMark, render_rating_chart

from .common import Colours, user_locale
from .standings import game_label, rating_text, record_text
from .translator import text

CHART = "rating.png"


def record_lines(record: GameRecord, size: int | None, locale: str) -> list[str]:
    """A game's field: place (of `size` on the board), rating, rated record, completion, best score."""
    lines = []
    if record.place is not None and size:
        mark = MEDALS.get(record.place)
        place = tr("stats.place", locale, place=record.place, count=size)
        lines.append(f"{mark} {place}" if mark else place)
    if record.rating is not None:
        lines.append(tr("stats.rating", locale, rating=rating_text(record.rating)))
        lines.append(record_text(record.games, record.wins, locale))
    if record.played:
        lines.append(
            tr(
                "profile.completion",
                locale,
                finished=record.finished,
                played=record.played,
                rate=f"{record.completion:.0%}",
            )
        )
        if record.abandoned or record.resigned:
            lines.append(tr("profile.unfinished", locale, abandoned=record.abandoned, resigned=record.resigned))
    if record.best_score is not None:
        lines.append(tr("profile.best", locale, score=record.best_score))
    return lines


def chart_series(profile: Profile, locale: str) -> list[RatingSeries]:
    """A line per game with rated games, the most played first, as many as the chart has colours."""
    pools = sorted(profile.history, key=lambda pool: -len(profile.history[pool]))[: len(COLOURS)]
    out = []
    for pool in pools:
        game_id, players = pool_game(pool)
        label = game_label(game_id, players, locale) if len(pools) > 1 else ""
        points = tuple(RatingPoint(_when(step.at), step.rating) for step in profile.history[pool])
        out.append(RatingSeries(label, points))
    return out


def _when(at: float) -> datetime:
    return datetime.fromtimestamp(at, tz=UTC)


def chart(name: str, profile: Profile, locale: str) -> bytes | None:
    """The rating chart, or None for a player without a rated game."""
    series = chart_series(profile, locale)
    if not series:
        return None
    marks: Sequence[SeasonMark] = [SeasonMark(_when(s.started_at), s.name) for s in profile.seasons]
    return render_rating_chart(name, series, locale, seasons=marks)


class Profiles(commands.Cog):
    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    @app_commands.command(name=text("command.stats.name"), description=text("command.stats.description"))
    @app_commands.rename(player=text("command.stats.player.name"))
    @app_commands.describe(player=text("command.stats.player.description"))
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        guild_id = interaction.guild_id
        locale = user_locale(interaction)
        who = player or interaction.user
        name = discord.utils.escape_markdown(who.display_name)
        tables = self.bot.service
        profile = await tables.standings.profile(guild_id, who.id)
        embed = discord.Embed(title=tr("stats.title", locale, player=name), colour=Colours.RESULT)
        if not profile.records:
            none = tr("stats.none.self", locale) if who.id == interaction.user.id else None
            embed.description = none or tr("stats.none.other", locale, player=name)
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        for record in profile.records[:25]:  # an embed's fields
            size = (
                await tables.standings.leaderboard_size(guild_id, record.game_id, record.players)
                if record.place
                else None
            )
            embed.add_field(
                name=game_label(record.game_id, record.players, locale),
                value="\n".join(record_lines(record, size, locale)),
            )
        image = chart(who.display_name, profile, locale)
        if image is None:
            await interaction.response.send_message(embed=embed, ephemeral=True)
            return
        embed.set_image(url=f"attachment://{CHART}")
        file = discord.File(io.BytesIO(image), filename=CHART)
        await interaction.response.send_message(embed=embed, file=file, ephemeral=True)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Profiles(bot))
