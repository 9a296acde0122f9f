"""The service's calls that change something, as a graceful stop sees them: refused once it has begun
(`Restarting`), and counted while they run, so that the stop waits for those in flight. The facade's calls
and the ones the wings make of each other (a rematch's or a tournament's table started) pass through one."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from ..errors import Restarting


class Work:
    def __init__(self) -> None:
        self.stopping = False  # a graceful stop has begun: changes are refused
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextmanager
    def change(self) -> Iterator[None]:
        """Around one call that changes something (Restarting once the stop has begun)."""
        if self.stopping:
            raise Restarting("the bot is stopping: no new change is taken")
        self._in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._in_flight -= 1
            if not self._in_flight:
                self._idle.set()

    async def quiesce(self, timeout: float) -> bool:
        """Wait for the calls in flight for at most `timeout` seconds; whether they all ended."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True
