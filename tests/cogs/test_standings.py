"""Standings: `/leaderboard` ranks a server's players of a game (Five Hundred per number of players, Domineren
with its average chips), ten a page with buttons; `/history` gives a player of an ended game its record, a JSON
file that replays to the scores the table announced. (`/stats` is tested in test_profiles.)

Games the commands only read are finished through the table service (the table's own messages are
tested elsewhere); the game `/history` exports is played at the table, as players play it."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

import discord
import simcord

from bot.engine.records import replay
from bot.tables import GameEnded, Player, TableOpened
from tests.checks import matches, must

from ..i18n.english import english_in
from .conftest import World, buttons_of, move, open_table, playable, refusals, reply, thread, whose_turn
from .test_language import speaks_japanese

PLACE = re.compile(r"^(🥇|🥈|🥉|\d+\.) \*\*(.+?)\*\*: rating (-?\d+\.\d) · (\d+) wins? in (\d+) games? \((\d+)%\)(.*)$")


# -- finishing games -----------------------------------------------------------------------------------------
async def finish(
    world: World,
    humans: list[Player],
    game: str = "draw",
    computers: int = 0,
    options: Mapping[str, object] | None = None,
) -> GameEnded:
    """A whole game on this server through the table service, every human taking their first legal move."""
    tables = world.bot.service
    [changed] = await tables.lobbies.open(world.guild.id, world.channel.id, humans[0], game, options)
    lobby_id = changed.lobby.lobby_id
    for player in humans[1:]:
        await tables.lobbies.join(lobby_id, player)
    for _ in range(computers):
        await tables.lobbies.add_computer(lobby_id, humans[0].user_id)
    notes = await tables.games.start(lobby_id, humans[0].user_id)
    game_no = next(n for n in notes if isinstance(n, TableOpened)).table.game_no
    for _ in range(2000):
        ended = [n for n in notes if isinstance(n, GameEnded)]
        if ended:
            return ended[0]
        for player in humans:
            hand = await tables.tables.private_view(game_no, player.user_id)
            if hand.your_turn:
                notes = await tables.act(game_no, player.user_id, hand.view.legal[0].text, hand.turn)
                break
    raise AssertionError(f"game {game_no} did not end")


async def one_game_at_the_table(world: World) -> discord.Embed:
    """A game of Draw of one round at the table, each player making the first move offered: the embed of
    the message that ends it."""
    await open_table(world, "draw", options={"rounds": "1"})
    for _ in range(60):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    return thread(world).history()[-1].embeds[0]


def member(actor: simcord.MemberActor) -> Player:
    return Player(actor.id, actor.name)


def winners(end: GameEnded) -> set[int]:
    seated = (end.table.seats[seat].user_id for side in end.sides if side.won for seat in side.seats)
    return {user_id for user_id in seated if user_id is not None}


async def twelve_players(world: World) -> list[str]:
    """Twelve players, one game of Draw each against a computer: two pages of leaderboard."""
    names = [f"player{n:02d}" for n in range(1, 13)]
    for n, name in enumerate(names):
        await finish(world, [Player(9000 + n, name)], computers=1, options={"rounds": 1})
    return names


def lines(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    return (message.embeds[0].description or "").split("\n")


def buttons(message: discord.Message) -> dict[str | None, bool]:
    """Label -> disabled."""
    return {b.label: b.disabled for b in buttons_of(message)}


# -- /leaderboard --------------------------------------------------------------------------------------------
async def test_an_empty_leaderboard_says_nobody_has_played_yet(world: World) -> None:
    shown = reply(await world.carol.slash(world.channel, "leaderboard", game="draw"))
    assert shown.ephemeral
    [embed] = shown.embeds
    assert embed.title == "Leaderboard: Draw Dominoes"
    assert embed.description == "Nobody has finished a rated game of Draw Dominoes on this server yet."
    assert shown.components == []


async def test_the_leaderboard_after_a_game_at_the_table_shows_its_ratings_and_results(world: World) -> None:
    over = await one_game_at_the_table(world)
    fields = {f.name: f.value for f in over.fields}
    announced = {}
    for line in must(fields["Ratings"]).split("\n"):
        name, change = line.split(": ", 1)
        announced[name] = change.split(" → ")[1].split(" ")[0]
    first = {
        line.split(" ", 1)[1].split(":")[0] for line in must(fields["Standings"]).split("\n") if line.startswith("🥇")
    }

    shown = reply(await world.carol.slash(world.channel, "leaderboard", game="draw"))
    rows = matches(PLACE, lines(shown))
    assert [r[2] for r in rows] == sorted(announced, key=lambda n: -float(announced[n]))  # best first
    assert rows[0][1] == "🥇" and rows[1][1] == "🥈"
    for row in rows:
        won = must(row)[2] in first
        assert must(row)[3] == announced[must(row)[2]]  # the rating the game over message gave
        assert (must(row)[4], must(row)[5], must(row)[6]) == (str(int(won)), "1", "100" if won else "0")
    assert shown.embeds[0].footer.text == "Page 1 of 1 · 2 players"
    assert shown.components == []  # one page: no buttons


async def test_the_leaderboard_pages_ten_players_at_a_time(world: World) -> None:
    names = await twelve_players(world)
    first = reply(await world.carol.slash(world.channel, "leaderboard", game="draw"))
    assert first.ephemeral
    assert first.embeds[0].footer.text == "Page 1 of 2 · 12 players"
    page_one = lines(first)  # the message itself changes as its pages turn
    top = matches(PLACE, page_one)
    assert [r[1] for r in top] == ["🥇", "🥈", "🥉", "4.", "5.", "6.", "7.", "8.", "9.", "10."]
    assert [float(r[3]) for r in top] == sorted((float(r[3]) for r in top), reverse=True)
    assert buttons(first.message) == {"◀ Previous": True, "Next ▶": False}

    second = reply(await world.carol.click(first, label="Next ▶"))
    page_two = lines(second)
    rest = matches(PLACE, page_two)
    assert [r[1] for r in rest] == ["11.", "12."]
    assert sorted(r[2] for r in top + rest) == names  # everyone once
    assert float(must(rest[0])[3]) <= float(must(top[-1])[3])
    assert second.embeds[0].footer.text == "Page 2 of 2 · 12 players"
    assert buttons(second.message) == {"◀ Previous": False, "Next ▶": True}

    back = reply(await world.carol.click(second, label="◀ Previous"))
    assert lines(back) == page_one

    opened = reply(await world.bob.slash(world.channel, "leaderboard", game="draw", page=2))
    assert lines(opened) == page_two
    beyond = reply(await world.bob.slash(world.channel, "leaderboard", game="draw", page=9))
    assert lines(beyond) == page_two  # the last page there is
    assert refusals(world) == []


async def test_a_public_leaderboard_is_in_the_servers_language_and_a_private_one_in_the_readers(
    world: World,
) -> None:
    speaks_japanese(world.env, world.carol)
    await twelve_players(world)
    private = reply(await world.carol.slash(world.channel, "leaderboard", game="draw"))
    assert private.ephemeral
    assert private.embeds[0].title == "ランキング：ドロードミノ"
    assert lines(private)[0].startswith("🥇 **player")
    assert "レーティング" in lines(private)[0] and "1戦" in lines(private)[0]
    assert private.embeds[0].footer.text == "1/2ページ・12人"
    assert buttons(private.message) == {"◀ 前へ": True, "次へ ▶": False}
    turned = reply(await world.carol.click(private, label="次へ ▶"))
    texts = [turned.embeds[0].title, turned.embeds[0].footer.text, *lines(turned), *buttons(turned.message)]
    assert [t for t in texts if english_in(must(t).replace("player", ""))] == []

    public = reply(await world.carol.slash(world.channel, "leaderboard", game="draw", public=True))
    assert not public.ephemeral
    assert public.id in [m.id for m in world.channel.history()]
    assert public.embeds[0].title == "Leaderboard: Draw Dominoes"
    turned = reply(await world.carol.click(public, label="Next ▶"))  # anyone may turn it: still English
    assert turned.embeds[0].footer.text == "Page 2 of 2 · 12 players"
    assert refusals(world) == []


async def test_five_hundred_is_ranked_per_number_of_players_and_a_count_it_lacks_is_refused(world: World) -> None:
    end = await finish(world, [member(world.alice)], "five-hundred", computers=2)
    assert len(end.table.seats) == 3

    usual = reply(await world.bob.slash(world.channel, "leaderboard", game="five-hundred"))
    assert usual.embeds[0].title == "Leaderboard: Five Hundred, 4 players"
    assert usual.embeds[0].description == (
        "Nobody has finished a rated game of Five Hundred, 4 players on this server yet."
    )
    three = reply(await world.bob.slash(world.channel, "leaderboard", game="five-hundred", players=3))
    assert three.embeds[0].title == "Leaderboard: Five Hundred, 3 players"
    [row] = matches(PLACE, lines(three))
    assert must(row).group(1, 2) == ("🥇", "alice")
    assert must(row).group(4, 5) == (str(int(world.alice.id in winners(end))), "1")

    refused = reply(await world.bob.slash(world.channel, "leaderboard", game="five-hundred", players=7))
    assert refused.ephemeral
    assert refused.content == "Five Hundred has a leaderboard for each number of players (2–6), but none for 7."
    assert refusals(world) == ["leaderboard_players"]

    # Draw has one leaderboard for every count: a count asked changes nothing there.
    draw = reply(await world.bob.slash(world.channel, "leaderboard", game="draw", players=7))
    assert draw.embeds[0].title == "Leaderboard: Draw Dominoes"
    assert refusals(world) == []


async def test_domineren_lists_each_players_average_chips_at_the_end(world: World) -> None:
    options = {"hands": 1}
    ends = [await finish(world, [member(world.alice)], "domineren", computers=2, options=options) for _ in range(2)]
    chips = []
    for end in ends:
        seat = next(s.index for s in end.table.seats if s.user_id == world.alice.id)
        chips.append(next(side.score for side in end.sides if seat in side.seats))
    shown = reply(await world.alice.slash(world.channel, "leaderboard", game="domineren"))
    assert lines(shown)[0] == "*Ranked by the average chips at the end of a session; the rating breaks ties.*"
    [row] = matches(PLACE, lines(shown)[1:])
    assert must(row)[2] == "alice" and must(row)[5] == "2"
    assert must(row)[7] == f" · {sum(chips) / 2:.0f} chips at the end on average"


# -- /history ------------------------------------------------------------------------------------------------
async def test_history_is_refused_while_the_game_is_on_and_to_anyone_who_did_not_play_it(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "1"})
    on = reply(await world.alice.slash(world.channel, "history", game=1))
    assert on.ephemeral and on.attachments == []
    assert on.content.startswith("Game #1 is still being played")
    stranger = reply(await world.carol.slash(world.channel, "history", game=1))
    assert stranger.content == "You did not play game #1: only its players can have its record."
    missing = reply(await world.alice.slash(world.channel, "history", game=99))
    assert missing.content == "There is no such game."
    assert refusals(world) == ["game_not_over", "history_not_yours", "game_not_found"]


async def test_history_of_an_ended_game_is_a_record_that_replays_to_the_announced_scores(world: World) -> None:
    over = await one_game_at_the_table(world)
    announced = next(f.value for f in over.fields if f.name == "Standings")

    given = reply(await world.bob.slash(world.channel, "history", game=1))
    assert given.ephemeral
    [embed] = given.embeds
    assert embed.title == "Draw Dominoes #1: record"
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Standings"] == announced
    assert fields["Result"] == next(line for line in must(over.description).split("\n") if line.startswith("🏆"))
    seats = [name.strip("*") for name in must(fields["Players"]).split(", ")]
    assert sorted(seats) == ["Computer 1", "Computer 2", "alice", "bob"]

    [attachment] = given.attachments
    assert attachment.filename == "fives-1.json"
    record = json.loads(await attachment.read())
    assert record["format"] == 1 and record["game"] == "draw" and record["players"] == 4
    assert record["options"]["rounds"] == 1
    result = replay(record)  # what `python -m bot.engine replay fives-1.json` prints
    assert result["over"] is True
    scores = {seats[seat]: result["scores"][k] for k, side in enumerate(result["sides"]) for seat in side}
    shown = dict(line.split(" ", 1)[1].rsplit(": ", 1) for line in must(announced).split("\n"))
    assert {name: str(score) for name, score in scores.items()} == shown
    assert refusals(world) == []


async def test_history_of_an_abandoned_game_says_it_has_no_result(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "1"})
    await world.bot.service.games.abandon(1, world.alice.id)
    given = reply(await world.alice.slash(world.channel, "history", game=1))
    [embed] = given.embeds
    assert "This game was abandoned: it has no result and was not rated." in must(embed.description)
    assert next(f.name for f in embed.fields if f.name != "Players") == "Scores when it ended"
    scores = must(next(f.value for f in embed.fields if f.name == "Scores when it ended")).split("\n")
    assert sorted(scores) == ["Computer 1: 0", "Computer 2: 0", "alice: 0", "bob: 0"]  # Draw scores at a hand's end
    assert "Standings" not in [f.name for f in embed.fields]
    record = json.loads(await given.attachments[0].read())
    assert replay(record)["over"] is False
