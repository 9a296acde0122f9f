"""`/rules game:<game>`: a game's rules in pages a button away from each other (the summary with the player
counts and how to play a move, the options with their values and defaults, the longer rules, the notation),
only for the reader in their own language, or posted for the channel in the server's language."""

from __future__ import annotations

from collections.abc import Callable

import discord
import simcord

from app.client import FivesBot
from bot.i18n import tr
from tests.checks import must

from .conftest import World, button, buttons_of, public_messages, reply
from .test_language import speaks_japanese


def labels(message: discord.Message) -> list[str | None]:
    return [b.label for b in buttons_of(message)]


def fields(message: discord.Message | simcord.ResponseMessage) -> dict[str, str]:
    return {must(f.name): must(f.value) for f in message.embeds[0].fields}


async def test_the_rules_open_on_the_summary_for_the_reader_alone(world: World) -> None:
    shown = reply(await world.carol.slash(world.channel, "rules", game="five-up"))
    assert shown.ephemeral
    assert public_messages(world) == []
    embed = shown.embeds[0]
    assert embed.title == "Five Up: rules"
    assert embed.description == tr("rules.five-up.summary")
    assert embed.description.startswith('**Five Up** — the "official" rules of the International Domino Association')
    assert fields(shown)["Players"] == "2–4 players"
    assert "`5-3@5-5` plays 5-3 against the 5-5 on the table" in fields(shown)["How to play a move"]
    assert embed.footer.text == "Page 1 of 5"
    assert labels(shown.message) == ["Rules", "Options", "More rules", "Notation", "After the game"]
    assert button(shown.message, "Rules").disabled and not button(shown.message, "Options").disabled


async def test_the_buttons_turn_to_the_options_the_longer_rules_and_the_notation(world: World) -> None:
    shown = reply(await world.carol.slash(world.channel, "rules", game="five-up"))

    shown = reply(await world.carol.click(shown, label="Options"))
    embed = shown.embeds[0]
    assert embed.title == "Five Up: options"
    assert embed.footer.text == "Page 2 of 5"
    assert fields(shown)["Partners"] == (
        "How the partnerships are formed with four players.\n"
        "**Values**\n"
        "• By draw: the two highest tiles play the two lowest\n"
        "• By agreement: players choose their seats\n"
        "**Default**: By draw: the two highest tiles play the two lowest"
    )
    assert fields(shown)["Skunk"].endswith("**Default**: Off")
    assert button(shown.message, "Options").disabled and not button(shown.message, "Rules").disabled

    shown = reply(await world.carol.click(shown, label="More rules"))
    assert shown.embeds[0].title == "Five Up: more rules"
    assert must(shown.embeds[0].description).startswith("**Five Up — more rules**")
    assert shown.embeds[0].footer.text == "Page 3 of 5"

    shown = reply(await world.carol.click(shown, label="Notation"))
    assert shown.embeds[0].title == "Five Up: how to write a move"
    assert "`5-3@5-5` puts 5-3 against the 5-5 on the table" in must(shown.embeds[0].description)
    assert shown.embeds[0].footer.text == "Page 4 of 5"

    shown = reply(await world.carol.click(shown, label="After the game"))
    assert shown.embeds[0].title == "Five Up: after the game"
    for command in ("`/replay`", "`/stats`", "`/leaderboard`", "`season:`", "`/season`"):
        assert command in must(shown.embeds[0].description)

    shown = reply(await world.carol.click(shown, label="Rules"))
    assert shown.embeds[0].title == "Five Up: rules"
    assert world.env.errors == []


async def test_options_say_numbers_defaults_by_player_count_and_lists(world: World) -> None:
    draw = reply(await world.carol.slash(world.channel, "rules", game="draw"))
    assert labels(draw.message) == ["Rules", "Options", "Notation", "After the game"]  # no longer rules for Draw
    draw = reply(await world.carol.click(draw, label="Options"))
    assert fields(draw)["Rounds"].endswith(
        "**Values**\nA whole number from 1 to 99\n"
        "**Default**: 2 with 2 players, 3 with 3 players, 4 with 4 players, 5 with 5 players"
    )

    domineren = reply(await world.carol.slash(world.channel, "rules", game="domineren"))
    assert "`type 5`" in fields(domineren)["How to play a move"]
    domineren = reply(await world.carol.click(domineren, label="Options"))
    types = fields(domineren)["Game types"]
    assert "**Values**\nOne or more of:\n• 1. Normal dominoes\n• 2. Normal cross\n" in types
    assert types.endswith("• 18. Split cross\n**Default**: All of them")

    five_hundred = reply(await world.carol.slash(world.channel, "rules", game="five-hundred"))
    assert "`8NT`" in fields(five_hundred)["How to play a move"]
    assert world.env.errors == []


async def test_a_japanese_reader_gets_the_rules_in_japanese(world: World) -> None:
    speaks_japanese(world.env, world.bob)
    shown = reply(await world.bob.slash(world.channel, "rules", game="draw"))
    assert shown.ephemeral
    assert shown.embeds[0].title == "ドロードミノ：ルール"
    assert shown.embeds[0].description == tr("rules.draw.summary", "ja")
    assert shown.embeds[0].description.startswith("**ドロードミノ**")
    assert fields(shown)["人数"] == "2–5人"
    assert "`/手を打つ`" in fields(shown)["手の打ち方"]
    assert shown.embeds[0].footer.text == "1/4ページ"
    assert labels(shown.message) == ["ルール", "オプション", "記法", "ゲームのあと"]

    shown = reply(await world.bob.click(shown, label="オプション"))
    assert shown.embeds[0].title == "ドロードミノ：オプション"
    rounds = fields(shown)["ラウンド数"]
    assert "**選べる値**\n1から99までの整数\n**既定値**：2人なら2、3人なら3、4人なら4、5人なら5" in rounds

    # Someone else asking at the same time still reads English.
    english = reply(await world.carol.slash(world.channel, "rules", game="draw"))
    assert english.embeds[0].title == "Draw Dominoes: rules"


async def test_public_rules_are_posted_in_the_servers_language_and_page_for_everyone(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    speaks_japanese(world.env, world.bob)
    posted = reply(await world.bob.slash(world.channel, "rules", game="all-fives", public=True))
    assert not posted.ephemeral
    [message] = public_messages(world)
    assert message.id == posted.id
    assert message.embeds[0].title == "All Fives: rules"  # the server's language, not Bob's

    await world.env.restart_bot(make_bot())  # the page buttons outlive the bot that posted them

    turned = reply(await world.carol.click(message, label="Options"))
    assert not turned.ephemeral and turned.id == message.id
    [message] = public_messages(world)
    assert message.embeds[0].title == "All Fives: options"
    assert fields(message)["Target"].endswith("**Default**: 250 points (recommended)")
    assert world.env.errors == []
