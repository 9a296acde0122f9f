"""What the login says when it lets nobody in, in the visitor's language (English or Japanese, as the pages):
these answers are pages of their own, shown in the browser (or the Activity's frame) instead of the table.

The language is the user's Discord locale once Discord has said who they are, else the `lang` the page to
return to names (the Activity's and the bot's links may carry one), else the browser's `Accept-Language`."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from aiohttp import web

from bot.i18n import DEFAULT_LOCALE, LOCALES

SAID: dict[str, tuple[str, str]] = {
    "link_expired": (
        "This link has expired: open the table again from its message in Discord.",
        "このリンクは期限切れです。Discord のメッセージからテーブルを開き直してください。",
    ),
    "login_off": ("Discord login is not set up on this bot.", "このボットでは Discord ログインが設定されていません。"),
    "login_stale": (
        "The login took too long or came from elsewhere: open the table again.",
        "ログインに時間がかかりすぎたか、別の場所から来ました。テーブルを開き直してください。",
    ),
    "login_elsewhere": (
        "The login came from elsewhere: open the table again from Discord.",
        "ログインが別の場所から来ました。Discord からテーブルを開き直してください。",
    ),
    "login_declined": (
        "Discord did not log you in, so the table stays closed.",
        "Discord でログインされなかったため、テーブルは開けません。",
    ),
    "discord_failed": (
        "Discord did not confirm the login; try again in a moment.",
        "Discord がログインを確認できませんでした。少し待ってからもう一度お試しください。",
    ),
    "not_in_server": (
        "This table belongs to a server you are not in.",
        "このテーブルは、あなたが参加していないサーバーのものです。",
    ),
    "not_a_member": ("You are not in this server.", "あなたはこのサーバーに参加していません。"),
    "bad_activity": (
        "send the code and the guild_id (games are played in servers)",
        "code と guild_id を送ってください（ゲームはサーバーで遊びます）",
    ),
    "too_many_at_once": (
        "Too many logins at once; try again in a minute.",
        "ログインが集中しています。1 分ほどしてからもう一度お試しください。",
    ),
    "too_many_from_network": (
        "Too many logins from your network; wait a minute and try again.",
        "お使いのネットワークからのログインが多すぎます。1 分ほど待ってからもう一度お試しください。",
    ),
    "too_many_logins": (
        "Too many logins; wait a minute and open the table again.",
        "ログインが多すぎます。1 分ほど待ってからテーブルを開き直してください。",
    ),
}


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
    english, japanese = SAID[key]
    return japanese if lang == "ja" else english
