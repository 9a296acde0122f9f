"""A lobby's message: its embed and its controls (join, leave, start, computers, invitations, levels and options)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Self

import discord
from discord import app_commands

from bot.ai import LEVELS
from bot.engine import OptionSpec, game_info
from bot.i18n import tr
from bot.tables import LobbyChanged, LobbyInfo, NotHost, NotHostToInvite, Player, Seat
from presenters import common as words

from ..common import Colours, Refusal, fives, public_locale, reports_errors, service, user_locale
from ..translator import text
from .watching import WatchButton
from .web_table import LobbyActivityButton, activity_on

if TYPE_CHECKING:
    from cogs.host import FivesBot

RULES_DEFAULT = "-"  # the select value that puts an option back to the rules' default


OPTIONS_PER_PAGE = 4  # selects in the options message, a row left for paging


MENTION = re.compile(r"<@!?([0-9]+)>")  # the players a host invites, as mentions in `invite:`

PLAY = text("command.play.name")  # /play, whose checks Start checks again


def player_range(allowed: tuple[int, ...]) -> str:
    low, high = min(allowed), max(allowed)
    if low == high:
        return str(low)
    if list(allowed) == list(range(low, high + 1)):
        return f"{low}–{high}"
    return ", ".join(map(str, allowed))


def shown_options(game_id: str) -> list[OptionSpec]:
    """The options a host can choose: not the player count (the seats say it), not a rule with one value."""
    return [o for o in game_info(game_id).options if o.id != "players" and (len(o.choices) > 1 or not o.choices)]


# -- the lobby message -----------------------------------------------------------------------------------
def lobby_embed(lobby: LobbyInfo, locale: str, *, in_thread: bool = True) -> discord.Embed:
    """The lobby as it stands; once started, where the game is played (its thread, or this channel where the
    bot may not open one)."""
    game = words.game_name(lobby.game_id, locale)
    if lobby.status == "cancelled":
        return discord.Embed(
            title=tr("lobby.cancelled.title", locale, game=game),
            description=tr("lobby.cancelled", locale),
            colour=Colours.CLOSED,
        )
    if lobby.status == "started":
        return discord.Embed(
            title=tr("lobby.started.title", locale, game=game, number=lobby.game_no),
            description=tr("lobby.started" if in_thread else "lobby.started.here", locale),
            colour=Colours.BOARD,
        )
    embed = discord.Embed(
        title=tr("lobby.title", locale, game=game),
        description=tr(
            "lobby.description", locale, host=f"<@{lobby.host_id}>", players=player_range(lobby.allowed_players)
        ),
        colour=Colours.LOBBY,
    )
    names = words.names_with_levels(lobby.seats, locale)
    seats = []
    for seat, name in zip(lobby.seats, names, strict=True):
        if seat.user_id is None:
            seats.append(f"{seat.index + 1}. 🤖 {discord.utils.escape_markdown(name)}")
        else:
            host = tr("lobby.host", locale) if seat.user_id == lobby.host_id else ""
            seats.append(f"{seat.index + 1}. <@{seat.user_id}>{host}")
    for index in range(len(lobby.seats), max(lobby.allowed_players)):
        seats.append(f"{index + 1}. " + tr("lobby.open_seat", locale))
    embed.add_field(name=tr("lobby.seats", locale), value="\n".join(seats), inline=False)
    access = []
    if lobby.private:
        invited = tr("list.join", locale).join(f"<@{u}>" for u in lobby.invited) or tr("lobby.private.nobody", locale)
        access.append(tr("lobby.private", locale, invited=invited))
    if not lobby.watching:
        access.append(tr("lobby.no_watching", locale))
    if lobby.undo:
        access.append(tr("lobby.undo", locale))
    if lobby.hints:
        access.append(tr("lobby.hints", locale))
    if access:
        embed.add_field(name=tr("lobby.access", locale), value=_fit("\n".join(access), 1024), inline=False)
    lines = [
        tr(
            "lobby.option",
            locale,
            name=words.option_name(o.id, locale),
            value=words.option_value(o.id, lobby.options.get(o.id), locale),
        )
        for o in shown_options(lobby.game_id)
    ]
    if lines:
        embed.add_field(name=tr("lobby.options", locale), value=_fit("\n".join(lines), 1024), inline=False)
    embed.set_footer(text=tr("lobby.footer", locale))
    return embed


def lobby_view(lobby: LobbyInfo, locale: str, bot: FivesBot) -> discord.ui.View | None:
    """The lobby's controls while it is open (None once started or cancelled)."""
    return lobby_controls(lobby, locale, bot) if lobby.status == "open" else None


def lobby_controls(lobby: LobbyInfo, locale: str, bot: FivesBot) -> discord.ui.View:
    """Every place that posts or redraws a lobby builds it here; `bot` says whether the web table's Activity
    is on (then **Play in Discord** too: the Activity, opened beside the lobby, starts on its game)."""
    view = discord.ui.View(timeout=None)
    computers = any(s.computer for s in lobby.seats)
    for op, style, row, disabled in (
        ("join", discord.ButtonStyle.success, 0, lobby.full),
        ("leave", discord.ButtonStyle.secondary, 0, False),
        ("remove", discord.ButtonStyle.secondary, 2, not computers),
        ("levels", discord.ButtonStyle.secondary, 2, not computers),
        ("options", discord.ButtonStyle.secondary, 2, False),  # hints are offered or not in every game
        ("start", discord.ButtonStyle.success, 3, not lobby.can_start),
        ("cancel", discord.ButtonStyle.danger, 3, False),
    ):
        view.add_item(LobbyButton(lobby.lobby_id, op, tr(f"lobby.button.{op}", locale), style, row, disabled))
    view.add_item(AddComputerSelect.build(lobby, locale))
    if lobby.watching:
        view.add_item(WatchButton("l", lobby.lobby_id, locale, row=0))
    if activity_on(bot):
        view.add_item(LobbyActivityButton(lobby.lobby_id, locale, row=0))
    if lobby.private:
        view.add_item(InviteSelect.build(lobby, locale))
    return view


def level_label(level: str, locale: str) -> str:
    return tr(f"level.{level}.label", locale)


# -- the computers' levels (host only, ephemeral) ---------------------------------------------------------
def levels_text(lobby: LobbyInfo, locale: str) -> str:
    """What the levels panel says: what each level does."""
    lines = [tr("lobby.levels.intro", locale, game=words.game_name(lobby.game_id, locale))]
    lines += [
        tr("lobby.levels.line", locale, level=level_label(level, locale), about=tr(f"level.{level}.about", locale))
        for level in LEVELS
    ]
    return "\n".join(lines)


def levels_view(lobby: LobbyInfo, locale: str) -> discord.ui.View:
    """One select per computer of the lobby, showing its level (a lobby seats at most five computers, and a
    message holds five selects)."""
    view = discord.ui.View(timeout=None)
    computers = [s for s in lobby.seats if s.computer]
    names = words.seat_names(lobby.seats, locale)
    for number, seat in enumerate(computers[:5], start=1):
        view.add_item(ComputerLevelSelect.build(lobby.lobby_id, number, names[seat.index], seat, locale))
    return view


def _fit(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[: limit - 1] + "…"


# -- the options message (host only, ephemeral) ----------------------------------------------------------
def suggested_values(spec: OptionSpec, current: Any) -> list[Any]:
    """Values to offer for an option with an open range (rounds, hands, starting chips)."""
    default = spec.default_for(4)
    low = spec.minimum if spec.minimum is not None else 1
    if isinstance(default, int) and default > 20:
        values = {default // 5, default // 4, default // 2, default, default * 2, default * 4}
    else:
        values = set(range(max(low, 1), 13))
    if isinstance(current, int):
        values.add(current)
    high = spec.maximum if spec.maximum is not None else max(values)
    return sorted(v for v in values if low <= v <= high)


def options_view(lobby: LobbyInfo, locale: str, page: int = 0) -> discord.ui.View:
    """The game's options, then whether the table offers hints (the table's choice, not a rule of the game:
    the last entry, paged like the others)."""
    specs: list[OptionSpec | None] = [*shown_options(lobby.game_id), None]  # None: the hints
    pages = max(1, -(-len(specs) // OPTIONS_PER_PAGE))
    page = min(max(page, 0), pages - 1)
    view = discord.ui.View(timeout=None)
    for spec in specs[page * OPTIONS_PER_PAGE : (page + 1) * OPTIONS_PER_PAGE]:
        view.add_item(
            HintsSelect.build(lobby, locale, page) if spec is None else OptionSelect.build(lobby, spec, locale, page)
        )
    if pages > 1:
        for target, label in ((page - 1, "◀"), (page + 1, "▶")):
            if 0 <= target < pages:
                text_ = tr("options.page", locale, page=target + 1, pages=pages)
                view.add_item(
                    OptionsPage(lobby.lobby_id, target, f"{label} {text_}" if label == "◀" else f"{text_} {label}")
                )
    return view


async def can_play_here(interaction: discord.Interaction) -> None:
    """What `/play` checks, checked again at **Start**: the bot's permissions may have changed meanwhile, and a
    game nobody can see is worse than a lobby that waits. The checks are those of the /play the bot serves
    (found in its command tree by name, since this module sits below the Lobby cog that defines it):
    discord.py loads the cog's module anew for each bot, and a copy imported earlier would count another
    cooldown. A lobby's buttons are registered by that cog, so where one is clicked its /play is there."""
    play = interaction.client.tree.get_command(PLAY.message)  # type: ignore[attr-defined]
    if isinstance(play, app_commands.Command):
        for check in play.checks:
            await discord.utils.maybe_coroutine(check, interaction)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    # `add` is the button lobbies had before computers had levels: one still on a message adds a computer
    # at the server's level.
    template=r"fives:lobby:(?P<lobby>[0-9]+):(?P<op>join|leave|add|remove|levels|options|start|cancel)",
):
    def __init__(
        self,
        lobby_id: int,
        op: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or op, style=style, custom_id=f"fives:lobby:{lobby_id}:{op}", row=row, disabled=disabled
            )
        )
        self.lobby_id, self.op = lobby_id, op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        if isinstance(item, discord.ui.Button):
            return cls(int(match["lobby"]), match["op"], item.label or "", item.style)
        return cls(int(match["lobby"]), match["op"])

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        svc = service(interaction.client)
        user = interaction.user
        lobby_id = self.lobby_id
        if self.op == "levels":
            lobby = svc.lobbies.info(lobby_id)
            if user.id != lobby.host_id:
                raise NotHost("only the host chooses the computers' levels", lobby_id=lobby_id)
            locale = user_locale(interaction)
            await interaction.response.send_message(
                levels_text(lobby, locale), view=levels_view(lobby, locale), ephemeral=True
            )
            return
        if self.op == "options":
            lobby = svc.lobbies.info(lobby_id)
            if user.id != lobby.host_id:
                raise NotHost("only the host chooses the options", lobby_id=lobby_id)
            locale = user_locale(interaction)
            await interaction.response.send_message(
                tr("options.intro", locale, game=words.game_name(lobby.game_id, locale)),
                view=options_view(lobby, locale),
                ephemeral=True,
            )
            return
        if self.op == "start":
            if user.id == svc.lobbies.info(lobby_id).host_id:  # anyone else is refused by the service, as not the host
                await can_play_here(interaction)
            await interaction.response.defer()
            started = await svc.games.start(lobby_id, user.id)
            locale = await public_locale(interaction.client, interaction.guild_id)
            announcer = fives(interaction).announcer
            await announcer.deliver([n for n in started if not isinstance(n, LobbyChanged)], origin=interaction)
            for change in started:  # said once the table knows whether it has a thread
                if isinstance(change, LobbyChanged):
                    in_thread = announcer.in_thread(change.lobby)
                    embed = lobby_embed(change.lobby, locale, in_thread=in_thread)
                    await interaction.edit_original_response(embed=embed, view=None)
            return
        if self.op == "join":
            notes = await svc.lobbies.join(lobby_id, Player(user.id, user.display_name))
        elif self.op == "leave":
            notes = await svc.lobbies.leave(lobby_id, user.id)
        elif self.op == "add":
            notes = await svc.lobbies.add_computer(lobby_id, user.id)  # at the server's level
        elif self.op == "remove":
            notes = await svc.lobbies.remove_computer(lobby_id, user.id)
        else:
            notes = await svc.lobbies.cancel(lobby_id, user.id)
        [note] = notes
        locale = await public_locale(interaction.client, interaction.guild_id)
        await interaction.response.edit_message(
            embed=lobby_embed(note.lobby, locale), view=lobby_view(note.lobby, locale, fives(interaction))
        )


class AddComputerSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"fives:lobby:(?P<lobby>[0-9]+):addc"):
    """Add computer: the host picks its level; the server's level is marked as its default."""

    def __init__(self, item: discord.ui.Select[Any], lobby_id: int) -> None:
        super().__init__(item)
        self.lobby_id = lobby_id

    @classmethod
    def build(cls, lobby: LobbyInfo, locale: str) -> AddComputerSelect:
        options = []
        for level in LEVELS:
            label = level_label(level, locale)
            if level == lobby.default_level:
                label = tr("lobby.add.default", locale, level=label)
            about = tr(f"level.{level}.about", locale)
            options.append(discord.SelectOption(label=_fit(label, 100), value=level, description=_fit(about, 100)))
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fives:lobby:{lobby.lobby_id}:addc",
            placeholder=_fit("🤖 " + tr("lobby.button.add", locale), 150),
            options=options,
            disabled=lobby.full,
            row=1,
        )
        return cls(select, lobby.lobby_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)  # the template is a select's
        return cls(item, int(match["lobby"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        [level] = self.item.values
        [note] = await service(interaction.client).lobbies.add_computer(self.lobby_id, interaction.user.id, level)
        locale = await public_locale(interaction.client, interaction.guild_id)
        await interaction.response.edit_message(
            embed=lobby_embed(note.lobby, locale), view=lobby_view(note.lobby, locale, fives(interaction))
        )


class InviteSelect(discord.ui.DynamicItem[discord.ui.UserSelect], template=r"fives:lobby:(?P<lobby>[0-9]+):invite"):
    """Invite, on a private table's lobby: its host picks players (several at once), who may join from then on
    (saved like `/play invite:`, so a restart keeps them) and are mentioned in the channel. Anyone else is
    refused, and so are a bot and a player seated already."""

    def __init__(self, item: discord.ui.UserSelect[Any], lobby_id: int) -> None:
        super().__init__(item)
        self.lobby_id = lobby_id

    @classmethod
    def build(cls, lobby: LobbyInfo, locale: str) -> InviteSelect:
        select: discord.ui.UserSelect[Any] = discord.ui.UserSelect(
            custom_id=f"fives:lobby:{lobby.lobby_id}:invite",
            placeholder=_fit("✉️ " + tr("lobby.invite", locale), 150),
            min_values=1,
            max_values=max(1, min(25, max(lobby.allowed_players) - 1)),  # everyone but the host, at most
            disabled=lobby.full,
            row=4,
        )
        return cls(select, lobby.lobby_id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.UserSelect)  # the template is a user select's
        return cls(item, int(match["lobby"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        svc = service(interaction.client)
        if interaction.user.id != svc.lobbies.info(self.lobby_id).host_id:  # before anything about who was picked
            raise NotHostToInvite(f"only the host may invite to lobby {self.lobby_id}", lobby_id=self.lobby_id)
        users = list(self.item.values)
        bots = [u for u in users if u.bot]
        if bots:  # a bot never plays: a computer player does
            names = tr("list.join", user_locale(interaction)).join(
                discord.utils.escape_markdown(u.display_name) for u in bots
            )
            raise Refusal("invite_bot", f"bots picked to invite: {[u.id for u in bots]}", players=names)
        notes = await svc.lobbies.invite(self.lobby_id, interaction.user.id, [u.id for u in users])
        locale = await public_locale(interaction.client, interaction.guild_id)
        for note in notes:
            if isinstance(note, LobbyChanged):
                await interaction.response.edit_message(
                    embed=lobby_embed(note.lobby, locale), view=lobby_view(note.lobby, locale, fives(interaction))
                )
            elif not await fives(interaction).announcer.tell_invited(note):
                await interaction.followup.send(tr("lobby.invited.untold", user_locale(interaction)), ephemeral=True)


class ComputerLevelSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"fives:llvl:(?P<lobby>[0-9]+):(?P<computer>[0-9]+)"
):
    """The level of one computer of a lobby (`Computer n`, numbered as the lobby shows them), in its seat."""

    def __init__(self, item: discord.ui.Select[Any], lobby_id: int, computer: int) -> None:
        super().__init__(item)
        self.lobby_id, self.computer = lobby_id, computer

    @classmethod
    def build(cls, lobby_id: int, computer: int, name: str, seat: Seat, locale: str) -> ComputerLevelSelect:
        current = seat.computer_level
        options = [
            discord.SelectOption(
                label=level_label(level, locale),
                value=level,
                description=_fit(tr(f"level.{level}.about", locale), 100),
                default=level == current,
            )
            for level in LEVELS
        ]
        shown = level_label(current or LEVELS[0], locale)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fives:llvl:{lobby_id}:{computer}",
            placeholder=_fit(tr("lobby.levels.current", locale, name=name, level=shown), 150),
            options=options,
        )
        return cls(select, lobby_id, computer)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)  # the template is a select's
        return cls(item, int(match["lobby"]), int(match["computer"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        [level] = self.item.values
        svc = service(interaction.client)
        [note] = await svc.lobbies.set_computer_level(self.lobby_id, interaction.user.id, self.computer, level)
        locale = user_locale(interaction)
        await interaction.response.edit_message(
            content=levels_text(note.lobby, locale), view=levels_view(note.lobby, locale)
        )
        await fives(interaction).announcer.show_lobby(note.lobby)


class OptionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"fives:lopt:(?P<lobby>[0-9]+):(?P<page>[0-9]+):(?P<option>[a-z0-9_]+)",
):
    def __init__(self, item: discord.ui.Select, lobby_id: int, page: int, option_id: str) -> None:
        super().__init__(item)
        self.lobby_id, self.page, self.option_id = lobby_id, page, option_id

    @classmethod
    def build(cls, lobby: LobbyInfo, spec: OptionSpec, locale: str, page: int) -> OptionSelect:
        current = lobby.options.get(spec.id)
        values = list(spec.choices) if spec.choices else suggested_values(spec, current)
        chosen = set(current) if spec.multi and isinstance(current, list | tuple) else {current}
        options = []
        if not spec.multi:
            options.append(discord.SelectOption(label=tr("options.rules_default", locale)[:100], value=RULES_DEFAULT))
        for value in values[:24]:
            options.append(
                discord.SelectOption(
                    label=_fit(words.option_value(spec.id, value, locale), 100),
                    value=str(value),
                    default=value in chosen,
                )
            )
        name = words.option_name(spec.id, locale)
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fives:lopt:{lobby.lobby_id}:{page}:{spec.id}",
            placeholder=_fit(
                tr("options.current", locale, name=name, value=words.option_value(spec.id, current, locale)), 150
            ),
            options=options,
            min_values=1,
            max_values=len(options) if spec.multi else 1,
        )
        return cls(select, lobby.lobby_id, page, spec.id)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)  # the template is a select's
        return cls(item, int(match["lobby"]), int(match["page"]), match["option"])

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        multi = self.item.max_values > 1
        value: Any = list(values) if multi else (None if values[0] == RULES_DEFAULT else values[0])
        [note] = await service(interaction.client).lobbies.set_option(
            self.lobby_id, interaction.user.id, self.option_id, value
        )
        await interaction.response.edit_message(view=options_view(note.lobby, user_locale(interaction), self.page))
        await fives(interaction).announcer.show_lobby(note.lobby)


class HintsSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"fives:lhint:(?P<lobby>[0-9]+):(?P<page>[0-9]+):hints"
):
    """Hints for learners, off or on (off unless the host turns them on): on, a player may ask for the
    search's move on their turn, and a game where one was used is unrated."""

    def __init__(self, item: discord.ui.Select, lobby_id: int, page: int) -> None:
        super().__init__(item)
        self.lobby_id, self.page = lobby_id, page

    @classmethod
    def build(cls, lobby: LobbyInfo, locale: str, page: int) -> HintsSelect:
        state = "on" if lobby.hints else "off"
        options = [
            discord.SelectOption(
                label=_fit(tr(f"options.hints.{value}", locale), 100),
                value=value,
                description=_fit(tr(f"options.hints.{value}.about", locale), 100),
                default=value == state,
            )
            for value in ("off", "on")
        ]
        placeholder = tr(
            "options.current", locale, name=tr("options.hints", locale), value=tr(f"options.hints.{state}", locale)
        )
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"fives:lhint:{lobby.lobby_id}:{page}:hints", placeholder=_fit(placeholder, 150), options=options
        )
        return cls(select, lobby.lobby_id, page)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)  # the template is a select's
        return cls(item, int(match["lobby"]), int(match["page"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        [value] = self.item.values
        [note] = await service(interaction.client).lobbies.set_hints(self.lobby_id, interaction.user.id, value == "on")
        await interaction.response.edit_message(view=options_view(note.lobby, user_locale(interaction), self.page))
        await fives(interaction).announcer.show_lobby(note.lobby)


class OptionsPage(
    discord.ui.DynamicItem[discord.ui.Button], template=r"fives:lopts:(?P<lobby>[0-9]+):(?P<page>[0-9]+)"
):
    def __init__(self, lobby_id: int, page: int, label: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80], style=discord.ButtonStyle.secondary, custom_id=f"fives:lopts:{lobby_id}:{page}"
            )
        )
        self.lobby_id, self.page = lobby_id, page

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["lobby"]), int(match["page"]), label or "")

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        lobby = service(interaction.client).lobbies.info(self.lobby_id)
        await interaction.response.edit_message(view=options_view(lobby, user_locale(interaction), self.page))
