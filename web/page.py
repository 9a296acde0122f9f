"""The page of the live table: `/table/{game_no}`, an ended game's replay `/replay/{game_no}` and a player's
analysis of it `/analysis/{game_no}` answer the built front end's index.html (the page reads which, and the
game number, from its own address) and `/web/assets/...` its script and style sheet, built by Vite into
web/frontend/dist (`python -m web.build`; never committed). External files only: the CSP allows no inline
script or style."""

from __future__ import annotations

import re
from pathlib import Path

from aiohttp import web

from .build import dist_folder

ASSET = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")  # Vite's hashed names; nothing that climbs out of assets/
NOT_BUILT = "the web table's front end is not built: run `python -m web.build` (needs Node and npm)"


def add_page_routes(app: web.Application, dist: Path | None = None) -> None:
    dist = dist or dist_folder()  # FIVES_WEB_DIST (the container image's), else web/frontend/dist

    async def page(request: web.Request) -> web.StreamResponse:
        index = dist / "index.html"
        if not index.is_file():
            raise web.HTTPServiceUnavailable(text=NOT_BUILT)
        # The page itself is small and names the hashed assets of the latest build: never cached stale.
        return web.FileResponse(index, headers={"Cache-Control": "no-cache"})

    async def asset(request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        path = dist / "assets" / name
        if not ASSET.fullmatch(name) or not path.is_file():
            raise web.HTTPNotFound()
        # A hashed name never changes content: the browser may keep it for a year.
        return web.FileResponse(path, headers={"Cache-Control": "public, max-age=31536000, immutable"})

    app.router.add_get("/", page)  # the Activity's page (its URL mapping's root): it finds the channel's game
    app.router.add_get(r"/table/{game_no:\d+}", page)
    app.router.add_get(r"/replay/{game_no:\d+}", page)  # the same page: it reads which from its address
    app.router.add_get(r"/analysis/{game_no:\d+}", page)  # a player's analysis of an ended game
    app.router.add_get("/web/assets/{name}", asset)
