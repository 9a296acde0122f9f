"""The operator's HTTP endpoints, served in the bot's process on `FIVES_METRICS_PORT` (off when unset):

    GET /metrics   Prometheus' text format (bot.metrics)
    GET /healthz   200 while the process runs its event loop (a liveness probe: a hung loop answers nothing)
    GET /readyz    200 when connected to Discord's gateway on every shard this process runs and the
                   database answers; else 503 with what is missing (one line each)

One small aiohttp app (aiohttp comes with discord.py) with no state of its own: `ops_app(checks)` can be
served alone (`OpsServer`) or mounted beside another app (`app.add_subapp("/ops", ops_app(...))`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector

from bot import metrics

log = logging.getLogger(__name__)

DATABASE_TIMEOUT = 2.0  # a database slower than this to answer one query is not ready

# What /readyz asks: the shards not connected (empty when all are), and whether the database answers.
Gateway = Callable[[], list[str]]
Database = Callable[[], Awaitable[object]]


def ops_app(gateway: Gateway, database: Database) -> web.Application:
    app = web.Application()

    async def healthz(request: web.Request) -> web.Response:
        return web.Response(text="ok\n")

    async def readyz(request: web.Request) -> web.Response:
        problems = list(gateway())
        try:
            await asyncio.wait_for(database(), DATABASE_TIMEOUT)
        except Exception as exc:  # any failure of the probe is "not ready", said with its reason
            problems.append(f"database: {type(exc).__name__}: {exc}".rstrip(": "))
        metrics.READY.set(0 if problems else 1)
        if problems:
            return web.Response(status=503, text="not ready\n" + "".join(f"{p}\n" for p in problems))
        return web.Response(text="ready\n")

    async def metrics_page(request: web.Request) -> web.Response:
        body = generate_latest(metrics.REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    app.router.add_get("/healthz", healthz)
    app.router.add_get("/readyz", readyz)
    app.router.add_get("/metrics", metrics_page)
    return app


class OpsServer:
    """The app served on `host:port` until `stop()`."""

    def __init__(self, app: web.Application, host: str, port: int, collector: Collector | None = None) -> None:
        """`collector`: registered in the metrics' registry while served (read at each scrape)."""
        self._runner = web.AppRunner(app, access_log=None)
        self.host, self.port = host, port
        self._collector = collector

    async def start(self) -> None:
        if self._collector is not None:
            metrics.REGISTRY.register(self._collector)
        metrics.enable()
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port (tests): the one the system gave
            server = site._server
            sockets = getattr(server, "sockets", None) or ()
            self.port = sockets[0].getsockname()[1] if sockets else self.port
        log.info("metrics and health on http://%s:%s/metrics, /healthz, /readyz", self.host, self.port)

    async def stop(self) -> None:
        await self._runner.cleanup()
        metrics.enable(False)
        if self._collector is not None:
            metrics.REGISTRY.unregister(self._collector)
            self._collector = None
