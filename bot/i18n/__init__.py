"""Every word the bot shows, in every language it speaks, comes from the gettext catalogues here.

Messages are looked up by key (`lobby.title`) in `locales/<lang>/LC_MESSAGES/*.po`, read with Babel,
and formatted with `str.format` placeholders (`{player}`). Adding a language is adding a catalogue: its
code goes in `LOCALES` only because Discord needs to know which client locales map to it.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

LOCALES = ("en", "ja")
DEFAULT_LOCALE = "en"
_DIR = Path(__file__).parent / "locales"


def catalogue_files(locale: str) -> list[Path]:
    """The catalogues of one language: one .po file per area of the bot (games, errors, table, images...)."""
    return sorted((_DIR / locale / "LC_MESSAGES").glob("*.po"))


@cache
def catalogue(locale: str) -> dict[str, str]:
    """The messages of one language, key -> text (untranslated entries left out), from all its files."""
    messages: dict[str, str] = {}
    for path in catalogue_files(locale):
        with path.open("rb") as fh:
            cat = read_po(fh, locale=locale.replace("-", "_"))
        for message in cat:
            if message.id and isinstance(message.id, str) and message.string and isinstance(message.string, str):
                if message.id in messages:
                    log.error("%s is defined twice in the %s catalogues", message.id, locale)
                messages[message.id] = message.string
    return messages


def locale_of(code: object) -> str:
    """Our language for a Discord locale (`discord.Locale` or its value: `ja`, `en-US`, ...)."""
    value = str(getattr(code, "value", code) or "").lower()
    for locale in LOCALES:
        if value == locale or value.startswith(locale + "-"):
            return locale
    return DEFAULT_LOCALE


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale)


def tr(key: str, locale: str = DEFAULT_LOCALE, /, **params: object) -> str:
    """The text of `key` in `locale`, formatted with `params`.

    A key missing in `locale` falls back to English (and is logged: the catalogue test fails on it);
    a key missing everywhere comes back as itself so that a gap is visible, never a crash.
    """
    text = catalogue(locale).get(key)
    if text is None:
        if locale != DEFAULT_LOCALE:
            log.warning("missing %s translation of %s", locale, key)
        text = catalogue(DEFAULT_LOCALE).get(key)
        if text is None:
            log.error("unknown message key %s", key)
            return key
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        log.exception("bad placeholders in %s (%s)", key, locale)
        return text


def trn(key: str, count: int, locale: str = DEFAULT_LOCALE, /, **params: object) -> str:
    """`key.one` for a count of one, else `key.other` (Japanese catalogues may give both the same)."""
    return tr(f"{key}.{'one' if count == 1 else 'other'}", locale, count=count, **params)


def error_text(error: BaseException, locale: str = DEFAULT_LOCALE) -> str:
    """A refusal (an engine or table error carrying `key` and `params`) in the player's language.

    Parameters that name things get their own words first (a suit letter becomes "hearts"/"ハート"); an
    error without a catalogue entry falls back to its English text, which is logged by `tr`'s caller.
    """
    key = f"error.{getattr(error, 'key', '')}"
    if not has(key):
        log.warning("no catalogue entry for %s (%s)", key, error)
        return str(error)
    params = dict(getattr(error, "params", {}) or {})
    if isinstance(params.get("suit"), str) and has(f"suit.{params['suit']}"):
        params["suit"] = tr(f"suit.{params['suit']}", locale)
    return tr(key, locale, **params)
