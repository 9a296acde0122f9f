"""Rate limits of the web table (docs/web.md, "Requests"): per user on the API's requests and socket
messages, per user on logins, per address on the login endpoints, and on the code exchanges with Discord as a
whole (a code is exchanged before its user is known, so junk codes are bounded by the total).

The address of a request is its peer's, unless that peer is a trusted reverse proxy
(FIVES_WEB_TRUSTED_PROXIES): then it is the nearest address in X-Forwarded-For that is not itself a trusted
proxy. Without the setting the header is ignored, so nobody can pick the address they are counted under."""

from __future__ import annotations

import ipaddress
import time
from collections import deque
from collections.abc import Callable, Hashable, Sequence

from aiohttp import web

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


class RateLimit:
    """At most `count` hits per key (a user id, an address) in any `seconds`."""

    SWEEP = 1024  # every so many hits, keys with no hit left in the window are forgotten (addresses pile up)

    def __init__(self, count: int = 30, seconds: float = 10.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._count, self._seconds, self._clock = count, seconds, clock
        self._hits: dict[Hashable, deque[float]] = {}
        self._calls = 0

    def allow(self, key: Hashable) -> bool:
        now = self._clock()
        self._calls += 1
        if self._calls % self.SWEEP == 0:
            self._sweep(now)
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self._seconds:
            hits.popleft()
        if len(hits) >= self._count:
            return False
        hits.append(now)
        return True

    def _sweep(self, now: float) -> None:
        for key in [k for k, hits in self._hits.items() if not hits or hits[-1] <= now - self._seconds]:
            del self._hits[key]

    @property
    def remembered(self) -> int:
        """How many keys it holds hits of (not `__len__`: an empty limit must stay truthy)."""
        return len(self._hits)


def parse_proxies(text: str) -> tuple[Network, ...]:
    """FIVES_WEB_TRUSTED_PROXIES: addresses or networks (`10.0.0.0/8`), separated by commas or spaces."""
    networks = []
    for item in text.replace(",", " ").split():
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"FIVES_WEB_TRUSTED_PROXIES: {item!r} is not an IP address or network") from None
    return tuple(networks)


def _trusted(address: str, proxies: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def client_address(request: web.Request) -> str:
    """The address a request is counted under: its peer, or behind trusted proxies the client they name."""
    peer = request.remote or ""
    proxies = request.app[TRUSTED]
    if not proxies or not _trusted(peer, proxies):
        return peer
    hops = [hop.strip() for value in request.headers.getall("X-Forwarded-For", []) for hop in value.split(",")]
    hops = [hop for hop in hops if hop]
    # Each proxy appends the address it was reached from: read from the right, the first one that is not a
    # trusted proxy is the client (what is left of it may be anything the client wrote itself).
    for hop in reversed(hops):
        if not _trusted(hop, proxies):
            return hop
    return hops[0] if hops else peer


LIMITER = web.AppKey("limiter", RateLimit)  # the API: 30 requests or socket messages per user in 10 s
LOGINS = web.AppKey("logins", RateLimit)  # sessions issued to one user: 10 a minute
EXCHANGES = web.AppKey("exchanges", RateLimit)  # codes sent to Discord by this process: 120 a minute
ADDRESSES = web.AppKey("addresses", RateLimit)  # login requests from one address: 40 a minute
TRUSTED = web.AppKey("trusted_proxies", tuple)  # FIVES_WEB_TRUSTED_PROXIES, parsed (empty: trust none)
EVERYONE = 0  # the key of a limit on everyone together
