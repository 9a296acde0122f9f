"""Cancelling a tournament through the table service, on both backends: by its organiser or a server manager
only, once; it opens no more tables, its tables being played play on without counting, it is told once (also
after a restart that came before it was told), and signing up, withdrawing or starting it are refused."""

from __future__ import annotations

import pytest

from bot.tables import GameEnded, Notification, TableOpened
from bot.tables.community.tournaments import (
    MayNotCancel,
    NotTheOrganiser,
    Tournament,
    TournamentCancelled,
    TournamentOver,
)
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness

SHORT = {"rounds": 1}  # Draw of a single hand


async def _running(harness: Harness) -> tuple[Tournament, list[Notification]]:
    svc = harness.service
    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "knockout", options=SHORT)
    for p in (ANN, BOB, CAT, DAN):
        await svc.tournaments.sign_up(t.tournament_id, [p])
    return await svc.tournaments.begin(t.tournament_id, ANN.user_id)


async def test_a_cancelled_tournament_opens_nothing_more_and_is_told_once_across_a_restart(harness: Harness) -> None:
    svc = harness.service
    t, notes = await _running(harness)
    tid = t.tournament_id
    semis = [n.table.game_no for n in notes if isinstance(n, TableOpened)]
    with pytest.raises(MayNotCancel):
        await svc.tournaments.cancel(tid, BOB.user_id)
    t = await svc.tournaments.cancel(tid, BOB.user_id, may_manage=True)  # a server manager may
    assert t.status == "cancelled" and t.cancelled_by == BOB.user_id
    assert [m.game_no for m in t.playing] == semis  # the tables play on
    with pytest.raises(TournamentCancelled):  # once
        await svc.tournaments.cancel(tid, ANN.user_id)
    for refused in (
        svc.tournaments.sign_up(tid, [CAT]),
        svc.tournaments.withdraw(tid, CAT.user_id),
        svc.tournaments.begin(tid, ANN.user_id),
    ):
        with pytest.raises(TournamentCancelled):
            await refused

    await harness.restart()  # before anyone told the channel
    svc = harness.service
    for game_no in semis:  # its tables are played to their end: they no longer count
        assert any(isinstance(n, GameEnded) for n in await harness.play(game_no))
    [(t, notes)] = await svc.tournaments.sweep()
    assert notes == [] and t.status == "cancelled" and len(t.played) == 1  # no final opened
    assert all(m.result is None for m in t.played[0])
    told = await svc.tournaments.claim(tid)
    assert told is not None and told.status == "cancelled"
    assert await svc.tournaments.claim(tid) is None  # claimed: not twice
    await svc.tournaments.told(told)
    assert await svc.tournaments.sweep() == [] and await svc.tournaments.claim(tid) is None
    await harness.restart()
    assert await harness.service.tournaments.sweep() == []  # told: for good


async def test_who_may_cancel_and_when(harness: Harness) -> None:
    svc = harness.service
    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "knockout", options=SHORT)
    with pytest.raises(MayNotCancel):
        await svc.tournaments.cancel(t.tournament_id, CAT.user_id)
    t = await svc.tournaments.cancel(t.tournament_id, ANN.user_id)  # while signing up
    assert t.status == "cancelled" and t.cancelled_by == ANN.user_id and t.playing == ()
    [(listed, _)] = await svc.tournaments.sweep()
    assert listed.tournament_id == t.tournament_id  # to be told

    other = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "knockout", options=SHORT)
    for p in (ANN, BOB):
        await svc.tournaments.sign_up(other.tournament_id, [p])
    with pytest.raises(NotTheOrganiser):
        await svc.tournaments.begin(other.tournament_id, BOB.user_id)
    other, notes = await svc.tournaments.begin(other.tournament_id, ANN.user_id)
    [final] = [n.table.game_no for n in notes if isinstance(n, TableOpened)]
    await harness.play(final)
    for t_, _ in await svc.tournaments.sweep():
        if t_.tournament_id == other.tournament_id:
            assert t_.winner is not None
    told = await svc.tournaments.claim(other.tournament_id)
    assert told is not None
    await svc.tournaments.told(told)
    with pytest.raises(TournamentOver):
        await svc.tournaments.cancel(other.tournament_id, ANN.user_id)
    assert [x.tournament_id for x in await svc.tournaments.of_guild(harness.guild)] == [
        other.tournament_id,
        t.tournament_id,
    ]
