"""What an operator sees of the running bot: its metrics scraped over HTTP as Prometheus reads them, its
health as the gateway and the database come and go, and the answer players get while it stops."""

from __future__ import annotations

from pathlib import Path

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from app import lifecycle
from app.settings import Settings

from .conftest import World, board, move, open_table, playable, whose_turn


@pytest.fixture
def settings(database: Path, seed: int) -> Settings:
    # port 0: the system picks a free one (the bot's `ops.port` says which); two shards, as a process of
    # several runs them
    return Settings(database=database, seed=seed, metrics_port=0, shard_count=2, shard_ids=(0, 1))


async def get(world: World, path: str) -> tuple[int, str]:
    assert world.bot.ops is not None
    async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{world.bot.ops.port}{path}") as answer:
        return answer.status, await answer.text()


async def scrape(world: World) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    status, text = await get(world, "/metrics")
    assert status == 200
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


async def test_the_metrics_count_games_actions_and_the_store_as_prometheus_scrapes_them(world: World) -> None:
    await open_table(world, "draw")
    player = whose_turn(world)
    assert player is not None
    message = playable(player)
    assert message is not None
    await move(player, message)
    seen = await scrape(world)
    assert seen["fives_games_active", (("game", "draw"),)] == 1
    assert seen["fives_actions_total", (("game", "draw"), ("source", "players"))] == 1
    assert seen["fives_actions_total", (("game", "draw"), ("source", "computers"))] >= 1
    assert seen["fives_action_seconds_count", (("game", "draw"),)] >= 2
    assert seen["fives_computer_thinking_seconds_count", (("game", "draw"), ("level", "easy"))] >= 1
    assert seen["fives_db_seconds_count", (("call", "append_action"),)] >= 2
    assert seen["fives_outbox_entries", ()] == 0  # everything was told
    assert seen["fives_outbox_oldest_seconds", ()] == 0
    assert (
        seen["fives_db_pool_connections", (("state", "in_use"),)]
        + seen["fives_db_pool_connections", (("state", "idle"),)]
        == 1
    )


async def test_ready_only_while_every_shard_is_connected_and_the_database_answers(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = world.bot
    assert await get(world, "/healthz") == (200, "ok\n")
    assert await get(world, "/readyz") == (200, "ready\n")
    assert (await scrape(world))["fives_ready", ()] == 1

    shard = bot.get_shard(1)
    assert shard is not None
    await shard.disconnect()
    status, text = await get(world, "/readyz")
    assert (status, text) == (503, "not ready\ngateway: shard 1 disconnected\n")
    assert (await scrape(world))["fives_ready", ()] == 0
    assert (await get(world, "/healthz"))[0] == 200  # alive all the same: no restart for a reconnection
    await shard.reconnect()
    assert await get(world, "/readyz") == (200, "ready\n")

    async def down() -> int:
        raise ConnectionRefusedError("could not connect to server")

    assert bot.store is not None
    monkeypatch.setattr(bot.store, "schema_version", down)
    status, text = await get(world, "/readyz")
    assert status == 503 and "database: ConnectionRefusedError: could not connect to server" in text
    monkeypatch.undo()
    assert await get(world, "/readyz") == (200, "ready\n")


async def test_while_stopping_a_click_is_answered_restarting_and_changes_nothing(world: World) -> None:
    await open_table(world, "draw")
    player = whose_turn(world)
    assert player is not None
    message = playable(player)
    assert message is not None
    [before] = world.bot.service.games_of(player.id)
    world.bot.stopping = True  # what graceful_stop sets first
    world.bot.service.stop_taking()
    result = await player.user.select(message, [_first_option(message)], custom_id=_act_id(message))
    assert result.response is not None and result.response.ephemeral
    assert "restarting" in (result.response.content or "")
    [after] = world.bot.service.games_of(player.id)
    assert after.turn == before.turn and after.your_turn
    assert (await scrape(world))["fives_interactions_refused_stopping_total", ()] == 1
    assert board(world) is not None


async def test_a_graceful_stop_closes_the_bot_and_its_store(world: World) -> None:
    await open_table(world, "draw")
    bot = world.bot
    await lifecycle.graceful_stop(bot, seconds=5)
    assert bot.is_closed() and bot.store is None and bot.ops is None


def _act_id(message: object) -> str:
    from .conftest import custom_ids

    return next(i for i in custom_ids(message) if i.startswith("fives:act:"))  # type: ignore[arg-type]


def _first_option(message: object) -> str:
    from .conftest import components

    [select] = [c for c in components(message) if (c.custom_id or "").startswith("fives:act:")]  # type: ignore[arg-type]
    return select.options[0].value  # type: ignore[attr-defined]
