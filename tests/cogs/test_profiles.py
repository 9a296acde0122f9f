"""Profiles: `/stats` is a player's record on the server, privately: per game their place and rating, rated
games and wins, how many games they finished of those they sat in, their best score, and a chart of their
rating after each game; for themselves or another member, in the reader's language."""

from __future__ import annotations

import io
import re

from PIL import Image

from tests.checks import matches, must

from .conftest import World, refusals, reply
from .test_language import speaks_japanese
from .test_standings import PLACE, finish, lines, member, winners


async def test_stats_after_two_games_show_the_record_and_the_rating_over_time(world: World) -> None:
    alice, bob = member(world.alice), member(world.bob)
    first = await finish(world, [alice, bob], options={"rounds": 1})
    second = await finish(world, [alice, bob], options={"rounds": 1})
    alice_wins = sum(alice.user_id in winners(end) for end in (first, second))
    board = reply(await world.carol.slash(world.channel, "leaderboard", game="draw"))
    rating = {r[2]: r[3] for r in matches(PLACE, lines(board))}
    place = {r[2]: r[1] for r in matches(PLACE, lines(board))}

    mine = reply(await world.alice.slash(world.channel, "stats"))
    assert mine.ephemeral
    [embed] = mine.embeds
    assert embed.title == "alice's record on this server"
    [field] = embed.fields
    assert field.name == "Draw Dominoes"
    medal = place["alice"]
    scores = [next(s.score for s in end.sides if alice.user_id in {end.table.seats[i].user_id for i in s.seats})
              for end in (first, second)]  # fmt: skip
    assert must(field.value).split("\n") == [
        f"{medal} Place {'1' if medal == '🥇' else '2'} of 2",
        f"Rating {rating['alice']}",
        f"{alice_wins} win{'' if alice_wins == 1 else 's'} in 2 games ({alice_wins * 50}%)",
        "Finished 2 of 2 games (100%)",
        f"Best score {min(scores)}",  # Draw counts penalties: the lowest is the best
    ]
    # The chart: her rating after each of the two games (drawn as the public image of the reply).
    assert embed.image.url == "attachment://rating.png"
    [chart] = mine.attachments
    with Image.open(io.BytesIO(await chart.read())) as image:
        assert image.format == "PNG" and image.size == (960, 540)

    theirs = reply(await world.alice.slash(world.channel, "stats", player=world.bob))
    assert theirs.embeds[0].title == "bob's record on this server"
    assert must(theirs.embeds[0].fields[0].value).split("\n")[1] == f"Rating {rating['bob']}"
    assert refusals(world) == []


async def test_stats_count_abandoned_and_resigned_games_and_a_player_without_games(world: World) -> None:
    alice, bob = member(world.alice), member(world.bob)
    await finish(world, [alice, bob], "domineren", computers=1, options={"hands": 1})
    tables = world.bot.service
    [opened] = await tables.lobbies.open(world.guild.id, world.channel.id, alice, "draw")
    await tables.lobbies.join(opened.lobby.lobby_id, bob)
    notes = await tables.games.start(opened.lobby.lobby_id, alice.user_id)
    game_no = next(n.table.game_no for n in notes if hasattr(n, "table"))
    await tables.games.abandon(game_no, alice.user_id)

    shown = reply(await world.alice.slash(world.channel, "stats"))
    fields = {f.name: must(f.value).split("\n") for f in shown.embeds[0].fields}
    assert list(fields) == ["Draw Dominoes", "Domineren"]  # in the order /play lists games
    assert fields["Draw Dominoes"] == ["Finished 0 of 1 games (0%)", "Abandoned 1 · resigned 0"]
    assert fields["Domineren"][0] == "🥇 Place 1 of 2" or fields["Domineren"][0] == "🥈 Place 2 of 2"
    assert "Finished 1 of 1 games (100%)" in fields["Domineren"]

    nothing = reply(await world.carol.slash(world.channel, "stats"))
    assert nothing.embeds[0].description == (
        "You have not finished a rated game on this server yet. Start one with `/play`."
    )
    assert nothing.embeds[0].fields == [] and nothing.attachments == []
    asked = reply(await world.alice.slash(world.channel, "stats", player=world.carol))
    assert asked.embeds[0].description == "carol has not finished a rated game on this server yet."


async def test_stats_speak_the_readers_language(world: World) -> None:
    speaks_japanese(world.env, world.bob)
    await finish(world, [member(world.alice), member(world.bob)], options={"rounds": 1})
    shown = reply(await world.bob.slash(world.channel, "stats"))
    [embed] = shown.embeds
    assert embed.title == "bobさんのこのサーバーでの成績"
    [field] = embed.fields
    assert field.name == "ドロードミノ"
    assert re.fullmatch(
        r"(🥇 2人中1位|🥈 2人中2位)\nレーティング-?\d+\.\d\n1戦[01]勝（勝率(0|100)%）\n"
        r"1戦中1戦を最後までプレイ（100%）\n最高スコア\d+",
        must(field.value),
    )
