"""`python -m bot --demo GAME --web`: the live table in a browser, without Discord and without a login.

A table service over a temporary SQLite store opens a table with one human seat (the visitor, the demo
user) and computers at the rest; the web app serves the page and the API on 127.0.0.1; the address
printed carries a signed session for the demo user (`?token=`), and a second one watches as a spectator.
The computers play their turns inside the service, exactly as at a Discord table: a move posted by the page
returns once every computer whose turn followed has played. Ctrl-C stops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import signal
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import web

from bot.engine import game_info
from bot.tables import LobbyChanged, Player, TableOpened, TableService
from bot.tables.play.thinking import Thinking
from data import Store
from web.build import BuildError, ensure_built
from web.server import make_app
from web.sessions import Signer

DEMO_USER = 1
WATCHER = 2  # a user with no seat: the spectator's link
GUILD = 0  # the demo's one "server": sessions and the table agree on it


@dataclass(frozen=True, slots=True)
class DemoTable:
    url: str  # the player's page, with their session
    watch_url: str  # a spectator's page
    game_no: int


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """`--option target=50 --option rounds=1`: numbers as numbers, a comma list as a list."""
    options: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option takes NAME=VALUE, not {pair!r}")
        items: list[Any] = [int(v) if v.strip().lstrip("-").isdigit() else v.strip() for v in value.split(",")]
        options[key.strip()] = items if "," in value else items[0]
    return options


async def open_demo_table(
    service: TableService, game_id: str, players: int, options: Mapping[str, Any], name: str
) -> int:
    [opened] = await service.lobbies.open(GUILD, 0, Player(DEMO_USER, name), game_id, options)
    assert isinstance(opened, LobbyChanged)
    lobby = opened.lobby.lobby_id
    for _ in range(players - 1):
        await service.lobbies.add_computer(lobby, DEMO_USER)
    notes = await service.games.start(lobby, DEMO_USER)
    return next(n for n in notes if isinstance(n, TableOpened)).table.game_no


async def serve_demo(
    game_id: str,
    players: int | None,
    seed: int | None,
    level: str,
    host: str = "127.0.0.1",
    port: int = 0,
    options: Mapping[str, Any] | None = None,
    lang: str | None = None,
    stop: asyncio.Event | None = None,
) -> int:
    """Serve one demo table until `stop` is set (Ctrl-C or SIGTERM when None)."""
    try:
        await asyncio.to_thread(ensure_built)
    except BuildError as error:
        print(f"python -m bot: error: {error}", file=sys.stderr)
        return 1
    players = players or game_info(game_id).default_players
    seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
    stop = stop or _stop_on_signals()
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "demo.sqlite3")
        runner: web.AppRunner | None = None
        try:
            service = TableService(store, rng=random.Random(seed), thinking=Thinking(0, level))
            await service.resume()
            game_no = await open_demo_table(service, game_id, players, options or {}, "You")
            signer = Signer(secrets.token_bytes(32))  # a new secret each run: old links stop working
            # Ctrl-C closes open pages' sockets after 2 s rather than waiting a minute for them
            runner = web.AppRunner(make_app(service, signer), access_log=None, shutdown_timeout=2.0)
            await runner.setup()
            site = web.TCPSite(runner, host, port)
            await site.start()
            bound = runner.addresses[0][1]
            table = demo_links(host, bound, game_no, signer, lang)
            print(f"{game_id}, {players} players, seed {seed}: play in your browser at", flush=True)
            print(f"  {table.url}", flush=True)
            print(f"watch as a spectator: {table.watch_url}", flush=True)
            print("Ctrl-C stops the demo.", flush=True)
            await stop.wait()
        finally:
            if runner is not None:
                await runner.cleanup()
            await store.close()
    print("demo stopped", flush=True)
    return 0


def demo_links(host: str, port: int, game_no: int, signer: Signer, lang: str | None) -> DemoTable:
    base = f"http://{host}:{port}/table/{game_no}"
    extra = f"&lang={lang}" if lang else ""
    return DemoTable(
        f"{base}?token={signer.issue(DEMO_USER, GUILD)}{extra}",
        f"{base}?token={signer.issue(WATCHER, GUILD)}{extra}",
        game_no,
    )


def _stop_on_signals() -> asyncio.Event:
    event = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # not on Windows: Ctrl-C then raises KeyboardInterrupt
            loop.add_signal_handler(sig, event.set)
    return event
