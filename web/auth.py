"""Who is who at the web table: Discord login for a browser, and the Activity's code exchange.

The model (docs/web.md, "Security model"): a session names a Discord user and one server (guild). Discord's
`identify` scope proves the user; the server comes from the bot:

- Browser: the bot's "Open table" link is `/auth/login?next=/table/N&ticket=T`, the ticket signed by the bot
  and naming game N and its server. After Discord's login the callback admits the user to that server only
  if they hold a seat in game N, or the bot sees them as a member of the server (`Members`): a forwarded
  link opens nothing for an outsider. A browser that already holds a session of the ticket's server goes
  straight on.
- Activity: the Embedded App SDK's `authorize` gives a code and its context a guild id; the page posts both
  to `POST /api/auth/activity`. The guild id comes from the client, so it is checked the same way (the bot
  sees the user as a member), and the answer is the access token for the SDK's `authenticate` and a
  bearer session for this API.

The OAuth state is kept in a short-lived signed HttpOnly cookie with the ticket and the page to return to;
`next` is only ever a path of this site.
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, parse_qsl, urlencode, urlsplit, urlunsplit

from aiohttp import web

from bot.i18n import locale_of
from bot.tables import TableInfo
from bot.tables.errors import GameNotFound, GameNotOver, TableOver

from .keys import SERVICE, SIGNER
from .limits import ADDRESSES, EVERYONE, EXCHANGES, LOGINS, client_address
from .oauth import AUTHORIZE_URL, SCOPE, DiscordOAuth, DiscordUser, OAuthFailed
from .refusals import said, visitor_lang
from .sessions import SESSION_SECONDS, BadSession, Ticket

log = logging.getLogger(__name__)

SESSION_COOKIE = "fives_session"
LOGIN_COOKIE = "fives_login"
LOGIN_SECONDS = 600  # from the login redirect to Discord's callback
Members = Callable[[int, int], Awaitable[bool]]  # (guild_id, user_id) -> the bot sees them in that server


async def _nobody(guild_id: int, user_id: int) -> bool:
    """Without the bot (tests, the demo) nobody is known as a member: only seated players are admitted."""
    return False


@dataclass(frozen=True, slots=True)
class Auth:
    public_url: str  # e.g. https://fives.example.org: Discord's redirect comes back to it
    oauth: DiscordOAuth | None  # None: no client id and secret set, no login (bearer sessions only)
    members: Members = _nobody

    @property
    def redirect_uri(self) -> str:
        return f"{self.public_url}/auth/callback"


AUTH = web.AppKey("auth", Auth)


def safe_next(target: str | None) -> str:
    """A path of this site to go back to after the login (anything else, another site above all, is '/')."""
    if not target or not target.startswith("/") or target.startswith(("//", "/\\")):
        return "/"
    if any(ord(c) < 32 or c == "\\" for c in target):
        return "/"
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else "/"


def page_lang(locale: str | None) -> str | None:
    """The page's language for a Discord locale: Japanese for `ja`, else English; None when unknown (the page
    then follows the browser's language)."""
    return locale_of(locale) if locale else None


def with_lang(target: str, lang: str | None) -> str:
    """`target` (a path of this site) in the user's Discord language, unless it names one already."""
    parts = urlsplit(target)
    query = parse_qs(parts.query)
    if lang is None or "lang" in query:
        return target
    return urlunsplit(parts._replace(query=urlencode([*parse_qsl(parts.query), ("lang", lang)])))


def _cookie(response: web.StreamResponse, name: str, value: str, seconds: int, path: str) -> None:
    response.set_cookie(name, value, max_age=seconds, path=path, httponly=True, secure=True, samesite="Lax")


def _current(request: web.Request) -> int | None:
    """The guild of the browser's valid session cookie, if it has one."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    try:
        return request.app[SIGNER].read(token).guild_id
    except BadSession:
        return None


def played_in(info: TableInfo, user_id: int) -> int | None:
    """The seat the user played at this table: held now, or resigned to the computer that plays it (a player
    of the game all the same: its replay and their analysis are theirs as any player's)."""
    held = info.seat_of(user_id)
    if held is not None:
        return held
    return next((s.index for s in info.seats if s.computer and s.replaced_user_id == user_id), None)


async def admitted(app: web.Application, user_id: int, guild_id: int, game_no: int | None) -> bool:
    """Whether the user may have a session of this server: a player of the ticket's game (which must be of
    that server; one who resigned too), or a member as the bot sees it."""
    if game_no is not None:
        try:
            table = await app[SERVICE].tables.info(game_no)
        except GameNotFound:
            table = None
        except TableOver:  # ended (its replay's link): its seats as the store keeps them
            try:
                table = (await app[SERVICE].replays.open(game_no, guild_id)).table
            except (GameNotFound, GameNotOver):
                table = None
        if table is not None and table.guild_id == guild_id and played_in(table, user_id) is not None:
            return True
    return await app[AUTH].members(guild_id, user_id)


def _exchange_allowed(request: web.Request) -> None:
    """A code goes to Discord before its user is known: junk codes are bounded by all exchanges together."""
    if not request.app[EXCHANGES].allow(EVERYONE):
        raise web.HTTPTooManyRequests(text=said("too_many_at_once", visitor_lang(request)))


def _address_allowed(request: web.Request) -> None:
    """At most a few login requests a minute from one address (behind the proxy: the client's, when
    FIVES_WEB_TRUSTED_PROXIES trusts it), whoever they claim to be: one address cannot spend the exchanges
    every other player's login shares."""
    if not request.app[ADDRESSES].allow(client_address(request)):
        log.info("a login request was refused: too many from its address")
        raise web.HTTPTooManyRequests(text=said("too_many_from_network", visitor_lang(request)))


def _login_allowed(request: web.Request, user: DiscordUser) -> None:
    """At most a few sessions per user a minute, however many links or Activities they open."""
    if not request.app[LOGINS].allow(user.user_id):
        log.info("user %s was refused a session: too many logins", user.user_id)
        raise web.HTTPTooManyRequests(text=said("too_many_logins", visitor_lang(request, page_lang(user.locale))))


async def login(request: web.Request) -> web.StreamResponse:
    _address_allowed(request)
    target = safe_next(request.query.get("next"))
    signer, auth = request.app[SIGNER], request.app[AUTH]
    ticket: Ticket | None = None
    with contextlib.suppress(BadSession):
        ticket = signer.read_ticket(request.query.get("ticket", ""))
    held = _current(request)
    if held is not None and (ticket is None or ticket.guild_id == held):
        raise web.HTTPFound(target)  # logged in for this server already
    if ticket is None:
        raise web.HTTPBadRequest(text=said("link_expired", visitor_lang(request, None, target)))
    if auth.oauth is None:
        raise web.HTTPServiceUnavailable(text=said("login_off", visitor_lang(request)))
    state = secrets.token_urlsafe(24)
    pending = signer.seal("login", {"s": state, "n": target, "t": [ticket.game_no, ticket.guild_id]}, LOGIN_SECONDS)
    query = urlencode(
        {
            "response_type": "code",
            "client_id": auth.oauth.client_id,
            "scope": SCOPE,
            "state": state,
            "redirect_uri": auth.redirect_uri,
            "prompt": "none",  # asked once; later logins go straight back
        }
    )
    response = web.HTTPFound(f"{AUTHORIZE_URL}?{query}")
    _cookie(response, LOGIN_COOKIE, pending, LOGIN_SECONDS, "/auth")
    raise response


async def callback(request: web.Request) -> web.StreamResponse:
    _address_allowed(request)
    signer, auth = request.app[SIGNER], request.app[AUTH]
    if auth.oauth is None:
        raise web.HTTPServiceUnavailable(text=said("login_off", visitor_lang(request)))
    try:
        pending = signer.unseal("login", request.cookies.get(LOGIN_COOKIE, ""))
        state, target = str(pending["s"]), safe_next(str(pending["n"]))
        game_no, guild_id = (int(x) for x in pending["t"])
    except (BadSession, KeyError, TypeError, ValueError):
        raise web.HTTPBadRequest(text=said("login_stale", visitor_lang(request))) from None
    if not secrets.compare_digest(request.query.get("state", ""), state):
        raise web.HTTPBadRequest(text=said("login_elsewhere", visitor_lang(request, None, target)))
    code = request.query.get("code")
    if not code:
        raise web.HTTPForbidden(text=said("login_declined", visitor_lang(request, None, target)))
    _exchange_allowed(request)
    try:
        user = await auth.oauth.user(await auth.oauth.exchange(code, auth.redirect_uri))
    except OAuthFailed:
        raise web.HTTPBadGateway(text=said("discord_failed", visitor_lang(request))) from None
    _login_allowed(request, user)
    if not await admitted(request.app, user.user_id, guild_id, game_no):
        log.info("user %s was refused a session of server %s (no seat, not a member)", user.user_id, guild_id)
        raise web.HTTPForbidden(text=said("not_in_server", visitor_lang(request, page_lang(user.locale))))
    response = web.HTTPSeeOther(with_lang(target, page_lang(user.locale)))  # the page speaks their Discord's
    _cookie(response, SESSION_COOKIE, signer.issue(user.user_id, guild_id), SESSION_SECONDS, "/")
    response.del_cookie(LOGIN_COOKIE, path="/auth")
    raise response


async def logout(request: web.Request) -> web.StreamResponse:
    response = web.HTTPSeeOther("/")
    response.del_cookie(SESSION_COOKIE, path="/")
    raise response


def _user_json(user: DiscordUser) -> dict[str, str]:
    return {"id": str(user.user_id), "name": user.name}  # ids as text: JavaScript numbers lose them


async def activity(request: web.Request) -> web.Response:
    """`{code, guild_id}` from the Activity (the SDK's `authorize` and its context) -> the access token for
    the SDK's `authenticate` and a bearer session of that server."""
    _address_allowed(request)
    auth = request.app[AUTH]
    if auth.oauth is None:
        raise web.HTTPServiceUnavailable(text=said("login_off", visitor_lang(request)))
    try:
        body = await request.json()
        code, guild_id = str(body["code"]), int(body["guild_id"])
    except (json.JSONDecodeError, KeyError, TypeError, ValueError):
        raise web.HTTPBadRequest(text=said("bad_activity", visitor_lang(request))) from None
    _exchange_allowed(request)
    try:
        grant = await auth.oauth.exchange(code, None)
        user = await auth.oauth.user(grant)
    except OAuthFailed:
        raise web.HTTPBadGateway(text=said("discord_failed", visitor_lang(request))) from None
    _login_allowed(request, user)
    if not await auth.members(guild_id, user.user_id):
        log.info("user %s was refused an Activity session of server %s (not a member)", user.user_id, guild_id)
        raise web.HTTPForbidden(text=said("not_a_member", visitor_lang(request, page_lang(user.locale))))
    return web.json_response(
        {
            "access_token": grant.access_token,
            "expires_in": grant.expires_in,
            "session": request.app[SIGNER].issue(user.user_id, guild_id),
            "user": _user_json(user),
            "guild_id": str(guild_id),
            "lang": page_lang(user.locale),  # the page's language, from their Discord locale
        },
        headers={"Cache-Control": "no-store"},
    )


def add_routes(app: web.Application) -> None:
    app.router.add_get("/auth/login", login)
    app.router.add_get("/auth/callback", callback)
    app.router.add_post("/auth/logout", logout)
    app.router.add_post("/api/auth/activity", activity)
