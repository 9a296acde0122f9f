"""Part of benchmarks/web.py: hand tiles or cards in what a spectator's browser receives, over a whole game of
every family, played through the web API (every seat a human taking its first legal action).

Two counts per socket frame and API body a spectator receives:

- the tests' check (tests/web/test_web_api.py `hand_tiles_in`): any non-empty `hand` anywhere in it, or a
  seat's view (`you`) at all;
- a stricter one: every tile or card that some seat holds at that moment (read from each seat's own view
  when the frame arrives) and that the frame names anyway. Tiles are unique, so a held tile named anywhere
  is a leak; cards are looked for outside the bids (a bid `7S` is written like the card 7S). What the rules
  make public is skipped: finished hands, a Domineren declaration, Five Hundred's called partner card and
  an open misère's exposed hand, and between hands the finished hand's last play.
"""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from bot.tables import LobbyChanged, Player, TableOpened, TableService
from data import Store
from web.server import RateLimit, make_app
from web.sessions import Signer

GUILD = 7
WATCHER = 999
TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")
PUBLIC_BY_RULE = {"hands", "declared", "called", "exposed"}
BIDS = {"auction", "high_bid", "contract", "history", "last"}  # bids read like cards: tiles only here

# (game, players, options): a whole game of each family, at its default length where that is short enough
# to play through on a loaded machine (Five Hundred to 500 and Domineren's ten hands are).
GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (
    ("all-fives", 2, {"target": 100}),
    ("five-up", 4, {}),
    ("draw", 3, {"rounds": 1}),
    ("domineren", 3, {}),
    ("five-hundred", 4, {}),
)


@dataclass
class Leaks:
    game_id: str
    moves: int = 0
    frames: int = 0
    test_check: int = 0  # frames the tests' check flags
    held_named: int = 0  # held tiles or cards a frame names


def _tile(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


def held_items(hand: Iterable[Any]) -> set[str]:
    """A seat's hand as comparable names: tiles `6-4` (higher first), cards as written (`10H`)."""
    out: set[str] = set()
    for item in hand:
        if isinstance(item, str):
            out.add(item)
        else:
            out.add(_tile(item.a, item.b) if hasattr(item, "a") else _tile(*item))
    return out


def named(value: Any, field: str = "", out: set[str] | None = None) -> set[str]:
    """Every tile and card a frame names, outside what the rules make public."""
    out = set() if out is None else out
    if field in PUBLIC_BY_RULE:
        return out
    if isinstance(value, dict):
        if set(value) >= {"a", "b"} and isinstance(value["a"], int) and isinstance(value["b"], int):
            out.add(_tile(value["a"], value["b"]))
        # Between hands (the new deal's table empty) the last play is the finished hand's, whose tiles are
        # dealt again: history, as a finished hand is.
        between = value.get("history") == [] and "last" in value
        for key, inner in value.items():
            if between and key == "last":
                continue
            named(inner, str(key) if not field or key not in ("a", "b") else field, out)
    elif isinstance(value, list):
        for inner in value:
            named(inner, field, out)
    elif isinstance(value, str):
        out.update(_tile(int(a), int(b)) for a, b in TILE.findall(value))
        if field not in BIDS:
            out.add(value)  # a card (or any word: compared with held cards only)
    return out


def flagged_as_in_tests(payload: Any) -> bool:
    """tests/web/test_web_api.py's check: a `hand` of pieces anywhere (a finished hand's `detail.hand` is its
    number), or a seat's own view."""
    if isinstance(payload, dict):
        if (isinstance(payload.get("hand"), list) and payload["hand"]) or payload.get("you") is not None:
            return True
        return any(flagged_as_in_tests(v) for v in payload.values())
    if isinstance(payload, list):
        return any(flagged_as_in_tests(v) for v in payload)
    return False


async def _game(service: TableService, game_id: str, players: int, options: dict[str, Any]) -> int:
    [opened] = await service.lobbies.open(GUILD, 1, Player(1, "P1"), game_id, options)
    assert isinstance(opened, LobbyChanged)
    for user in range(2, players + 1):
        await service.lobbies.join(opened.lobby.lobby_id, Player(user, f"P{user}"))
    notes = await service.games.start(opened.lobby.lobby_id, 1)
    return next(n for n in notes if isinstance(n, TableOpened)).table.game_no


async def play_watched(
    service: TableService, http: aiohttp.ClientSession, base: str, signer: Signer, game: tuple[str, int, dict[str, Any]]
) -> Leaks:
    game_id, players, options = game
    game_no = await _game(service, game_id, players, options)
    leaks = Leaks(game_id)
    watch = {"Authorization": f"Bearer {signer.issue(WATCHER, GUILD)}"}
    rng = random.Random(game_no)

    async def check(payload: dict[str, Any]) -> None:
        held: set[str] = set()
        if payload["status"] == "active":  # once it has ended every hand is shown: nothing is held
            for seat in (await service.tables.info(game_no)).seats:
                if seat.user_id is not None:
                    held |= held_items((await service.tables.private_view(game_no, seat.user_id)).view.hand or ())
        leaks.frames += 1
        leaks.test_check += flagged_as_in_tests(payload)
        leaks.held_named += len(named(payload) & held)

    ws = await http.ws_connect(f"{base}/api/games/{game_no}/ws?since=-1", headers=watch)
    first = await ws.receive_json()
    await check(first)
    turn = first["turn"]
    while True:
        async with http.get(f"{base}/api/games/{game_no}", headers=watch) as answer:
            body = await answer.json()
        await check(body)
        if body["status"] != "active":
            break
        for user in range(1, players + 1):
            mine = await service.tables.private_view(game_no, user)
            if mine.your_turn:
                break
        else:
            raise AssertionError(f"{game_id}: nobody is to act at move {turn}")
        # any legal move, not always the first: the bids and tricks vary, so the game ends
        action = rng.choice(mine.view.legal).text
        headers = {"Authorization": f"Bearer {signer.issue(user, GUILD)}"}
        async with http.post(
            f"{base}/api/games/{game_no}/act", json={"action": action, "turn": mine.turn}, headers=headers
        ) as answer:
            assert answer.status == 200, await answer.text()
        leaks.moves += 1
        while True:  # the spectator's socket brings the table after the move
            frame = await ws.receive_json(timeout=30)
            if frame.get("type") == "table":
                await check(frame)
                if frame["turn"] > turn or frame["status"] != "active":
                    turn = frame["turn"]
                    break
    await ws.close()
    return leaks


async def measure_leaks(games: tuple[tuple[str, int, dict[str, Any]], ...] = GAMES) -> list[Leaks]:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "leaks.sqlite3")
        signer = Signer(b"benchmark-secret-of-enough-bytes")
        service = TableService(store, rng=random.Random(5))
        await service.resume()
        # the limiter is not what is measured: a benchmark moves faster than any player
        runner = web.AppRunner(make_app(service, signer, limiter=RateLimit(count=10**9)), access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        base = f"http://127.0.0.1:{runner.addresses[0][1]}"
        try:
            async with aiohttp.ClientSession() as http:
                return [await play_watched(service, http, base, signer, game) for game in games]
        finally:
            await runner.cleanup()
            await store.close()


if __name__ == "__main__":
    for result in asyncio.run(measure_leaks()):
        print(result)
