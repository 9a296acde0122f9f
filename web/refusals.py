"""What the web table says when it refuses, in the visitor's language (English or Japanese, as the pages):
the login's refusals are pages of their own, shown in the browser (or the Activity's frame) instead of the
table; the API's (`web.api.*`: no such game, log in first, a replay of a game still played...) are the short
lines the page shows inside its own message, so they must speak the page's language too.

The language is the request's own `lang` (the page's: a GET's query, a POST's body), else, for the login,
the user's Discord locale once Discord has said who they are, else the `lang` the page to return to names
(the Activity's and the bot's links may carry one), else the browser's `Accept-Language`, else English.
The words are the catalogues' (bot/i18n/locales/*/LC_MESSAGES/web.po), read through bot.i18n."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from aiohttp import web

from bot.i18n import DEFAULT_LOCALE, LOCALES, tr


def asked_lang(request: web.Request, body: object = None, *, before: tuple[str | None, ...] = ()) -> str:
    """`en` or `ja` for this request: the first of `before` the pages speak (the login's candidates), else
    the `lang` of the JSON `body` (a POST's), else of the query (a GET's, a socket's), else the first
    language the browser accepts that the pages speak, else English. Anything else named is passed over."""
    named = body.get("lang") if isinstance(body, dict) else None
    for lang in (*before, named, request.query.get("lang")):
        if lang in LOCALES:
            return str(lang)
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip().lower()
        for lang in LOCALES:
            if tag == lang or tag.startswith(lang + "-"):
                return lang
    return DEFAULT_LOCALE


def visitor_lang(request: web.Request, locale_lang: str | None = None, target: str | None = None) -> str:
    """The login's choice: the visitor's Discord locale's (`locale_lang`, web.auth.page_lang's), else the
    `lang` of the page they are going to, else as `asked_lang`."""
    named = parse_qs(urlsplit(target or "").query).get("lang", [None])[0]
    return asked_lang(request, before=(locale_lang, named))


def said(key: str, lang: str) -> str:
    """The login's refusal `key` in `lang`, from the catalogues (`web.refusal.<key>` in web.po) as every other
    word the bot says: one place for its wording in each language, checked by the catalogue tests."""
    return tr(f"web.refusal.{key}", lang)


def answered(key: str, lang: str) -> str:
    """The API's line `key` in `lang` (`web.api.<key>` in web.po): what a refused request is told."""
    return tr(f"web.api.{key}", lang)
