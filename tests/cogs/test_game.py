"""A whole game as players see it: `/play`, the lobby, the thread, boards and DMs, to the final score sheet,
and nothing in a channel or thread ever shows a tile that is still in someone's hand."""

from __future__ import annotations

import re
from typing import Any

import pytest

import rendering
from bot.engine.records import load
from tests.checks import must

from .conftest import (
    World,
    board,
    close_dms,
    custom_ids,
    dms,
    move,
    open_table,
    playable,
    public_messages,
    reply,
    text_of,
    thread,
    whose_turn,
)

TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every view the table drew a public image from."""
    views: list[Any] = []
    for name in ("render_board", "render_score_sheet"):
        real = getattr(rendering, name)

        def spy(view: Any, names: Any, locale: str, real: Any = real) -> bytes:
            views.append(view)
            return real(view, names, locale)

        monkeypatch.setattr(rendering, name, spy)
    return views


async def hidden_tiles(world: World) -> set[str]:
    """The tiles in every hand of every active game right now, both ways round."""
    hidden: set[str] = set()
    service = world.bot.service
    for summary in service.tables.games_of(world.alice.id):
        state, steps = load(await service.tables.export(summary.table.game_no))
        for seat, action in steps:
            state.apply(seat, action)
        for seat in range(state.players):
            for a, b in must(state.view(seat).hand):
                hidden |= {f"{a}-{b}", f"{b}-{a}"}
    return hidden


async def assert_public_shows_nothing_hidden(world: World, checked: set[tuple[int, str]]) -> None:
    hidden = await hidden_tiles(world)
    for message in public_messages(world):
        text = text_of(message)
        if (message.id, text) in checked:
            continue
        checked.add((message.id, text))
        shown = {f"{a}-{b}" for a, b in TILE.findall(text)}
        assert not shown & hidden, f"message {message.id} shows tiles still in a hand: {shown & hidden}\n{text}"
        assert all(a.filename in ("board.png", "sheet.png") for a in message.attachments)


async def test_two_players_and_two_computers_play_draw_to_the_final_score_sheet(
    world: World, rendered: list[Any]
) -> None:
    lobby = await open_table(world, "draw", options={"rounds": "1"})
    assert lobby.embeds[0].title == "Draw Dominoes #1 has started"
    assert custom_ids(lobby) == []  # the lobby's buttons are gone
    opening = thread(world).history()[0]
    begins = "The game begins: **alice**, **bob**, **Computer 1 (easy)**, **Computer 2 (easy)**."
    assert begins in must(opening.embeds[0].description)
    assert [a.filename for a in opening.attachments] == ["board.png"]

    checked: set[tuple[int, str]] = set()
    plays = 0
    while world.bot.service.tables.games_of(world.alice.id):
        await assert_public_shows_nothing_hidden(world, checked)
        player = whose_turn(world)
        assert player in (world.alice, world.bob)
        assert board(world).content == f"{player.mention}, it's your turn."
        message = playable(player)
        assert message is not None, f"{player.name} has no controls on their turn"
        await move(player, message)
        plays += 1
        assert plays < 40
    await assert_public_shows_nothing_hidden(world, checked)

    over = thread(world).history()[-1]
    [embed] = over.embeds
    assert embed.title == "Draw Dominoes #1: game over"
    description = must(embed.description)
    assert "🏆" in description and "win" in description
    standings = must(next(f for f in embed.fields if f.name == "Standings").value)
    assert standings.startswith("🥇") and standings.count("\n") == 3
    assert embed.image.url == "attachment://sheet.png"
    assert [a.filename for a in over.attachments] == ["sheet.png"]
    # Nothing is left to play: no board keeps My hand, no DM keeps moves; the end offers a replay, an analysis
    # and a rematch.
    assert [i for m in thread(world).history() for i in custom_ids(m)] == [
        "fives:replay:1",
        "fives:analyse:1",
        "fives:rematch:1",
    ]
    assert custom_ids(over) == ["fives:replay:1", "fives:analyse:1", "fives:rematch:1"]
    assert not any(custom_ids(m) for m in dms(world.alice) + dms(world.bob) if "fives:" in " ".join(custom_ids(m)))
    assert rendered and all(view.seat is None for view in rendered)
    announcer: Any = world.bot.announcer
    assert 1 not in announcer.places._places and 1 not in announcer._locks  # the ended game is let go
    assert world.env.errors == []


async def test_a_play_posts_one_new_board_and_moves_the_controls_to_the_next_player(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "1"})
    player = whose_turn(world)
    other = world.bob if player is world.alice else world.alice
    hand = playable(must(player))
    assert hand is not None and must(hand.embeds[0].description).startswith("**Your turn.**")
    assert [a.filename for a in hand.attachments] == ["hand.png"]
    assert playable(other) is None
    assert dms(other)[-1].embeds[0].description == f"Waiting for **{must(player).name}**."
    old_board = board(world)
    before = len(thread(world).history())

    played = await move(must(player), hand)

    history = thread(world).history()
    assert len(history) == before + 1
    assert board(world).id == history[-1].id
    assert custom_ids(next(m for m in history if m.id == old_board.id)) == []
    tile, target = played.split("@")
    assert f"**{must(player).name}** played {tile} on {target}." in must(history[-1].embeds[0].description)
    # The DM clicked now shows the hand after the play, without controls; the next player has them.
    clicked = next(m for m in dms(must(player)) if m.id == hand.id)
    assert custom_ids(clicked) == []
    assert must(clicked.embeds[0].description).startswith("Waiting for")
    assert whose_turn(world) is other and playable(other) is not None


async def test_a_game_that_ended_leaves_nothing_of_itself_in_the_tables_memory(world: World) -> None:
    """A bot runs for months: each ended game's places, boards, hand messages and notices are let go."""
    close_dms(world.env, world.bob)  # the table remembers having told it
    await open_table(world, "draw", options={"rounds": "1"})
    announcer: Any = world.bot.announcer
    places, boards, hand_dms = announcer.places, announcer.boards, announcer.hand_dms
    assert 1 in places._places and (1, world.bob.id) in hand_dms._told_closed
    asked = reply(await world.alice.slash(thread(world), "abandon"))
    await world.alice.click(asked, label="End the game")
    assert world.bot.service.tables.games_of(world.alice.id) == []
    assert thread(world).history()[-1].embeds[0].title == "Draw Dominoes #1: game abandoned"
    for memory in (places._places, boards._boards, places._failed, announcer._locks, hand_dms._hand_dms_loaded):
        assert 1 not in memory
    assert not [k for k in (*hand_dms._hand_dms, *hand_dms._hand_turns, *hand_dms._told_closed) if k[0] == 1]
    assert world.env.errors == []
