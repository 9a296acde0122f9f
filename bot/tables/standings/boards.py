"""A server's standings as the cogs reach them (`TableService.standings`): its leaderboards (all-time, or a
season's), a player's records and profile. What a finished game changes in them is the turns' (`rate`); a
season's start and end are `TableService.seasons`'."""

from __future__ import annotations

from bot.engine import game_info
from data import StoreInterface

from ..errors import WrongPlayerCount
from ..models import LeaderboardEntry, PlayerRecord
from .profiles import Profile, profile
from .ratings import pool_game, ranked_by_final_score, rated_per_player_count, rating_pool, shared_places
from .seasons import Seasons, is_season_pool, season_pool


class Standings:
    """A server's leaderboards, a player's records and profile (`TableService.standings`)."""

    def __init__(self, store: StoreInterface, seasons: Seasons) -> None:
        self._store = store
        self._seasons = seasons  # a profile's season ratings

    @staticmethod
    def rating_pool(game_id: str, players: int | None = None) -> str:
        """The pool a leaderboard reads: the game id, or for Five Hundred its player count (the game's
        usual count when None)."""
        info = game_info(game_id)
        if not rated_per_player_count(game_id):
            return game_id
        players = info.default_players if players is None else players
        if players not in info.players:
            allowed = ", ".join(map(str, info.players))
            raise WrongPlayerCount(
                f"{game_id} is played by {allowed} players, not {players}", players=players, allowed=allowed
            )
        return rating_pool(game_id, players)

    async def leaderboard(
        self,
        guild_id: int,
        game_id: str,
        limit: int = 10,
        offset: int = 0,
        players: int | None = None,
        season_id: int | None = None,
    ) -> list[LeaderboardEntry]:
        """One page of a server's leaderboard of a game (of one player count, for Five Hundred), best first;
        Domineren's is ranked by each player's average final chips, which its entries carry. With
        `season_id`, the season's board (as it stands, or as it ended)."""
        by_chips = ranked_by_final_score(game_id)
        pool = self.rating_pool(game_id, players)
        if season_id is not None:
            pool = season_pool(pool, season_id)
        rows = await self._store.leaderboard(guild_id, pool, limit, offset, by_final_score=by_chips)
        first = None
        if rows and offset:  # the page may begin inside a tie: its first row's place counts those before
            first = await self._store.leaderboard_position(guild_id, pool, rows[0].user_id, by_final_score=by_chips)
        return [
            LeaderboardEntry(place, r.user_id, r.name, r.ordinal, r.mu, r.sigma, r.games, r.wins, r.final_score)
            for r, place in zip(rows, shared_places(rows, offset, first), strict=True)
        ]

    async def leaderboard_size(
        self, guild_id: int, game_id: str, players: int | None = None, season_id: int | None = None
    ) -> int:
        """How many players a leaderboard ranks (its pages)."""
        pool = self.rating_pool(game_id, players)
        return await self._store.leaderboard_size(guild_id, pool if season_id is None else season_pool(pool, season_id))

    async def stats(self, guild_id: int, user_id: int) -> list[PlayerRecord]:
        """A player's record per game id on a server (per player count for Five Hundred): games, wins,
        rating and leaderboard place."""
        out = []
        for pool, r in (await self._store.player_ratings(guild_id, user_id)).items():
            if is_season_pool(pool):  # a season's: the record is the all-time one
                continue
            game_id, players = pool_game(pool)
            by_chips = ranked_by_final_score(game_id)
            place = await self._store.leaderboard_position(guild_id, pool, user_id, by_final_score=by_chips)
            out.append(PlayerRecord(game_id, place, r.ordinal, r.mu, r.sigma, r.games, r.wins, players))
        return out

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        """A player's record per game on a server (rating, place, games, wins, completion, best score) and
        their all-time ratings over time (`/stats`)."""
        return await profile(self._store, self._seasons, guild_id, user_id)
