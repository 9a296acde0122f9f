"""Leaderboards per server and game: openskill ratings, partnerships rated as teams, computers unlisted."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import HandResult, Result
from bot.tables import GameEnded
from bot.tables.standings.ratings import rate, side_places
from data import COMPUTER_ID, RatingRow
from tests.tables.conftest import Harness


async def _finish(harness: Harness, **kwargs: Any) -> GameEnded:
    game_no, _ = await harness.start_game(**kwargs)
    notes = await harness.play(game_no)
    return next(n for n in notes if isinstance(n, GameEnded))


async def test_leaderboard_after_several_games(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    ends = [await _finish(harness, humans=(ann, bob), computers=2) for _ in range(3)]
    ends.append(await _finish(harness, humans=(cat, dan), computers=0, game_id="muggins"))

    board = await harness.service.standings.leaderboard(harness.guild, "five-up")
    assert {e.user_id for e in board} == {ann.user_id, bob.user_id}  # the computers are not listed
    assert [e.place for e in board] == [1, 2]
    assert board[0].rating >= board[1].rating
    wins = {p.user_id: 0 for p in (ann, bob)}
    for end in ends[:3]:
        for change in end.ratings:
            seat_side = next(s for s in end.sides if change.seat in s.seats)
            wins[change.user_id] += seat_side.won
    for entry in board:
        assert entry.games == 3 and entry.wins == wins[entry.user_id]
        assert entry.win_rate == pytest.approx(entry.wins / 3)
        assert entry.name in ("Ann", "Bob")
    # the last game's rating change is the leaderboard's rating
    last = {c.user_id: c.after for c in ends[2].ratings}
    assert {e.user_id: e.rating for e in board} == pytest.approx(last)

    after = {c.user_id: c.after for c in ends[3].ratings}
    muggins = await harness.service.standings.leaderboard(harness.guild, "muggins")
    assert [e.user_id for e in muggins] == sorted(after, key=after.__getitem__, reverse=True)
    assert await harness.service.standings.leaderboard(harness.guild + 1, "five-up") == []  # per server

    records = {r.game_id: r for r in await harness.service.standings.stats(harness.guild, ann.user_id)}
    assert set(records) == {"five-up"}
    assert records["five-up"].games == 3 and records["five-up"].place in (1, 2)
    assert await harness.service.standings.stats(harness.guild, 999) == []


async def test_partners_are_rated_as_a_team(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    end = await _finish(harness, humans=(ann, bob, cat, dan), computers=0)
    by_seat = {c.seat: c for c in end.ratings}
    assert len(by_seat) == 4
    for side in end.sides:
        a, b = side.seats
        assert by_seat[a].delta == pytest.approx(by_seat[b].delta)  # equal ratings before, equal change
        assert (by_seat[a].delta > 0) == side.won


def _result(
    scores: list[int],
    winner: tuple[int, ...] | None,
    game_points: tuple[int, ...] | None = None,
    sides: tuple[tuple[int, ...], ...] | None = None,
) -> Result:
    sides = sides or tuple((s,) for s in range(len(scores)))
    return Result(sides, tuple(scores), (HandResult("domino", (0,) * len(scores)),), True, winner, game_points)


def test_places_follow_the_winners_direction_and_share_ties() -> None:
    assert side_places(_result([61, 40, 55], (0,))) == [1, 3, 2]
    assert side_places(_result([61, 40, 40], (0,))) == [1, 2, 2]
    # penalty games: the lowest total wins, so the rest follow lowest first
    assert side_places(_result([30, 12, 20, 45], (1,))) == [3, 1, 2, 4]
    # a shared win
    assert side_places(_result([10, 10, 25], (0, 1))) == [1, 1, 3]
    # game points decide where the game has them
    assert side_places(_result([35, 20], (0,), game_points=(3, 0))) == [1, 2]


def test_computers_are_one_pseudo_player_rated_only_on_one_side() -> None:
    teams = [[11, COMPUTER_ID], [22, COMPUTER_ID]]
    new = rate(teams, [1, 2], {0}, {})
    assert set(new) == {11, 22}  # computers on both sides: not rated against themselves
    new = rate([[11, 22], [COMPUTER_ID, COMPUTER_ID]], [2, 1], {1}, {})
    assert set(new) == {11, 22, COMPUTER_ID} and new[COMPUTER_ID].wins == 1 and new[11].wins == 0
    assert rate([[COMPUTER_ID], [COMPUTER_ID]], [1, 2], {0}, {}) == {}  # no human: nothing rated


def test_a_stronger_opponent_is_worth_more() -> None:
    strong = RatingRow(22, 35.0, 3.0, 40, 30)
    weak = RatingRow(33, 15.0, 3.0, 40, 5)
    beat_strong = rate([[11], [22]], [1, 2], {0}, {22: strong})[11]
    beat_weak = rate([[11], [33]], [1, 2], {0}, {33: weak})[11]
    assert beat_strong.mu > beat_weak.mu > 25.0
