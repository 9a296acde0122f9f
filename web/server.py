"""The HTTP and WebSocket API of the live table (docs/web.md).

- `GET  /api/games/{no}`: the table as the session's user may see it: the public view, plus their own
  view (hand, legal actions) when they hold a seat.
- `POST /api/games/{no}/act` `{"action": "6-4@5-5", "turn": 12, "lang": "ja"}`: a move, through
  `TableService.act` with the turn token, exactly as a Discord control (a stale or repeated click is
  refused, 409; any other refusal worded in `lang` as Discord words it).
- `POST /api/games/{no}/analysis` `{"lang": "en"}`: the session's own analysis of an ended game
  (web/analysis.py), as `/analysis` gives it in Discord.
- `GET  /api/games/{no}/ws?since=N`: a socket that sends the table whenever its move number passes N
  (catch-up after a reconnect: the latest whole view, never one shown twice) and takes `{"act": ...}`.

Every request and socket message is checked against the session: a game of another server is not found.
Every refusal is worded in the request's language (web/refusals.py `asked_lang`: its `lang`, else the
browser's Accept-Language, else English), the catalogues' `web.api.*` lines: the page shows them inside its
own message.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import asdict
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from bot.i18n import error_text
from bot.tables import HandChanged, Notification, TableInfo, TableService
from bot.tables.errors import GameNotFound, GameNotOver, NotAPlayer, StaleControl, TableError, TableOver

from . import auth
from .analysis import Analysing, analysis_answer
from .auth import AUTH, SESSION_COOKIE, Auth, played_in
from .hints import hint_answer
from .hub import Hub
from .keys import SERVICE, SIGNER
from .limits import ADDRESSES, EXCHANGES, LIMITER, LOGINS, TRUSTED, Network, RateLimit
from .page import add_page_routes
from .refusals import answered, asked_lang
from .replay import replay_json
from .sessions import BadSession, Session, SessionExpired, Signer

log = logging.getLogger(__name__)

HUB = web.AppKey("hub", Hub)
SOCKETS = web.AppKey("sockets", set[web.WebSocketResponse])  # the open ones: closed when the server stops
EXPIRED = 4001  # the close code of a socket whose session expired (4000-4999: the application's own)
Deliver = Callable[[list[Notification]], Awaitable[None]]
DELIVER: web.AppKey[Deliver] = web.AppKey("deliver")  # tells Discord what a web move did (the bot's announcer)

CSP = (
    "default-src 'self'; connect-src 'self' wss: ws:; img-src 'self' data:; "
    # inside Discord's Activity iframe: Discord's client frames the page its proxy serves from discordsays.com
    "frame-ancestors 'self' https://discord.com https://*.discord.com https://*.discordsays.com"
)


def _session(request: web.Request, lang: str) -> Session:
    """The request's session, or a refusal in `lang`: none (401), a bad or expired one (401), too many
    requests of its user (429)."""
    header = request.headers.get("Authorization", "")
    token = header.removeprefix("Bearer ") if header.startswith("Bearer ") else request.cookies.get(SESSION_COOKIE)
    if token is None:
        token = request.query.get("token")  # a browser's WebSocket cannot send headers
    if not token:
        raise web.HTTPUnauthorized(text=answered("log_in_first", lang))
    try:
        session = request.app[SIGNER].read(token)
    except SessionExpired:
        raise web.HTTPUnauthorized(text=answered("session_expired", lang)) from None
    except BadSession:
        raise web.HTTPUnauthorized(text=answered("bad_session", lang)) from None
    if not request.app[LIMITER].allow(session.user_id):
        raise web.HTTPTooManyRequests(text=answered("too_many_requests", lang))
    return session


async def _body(request: web.Request) -> Any:
    """A POST's JSON body (None if it is not JSON), read before the session is checked: its `lang` words
    the refusals, that one included."""
    try:
        return await request.json()
    except json.JSONDecodeError:
        return None


def _csrf(request: web.Request, lang: str) -> None:
    """A cookie session's POST carries the page's custom header: a cross-site form cannot set one."""
    if request.cookies.get(SESSION_COOKIE) and request.headers.get("X-Fives-CSRF") != "1":
        raise web.HTTPForbidden(text=answered("missing_csrf", lang))


def _seats(info: TableInfo) -> list[dict[str, Any]]:
    return [{"index": s.index, "name": s.name, "computer": s.user_id is None} for s in info.seats]


async def table_state(service: TableService, game_no: int, session: Session, lang: str = "en") -> dict[str, Any]:
    """What this session may see of game `game_no`: the public view, and the seat's own view when seated.
    A game of another server is not found, as if it did not exist (refused in `lang`)."""
    try:
        return await _live_state(service, game_no, session, lang)
    except GameNotFound:
        raise web.HTTPNotFound(text=answered("no_such_game", lang)) from None
    except TableOver:  # ended (here or in another process): its last position, as everyone may see it
        return await _ended_state(service, game_no, session, lang)


async def _ended_state(service: TableService, game_no: int, session: Session, lang: str) -> dict[str, Any]:
    """An ended game's last position: the replay's (kept for its viewers), whose holdings are not shown
    here; a seat is named, its view the public one. Read from the store, not from this process's memory: a
    game another process ended is still active there."""
    try:
        replay = await service.replays.open(game_no, session.guild_id)
    except (GameNotFound, GameNotOver):
        raise web.HTTPNotFound(text=answered("no_such_game", lang)) from None
    info, last = replay.table, replay.positions[-1]
    seat = played_in(info, session.user_id)
    return {
        "game_no": game_no,
        "game_id": info.game_id,
        "status": info.status,
        "seats": _seats(info),
        "turn": last.turn,
        "public": asdict(last),
        # a seat sees what everyone sees: nothing is left to hide or to play (the page needs a view to draw)
        "you": None if seat is None else {"seat": seat, "your_turn": False, "view": asdict(last)},
        "deadline": None,
        "hints": False,
    }


async def _live_state(service: TableService, game_no: int, session: Session, lang: str) -> dict[str, Any]:
    info = await service.tables.info(game_no)
    if info.guild_id != session.guild_id:
        raise web.HTTPNotFound(text=answered("no_such_game", lang))
    public = await service.tables.public_view(game_no)
    state: dict[str, Any] = {
        "game_no": game_no,
        "game_id": info.game_id,
        "status": info.status,
        "seats": _seats(info),
        "turn": public.turn,
        "public": asdict(public),
        "you": None,
        "hints": info.hints,  # its host offers hints: a seat may ask for one on its turn (POST .../hint)
    }
    mine = None
    if info.seat_of(session.user_id) is not None:
        mine = await service.tables.private_view(game_no, session.user_id)
        state["you"] = {"seat": mine.seat, "your_turn": mine.your_turn, "view": asdict(mine.view)}
    state["deadline"] = await _deadline(service, game_no, info, public.current_seat, mine)
    return state


async def _deadline(
    service: TableService, game_no: int, info: TableInfo, current: int | None, mine: HandChanged | None
) -> float | None:
    """The turn timer as the board shows it: when the human to play runs out of time (Unix seconds; the page
    counts down on its own clock, as Discord shows the board's relative time), none on a computer's turn."""
    if current is None or not 0 <= current < len(info.seats):
        return None
    seat = info.seats[current]
    if seat.user_id is None or seat.computer:
        return None
    if mine is None:  # a spectator: the table's one deadline, read through the seat to play (its hand unused)
        mine = await service.tables.private_view(game_no, seat.user_id)
    return mine.deadline


class PublicStates:
    """What every spectator of a game is sent, read once per change of the game (the hub's version) for all
    of them, and its JSON written once: a move watched by a hundred pages is one read of the public view, not
    a hundred. A seat's socket reads its own view every time."""

    NOBODY = 0  # no Discord user has the id 0: a session of the server holding no seat

    def __init__(self, service: TableService, hub: Hub) -> None:
        self._service, self._hub = service, hub
        self._latest: dict[tuple[int, int], tuple[int, asyncio.Task[tuple[dict[str, Any], str]]]] = {}

    async def get(self, game_no: int, guild_id: int) -> tuple[dict[str, Any], str]:
        key, version = (game_no, guild_id), self._hub.version(game_no)
        held = self._latest.get(key)
        if held is None or held[0] != version:
            held = (version, asyncio.create_task(self._read(game_no, guild_id)))
            self._latest[key] = held
        try:  # shielded: one socket closing while it waits does not cancel the others' read
            return await asyncio.shield(held[1])
        except Exception:
            if self._latest.get(key) is held:
                del self._latest[key]  # a failed read is not kept: the next wake-up reads again
            raise

    async def _read(self, game_no: int, guild_id: int) -> tuple[dict[str, Any], str]:
        state = await table_state(self._service, game_no, Session(self.NOBODY, guild_id, float("inf")))
        return state, json.dumps({"type": "table", **state})

    def forget(self, game_no: int) -> None:
        """Its last watcher left: nothing kept for it."""
        for key in [k for k in self._latest if k[0] == game_no]:
            del self._latest[key]


PUBLIC = web.AppKey("public", PublicStates)


def _game_no(request: web.Request, lang: str) -> int:
    try:
        return int(request.match_info["game_no"])
    except ValueError:
        raise web.HTTPNotFound(text=answered("no_such_game", lang)) from None


async def get_table(request: web.Request) -> web.Response:
    lang = asked_lang(request)
    session = _session(request, lang)
    return web.json_response(await table_state(request.app[SERVICE], _game_no(request, lang), session, lang))


def _game_entry(table: TableInfo, seated: bool, your_turn: bool, channel: int | None) -> dict[str, Any]:
    return {
        "game_no": table.game_no,
        "game_id": table.game_id,
        "channel_id": str(table.channel_id),  # ids as text: JavaScript numbers lose them
        "thread_id": None if table.thread_id is None else str(table.thread_id),
        "seated": seated,
        "your_turn": your_turn,
        "here": channel is not None and channel in (table.channel_id, table.thread_id),
        "seats": _seats(table),
    }


async def get_games(request: web.Request) -> web.Response:
    """The games a page opened without a game number (the Activity, launched in a channel) may lead to: the
    session user's games in play on the session's server and, with `?channel=ID`, every game played in that
    channel or its thread, seated or not (a watcher opens the same page as a spectator). `here` marks the
    channel's; the page goes straight to the one game here, else offers a picker."""
    lang = asked_lang(request)
    session = _session(request, lang)
    service = request.app[SERVICE]
    try:
        channel = int(request.query["channel"]) if "channel" in request.query else None
    except ValueError:
        raise web.HTTPBadRequest(text=answered("bad_channel", lang)) from None
    games = {
        g.table.game_no: _game_entry(g.table, True, g.your_turn, channel)
        for g in await service.tables.user_games(session.user_id, session.guild_id)
    }
    for table in await service.tables.channel_games(session.guild_id, channel) if channel is not None else ():
        games.setdefault(table.game_no, _game_entry(table, False, False, channel))
    return web.json_response({"games": [games[n] for n in sorted(games)]})


async def get_activity(request: web.Request) -> web.Response:
    """What the Activity's page needs before it logs in: the application's client id for the SDK's
    `authorize` (public: it is in every OAuth link), null while Discord login is off."""
    oauth = request.app[AUTH].oauth
    return web.json_response({"client_id": None if oauth is None else oauth.client_id})


async def get_replay(request: web.Request) -> web.Response:
    """An ended game's every frame, hands revealed as /replay reveals them; 409 while it is played."""
    lang = asked_lang(request)
    session = _session(request, lang)
    try:
        replay = await request.app[SERVICE].replays.open(_game_no(request, lang), session.guild_id)
    except GameNotFound:
        raise web.HTTPNotFound(text=answered("no_such_game", lang)) from None
    except GameNotOver:
        raise web.HTTPConflict(text=answered("replay_not_over", lang)) from None
    # which seat the session's user held: the page offers that player their own analysis (nothing private)
    return web.json_response({**replay_json(replay), "you": played_in(replay.table, session.user_id)})


async def _act(app: web.Application, game_no: int, session: Session, body: Any, lang: str) -> dict[str, Any]:
    """One move; the answer the client shows, its refusals in `lang` (the Discord controls' words for the
    service's and the engine's reasons). Refusals change nothing (the service guarantees it)."""
    if not isinstance(body, dict) or not isinstance(body.get("action"), str) or not isinstance(body.get("turn"), int):
        return {"ok": False, "status": 400, "error": answered("send_a_move", lang)}
    await table_state(app[SERVICE], game_no, session, lang)  # same server, else not found
    try:
        notes = await app[SERVICE].act(game_no, session.user_id, body["action"], body["turn"])
    except StaleControl:
        return {"ok": False, "status": 409, "error": answered("stale", lang)}
    except NotAPlayer as error:
        return {"ok": False, "status": 403, "error": error_text(error, lang)}
    except TableOver as error:
        return {"ok": False, "status": 410, "error": error_text(error, lang)}
    except TableError as error:
        return {"ok": False, "status": 422, "error": error_text(error, lang)}
    app[HUB].changed(game_no)
    await app[DELIVER](notes)  # announced in Discord as any move; what fails stays in the outbox
    return {"ok": True, "status": 200}


async def post_act(request: web.Request) -> web.Response:
    body = await _body(request)
    lang = asked_lang(request, body)
    session = _session(request, lang)
    _csrf(request, lang)
    answer = await _act(request.app, _game_no(request, lang), session, body, lang)
    return web.json_response(answer, status=answer["status"])


async def post_hint(request: web.Request) -> web.Response:
    """The search's move for the session's seat, at a table that offers hints (web/hints.py)."""
    body = await _body(request)
    lang = asked_lang(request, body)
    session = _session(request, lang)
    _csrf(request, lang)  # it changes the game: unrated once used
    game_no = _game_no(request, lang)
    await table_state(request.app[SERVICE], game_no, session, lang)  # same server, else not found
    answer = await hint_answer(request.app[SERVICE], game_no, session, body, lang)
    return web.json_response(answer, status=answer["status"])


ANALYSING = web.AppKey("analysing", Analysing)


async def post_analysis(request: web.Request) -> web.Response:
    """The session's own analysis of an ended game (web/analysis.py). A POST with the CSRF header, like a
    move: it may start a whole game's search on the worker processes, which no other site may make a
    signed-in browser start."""
    body = await _body(request)
    lang = asked_lang(request, body)
    session = _session(request, lang)
    _csrf(request, lang)
    game_no = _game_no(request, lang)
    answer = await analysis_answer(request.app[SERVICE], request.app[ANALYSING], game_no, session, lang)
    return web.json_response(answer, status=answer["status"])


async def socket(request: web.Request) -> web.WebSocketResponse:
    lang = asked_lang(request)  # the socket's address names the page's; each message may name its own
    session = _session(request, lang)
    game_no = _game_no(request, lang)
    service, hub = request.app[SERVICE], request.app[HUB]
    state = await table_state(service, game_no, session, lang)  # refused before the socket opens
    try:
        shown = int(request.query.get("since", "-1"))
    except ValueError:
        shown = -1
    ws = web.WebSocketResponse(heartbeat=30)
    await ws.prepare(request)
    request.app[SOCKETS].add(ws)
    queue = hub.subscribe(game_no)

    # Besides the move number, what changes without a move: a seat resigned to a computer, the game
    # abandoned. A page that reconnects at the move it showed is taken to have seen the rest too.
    seen = (state["status"], state["seats"]) if state["turn"] <= shown else None
    # A spectator is sent what every spectator is sent (read once for all); a seat its own view. A seat
    # given to a computer reads its own, now the public one; nobody takes a seat in a game under way.
    spectator = state["you"] is None

    async def send_if_new(state: dict[str, Any], text: str | None = None) -> None:
        nonlocal shown, seen
        if not request.app[SIGNER].alive(session):  # a socket outlives no session: the page logs in again
            await ws.close(code=EXPIRED, message=b"session expired")
            return
        now = (state["status"], state["seats"])
        if state["turn"] > shown or (state["turn"] == shown and now != seen):
            shown, seen = state["turn"], now
            await ws.send_str(text or json.dumps({"type": "table", **state}))

    async def pushes() -> None:
        while True:
            await queue.get()
            if spectator:
                await send_if_new(*await request.app[PUBLIC].get(game_no, session.guild_id))
            else:
                await send_if_new(await table_state(service, game_no, session))

    pusher = asyncio.create_task(pushes())
    try:
        await send_if_new(state)
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                body = json.loads(message.data)
            except json.JSONDecodeError:
                body = None
            worded = asked_lang(request, body)
            if not request.app[SIGNER].alive(session):
                await ws.send_json({"type": "refused", "status": 401, "error": answered("session_expired", worded)})
                await ws.close(code=EXPIRED, message=b"session expired")
                break
            if not request.app[LIMITER].allow(session.user_id):
                await ws.send_json({"type": "refused", "status": 429, "error": answered("too_many_moves", worded)})
                continue
            answer = await _act(request.app, game_no, session, body, worded)
            await ws.send_json({"type": "answer", **answer})
    finally:
        request.app[SOCKETS].discard(ws)
        pusher.cancel()
        hub.unsubscribe(game_no, queue)
        if not hub.watchers(game_no):
            request.app[PUBLIC].forget(game_no)
    return ws


@web.middleware
async def security_headers(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    response = await handler(request)
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


async def close_sockets(app: web.Application) -> None:
    """The server is stopping (a restart, a deploy): every open page is told at once, "going away" (1001), and
    reconnects by itself to whichever process serves next, catching up from the move it showed. Without this
    the server would wait its whole shutdown timeout for sockets that never end on their own."""
    sockets: set[web.WebSocketResponse] = app[SOCKETS]
    await asyncio.gather(
        *(ws.close(code=WSCloseCode.GOING_AWAY, message=b"server restarting") for ws in list(sockets)),
        return_exceptions=True,
    )


async def _tell_nobody(notes: list[Notification]) -> None:
    """Without Discord (tests, the demo) the outbox keeps what a move did."""


def make_app(
    service: TableService,
    signer: Signer,
    hub: Hub | None = None,
    limiter: RateLimit | None = None,
    deliver: Deliver = _tell_nobody,
    login: Auth | None = None,
    trusted_proxies: tuple[Network, ...] = (),
) -> web.Application:
    """The web table's application. `login` is Discord's login (none: sessions are issued elsewhere, as in
    tests); `trusted_proxies` the reverse proxies whose X-Forwarded-For names the client (none: no header
    is believed)."""
    app = web.Application(middlewares=[security_headers])
    app[AUTH] = login or Auth("", None)
    app[DELIVER] = deliver
    app[SERVICE] = service
    app[HUB] = hub if hub is not None else Hub()
    app[SIGNER] = signer
    app[LIMITER] = limiter if limiter is not None else RateLimit()
    app[LOGINS] = RateLimit(count=10, seconds=60)
    app[EXCHANGES] = RateLimit(count=120, seconds=60)
    app[ADDRESSES] = RateLimit(count=40, seconds=60)
    app[TRUSTED] = trusted_proxies
    app[PUBLIC] = PublicStates(service, app[HUB])
    app[SOCKETS] = set[web.WebSocketResponse]()
    app[ANALYSING] = Analysing()
    app.on_shutdown.append(close_sockets)
    app.router.add_get("/api/games", get_games)
    app.router.add_get("/api/activity", get_activity)
    app.router.add_get("/api/games/{game_no}", get_table)
    app.router.add_post("/api/games/{game_no}/act", post_act)
    app.router.add_post("/api/games/{game_no}/hint", post_hint)
    app.router.add_get("/api/games/{game_no}/ws", socket)
    app.router.add_get("/api/games/{game_no}/replay", get_replay)
    app.router.add_post("/api/games/{game_no}/analysis", post_analysis)
    auth.add_routes(app)
    add_page_routes(app)  # the page /table/{game_no} and its built script and styles
    return app
