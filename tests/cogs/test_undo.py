"""Undo by agreement, as players use it: a server manager allows it, a host opens a table with it; a player
who mis-clicked types /undo, the other player is asked in the table's thread and accepts: the move is gone,
the board says who took back what, and the player's hand has its controls again. Asked again, the other
player refuses: the move stands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord

from app.client import FivesBot
from tests.checks import must

from .conftest import (
    World,
    custom_ids,
    move,
    moves_shown,
    playable,
    public,
    refusals,
    reply,
    text_of,
    thread,
    whose_turn,
)


@pytest.fixture
def dana(world: World) -> simcord.MemberActor:
    """A server manager."""
    managers = world.guild.create_role("Managers", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user("dana"), roles=[managers])


def question(world: World) -> discord.Message:
    """The newest question to take back an action, in the table's thread."""
    asked = [m for m in thread(world).history() if m.embeds and (m.embeds[0].title or "").startswith("Take back")]
    return asked[-1]


async def test_an_undo_accepted_and_one_refused(world: World, dana: simcord.MemberActor) -> None:
    refused = reply(await world.alice.slash(world.channel, "play", game="draw", undo=True))
    assert refused.ephemeral and "does not allow undo" in refused.content
    saved = reply(await dana.slash(world.channel, "settings undo", enabled="on"))
    assert saved.content == "Saved: tables may now be opened with undo by agreement."

    lobby = reply(await world.alice.slash(world.channel, "play", game="draw", undo=True))
    assert "Undo by agreement: a player may take back their last action" in text_of(lobby.message)
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    game_no = world.bot.service.tables.games_of(world.alice.id)[0].table.game_no

    player = whose_turn(world)
    other = world.bob if player is world.alice else world.alice
    before = await public(world, game_no)
    played = await move(must(player), must(playable(must(player))))
    assert await public(world, game_no) != before
    assert playable(must(player)) is None  # not their turn any more

    asked = reply(await must(player).slash(thread(world), "undo"))
    assert asked.ephemeral and asked.content == "Asked: the other players must all agree."
    shown = question(world)
    assert (
        shown.content == f"{must(player).mention} asks to take back their last action: {other.mention}, do you agree?"
    )
    assert f"would take back **{played}**" in must(shown.embeds[0].description)
    accepted = reply(await other.click(shown, label="Accept"))
    assert accepted.ephemeral and accepted.content == "You agreed to take it back."

    assert await public(world, game_no) == before
    shown = question(world)
    assert f"Everyone agreed: {must(player).user.name} took back {played}." in must(shown.embeds[0].description)
    assert custom_ids(shown) == []  # settled: no buttons left
    assert f"took back {played} with everyone's agreement" in text_of(thread(world).history()[-1])
    assert playable(must(player)) is not None  # their turn again, with live controls in their DM
    record = await world.bot.service.tables.export(game_no)
    assert [a["action"] for a in record["actions"]] == [played, "undo"]

    played = await move(must(player), must(playable(must(player))))
    after = await public(world, game_no)
    await must(player).slash(thread(world), "undo")
    refusal = reply(await other.click(question(world), label="Refuse"))
    assert refusal.content == "You refused: the action stands."
    assert await public(world, game_no) == after
    assert f"{other.user.name} refused: {played} stands." in must(question(world).embeds[0].description)
    assert custom_ids(question(world)) == []
    assert refusals(world) == ["undo_not_allowed"]


# -- the question survives a failed post and a crash (the outbox) ---------------------------------------------
def questions(world: World) -> list[discord.Message]:
    return [m for m in thread(world).history() if m.embeds and (m.embeds[0].title or "").startswith("Take back")]


async def undo_table(world: World, dana: simcord.MemberActor) -> tuple[simcord.MemberActor, simcord.MemberActor, str]:
    """Alice and Bob at a Draw table opened with undo; the player to act has played: (them, the other, the move)."""
    await dana.slash(world.channel, "settings undo", enabled="on")
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw", undo=True))
    assert lobby is not None
    await world.bob.click(lobby, label="Join")
    await world.alice.click(lobby, label="Start")
    player = whose_turn(world)
    assert player is not None
    other = world.bob if player is world.alice else world.alice
    hand = playable(player)
    assert hand is not None
    return player, other, await move(player, hand)


async def test_a_question_discord_refused_is_posted_at_the_retry_once_and_answered(
    world: World, dana: simcord.MemberActor
) -> None:
    player, other, played = await undo_table(world, dana)
    game_no = world.bot.service.tables.games_of(player.id)[0].table.game_no
    world.env.inject_error("POST", f"/channels/{thread(world).id}/messages", status=500)

    asked = await player.slash(thread(world), "undo")
    assert asked.response is not None and asked.response.content == "Asked: the other players must all agree."
    [told] = asked.followups  # the asker learns that it is not there yet, and that it will be
    assert told.ephemeral and "I will post it again shortly: nothing is lost." in told.content
    assert questions(world) == []

    await world.env.advance_time(6)  # the outbox's first retry
    [shown] = questions(world)
    assert shown.content == f"{player.mention} asks to take back their last action: {other.mention}, do you agree?"
    await world.env.advance_time(60)
    assert len(questions(world)) == 1  # told once
    await other.click(shown, label="Accept")
    assert "Everyone agreed" in text_of(questions(world)[0])
    assert [a["action"] for a in (await world.bot.service.tables.export(game_no))["actions"]] == [played, "undo"]
    assert refusals(world) == []


async def test_a_restart_between_the_request_and_its_question_still_asks_and_the_answer_takes_it_back(
    world: World, dana: simcord.MemberActor, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    player, other, played = await undo_table(world, dana)
    game_no = world.bot.service.tables.games_of(player.id)[0].table.game_no
    before = await world.bot.service.tables.export(game_no)

    async def crash(*args: Any, **kwargs: Any) -> None:  # the process dies once the request is saved
        return None

    monkeypatch.setattr(world.bot.announcer, "deliver", crash)
    await player.slash(thread(world), "undo")
    monkeypatch.undo()
    assert questions(world) == []

    await world.env.restart_bot(make_bot())

    [shown] = questions(world)  # asked as soon as the new bot is connected
    assert other.mention in text_of(shown) and f"would take back **{played}**" in text_of(shown)
    accepted = reply(await other.click(shown, label="Accept"))
    assert accepted is not None and accepted.content == "You agreed to take it back."
    [shown] = questions(world)
    assert f"took back {played}" in text_of(shown) and custom_ids(shown) == []
    record = await world.bot.service.tables.export(game_no)
    assert [a["action"] for a in record["actions"]] == [*[a["action"] for a in before["actions"]], "undo"]
    assert playable(player) is not None  # their turn again
    assert refusals(world) == []


async def test_a_crash_after_the_question_was_posted_does_not_ask_twice(
    world: World, dana: simcord.MemberActor, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    player, other, played = await undo_table(world, dana)

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once it is posted
        return None

    monkeypatch.setattr(world.bot.service.telling, "told", nothing_recorded)
    monkeypatch.setattr(world.bot.service.undos, "set_message", nothing_recorded)
    await player.slash(thread(world), "undo")
    monkeypatch.undo()
    assert len(questions(world)) == 1

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(120)

    [shown] = questions(world)  # recognised by its buttons: not posted again
    await other.click(shown, label="Refuse")
    assert f"{other.user.name} refused: {played} stands." in text_of(questions(world)[0])
    assert refusals(world) == []


async def test_an_outcome_discord_refused_to_draw_is_drawn_at_the_retry(
    world: World, dana: simcord.MemberActor
) -> None:
    player, other, played = await undo_table(world, dana)
    await player.slash(thread(world), "undo")
    [shown] = questions(world)
    world.env.inject_error("PATCH", f"/channels/{thread(world).id}/messages/{shown.id}", status=503)

    await other.click(shown, label="Refuse")
    assert custom_ids(questions(world)[0])  # still asking: the redraw failed

    await world.env.advance_time(6)
    [shown] = questions(world)
    assert f"{other.user.name} refused: {played} stands." in text_of(shown)
    assert custom_ids(shown) == []
    assert refusals(world) == []


async def test_after_an_accepted_undo_the_final_board_names_the_logs_move_and_a_restart_posts_nothing_again(
    world: World, dana: simcord.MemberActor, make_bot: Callable[[], FivesBot]
) -> None:
    """The final board's footer counted the actions still in play, two short of the log per accepted undo;
    the table's messages then read out of order, and a restart, which reads from these footers where the
    table got to, would post the last plays and the ending again."""
    await dana.slash(world.channel, "settings undo", enabled="on")
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw", undo=True))
    await world.bob.click(lobby, label="Join")
    shown = reply(await world.alice.click(lobby, label="Rules"))
    [select] = [i for i in custom_ids(shown.message) if i.endswith(":rounds")]
    await world.alice.select(shown, ["1"], custom_id=select)
    await world.alice.click(lobby, label="Start")
    game_no = world.bot.service.tables.games_of(world.alice.id)[0].table.game_no
    player = whose_turn(world)
    assert player is not None
    other = world.bob if player is world.alice else world.alice
    await move(player, must(playable(player)))
    await player.slash(thread(world), "undo")
    await other.click(question(world), label="Accept")
    while world.bot.service.tables.games_of(world.alice.id):
        player = whose_turn(world)
        assert player is not None
        hand = playable(player)
        assert hand is not None
        await move(player, hand)
    record = await world.bot.service.tables.export(game_no)
    logged = len(record["actions"])
    shown_moves = moves_shown(world, game_no)
    assert shown_moves[-1] == logged and shown_moves == sorted(shown_moves)
    posted = len(thread(world).history())
    await world.env.restart_bot(make_bot())
    assert len(thread(world).history()) == posted
    assert refusals(world) == []


async def test_a_resignation_after_an_accepted_undo_is_shown_at_the_logs_move(
    world: World, dana: simcord.MemberActor
) -> None:
    """A board drawn with nothing played in its delivery (a resignation) took its move from the view, which
    counts two fewer per accepted undo than the log: the table's footers went back in time."""
    player, other, _ = await undo_table(world, dana)
    await player.slash(thread(world), "undo")
    await other.click(question(world), label="Accept")
    game_no = world.bot.service.tables.games_of(world.alice.id)[0].table.game_no
    asked = reply(await world.bob.slash(thread(world), "resign"))
    await world.bob.click(asked, label="Resign")
    record = await world.bot.service.tables.export(game_no)
    shown = moves_shown(world, game_no)
    assert shown == sorted(shown) and shown[-1] == len(record["actions"])
    assert refusals(world) == []
