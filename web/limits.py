"""Rate limits of the web table (docs/web.md, "Requests"): per user on the API's requests and socket
messages, per user on logins, and on the code exchanges with Discord as a whole (a code is exchanged before
its user is known, so junk codes are bounded by the total)."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable

from aiohttp import web


class RateLimit:
    """At most `count` hits per key (a user id) in any `seconds`."""

    def __init__(self, count: int = 30, seconds: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._count, self._seconds, self._clock = count, seconds, clock
        self._hits: dict[int, deque[float]] = defaultdict(deque)

    def allow(self, key: int) -> bool:
        now = self._clock()
        hits = self._hits[key]
        while hits and hits[0] <= now - self._seconds:
            hits.popleft()
        if len(hits) >= self._count:
            return False
        hits.append(now)
        return True


LIMITER = web.AppKey("limiter", RateLimit)  # the API: 30 requests or socket messages per user in 10 s
LOGINS = web.AppKey("logins", RateLimit)  # sessions issued to one user: 10 a minute
EXCHANGES = web.AppKey("exchanges", RateLimit)  # codes sent to Discord by this process: 120 a minute
EVERYONE = 0  # the key of a limit on everyone together
