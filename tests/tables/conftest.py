"""A real database per test (a SQLite file, then a PostgreSQL database: each test runs on both), a fake
clock, and a table that plays its humans like a patient user would: open the private view, take the first
legal action, click it with the turn it was shown for."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import pytest

from bot.tables import GameEnded, HandChanged, Notification, Player, TableOpened, TableOver, TableService
from data import StoreInterface, open_store
from tests.conftest import Databases

GUILD = 1000
CHANNEL = 2000
ANN = Player(11, "Ann")
BOB = Player(22, "Bob")
CAT = Player(33, "Cat")
DAN = Player(44, "Dan")


class FakeClock:
    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Harness:
    """Services over one database; `restart()` is a new service (and connection) over the same database."""

    guild = GUILD
    channel = CHANNEL
    players = (ANN, BOB, CAT, DAN)

    def __init__(
        self, databases: Databases, name: str, clock: FakeClock, seed: int = 7, notify_moves: bool = False
    ) -> None:
        self.databases, self.name = databases, name
        self.notify_moves = notify_moves  # as the bot opens its store when the web table is on
        self.clock = clock
        self.rng = random.Random(seed)
        self.stores: list[StoreInterface] = []
        self.service: TableService

    async def _open_store(self) -> StoreInterface:
        store = await open_store(await self.databases.target(self.name), notify_moves=self.notify_moves)
        self.stores.append(store)
        self.store = store
        return store

    async def open(self) -> TableService:
        self.service = TableService(await self._open_store(), clock=self.clock, rng=self.rng)
        await self.service.resume()
        return self.service

    async def restart(self) -> list:
        """Drop the service without any goodbye (as a crash would) and start a new one on the same database."""
        await self.store.close()
        self.service = TableService(await self._open_store(), clock=self.clock, rng=self.rng)
        return await self.service.resume()

    async def close(self) -> None:
        for store in self.stores:
            await store.close()

    async def lobby(
        self,
        humans: Iterable[Player] = (ANN, BOB),
        computers: int = 2,
        game_id: str = "five-up",
        options: dict | None = None,
    ) -> int:
        humans = list(humans)
        svc = self.service
        [changed] = await svc.lobbies.open(GUILD, CHANNEL, humans[0], game_id, options)
        lobby_id = changed.lobby.lobby_id
        for player in humans[1:]:
            await svc.lobbies.join(lobby_id, player)
        for _ in range(computers):
            await svc.lobbies.add_computer(lobby_id, humans[0].user_id)
        return lobby_id

    async def start_game(self, **kwargs: Any) -> tuple[int, list[Notification]]:
        humans = list(kwargs.get("humans", (ANN, BOB)))
        lobby_id = await self.lobby(**kwargs)
        notes = await self.service.games.start(lobby_id, humans[0].user_id)
        opened = next(n for n in notes if isinstance(n, TableOpened))
        return opened.table.game_no, notes

    async def to_act(self, game_no: int) -> HandChanged | None:
        """The private view of the human whose turn it is (None if none is)."""
        svc = self.service
        table = await svc.tables.info(game_no)
        for seat in table.seats:
            if seat.user_id is not None:
                hand = await svc.tables.private_view(game_no, seat.user_id)
                if hand.your_turn:
                    return hand
        return None

    async def step(self, game_no: int, choose: Callable = lambda view: view.legal[0].text) -> list:
        hand = await self.to_act(game_no)
        assert hand is not None, "nobody human is to act"
        return await self.service.act(game_no, hand.user_id, choose(hand.view), hand.turn)

    async def play(self, game_no: int, max_steps: int | None = None, choose: Callable | None = None) -> list:
        """Human steps until the game ends (or `max_steps`); every notification on the way."""
        out: list = []
        steps = 0
        while max_steps is None or steps < max_steps:
            try:
                notes = await (self.step(game_no) if choose is None else self.step(game_no, choose))
            except TableOver:
                break
            out += notes
            steps += 1
            if any(isinstance(n, GameEnded) for n in notes):
                break
        return out


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def harness(databases: Databases, clock: FakeClock) -> AsyncIterator[Harness]:
    h = Harness(databases, "fives.sqlite3", clock)
    await h.open()
    yield h
    await h.close()


@pytest.fixture
async def new_harness(databases: Databases) -> AsyncIterator[Callable[[str], Harness]]:
    """More harnesses, each on a database of its own name (closed at the end of the test)."""
    made: list[Harness] = []

    def make(name: str) -> Harness:
        h = Harness(databases, name, FakeClock())
        made.append(h)
        return h

    yield make
    for h in made:
        await h.close()
