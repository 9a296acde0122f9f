"""Rematches through the table service, on both backends: when every human says yes the same game starts again
(same seats, computers and options); a no, or the deadline, opens a new table with those who said yes and the
computers, the other seats open; it is settled once; and the refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.tables import GameEnded, GameNotOver, LobbyChanged, Notification, Rematch, TableInfo, TableOpened
from bot.tables.community.rematches import (
    REMATCH_SECONDS,
    NoPartners,
    NoRematch,
    NotInTheGame,
    RematchAskedOtherwise,
    RematchSettled,
)
from bot.tables.seating import swapped_partners
from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness


def lobby_ids(notes: Sequence[Notification]) -> list[int]:
    """The lobby each note tells of: a lobby redrawn, or the table a rematch led to."""
    out = []
    for note in notes:
        assert isinstance(note, LobbyChanged | Rematch), note
        out.append(must(note.lobby).lobby_id)
    return out


async def _finished(harness: Harness, **kwargs: Any) -> GameEnded:
    game_no, _ = await harness.start_game(**kwargs)
    return next(n for n in await harness.play(game_no) if isinstance(n, GameEnded))


async def test_when_everyone_says_yes_the_same_game_starts_again(harness: Harness) -> None:
    svc = harness.service
    options = {"partners": "by_agreement", "skunk": "double"}  # seats as they were, not drawn again
    end = await _finished(harness, humans=(ANN, BOB), computers=2, game_id="five-up", options=options)
    old = end.table
    asked, notes, first = await svc.rematches.ask(old.game_no, harness.guild, BOB.user_id, 555)
    assert first and notes == [asked] and asked.status == "open" and asked.waiting == (ANN.user_id,)
    assert asked.deadline == harness.clock.now + REMATCH_SECONDS
    await svc.rematches.set_message(old.game_no, 777)

    done, notes = await svc.rematches.answer(old.game_no, ANN.user_id, True)
    assert done.status == "started" and done.message_id == 777
    [opened] = [n for n in notes if isinstance(n, TableOpened)]
    new = opened.table
    assert done.next_game_no == new.game_no != old.game_no
    assert new.channel_id == old.channel_id and new.game_id == "five-up"
    assert [(s.user_id, s.name, s.computer) for s in new.seats] == [(s.user_id, s.name, s.computer) for s in old.seats]
    assert [s.level for s in new.seats] == [s.level for s in old.seats]  # each computer at the level it played
    assert new.options["skunk"] == "double" and new.options["partners"] == "by_agreement"
    with pytest.raises(RematchSettled):  # once
        await svc.rematches.answer(old.game_no, BOB.user_id, True)
    with pytest.raises(RematchSettled):  # asking again is answering a settled rematch
        await svc.rematches.ask(old.game_no, harness.guild, ANN.user_id, 555)


async def test_a_no_opens_a_table_with_the_others_and_the_seat_open(harness: Harness) -> None:
    svc = harness.service
    end = await _finished(harness, humans=(ANN, BOB, CAT), computers=0, game_id="draw", options={"rounds": 1})
    game_no = end.table.game_no
    await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    waiting, notes = await svc.rematches.answer(game_no, CAT.user_id, True)
    assert notes == [waiting] and waiting.waiting == (BOB.user_id,)
    settled, notes = await svc.rematches.answer(game_no, BOB.user_id, False)
    assert settled.status == "reopened" and settled.declined == (BOB.user_id,)
    lobby = settled.lobby
    assert lobby is not None and lobby.status == "open" and lobby.game_id == "draw"
    assert [s.user_id for s in lobby.seats] == [ANN.user_id, CAT.user_id] and lobby.options["rounds"] == 1
    assert lobby_ids(notes) == [lobby.lobby_id, lobby.lobby_id] and notes[-1] == settled
    assert svc.lobbies.info(lobby.lobby_id).host_id == ANN.user_id


async def test_the_deadline_opens_the_table_for_those_who_said_yes(harness: Harness) -> None:
    svc = harness.service
    end = await _finished(harness, humans=(ANN, BOB), computers=1, game_id="draw", options={"rounds": 1})
    game_no = end.table.game_no
    await svc.rematches.ask(game_no, harness.guild, BOB.user_id, 555)
    assert await svc.rematches.sweep() == []
    harness.clock.advance(REMATCH_SECONDS)
    [(lapsed, told)] = await svc.rematches.sweep()
    assert lobby_ids(told) == [must(lapsed.lobby).lobby_id] * 2 and told[-1] == lapsed
    assert lapsed.status == "reopened" and lapsed.waiting == (ANN.user_id,)
    assert [(s.user_id, s.computer) for s in must(lapsed.lobby).seats] == [
        (s.user_id, s.computer) for s in end.table.seats if s.user_id != ANN.user_id
    ]
    assert must(lapsed.lobby).host_id == BOB.user_id  # the host was not there: the one who asked
    assert await svc.rematches.sweep() == []


async def test_who_may_ask_and_when(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    with pytest.raises(GameNotOver):
        await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    await svc.games.abandon(game_no, ANN.user_id)
    with pytest.raises(NoRematch):
        await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    end = await _finished(harness, humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": 1})
    with pytest.raises(NotInTheGame):
        await svc.rematches.ask(end.table.game_no, harness.guild, CAT.user_id, 555)
    # alone with the computers: nobody to ask, it starts at once
    alone = await _finished(harness, humans=(CAT,), computers=1, game_id="draw", options={"rounds": 1})
    started, notes, _ = await svc.rematches.ask(alone.table.game_no, harness.guild, CAT.user_id, 555)
    assert started.status == "started" and any(isinstance(n, TableOpened) for n in notes)


def _partners(table: TableInfo) -> dict[int | str, set[int | str]]:
    """Who partners whom at a table: each player (a human's user id, a computer by its level) -> the others of
    their side."""
    people = [s.user_id if s.user_id is not None else f"computer ({s.level})" for s in table.seats]
    return {people[s]: {people[o] for o in side if o != s} for side in table.sides for s in side}


async def test_a_rematch_with_new_partners_seats_everyone_with_a_new_partner(harness: Harness) -> None:
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ANN, BOB), computers=2, game_id="five-up")  # partners by draw
    await svc.lobbies.set_computer_level(lobby_id, ANN.user_id, 1, "easy")
    await svc.lobbies.set_computer_level(lobby_id, ANN.user_id, 2, "normal")
    await svc.games.start(lobby_id, ANN.user_id)
    [game_no] = [g.table.game_no for g in svc.tables.games_of(ANN.user_id)]
    end = next(n for n in await harness.play(game_no) if isinstance(n, GameEnded))
    old = end.table
    asked, _, first = await svc.rematches.ask(game_no, harness.guild, BOB.user_id, 555, swap=True)
    assert first and asked.swap and asked.seating == (0, 1, 3, 2)
    with pytest.raises(RematchAskedOtherwise) as plain:  # the same partners: not what was asked
        await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    assert plain.value.key == "rematch_asked_swapped"
    done, _ = await svc.rematches.answer(game_no, ANN.user_id, True)
    assert done.status == "started"

    new = await svc.tables.info(must(done.next_game_no))
    moved = [old.seats[s] for s in (0, 1, 3, 2)]  # seats 2 and 3 change places
    assert [(s.user_id, s.level) for s in new.seats] == [(s.user_id, s.level) for s in moved]  # levels move too
    before, after = _partners(old), _partners(new)
    assert len(before) == 4 and all(after[player] != before[player] for player in before)
    assert new.options["partners"] == "by_agreement"  # seated as swapped, not drawn again


async def test_new_partners_are_only_for_partnership_games_and_one_kind_is_asked(harness: Harness) -> None:
    svc = harness.service
    end = await _finished(harness, humans=(ANN, BOB), computers=1, game_id="draw", options={"rounds": 1})
    with pytest.raises(NoPartners):
        await svc.rematches.ask(end.table.game_no, harness.guild, ANN.user_id, 555, swap=True)
    assert await harness.store.rematch(end.table.game_no) is None  # nothing asked
    options = {"partners": "by_agreement"}
    team = await _finished(harness, humans=(ANN, BOB, CAT), computers=1, game_id="five-up", options=options)
    game_no = team.table.game_no
    await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    with pytest.raises(RematchAskedOtherwise) as swapped:
        await svc.rematches.ask(game_no, harness.guild, BOB.user_id, 555, swap=True)
    assert swapped.value.key == "rematch_asked_same"
    assert (must(await harness.store.rematch(game_no))).answers == {ANN.user_id: True}  # the refusal changed nothing


async def test_a_declined_rematch_with_new_partners_opens_its_table_in_the_swapped_order(harness: Harness) -> None:
    svc = harness.service
    options = {"partners": "by_agreement"}
    end = await _finished(harness, humans=(ANN, BOB, CAT, DAN), computers=0, game_id="five-up", options=options)
    game_no, old = end.table.game_no, end.table.seats
    await svc.rematches.ask(game_no, harness.guild, CAT.user_id, 555, swap=True)
    await svc.rematches.answer(game_no, ANN.user_id, True)
    await svc.rematches.answer(game_no, DAN.user_id, True)
    settled, _ = await svc.rematches.answer(game_no, BOB.user_id, False)
    assert settled.status == "reopened" and settled.lobby is not None
    swapped = [old[s].user_id for s in (0, 1, 3, 2)]
    assert [s.user_id for s in settled.lobby.seats] == [u for u in swapped if u != BOB.user_id]
    assert settled.lobby.options["partners"] == "by_agreement"


@pytest.mark.parametrize(
    ("sides", "order"),
    [
        (((0, 2), (1, 3)), (0, 1, 3, 2)),  # four players, partners opposite
        (((0, 3), (1, 4), (2, 5)), (0, 1, 2, 5, 3, 4)),  # Five Hundred, six in three teams of two
        (((0, 2, 4), (1, 3, 5)), (0, 1, 3, 2, 4, 5)),  # Five Hundred, six in two teams of three
        (((0,), (1,), (2,)), None),  # everyone for himself
    ],
)
def test_the_swapped_seating_gives_everyone_new_partners(
    sides: tuple[tuple[int, ...], ...], order: tuple[int, ...] | None
) -> None:
    assert swapped_partners(sides) == order
    if order is None:
        return
    mates = {s: set(side) - {s} for side in sides for s in side}  # by seat: the players sitting there before
    new_mates = {order[s]: {order[o] for o in side if o != s} for side in sides for s in side}  # by player
    assert all(new_mates[player] != mates[player] for player in mates)
    if all(len(side) == 2 for side in sides):
        assert all(not (new_mates[player] & mates[player]) for player in mates)  # nobody keeps their partner
