"""What an operator sees of the running bot: its metrics scraped over HTTP as Prometheus reads them, its
health as the gateway and the database come and go, and the answer players get while it stops."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

import aiohttp
import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from prometheus_client.parser import text_string_to_metric_families

from app import lifecycle
from app.client import ShardedFivesBot
from app.settings import Settings
from bot.logs import ContextFilter, JsonFormatter
from web.hub import Hub
from web.server import make_app
from web.sessions import Signer

from .conftest import World, board, custom_ids, move, open_table, playable, refusals, selects_of, whose_turn


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


async def test_the_web_tables_open_connections_are_counted_while_it_runs(world: World) -> None:
    await open_table(world, "draw")
    assert "fives_web_connections" not in {name for name, _ in await scrape(world)}  # the web table is off
    bot = world.bot
    [summary] = bot.service.tables.games_of(world.alice.id)
    signer = Signer(b"a-test-secret-of-enough-bytes")
    client = TestClient(TestServer(make_app(bot.service, signer, Hub())))
    await client.start_server()
    bot.web_runner = client.server.runner  # what the bot's start_web returns
    try:
        token = signer.issue(world.carol.id, world.guild.id)
        page = await client.ws_connect(f"/api/games/{summary.table.game_no}/ws?token={token}")
        await page.receive_json(timeout=5)
        assert (await scrape(world))["fives_web_connections", ()] == 1
        await page.close()
        for _ in range(50):  # the server sees the connection end a moment after the page closes it
            if (await scrape(world))["fives_web_connections", ()] == 0:
                break
            await asyncio.sleep(0.05)
        assert (await scrape(world))["fives_web_connections", ()] == 0
    finally:
        bot.web_runner = None
        await client.close()


async def test_a_line_logged_about_a_click_names_its_game_guild_and_interaction(world: World) -> None:
    await open_table(world, "draw")
    [game] = world.bot.service.tables.games_of(world.alice.id)
    lines: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: lines.append(handler.format(record))  # type: ignore[method-assign]
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ContextFilter())  # as bot.logs.configure sets up the bot's own handler
    errors = logging.getLogger("cogs.errors")
    errors.addHandler(handler)
    level = errors.level
    errors.setLevel(logging.INFO)  # the bot's level (FIVES_LOG_LEVEL's default); setLevel clears the cache
    try:
        # a spectator asks for a hand: refused, and the refusal logged (cogs/errors.py)
        result = await world.carol.click(board(world), label="My hand")
    finally:
        errors.removeHandler(handler)
        errors.setLevel(level)
    assert result.response is not None and result.response.ephemeral
    assert refusals(world) == ["not_a_player"]
    [entry] = [json.loads(line) for line in lines if "refused" in line]
    assert entry["game"] == game.table.game_no and entry["guild"] == world.guild.id
    assert entry["user"] == world.carol.id and isinstance(entry["interaction"], int)


async def test_ready_only_while_every_shard_is_connected_and_the_database_answers(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = world.bot
    assert await get(world, "/healthz") == (200, "ok\n")
    assert await get(world, "/readyz") == (200, "ready\n")
    assert (await scrape(world))["fives_ready", ()] == 1

    assert isinstance(bot, ShardedFivesBot)  # two shards in this process (`settings`)
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
    [before] = world.bot.service.tables.games_of(player.id)
    world.bot.stopping = True  # what graceful_stop sets first
    world.bot.service.stop_taking()
    result = await player.user.select(message, [_first_option(message)], custom_id=_act_id(message))
    assert result.response is not None and result.response.ephemeral
    assert "restarting" in (result.response.content or "")
    [after] = world.bot.service.tables.games_of(player.id)
    assert after.turn == before.turn and after.your_turn
    assert (await scrape(world))["fives_interactions_refused_stopping_total", ()] == 1
    assert board(world) is not None


async def test_a_graceful_stop_closes_the_bot_and_its_store(world: World) -> None:
    await open_table(world, "draw")
    bot = world.bot
    await lifecycle.graceful_stop(bot, seconds=5)
    assert bot.is_closed() and bot.store is None and bot.ops is None


def _act_id(message: discord.Message) -> str:
    return next(i for i in custom_ids(message) if i.startswith("fives:act:"))


def _first_option(message: discord.Message) -> str:
    [select] = selects_of(message, "fives:act:")
    return select.options[0].value


def test_every_game_buttons_custom_id_names_its_game_in_the_log_context() -> None:
    import importlib
    import pkgutil

    import cogs
    from cogs.controls.game_buttons import GameButton

    for module in pkgutil.walk_packages(cogs.__path__, "cogs."):
        importlib.import_module(module.name)
    kinds, todo = set(), [GameButton]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if "KIND" in vars(sub) and sub.KIND != "watch":  # a watch button names what it watches first
                kinds.add(sub.KIND)
    assert {"hand", "rematch", "replay", "hint"} <= kinds
    for kind in sorted(kinds):
        assert lifecycle.game_of({"data": {"custom_id": f"fives:{kind}:12:3"}}) == 12, kind
    assert lifecycle.game_of({"data": {"custom_id": "fives:lobby:12:join"}}) is None  # a lobby is no game
    assert lifecycle.game_of({"type": 2, "data": {"name": "play"}}) is None  # a slash command
