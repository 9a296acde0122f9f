"""Hints for learners as players meet them: the host turns hints on in the lobby's Rules (the lobby and every
board say so), **Hint** on the player's turn controls answers privately with the computer's move and why, in
their language; a Hint button of a turn gone by says the game moved on; and the game's result says it was not
rated. Without hints, no Hint button is offered."""

from __future__ import annotations

import discord

from bot.ai.hints import Hint
from bot.engine import new_game
from bot.tables import TableInfo
from bot.tables.play.hints import HintGiven
from cogs.controls.hints import hint_text
from tests.checks import must

from .conftest import (
    World,
    board,
    custom_ids,
    move,
    playable,
    refusals,
    reply,
    selects_of,
    text_of,
    thread,
    whose_turn,
)
from .test_language import speaks_japanese


def hint_button(message: discord.Message) -> str | None:
    return next((i for i in custom_ids(message) if i.startswith("fives:hint:")), None)


async def open_hinted_table(world: World) -> None:
    """Alice opens Draw (one round) with Bob, turns hints on in the Rules, and starts."""
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    await world.bob.click(lobby, label="Join")
    rules = reply(await world.alice.click(lobby, label="Rules"))
    [rounds] = [i for i in custom_ids(rules.message) if i.endswith(":rounds")]
    rules = reply(await world.alice.select(rules, ["1"], custom_id=rounds))
    [hints] = [i for i in custom_ids(rules.message) if i.endswith(":hints")]
    assert "Hints for learners: Off" in [s.placeholder for s in selects_of(rules.message) if s.custom_id == hints]
    rules = reply(await world.alice.select(rules, ["on"], custom_id=hints))
    assert "💡 Hints for learners" in text_of(lobby.message)  # everyone sees the table offers them
    await world.alice.click(lobby, label="Start")


async def test_a_learner_asks_for_a_hint_privately_and_the_game_goes_unrated(world: World) -> None:
    await open_hinted_table(world)
    assert "Hints are on" in text_of(board(world))
    player = whose_turn(world)
    assert player is not None
    dm = playable(player)
    assert dm is not None
    hint_id = hint_button(dm)
    assert hint_id is not None and hint_id.startswith("fives:hint:1:")

    answer = reply(await player.user.click(dm, custom_id=hint_id))
    assert answer.ephemeral
    line, unrated = answer.content.split("\n")
    assert line.startswith("💡 ") and line.endswith(".")
    offered = [o.label for s in selects_of(dm) for o in s.options]
    assert any(line.startswith(f"💡 {label}: ") for label in offered), (line, offered)  # a move she can make
    assert unrated == "-# A hint was used: this game will not be rated."

    speaks_japanese(world.env, player)  # the same hint, in her language
    again = reply(await player.user.click(dm, custom_id=hint_id))
    assert again.ephemeral and again.content.startswith("💡 ") and "レーティングに反映されません" in again.content

    # From the board's My hand (where DMs are closed) too; then she plays, and that Hint is of a turn gone by.
    mine = reply(await player.click(board(world), label="My hand"))
    assert mine.ephemeral and hint_button(mine.message) == hint_id
    await move(player, must(playable(player)))
    assert refusals(world) == []
    stale = reply(await player.click(mine, custom_id=hint_id))
    assert stale.ephemeral and "ゲームが進みました" in stale.content
    assert refusals(world) == ["hint_stale"]

    for _ in range(80):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        player = whose_turn(world)
        await move(must(player), must(playable(must(player))))
    over = thread(world).history()[-1]
    assert "Unrated: a hint was used in this game, so nobody's rating changed." in text_of(over)
    assert await world.bot.service.standings.leaderboard(world.guild.id, "draw") == []


async def test_no_hint_button_without_hints(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    assert "Hints" not in text_of(board(world))
    player = whose_turn(world)
    assert player is not None and hint_button(must(playable(player))) is None
    mine = reply(await player.click(board(world), label="My hand"))
    assert hint_button(mine.message) is None


def test_the_hint_line_names_moves_as_the_controls_do_in_both_languages() -> None:
    state = new_game("five-hundred", 4, {}, seed=3)
    state.apply(must(state.current_seat), "6H")
    state.apply(must(state.current_seat), "pass")
    seat = state.current_seat
    view = state.view(seat)
    table = TableInfo(1, "five-hundred", 1, 2, None, None, 100, (), state.sides, dict(state.options), "active")
    given = HintGiven(table, must(seat), state.log_length, view, Hint("7H", "partner", {"suit": "H"}))
    assert hint_text(given, "en").split("\n")[0] == "💡 7♥: your partner bid hearts."
    assert hint_text(given, "ja").split("\n")[0] == "💡 7♥：パートナーがハートをビッドしています。"
    ahead = HintGiven(table, must(seat), state.log_length, view, Hint("7H", "ahead", {"other": "7S", "margin": 2.5}))
    assert hint_text(ahead, "en").startswith("💡 7♥: about 2.5 points better by the end of the hand than 7♠.")
