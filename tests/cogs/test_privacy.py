"""A player's own data, as players use it: `/privacy show` and `/privacy export` (privately, a JSON file), then
`/privacy forget` after a confirmation. Afterwards her id and name are in no cell of the database, in no export,
in no record, leaderboard or image drawn (boards, sheets and replays name an anonymous player), her game in
play goes on with a computer in her seat, and every record still replays with `python -m bot.engine replay`.

And a server that removes the bot (simcord removes the guild and its gateway sends GUILD_DELETE, as Discord
does, so the real `on_guild_remove` runs): its game in play ends unrated, each player is told once by DM
(also across a restart), and what is kept of the server is purged after its grace period."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

import rendering
from app.client import FivesBot
from bot.tables.community.privacy import KEPT_SECONDS
from tests.checks import must
from tests.database_dump import every_cell, mentions

from .conftest import World, dms, move, open_table, playable, refusals, reply, text_of
from .test_replays import play_to_the_end

ANONYMOUS = "Anonymous player"


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager (starts the season)."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """The names every board, hand and score sheet image is drawn with, from now on."""
    seen: list[tuple[str, ...]] = []
    for name in ("render_board", "render_score_sheet", "render_hand"):
        real: Callable[..., bytes] = getattr(rendering, name)

        def spy(view: Any, names: Sequence[str], *args: Any, real: Callable[..., bytes] = real, **kwargs: Any) -> bytes:
            seen.append(tuple(names))
            return real(view, names, *args, **kwargs)

        monkeypatch.setattr(rendering, name, spy)
    return seen


def replayed(record: dict[str, Any], folder: Path) -> dict[str, Any]:
    """What `python -m bot.engine replay RECORD.json` prints (it must exit 0)."""
    path = folder / f"game-{record.get('seed')}.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "bot.engine", "replay", str(path)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


async def export_of(member: simcord.MemberActor, world: World) -> dict[str, Any]:
    given = reply(await member.slash(world.channel, "privacy export"))
    assert given.ephemeral and given.content == "Everything the bot keeps about you is in this file."
    [attachment] = given.attachments
    assert attachment.filename == f"fives-data-{member.id}.json"
    return json.loads(await attachment.read())


async def test_an_export_then_a_forget_leaves_her_nowhere_and_every_record_replays(
    world: World, dana: simcord.MemberActor, database: Path, tmp_path: Path, drawn: list[tuple[str, ...]]
) -> None:
    alice, bob = world.alice, world.bob
    await dana.slash(world.channel, "season start", name="Spring")
    await play_to_the_end(world)  # game 1: Alice and Bob, rated all-time and in the season
    await open_table(world, "draw", computers=0, options={"rounds": "1"})  # game 2: in play

    shown = reply(await alice.slash(world.channel, "privacy show"))
    assert shown.ephemeral
    assert "**Games:** 1 ended, 1 in play" in text_of(shown) and "**Ratings:** 2" in text_of(shown)
    exported = await export_of(alice, world)
    assert exported["user_id"] == alice.id
    assert [(g["game"], g["status"]) for g in exported["data"]["games"]] == [(1, "finished"), (2, "active")]
    assert {r["pool"] for r in exported["data"]["ratings"]} == {"draw", "draw@1"}
    assert str(bob.id) not in json.dumps(exported)  # nobody else's id

    asked = reply(await alice.slash(world.channel, "privacy forget"))
    assert asked.ephemeral and "cannot be undone" in asked.content
    kept = reply(await alice.click(asked, label="Keep my data"))
    assert kept.content == "Nothing changed."
    asked = reply(await alice.slash(world.channel, "privacy forget"))
    drawn.clear()
    done = reply(await alice.click(asked, label="Forget me"))
    assert done.content.startswith("Done: your name and id are gone from ")
    assert [n for names in drawn for n in names if "alice" in n]  # her resignation was drawn before: with her name

    # Nothing of her is stored any more.
    assert mentions(await every_cell(database), alice.id, ("alice",)) == []
    again = await export_of(alice, world)
    assert all(rows == [] for rows in again["data"].values())
    nothing = reply(await alice.slash(world.channel, "privacy show"))
    assert "Nothing: the bot keeps no game" in text_of(nothing)

    # Game 2 goes on, a computer in her seat, and ends: what is drawn names an anonymous player.
    drawn.clear()
    service = world.bot.service
    for _ in range(80):
        if not service.tables.games_of(bob.id):
            break
        await move(bob, must(playable(bob)))
    assert not service.tables.games_of(bob.id)
    assert drawn and all("alice" not in n for names in drawn for n in names)
    assert any(f"{ANONYMOUS} (computer)" in names for names in drawn)

    # Every record replays; the replay viewer, the leaderboards and the history show no trace of her.
    for game_no in (1, 2):
        record = await service.tables.export(game_no)
        assert str(alice.id) not in json.dumps(record) and "alice" not in json.dumps(record)
        result = replayed(record, tmp_path)
        assert result["over"] is True
    drawn.clear()
    viewer = reply(await world.carol.slash(world.channel, "replay", game=1))
    held = next(f.value for f in viewer.embeds[0].fields if f.name == "What each player held")
    assert ANONYMOUS in must(held) and "alice" not in must(held) and "bob" in must(held)
    assert drawn and all("alice" not in n for names in drawn for n in names)
    for season in (None, "Spring"):
        options = {"game": "draw"} | ({"season": season} if season else {})
        board = reply(await world.carol.slash(world.channel, "leaderboard", **options))
        assert "bob" in text_of(board) and "alice" not in text_of(board) and str(alice.id) not in text_of(board)
    history = reply(await bob.slash(world.channel, "history", game=1))
    assert "alice" not in text_of(history) and ANONYMOUS in text_of(history)
    assert mentions(await every_cell(database), alice.id, ("alice",)) == []
    assert refusals(world) == []


async def test_a_server_that_removes_the_bot_ends_its_game_and_tells_each_player_once(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    await open_table(world, "draw", computers=1, options={"rounds": "1"})
    before = {m.id: len(dms(m)) for m in (world.alice, world.bob)}
    world.env.backend.remove_guild(world.guild.id)  # Discord's GUILD_DELETE: `on_guild_remove`
    await world.env.settle()

    store = world.bot.store
    assert store is not None
    game = await store.load_game(1)
    assert game is not None and game.row.status == "abandoned"
    assert await store.result_rows(1) == [] and await store.outbox(1) == []  # unrated, everything told
    for member in (world.alice, world.bob):
        [told] = dms(member)[before[member.id] :]
        assert "Draw Dominoes #1 has ended" in text_of(told) and "removed from the server" in text_of(told)
        assert playable(member) is None  # no hand keeps live move controls

    await world.env.restart_bot(make_bot())  # nothing is told twice
    await world.env.settle()
    assert {m.id: len(dms(m)) for m in (world.alice, world.bob)} == {k: v + 1 for k, v in before.items()}

    service = world.bot.service
    assert await service.privacy.purge_left_guilds(service_clock_now := world.env.now().timestamp()) == []
    assert await service.privacy.purge_left_guilds(service_clock_now + KEPT_SECONDS + 3600) == [world.guild.id]
    assert await must(world.bot.store).load_game(1) is None
