"""Resigning hands the seat to a computer; abandoning ends the game without results."""

from __future__ import annotations

import pytest

from bot.tables import (
    BoardChanged,
    GameAbandoned,
    GameEnded,
    NotAPlayer,
    NotHost,
    SeatHandedToComputer,
    TableOver,
)
from tests.checks import must, only
from tests.tables.conftest import Harness


async def test_resign_hands_the_seat_to_a_computer(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ann, bob), computers=2)
    bob_seat = (await svc.tables.private_view(game_no, bob.user_id)).seat
    notes = await svc.games.resign(game_no, bob.user_id)
    handed = notes[0]
    assert isinstance(handed, SeatHandedToComputer) and (handed.seat, handed.user_id) == (bob_seat, bob.user_id)
    seat = handed.table.seats[bob_seat]
    assert seat.computer and seat.user_id is None and seat.replaced_user_id == bob.user_id and seat.name == "Bob"
    assert svc.tables.games_of(bob.user_id) == []
    with pytest.raises(NotAPlayer):
        await svc.act(game_no, bob.user_id, "draw", None)

    notes = await harness.play(game_no)
    bob_moves = [n for n in notes if isinstance(n, BoardChanged) and n.seat == bob_seat]
    assert bob_moves and all(n.kind == "computer" for n in bob_moves)
    end = next(n for n in notes if isinstance(n, GameEnded))
    assert {c.user_id for c in end.ratings} == {ann.user_id, bob.user_id}  # resigning does not dodge the result


async def test_resign_on_your_turn_lets_the_computer_move_at_once(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    hand = must(await harness.to_act(game_no))
    notes = await svc.games.resign(game_no, hand.user_id)
    moves = [n for n in notes if isinstance(n, BoardChanged)]
    assert moves[0].seat == hand.seat and moves[0].kind == "computer" and moves[0].turn == hand.turn + 1


async def test_only_the_host_or_an_admin_abandons(harness: Harness) -> None:
    ann, bob, cat, _ = harness.players
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ann, bob), computers=2)
    with pytest.raises(NotHost):
        await svc.games.abandon(game_no, bob.user_id)
    with pytest.raises(NotHost):
        await svc.games.abandon(game_no, cat.user_id, is_admin=False)
    [abandoned] = await svc.games.abandon(game_no, cat.user_id, is_admin=True)
    assert isinstance(abandoned, GameAbandoned) and abandoned.by_user_id == cat.user_id
    assert abandoned.table.status == "abandoned"
    assert svc.tables.games_of(ann.user_id) == []
    with pytest.raises(TableOver):
        await svc.act(game_no, ann.user_id, "draw", None)
    with pytest.raises(TableOver):
        await svc.games.resign(game_no, ann.user_id)
    assert await svc.standings.leaderboard(harness.guild, "five-up") == []  # no results
    await harness.restart()
    assert harness.service.tables.games_of(ann.user_id) == []
    with pytest.raises(TableOver):
        await harness.service.tables.public_view(game_no)


async def test_the_host_abandons(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    game_no, _ = await harness.start_game(humans=(ann, bob), computers=2)
    abandoned = only(GameAbandoned, await harness.service.games.abandon(game_no, ann.user_id))
    assert abandoned.by_user_id == ann.user_id
    record = await harness.service.tables.export(game_no)  # an abandoned game can still be exported
    assert record["game"] == "five-up"


async def test_computers_finish_a_game_whose_humans_all_resigned(harness: Harness) -> None:
    ann, _, _, _ = harness.players
    game_no, _ = await harness.start_game(humans=(ann,), computers=1, game_id="muggins")
    notes = await harness.service.games.resign(game_no, ann.user_id)
    assert isinstance(notes[-1], GameEnded)
    assert [c.user_id for c in notes[-1].ratings] == [ann.user_id]
