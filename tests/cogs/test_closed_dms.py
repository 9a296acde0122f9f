"""A player who does not accept DMs: the table says so once, without showing anything of theirs, and they
play through **My hand** (ephemeral) instead."""

from __future__ import annotations

import pytest
import simcord

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
    reply,
    text_of,
    thread,
    whose_turn,
)

NOTICE = "does not take direct messages from me"


async def play_until(world: World, member: simcord.MemberActor) -> None:
    for _ in range(12):
        if whose_turn(world) is member:
            return
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    raise AssertionError(f"{member.name} never got a turn")


async def test_closed_dms_are_announced_once_and_my_hand_plays_instead(world: World) -> None:
    bob = world.bob
    close_dms(world.env, bob)
    await open_table(world)
    [notice] = [m for m in thread(world).history() if NOTICE in text_of(m)]
    assert notice.embeds[0].description == (
        "bob does not take direct messages from me: they see their hand and play with **My hand** on the board "
        "(or `/hand`)."
    )
    assert not notice.content and bob.mention not in text_of(notice)
    assert dms(bob) == []

    for _ in range(2):  # two of Bob's turns, told only once
        await play_until(world, bob)
        assert board(world).content == f"{bob.mention}, it's your turn."
        shown = reply(await bob.click(board(world), label="My hand"))
        assert shown.ephemeral and must(shown.embeds[0].description).startswith("**Your turn.**")
        turn = world.bot.service.tables.games_of(bob.id)[0].turn
        await move(bob, shown.message)
        assert world.bot.service.tables.games_of(bob.id)[0].turn > turn
        after = next(m for m in thread(world).history(viewer=bob) if m.id == shown.id)
        assert must(after.embeds[0].description).startswith("Waiting for")  # the ephemeral hand, updated
        assert not any(i.startswith("fives:act:") for i in custom_ids(after))
    assert len([m for m in thread(world).history() if NOTICE in text_of(m)]) == 1
    assert dms(bob) == []
    assert world.env.errors == []


def open_dms(world: World, member: simcord.MemberActor) -> None:
    """`member` takes DMs again: Discord no longer refuses the bot's messages to them."""
    path = f"/channels/{member.user.dm_channel.id}/messages"
    world.env.backend.faults[:] = [f for f in world.env.backend.faults if f["path"] != path]


@pytest.mark.parametrize("how", ["My hand", "/hand"])
async def test_a_player_who_opens_their_dms_again_gets_their_hand_by_dm_once_back_at_the_table(
    world: World, how: str
) -> None:
    bob = world.bob
    close_dms(world.env, bob)
    await open_table(world)
    assert dms(bob) == []
    open_dms(world, bob)
    if how == "My hand":
        await bob.click(board(world), label="My hand")
    else:
        await bob.slash(thread(world), "hand")

    await play_until(world, bob)  # well within the hour after which closed DMs are tried again anyway

    hand = playable(bob)
    assert hand is not None and must(hand.embeds[0].description).startswith("**Your turn.**")
    await move(bob, hand)  # and he plays from it
    assert len([m for m in thread(world).history() if NOTICE in text_of(m)]) == 1
    assert world.env.errors == []


async def test_a_player_whose_dms_stay_closed_is_not_told_about_again_after_using_my_hand(world: World) -> None:
    bob = world.bob
    close_dms(world.env, bob)
    await open_table(world)
    await bob.click(board(world), label="My hand")  # DMs are tried again: still closed

    await play_until(world, bob)

    assert dms(bob) == [] and board(world).content == f"{bob.mention}, it's your turn."
    assert len([m for m in thread(world).history() if NOTICE in text_of(m)]) == 1
    assert world.env.errors == []
