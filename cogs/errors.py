"""The one place interaction errors end (slash commands, buttons, selects and modals alike).

A refusal of the game or the table (not your turn, a stale button, a full lobby...) is told to the user
in their own language, ephemeral and short, and logged as one line: nothing changed. Missing permissions
and closed DMs get a sentence saying what to do. Anything else is a bug: the user gets an apology, the log
the traceback.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any

import discord
from discord import app_commands

from bot.engine import EngineError
from bot.i18n import error_text, tr

from .common import is_refusal, permission_names, user_locale

log = logging.getLogger(__name__)

CLOSED_DMS = 50007
MISSING_PERMISSIONS = 50013
UNKNOWN_INTERACTION = 10062  # answered too late: Discord forgot it


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer the user and log; never raises (a failed answer is only logged)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    locale = user_locale(interaction)
    where = _describe(interaction)
    if is_refusal(error) or isinstance(error, EngineError):
        log.info("%s refused for user %s: %s", where, interaction.user.id, error)
        message = error_text(error, locale)
    elif isinstance(error, app_commands.MissingPermissions):
        log.info("%s refused for user %s: lacks %s", where, interaction.user.id, error.missing_permissions)
        message = tr("error.user_permissions", locale, permissions=permission_names(error.missing_permissions, locale))
    elif isinstance(error, app_commands.BotMissingPermissions):
        log.warning(
            "%s refused for user %s: the bot lacks %s in channel %s",
            where,
            interaction.user.id,
            ", ".join(error.missing_permissions),
            interaction.channel_id,
        )
        message = tr("error.bot_permissions", locale, permissions=permission_names(error.missing_permissions, locale))
    elif isinstance(error, app_commands.CommandOnCooldown):
        log.info("%s refused for user %s: on cooldown for %.0f s", where, interaction.user.id, error.retry_after)
        when = discord.utils.format_dt(discord.utils.utcnow() + datetime.timedelta(seconds=error.retry_after), "R")
        message = tr("error.cooldown", locale, when=when)
    elif isinstance(error, app_commands.NoPrivateMessage):
        message = tr("error.guild_only", locale)
    elif isinstance(error, discord.Forbidden) and error.code == CLOSED_DMS:
        message = tr("error.dms_closed", locale)
    elif isinstance(error, discord.Forbidden):
        log.warning("%s: missing permissions in channel %s: %s", where, interaction.channel_id, error)
        message = tr("error.bot_forbidden", locale)
    else:
        log.error("%s failed for user %s", where, interaction.user.id, exc_info=error)
        message = tr("error.unexpected", locale)
    await _tell(interaction, message)


async def _tell(interaction: discord.Interaction, message: str) -> None:
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(message, ephemeral=True)
        elif interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            # A command that is "thinking": the answer replaces the thinking message.
            await interaction.edit_original_response(content=message, embed=None, attachments=[], view=None)
        else:
            await interaction.followup.send(message, ephemeral=True)
    except discord.HTTPException as exc:
        if exc.code != UNKNOWN_INTERACTION:
            log.warning("could not tell user %s about an error: %s", interaction.user.id, exc)


def _describe(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = data.get("custom_id")
    return f"control {custom_id}" if custom_id else f"interaction {interaction.type.name}"
