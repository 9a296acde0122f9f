"""Tournaments: `/tournament create game:… format:knockout|swiss [rounds:…] [options:…]` posts a sign-up
message with **Sign up**, **Withdraw** and **Start** (the organiser's); a partnership game's teams sign up with
`/tournament join number:… partner:…`. At the start the bot seeds the entrants by rating and opens each round's
tables itself, in the channel, with the server's turn timer (a player who does not show is played by a computer
when their time runs out). A sweep every few seconds advances the tournament when a round's tables have ended,
posts the bracket (knockout) or the standings (Swiss) after each round, and announces the winner; it all lives in
the database, so a restart carries on where it was, and a round is told once across processes.

`/tournament show [tournament]` shows where one stands (its picture, the round, who is still in, the tables being
played), privately unless `public:`; `/tournament cancel [tournament]` (its organiser, or a member who may manage
the server) stops it: the channel is told once, as a round is, and its sign-up buttons answer that it was
cancelled.
"""

from __future__ import annotations

import io
import logging
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.engine import GAMES
from bot.i18n import LOCALES, tr
from bot.tables import Notification, Player, TableError, TableInfo
from bot.tables.community.tournament_pairing import buchholz, knockout_winner, swiss_points
from bot.tables.community.tournaments import MayNotCancel, News, Tournament, TournamentCancelled, TournamentOver
from presenters.common import entrant_name, game_name, player_mention, table_title
from rendering.tournament import (
    Bracket,
    Match,
    Outcome,
    RoundResult,
    StandingRow,
    Standings,
    render_bracket,
    render_standings,
)
from rendering.tournament import Entrant as DrawnEntrant

from .common import Colours, Refusal, jump_url, public_locale, reply, reports_errors, service, user_locale
from .games import Confirm
from .posted import find_own
from .translator import text

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

SWEEP_SECONDS = 10.0  # how soon after a round's last table ends the next round opens
STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
}
FORMAT_CHOICES = [app_commands.Choice(name=text(f"tournament.format.{f}"), value=f) for f in ("knockout", "swiss")]
GAME_CHOICES = [app_commands.Choice(name=text(f"game.{game_id}.name"), value=game_id) for game_id in GAMES]
_OPTION = re.compile(r"([a-z0-9_]+)\s*=\s*(\S+)")


def parse_options(typed: str | None) -> dict[str, Any]:
    """`rounds=1 target=61` as a game's options (checked by the service); Refusal for anything else."""
    if not typed or not typed.strip():
        return {}
    found = _OPTION.findall(typed)
    if not found or _OPTION.sub("", typed).strip(" ,"):
        raise Refusal("tournament_bad_options", value=typed[:50])
    return {key: int(value) if value.isdigit() else value for key, value in found}


# -- what is shown ----------------------------------------------------------------------------------------
def title(t: Tournament, locale: str) -> str:
    return tr(
        "tournament.title",
        locale,
        number=t.tournament_id,
        game=game_name(t.game_id, locale),
        format=tr(f"tournament.format.{t.format}", locale),
    )


def mentions(t: Tournament, entrant: int, locale: str) -> str:
    return " & ".join(player_mention(u, locale) for u in t.entrants[entrant].users)


def signup_embed(t: Tournament, locale: str) -> discord.Embed:
    embed = discord.Embed(title=title(t, locale), colour=Colours.LOBBY)
    lines = [tr(f"tournament.status.{t.status}", locale, organiser=player_mention(t.created_by, locale))]
    if t.team_size == 2 and t.status == "signup":
        lines.append(tr("tournament.teams", locale, number=t.tournament_id))
    lines.append("")
    for k, e in enumerate(t.entrants):
        who = " & ".join(player_mention(u, locale) for u in e.users)
        lines.append(f"{k + 1}. ~~{who}~~" if k in t.withdrawn else f"{k + 1}. {who}")
    if not t.entrants:
        lines.append(tr("tournament.nobody", locale))
    embed.description = "\n".join(lines)[:4000]
    return embed


def signup_view(t: Tournament, locale: str) -> discord.ui.View | None:
    ways = ("join", "leave", "start") if t.status == "signup" else ("leave",) if t.status == "running" else ()
    if not ways:
        return None
    view = discord.ui.View(timeout=None)
    for way in ways:
        view.add_item(TournamentButton(t.tournament_id, way, locale))
    return view


def bracket_of(t: Tournament, locale: str) -> Bracket:
    """The knockout as it stands, its rounds to come drawn empty."""
    entrants = tuple(DrawnEntrant(entrant_name(e.names, locale), seed=k + 1) for k, e in enumerate(t.entrants))
    rounds = []
    size = len(t.played[0]) if t.played else 1
    for r in range(max(t.rounds, len(t.played))):
        if r < len(t.played):
            rounds.append(tuple(Match(m.a, m.b, knockout_winner(m.a, m.b, m.result)) for m in t.played[r]))
        else:
            rounds.append(tuple(Match(None, None) for _ in range(max(1, size >> r))))
    return Bracket(title(t, locale), entrants, tuple(rounds))


def standings_of(t: Tournament, locale: str) -> Standings:
    history = t.swiss_history()
    points, ties = swiss_points(history), buchholz(history)
    order = t.standing()
    rank = {e: k + 1 for k, e in enumerate(order)}
    rows = []
    for e in order:
        results: list[RoundResult | None] = []
        for matches in t.played:
            mine = next((m for m in matches if e in (m.a, m.b)), None)
            if mine is None or mine.result is None:
                results.append(None)
            elif mine.b is None:
                results.append(RoundResult("bye"))
            else:
                other = mine.b if mine.a == e else mine.a
                won = mine.result == ("a" if mine.a == e else "b")
                lost: Outcome = "absent" if mine.forfeit else "loss"
                outcome: Outcome = "draw" if mine.result == "tie" else "win" if won else lost
                results.append(RoundResult(outcome, rank.get(other) if other is not None else None))
        rows.append(StandingRow(rank[e], entrant_name(t.entrants[e].names, locale), points[e], ties[e], tuple(results)))
    return Standings(title(t, locale), t.rounds, t.round_done, tuple(rows))


def picture(t: Tournament, locale: str) -> discord.File | None:
    try:
        if t.format == "knockout":
            image = render_bracket(bracket_of(t, locale), locale)
        else:
            image = render_standings(standings_of(t, locale), locale)
    except Exception:
        log.exception("tournament %s: could not draw its round; told as text", t.tournament_id)
        return None
    return discord.File(io.BytesIO(image), filename=f"tournament-{t.tournament_id}-{t.round_done}.png")


def cancelled_text(t: Tournament, locale: str) -> str:
    """What the channel is told once when a tournament is cancelled."""
    who = player_mention(t.cancelled_by or t.created_by, locale)
    lines = [tr("tournament.cancelled", locale, number=t.tournament_id, who=who)]
    if t.playing:
        tables = ", ".join(f"#{m.game_no}" for m in t.playing)
        lines.append(tr("tournament.cancelled.tables", locale, tables=tables))
    return "\n".join(lines)


def state_lines(t: Tournament, playing: bool, locale: str) -> list[str]:
    """Where a tournament stands, in a line or two (`playing`: some of its tables are being played)."""
    if t.status == "signup":
        return [
            tr("tournament.show.signup", locale, count=len(t.entrants), organiser=player_mention(t.created_by, locale))
        ]
    if t.status == "cancelled":
        lines = [tr("tournament.show.cancelled", locale, who=player_mention(t.cancelled_by or t.created_by, locale))]
        if playing:
            lines.append(tr("tournament.show.cancelled.tables", locale))
        return lines
    if t.winner is not None:
        return [tr("tournament.show.won", locale, winner=mentions(t, t.winner, locale))]
    return [tr("tournament.show.round", locale, round=max(1, len(t.played)), rounds=t.rounds)]


def show_embed(t: Tournament, tables: dict[int, TableInfo], locale: str) -> discord.Embed:
    """`/tournament show`: the round, who is still in, the tables being played (`tables`: those still active)
    with their links."""
    embed = discord.Embed(title=title(t, locale), colour=Colours.LOBBY if t.status == "signup" else Colours.RESULT)
    # A cancelled tournament takes no more results: a table of it that ended is simply over.
    playing = [m for m in t.playing if t.status != "cancelled" or m.game_no in tables]
    embed.description = "\n".join(state_lines(t, bool(playing), locale))
    if t.status in ("running", "finished") and t.winner is None:
        still = t.still_in()
        value = "\n".join(f"{k + 1}. {mentions(t, k, locale)}" for k in still[:20])
        if len(still) > 20:
            value += "\n" + tr("tournament.show.more", locale, count=len(still) - 20)
        embed.add_field(name=tr("tournament.show.still_in", locale, count=len(still)), value=value or "—", inline=False)
    if playing:
        lines = []
        for m in playing:
            assert m.a is not None and m.b is not None and m.game_no is not None
            table = tables.get(m.game_no)
            if table is None:  # ended: its result is taken at the next sweep
                where = tr("tournament.show.ended", locale, number=m.game_no)
            else:
                url = jump_url(table.guild_id, table.thread_id or table.channel_id, table.board_message_id)
                where = f"[{table_title(table, locale)}]({url})"
            lines.append(f"• {mentions(t, m.a, locale)} – {mentions(t, m.b, locale)}: {where}")
        embed.add_field(name=tr("tournament.show.tables", locale), value="\n".join(lines)[:1024], inline=False)
    return embed


async def tournament_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The server's tournaments, the newest first, each with where it stands."""
    if interaction.guild_id is None:
        return []
    locale = user_locale(interaction)
    typed = current.strip().casefold()
    out = []
    for t in await service(interaction.client).tournaments.of_guild(interaction.guild_id):
        label = tr(
            "tournament.choice", locale, title=title(t, locale), state=tr(f"tournament.state.{t.status}", locale)
        )
        if typed and typed not in label.casefold() and typed != str(t.tournament_id):
            continue
        out.append(app_commands.Choice(name=label[:100], value=t.tournament_id))
    return out[:25]


async def chosen(interaction: discord.Interaction, number: int | None, *, live_only: bool = False) -> Tournament:
    """The tournament a command means: the one named, else the server's newest signing up or running (for a
    cancellation the only one: with several, it must be named), else its newest."""
    assert interaction.guild_id is not None
    tournaments = service(interaction.client).tournaments
    if number is not None:
        return await tournaments.get(number, interaction.guild_id)
    listed = await tournaments.of_guild(interaction.guild_id)
    live = [t for t in listed if t.status in ("signup", "running")]
    if live_only and len(live) > 1:
        raise Refusal("tournament_which")
    if live:
        return live[0]
    if listed and not live_only:
        return listed[0]
    raise Refusal("tournament_none_live" if listed else "tournament_none")


def news_text(t: Tournament, locale: str) -> str:
    """What the channel is told of a claimed tournament: its round, winner or cancellation."""
    return cancelled_text(t, locale) if t.status == "cancelled" else round_text(t, locale)


def round_text(t: Tournament, locale: str) -> str:
    if t.winner is not None:
        who = " & ".join(player_mention(u, locale) for u in t.entrants[t.winner].users)
        return tr("tournament.won", locale, number=t.tournament_id, winner=who)
    lines = [tr("tournament.round_over", locale, number=t.tournament_id, round=t.round_done)]
    if len(t.played) > t.round_done:
        lines.append(tr("tournament.next_round", locale, round=len(t.played)))
        for m in t.played[-1]:
            a = " & ".join(player_mention(u, locale) for u in t.entrants[m.a].users) if m.a is not None else "?"
            if m.b is None:
                lines.append(tr("tournament.bye", locale, player=a))
            else:
                b = " & ".join(player_mention(u, locale) for u in t.entrants[m.b].users)
                lines.append(f"• {a} – {b}")
    return "\n".join(lines)


# -- the buttons ------------------------------------------------------------------------------------------
class TournamentButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"fives:tourney:(?P<id>[0-9]+):(?P<way>join|leave|start)"
):
    """**Sign up**, **Withdraw** and **Start** on a tournament's sign-up message."""

    def __init__(self, tournament_id: int, way: str, locale: str = "en", *, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or tr(f"tournament.button.{way}", locale),
                style=STYLES[way],
                custom_id=f"fives:tourney:{tournament_id}:{way}",
            )
        )
        self.tournament_id, self.way = tournament_id, way

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(int(match["id"]), match["way"], label=item.label)

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        tournaments = service(interaction.client).tournaments
        user = interaction.user
        notes: list[Notification] = []
        if self.way == "join":
            t = await tournaments.sign_up(self.tournament_id, [Player(user.id, user.display_name)])
        elif self.way == "leave":
            t, notes = await tournaments.withdraw(self.tournament_id, user.id)
        else:
            t, notes = await tournaments.begin(self.tournament_id, user.id)
        locale = await public_locale(interaction.client, interaction.guild_id)
        await interaction.response.edit_message(embed=signup_embed(t, locale), view=signup_view(t, locale))
        if notes:
            bot: FivesBot = interaction.client  # type: ignore[assignment]
            await bot.announcer.deliver(notes, None)


# -- the cog ----------------------------------------------------------------------------------------------
class Tournaments(commands.Cog):
    tournament = app_commands.Group(
        name=text("command.tournament.name"), description=text("command.tournament.description"), guild_only=True
    )

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)
        self.sweep.start()

    async def cog_unload(self) -> None:
        self.sweep.cancel()
        self.bot.remove_dynamic_items(TournamentButton)

    @tasks.loop(seconds=SWEEP_SECONDS)
    async def sweep(self) -> None:
        try:
            await self.advance_all()
        except Exception:
            log.exception("the tournament sweep failed; trying again in %s s", SWEEP_SECONDS)

    @sweep.before_loop
    async def before_sweep(self) -> None:
        await self.bot.wait_until_ready()

    async def advance_all(self) -> None:
        """Advance the running tournaments, open their new tables, and tell each round that ended once."""
        tournaments = self.bot.service.tournaments
        for t, notes in await tournaments.sweep():
            if notes:
                await self.bot.announcer.deliver(notes, None)
            claimed = await tournaments.claim_news(t.tournament_id)
            if claimed is not None:
                await self.tell(claimed)

    async def tell(self, news: News) -> None:
        """Post a claimed round (its picture), the winner, or a cancellation; then report it told. Claimed
        again after an earlier claim's lease ran out, it is first looked for in the channel: that claim may
        have posted it and died (or lost Discord's answer) before reporting it told."""
        t = news.tournament
        locale = await public_locale(self.bot, t.guild_id)
        channel = self.bot.get_partial_messageable(t.channel_id, guild_id=t.guild_id)
        cancelled = t.status == "cancelled"
        try:
            if news.retold and await self._posted(channel, t):
                log.info("tournament %s: its news was posted before a crash; not twice", t.tournament_id)
            else:
                file = None if cancelled else picture(t, locale)
                await channel.send(
                    news_text(t, locale),
                    files=[file] if file is not None else [],
                    allowed_mentions=discord.AllowedMentions(users=True),
                )
        except discord.NotFound:
            log.warning("tournament %s: its channel is gone; its round goes untold", t.tournament_id)
        except discord.HTTPException as exc:
            log.warning("tournament %s: could not tell its round (%s); trying again later", t.tournament_id, exc)
            return
        # Told: whatever becomes of the sign-up message now, the news is never posted twice.
        if (cancelled or t.winner is not None) and t.message_id is not None:  # the sign-up loses its buttons
            over = t if cancelled else replace(t, status="finished")
            try:
                await channel.get_partial_message(t.message_id).edit(embed=signup_embed(over, locale), view=None)
            except discord.HTTPException as exc:  # its buttons answer that it is over
                log.info("tournament %s: could not retire its sign-up message (%s)", t.tournament_id, exc)
        await self.bot.service.tournaments.told(t)

    async def _posted(self, channel: discord.PartialMessageable, t: Tournament) -> bool:
        """Whether the channel's recent messages show this news of the tournament, by its first line (which
        names the tournament and the round, the winner or the cancellation) in any language."""
        lines = {news_text(t, locale).split("\n", 1)[0] for locale in LOCALES}

        def this_news(message: discord.Message) -> bool | None:
            return True if (message.content or "").split("\n", 1)[0] in lines else None

        return bool(await find_own(self.bot, channel, None, this_news))

    @tournament.command(
        name=text("command.tournament.create.name"), description=text("command.tournament.create.description")
    )
    @app_commands.rename(
        game=text("command.tournament.game.name"),
        format=text("command.tournament.format.name"),
        rounds=text("command.tournament.rounds.name"),
        options=text("command.tournament.options.name"),
    )
    @app_commands.describe(
        game=text("command.tournament.game.description"),
        format=text("command.tournament.format.description"),
        rounds=text("command.tournament.rounds.description"),
        options=text("command.tournament.options.description"),
    )
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    @app_commands.checks.bot_has_permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True)
    async def create(
        self,
        interaction: discord.Interaction,
        game: app_commands.Choice[str],
        format: app_commands.Choice[str],  # the command's own word
        rounds: app_commands.Range[int, 1, 10] | None = None,
        options: str | None = None,
    ) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        t = await self.bot.service.tournaments.create(
            interaction.guild_id,
            interaction.channel_id,
            interaction.user.id,
            game.value,
            format.value,
            rounds,
            parse_options(options),
        )
        locale = await public_locale(self.bot, interaction.guild_id)
        view = signup_view(t, locale)
        assert view is not None  # signing up: it has its buttons
        await interaction.response.send_message(embed=signup_embed(t, locale), view=view)
        message = await interaction.original_response()
        await self.bot.service.tournaments.set_message(t.tournament_id, message.id)

    @tournament.command(
        name=text("command.tournament.join.name"), description=text("command.tournament.join.description")
    )
    @app_commands.rename(number=text("command.tournament.number.name"), partner=text("command.tournament.partner.name"))
    @app_commands.describe(
        number=text("command.tournament.number.description"), partner=text("command.tournament.partner.description")
    )
    async def join(self, interaction: discord.Interaction, number: int, partner: discord.Member | None = None) -> None:
        assert interaction.guild_id is not None
        tournaments = self.bot.service.tournaments
        await tournaments.get(number, interaction.guild_id)  # another server's is not found
        user = interaction.user
        players = [Player(user.id, user.display_name)]
        if partner is not None:
            players.append(Player(partner.id, partner.display_name))
        t = await tournaments.sign_up(number, players)
        locale = user_locale(interaction)
        await interaction.response.send_message(tr("tournament.joined", locale, number=number), ephemeral=True)
        if t.message_id is not None:
            public = await public_locale(self.bot, interaction.guild_id)
            channel = self.bot.get_partial_messageable(t.channel_id, guild_id=t.guild_id)
            try:
                await channel.get_partial_message(t.message_id).edit(
                    embed=signup_embed(t, public), view=signup_view(t, public)
                )
            except discord.HTTPException as exc:
                log.info("tournament %s: could not redraw its sign-up (%s)", number, exc)

    @tournament.command(
        name=text("command.tournament.show.name"), description=text("command.tournament.show.description")
    )
    @app_commands.rename(
        tournament=text("command.tournament.tournament.name"), public=text("command.option.public.name")
    )
    @app_commands.describe(
        tournament=text("command.tournament.tournament.description"),
        public=text("command.option.public.description"),
    )
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def show(self, interaction: discord.Interaction, tournament: int | None = None, public: bool = False) -> None:
        t = await chosen(interaction, tournament)
        locale = await public_locale(self.bot, interaction.guild_id) if public else user_locale(interaction)
        tables: dict[int, TableInfo] = {}
        for m in t.playing:
            assert m.game_no is not None
            try:
                tables[m.game_no] = await self.bot.service.tables.info(m.game_no)
            except TableError:
                continue  # ended meanwhile
        file = None if t.status == "signup" else picture(t, locale)
        await interaction.response.send_message(
            embed=show_embed(t, tables, locale),
            files=[file] if file is not None else [],
            ephemeral=not public,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @tournament.command(
        name=text("command.tournament.cancel.name"), description=text("command.tournament.cancel.description")
    )
    @app_commands.rename(tournament=text("command.tournament.tournament.name"))
    @app_commands.describe(tournament=text("command.tournament.tournament.description"))
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None) -> None:
        t = await chosen(interaction, tournament, live_only=True)
        may_manage = bool(interaction.permissions.manage_guild)
        # Refused before the question, as the service would refuse it after.
        if interaction.user.id != t.created_by and not may_manage:
            raise MayNotCancel(f"user {interaction.user.id} may not cancel tournament {t.tournament_id}")
        if t.status == "cancelled":
            raise TournamentCancelled(f"tournament {t.tournament_id} was cancelled", tournament=t.tournament_id)
        if t.status == "finished":
            raise TournamentOver(f"tournament {t.tournament_id} is over", tournament=t.tournament_id)
        locale = user_locale(interaction)

        async def confirmed(click: discord.Interaction) -> None:
            tournaments = service(click.client).tournaments
            done = await tournaments.cancel(t.tournament_id, click.user.id, may_manage=may_manage)
            said = tr("tournament.cancel.done", user_locale(click), number=done.tournament_id)
            await click.response.edit_message(content=said, view=None)
            claimed = await tournaments.claim_news(done.tournament_id)  # the channel now, not at the next sweep
            if claimed is not None:
                await self.tell(claimed)

        key = "tournament.cancel.confirm.playing" if t.playing else "tournament.cancel.confirm"
        question = tr(key, locale, title=title(t, locale))
        view = Confirm(interaction.user.id, locale, tr("tournament.cancel.yes", locale), confirmed)
        await reply(interaction, question, view=view)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Tournaments(bot))
