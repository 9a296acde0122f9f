"""The bot's Prometheus metrics (the official `prometheus_client`), served by `app.ops_http` when
`FIVES_METRICS_PORT` is set.

Recording is off until `enable()` (the bot calls it when metrics are served): every hook below is then one
flag test, so a bot without metrics, the demo, tests and benchmarks pay nothing. The hooks sit at the
edges: the table service's one path of an action (`bot.tables.play.turns`), the store (`TimedStore`, a wrapper
around any `StoreInterface`), and Discord's HTTP client (`http_trace`, aiohttp's own tracing). What can be
read when scraped (games in play, the outbox) is read then, by `ServiceCollector`, never kept up to date on
the hot path.
"""

from __future__ import annotations

import inspect
import re
import time
from bisect import bisect_left
from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

INTERACTION_DEADLINE = 3.0  # Discord forgets an interaction not answered (or deferred) within 3 seconds

REGISTRY = CollectorRegistry()  # the bot's own, so that a test or a second bot never meets another's series
_on = False

# What the hot path records (an action, a computer's thought, a store call) is kept as a plain tuple and
# folded into its Prometheus series when scraped, or once FOLD_EVERY are waiting: a series' `inc` and
# `observe` take locks and loop over buckets, and made between an action's engine and SQLite work, with
# the caches cold, they cost 2-3 % of the action; folded a batch at a time they cost a fraction of that
# (`python -m benchmarks.table --overhead`).
FOLD_EVERY = 2048
_actions: list[tuple[str, str, float, bool]] = []  # game, kind, seconds, finished
_thoughts: list[tuple[str, str, float]] = []  # level, game, seconds
_store_calls: list[tuple[str, float]] = []  # call, seconds

SOURCES = {"player": "players", "computer": "computers", "auto": "automatic", "timeout": "timers"}


class _Fold(Collector):
    """Registered before every series, so that the registry folds what is waiting before it reads them."""

    def collect(self) -> Iterator[GaugeMetricFamily]:
        fold()
        return iter(())

    def describe(self) -> Iterator[GaugeMetricFamily]:
        return iter(())


REGISTRY.register(_Fold())

ACTIONS = Counter(
    "fives_actions", "Actions applied and committed, by game and source", ["game", "source"], registry=REGISTRY
)
ACTION_SECONDS = Histogram(
    "fives_action_seconds",
    "One action: engine apply, then the log's write and commit",
    ["game"],
    buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
    registry=REGISTRY,
)
GAMES_FINISHED = Counter("fives_games_finished", "Games played to their end, by game", ["game"], registry=REGISTRY)
THINKING_SECONDS = Histogram(
    "fives_computer_thinking_seconds",
    "Time a computer player took to choose its move, by level and game",
    ["level", "game"],
    buckets=(0.0005, 0.005, 0.05, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0),
    registry=REGISTRY,
)
DB_SECONDS = Histogram(
    "fives_db_seconds",
    "Time of one store call (its queries and commit), by call",
    ["call"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0),
    registry=REGISTRY,
)
DB_ERRORS = Counter("fives_db_errors", "Store calls that failed, by call", ["call"], registry=REGISTRY)
DISCORD_ERRORS = Counter(
    "fives_discord_http_errors",
    "Discord REST answers of 400 or more (429 apart), by route and status",
    ["route", "status"],
    registry=REGISTRY,
)
DISCORD_RATE_LIMITS = Counter(
    "fives_discord_rate_limits",
    "Discord REST answers 429 (rate limited), by route and scope",
    ["route", "scope"],
    registry=REGISTRY,
)
INTERACTION_SECONDS = Histogram(
    "fives_interaction_answer_seconds",
    "From an interaction's arrival to its first answer (a deferral counts) reaching Discord",
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0),
    registry=REGISTRY,
)
INTERACTIONS_LATE = Counter(
    "fives_interactions_late", "Interactions first answered after Discord's 3-second deadline", registry=REGISTRY
)
INTERACTIONS_REFUSED = Counter(
    "fives_interactions_refused_stopping",
    "Interactions answered 'restarting' during a graceful stop",
    registry=REGISTRY,
)
READY = Gauge(
    "fives_ready", "1 while connected to Discord's gateway on every shard and the database answers", registry=REGISTRY
)


def enable(on: bool = True) -> None:
    global _on
    _on = on


def enabled() -> bool:
    return _on


# -- hooks of the table service ---------------------------------------------------------------------------
def action(game: str, kind: str, seconds: float, finished: bool) -> None:
    if _on:
        _actions.append((game, kind, seconds, finished))
        if len(_actions) >= FOLD_EVERY:
            fold()


def thought(level: str, game: str, seconds: float) -> None:
    if _on:
        _thoughts.append((level, game, seconds))
        if len(_thoughts) >= FOLD_EVERY:
            fold()


# The series of one game and source (or level, or store call), made once: `labels()` checks, joins and
# looks up its values under a lock at every call.
_action_series: dict[tuple[str, str], tuple[Any, Any, Any]] = {}
_thinking_series: dict[tuple[str, str], Any] = {}
_store_series: dict[str, Any] = {}


def _taken(waiting: list[Any]) -> list[Any]:
    """What is waiting, taken out; anything appended meanwhile (by another thread) stays for the next fold."""
    taken = waiting[:]
    del waiting[: len(taken)]
    return taken


def fold() -> None:
    """Fold what the hot path recorded into the Prometheus series (the registry calls it at each scrape)."""
    actions: dict[tuple[str, str], list[float]] = {}
    finished: Tally[str] = Tally()
    for game, kind, seconds, ended in _taken(_actions):
        actions.setdefault((game, kind), []).append(seconds)
        if ended:
            finished[game] += 1
    for (game, kind), times in actions.items():
        series = _action_series.get((game, kind))
        if series is None:
            series = _action_series[game, kind] = (
                ACTIONS.labels(game, SOURCES.get(kind, kind)),
                ACTION_SECONDS.labels(game),
                GAMES_FINISHED.labels(game),  # at zero from the game's first action: a rate has its start
            )
        series[0].inc(len(times))
        _observe_all(series[1], times)
    for game, count in finished.items():
        GAMES_FINISHED.labels(game).inc(count)  # rare: no series kept
    thoughts: dict[tuple[str, str], list[float]] = {}
    for level, game, seconds in _taken(_thoughts):
        thoughts.setdefault((level, game), []).append(seconds)
    for key, times in thoughts.items():
        thinking = _thinking_series.get(key)
        if thinking is None:
            thinking = _thinking_series[key] = THINKING_SECONDS.labels(*key)
        _observe_all(thinking, times)
    calls: dict[str, list[float]] = {}
    for call, seconds in _taken(_store_calls):
        calls.setdefault(call, []).append(seconds)
    for call, times in calls.items():
        timing = _store_series.get(call)
        if timing is None:
            timing = _store_series[call] = DB_SECONDS.labels(call)
        _observe_all(timing, times)


def _observe_all(histogram: Any, values: list[float]) -> None:
    """`histogram.observe(v)` for every value, as one addition per bucket: `observe` takes two locks and walks
    the buckets in Python for each value. Reads prometheus_client's own fields (pinned in pyproject.toml; the
    tests compare the buckets with what `observe` gives), and falls back to `observe` without them."""
    bounds, buckets, total = (getattr(histogram, f, None) for f in ("_upper_bounds", "_buckets", "_sum"))
    if bounds is None or buckets is None or total is None or len(bounds) != len(buckets):
        for value in values:
            histogram.observe(value)
        return
    for index, count in Tally(bisect_left(bounds, value) for value in values).items():
        buckets[min(index, len(buckets) - 1)].inc(count)  # the last bound is +Inf: nothing falls past it
    total.inc(sum(values))


class ServiceCollector(Collector):
    """Read at each scrape: games in play in this process by game, its outbox (entries and the age of the
    oldest), the database pool and the web table's open connections (None while it is off). Callables, so
    that the collector holds no table service or web type."""

    def __init__(
        self,
        games: Callable[[], list[str]],
        outbox: Callable[[], tuple[int, float | None]],
        pool: Callable[[], tuple[int, int]] | None = None,
        clock: Callable[[], float] = time.time,
        web: Callable[[], int | None] | None = None,
    ) -> None:
        self._games, self._outbox, self._pool, self._clock, self._web = games, outbox, pool, clock, web

    def collect(self) -> Iterator[GaugeMetricFamily]:
        active = GaugeMetricFamily("fives_games_active", "Games in play held by this process, by game", labels=["game"])
        for game, count in sorted(Tally(self._games()).items()):
            active.add_metric([game], count)
        yield active
        entries, oldest = self._outbox()
        yield GaugeMetricFamily(
            "fives_outbox_entries", "Notifications still to be told (this process's games)", value=entries
        )
        age = 0.0 if oldest is None else max(0.0, self._clock() - oldest)
        yield GaugeMetricFamily("fives_outbox_oldest_seconds", "Age of the oldest entry still to be told", value=age)
        if self._pool is not None:
            size, idle = self._pool()
            pool = GaugeMetricFamily("fives_db_pool_connections", "Database connections by state", labels=["state"])
            pool.add_metric(["in_use"], size - idle)
            pool.add_metric(["idle"], idle)
            yield pool
        connections = self._web() if self._web is not None else None
        if connections is not None:
            yield GaugeMetricFamily(
                "fives_web_connections",
                "HTTP connections open on the web table (its live pages' WebSockets among them)",
                value=connections,
            )

    def describe(self) -> Iterator[GaugeMetricFamily]:
        return iter(())


# -- the store ----------------------------------------------------------------------------------------------
class TimedStore:
    """A store whose every awaited call is timed (`fives_db_seconds`) and whose failures are counted
    (`fives_db_errors`); anything else (context managers, attributes) is the store's own."""

    def __init__(self, store: Any) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        # Only a name the instance does not hold yet comes here: whatever is kept in its __dict__ below is
        # found there on the next call, at the cost of a plain attribute.
        target = getattr(self._store, name)
        if not inspect.iscoroutinefunction(target):
            if not _changes(self._store, name):
                self.__dict__[name] = target  # a method (`locked_game`) or a constant (`shared`)
            return target
        errors = DB_ERRORS.labels(name)  # looked up once, not every call
        DB_SECONDS.labels(name)  # the call's series is there (at zero) from its first call on

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                return await target(*args, **kwargs)
            except Exception:
                if _on:
                    errors.inc()
                raise
            finally:
                if _on:
                    _store_calls.append((name, time.perf_counter() - started))
                    if len(_store_calls) >= FOLD_EVERY:
                        fold()

        self.__dict__[name] = timed
        return timed


def _changes(store: Any, name: str) -> bool:
    """Whether `store.name` may read differently later: the store's own attributes (set on it, such as
    `migrated`) and properties; methods and class constants do not."""
    return name in getattr(store, "__dict__", {}) or isinstance(getattr(type(store), name, None), property)


# -- Discord's HTTP client ------------------------------------------------------------------------------------
_SNOWFLAKE = re.compile(r"/\d{15,21}(?=/|$)")
_TOKEN = re.compile(r"(/(?:interactions|webhooks)/\{id\})/[^/]+")
_CALLBACK = re.compile(r"/interactions/(\d{15,21})/[^/]+/callback")
DISCORD_EPOCH_MS = 1420070400000


def route_kind(method: str, path: str) -> str:
    """`POST /channels/{id}/messages` for `POST /api/v10/channels/1234.../messages`: ids and interaction or
    webhook tokens out, so that a route kind is a handful of label values, not one per channel."""
    path = path.split("/api/v", 1)[-1]
    path = path.split("/", 1)[1] if "/" in path else path  # the API version
    path = _SNOWFLAKE.sub("/{id}", "/" + path)
    path = _TOKEN.sub(r"\1/{token}", path)
    return f"{method} {path}"


def answered(interaction_id: int, now: float | None = None) -> None:
    """An interaction's first answer reached Discord: its latency from the interaction's own creation time
    (in its id), which is the clock Discord's deadline runs on."""
    if not _on:
        return
    created = ((interaction_id >> 22) + DISCORD_EPOCH_MS) / 1000
    seconds = max(0.0, (time.time() if now is None else now) - created)
    INTERACTION_SECONDS.observe(seconds)
    if seconds > INTERACTION_DEADLINE:
        INTERACTIONS_LATE.inc()


def http_trace() -> aiohttp.TraceConfig:
    """For `discord.Client(http_trace=...)`: every REST answer of Discord counted by route kind when it is an
    error or a rate limit, and each interaction's first answer timed against the 3-second deadline."""
    trace = aiohttp.TraceConfig()

    async def on_end(session: Any, context: Any, params: aiohttp.TraceRequestEndParams) -> None:
        if not _on:
            return
        status = params.response.status
        path = params.url.path
        if status < 400:
            if params.method == "POST" and (match := _CALLBACK.search(path)):
                answered(int(match.group(1)))
            return
        kind = route_kind(params.method, path)
        if status == 429:
            scope = params.response.headers.get(
                "X-RateLimit-Scope", "global" if params.response.headers.get("X-RateLimit-Global") else "user"
            )
            DISCORD_RATE_LIMITS.labels(kind, scope).inc()
        else:
            DISCORD_ERRORS.labels(kind, str(status)).inc()

    async def on_exception(session: Any, context: Any, params: aiohttp.TraceRequestExceptionParams) -> None:
        if _on:
            DISCORD_ERRORS.labels(route_kind(params.method, params.url.path), "network").inc()

    trace.on_request_end.append(on_end)
    trace.on_request_exception.append(on_exception)
    return trace
