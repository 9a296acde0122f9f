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

from .build import BuildError, ensure_built
from .hub import Hub
from .server import Deliver, make_app
from .sessions import Signer

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class WebSettings:
    url: str  # the public base URL (behind a TLS reverse proxy), e.g. https://fives.example.org
    port: int
    host: str
    secret: bytes = field(repr=False)  # signs sessions; derived from FIVES_WEB_SECRET, never logged

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
        return cls(url.rstrip("/"), int(port), host, hashlib.sha256(secret.encode()).digest())


async def start_web(settings: WebSettings, service: TableService, hub: Hub, deliver: Deliver) -> web.AppRunner:
    try:  # the page's script and styles (the API needs none of them): built once, off the event loop
        await asyncio.to_thread(ensure_built)
    except BuildError as error:
        log.error("the web table's page is not built, only its API is served: %s", error)
    runner = web.AppRunner(make_app(service, Signer(settings.secret), hub, deliver=deliver), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, settings.host, settings.port).start()
    log.info("web table listening on %s:%d, public at %s", settings.host, settings.port, settings.url)
    return runner
