"""Rematch, as players use it: after a game, one of them presses **Rematch** on the final board; the others are
asked in the game's thread. All accept: the same game starts again in a new thread. One declines, or nobody
answers in time: a new table opens in the channel with those who accepted, the other seats open to join.
After a partnership game, **Rematch, new partners** asks for the same with everyone partnered anew."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
import pytest
import simcord

from app.client import FivesBot
from bot.tables.community.rematches import REMATCH_SECONDS
from tests.checks import must

from .conftest import (
    World,
    board,
    custom_ids,
    move,
    open_table,
    playable,
    refusals,
    reply,
    text_of,
    thread,
    whose_turn,
)


async def play_to_the_end(world: World, humans: tuple[simcord.MemberActor, ...] = ()) -> discord.Message:
    """A game of Draw of one round at the table, each player making the first move offered: its final board."""
    await open_table(world, "draw", humans=humans or (world.bob,), computers=0, options={"rounds": "1"})
    for _ in range(120):
        if not world.bot.service.tables.games_of(world.alice.id):
            return thread(world).history()[-1]
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    raise AssertionError("the game did not end")


async def play_partners_to_the_end(world: World) -> discord.Message:
    """All Fives to 50 at four (partners opposite: alice & carol against bob & Computer 1): its final board."""
    await open_table(world, "all-fives", humans=(world.bob, world.carol), computers=1, options={"target": "50"})
    assert "alice & carol" in text_of(board(world)) and "bob & Computer 1 (easy)" in text_of(board(world))
    for _ in range(400):
        if not world.bot.service.tables.games_of(world.alice.id):
            return thread(world).history()[-1]
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    raise AssertionError("the game did not end")


def threads(world: World) -> list[simcord.ChannelHandle]:
    return list(world.channel.threads)


async def ask(
    world: World, member: simcord.MemberActor, over: discord.Message, label: str = "Rematch"
) -> discord.Message:
    """`member` asks for the rematch on the final board: they are told so privately, and the question is posted
    for the others where the game was played (through the outbox): the question."""
    said = reply(await member.click(over, label=label))
    assert said.ephemeral and said.content == "You asked for a rematch: the other players are asked here."
    return question_in(thread(world))


def question_in(place: simcord.ChannelHandle, game_no: int = 1) -> discord.Message:
    """The one question of the rematch of `game_no` in `place` (found by its buttons while it has them)."""
    asked = [m for m in place.history() if f"fives:rematch:{game_no}:yes" in custom_ids(m)]
    assert len(asked) == 1, f"{len(asked)} questions"
    return asked[0]


def again(place: simcord.ChannelHandle, message: discord.Message) -> discord.Message:
    """`message` as it is now."""
    [now] = [m for m in place.history() if m.id == message.id]
    return now


async def test_everyone_accepts_and_the_same_game_starts_again(world: World) -> None:
    over = await play_to_the_end(world)
    asked = await ask(world, world.bob, over)
    assert asked.channel.id == thread(world).id
    assert asked.content == f"<@{world.bob.id}> asks for a rematch: <@{world.alice.id}>, will you play again?"
    said = must(asked.embeds[0].description)
    assert "✅ **bob**" in said and "⏳ **alice**" in said
    again = reply(await world.bob.click(asked, label="Accept"))  # a second yes changes nothing
    assert again.ephemeral and again.content == "You accepted the rematch."

    accepted = reply(await world.alice.click(asked, label="Accept"))
    assert accepted.ephemeral
    old, new = threads(world)
    [question] = [m for m in old.history() if m.id == asked.id]
    assert "Everyone accepted: Draw Dominoes #2 is on." in must(question.embeds[0].description)
    assert custom_ids(question) == []
    game = await world.bot.service.tables.info(2)
    first = await world.bot.service.tables.export(1)
    assert [s.user_id for s in game.seats] == [world.alice.id, world.bob.id] and game.options["rounds"] == 1
    assert first["options"]["rounds"] == 1
    assert any("it's your turn" in (m.content or "") for m in new.history())  # its board, in its own thread
    late = reply(await world.alice.click(over, label="Rematch"))  # the final board's button, again
    assert late.ephemeral and late.content == "This rematch has been decided already."
    assert refusals(world) == ["rematch_settled"]


async def test_a_decline_opens_a_table_with_those_who_accepted(world: World) -> None:
    over = await play_to_the_end(world, humans=(world.bob, world.carol))
    stranger = world.guild.add_member(world.env.create_user("dave"))
    refused = reply(await stranger.click(over, label="Rematch"))
    assert refused.content == "Only the players of this game can ask for its rematch or answer it."
    asked = await ask(world, world.alice, over)
    await world.bob.click(asked, label="Accept")
    await world.carol.click(asked, label="Decline")

    [question] = [m for m in thread(world).history() if m.id == asked.id]
    said = must(question.embeds[0].description)
    assert "❌ **carol**" in said and "✅ **bob**" in said
    assert "Someone declined: a new table is open with those who accepted. Seats open to join: 1." in said
    [lobby] = [m for m in world.channel.history() if m.embeds and "Join" in [c.label for c in _buttons(m)]]
    assert lobby.jump_url in must(said)
    seated = text_of(lobby)
    assert world.alice.mention in seated and world.bob.mention in seated and world.carol.mention not in seated
    joined = reply(await world.carol.click(lobby, label="Join"))  # changed her mind: a seat is open
    assert not joined.ephemeral
    assert refusals(world) == ["rematch_not_player"]


async def test_without_an_answer_in_time_the_table_opens_for_those_who_accepted(world: World) -> None:
    over = await play_to_the_end(world)
    asked = await ask(world, world.alice, over)
    for _ in range(-(-REMATCH_SECONDS // 600)):  # past the deadline, in steps the virtual Discord settles in
        await world.env.advance_time(600)
    [question] = [m for m in thread(world).history() if m.id == asked.id]
    assert "Time is up: a new table is open with those who accepted. Seats open to join: 1." in (
        must(question.embeds[0].description)
    )
    assert custom_ids(question) == []
    lobbies = world.bot.service.lobbies.of_guild(world.guild.id)
    assert [[s.user_id for s in lobby.seats] for lobby in lobbies] == [[world.alice.id]]
    assert refusals(world) == []


async def test_partners_swap_on_request_and_the_new_game_pairs_everyone_anew(world: World) -> None:
    over = await play_partners_to_the_end(world)
    asked = await ask(world, world.carol, over, "Rematch, new partners")
    assert asked.content == (
        f"<@{world.carol.id}> asks for a rematch with new partners: <@{world.alice.id}> <@{world.bob.id}>, "
        "will you play again?"
    )
    question = asked.embeds[0]
    assert must(question.title).startswith("Rematch with new partners: All Fives #1")
    assert "New partners: **alice & Computer 1** against **bob & carol**." in must(question.description)
    same = reply(await world.bob.click(over, label="Rematch"))  # not what was asked: answer it instead
    assert same.ephemeral and same.content == (
        "A rematch with new partners has already been asked: answer its question with Accept or Decline."
    )
    await world.bob.click(asked, label="Accept")
    await world.alice.click(asked, label="Accept")

    old, new = threads(world)
    [settled] = [m for m in old.history() if m.id == asked.id]
    assert "Everyone accepted: All Fives #2 is on." in must(settled.embeds[0].description)
    shown = text_of(next(m for m in new.history() if "Scores" in text_of(m)))  # its first board
    assert "alice & Computer 1 (easy)" in shown and "bob & carol" in shown  # who partners whom, on the board
    game = await world.bot.service.tables.info(2)
    names = [s.name or "computer" for s in game.seats]
    assert [[names[s] for s in side] for side in game.sides] == [["alice", "computer"], ["bob", "carol"]]
    assert refusals(world) == ["rematch_asked_swapped"]


async def test_a_game_without_partners_offers_no_new_partners(world: World) -> None:
    over = await play_to_the_end(world)
    assert [b.label for b in _buttons(over)] == ["Replay", "Analysis", "Rematch"]


def _buttons(message: discord.Message) -> list[discord.Button]:
    return [c for row in message.components for c in getattr(row, "children", []) if isinstance(c, discord.Button)]


# -- what players are told survives a failed post and a crash (the outbox) ------------------------------------
def played(world: World) -> simcord.ChannelHandle:
    """The thread of the game played (the rematch's own opens after it)."""
    return threads(world)[0]


def questions(world: World) -> list[discord.Message]:
    return [m for m in played(world).history() if m.embeds and (m.embeds[0].title or "").startswith("Rematch")]


def lobbies_posted(world: World) -> list[discord.Message]:
    return [m for m in world.channel.history() if any(c.startswith("fives:lobby:") for c in custom_ids(m))]


async def test_a_question_discord_refused_is_posted_at_the_retry_once_and_answered(world: World) -> None:
    over = await play_to_the_end(world)
    world.env.inject_error("POST", f"/channels/{thread(world).id}/messages", status=500)
    said = reply(await world.alice.click(over, label="Rematch"))
    assert said.ephemeral and questions(world) == []
    again = reply(await world.alice.click(over, label="Rematch"))  # asked already: nothing asked twice
    assert again.ephemeral and again.content == "You accepted the rematch."

    await world.env.advance_time(6)  # the outbox's first retry
    [asked] = questions(world)
    assert asked.content == f"<@{world.alice.id}> asks for a rematch: <@{world.bob.id}>, will you play again?"
    await world.env.advance_time(120)
    assert len(questions(world)) == 1  # told once
    await world.bob.click(asked, label="Accept")
    assert "Everyone accepted: Draw Dominoes #2 is on." in text_of(again_in(world, asked))
    assert refusals(world) == []


def again_in(world: World, message: discord.Message) -> discord.Message:
    return again(played(world), message)


async def test_a_restart_between_the_request_and_its_question_still_asks_and_its_buttons_answer(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    over = await play_to_the_end(world)

    async def crash(*args: Any, **kwargs: Any) -> None:  # the process dies once the rematch is saved
        return None

    monkeypatch.setattr(world.bot.announcer, "deliver", crash)
    await world.bob.click(over, label="Rematch")
    monkeypatch.undo()
    assert questions(world) == []

    await world.env.restart_bot(make_bot())

    [asked] = questions(world)  # asked as soon as the new bot is connected
    assert world.alice.mention in asked.content and "⏳ **alice**" in text_of(asked)
    declined = reply(await world.alice.click(asked, label="Decline"))  # a button of the bot before
    assert declined.ephemeral and declined.content == "You declined the rematch."
    [asked] = questions(world)
    [lobby] = lobbies_posted(world)
    assert lobby.jump_url in text_of(asked) and custom_ids(asked) == []
    assert refusals(world) == []


async def test_a_crash_after_the_question_was_posted_does_not_ask_twice(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    over = await play_to_the_end(world)

    async def nothing_recorded(*args: Any, **kwargs: Any) -> None:  # the process dies once it is posted
        return None

    monkeypatch.setattr(world.bot.service.telling, "told", nothing_recorded)
    monkeypatch.setattr(world.bot.service.rematches, "set_message", nothing_recorded)
    await world.bob.click(over, label="Rematch")
    monkeypatch.undo()
    assert len(questions(world)) == 1

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(120)

    [asked] = questions(world)  # recognised by its buttons: not posted again
    await world.alice.click(asked, label="Accept")
    assert "Everyone accepted: Draw Dominoes #2 is on." in text_of(questions(world)[0])
    assert refusals(world) == []


async def test_an_outcome_and_a_lobby_discord_refused_are_shown_at_the_retry_once(world: World) -> None:
    over = await play_to_the_end(world)
    asked = await ask(world, world.alice, over)
    world.env.inject_error("PATCH", f"/channels/{thread(world).id}/messages/{asked.id}", status=503)
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503)

    await world.bob.click(asked, label="Decline")
    assert custom_ids(again_in(world, asked)) and lobbies_posted(world) == []  # neither shown yet

    await world.env.advance_time(6)  # the lobby at the first retry, the question's redraw failing once more
    await world.env.advance_time(16)
    [lobby] = lobbies_posted(world)
    shown = again_in(world, asked)
    assert "Someone declined" in text_of(shown) and lobby.jump_url in text_of(shown) and custom_ids(shown) == []
    await world.env.advance_time(600)
    assert len(lobbies_posted(world)) == 1 and len(questions(world)) == 1
    assert refusals(world) == []


async def test_a_crash_between_the_decision_and_the_table_opens_it_once_after_the_restart(
    world: World, make_bot: Callable[[], FivesBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    over = await play_to_the_end(world, humans=(world.bob, world.carol))
    asked = await ask(world, world.alice, over)
    await world.bob.click(asked, label="Accept")

    async def crash(*args: Any, **kwargs: Any) -> None:  # the process dies once the decision is committed
        raise RuntimeError("the process died here")

    monkeypatch.setattr(world.bot.service.rematches, "_made", crash)
    await world.carol.click(asked, label="Decline")
    monkeypatch.undo()
    assert [str(e) for e in world.env.errors] == ["the process died here"]  # seen: it was the crash
    assert world.bot.service.lobbies.of_guild(world.guild.id) == [] and lobbies_posted(world) == []

    await world.env.restart_bot(make_bot())
    await world.env.advance_time(150)  # the dead process's claim runs out; the sweep opens the table

    [lobby] = world.bot.service.lobbies.of_guild(world.guild.id)
    assert [s.user_id for s in lobby.seats] == [world.alice.id, world.bob.id]
    [posted] = lobbies_posted(world)
    shown = again_in(world, asked)
    assert "Someone declined" in text_of(shown) and posted.jump_url in text_of(shown)
    await world.env.advance_time(600)
    assert len(world.bot.service.lobbies.of_guild(world.guild.id)) == 1 and len(lobbies_posted(world)) == 1
    assert len(questions(world)) == 1


async def test_a_final_board_posted_before_a_restart_still_asks_for_the_rematch(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    over = await play_to_the_end(world)
    assert "fives:rematch:1" in custom_ids(over)  # the custom id boards carry, unchanged
    await world.env.restart_bot(make_bot())
    asked = await ask(world, world.bob, over)
    assert "fives:rematch:1:yes" in custom_ids(asked) and "fives:rematch:1:no" in custom_ids(asked)
    await world.alice.click(asked, label="Accept")
    assert "Everyone accepted" in text_of(again_in(world, asked))
