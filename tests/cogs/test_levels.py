"""Computer levels through Discord: the host adds computers at a level (the server's offered as the
default) and changes one in its seat; the lobby, the board and a resignation say each computer's level;
nobody but the host changes a level; `/settings computers` sets the server's level, which new computers
and resigned players' seats take; in English and in Japanese."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

from app.settings import Settings
from bot.ai import BUDGETS
from bot.ai.search import Budget
from tests.checks import must

from .conftest import World, add_computer, board, button, refusals, reply, selects_of, thread
from .test_language import speaks_japanese


@pytest.fixture
def settings(database: Path, seed: int) -> Settings:
    """Computers think in the bot's own process here, on small budgets (below): a searching level is still
    a search, in a fraction of the time."""
    return Settings(database=database, seed=seed, ai_workers=0)


@pytest.fixture(autouse=True)
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BUDGETS["fives"], "normal", Budget(playouts=24, min_samples=3))
    monkeypatch.setitem(BUDGETS["fives"], "strong", Budget(playouts=48, min_samples=4, exact_nodes=300))


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


def field(message: Any, name: str) -> str:
    return next(f.value for f in message.embeds[0].fields if f.name == name)


def add_labels(message: Any) -> list[str]:
    [control] = [c for c in selects_of(message) if c.custom_id.endswith(":addc")]
    return [o.label for o in control.options]


def level_selects(message: discord.Message) -> list[discord.SelectMenu]:
    return selects_of(message, "fives:llvl:")


async def test_the_host_adds_a_strong_computer_and_the_lobby_and_the_board_show_it(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert add_labels(lobby.message) == ["Easy (this server's default)", "Normal", "Strong"]
    await world.bob.click(lobby, label="Join")
    await add_computer(world.alice, lobby, "strong")
    await add_computer(world.alice, lobby)  # the default
    seats = field(lobby.message, "Seats")
    assert "3. 🤖 Computer 1 (strong)" in seats and "4. 🤖 Computer 2 (easy)" in seats
    assert not button(lobby.message, "Computer levels").disabled

    await world.alice.click(lobby, label="Start")
    opening = thread(world).history()[0].embeds[0]
    assert must(opening.description).startswith(
        "The game begins: **alice**, **bob**, **Computer 1 (strong)**, **Computer 2 (easy)**."
    )
    scores = field(board(world), "Scores")  # on every board
    assert "Computer 1 (strong): " in scores and "Computer 2 (easy): " in scores
    [game] = world.bot.service.tables.games_of(world.alice.id)
    assert [s.computer_level for s in game.table.seats] == [None, None, "strong", "easy"]
    assert refusals(world) == []


async def test_the_host_changes_a_computers_level_in_its_seat_and_nobody_else_can(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="five-up"))
    await world.bob.click(lobby, label="Join")
    await add_computer(world.alice, lobby, "strong")
    refused = reply(await add_computer(world.bob, lobby, "strong"))
    assert refused.ephemeral and refused.content == "Only the host can do that."
    await add_computer(world.alice, lobby, "easy")
    refused = reply(await world.bob.click(lobby, label="Computer levels"))
    assert refused.ephemeral and refused.content == "Only the host can do that."
    assert refusals(world) == ["not_host", "not_host"]
    assert "2. " + world.bob.mention in field(lobby.message, "Seats")

    panel = reply(await world.alice.click(lobby, label="Computer levels"))
    assert panel.ephemeral
    assert panel.content.splitlines() == [
        "How strongly each computer plays at this table of Five Up (your choices show on the lobby at once):",
        "**Easy**: Plays at once, by rules of thumb",
        "**Normal**: Thinks a few moves ahead",
        "**Strong**: Thinks hardest, up to a few seconds a move",
    ]
    first, second = level_selects(panel.message)
    assert (first.placeholder, second.placeholder) == ("Computer 1: Strong", "Computer 2: Easy")
    assert [o.value for o in first.options if o.default] == ["strong"]

    panel = reply(await world.alice.select(panel, ["normal"], custom_id=first.custom_id))
    seats = field(lobby.message, "Seats")
    assert "3. 🤖 Computer 1 (normal)" in seats and "4. 🤖 Computer 2 (easy)" in seats  # same seats, new level
    assert [s.placeholder for s in level_selects(panel.message)] == ["Computer 1: Normal", "Computer 2: Easy"]

    # Computer 2 taken away meanwhile: its select refuses, and says why.
    await world.alice.click(lobby, label="Remove computer")
    stale = reply(await world.alice.select(panel, ["strong"], custom_id=second.custom_id))
    assert stale.ephemeral and stale.content == "Computer 2 is no longer at this table."
    assert refusals(world) == ["not_a_computer"]
    assert "3. 🤖 Computer 1 (normal)" in field(lobby.message, "Seats")


async def test_the_servers_level_is_set_offered_first_and_taken_by_a_resigned_seat(
    world: World, dana: simcord.MemberActor
) -> None:
    shown = reply(await dana.slash(world.channel, "settings show"))
    assert field(shown, "Computer players") == (
        "The bot's default (now **Easy**), for the computers added to tables and those taking a resigned player's seat"
    )
    saved = reply(await dana.slash(world.channel, "settings computers", level="normal"))
    assert saved.ephemeral and saved.content == (
        "Saved: computers added from now on, and any taking a resigned player's seat, play Normal."
    )
    assert field(saved, "Computer players").startswith("**Normal**, for the computers added")

    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert add_labels(lobby.message) == ["Easy", "Normal (this server's default)", "Strong"]
    await world.bob.click(lobby, label="Join")
    await add_computer(world.alice, lobby)
    assert "3. 🤖 Computer 1 (normal)" in field(lobby.message, "Seats")
    await world.alice.click(lobby, label="Start")

    saved = reply(await dana.slash(world.channel, "settings computers", level="strong"))
    assert saved.content.endswith("play Strong.")
    asked = reply(await world.bob.slash(thread(world), "resign"))
    await world.bob.click(asked, label="Resign")
    said = "\n".join(m.embeds[0].description or "" for m in thread(world).history() if m.embeds)
    assert "🏳️ **bob** resigned: a computer (strong) plays their seat from now on." in said
    scores = field(board(world), "Scores")
    assert "bob (computer, strong): " in scores and "Computer 1 (normal): " in scores
    [game] = world.bot.service.tables.games_of(world.alice.id)
    assert [s.computer_level for s in game.table.seats] == [None, "strong", "normal"]

    saved = reply(await dana.slash(world.channel, "settings computers", level="auto"))
    assert saved.content == "Saved: computers follow the bot's default level (Easy)."
    assert refusals(world) == []


async def test_levels_in_japanese(world: World, dana: simcord.MemberActor) -> None:
    speaks_japanese(world.env, dana)
    saved = reply(await dana.slash(world.channel, "settings computers", level="strong"))
    assert saved.content == (
        "保存しました：これから加えるコンピューターと、投了した人の席を引き継ぐコンピューターは「つよい」で打ちます。"
    )
    assert field(saved, "コンピューター").startswith("**つよい**：")

    guild = world.env.create_guild("ドミノ部", preferred_locale="ja")
    channel = guild.create_text_channel("対局")
    aiko = guild.add_member(world.env.create_user("aiko"))
    speaks_japanese(world.env, aiko)
    lobby = reply(await aiko.slash(channel, "play", game="draw"))
    assert add_labels(lobby.message) == ["よわい（このサーバーの既定）", "ふつう", "つよい"]
    await add_computer(aiko, lobby, "strong")
    assert "2. 🤖 コンピューター1（つよい）" in field(lobby.message, "席")
    panel = reply(await aiko.click(lobby, label="コンピューターの強さ"))
    assert panel.content.startswith("ドロードミノの卓のコンピューターの強さ：")
    [select] = level_selects(panel.message)
    assert select.placeholder == "コンピューター1：つよい"
    await aiko.click(lobby, label="開始")
    [table] = channel.threads
    assert must(table.history()[0].embeds[0].description).startswith(
        "ゲーム開始：**aiko**、**コンピューター1（つよい）**"
    )
