"""Seasons through the table service, on both backends: while a season runs every rated game also counts on
its own board, which starts everyone afresh; once it ends (by a manager, or its date) its board stays as it
ended while the all-time board goes on; its champions are handed out to announce once; and the refusals."""

from __future__ import annotations

import pytest

from bot.tables import GameEnded, Player, TableOpened
from bot.tables.standings.seasons import (
    ANNOUNCE_LEASE,
    BadSeasonName,
    NoSeasonRunning,
    NoSuchSeason,
    SeasonEndsInThePast,
    SeasonNameTaken,
    SeasonRunning,
)
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness

MANAGER = 99


async def _finish(harness: Harness, humans: tuple[Player, ...] = (ANN, BOB), computers: int = 2) -> GameEnded:
    game_no, _ = await harness.start_game(humans=humans, computers=computers, game_id="muggins", options={"target": 50})
    notes = await harness.play(game_no)
    return next(n for n in notes if isinstance(n, GameEnded))


async def test_a_season_rates_its_games_afresh_and_keeps_its_board_as_it_ended(harness: Harness) -> None:
    svc, guild = harness.service, harness.guild
    await _finish(harness)  # before any season: all-time only
    spring = await svc.seasons.start(guild, harness.channel, MANAGER, "  Spring   2026 ")
    assert spring.name == "Spring 2026" and spring.running
    assert await svc.standings.leaderboard(guild, "muggins", season_id=spring.season_id) == []

    end = await _finish(harness)
    board = await svc.standings.leaderboard(guild, "muggins", season_id=spring.season_id)
    assert {e.user_id for e in board} == {ANN.user_id, BOB.user_id} and {e.games for e in board} == {1}
    all_time = {e.user_id: e.games for e in await svc.standings.leaderboard(guild, "muggins")}
    assert all_time == {ANN.user_id: 2, BOB.user_id: 2}
    first = next(e for e in board if e.place == 1)
    assert end.ratings  # a rated game: the season's first is its first
    [champion] = await svc.seasons.champions(spring)
    assert (champion.game_id, champion.user_id, champion.games) == ("muggins", first.user_id, 1)

    harness.clock.advance(60)
    ended = await svc.seasons.end(guild, MANAGER)
    assert ended.ended_at == harness.clock.now and ended.ended_by == MANAGER and not ended.running
    await _finish(harness, humans=(ANN, CAT))
    assert (
        await svc.standings.leaderboard(guild, "muggins", season_id=spring.season_id) == board
    )  # archived as it ended
    assert {e.user_id for e in await svc.standings.leaderboard(guild, "muggins")} == {
        ANN.user_id,
        BOB.user_id,
        CAT.user_id,
    }
    # the records are the all-time ones, seasons aside
    assert [(r.game_id, r.games) for r in await svc.standings.stats(guild, ANN.user_id)] == [("muggins", 3)]
    assert (await svc.seasons.named(guild, "spring 2026")).season_id == spring.season_id


async def test_seasons_end_by_their_date_and_their_champions_are_handed_out_until_told(harness: Harness) -> None:
    svc, guild = harness.service, harness.guild
    now = harness.clock.now
    summer = await svc.seasons.start(guild, harness.channel, MANAGER, "Summer", ends_at=now + 3600)
    await _finish(harness, humans=(CAT, DAN), computers=0)
    assert await svc.seasons.sweep() == []  # not yet
    harness.clock.advance(3600)
    [due] = await svc.seasons.sweep()
    assert due.season.season_id == summer.season_id and due.season.ended_at == now + 3600
    assert due.season.ended_by is None and due.channel_id == harness.channel
    assert [(c.game_id, c.games) for c in due.champions] == [("muggins", 1)]
    assert due.champions[0].user_id in (CAT.user_id, DAN.user_id)
    assert await svc.seasons.current(guild) is None
    assert await svc.seasons.sweep() == []  # being told
    harness.clock.advance(ANNOUNCE_LEASE + 1)
    [again] = await svc.seasons.sweep()  # not told within its lease (a crash): once more
    await svc.seasons.announced(again.season.season_id)
    harness.clock.advance(ANNOUNCE_LEASE + 1)
    assert await svc.seasons.sweep() == []

    # A manager's end is due at once, in the channel the server chose.
    await svc.seasons.set_channel(guild, 4242)
    autumn = await svc.seasons.start(guild, harness.channel, MANAGER, "Autumn")
    await svc.seasons.end(guild, MANAGER)
    [told] = await svc.seasons.sweep()
    assert told.season.season_id == autumn.season_id and told.champions == () and told.channel_id == 4242
    assert [s.name for s in await svc.seasons.all(guild)] == ["Summer", "Autumn"]


async def test_what_a_season_refuses(harness: Harness) -> None:
    seasons, guild, channel = harness.service.seasons, harness.guild, harness.channel
    with pytest.raises(NoSeasonRunning):
        await seasons.end(guild, MANAGER)
    for name in ("", "   ", "x" * 51):
        with pytest.raises(BadSeasonName):
            await seasons.start(guild, channel, MANAGER, name)
    with pytest.raises(SeasonEndsInThePast):
        await seasons.start(guild, channel, MANAGER, "Winter", ends_at=harness.clock.now - 1)
    await seasons.start(guild, channel, MANAGER, "Winter")
    with pytest.raises(SeasonRunning) as running:
        await seasons.start(guild, channel, MANAGER, "Spring")
    assert running.value.params == {"season": "Winter"}
    await seasons.end(guild, MANAGER)
    with pytest.raises(SeasonNameTaken):
        await seasons.start(guild, channel, MANAGER, "WINTER")
    with pytest.raises(NoSuchSeason):
        await seasons.named(guild, "Spring")
    assert await seasons.current(guild + 1) is None  # another server's seasons are its own


async def test_partners_tied_first_are_champions_together_and_share_the_first_place(harness: Harness) -> None:
    svc, guild = harness.service, harness.guild
    season = await svc.seasons.start(guild, harness.channel, MANAGER, "Pairs")
    [changed] = await svc.lobbies.open(guild, harness.channel, ANN, "muggins", {"target": 50})
    lobby_id = changed.lobby.lobby_id
    await svc.lobbies.add_computer(lobby_id, ANN.user_id)
    await svc.lobbies.join(lobby_id, BOB)  # opposite Ann: her partner
    await svc.lobbies.add_computer(lobby_id, ANN.user_id)
    notes = await svc.games.start(lobby_id, ANN.user_id)
    table = next(n for n in notes if isinstance(n, TableOpened)).table
    assert [s.user_id for s in table.seats][0::2] == [ANN.user_id, BOB.user_id]
    await harness.play(table.game_no)

    board = await svc.standings.leaderboard(guild, "muggins", season_id=season.season_id)
    assert [(e.place, e.rating) for e in board] == [(1, board[0].rating)] * 2  # one rating, one place
    [second] = await svc.standings.leaderboard(guild, "muggins", limit=1, offset=1, season_id=season.season_id)
    assert second.place == 1  # a page that begins inside the tie
    champions = await svc.seasons.champions(season)
    assert sorted(c.user_id for c in champions) == [ANN.user_id, BOB.user_id]
    assert {(c.game_id, c.games) for c in champions} == {("muggins", 1)}
    # Two more players, on opposite sides of a game: not tied, with each other or with the partners.
    await _finish(harness, humans=(CAT, DAN))
    board = await svc.standings.leaderboard(guild, "muggins", season_id=season.season_id)
    places = {e.user_id: e.place for e in board}
    assert places[ANN.user_id] == places[BOB.user_id]
    assert sorted(places.values()) in ([1, 1, 3, 4], [1, 2, 2, 4], [1, 2, 3, 3])
    champions = await svc.seasons.champions(season)
    firsts = [e.user_id for e in board if e.place == 1]
    assert sorted(c.user_id for c in champions) == sorted(firsts)
