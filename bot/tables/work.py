"""The service's calls that change something, as a graceful stop sees them: refused once it has begun
(`Restarting`), and counted while they run, so that the stop waits for those in flight. Every wing's calls
that change something (`changes`) and the ones the wings make of each other (a rematch's or a tournament's
table started) pass through the one `Work` of the service."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from .errors import Restarting


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


class Working(Protocol):
    """A wing whose calls change something: it holds the service's `Work`."""

    @property
    def work(self) -> Work: ...


_W = TypeVar("_W", bound=Working)
_P = ParamSpec("_P")
_R = TypeVar("_R")


def changes(
    method: Callable[Concatenate[_W, _P], Coroutine[Any, Any, _R]],
) -> Callable[Concatenate[_W, _P], Coroutine[Any, Any, _R]]:
    """A wing's call that changes something: refused (`Restarting`) once the service is stopping, and
    counted while it runs, so that a graceful stop waits for the calls in flight (`TableService.stop_taking`)."""

    @wraps(method)
    async def run(self: _W, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self.work.change():
            return await method(self, *args, **kwargs)

    return run
