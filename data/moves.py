"""Moves told across processes (PostgreSQL's LISTEN/NOTIFY), so that a web page open on one bot process
sees a move another process made (docs/web.md, "Several processes on PostgreSQL").

`NOTIFY_MOVE` (in data/sql/dialect.py, beside the queries) is what an action's write returns in its own
statement, so the notification is sent when, and only when, the action commits (`data/postgres.py`,
`append_action`); and `listen_moves` holds one dedicated connection that LISTENs and calls back with each
game number. The
callback is a plain function of the game number (the web hub's `changed`): nothing of the database
reaches the caller. On SQLite there is one process, whose in-process wake-ups suffice: nothing is sent
and the listener does nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .sql.dialect import MOVES_CHANNEL

if TYPE_CHECKING:
    import asyncpg

log = logging.getLogger(__name__)

RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0)  # reconnecting after the listening connection is lost

OnMove = Callable[[int], None]


def _redact(url: str) -> str:
    from .postgres import redact  # loaded only where PostgreSQL is used

    return redact(url)


class MovesListener:
    """Calls `on_move(game_no)` for every move committed by any process on the database, until `close`."""

    def __init__(self, url: str | None, on_move: OnMove) -> None:
        self._url, self._on_move = url, on_move
        self._conn: asyncpg.Connection | None = None
        self._lost = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self._url is None:
            return
        await self._connect()  # the first connection fails loudly: a wrong URL is seen at start
        self._task = asyncio.create_task(self._keep())

    async def _connect(self) -> None:
        import asyncpg  # loaded only where PostgreSQL is used

        assert self._url is not None
        conn = await asyncpg.connect(self._url, timeout=15)
        self._lost.clear()
        conn.add_termination_listener(lambda _conn: self._lost.set())
        await conn.add_listener(MOVES_CHANNEL, self._heard)
        self._conn = conn

    def _heard(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        try:
            game_no = int(payload)
        except ValueError:
            log.warning("ignored a %s notification that names no game", MOVES_CHANNEL)
            return
        self._on_move(game_no)

    async def _keep(self) -> None:
        """Reconnects when the connection drops. A move committed meanwhile is not heard: its pages catch
        up at the game's next move (each page is sent the newest table, never one it showed)."""
        assert self._url is not None
        while True:
            await self._lost.wait()
            self._conn = None
            attempt = 0
            while self._conn is None:
                await asyncio.sleep(RETRY_SECONDS[min(attempt, len(RETRY_SECONDS) - 1)])
                attempt += 1
                try:
                    await self._connect()
                except Exception as exc:  # asyncpg's errors and OSError: the server is still away
                    log.warning("listening for moves on %s failed (%s)", _redact(self._url), type(exc).__name__)
            log.info("listening for moves again on %s", _redact(self._url))

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None


async def listen_moves(database: str | Path, on_move: OnMove) -> MovesListener:
    """Listening for the moves of every process on `database` (the store's target). On SQLite a listener
    that hears nothing: this process's own wake-ups are all there are."""
    from .backends import is_postgres  # backends opens the stores, whose queries name NOTIFY_MOVE

    listener = MovesListener(str(database) if is_postgres(database) else None, on_move)
    await listener.start()
    return listener
