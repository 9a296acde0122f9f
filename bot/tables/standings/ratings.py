"""Ratings with openskill's Plackett-Luce model, per server and rating pool.

- A pool is a game id, except where each number of players is a game of its own: Five Hundred's deck,
  sides and scoring change with the player count, so its ratings are kept per count (`five-hundred:4p`).

- Sides are teams: partners are rated together; an individual game is one team per seat.
- Places: the winning sides share first place; the other sides follow by score (game points where the
  game has them), in the direction the winners show (lowest first in penalty games like Draw), and equal
  scores share a place. openskill gets these places as ranks, so ties are ties.
- Computer seats are all one rated pseudo-player per server and game (`COMPUTER_ID`), never listed in
  leaderboards: beating the computers counts for as much as they are worth there. Its rating moves only
  when every computer seat is on one side (else it would be rated against itself); a game with no human
  is not rated at all.
- A resigned seat is rated for the human who resigned it, with the side's final result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

from bot.engine import Result, game_info
from data import COMPUTER_ID, RatingRow

from ..models import SideResult

_MODEL = PlackettLuce()
# Families whose player counts are different games, rated apart.
RATED_PER_PLAYER_COUNT = frozenset({"five_hundred"})


def rating_pool(game_id: str, players: int) -> str:
    """The pool a game of `players` is rated in: `five-up`, `five-hundred:4p`."""
    if game_info(game_id).family in RATED_PER_PLAYER_COUNT:
        return f"{game_id}:{players}p"
    return game_id


def pool_game(pool: str) -> tuple[str, int | None]:
    """The game id and player count (None: every count) of a rating pool."""
    game_id, _, count = pool.partition(":")
    return game_id, int(count.removesuffix("p")) if count else None


def rated_per_player_count(game_id: str) -> bool:
    return game_info(game_id).family in RATED_PER_PLAYER_COUNT


# Families whose leaderboard ranks by the average final score (Domineren's chips), the rating breaking ties:
# what a session ends with is what its players compare.
RANKED_BY_FINAL_SCORE = frozenset({"domineren"})


def ranked_by_final_score(game_id: str) -> bool:
    return game_info(game_id).family in RANKED_BY_FINAL_SCORE


def board_key(row: RatingRow) -> tuple[float | None, float, int]:
    """What a leaderboard ranks by, each best first: the average final score (boards ranked by it), the
    rating shown (mu - 3 sigma), then the number of games. Players whose keys are equal are tied: they share
    a place on the board (the user id the store orders them by ranks nobody), and a season's first place,
    tied, makes each of them a champion. Partners who always played together are the usual tie."""
    return (row.final_score, row.ordinal, row.games)


def shared_places(rows: Sequence[RatingRow], offset: int = 0, first: int | None = None) -> list[int]:
    """The places of a leaderboard's rows from `offset` on: a row tied with the one before shares its place,
    the row after a tie takes its own (1, 1, 3). `first` is the first row's place when a page begins inside
    a tie (the store counts it: `leaderboard_position`)."""
    places: list[int] = []
    for i, row in enumerate(rows):
        if not i:
            places.append(offset + 1 if first is None else first)
        else:
            places.append(places[-1] if board_key(row) == board_key(rows[i - 1]) else offset + i + 1)
    return places


def side_results(result: Result) -> tuple[SideResult, ...]:
    """Every side's place, totals and whether it won, as the end of a game announces them."""
    places = side_places(result)
    winners = set(result.winner or ())
    return tuple(
        SideResult(
            side=k,
            seats=tuple(members),
            score=result.scores[k],
            game_points=None if result.game_points is None else result.game_points[k],
            place=places[k],
            won=k in winners,
        )
        for k, members in enumerate(result.sides)
    )


def side_places(result: Result) -> list[int]:
    """1-based place of each side (competition ranking: 1, 2, 2, 4)."""
    n = len(result.sides)
    score = list(result.game_points if result.game_points is not None else result.scores)
    winners = set(result.winner or ())
    others = [s for s in range(n) if s not in winners]
    higher_better = True
    if winners and others and max(score[s] for s in winners) < min(score[s] for s in others):
        higher_better = False
    places = [1] * n
    for s in others:
        better = sum(1 for o in others if (score[o] > score[s] if higher_better else score[o] < score[s]))
        places[s] = 1 + len(winners) + better
    return places


def rate(
    teams: Sequence[Sequence[int]],
    places: Sequence[int],
    winners: set[int],
    current: Mapping[int, RatingRow],
) -> dict[int, RatingRow]:
    """New ratings for the players of `teams` (player ids per side; COMPUTER_ID for computer seats).
    Players missing from `current` start at the model's default."""
    players = {p for team in teams for p in team}
    if len(teams) < 2 or players <= {COMPUTER_ID}:
        return {}
    computer_sides = [k for k, team in enumerate(teams) if COMPUTER_ID in team]

    def rating_of(player: int) -> PlackettLuceRating:
        row = current.get(player)
        return _MODEL.rating() if row is None else _MODEL.rating(mu=row.mu, sigma=row.sigma)

    model_teams = [[rating_of(p) for p in team] for team in teams]
    new_teams = _MODEL.rate(model_teams, ranks=list(places))
    out: dict[int, RatingRow] = {}
    for k, (team, new_team) in enumerate(zip(teams, new_teams, strict=True)):
        for player, new in zip(team, new_team, strict=True):
            if player in out or (player == COMPUTER_ID and len(computer_sides) != 1):
                continue
            old = current.get(player)
            games = (old.games if old else 0) + 1
            wins = (old.wins if old else 0) + (1 if k in winners else 0)
            out[player] = RatingRow(player, new.mu, new.sigma, games, wins)
    return out


def default_ordinal() -> float:
    rating = _MODEL.rating()
    return rating.mu - 3 * rating.sigma
