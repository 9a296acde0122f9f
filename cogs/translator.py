"""Slash commands in the player's language: Discord shows each client the names, descriptions, option
names and choices in its own language, taken from the catalogues (`commands.po`) at sync time."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from bot.i18n import DEFAULT_LOCALE, has, locale_of, tr


def text(key: str) -> locale_str:
    """A command string: English from the catalogue as the default, the other languages by the translator."""
    return locale_str(tr(key, DEFAULT_LOCALE), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self, string: locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        language = locale_of(locale)
        # English is the default text itself, and a locale we do not speak falls back to it too.
        if key is None or language == DEFAULT_LOCALE or not has(key, language):
            return None
        return tr(key, language)
