"""Tournaments through the table service, on both backends: a knockout of four seeded by rating plays its
tables round by round (opened and started by the service) to its winner across a restart, each round told
once; a Swiss of three with its bye and a withdrawal; and the refusals."""

from __future__ import annotations

import pytest

from bot.tables import GameEnded, Notification, TableOpened
from bot.tables.community.tournaments import (
    AlreadySignedUp,
    BadTournament,
    NotSignedUp,
    NotTheOrganiser,
    PlayedAlone,
    TeamNeeded,
    TooFewEntrants,
    TournamentCancelled,
)
from bot.tables.lobby.lobbies import BadOption
from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness

SHORT = {"rounds": 1}  # Draw of a single hand


async def _play_round(harness: Harness, notes: list[Notification]) -> list[int]:
    """Play every table the notes opened to its end; their game numbers."""
    games = [n.table.game_no for n in notes if isinstance(n, TableOpened)]
    for game_no in games:
        played = await harness.play(game_no)
        assert any(isinstance(n, GameEnded) for n in played)
    return games


async def test_a_knockout_of_four_is_seeded_by_rating_and_played_to_its_winner_across_a_restart(
    harness: Harness,
) -> None:
    svc = harness.service
    # Dan beats Cat in a rated game first: the better rated is seeded first.
    rated, _ = await harness.start_game(humans=(DAN, CAT), computers=0, game_id="draw", options=SHORT)
    assert any(isinstance(n, GameEnded) for n in await harness.play(rated))
    ratings = await harness.store.ratings(harness.guild, "draw", [CAT.user_id, DAN.user_id])
    best = max(ratings, key=lambda u: ratings[u].ordinal)

    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "knockout", options=SHORT)
    assert t.status == "signup" and t.team_size == 1
    for p in (ANN, BOB, CAT, DAN):
        t = await svc.tournaments.sign_up(t.tournament_id, [p])
    assert [e.name for e in t.entrants] == ["Ann", "Bob", "Cat", "Dan"]

    t, notes = await svc.tournaments.begin(t.tournament_id, ANN.user_id)
    assert t.status == "running" and t.rounds == 2 and t.entrants[0].users == (best,)
    semis = [n.table for n in notes if isinstance(n, TableOpened)]
    assert len(semis) == 2 and [(m.a, m.b) for m in t.played[0]] == [(0, 3), (1, 2)]
    assert [m.game_no for m in t.played[0]] == [s.game_no for s in semis]
    assert {s.user_id for table in semis for s in table.seats} == {ANN.user_id, BOB.user_id, CAT.user_id, DAN.user_id}
    assert await svc.tournaments.claim(t.tournament_id) is None  # nothing to tell before a round ends

    await _play_round(harness, notes)
    await harness.restart()  # the semifinals ended while the bot was down
    svc = harness.service
    [(t, notes)] = await svc.tournaments.sweep()
    assert t.round_done == 1 and len(t.played) == 2
    [final] = [n.table for n in notes if isinstance(n, TableOpened)]
    winners = {t.played[0][k].a if t.played[0][k].result == "a" else t.played[0][k].b for k in (0, 1)}
    assert {s.user_id for s in final.seats} == {u for w in winners for u in t.entrants[must(w)].users}
    assert (await svc.tournaments.sweep())[0][1] == []  # advancing again opens nothing more
    told = await svc.tournaments.claim(t.tournament_id)
    assert told is not None and told.round_done == 1
    assert await svc.tournaments.claim(t.tournament_id) is None  # claimed: not twice
    await svc.tournaments.told(told)

    await _play_round(harness, notes)
    [(t, notes)] = await svc.tournaments.sweep()
    assert notes == [] and t.winner is not None and t.winner in winners and t.round_done == 2
    told = await svc.tournaments.claim(t.tournament_id)
    assert told is not None and told.winner == t.winner
    await svc.tournaments.told(told)
    t = await svc.tournaments.get(t.tournament_id)
    assert t.status == "finished" and await svc.tournaments.sweep() == []
    assert await svc.tournaments.claim(t.tournament_id) is None


async def test_a_swiss_of_three_gives_byes_and_a_withdrawn_player_loses_what_is_left(harness: Harness) -> None:
    svc = harness.service
    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "swiss", 2, SHORT)
    for p in (ANN, BOB, CAT):
        t = await svc.tournaments.sign_up(t.tournament_id, [p])
    t, notes = await svc.tournaments.begin(t.tournament_id, ANN.user_id)
    assert t.rounds == 2
    first = t.played[0]
    assert [(m.a, m.b) for m in first] == [(0, 1), (2, None)] and first[1].result == "a"  # the lowest: a bye
    assert len([n for n in notes if isinstance(n, TableOpened)]) == 1
    await _play_round(harness, notes)
    [(t, notes)] = await svc.tournaments.sweep()
    second = t.played[1]
    assert all(m.b is not None for m in second[:1]) and second[-1].b is None and second[-1].a != 2  # no second bye
    assert all(frozenset((m.a, m.b)) != frozenset((first[0].a, first[0].b)) for m in second if m.b is not None)
    # The player at the table withdraws: they lose it at once, and the tournament ends.
    playing = next(m for m in second if m.b is not None)
    leaver = t.entrants[must(playing.b)].users[0]
    t, _ = await svc.tournaments.withdraw(t.tournament_id, leaver)
    [(t, _)] = await svc.tournaments.sweep()
    assert t.played[1][0].result == "a" and t.played[1][0].forfeit and t.winner is not None
    assert t.standing()[0] == t.winner
    with pytest.raises(NotSignedUp):
        await svc.tournaments.withdraw(t.tournament_id, leaver)


async def test_refusals(harness: Harness) -> None:
    svc = harness.service
    with pytest.raises(BadTournament):
        await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "domineren", "knockout")
    with pytest.raises(BadTournament):
        await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "league")
    with pytest.raises(BadOption):
        await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "swiss", 2, {"rounds": 0})
    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "draw", "knockout")
    await svc.tournaments.sign_up(t.tournament_id, [ANN])
    with pytest.raises(AlreadySignedUp):
        await svc.tournaments.sign_up(t.tournament_id, [ANN])
    with pytest.raises(PlayedAlone):  # Draw is one against one: no partner
        await svc.tournaments.sign_up(t.tournament_id, [BOB, CAT])
    with pytest.raises(TooFewEntrants):
        await svc.tournaments.begin(t.tournament_id, ANN.user_id)
    await svc.tournaments.sign_up(t.tournament_id, [BOB])
    with pytest.raises(NotTheOrganiser):
        await svc.tournaments.begin(t.tournament_id, BOB.user_id)
    t, notes = await svc.tournaments.withdraw(t.tournament_id, BOB.user_id)  # while signing up: struck off
    assert notes == []
    assert [e.name for e in t.entrants] == ["Ann"]
    await svc.tournaments.cancel(t.tournament_id, ANN.user_id)
    with pytest.raises(TournamentCancelled):
        await svc.tournaments.sign_up(t.tournament_id, [CAT])
    teams = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "seven-rocks", "knockout")
    assert teams.team_size == 2
    with pytest.raises(TeamNeeded):
        await svc.tournaments.sign_up(teams.tournament_id, [ANN])
    teams = await svc.tournaments.sign_up(teams.tournament_id, [ANN, CAT])
    assert teams.entrants[0].name == "Ann & Cat"
    with pytest.raises(AlreadySignedUp):
        await svc.tournaments.sign_up(teams.tournament_id, [BOB, CAT])
    await svc.tournaments.sign_up(teams.tournament_id, [BOB, DAN])


async def test_teams_sit_opposite_their_partner_and_a_withdrawn_team_loses_its_table(harness: Harness) -> None:
    svc = harness.service
    t = await svc.tournaments.create(harness.guild, harness.channel, ANN.user_id, "seven-rocks", "knockout")
    await svc.tournaments.sign_up(t.tournament_id, [ANN, CAT])
    await svc.tournaments.sign_up(t.tournament_id, [BOB, DAN])
    t, notes = await svc.tournaments.begin(t.tournament_id, ANN.user_id)
    [table] = [n.table for n in notes if isinstance(n, TableOpened)]
    first, second = t.entrants
    seated = [s.user_id for s in table.seats]
    assert seated == [first.users[0], second.users[0], first.users[1], second.users[1]]  # partners opposite
    assert t.rounds == 1 and t.played[0][0].game_no == table.game_no
    t, _ = await svc.tournaments.withdraw(t.tournament_id, second.users[1])  # a team withdraws: it loses at once
    [(t, notes)] = await svc.tournaments.sweep()
    assert notes == [] and t.winner == 0 and t.played[0][0].forfeit
