"""`/settings`: a server manager sees and changes the server's settings: the language of public messages,
the turn timer, automatic draws and passes, each game's default options for new tables, and the level of
the computers (those added in lobbies, where it is the Add computer control's default, and those taking a
resigned player's seat; the bot's FIVES_COMPUTER_LEVEL when the server chose none).

Only members who may manage the server see the commands (`default_permissions`), and each one checks it
again, since a server can open a command to others in its integration settings. The service checks every
value; a refusal names the option and the values it takes, in the manager's language.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.ai import LEVELS
from bot.engine import BadOptions, OptionSpec, game_info
from bot.engine.errors import brief
from bot.i18n import LOCALES, locale_of, tr, trn
from bot.tables import BadOption, BadSetting, ServerSettings
from bot.tables.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS
from cogs.host import FivesBot
from presenters import common as words
from presenters.common import option_default, option_values

from .common import Colours, Refusal, fit, reply, service, user_locale
from .controls.lobby import shown_options, suggested_values
from .lobby import GAME_CHOICES
from .translator import text

SWITCH_CHOICES = [app_commands.Choice(name=text(f"info.choice.{v}"), value=v) for v in ("on", "off")]
LEVEL_CHOICES = [app_commands.Choice(name=text(f"level.{level}.label"), value=level) for level in LEVELS] + [
    app_commands.Choice(name=text("info.level.auto"), value="auto")
]
LANGUAGE_CHOICES = [app_commands.Choice(name=text("info.language.auto"), value="auto")] + [
    app_commands.Choice(name=text(f"info.language.{locale}"), value=locale) for locale in LOCALES
]


# -- words ----------------------------------------------------------------------------------------------
def duration(seconds: int, locale: str) -> str:
    """A turn timer in words, in the largest units that say it exactly: 90 minutes is "1 hour and 30 minutes"."""
    minutes = seconds // 60
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [
        trn(f"info.duration.{unit}", count, locale)
        for unit, count in (("days", days), ("hours", hours), ("minutes", minutes))
        if count
    ]
    return tr("info.duration.join", locale).join(parts) or trn("info.duration.minutes", 0, locale)


def language_name(code: str, locale: str) -> str:
    return tr(f"info.language.{locale_of(code)}", locale)


def settings_embed(
    settings: ServerSettings, guild: discord.Guild | None, locale: str, computer_level: str
) -> discord.Embed:
    """The settings as they stand; `computer_level` is the level the server's computers play (its own, or
    the bot's default when `settings` names none)."""
    embed = discord.Embed(
        title=tr("info.settings.title", locale, server=guild.name if guild else ""), colour=Colours.LOBBY
    )
    if settings.language:
        language = language_name(settings.language, locale)
    else:
        preferred = guild.preferred_locale if guild is not None else "en"
        language = tr("info.settings.language.auto", locale, language=language_name(str(preferred), locale))
    embed.add_field(name=tr("info.settings.language", locale), value=language, inline=False)
    embed.add_field(
        name=tr("info.settings.timer", locale),
        value=tr("info.settings.timer.value", locale, duration=duration(settings.turn_seconds, locale)),
        inline=False,
    )
    embed.add_field(
        name=tr("info.settings.autoplay", locale),
        value=tr(f"info.settings.autoplay.{'on' if settings.auto_play else 'off'}", locale),
        inline=False,
    )
    embed.add_field(
        name=tr("info.settings.undo", locale),
        value=tr(f"info.settings.undo.{'on' if settings.undo_allowed else 'off'}", locale),
        inline=False,
    )
    level = tr(f"level.{computer_level}.label", locale)
    embed.add_field(
        name=tr("info.settings.computers", locale),
        value=tr(f"info.settings.computers.{'value' if settings.computer_level else 'auto'}", locale, level=level),
        inline=False,
    )
    defaults = {g: o for g, o in settings.default_options.items() if o}
    if not defaults:
        embed.add_field(
            name=tr("info.settings.defaults", locale), value=tr("info.settings.defaults.none", locale), inline=False
        )
    for game_id, options in defaults.items():
        lines = [
            tr(
                "lobby.option",
                locale,
                name=words.option_name(option_id, locale),
                value=words.option_value(option_id, value, locale),
            )
            for option_id, value in options.items()
        ]
        embed.add_field(
            name=fit(tr("info.settings.defaults.game", locale, game=words.game_name(game_id, locale)), 256),
            value=fit("\n".join(lines), 1024),
            inline=False,
        )
    embed.set_footer(text=tr("info.settings.footer", locale))
    return embed


# -- options as typed -----------------------------------------------------------------------------------
def settable(game_id: str) -> list[OptionSpec]:
    """The options a server may set a default for: those a host chooses in the lobby (not the player
    count, which whoever sits down decides, nor a rule with a single value)."""
    return shown_options(game_id)


def find_option(game_id: str, typed: str, locale: str) -> OptionSpec:
    """The option meant: by id, or by its name in any language (a manager may copy it from either)."""
    wanted = typed.strip().casefold()
    specs = settable(game_id)
    for spec in specs:
        if wanted == spec.id or wanted in {words.option_name(spec.id, lang).casefold() for lang in LOCALES}:
            return spec
    names = "\n".join(tr("info.rules.value", locale, value=words.option_name(s.id, locale)) for s in specs)
    # what was typed comes back short and printable (a 6,000-character option would make the answer too long
    # to send, and so no answer at all)
    option = brief(typed)
    raise Refusal("settings_no_option", game=words.game_name(game_id, locale), option=option, options=names)


def typed_value(spec: OptionSpec, typed: str) -> Any:
    """A value as the rules write it, from its id or its label in any language; for a list, several
    separated by commas (labels may hold spaces), or ids separated by spaces as the rules take them."""
    labels = {words.option_value(spec.id, c, lang).casefold(): c for lang in LOCALES for c in spec.choices}

    def one(item: str) -> Any:
        item = item.strip()
        return labels.get(item.casefold(), item)

    if not spec.multi:
        return one(typed)
    items = [i for i in typed.replace("、", ",").split(",") if i.strip()]
    if len(items) == 1 and items[0].strip().casefold() not in labels:
        return typed
    return [one(i) for i in items]


async def option_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = user_locale(interaction)
    try:
        specs = settable(str(interaction.namespace.game))
    except BadOptions:
        return []
    typed = current.strip().casefold()
    out = []
    for spec in specs:
        name = words.option_name(spec.id, locale)
        if typed in name.casefold() or typed in spec.id:
            out.append(app_commands.Choice(name=fit(name, 100), value=spec.id))
    return out[:25]


async def value_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    locale = user_locale(interaction)
    namespace = interaction.namespace
    try:
        spec = find_option(str(namespace.game), str(namespace.option), locale)
    except (BadOptions, Refusal):
        return []
    if spec.choices:
        values = list(spec.choices)
    else:
        values = suggested_values(spec, spec.default_for(game_info(str(namespace.game)).default_players))
    typed = current.strip().casefold()
    out = []
    if spec.multi and typed:
        out.append(app_commands.Choice(name=fit(current, 100), value=current[:100]))
    for value in values:
        label = words.option_value(spec.id, value, locale)
        if typed in label.casefold() or typed in str(value).casefold():
            out.append(app_commands.Choice(name=fit(label, 100), value=str(value)))
    return out[:25]


# -- the cog ----------------------------------------------------------------------------------------------
class Settings(commands.Cog):
    settings = app_commands.Group(
        name=text("command.settings.name"),
        description=text("command.settings.description"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: FivesBot) -> None:
        self.bot = bot

    async def _show(self, interaction: discord.Interaction, settings: ServerSettings, said: str | None) -> None:
        level = await service(self.bot).settings.computer_level(settings.guild_id)
        embed = settings_embed(settings, interaction.guild, user_locale(interaction), level)
        await reply(interaction, said, embed=embed)

    @settings.command(name=text("command.settings.show.name"), description=text("command.settings.show.description"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def show(self, interaction: discord.Interaction) -> None:
        assert interaction.guild_id is not None
        await self._show(interaction, await service(self.bot).settings.get(interaction.guild_id), None)

    @settings.command(name=text("command.settings.timer.name"), description=text("command.settings.timer.description"))
    @app_commands.rename(minutes=text("command.settings.timer.minutes.name"))
    @app_commands.describe(minutes=text("command.settings.timer.minutes.description"))
    @app_commands.checks.has_permissions(manage_guild=True)
    async def timer(self, interaction: discord.Interaction, minutes: int) -> None:
        # No min/max declared to Discord: its client would refuse in words we do not choose; the service
        # checks the bounds and the refusal says them in the manager's language.
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        try:
            settings = await service(self.bot).settings.update(interaction.guild_id, turn_seconds=minutes * 60)
        except BadSetting:
            raise Refusal(
                "settings_bad_timer",
                minutes=minutes,
                minimum=duration(MIN_TURN_SECONDS, locale),
                maximum=duration(MAX_TURN_SECONDS, locale),
            ) from None
        said = tr("info.settings.saved.timer", locale, duration=duration(settings.turn_seconds, locale))
        await self._show(interaction, settings, said)

    @settings.command(
        name=text("command.settings.autoplay.name"), description=text("command.settings.autoplay.description")
    )
    @app_commands.rename(enabled=text("command.settings.autoplay.enabled.name"))
    @app_commands.describe(enabled=text("command.settings.autoplay.enabled.description"))
    @app_commands.choices(enabled=SWITCH_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def autoplay(self, interaction: discord.Interaction, enabled: app_commands.Choice[str]) -> None:
        assert interaction.guild_id is not None
        on = enabled.value == "on"
        settings = await service(self.bot).settings.update(interaction.guild_id, auto_play=on)
        said = tr(f"info.settings.saved.autoplay.{enabled.value}", user_locale(interaction))
        await self._show(interaction, settings, said)

    @settings.command(name=text("command.settings.undo.name"), description=text("command.settings.undo.description"))
    @app_commands.rename(enabled=text("command.settings.undo.enabled.name"))
    @app_commands.describe(enabled=text("command.settings.undo.enabled.description"))
    @app_commands.choices(enabled=SWITCH_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def undo(self, interaction: discord.Interaction, enabled: app_commands.Choice[str]) -> None:
        assert interaction.guild_id is not None
        on = enabled.value == "on"
        settings = await service(self.bot).settings.update(interaction.guild_id, undo_allowed=on)
        said = tr(f"info.settings.saved.undo.{enabled.value}", user_locale(interaction))
        await self._show(interaction, settings, said)

    @settings.command(
        name=text("command.settings.language.name"), description=text("command.settings.language.description")
    )
    @app_commands.rename(language=text("command.settings.language.language.name"))
    @app_commands.describe(language=text("command.settings.language.language.description"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def language(self, interaction: discord.Interaction, language: app_commands.Choice[str]) -> None:
        assert interaction.guild_id is not None
        code = None if language.value == "auto" else language.value
        settings = await service(self.bot).settings.update(interaction.guild_id, language=code)
        locale = user_locale(interaction)
        if code is None:
            said = tr("info.settings.saved.language.auto", locale)
        else:
            said = tr("info.settings.saved.language", locale, language=language_name(code, locale))
        await self._show(interaction, settings, said)

    @settings.command(
        name=text("command.settings.computers.name"), description=text("command.settings.computers.description")
    )
    @app_commands.rename(level=text("command.settings.computers.level.name"))
    @app_commands.describe(level=text("command.settings.computers.level.description"))
    @app_commands.choices(level=LEVEL_CHOICES)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def computers(self, interaction: discord.Interaction, level: app_commands.Choice[str]) -> None:
        assert interaction.guild_id is not None
        chosen = None if level.value == "auto" else level.value
        svc = service(self.bot)
        settings = await svc.settings.update(interaction.guild_id, computer_level=chosen)
        locale = user_locale(interaction)
        name = tr(f"level.{await svc.settings.computer_level(interaction.guild_id)}.label", locale)
        said = tr(f"info.settings.saved.computers{'' if chosen else '.auto'}", locale, level=name)
        await self._show(interaction, settings, said)

    @settings.command(
        name=text("command.settings.option.name"), description=text("command.settings.option.description")
    )
    @app_commands.rename(
        game=text("command.play.game.name"),
        option=text("command.settings.option.option.name"),
        value=text("command.settings.option.value.name"),
    )
    @app_commands.describe(
        game=text("command.settings.game.description"),
        option=text("command.settings.option.option.description"),
        value=text("command.settings.option.value.description"),
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(option=option_autocomplete, value=value_autocomplete)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def option(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], option: str, value: str
    ) -> None:
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        spec = find_option(game.value, option, locale)
        name, game_name = words.option_name(spec.id, locale), words.game_name(game.value, locale)
        try:
            settings = await service(self.bot).settings.set_default_option(
                interaction.guild_id, game.value, spec.id, typed_value(spec, value)
            )
        except BadOption as exc:
            if exc.key != BadOption.key:  # a refusal of its own (a set of types lacking a needed one)
                raise
            raise Refusal(
                "settings_bad_value",
                value=brief(value),
                option=name,
                game=game_name,
                allowed=option_values(spec, locale),
            ) from None
        chosen = settings.default_options[game.value][spec.id]
        said = tr(
            "info.settings.saved.option",
            locale,
            game=game_name,
            option=name,
            value=words.option_value(spec.id, chosen, locale),
        )
        await self._show(interaction, settings, said)

    @settings.command(
        name=text("command.settings.reset_option.name"),
        description=text("command.settings.reset_option.description"),
    )
    @app_commands.rename(game=text("command.play.game.name"), option=text("command.settings.option.option.name"))
    @app_commands.describe(
        game=text("command.settings.game.description"), option=text("command.settings.option.option.description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.autocomplete(option=option_autocomplete)
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset_option(self, interaction: discord.Interaction, game: app_commands.Choice[str], option: str) -> None:
        assert interaction.guild_id is not None
        locale = user_locale(interaction)
        spec = find_option(game.value, option, locale)
        settings = await service(self.bot).settings.set_default_option(interaction.guild_id, game.value, spec.id, None)
        said = tr(
            "info.settings.saved.reset",
            locale,
            game=words.game_name(game.value, locale),
            option=words.option_name(spec.id, locale),
            value=option_default(spec, game_info(game.value).players, locale),
        )
        await self._show(interaction, settings, said)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Settings(bot))
