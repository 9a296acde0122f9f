"""Starting and stopping the web table beside the bot, on discord.py's own event loop."""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from aiohttp import web

from bot.tables import TableService

from .auth import Auth, Members
from .build import BuildError, ensure_built
from .hub import Hub
from .limits import Network, parse_proxies
from .links import TableLinks
from .oauth import DiscordOAuth
from .server import Deliver, make_app
from .sessions import Signer

log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 3.0  # the requests still running when the server stops; below app.lifecycle's 8 s stop


@dataclass(frozen=True, slots=True)
class WebSettings:
    url: str  # the public base URL (behind a TLS reverse proxy), e.g. https://fives.example.org
    port: int
    host: str
    secret: bytes = field(repr=False)  # signs sessions; derived from FIVES_WEB_SECRET, never logged
    client_id: str = ""  # the Discord application's OAuth2 client id (FIVES_DISCORD_CLIENT_ID)
    client_secret: str = field(default="", repr=False)  # FIVES_DISCORD_CLIENT_SECRET, never logged

    activity: bool = False  # FIVES_WEB_ACTIVITY: the application's Activity is set up (docs/web.md)
    # FIVES_WEB_TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For names the client (the login's
    # per-address limit); none by default, when the header is not believed
    trusted_proxies: tuple[Network, ...] = ()

    @property
    def login(self) -> bool:
        """Discord login (browser and Activity) is on: both the client id and secret are set."""
        return bool(self.client_id and self.client_secret)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> WebSettings | None:
        """None (the web table off) unless both FIVES_WEB_URL and FIVES_WEB_PORT are set."""
        environ = os.environ if environ is None else environ
        url, port = environ.get("FIVES_WEB_URL", "").strip(), environ.get("FIVES_WEB_PORT", "").strip()
        if not url or not port:
            return None
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(f"FIVES_WEB_PORT must be a port number, not {port!r}")
        secret = environ.get("FIVES_WEB_SECRET", "").strip()
        if len(secret) < 16:
            raise ValueError("FIVES_WEB_SECRET must be set to at least 16 random characters to sign sessions")
        host = environ.get("FIVES_WEB_HOST", "").strip() or "127.0.0.1"
        client_id = environ.get("FIVES_DISCORD_CLIENT_ID", "").strip()
        client_secret = environ.get("FIVES_DISCORD_CLIENT_SECRET", "").strip()
        if client_id and not client_id.isdigit():
            raise ValueError("FIVES_DISCORD_CLIENT_ID must be the application's id (a number)")
        if bool(client_id) != bool(client_secret):
            raise ValueError("set both FIVES_DISCORD_CLIENT_ID and FIVES_DISCORD_CLIENT_SECRET for Discord login")
        activity = environ.get("FIVES_WEB_ACTIVITY", "").strip().lower()
        if activity not in ("", "0", "1", "true", "false", "yes", "no", "on", "off"):
            raise ValueError(f"FIVES_WEB_ACTIVITY must be on or off, not {activity!r}")
        if activity in ("1", "true", "yes", "on") and not client_id:
            raise ValueError("FIVES_WEB_ACTIVITY wants Discord login: set FIVES_DISCORD_CLIENT_ID and _SECRET too")
        return cls(
            url.rstrip("/"),
            int(port),
            host,
            hashlib.sha256(secret.encode()).digest(),
            client_id,
            client_secret,
            activity in ("1", "true", "yes", "on"),
            parse_proxies(environ.get("FIVES_WEB_TRUSTED_PROXIES", "")),
        )


def table_links(settings: WebSettings) -> TableLinks | None:
    """The bot's links to the web table, or None while Discord login is off (a link would lead nowhere)."""
    if not settings.login:
        return None
    return TableLinks(settings.url, Signer(settings.secret), activity=settings.activity)


def web_app(
    settings: WebSettings, service: TableService, hub: Hub, deliver: Deliver, members: Members
) -> web.Application:
    """The application as the bot serves it: Discord login when the client id and secret are set."""
    oauth = DiscordOAuth(settings.client_id, settings.client_secret) if settings.login else None
    app = make_app(
        service,
        Signer(settings.secret),
        hub,
        deliver=deliver,
        login=Auth(settings.url, oauth, members),
        trusted_proxies=settings.trusted_proxies,
    )
    if oauth is not None:

        async def close_oauth(app: web.Application) -> None:
            await oauth.close()

        app.on_cleanup.append(close_oauth)
    return app


async def start_web(
    settings: WebSettings, service: TableService, hub: Hub, deliver: Deliver, members: Members
) -> web.AppRunner:
    try:  # the page's script and styles (the API needs none of them): built once, off the event loop
        await asyncio.to_thread(ensure_built)
    except BuildError as error:
        log.error("the web table's page is not built, only its API is served: %s", error)
    # No access log: socket URLs carry tokens, and Discord's callback a code. At a stop the open sockets are
    # closed first (server.close_sockets); what is left of a request gets a few seconds, within the bot's
    # graceful stop, not aiohttp's default minute.
    runner = web.AppRunner(
        web_app(settings, service, hub, deliver, members), access_log=None, shutdown_timeout=SHUTDOWN_SECONDS
    )
    await runner.setup()
    await web.TCPSite(runner, settings.host, settings.port).start()
    log.info(
        "web table listening on %s:%d, public at %s (Discord login %s)",
        settings.host,
        settings.port,
        settings.url,
        "on" if settings.login else "off: set FIVES_DISCORD_CLIENT_ID and FIVES_DISCORD_CLIENT_SECRET",
    )
    return runner
