"""The application's shared parts, by key: what every route module of the web table reads."""

from __future__ import annotations

from aiohttp import web

from bot.tables import TableService

from .sessions import Signer

SERVICE = web.AppKey("service", TableService)
SIGNER = web.AppKey("signer", Signer)
