"""Where computer players think: a searching level runs in a pool of worker processes, so the event loop
keeps answering other tables' clicks while a computer thinks (search is CPU work, seconds of it).

The easy level is a heuristic of a few microseconds: it runs in place, as does every level of a family
that has no search yet. A move is seeded by the caller (the game's seed and the turn), and a level
searches a fixed number of playouts, so the same move comes back after a restart whatever the load.

The bot creates one `Thinking` at start (`FIVES_AI_WORKERS` processes, default 2: one per core of a small
host) and closes it at stop. A service built without one (tests, scripts) thinks in place.

Each computer seat names its level (stored with the seat: bot.tables.play.turns passes it); the `level` a
`Thinking` is made with is the bot's default (`FIVES_COMPUTER_LEVEL`), which the table service gives the
computers of servers that chose no level of their own.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.ai import DEFAULT_LEVEL, LEVELS, searches, think
from bot.ai.analysis import MoveAnalysis, Position, analyse_move
from bot.ai.hints import Hint, hint

log = logging.getLogger(__name__)

HINT_SECONDS = 10.0  # a hint not found by then is answered as such: the player is waiting for it


class Thinking:
    """Chooses computer moves, off the event loop when they need a search."""

    def __init__(self, workers: int = 0, level: str = DEFAULT_LEVEL, executor: Executor | None = None) -> None:
        """`workers` processes for searching levels (0: think in place, blocking, for tests and scripts);
        `level` is the bot's default level (and that of a `choose` naming none); `executor` replaces the
        process pool."""
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r} (levels: {', '.join(LEVELS)})")
        self.workers = workers if executor is None else max(1, workers)
        self.level = level
        self._pool: Executor | None = executor

    def _executor(self) -> Executor:
        if self._pool is None:
            # spawn, not fork: the bot's process holds threads (the database's) that a fork would copy
            # mid-lock; the workers import only the engine and the computer players.
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=importlib.import_module,
                initargs=("bot.ai",),
            )
        return self._pool

    async def warm_up(self) -> None:
        """Start every worker now (a fresh process takes about a second to import the computer players),
        rather than at the first computer's move."""
        if self.workers > 0:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            await asyncio.gather(*(loop.run_in_executor(pool, int) for _ in range(self.workers)))

    async def choose(self, view: Any, seed: int, level: str | None = None) -> str:
        level = level or self.level
        if not searches(view.game_id, level) or len(view.legal) == 1:
            return think(view, seed, level)
        try:
            if self.workers <= 0:
                return think(view, seed, level)
            return await self._in_worker(view, seed, level)
        except Exception:
            # A search that fails must not stall the game: the computer plays its easy move instead (the
            # same one after a restart, since the failure would repeat).
            log.exception("a %s computer could not choose in %s; it plays the easy move", level, view.game_id)
            return think(view, seed, "easy")

    async def _in_worker(self, view: Any, seed: int, level: str) -> str:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), think, view, seed, level)
        except BrokenProcessPool:
            # a worker died (killed, out of memory): start a new pool and think once more
            log.warning("a computer player's worker died; restarting the pool")
            self._pool = None
            return await loop.run_in_executor(self._executor(), think, view, seed, level)

    async def analyse(self, positions: Sequence[Position], seed: int) -> list[MoveAnalysis]:
        """Post-game analysis of these decisions (bot.ai.analysis), one a task in the worker pool (each is
        seeded by itself, so the result does not depend on how they are spread); without workers, in a
        thread: minutes of CPU for a long game must never block the event loop."""
        if self.workers <= 0:
            return await asyncio.to_thread(lambda: [analyse_move(p, seed) for p in positions])
        loop = asyncio.get_running_loop()
        pool = self._executor()
        try:
            return list(await asyncio.gather(*(loop.run_in_executor(pool, analyse_move, p, seed) for p in positions)))
        except BrokenProcessPool:
            log.warning("an analysis worker died; restarting the pool")
            self._pool = None
            pool = self._executor()
            return list(await asyncio.gather(*(loop.run_in_executor(pool, analyse_move, p, seed) for p in positions)))

    async def hint(self, view: Any, seed: int, timeout: float = HINT_SECONDS) -> Hint:
        """The search's move for the seat of `view` (a learner's hint: bot.ai.hints), from that view only, in
        the worker pool (without workers, in a thread), given up after `timeout` seconds (TimeoutError; the
        worker's search runs on to its end, a bounded one, and its answer is dropped)."""
        if self.workers <= 0:
            return await asyncio.wait_for(asyncio.to_thread(hint, view, seed), timeout)
        loop = asyncio.get_running_loop()
        try:
            return await asyncio.wait_for(loop.run_in_executor(self._executor(), hint, view, seed), timeout)
        except BrokenProcessPool:
            log.warning("a hint's worker died; restarting the pool")
            self._pool = None
            return await asyncio.wait_for(loop.run_in_executor(self._executor(), hint, view, seed), timeout)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
