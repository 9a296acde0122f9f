"""Profiles through the table service, on both backends: a player's record per game (rated games and wins,
finished, resigned and abandoned games, the completion rate, the best score, the lowest in Draw) and their
rating after each game, as the games' ends announced it."""

from __future__ import annotations

import pytest

from bot.tables import GameEnded
from bot.tables.models import SideResult
from tests.tables.conftest import ANN, BOB, Harness


def ann(end: GameEnded) -> SideResult:
    """Ann's side at the end of a game (her seat, or the seat she resigned)."""
    seat = next(s.index for s in end.table.seats if ANN.user_id in (s.user_id, s.replaced_user_id))
    return next(side for side in end.sides if seat in side.seats)


async def test_a_profile_counts_every_ended_game_and_follows_the_rating_game_by_game(harness: Harness) -> None:
    svc, guild = harness.service, harness.guild
    ends = []
    for _ in range(2):
        game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="muggins", options={"target": 50})
        harness.clock.advance(600)
        ends.append(next(n for n in await harness.play(game_no) if isinstance(n, GameEnded)))
    # Ann resigns the third; a computer finishes it for her, and she is rated for it.
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="muggins", options={"target": 50})
    await svc.games.resign(game_no, ANN.user_id)
    harness.clock.advance(600)
    ends.append(next(n for n in await harness.play(game_no) if isinstance(n, GameEnded)))
    # A game of Draw abandoned, and one on: neither has a result.
    abandoned, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    await svc.games.abandon(abandoned, ANN.user_id)
    await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    draw, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": 1})
    ends.append(next(n for n in await harness.play(draw) if isinstance(n, GameEnded)))

    profile = await svc.standings.profile(guild, ANN.user_id)
    draws, muggins = profile.records  # in /play's order
    assert (muggins.game_id, muggins.players) == ("muggins", None)
    assert (muggins.games, muggins.played, muggins.finished, muggins.resigned, muggins.abandoned) == (3, 3, 2, 1, 0)
    assert muggins.completion == pytest.approx(2 / 3)
    assert muggins.wins == sum(ann(end).won for end in ends[:3])
    assert muggins.best_score == max(ann(end).score for end in ends[:3])
    assert muggins.place in (1, 2)
    assert (draws.game_id, draws.games, draws.played, draws.finished, draws.abandoned) == ("draw", 1, 2, 1, 1)
    assert draws.best_score == ann(ends[3]).score

    steps = profile.history["muggins"]
    announced = [next(c.after for c in end.ratings if c.user_id == ANN.user_id) for end in ends[:3]]
    assert [s.rating for s in steps] == pytest.approx(announced)
    assert [s.at for s in steps] == sorted(s.at for s in steps) and steps[0].at < steps[-1].at
    assert muggins.rating == pytest.approx(announced[-1])
    assert profile.seasons == ()
    assert (await svc.standings.profile(guild + 1, ANN.user_id)).records == ()  # another server's games are its own
