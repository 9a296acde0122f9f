"""`/rules game:<game>`: a game's rules in the reader's language, in pages a button away from each other:
the summary (with the player counts and how to type a move), the options with their values and defaults,
the longer rules where a game has them, and the whole move notation. Every page fits Discord's limits.

Private by default (the reader's language); `public:` posts it for the channel (the server's language).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Self

import discord
from discord import app_commands

from bot.engine import OptionSpec, game_info
from bot.i18n import has, tr
from cogs.host import FivesBot
from presenters.common import game_name, option_default, option_name, option_values

from .common import Colours, ControlsCog, fit, public_locale, reports_errors, user_locale
from .controls.lobby import player_range
from .lobby import GAME_CHOICES
from .translator import text

# Discord's embed limits (https://discord.com/developers/docs/resources/message#embed-object-embed-limits).
DESCRIPTION_LIMIT = 4096
FIELD_NAME_LIMIT = 256
FIELD_LIMIT = 1024
FIELDS_LIMIT = 25
EMBED_LIMIT = 6000
OPTIONS_PAGE_LIMIT = 5000  # an options page stops here, well inside the 6,000 of a whole embed


@dataclass(frozen=True, slots=True)
class RulesPage:
    kind: str  # summary, options, more, notation
    embed: discord.Embed


def option_field(spec: OptionSpec, players: tuple[int, ...], locale: str) -> tuple[str, str]:
    lines = []
    help_key = f"option.{spec.id}.help"
    if has(help_key, locale):
        lines.append(tr(help_key, locale))
    lines.append(tr("info.rules.values", locale, values=option_values(spec, locale)))
    lines.append(tr("info.rules.default", locale, value=option_default(spec, players, locale)))
    return fit(option_name(spec.id, locale), FIELD_NAME_LIMIT), fit("\n".join(lines), FIELD_LIMIT)


def _embed(title: str, description: str) -> discord.Embed:
    return discord.Embed(title=fit(title, 256), description=fit(description, DESCRIPTION_LIMIT), colour=Colours.LOBBY)


def rules_pages(game_id: str, locale: str) -> list[RulesPage]:
    """Every page of a game's rules, each an embed within Discord's limits (footers say the page)."""
    info = game_info(game_id)
    game = game_name(game_id, locale)
    pages: list[RulesPage] = []

    summary = _embed(tr("info.rules.title", locale, game=game), tr(f"rules.{game_id}.summary", locale))
    summary.add_field(
        name=tr("info.rules.players", locale),
        value=tr("info.rules.player_count", locale, players=player_range(info.players)),
        inline=False,
    )
    summary.add_field(
        name=tr("info.rules.typing", locale), value=tr(f"rules.typing.{info.family}", locale), inline=False
    )
    pages.append(RulesPage("summary", summary))

    intro = tr("info.rules.options.intro", locale)
    options = _embed(tr("info.rules.options.title", locale, game=game), intro)
    for spec in info.options:
        if spec.id == "players":
            continue
        name, value = option_field(spec, info.players, locale)
        if len(options.fields) >= FIELDS_LIMIT or len(options) + len(name) + len(value) > OPTIONS_PAGE_LIMIT:
            pages.append(RulesPage("options", options))
            options = _embed(tr("info.rules.options.title", locale, game=game), intro)
        options.add_field(name=name, value=value, inline=False)
    if not options.fields:
        options.description = tr("info.rules.options.none", locale)
    pages.append(RulesPage("options", options))

    if has(f"rules.{game_id}.more", locale):
        pages.append(
            RulesPage(
                "more", _embed(tr("info.rules.more.title", locale, game=game), tr(f"rules.{game_id}.more", locale))
            )
        )
    pages.append(
        RulesPage("notation", _embed(tr("info.rules.notation.title", locale, game=game), tr("rules.notation", locale)))
    )
    # What the server keeps of its games: replays, records, leaderboards and seasons (cogs.replays, .profiles,
    # .seasons), the same for every game.
    pages.append(RulesPage("after", _embed(tr("info.rules.after.title", locale, game=game), tr("rules.after", locale))))
    for number, page in enumerate(pages, 1):
        page.embed.set_footer(text=tr("info.page", locale, page=number, pages=len(pages)))
    return pages


def page_label(pages: list[RulesPage], index: int, locale: str) -> str:
    kind = pages[index].kind
    label = tr(f"info.rules.page.{kind}", locale)
    same = [i for i, p in enumerate(pages) if p.kind == kind]
    if len(same) > 1:
        label += f" {same.index(index) + 1}"
    return label


def rules_view(game_id: str, pages: list[RulesPage], current: int, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for index in range(len(pages)):
        view.add_item(RulesPageButton(game_id, index, page_label(pages, index, locale), disabled=index == current))
    return view


def rules_message(game_id: str, page: int, locale: str) -> dict[str, Any]:
    pages = rules_pages(game_id, locale)
    page = min(max(page, 0), len(pages) - 1)
    return {"embed": pages[page].embed, "view": rules_view(game_id, pages, page, locale)}


class RulesPageButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"fives:rules:(?P<game>[a-z0-9-]+):(?P<page>[0-9]+)"
):
    """Turn to a page of a rules message (kept working across restarts)."""

    def __init__(self, game_id: str, page: int, label: str = "", disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit(label or str(page + 1), 80),
                style=discord.ButtonStyle.primary if disabled else discord.ButtonStyle.secondary,
                custom_id=f"fives:rules:{game_id}:{page}",
                disabled=disabled,
            )
        )
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(  # type: ignore[override]  # discord.py passes this item's own kind
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> Self:
        return cls(match["game"], int(match["page"]), item.label or "")

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        message = interaction.message
        if message is not None and not message.flags.ephemeral:
            locale = await public_locale(interaction.client, interaction.guild_id)
        else:
            locale = user_locale(interaction)
        await interaction.response.edit_message(**rules_message(self.game_id, self.page, locale))


class Rules(ControlsCog):
    ITEMS = (RulesPageButton,)

    @app_commands.command(name=text("command.rules.name"), description=text("command.rules.description"))
    @app_commands.rename(game=text("command.rules.game.name"), public=text("command.option.public.name"))
    @app_commands.describe(
        game=text("command.rules.game.description"), public=text("command.option.public.description")
    )
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(
        self, interaction: discord.Interaction, game: app_commands.Choice[str], public: bool = False
    ) -> None:
        if public:
            locale = await public_locale(self.bot, interaction.guild_id)
        else:
            locale = user_locale(interaction)
        await interaction.response.send_message(**rules_message(game.value, 0, locale), ephemeral=not public)


async def setup(bot: FivesBot) -> None:
    await bot.add_cog(Rules(bot))
