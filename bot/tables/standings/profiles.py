"""Profiles (`/stats`): a player's record on a server, game by game, and their rating over time.

Per game (per player count where each count is rated apart, as the leaderboards are): the rating and place
on the all-time board, the rated games and wins, the ended games they sat in and how each ended for them
(finished, abandoned, resigned: the completion rate is the share they finished in their seat), and their
best final score (the lowest where the lowest score wins). The rating history is every change of their
all-time ratings, from `rating_history`; the server's seasons are given to mark them on the chart.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from bot.engine import GAMES
from data import PlayedGame, StoreInterface

from .ratings import pool_game, ranked_by_final_score, rated_per_player_count, rating_pool
from .seasons import Season, Seasons, is_season_pool

# Games whose scores are penalties (the lowest wins: Draw Dominoes, fives.md §3): their best is the lowest.
LOWEST_WINS = frozenset({"draw"})


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A player's record in one game (one player count, for Five Hundred) on one server."""

    game_id: str
    players: int | None  # where each count is rated apart
    place: int | None  # on the all-time leaderboard (None: not rated yet)
    rating: float | None
    games: int  # rated games (finished)
    wins: int
    played: int  # ended games they sat in: finished, abandoned or resigned
    finished: int  # finished in their own seat
    abandoned: int
    resigned: int
    best_score: int | None

    @property
    def completion(self) -> float:
        return self.finished / self.played if self.played else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class RatingStep:
    at: float
    rating: float  # as shown: mu - 3 sigma


@dataclass(frozen=True, slots=True)
class Profile:
    records: tuple[GameRecord, ...]  # in `/play`'s order of the games
    history: dict[str, tuple[RatingStep, ...]]  # by all-time rating pool, oldest first
    seasons: tuple[Season, ...]  # the server's, the first first


def _best(game_id: str, scores: list[int]) -> int | None:
    if not scores:
        return None
    return min(scores) if game_id in LOWEST_WINS else max(scores)


async def profile(store: StoreInterface, seasons: Seasons, guild_id: int, user_id: int) -> Profile:
    ratings = {p: r for p, r in (await store.player_ratings(guild_id, user_id)).items() if not is_season_pool(p)}
    played: dict[str, list[PlayedGame]] = defaultdict(list)
    for game in await store.played_games(guild_id, user_id):
        played[rating_pool(game.game_id, game.players)].append(game)
    order = {game_id: k for k, game_id in enumerate(GAMES)}
    records = []
    for pool in set(ratings) | set(played):
        game_id, players = pool_game(pool)
        if players is not None and not rated_per_player_count(game_id):
            players = None
        rated, games = ratings.get(pool), played.get(pool, [])
        place = None
        if rated is not None:
            by_chips = ranked_by_final_score(game_id)
            place = await store.leaderboard_position(guild_id, pool, user_id, by_final_score=by_chips)
        finished = [g for g in games if g.status == "finished"]
        records.append(
            GameRecord(
                game_id=game_id,
                players=players,
                place=place,
                rating=None if rated is None else rated.ordinal,
                games=rated.games if rated is not None else 0,
                wins=rated.wins if rated is not None else 0,
                played=len(games),
                finished=sum(1 for g in finished if not g.resigned),
                abandoned=sum(1 for g in games if g.status == "abandoned"),
                resigned=sum(1 for g in games if g.resigned),
                best_score=_best(game_id, [g.score for g in finished if g.score is not None]),
            )
        )
    records.sort(key=lambda r: (order.get(r.game_id, len(order)), r.players or 0))
    history: dict[str, list[RatingStep]] = defaultdict(list)
    for change in await store.rating_history(guild_id, user_id):
        if not is_season_pool(change.pool):
            history[change.pool].append(RatingStep(change.at, change.rating_after))
    return Profile(tuple(records), {p: tuple(s) for p, s in history.items()}, tuple(await seasons.all(guild_id)))
