"""Seasons: `/season start name:… [ends:…]`, `/season end`, `/season schedule every:… [name:…]` and
`/season channel [channel]` for a server manager (*Manage Server*, checked when the command runs, as
`/settings` does), `/season show` for everyone.

While a season runs, every rated game also counts on the season's own boards (`/leaderboard season:…`),
where everyone starts afresh; the all-time boards go on as before. When it ends (a manager's `/season end`,
or its `ends` date: a sweep every few seconds, once across processes) its boards stay as they ended, and its
champions, the first of each board, are announced in the channel the server chose with `/season channel`,
else where the season was started.

A schedule (weekly, monthly or quarterly, in UTC calendar periods: see `bot.tables.standings.season_schedule`) starts
the seasons itself: the first at once if none is running, then the next as soon as one ends; the end's
announcement says which began. `off` stops the chain (the running season runs on to its date).

`ends` takes a date (`2026-12-31`: the season runs through that day, in UTC), a date and time in UTC
(`2026-12-31 18:00`), or a length from now (`30d`, `6w`, `12h`).
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.engine.errors import brief
from bot.i18n import tr, trn
from bot.tables.standings.season_schedule import DEFAULT_PATTERNS, EVERY, BadSchedulePattern, Schedule
from bot.tables.standings.seasons import Champion, NextSeason, Season, SeasonEnded
from presenters.common import game_name

from .common import Colours, Refusal, public_locale, relative_time, reply, service, user_locale
from .games import Confirm
from .posted import find_own, footers, marked, markers
from .translator import text

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 30.0  # how soon a season's date ends it: a season's end is rarer than a turn's
_LENGTH = re.compile(r"^\s*(\d{1,4})\s*([hdw])\s*$", re.IGNORECASE)
_UNITS = {"h": timedelta(hours=1), "d": timedelta(days=1), "w": timedelta(weeks=1)}
LONGEST = timedelta(days=3 * 366)  # a season longer than this is a typing mistake
FOOTER = markers("season.footer", "number")  # an announcement's footer: which season's champions it tells
EVERY_CHOICES = [app_commands.Choice(name=text(f"season.every.{v}.choice"), value=v) for v in (*EVERY, "off")]


# -- words ----------------------------------------------------------------------------------------------
def parse_end(typed: str, now: datetime) -> datetime:
    """When a season typed as `ends` ends: a date (through that day, UTC), a UTC date and time, or a length
    from `now`. Refusal `season_bad_end` for anything else, or more than three years away."""
    typed = typed.strip()
    length = _LENGTH.match(typed)
    when: datetime | None = None
    if length:
        when = now + int(length[1]) * _UNITS[length[2].lower()]
    else:
        for form, whole_day in (("%Y-%m-%d", True), ("%Y-%m-%d %H:%M", False), ("%Y-%m-%dT%H:%M", False)):
            try:
                when = datetime.strptime(typed, form).replace(tzinfo=UTC)
            except ValueError:
                continue
            if whole_day:
                when += timedelta(days=1)
            break
    if when is None or when - now > LONGEST:
        raise Refusal("season_bad_end", value=brief(typed))
    return when


def season_title(label: str, season: Season, locale: str) -> str:
    """A season's leaderboard title: as it stands, or its final standings."""
    key = "season.board.title" if season.running else "season.board.final"
    return tr(key, locale, game=label, season=season.name)


def season_empty(label: str, season: Season, locale: str) -> str:
    return tr("season.board.empty", locale, game=label, season=season.name)


def _board_name(champion: Champion, locale: str) -> str:
    name = game_name(champion.game_id, locale)
    return (
        name if champion.players is None else tr("standings.game_players", locale, game=name, players=champion.players)
    )


def champion_line(champion: Champion, locale: str, tied: bool = False) -> str:
    """A champion's line; `tied`: one of several tied first on their board."""
    who = discord.utils.escape_markdown(champion.name) if champion.name else f"<@{champion.user_id}>"
    record = tr(
        "standings.record",
        locale,
        games=trn("standings.games", champion.games, locale),
        wins=trn("standings.wins", champion.wins, locale),
        rate=f"{champion.wins / champion.games if champion.games else 0:.0%}",
    )
    return tr(
        "season.champion.tied" if tied else "season.champion",
        locale,
        game=_board_name(champion, locale),
        player=who,
        rating=f"{champion.rating:.1f}",
        record=record,
    )


def ended_embed(ended: SeasonEnded, locale: str) -> discord.Embed:
    season = ended.season
    embed = discord.Embed(title=tr("season.over.title", locale, season=season.name), colour=Colours.GAME_OVER)
    per_board = Counter((c.game_id, c.players) for c in ended.champions)
    lines = [champion_line(c, locale, per_board[c.game_id, c.players] > 1) for c in ended.champions]
    lines = lines or [tr("season.over.none", locale)]
    lines += ["", tr("season.over.more", locale, season=season.name)]
    if ended.next is not None:
        began = ended.next
        lines += [
            "",
            tr(
                "season.over.next",
                locale,
                season=discord.utils.escape_markdown(began.name),
                until=relative_time(began.ends_at) if began.ends_at is not None else "",
            ),
        ]
    embed.description = "\n".join(lines)[:4000]
    embed.set_footer(text=tr("season.footer", locale, number=season.season_id))
    return embed


def announces(message: discord.Message) -> int | None:
    """The season whose champions a message announces, by its footer (None: it announces none)."""
    for footer in footers(message):
        fields = marked(FOOTER, footer)
        if fields is not None:
            return fields[0]
    return None


def season_lines(season: Season, locale: str) -> list[str]:
    """When a season started and ends (or ended)."""
    started = relative_time(season.started_at)
    if season.running:
        if season.ends_at is None:
            return [tr("season.show.open", locale, since=started)]
        return [tr("season.show.until", locale, since=started, until=relative_time(season.ends_at))]
    assert season.ended_at is not None
    return [tr("season.show.ended", locale, since=started, until=relative_time(season.ended_at))]


def schedule_text(schedule: Schedule, locale: str) -> str:
    """A schedule in words: how often, and how its seasons are named."""
    return tr(
        "season.schedule.text",
        locale,
        every=tr(f"season.every.{schedule.every}", locale),
        pattern=schedule.pattern.replace("`", "'"),  # shown in a code span
    )


def coming_text(coming: NextSeason, running: Season | None, locale: str) -> str:
    """When the schedule's next season starts."""
    if coming.name is None or coming.starts_at is None:  # the running season has no date
        name = running.name if running is not None else ""
        return tr("season.schedule.after", locale, season=discord.utils.escape_markdown(name))
    until = relative_time(coming.ends_at) if coming.ends_at is not None else ""
    return tr(
        "season.schedule.next",
        locale,
        season=discord.utils.escape_markdown(coming.name),
        since=relative_time(coming.starts_at),
        until=until,
    )


def show_embed(
    seasons: Sequence[Season], channel_id: int | None, locale: str, coming: NextSeason | None = None
) -> discord.Embed:
    embed = discord.Embed(title=tr("season.show.title", locale), colour=Colours.RESULT)
    running = next((s for s in seasons if s.running), None)
    if running is not None:
        embed.add_field(
            name=tr("season.show.current", locale, season=running.name),
            value="\n".join(season_lines(running, locale)),
            inline=False,
        )
    else:
        embed.description = tr("season.show.none", locale)
    past = [s for s in reversed(seasons) if not s.running][:10]
    if past:
        embed.add_field(
            name=tr("season.show.past", locale),
            value="\n".join(f"**{discord.utils.escape_markdown(s.name)}**: {season_lines(s, locale)[0]}" for s in past),
            inline=False,
        )
    if coming is not None:
        value = f"{schedule_text(coming.schedule, locale)}\n{coming_text(coming, running, locale)}"
    else:
        value = tr("season.schedule.none", locale)
    embed.add_field(name=tr("season.show.schedule", locale), value=value, inline=False)
    where = f"<#{channel_id}>" if channel_id else tr("season.show.channel.default", locale)
    embed.add_field(name=tr("season.show.channel", locale), value=where, inline=False)
    return embed


async def seasons_embed(bot: FivesBot, guild_id: int, locale: str) -> discord.Embed:
    """`/season show`: the server's seasons, its schedule and where champions are announced."""
    seasons = bot.service.seasons
    return show_embed(
        await seasons.all(guild_id), await seasons.channel(guild_id), locale, await seasons.next_season(guild_id)
    )


async def season_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The server's seasons, the newest first (the running one marked)."""
    if interaction.guild_id is None:
        return []
    locale = user_locale(interaction)
    typed = current.strip().casefold()
    out = []
    for season in reversed(await service(interaction.client).seasons.all(interaction.guild_id)):
        if typed and typed not in season.name.casefold():
            continue
        label = tr("season.choice.running", locale, season=season.name) if season.running else season.name
        out.append(app_commands.Choice(name=label[:100], value=season.name))
    return out[:25]


async def pattern_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Name patterns, each with the name it would give now: what was typed (if it is one), the schedule's
    usual pattern and an example in the reader's language. (The placeholders cannot be named in a command's
    description: it is not formatted, and a Japanese one holds no English words.)"""
    if interaction.guild_id is None:
        return []
    locale = user_locale(interaction)
    every = getattr(interaction.namespace, "every", None)
    every = every if every in EVERY else "monthly"
    out: list[app_commands.Choice[str]] = []
    for pattern in dict.fromkeys((current.strip(), DEFAULT_PATTERNS[every], tr("season.pattern.example", locale))):
        if not pattern:
            continue
        try:
            name = await service(interaction.client).seasons.preview(interaction.guild_id, every, pattern)
        except BadSchedulePattern:
            continue
        label = tr("season.pattern.choice", locale, pattern=pattern, name=name)
        out.append(app_commands.Choice(name=label[:100], value=pattern[:100]))
    return out


# -- the cog -------------------------------------------------------------------------------------------------
class Seasons(commands.Cog):
    season = app_commands.Group(
        name=text("command.season.name"), description=text("command.season.description"), guild_only=True
    )

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()

    # -- announcing ----------------------------------------------------------------------------------
    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            await self.announce_due()
        except Exception:
            log.exception("the season sweep failed; trying again in %s s", SWEEP_SECONDS)

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()

    async def announce_due(self) -> None:
        """End the seasons whose date has come, and announce every season's champions that are due."""
        for ended in await self.bot.service.seasons.sweep():
            await self.announce(ended)

    async def announce(self, ended: SeasonEnded) -> None:
        """Post a season's champions; told (or never tellable: the channel is gone) is settled, a refusal is
        tried again after the claim's lease."""
        season = ended.season
        locale = await public_locale(self.bot, season.guild_id)
        channel = self.bot.get_channel(ended.channel_id)
        try:
            if channel is None:
                channel = await self.bot.fetch_channel(ended.channel_id)
            assert isinstance(channel, discord.abc.Messageable)
            if ended.retold and await self._posted(channel, season):
                log.info("season %s: its champions were announced before a crash; not twice", season.season_id)
            else:
                await channel.send(embed=ended_embed(ended, locale))
        except discord.NotFound:
            log.warning(
                "season %s: its channel %s is gone; its champions go untold", season.season_id, ended.channel_id
            )
        except discord.HTTPException as exc:
            log.warning("season %s: could not announce its champions (%s); trying again later", season.season_id, exc)
            return
        await self.bot.service.seasons.announced(season.season_id)

    async def _posted(self, channel: discord.abc.Messageable, season: Season) -> bool:
        """Whether the channel shows the season's champions already (an earlier claim posted them, then died
        or lost Discord's answer before saying so)."""

        def this_season(message: discord.Message) -> bool | None:
            return True if announces(message) == season.season_id else None

        return bool(await find_own(self.bot, channel, season.ended_at, this_season))

    # -- the commands ---------------------------------------------------------------------------------
    @season.command(name=text("command.season.start.name"), description=text("command.season.start.description"))
    @app_commands.rename(name=text("command.season.start.season.name"), ends=text("command.season.start.ends.name"))
    @app_commands.describe(
        name=text("command.season.start.season.description"), ends=text("command.season.start.ends.description")
    )
    @app_commands.checks.has_permissions(manage_guild=True)
    async def start(self, interaction: discord.Interaction, name: str, ends: str | None = None) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        locale = user_locale(interaction)
        ends_at = None if ends is None else parse_end(ends, discord.utils.utcnow()).timestamp()
        started = await self.bot.service.seasons.start(
            interaction.guild_id, interaction.channel_id, interaction.user.id, name, ends_at
        )
        key = "season.started" if ends_at is None else "season.started.until"
        until = None if ends_at is None else relative_time(ends_at)
        said = tr(key, locale, season=discord.utils.escape_markdown(started.name), until=until)
        await reply(interaction, said, embed=await seasons_embed(self.bot, interaction.guild_id, locale))

    @season.command(name=text("command.season.end.name"), description=text("command.season.end.description"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def end(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        running = await self.bot.service.seasons.current(interaction.guild_id)
        if running is None:
            raise Refusal("season_none_running")

        async def confirmed(click: discord.Interaction) -> None:
            assert click.guild_id is not None
            ended = await service(click.client).seasons.end(click.guild_id, click.user.id)
            said = tr("season.ended", user_locale(click), season=discord.utils.escape_markdown(ended.name))
            await click.response.edit_message(content=said, view=None)
            await self.announce_due()  # its champions now, not at the next sweep

        scheduled = await self.bot.service.seasons.schedule(interaction.guild_id) is not None
        key = "season.end.confirm.scheduled" if scheduled else "season.end.confirm"
        question = tr(key, locale, season=discord.utils.escape_markdown(running.name))
        view = Confirm(interaction.user.id, locale, tr("season.end.yes", locale), confirmed)
        await interaction.response.send_message(question, view=view, ephemeral=True)

    @season.command(name=text("command.season.channel.name"), description=text("command.season.channel.description"))
    @app_commands.rename(channel=text("command.season.channel.channel.name"))
    @app_commands.describe(channel=text("command.season.channel.channel.description"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def channel(self, interaction: discord.Interaction, channel: discord.TextChannel | None = None) -> None:
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        await self.bot.service.seasons.set_channel(interaction.guild_id, None if channel is None else channel.id)
        said = (
            tr("season.channel.set", locale, channel=channel.mention)
            if channel is not None
            else tr("season.channel.cleared", locale)
        )
        await reply(interaction, said)

    @season.command(name=text("command.season.schedule.name"), description=text("command.season.schedule.description"))
    @app_commands.rename(
        every=text("command.season.schedule.every.name"), name=text("command.season.schedule.pattern.name")
    )
    @app_commands.describe(
        every=text("command.season.schedule.every.description"),
        name=text("command.season.schedule.pattern.description"),
    )
    @app_commands.choices(every=EVERY_CHOICES)
    @app_commands.autocomplete(name=pattern_autocomplete)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def schedule(
        self, interaction: discord.Interaction, every: app_commands.Choice[str], name: str | None = None
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        locale = user_locale(interaction)
        seasons = self.bot.service.seasons
        if every.value == "off":
            cleared = await seasons.clear_schedule(interaction.guild_id)
            said = tr("season.schedule.off" if cleared else "season.schedule.off.none", locale)
        else:
            schedule, started = await seasons.set_schedule(
                interaction.guild_id, interaction.channel_id, interaction.user.id, every.value, name
            )
            said = tr("season.schedule.set", locale, schedule=schedule_text(schedule, locale))
            if started is not None:
                assert started.ends_at is not None
                began = tr(
                    "season.started.until",
                    locale,
                    season=discord.utils.escape_markdown(started.name),
                    until=relative_time(started.ends_at),
                )
                said = f"{said}\n{began}"
        await reply(interaction, said, embed=await seasons_embed(self.bot, interaction.guild_id, locale))

    @season.command(name=text("command.season.show.name"), description=text("command.season.show.description"))
    async def show(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        await reply(interaction, embed=await seasons_embed(self.bot, interaction.guild_id, user_locale(interaction)))


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Seasons(bot))
