"""The metrics of what Discord answers, read as Prometheus scrapes them: the bot's HTTP client traced
(bot.metrics.http_trace, the `http_trace` discord.py hands to aiohttp) against a local server answering as
Discord does (errors, a rate limit, interaction callbacks on time and late), and the store's timing."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families

from bot import metrics
from data import open_store
from data.errors import StoreError

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]
CHANNEL = 1456074443980800024


def scraped() -> Samples:
    text = generate_latest(metrics.REGISTRY).decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def snowflake(seconds_ago: float) -> int:
    """An interaction id made `seconds_ago` (Discord's ids carry their creation time)."""
    return (int((time.time() - seconds_ago) * 1000) - metrics.DISCORD_EPOCH_MS) << 22


@pytest.fixture
def recording() -> Iterator[None]:
    metrics.enable()
    yield
    metrics.enable(False)


@pytest.fixture
async def discord_api() -> AsyncIterator[str]:
    async def forbidden(request: web.Request) -> web.Response:
        return web.json_response({"code": 50013, "message": "Missing Permissions"}, status=403)

    async def limited(request: web.Request) -> web.Response:
        headers = {"X-RateLimit-Scope": "shared", "Retry-After": "1"}
        return web.json_response({"message": "You are being rate limited."}, status=429, headers=headers)

    async def callback(request: web.Request) -> web.Response:
        return web.Response(status=204)

    app = web.Application()
    app.router.add_post("/api/v10/channels/{id}/messages", forbidden)
    app.router.add_patch("/api/v10/channels/{id}/messages/{message}", limited)
    app.router.add_post("/api/v10/interactions/{id}/{token}/callback", callback)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    yield f"http://127.0.0.1:{port}/api/v10"
    await runner.cleanup()


async def test_discords_errors_and_rate_limits_are_counted_by_route_kind_without_ids(
    recording: None, discord_api: str
) -> None:
    before = scraped()
    route = (("route", "POST /channels/{id}/messages"), ("status", "403"))
    limited = (("route", "PATCH /channels/{id}/messages/{id}"), ("scope", "shared"))
    async with aiohttp.ClientSession(trace_configs=[metrics.http_trace()]) as http:
        for _ in range(2):
            async with http.post(f"{discord_api}/channels/{CHANNEL}/messages", json={}) as answer:
                assert answer.status == 403
        async with http.patch(f"{discord_api}/channels/{CHANNEL}/messages/{CHANNEL + 1}", json={}) as answer:
            assert answer.status == 429
        with pytest.raises(aiohttp.ClientError):  # nobody listens there: a network error
            await http.get("http://127.0.0.1:1/api/v10/gateway/bot")
    seen = scraped()
    assert (
        seen["fives_discord_http_errors_total", route] - before.get(("fives_discord_http_errors_total", route), 0) == 2
    )
    assert (
        seen["fives_discord_rate_limits_total", limited] - before.get(("fives_discord_rate_limits_total", limited), 0)
        == 1
    )
    network = (("route", "GET /gateway/bot"), ("status", "network"))
    assert seen["fives_discord_http_errors_total", network] >= 1
    assert not any(str(CHANNEL) in dict(labels).get("route", "") for _, labels in seen), "no id in a label"


async def test_interactions_are_timed_from_their_creation_and_those_past_3_seconds_counted_late(
    recording: None, discord_api: str
) -> None:
    before = scraped()
    async with aiohttp.ClientSession(trace_configs=[metrics.http_trace()]) as http:
        for seconds_ago in (0.2, 4.0):
            url = f"{discord_api}/interactions/{snowflake(seconds_ago)}/a-token/callback"
            async with http.post(url, json={"type": 5}) as answer:
                assert answer.status == 204
    seen = scraped()
    count = ("fives_interaction_answer_seconds_count", ())
    assert seen[count] - before.get(count, 0) == 2
    late = ("fives_interactions_late_total", ())
    assert seen[late] - before.get(late, 0) == 1  # the one answered 4 s after it was made
    on_time = ("fives_interaction_answer_seconds_bucket", (("le", "3.0"),))
    assert seen[on_time] - before.get(on_time, 0) == 1


async def test_the_stores_calls_are_timed_and_its_failures_counted(recording: None, tmp_path: Path) -> None:
    store = metrics.TimedStore(await open_store(tmp_path / "fives.sqlite3"))
    before = scraped()
    try:
        for _ in range(3):
            assert await store.schema_version() > 0
        assert store.shared is False  # the store's own attributes pass through
        await store.close()
        with pytest.raises((StoreError, ValueError)):  # a closed store refuses
            await store.schema_version()
    finally:
        await store.close()
    seen = scraped()
    calls = ("fives_db_seconds_count", (("call", "schema_version"),))
    assert seen[calls] - before.get(calls, 0) == 4
    failed = ("fives_db_errors_total", (("call", "schema_version"),))
    assert seen[failed] - before.get(failed, 0) == 1


def test_what_nobody_scrapes_is_folded_as_it_comes_and_not_kept(recording: None) -> None:
    series = ("fives_actions_total", (("game", "five-up"), ("source", "timers")))
    before = scraped().get(series, 0)
    for _ in range(3 * metrics.FOLD_EVERY):
        metrics.action("five-up", "timeout", 0.002, False)
    assert len(metrics._actions) < metrics.FOLD_EVERY  # memory stays bounded between scrapes
    assert scraped()[series] - before == 3 * metrics.FOLD_EVERY
    assert metrics._actions == []  # a scrape folds all that waited


def test_folded_observations_land_in_the_buckets_observe_would_put_them_in(recording: None) -> None:
    values = [0.0, 0.0005, 0.00051, 0.001, 0.0049, 0.005, 0.3, 1.0, 1.5, 99.0]  # on, beside and past the bounds
    reference = metrics.Histogram("reference_seconds", "", buckets=metrics.ACTION_SECONDS._upper_bounds[:-1],
                                  registry=None)  # fmt: skip
    for value in values:
        reference.observe(value)
    before = scraped()
    for value in values:
        metrics.action("bridge", "player", value, value > 1)
    seen = scraped()
    expected = {s.labels["le"]: s.value for s in next(iter(reference.collect())).samples if s.name.endswith("_bucket")}
    for le, count in expected.items():
        key = ("fives_action_seconds_bucket", (("game", "bridge"), ("le", le)))
        assert seen[key] - before.get(key, 0) == count, le
    total = ("fives_action_seconds_sum", (("game", "bridge"),))
    assert seen[total] - before.get(total, 0) == pytest.approx(sum(values))
    ended = ("fives_games_finished_total", (("game", "bridge"),))
    assert seen[ended] - before.get(ended, 0) == 2
