"""What the table refuses, as the players see it: a short private answer in their language, and the game
exactly as it was (same turn, same board, no new message in the thread)."""

from __future__ import annotations

import asyncio

from simcord.actors import _component_select

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
    selects_of,
    thread,
    whose_turn,
)


def snapshot(world: World) -> tuple[int, int, int]:
    """The game's turn, the number of messages in its thread, and its newest board."""
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    return summary.turn, len(thread(world).history()), board(world).id


async def test_a_spectator_clicking_my_hand_is_told_they_do_not_play_here(world: World) -> None:
    await open_table(world)
    before = snapshot(world)
    result = await world.carol.click(board(world), label="My hand")
    assert reply(result).ephemeral
    assert reply(result).content == "You are not playing at this table."
    assert refusals(world) == ["not_a_player"]
    assert snapshot(world) == before


async def test_a_player_out_of_turn_sees_their_hand_without_moves_and_cannot_move(world: World) -> None:
    await open_table(world)
    waiting = world.bob if whose_turn(world) is world.alice else world.alice
    before = snapshot(world)
    shown = reply(await waiting.click(board(world), label="My hand"))
    assert shown.ephemeral and must(shown.embeds[0].description).startswith("Waiting for")
    assert [a.filename for a in shown.attachments] == ["hand.png"]
    assert not any(i.startswith(("fives:act:", "fives:do:", "fives:type:")) for i in custom_ids(shown.message))

    typed = await waiting.slash(thread(world), "move", action="draw")
    assert reply(typed).ephemeral and reply(typed).content == "It is not your turn."
    assert refusals(world) == ["not_your_turn"]
    assert snapshot(world) == before


async def test_a_control_from_an_earlier_turn_is_refused_as_stale(world: World) -> None:
    await open_table(world)
    player = must(whose_turn(world))
    # The same turn's controls in two places: the DM and the ephemeral My hand.
    ephemeral = reply(await player.click(board(world), label="My hand"))
    await move(player, must(playable(player)))
    before = snapshot(world)
    select = selects_of(ephemeral.message, "fives:act:")[0]
    late = await player.select(ephemeral, [select.options[-1].value], custom_id=select.custom_id)
    [answer] = late.followups
    assert answer.ephemeral and answer.content.startswith("That control was for an earlier turn")
    assert refusals(world) == ["stale_control"]
    assert snapshot(world) == before


async def test_two_clicks_at_once_apply_exactly_one_move(world: World) -> None:
    await open_table(world)
    player = must(whose_turn(world))
    hand = must(playable(player))
    select = selects_of(hand, "fives:act:")[0]
    turn, messages, _ = snapshot(world)
    value = select.options[0].value
    # Both interactions reach the bot before it has answered either, as with a double click on a slow line.
    results = await asyncio.gather(
        _component_select(player.user, hand, [value], custom_id=select.custom_id),
        _component_select(player.user, hand, [value], custom_id=select.custom_id),
    )
    assert refusals(world) == ["stale_control"]
    refused = [r for r in results if r.followups]
    assert len(refused) == 1 and refused[0].followups[0].content.startswith("That control was for an earlier turn")
    new_turn, new_messages, _ = snapshot(world)
    assert new_messages == messages + 1  # one new board, for one move
    assert new_turn > turn
    assert must(thread(world).history()[-1].embeds[0].description).count(f"**{player.name}** played") == 1


async def test_a_move_picked_from_the_list_after_the_players_own_click_is_refused_not_played_later(
    world: World,
) -> None:
    """`/move`'s list is made for one turn, as a button is: a move picked there and sent after the same
    player's click was accepted is refused as stale, even where that player is at once to act again (only
    computers in between) and the move is legal there: it was meant for the turn the player saw."""
    await open_table(world, "draw", humans=(), computers=2)  # Alice alone with computers
    alice = world.alice
    assert whose_turn(world) is alice
    choices = await alice.autocomplete(thread(world), "move", "action", "")
    assert choices and all(" #" in c["value"] for c in choices)
    await move(alice, must(playable(alice)))  # her click in the DM wins the race
    assert whose_turn(world) is alice  # the computers have played: her turn again
    before = snapshot(world)
    stale = [c["value"] for c in choices]
    typed = await alice.slash(thread(world), "move", action=stale[0])
    assert reply(typed).ephemeral and reply(typed).content.startswith("That control was for an earlier turn")
    assert refusals(world) == ["stale_control"]
    assert snapshot(world) == before
    # A pick from the list made now is played.
    fresh = await alice.autocomplete(thread(world), "move", "action", "")
    played = await alice.slash(thread(world), "move", action=fresh[0]["value"])
    assert not reply(played).content
    assert snapshot(world)[0] > before[0]
