"""What the login says when it lets nobody in, in the visitor's language (English or Japanese, as the pages):
these answers are pages of their own, shown in the browser (or the Activity's frame) instead of the table.

The language is the user's Discord locale once Discord has said who they are, else the `lang` the page to
return to names (the Activity's and the bot's links may carry one), else the browser's `Accept-Language`.
The words are the catalogues' (bot/i18n/locales/*/LC_MESSAGES/web.po), read through bot.i18n."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from aiohttp import web

from bot.i18n import DEFAULT_LOCALE, LOCALES, tr


def visitor_lang(request: web.Request, locale_lang: str | None = None, target: str | None = None) -> str:
    """`en` or `ja` for this visitor: their Discord locale's (`locale_lang`, web.auth.page_lang's), else the
    `lang` of the page they are going to, else the first language their browser accepts that the pages speak."""
    if locale_lang in LOCALES:
        return locale_lang
    named = parse_qs(urlsplit(target or "").query).get("lang", [None])[0]
    if named in LOCALES:
        return named
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip().lower()
        for lang in LOCALES:
            if tag == lang or tag.startswith(lang + "-"):
                return lang
    return DEFAULT_LOCALE


def said(key: str, lang: str) -> str:
    """The refusal `key` in `lang`, from the catalogues (`web.refusal.<key>` in web.po) as every other word
    the bot says: one place for its wording in each language, checked by the catalogue tests."""
    return tr(f"web.refusal.{key}", lang)
