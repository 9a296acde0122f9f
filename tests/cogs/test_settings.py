"""`/settings`: server managers, and nobody else, set the turn timer, automatic draws and passes, the
language of public messages and each game's default options for new tables; every answer is private, a
wrong value is refused naming what is allowed, and the settings outlive a restart."""

from __future__ import annotations

from collections.abc import Callable

import discord
import pytest
import simcord
from discord import app_commands

from app.client import FivesBot
from bot.tables.models import GameSummary
from tests.checks import must

from .conftest import World, custom_ids, move, open_table, playable, refusals, reply, thread
from .test_language import speaks_japanese


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


def fields(message: discord.Message | simcord.ResponseMessage) -> dict[str | None, str | None]:
    return {f.name: f.value for f in message.embeds[0].fields}


def games(world: World, member: simcord.MemberActor) -> list[GameSummary]:
    return world.bot.service.tables.games_of(member.id)


async def lobby_rules(world: World, game: str) -> str:
    """The options a new lobby of `game` shows (Alice opens it, then cancels it to leave the channel tidy)."""
    lobby = reply(await world.alice.slash(world.channel, "play", game=game))
    shown = fields(lobby)
    [cancel] = [i for i in custom_ids(lobby.message) if i.endswith(":cancel")]
    await world.alice.click(lobby, custom_id=cancel)
    return must(next(value for name, value in shown.items() if name in ("Rules", "ルール")))


async def test_only_server_managers_may_change_the_settings(world: World, dana: simcord.MemberActor) -> None:
    assert not any(c.startswith("settings") for c in world.carol.available_commands(world.channel))
    assert "settings timer" in dana.available_commands(world.channel)

    # A server may open the command to everyone in its integration settings: the bot still refuses.
    [command] = [c for c in await world.bot.tree.fetch_commands() if c.name == "settings"]
    world.guild.set_command_permissions(command, {world.carol: True})
    refused = reply(await world.carol.slash(world.channel, "settings timer", minutes=5))
    assert refused.ephemeral
    assert refused.content == "You need the Manage Server permission for that."
    errors = [getattr(e, "original", e) for e in world.env.errors]
    assert [type(e) for e in errors] == [app_commands.MissingPermissions]
    world.errors_seen = len(errors)
    shown = reply(await dana.slash(world.channel, "settings show"))
    assert fields(shown)["Turn timer"] == "1 day per turn, then the computer plays it"


async def test_the_turn_timer_goes_down_to_a_minute_and_says_its_bounds(
    world: World, dana: simcord.MemberActor
) -> None:
    shown = reply(await dana.slash(world.channel, "settings show"))
    assert shown.ephemeral and shown.embeds[0].title == "Settings of Domino club"
    assert fields(shown)["Turn timer"] == "1 day per turn, then the computer plays it"

    saved = reply(await dana.slash(world.channel, "settings timer", minutes=1590))
    assert saved.ephemeral
    assert saved.content == "Saved: each turn now has 1 day and 2 hours and 30 minutes, from the next turn on."
    assert fields(saved)["Turn timer"] == "1 day and 2 hours and 30 minutes per turn, then the computer plays it"

    for minutes in (0, 43201):
        refused = reply(await dana.slash(world.channel, "settings timer", minutes=minutes))
        assert refused.ephemeral
        assert refused.content == f"The turn timer must be from 1 minute to 30 days, not {minutes} minutes."
    assert refusals(world) == ["settings_bad_timer", "settings_bad_timer"]

    saved = reply(await dana.slash(world.channel, "settings timer", minutes=1))
    assert saved.content == "Saved: each turn now has 1 minute, from the next turn on."
    await open_table(world)
    await world.env.advance_time(65)
    assert "time ran out, so the computer played" in must(thread(world).history()[-1].embeds[0].description)
    assert refusals(world) == []


async def test_with_automatic_draws_off_players_draw_and_pass_themselves(
    world: World, dana: simcord.MemberActor
) -> None:
    shown = reply(await dana.slash(world.channel, "settings show"))
    assert fields(shown)["Automatic draws and passes"] == (
        "On: when drawing or passing is all a player can do, the bot does it at once"
    )
    saved = reply(await dana.slash(world.channel, "settings autoplay", enabled="off"))
    assert saved.content == "Saved: players draw and pass themselves."
    assert fields(saved)["Automatic draws and passes"] == "Off: players draw and pass themselves"

    await dana.slash(world.channel, "settings option", game="draw", option="rounds", value="1")
    await open_table(world, "draw", computers=0)
    by_hand = []
    for _ in range(100):
        player = next((m for m in (world.alice, world.bob) if any(g.your_turn for g in games(world, m))), None)
        if player is None:
            break
        played = await move(player, must(playable(player)))
        by_hand += [played] if played in ("draw", "pass") else []
    assert not games(world, world.alice), "the game did not end"
    lines = "\n".join(m.embeds[0].description or "" for m in thread(world).history() if m.embeds)
    assert by_hand and "drew a tile" in lines
    assert "automatic" not in lines
    assert refusals(world) == []


async def test_the_language_setting_puts_the_next_lobby_in_japanese(world: World, dana: simcord.MemberActor) -> None:
    saved = reply(await dana.slash(world.channel, "settings language", language="ja"))
    assert saved.content == "Saved: lobbies, boards and results are now in Japanese."
    assert fields(saved)["Language of public messages"] == "Japanese"
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert lobby.embeds[0].title == "ドロードミノ：新しい卓"
    await world.bob.click(lobby, label="参加")  # the buttons too

    saved = reply(await dana.slash(world.channel, "settings language", language="auto"))
    assert saved.content == "Saved: lobbies, boards and results now follow the server's language."
    assert fields(saved)["Language of public messages"] == "The server's language (now English)"
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert lobby.embeds[0].title == "Draw Dominoes: a new table"
    assert refusals(world) == []


async def test_default_options_by_id_or_by_name_show_in_new_lobbies(world: World, dana: simcord.MemberActor) -> None:
    assert "**Target**: 250 points (recommended)" in await lobby_rules(world, "all-fives")

    saved = reply(await dana.slash(world.channel, "settings option", game="all-fives", option="target", value="100"))
    assert saved.ephemeral
    assert saved.content == "Saved: new tables of All Fives start with Target: 100 points."
    assert fields(saved)["Default options: All Fives"] == "**Target**: 100 points"
    # The option and the value as the lobby names them, in any case.
    saved = reply(
        await dana.slash(
            world.channel,
            "settings option",
            game="five-up",
            option="partners",
            value="by agreement: players choose their seats",
        )
    )
    assert (
        saved.content == "Saved: new tables of Five Up start with Partners: By agreement: players choose their seats."
    )
    saved = reply(await dana.slash(world.channel, "settings option", game="all-fives", option="Domino set", value="d9"))
    assert (
        fields(saved)["Default options: All Fives"] == "**Target**: 100 points\n**Domino set**: Double-nine (55 tiles)"
    )

    rules = await lobby_rules(world, "all-fives")
    assert "**Target**: 100 points" in rules and "**Domino set**: Double-nine (55 tiles)" in rules
    assert "**Partners**: By agreement: players choose their seats" in await lobby_rules(world, "five-up")
    assert "**Target**: 250 points (recommended)" in await lobby_rules(world, "muggins")  # other games keep theirs
    assert refusals(world) == []


async def test_a_wrong_option_or_value_is_refused_naming_what_is_allowed(
    world: World, dana: simcord.MemberActor
) -> None:
    refused = reply(await dana.slash(world.channel, "settings option", game="all-fives", option="jokers", value="on"))
    assert refused.ephemeral
    assert refused.content == (
        "All Fives has no option “jokers” that a server can set. Its options:\n"
        "• Domino set\n• Tiles left in the boneyard\n• Target"
    )
    refused = reply(await dana.slash(world.channel, "settings option", game="all-fives", option="target", value="75"))
    assert refused.content == (
        "“75” is not a value of Target in All Fives. It takes:\n"
        "• 50 points (short)\n• 100 points\n• 250 points (recommended)\n• 500 points (long)"
    )
    refused = reply(await dana.slash(world.channel, "settings option", game="draw", option="rounds", value="0"))
    assert refused.content == "“0” is not a value of Rounds in Draw Dominoes. It takes:\nA whole number from 1 to 99"
    assert refusals(world) == ["settings_no_option", "settings_bad_value", "settings_bad_value"]
    shown = reply(await dana.slash(world.channel, "settings show"))
    assert fields(shown)["Default options"] == "None: new tables start with the rules' defaults."


async def test_reset_option_puts_the_rules_default_back(world: World, dana: simcord.MemberActor) -> None:
    await dana.slash(world.channel, "settings option", game="draw", option="rounds", value="7")
    assert "**Rounds**: 7" in await lobby_rules(world, "draw")

    saved = reply(await dana.slash(world.channel, "settings reset_option", game="draw", option="Rounds"))
    assert saved.content == (
        "Saved: new tables of Draw Dominoes start with the rules' Rounds again "
        "(2 with 2 players, 3 with 3 players, 4 with 4 players, 5 with 5 players)."
    )
    assert fields(saved)["Default options"] == "None: new tables start with the rules' defaults."
    assert "**Rounds**: 7" not in await lobby_rules(world, "draw")
    assert refusals(world) == []


async def test_the_options_and_values_are_offered_as_the_manager_types(world: World, dana: simcord.MemberActor) -> None:
    offered = await dana.autocomplete(world.channel, "settings option", "option", "tar", game="all-fives")
    assert offered == [{"name": "Target", "value": "target"}]
    offered = await dana.autocomplete(world.channel, "settings option", "value", "", game="all-fives", option="target")
    assert [c["name"] for c in offered] == [
        "50 points (short)",
        "100 points",
        "250 points (recommended)",
        "500 points (long)",
    ]
    assert [c["value"] for c in offered] == ["50", "100", "250", "500"]


async def test_a_japanese_manager_reads_and_names_everything_in_japanese(
    world: World, dana: simcord.MemberActor
) -> None:
    speaks_japanese(world.env, dana)
    saved = reply(await dana.slash(world.channel, "settings timer", minutes=90))
    assert saved.content == "保存しました：次の手番から、1手の持ち時間は1時間と30分です。"
    assert saved.embeds[0].title == "Domino clubの設定"
    assert fields(saved)["持ち時間"] == "1手1時間と30分。過ぎるとコンピューターが代わりに打ちます"
    saved = reply(
        await dana.slash(world.channel, "settings option", game="all-fives", option="勝ち点", value="500点（長め）")
    )
    assert saved.content == "保存しました：オールファイブの新しい卓は、勝ち点が「500点（長め）」で始まります。"
    refused = reply(await dana.slash(world.channel, "settings timer", minutes=0))
    assert refused.content == "持ち時間は1分から30日までです（0分は指定できません）。"
    assert refusals(world) == ["settings_bad_timer"]
    # The lobby is public: the server's language, English here.
    assert "**Target**: 500 points (long)" in await lobby_rules(world, "all-fives")


async def test_the_settings_survive_a_restart(
    world: World, dana: simcord.MemberActor, make_bot: Callable[[], FivesBot]
) -> None:
    await dana.slash(world.channel, "settings timer", minutes=120)
    await dana.slash(world.channel, "settings autoplay", enabled="off")
    await dana.slash(world.channel, "settings language", language="ja")
    await dana.slash(world.channel, "settings option", game="sniff", option="target", value="500")

    await world.env.restart_bot(make_bot())  # a new bot over the same database

    shown = reply(await dana.slash(world.channel, "settings show"))
    assert fields(shown)["Turn timer"] == "2 hours per turn, then the computer plays it"
    assert fields(shown)["Automatic draws and passes"] == "Off: players draw and pass themselves"
    assert fields(shown)["Language of public messages"] == "Japanese"
    assert fields(shown)["Default options: Sniff"] == "**Target**: 500 points (long)"
    assert "**勝ち点**：500点（長め）" in await lobby_rules(world, "sniff")
    assert refusals(world) == []
