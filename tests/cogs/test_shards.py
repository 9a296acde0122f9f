"""A sharded bot (one process of several, running its shards of the bot's) serves a server as the
unsharded one does."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from app.settings import Settings

from .conftest import World, reply


@pytest.fixture
def settings(database: Path, seed: int) -> Settings:
    return Settings(database=database, seed=seed, shard_count=2, shard_ids=(0, 1))


async def test_a_sharded_bot_opens_a_table_on_its_shards(world: World) -> None:
    bot = world.bot
    assert isinstance(bot, discord.AutoShardedClient) and bot.shard_count == 2
    assert sorted(bot.shards) == [0, 1]
    lobby = reply(await world.alice.slash(world.channel, "play", game="five-up"))
    assert lobby is not None and lobby.embeds[0].title == "Five Up: a new table"
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    [game] = world.bot.service.tables.games_of(world.alice.id)  # the table is open and alice is seated
    assert game.table.game_id == "five-up"
