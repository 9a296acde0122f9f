"""Rematches through the table service, on both backends: when every human says yes the same game starts again
(same seats, computers and options); a no, or the deadline, opens a new table with those who said yes and the
computers, the other seats open; it is settled once; and the refusals."""

from __future__ import annotations

import pytest

from bot.tables import GameEnded, GameNotOver, TableOpened
from bot.tables.rematches import REMATCH_SECONDS, NoRematch, NotInTheGame, RematchSettled
from tests.tables.conftest import ANN, BOB, CAT


async def _finished(harness, **kwargs) -> GameEnded:
    game_no, _ = await harness.start_game(**kwargs)
    return next(n for n in await harness.play(game_no) if isinstance(n, GameEnded))


async def test_when_everyone_says_yes_the_same_game_starts_again(harness):
    svc = harness.service
    options = {"partners": "by_agreement", "skunk": "double"}  # seats as they were, not drawn again
    end = await _finished(harness, humans=(ANN, BOB), computers=2, game_id="five-up", options=options)
    old = end.table
    asked, notes, first = await svc.rematches.ask(old.game_no, harness.guild, BOB.user_id, 555)
    assert first and notes == [] and asked.status == "open" and asked.waiting == (ANN.user_id,)
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


async def test_a_no_opens_a_table_with_the_others_and_the_seat_open(harness):
    svc = harness.service
    end = await _finished(harness, humans=(ANN, BOB, CAT), computers=0, game_id="draw", options={"rounds": 1})
    game_no = end.table.game_no
    await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    waiting, notes = await svc.rematches.answer(game_no, CAT.user_id, True)
    assert notes == [] and waiting.waiting == (BOB.user_id,)
    settled, notes = await svc.rematches.answer(game_no, BOB.user_id, False)
    assert settled.status == "reopened" and settled.declined == (BOB.user_id,)
    lobby = settled.lobby
    assert lobby is not None and lobby.status == "open" and lobby.game_id == "draw"
    assert [s.user_id for s in lobby.seats] == [ANN.user_id, CAT.user_id] and lobby.options["rounds"] == 1
    assert [n.lobby.lobby_id for n in notes] == [lobby.lobby_id]
    assert svc.lobby(lobby.lobby_id).host_id == ANN.user_id


async def test_the_deadline_opens_the_table_for_those_who_said_yes(harness):
    svc = harness.service
    end = await _finished(harness, humans=(ANN, BOB), computers=1, game_id="draw", options={"rounds": 1})
    game_no = end.table.game_no
    await svc.rematches.ask(game_no, harness.guild, BOB.user_id, 555)
    assert await svc.rematches.sweep() == []
    harness.clock.advance(REMATCH_SECONDS)
    [(lapsed, told)] = await svc.rematches.sweep()
    assert [n.lobby.lobby_id for n in told] == [lapsed.lobby.lobby_id]
    assert lapsed.status == "reopened" and lapsed.waiting == (ANN.user_id,)
    assert [(s.user_id, s.computer) for s in lapsed.lobby.seats] == [
        (s.user_id, s.computer) for s in end.table.seats if s.user_id != ANN.user_id
    ]
    assert lapsed.lobby.host_id == BOB.user_id  # the host was not there: the one who asked
    assert await svc.rematches.sweep() == []


async def test_who_may_ask_and_when(harness):
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    with pytest.raises(GameNotOver):
        await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    await svc.abandon(game_no, ANN.user_id)
    with pytest.raises(NoRematch):
        await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    end = await _finished(harness, humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": 1})
    with pytest.raises(NotInTheGame):
        await svc.rematches.ask(end.table.game_no, harness.guild, CAT.user_id, 555)
    # alone with the computers: nobody to ask, it starts at once
    alone = await _finished(harness, humans=(CAT,), computers=1, game_id="draw", options={"rounds": 1})
    started, notes, _ = await svc.rematches.ask(alone.table.game_no, harness.guild, CAT.user_id, 555)
    assert started.status == "started" and any(isinstance(n, TableOpened) for n in notes)
