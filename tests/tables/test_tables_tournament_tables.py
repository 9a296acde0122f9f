"""A tournament's tables through the table service, on both backends: a crash between making a round's table
and noting its number (after the game started, or before) opens no second table when the sweep opens the match
again after a restart, nor does another process starting it meanwhile; a rematch's table carries its origin the
same way; and a player who withdraws during a
round leaves their table as a resignation does, a computer playing their seat while the match is a forfeit."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from bot.tables import GameEnded, LobbyChanged, Notification, Player, SeatHandedToComputer, StoreFailed, TableOpened
from bot.tables.community.tournaments import OPENING_LEASE
from bot.tables.service import TableService
from data import GameRow, LobbyRow, OutboxEntry, StoreError, TournamentRow
from tests.checks import is_a, must
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness

SHORT = {"rounds": 1}  # Draw of a single hand


async def _signed_up(svc: TableService, harness: Harness, players: tuple[Player, ...] = (ANN, BOB)) -> int:
    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "knockout", options=SHORT)
    for p in players:
        await svc.tournaments.sign_up(t.tournament_id, [p])
    return t.tournament_id


async def _active_games(harness: Harness) -> list[int]:
    return [must(g.row.game_no) for g in await harness.store.active_games()]


async def test_a_crash_after_the_table_started_and_before_its_number_was_noted_opens_no_second_table(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = harness.service
    tid = await _signed_up(svc, harness)
    real = harness.store.save_tournament

    async def dies_noting_the_table(row: TournamentRow) -> None:
        if any(m.get("game") is not None for r in row.state.get("rounds", ()) for m in r):
            raise StoreError("the process died here")
        await real(row)

    monkeypatch.setattr(harness.store, "save_tournament", dies_noting_the_table)
    with pytest.raises(StoreFailed):
        await svc.tournaments.begin(tid, ANN.user_id)
    monkeypatch.undo()
    [made] = await _active_games(harness)  # the table was made and started, its number never saved

    await harness.restart()
    svc = harness.service
    [(t, notes)] = await svc.tournaments.sweep()
    assert notes == [] and t.played[0][0].game_no is None  # another process may be opening it still
    harness.clock.advance(OPENING_LEASE + 1)
    [(t, notes)] = await svc.tournaments.sweep()  # opened again: the same table, found by its origin
    assert [type(n) for n in notes] == [LobbyChanged] and is_a(LobbyChanged, notes[0]).lobby.game_no == made
    assert t.played[0][0].game_no == made and await _active_games(harness) == [made]

    assert any(isinstance(n, GameEnded) for n in await harness.play(made))
    [(t, _)] = await svc.tournaments.sweep()
    assert t.winner is not None and t.played[0][0].result in ("a", "b")


async def test_a_crash_after_the_table_was_made_and_before_it_started_starts_that_table(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = harness.service
    tid = await _signed_up(svc, harness)

    async def dies_starting(row: GameRow, tell: Iterable[OutboxEntry] = ()) -> int:
        raise StoreError("the process died here")

    monkeypatch.setattr(harness.store, "create_game", dies_starting)
    t, notes = await svc.tournaments.begin(tid, ANN.user_id)  # the table could not start: it waits
    monkeypatch.undo()
    assert not any(isinstance(n, TableOpened) for n in notes) and t.played[0][0].game_no is None
    [lobby] = svc.lobbies.of_guild(harness.guild)  # made, seated, not started

    await harness.restart()
    svc = harness.service
    assert [w.lobby_id for w in svc.lobbies.of_guild(harness.guild)] == [lobby.lobby_id]
    harness.clock.advance(OPENING_LEASE + 1)
    [(t, notes)] = await svc.tournaments.sweep()
    [opened] = [n.table for n in notes if isinstance(n, TableOpened)]
    assert opened.lobby_id == lobby.lobby_id and t.played[0][0].lobby_id == lobby.lobby_id
    assert t.played[0][0].game_no == opened.game_no and await _active_games(harness) == [opened.game_no]
    assert svc.lobbies.of_guild(harness.guild) == []
    assert (await svc.tournaments.sweep())[0][1] == []  # nothing more to open


async def test_a_table_another_process_started_meanwhile_is_the_one_noted(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = harness.service
    tid = await _signed_up(svc, harness)

    async def dies_starting(row: GameRow, tell: Iterable[OutboxEntry] = ()) -> int:
        raise StoreError("the process died here")

    monkeypatch.setattr(harness.store, "create_game", dies_starting)
    await svc.tournaments.begin(tid, ANN.user_id)  # the table is made, not started
    monkeypatch.undo()
    await harness.restart()
    svc = harness.service
    real = harness.store.create_lobby_once
    started: list[Notification] = []

    async def started_by_another(
        row: LobbyRow,
    ) -> tuple[LobbyRow, bool]:  # a slower process finds the table open, and the other starts it
        found, made = await real(row)
        started.extend(await svc.games.start(must(found.lobby_id), ANN.user_id))
        return found, made

    monkeypatch.setattr(harness.store, "create_lobby_once", started_by_another)
    harness.clock.advance(OPENING_LEASE + 1)
    [(t, notes)] = await svc.tournaments.sweep()
    [opened] = [n.table for n in started if isinstance(n, TableOpened)]
    assert not any(isinstance(n, TableOpened) for n in notes)  # told once, by the one that started it
    assert t.played[0][0].game_no == opened.game_no and await _active_games(harness) == [opened.game_no]


async def test_a_rematch_opens_its_table_under_its_origin(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw", options=SHORT)
    await harness.play(game_no)
    await svc.rematches.ask(game_no, harness.guild, ANN.user_id, 555)
    done, notes = await svc.rematches.answer(game_no, BOB.user_id, True)
    [opened] = [n.table for n in notes if isinstance(n, TableOpened)]
    # Opening that rematch again (a crash before its number was noted, a slower process) gives that table.
    again = LobbyRow(
        None, harness.guild, harness.channel, ANN.user_id, "draw", {}, (), "open", 0.0, origin=f"rematch:{game_no}"
    )
    row, made = await harness.store.create_lobby_once(again)
    assert not made and row.lobby_id == opened.lobby_id and row.game_no == opened.game_no == done.next_game_no


async def test_a_player_who_withdraws_during_a_round_leaves_the_table_to_a_computer(harness: Harness) -> None:
    svc = harness.service
    tid = await _signed_up(svc, harness, (ANN, BOB, CAT, DAN))
    t, notes = await svc.tournaments.begin(tid, ANN.user_id)
    tables = {n.table.game_no: n.table for n in notes if isinstance(n, TableOpened)}
    [game_no] = [
        must(m.game_no) for m in t.played[0] if BOB.user_id in t.entrants[must(m.a)].users + t.entrants[must(m.b)].users
    ]
    seat = next(s.index for s in tables[game_no].seats if s.user_id == BOB.user_id)

    t, notes = await svc.tournaments.withdraw(tid, BOB.user_id)
    [handed] = [n for n in notes if isinstance(n, SeatHandedToComputer)]
    assert (handed.table.game_no, handed.seat, handed.user_id) == (game_no, seat, BOB.user_id)
    table = await svc.tables.info(game_no)
    assert table.seats[seat].computer and table.seats[seat].replaced_user_id == BOB.user_id
    assert svc.tables.games_of(BOB.user_id) == [] and table.status == "active"  # the other plays on
    [match] = [m for m in t.played[0] if m.game_no == game_no]
    assert match.forfeit and t.entrants[must(match.a if match.result == "a" else match.b)].users != (BOB.user_id,)

    for number in tables:  # every table to its end: the forfeit stands whatever the computer made of it
        await harness.play(number)
    [(t, notes)] = await svc.tournaments.sweep()
    assert [m for m in t.played[0] if m.game_no == game_no] == [match]
    [final] = [n.table for n in notes if isinstance(n, TableOpened)]
    assert BOB.user_id not in {s.user_id for s in final.seats}


async def test_a_crash_after_the_winner_was_told_and_before_it_was_finished_finishes_it_at_the_next_sweep(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = harness.service
    tid = await _signed_up(svc, harness)
    _, notes = await svc.tournaments.begin(tid, ANN.user_id)
    [game_no] = [n.table.game_no for n in notes if isinstance(n, TableOpened)]
    assert any(isinstance(n, GameEnded) for n in await harness.play(game_no))
    [(t, _)] = await svc.tournaments.sweep()
    told = await svc.tournaments.claim(tid)
    assert told is not None and told.winner is not None
    real = harness.store.save_tournament

    async def dies_finishing(row: TournamentRow) -> None:
        if row.status == "finished":
            raise StoreError("the process died here")
        await real(row)

    monkeypatch.setattr(harness.store, "save_tournament", dies_finishing)
    with pytest.raises(StoreFailed):
        await svc.tournaments.told(told)  # the winner was posted and noted told; then the crash
    monkeypatch.undo()

    await harness.restart()
    svc = harness.service
    await svc.tournaments.sweep()
    t = await svc.tournaments.get(tid)
    assert t.status == "finished" and t.winner == told.winner  # not running for ever, its winner known
    assert await svc.tournaments.claim(tid) is None  # and the winner is not told again
    assert await svc.tournaments.sweep() == []
