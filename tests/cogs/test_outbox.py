"""What the players are told survives a failed post and a crash (the outbox): a move that was saved is
always announced, exactly once, and the next player is always called.

A crash is played here as the process would meet it: the move is saved, then the bot stops before (or
while) telling it, and a new bot starts over the same database and the same virtual Discord."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import discord
import pytest

import cogs.announcer.announcer
from app.client import FivesBot
from cogs.announcer.boards import Boards
from tests.checks import must

from .conftest import World, board, components, custom_ids, dms, moves_shown, open_table, playable, reply, thread
from .test_permissions import actions, next_human, play_from_dm

GAME_OVER = "Draw Dominoes #1: game over"


def announcer(world: World) -> Any:
    return world.bot.announcer


def lines_about(world: World, name: str) -> int:
    """How many play lines of the table's messages begin with this player's move."""
    return sum(
        1
        for m in thread(world).history()
        for e in m.embeds
        for line in (e.description or "").splitlines()
        if line.startswith(f"**{name}** ")
    )


async def two_humans(world: World) -> None:
    """Alice and Bob alone at a Draw table: every move is a human's."""
    await open_table(world, "draw", computers=0, options={"rounds": "1"})


# -- Discord refuses a post ---------------------------------------------------------------------------------
async def test_a_dm_discord_refuses_does_not_undo_the_move_and_is_sent_again(world: World) -> None:
    await two_humans(world)
    player = next_human(world)
    other = world.bob if player is world.alice else world.alice
    world.env.inject_error("POST", f"/channels/{other.user.dm_channel.id}/messages", status=500)

    result = await play_from_dm(player)

    assert [f.content for f in result.followups] == []  # no "something went wrong": the move stands
    assert f"**{player.name}**" in must(board(world).embeds[0].description)
    assert other.mention in board(world).content  # called on the board
    if next_human(world) is other:
        assert playable(other) is None  # the DM failed...
        await world.env.advance_time(6)  # ...and is sent again at the next retry
        assert playable(other) is not None
    assert world.env.errors == []


@pytest.mark.parametrize("status", [500, 503, 429])
async def test_a_board_discord_refuses_is_posted_later_in_order_and_once(world: World, status: int) -> None:
    await two_humans(world)
    table = thread(world)
    world.env.inject_error("POST", f"/channels/{table.id}/messages", status=status, times=3)
    player = next_human(world)

    result = await play_from_dm(player)
    [told] = result.followups
    assert told.ephemeral and "I will post it again shortly: nothing is lost." in told.content
    assert lines_about(world, player.name) == 0

    await world.env.advance_time(5 + 15 + 60 + 10)  # three refusals, each waited longer for; then it goes through
    assert lines_about(world, player.name) == 1
    assert must(board(world).embeds[0].description).startswith(f"**{player.name}** ")
    assert next_human(world).mention in board(world).content
    assert moves_shown(world) == sorted(set(moves_shown(world)))  # nothing posted twice
    assert world.env.errors == []


async def test_a_board_that_failed_is_posted_after_a_restart(world: World, make_bot: Callable[[], FivesBot]) -> None:
    await two_humans(world)
    world.env.inject_error("POST", f"/channels/{thread(world).id}/messages", status=500)
    player = next_human(world)
    await play_from_dm(player)
    assert lines_about(world, player.name) == 0

    await world.env.restart_bot(make_bot())

    assert lines_about(world, player.name) == 1  # told as soon as the new bot is connected
    other = next_human(world)
    await play_from_dm(other)
    newest = must(board(world).embeds[0].description).splitlines()
    assert newest[0].startswith(f"**{other.name}** ")  # the next board tells only what is new
    assert lines_about(world, player.name) == 1
    assert world.env.errors == []


async def test_a_whole_game_played_while_the_table_cannot_be_posted_is_shown_in_order_once_it_can(
    world: World,
) -> None:
    """Hand results and the game's end that fail to post are not dropped: once Discord takes posts again,
    every play, the hand's result and the final standings appear, in order, each once."""
    await two_humans(world)
    before = moves_shown(world)
    world.env.inject_error("POST", f"/channels/{thread(world).id}/messages", status=503, times=None)
    while world.bot.service.tables.games_of(world.alice.id):
        await play_from_dm(next_human(world))
    total = len((await world.bot.service.tables.export(1))["actions"])
    assert thread(world).history()[-1].embeds[0].title != GAME_OVER

    world.env.backend.faults.clear()
    await world.env.advance_time(1800)

    shown = moves_shown(world)
    assert shown == sorted(set(shown)) and shown[: len(before)] == before  # in order, nothing twice
    assert shown[-1] == total
    assert thread(world).history()[-1].embeds[0].title == GAME_OVER
    assert board_controls_left(world) == []  # the game is over: no live control anywhere
    assert playable(world.alice) is None and playable(world.bob) is None
    assert world.env.errors == []


def board_controls_left(world: World) -> list[str]:
    """The live controls of the game in its thread (the replay, analysis and rematch of a game that ended are
    none)."""
    after = ("fives:replay:", "fives:analyse:", "fives:rematch:")
    return [i for m in thread(world).history() for i in custom_ids(m) if not i.startswith(after)]


async def test_start_with_a_dm_discord_refuses_starts_the_game_and_says_so_truly(world: World) -> None:
    result = await world.alice.slash(world.channel, "play", game="draw")
    lobby = result.response
    await world.bob.click(must(lobby), label="Join")
    world.env.inject_error("POST", f"/channels/{world.bob.user.dm_channel.id}/messages", status=500)

    started = await world.alice.click(must(lobby), label="Start")

    assert [f.content for f in started.followups] == []  # the host is not told it failed: it did not
    assert custom_ids(must(lobby).message) == []  # the lobby shows no Join and Start any more
    assert world.bot.service.tables.games_of(world.bob.id)
    await world.env.advance_time(6)
    assert dms(world.bob)  # Bob's hand came with the retry
    assert world.env.errors == []


# -- a crash between saving a move and telling it ---------------------------------------------------------------
async def test_a_move_saved_just_before_a_crash_is_announced_after_the_restart(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    await two_humans(world)
    player = next_human(world)
    saved = await actions(world)

    async def crash(*args: Any, **kwargs: Any) -> None:  # the process dies after the commit
        return None

    monkeypatch.setattr(announcer(world), "deliver", crash)
    await play_from_dm(player)
    assert await actions(world) > saved and lines_about(world, player.name) == 0
    monkeypatch.undo()

    await world.env.restart_bot(make_bot())

    assert lines_about(world, player.name) == 1
    other = next_human(world)
    assert board(world).content == f"{other.mention}, it's your turn."
    assert playable(other) is not None  # their hand, with its controls, by DM
    await play_from_dm(other)  # and the game goes on
    assert lines_about(world, player.name) == 1 and lines_about(world, other.name) >= 1
    assert world.env.errors == []


async def test_a_crash_after_the_board_was_posted_does_not_post_it_twice_and_still_sends_the_hand(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    await two_humans(world)
    player = next_human(world)
    hand_dms = announcer(world).hand_dms

    # The process dies once the board is posted: no hand is sent, and nothing is recorded as told.
    async def no_hand(*args: Any, **kwargs: Any) -> bool:
        return True

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:
        return None

    monkeypatch.setattr(hand_dms, "send_hand", no_hand)
    monkeypatch.setattr(world.bot.service.telling, "told", nothing_recorded)
    await play_from_dm(player)
    monkeypatch.undo()
    assert lines_about(world, player.name) == 1
    other = next_human(world)
    assert playable(other) is None

    await world.env.restart_bot(make_bot())

    assert lines_about(world, player.name) == 1  # the board it had posted is recognised
    assert playable(other) is not None
    assert world.env.errors == []


async def test_the_hand_dm_before_a_restart_loses_its_controls_when_the_player_moves_on(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    await two_humans(world)
    player = next_human(world)
    old = playable(player)
    assert old is not None

    await world.env.advance_time(6)  # what was told is in the store within a tick (at once on a clean stop)
    await world.env.restart_bot(make_bot())
    shown = reply(await player.click(board(world), label="My hand"))  # plays from the board this time
    [control] = [c for c in custom_ids(shown.message) if c.startswith(("fives:act:", "fives:do:"))]
    component = next(c for c in components(shown.message) if c.custom_id == control)
    if isinstance(component, discord.SelectMenu):
        await player.select(shown, [component.options[0].value], custom_id=control)
    else:
        await player.click(shown, custom_id=control)

    assert custom_ids(next(m for m in dms(player) if m.id == old.id)) == []  # the old DM is no longer live
    assert world.env.errors == []


async def test_a_deleted_thread_moves_the_table_to_its_channel_and_loses_no_move(world: World) -> None:
    await two_humans(world)
    gone = thread(world)
    world.env.backend.delete_channel(gone.id)
    player = next_human(world)

    result = await play_from_dm(player)

    assert [f.content for f in result.followups] == []
    said = [m for m in world.channel.history() if m.embeds]
    assert said[-2].embeds[0].description == "The table's thread was deleted: the game goes on here."
    newest = said[-1]
    assert must(newest.embeds[0].description).startswith(f"**{player.name}** ")
    assert newest.content == f"{next_human(world).mention}, it's your turn."
    await play_from_dm(next_human(world))  # and it goes on there
    assert world.channel.history()[-1].embeds[0].title == "Draw Dominoes #1"
    assert world.env.errors == []


async def test_a_reminder_discord_refuses_is_sent_again(world: World) -> None:
    await world.bot.service.settings.update(world.guild.id, turn_seconds=600)
    await two_humans(world)
    player = next_human(world)
    world.env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=503)
    sent = len(dms(player))

    await world.env.advance_time(301)  # half time: the reminder meets a 503
    assert len(dms(player)) == sent
    await world.env.advance_time(10)
    assert dms(player)[-1].embeds[0].title == "Your turn in Draw Dominoes #1"
    assert world.env.errors == []


async def test_a_defect_while_telling_says_the_move_stands_and_it_is_told_later(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    await two_humans(world)
    player = next_human(world)

    def broken(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("a bug in making the board message")

    # (A failing drawing is no such defect: the board goes out as text, see test_controls.)
    monkeypatch.setattr(Boards, "_add_scores", staticmethod(broken))
    result = await play_from_dm(player)
    [told] = result.followups
    assert told.content == (
        "Done and saved, but something went wrong on my side while showing it. I will show it again shortly: "
        "nothing is lost."
    )
    assert "telling the table failed" in caplog.text
    monkeypatch.undo()

    await world.env.advance_time(65)  # not recorded as told: the sweep takes it after its grace
    assert lines_about(world, player.name) == 1
    assert world.env.errors == []


async def test_a_backlog_too_long_for_one_message_is_shown_whole_in_several(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After a long outage the lines of every move are told, however many: in several messages, in order,
    none cut and none twice (a backlog of a whole Domineren hand used to make an embed Discord refuses)."""
    await two_humans(world)
    monkeypatch.setattr(cogs.announcer.announcer, "LINES_PER_MESSAGE", 200)  # a few lines a message
    world.env.inject_error("POST", f"/channels/{thread(world).id}/messages", status=503, times=None)
    while world.bot.service.tables.games_of(world.alice.id):
        await play_from_dm(next_human(world))
    total = len((await world.bot.service.tables.export(1))["actions"])

    world.env.backend.faults.clear()
    await world.env.advance_time(1800)

    shown = moves_shown(world)
    assert shown == sorted(shown) and shown[-1] == total
    # Each message of lines alone tells exactly the moves since the message before it.
    previous, split = 0, 0
    for message in thread(world).history():
        if not message.embeds or not re.search(r"move (\d+)", message.embeds[0].footer.text or ""):
            continue
        move = int(must(re.search(r"move (\d+)", must(message.embeds[0].footer.text)))[1])
        if not message.embeds[0].title:
            assert len(must(message.embeds[0].description).splitlines()) == move - previous
            split += 1
        previous = move
    assert split > 1
    assert thread(world).history()[-1].embeds[0].title == GAME_OVER
    assert world.env.errors == []
