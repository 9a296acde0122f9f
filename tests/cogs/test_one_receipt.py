"""One click, counted on both backends (#25 item 3): what it must tell comes back from `act` with its receipt
(the backlog folded in, the server's language), and what was posted goes back in one `told`. A move is two
database writes (the action, then what was told with the new live board) and at most one call back into the
table service after `act`.

The writes are counted in the database itself, not in the store: on SQLite the statements of the bot's
connection (a transaction that wrote is a COMMIT after an INSERT, UPDATE or DELETE), on PostgreSQL the
transaction ids the server handed out (it gives one only to a transaction that writes or locks a row)."""

from __future__ import annotations

import asyncio
import functools
import re
import sys
import typing
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from app.settings import Settings
from bot.tables import TableService
from tests.conftest import Databases

from .conftest import World, board, open_table
from .test_permissions import next_human, play_from_dm

WRITE = re.compile(r"^\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


@pytest.fixture
async def settings(databases: Databases, seed: int) -> Settings:
    """The bot over the backend of the test's parameter: a SQLite file, or a PostgreSQL database."""
    target = await databases.target()
    return Settings(database=target if isinstance(target, Path) else str(target), seed=seed)


@asynccontextmanager
async def writes_counted(world: World) -> AsyncIterator[list[int]]:
    """The transactions that wrote while the block ran, counted by the database: `[count]` after it."""
    store: Any = world.bot.store
    counted = [0]
    target = getattr(store, "_db", None)
    if target is not None and hasattr(target, "set_trace_callback"):  # SQLite: the one connection's statements
        wrote = False

        def trace(sql: str) -> None:
            nonlocal wrote
            if WRITE.match(sql):
                wrote = True
            elif sql.strip().upper().startswith(("COMMIT", "END")):
                counted[0] += wrote
                wrote = False
            elif sql.strip().upper().startswith(("BEGIN", "ROLLBACK")):
                wrote = False

        await target.set_trace_callback(trace)
        try:
            yield counted
        finally:
            await target.set_trace_callback(None)
        return
    url = str(world.bot.settings.database)
    conn = await asyncpg.connect(url)
    try:
        # The next transaction id to be given: it moves by one for each transaction that wrote (any database
        # of the server; the test's is the only one in use on it meanwhile).
        next_xid = "SELECT pg_snapshot_xmax(pg_current_snapshot())::text::bigint"
        before = await conn.fetchval(next_xid)
        yield counted
        counted[0] = await conn.fetchval(next_xid) - before
    finally:
        await conn.close()


@contextmanager
def calls_counted(service: TableService) -> Iterator[list[str]]:
    """The calls into the service made by the task that calls `act`, in order, while the block runs (`act`
    first: the click itself; the rest are calls back into the service): the service's own and its wings'
    (`service.telling.told` is `told`), made from outside `bot.tables` (a wing calling another is no call
    back into the service)."""
    calls: list[str] = []
    clicking: list[asyncio.Task[Any] | None] = []
    wings = [getattr(service, name) for name in typing.get_type_hints(TableService) if not name.startswith("_")]

    def spied(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(method)
        def call(*args: Any, **kwargs: Any) -> Any:
            if not sys._getframe(1).f_globals.get("__name__", "").startswith("bot.tables"):
                note(name)
            return method(*args, **kwargs)  # a coroutine is awaited by the caller, as it was

        return call

    def note(name: str) -> None:
        task = asyncio.current_task()
        if name == "act" and not clicking:
            clicking.append(task)
        if clicking and clicking[0] is task:
            calls.append(name)

    spies = [
        (target, name)
        for target in (service, *wings)
        for name in dir(type(target))
        if not name.startswith("_") and callable(getattr(type(target), name))
    ]
    for target, name in spies:
        setattr(target, name, spied(name, getattr(target, name)))
    try:
        yield calls
    finally:
        for target, name in spies:
            delattr(target, name)


async def clicked(world: World, click: Callable[[], Awaitable[Any]]) -> tuple[int, list[str]]:
    async with writes_counted(world) as writes:
        with calls_counted(world.bot.service) as calls:
            await click()
    return writes[0], calls


async def test_a_move_is_two_writes_and_one_call_back(world: World) -> None:
    await open_table(world, "draw", computers=0, options={"rounds": "1"})  # two humans: one action a click
    player = next_human(world)
    other = world.bob if player is world.alice else world.alice

    writes, calls = await clicked(world, lambda: play_from_dm(player))

    assert calls[0] == "act"
    assert calls[1:] == ["told"], f"calls back into the service after act: {calls[1:]}"
    assert writes == 2, f"{writes} transactions wrote for one move"
    # ...and the move was told as ever: on the board, which calls the next player, whose hand has its controls
    assert f"**{player.name}**" in (board(world).embeds[0].description or "")
    assert other.mention in (board(world).content or "")
    assert world.env.errors == []

    # the next move too: the live board the last one wrote is the one retired now
    writes, calls = await clicked(world, lambda: play_from_dm(next_human(world)))
    assert (writes, calls[1:]) == (2, ["told"])
    assert world.env.errors == []
