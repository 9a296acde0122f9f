"""Languages: public messages in the server's language, private ones in the player's own, and the slash
commands themselves localised for Japanese clients."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
import simcord
from discord import app_commands

from tests.checks import must

from .conftest import World, board, dms, open_table, refusals, reply, thread


def speaks_japanese(env: simcord.Env, *members: simcord.MemberActor) -> None:
    """Their Discord client is set to Japanese: their interactions carry `locale: ja` (simcord sends en-US)."""
    ids = {str(m.id) for m in members}
    emit = env.backend.emit

    def japanese(event: str, payload: Mapping[str, Any]) -> None:
        if event == "INTERACTION_CREATE":
            user = (payload.get("member") or {}).get("user") or payload.get("user") or {}
            if user.get("id") in ids:
                payload = {**payload, "locale": "ja"}
        emit(event, payload)

    env.backend.emit = japanese  # type: ignore[method-assign]


async def test_a_japanese_server_gets_its_lobby_and_board_in_japanese(world: World) -> None:
    guild = world.env.create_guild("ドミノ部", preferred_locale="ja")
    channel = guild.create_text_channel("対局")
    alice = guild.add_member(world.env.create_user("aiko"))
    bob = guild.add_member(world.env.create_user("ben"))
    lobby = reply(await alice.slash(channel, "play", game="draw"))
    assert lobby.embeds[0].title == "ドロードミノ：新しい卓"
    await bob.click(lobby, label="参加")
    await alice.click(lobby, label="開始")
    [table] = channel.threads
    newest = table.history()[-1]
    assert newest.embeds[0].title == "ドロードミノ #1"
    assert must(newest.embeds[0].description).startswith("ゲーム開始：**aiko**、**ben**") or "ゲーム開始" in must(
        newest.embeds[0].description
    )
    assert any(f.name == "手番" for f in newest.embeds[0].fields)


async def test_a_japanese_player_gets_private_answers_and_dms_in_japanese(world: World) -> None:
    speaks_japanese(world.env, world.bob, world.carol)
    await open_table(world)  # Bob joins: from then on the bot knows his language
    assert board(world).embeds[0].title == "Draw Dominoes #1"  # the server's language for everyone
    assert dms(world.bob)[-1].embeds[0].title == "あなたの手札・ドロードミノ #1"
    assert dms(world.alice)[-1].embeds[0].title == "Your hand · Draw Dominoes #1"
    refused = await world.carol.click(board(world), label="My hand")
    assert reply(refused).content == "あなたはこの卓のプレイヤーではありません。"
    assert refusals(world) == ["not_a_player"]
    assert thread(world).history()[-1].id == board(world).id


async def test_slash_commands_carry_japanese_names_descriptions_and_choices(world: World) -> None:
    commands = {c.name: c for c in await world.bot.tree.fetch_commands()}
    assert set(commands) == {
        *("play", "hand", "move", "games", "resign", "abandon"),
        *("rules", "settings", "leaderboard", "stats", "history", "replay", "season", "unwatch", "undo"),
        *("tournament", "help", "analysis", "privacy"),
    }
    assert commands["undo"].name_localizations[discord.Locale.japanese] == "待った"
    assert commands["analysis"].name_localizations[discord.Locale.japanese] == "検討"
    play = commands["play"]
    assert play.name_localizations[discord.Locale.japanese] == "あそぶ"
    assert play.description_localizations[discord.Locale.japanese] == "このチャンネルでゲームの卓を立てます"
    [game] = [o for o in play.options if o.name == "game"]
    assert isinstance(game, app_commands.Argument)
    for option in play.options:  # private:, invite:, watching:, undo: too
        assert discord.Locale.japanese in option.name_localizations, option.name
        assert discord.Locale.japanese in option.description_localizations, option.name
    assert game.name_localizations[discord.Locale.japanese] == "ゲーム"
    choices = {c.value: c for c in game.choices}
    assert choices["five-hundred"].name == "Five Hundred"
    assert choices["five-hundred"].name_localizations[discord.Locale.japanese] == "ファイブハンドレッド"
    assert discord.Locale.british_english not in play.name_localizations  # English is the default text
    tournament = commands["tournament"]
    assert tournament.name_localizations[discord.Locale.japanese] == "大会"
    for sub in tournament.options:  # create:, join: and each of their options
        assert isinstance(sub, app_commands.AppCommandGroup)
        assert discord.Locale.japanese in sub.name_localizations, sub.name
        for option in sub.options:
            assert discord.Locale.japanese in option.name_localizations, (sub.name, option.name)
            assert discord.Locale.japanese in option.description_localizations, (sub.name, option.name)
