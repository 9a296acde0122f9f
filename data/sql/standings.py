"""Results, ratings and leaderboards, and a player's profile (their rating history and games played).
Seasons, the other standings, are in `data.sql.seasons`."""

from __future__ import annotations

from collections.abc import Iterable

from .. import mapping as m
from ..rows import COMPUTER_ID, HandRow, PlayedGame, RatingHistoryRow, RatingRow, ResultRow
from .dialect import SqlStore

# A player's average final score in a game on the server (a leaderboard by final score).
_FINAL_SCORE = (
    "(SELECT AVG(x.score) FROM game_results x JOIN games g ON g.game_no = x.game_no "
    "WHERE g.guild_id = r.guild_id AND g.game_id = r.pool AND x.user_id = r.user_id)"
)
# A season pool's (`five-up@3`) average final score of a player: over the games its history holds, those the
# season counted (the all-time pools read the games of their game id instead).
_SEASON_FINAL_SCORE = (
    "(SELECT AVG(x.score) FROM game_results x JOIN rating_history h ON h.game_no = x.game_no AND "
    "h.user_id = x.user_id WHERE h.guild_id = r.guild_id AND h.pool = r.pool AND h.user_id = r.user_id)"
)
# The name a player last played under on the server: a leaderboard's column (`r` is the ratings row).
_LAST_NAME = (
    "(SELECT s.name FROM game_seats s JOIN games g ON g.game_no = s.game_no WHERE g.guild_id = r.guild_id "
    "AND s.user_id = r.user_id ORDER BY s.game_no DESC LIMIT 1)"
)
# The seats a player held in the ended games of a server, with their side's result: what a profile counts.
_PLAYED = (
    "SELECT g.game_no, g.game_id, g.players, g.status, g.ended_at, "
    "(s.replaced_user_id IS NOT NULL AND s.replaced_user_id = ?) AS resigned, r.score, r.place, r.won "
    "FROM game_seats s JOIN games g ON g.game_no = s.game_no "
    "LEFT JOIN game_results r ON r.game_no = s.game_no AND r.seat = s.seat "
    "WHERE g.guild_id = ? AND g.status <> 'active' AND (s.user_id = ? OR s.replaced_user_id = ?) ORDER BY g.game_no"
)
_HUMANS = "FROM ratings WHERE guild_id = ? AND pool = ? AND user_id <> ?"  # the computer pseudo-player left out


def _ranking(by_final_score: bool, pool: str = "") -> str:
    """The rows and order of a leaderboard: by rating, or (Domineren, ranked by its chips) by the average
    final score first (of the games a season counted, for a season's pool), the rating breaking ties."""
    first = "final_score DESC NULLS LAST, " if by_final_score else ""
    final = (_SEASON_FINAL_SCORE if "@" in pool else _FINAL_SCORE) if by_final_score else "NULL"
    return (
        f"SELECT r.user_id, r.mu, r.sigma, r.games, r.wins, {_LAST_NAME} AS name, "
        f"CAST({final} AS DOUBLE PRECISION) AS final_score "  # PostgreSQL's AVG of integers is a numeric
        "FROM ratings r WHERE r.guild_id = ? AND r.pool = ? AND r.user_id <> ? "
        f"ORDER BY {first}r.mu - 3 * r.sigma DESC, r.games DESC, r.user_id"
    )


class Standings(SqlStore):
    async def hand_rows(self, game_no: int) -> list[HandRow]:
        return await self._all(m.HAND, "WHERE game_no = ? ORDER BY hand_no", game_no)

    async def result_rows(self, game_no: int) -> list[ResultRow]:
        return await self._all(m.RESULT, "WHERE game_no = ? ORDER BY seat", game_no)

    async def ratings(self, guild_id: int, pool: str, user_ids: Iterable[int]) -> dict[int, RatingRow]:
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        rows = await self._all(
            m.RATING, f"WHERE guild_id = ? AND pool = ? AND user_id IN ({m.marks(ids)})", guild_id, pool, *ids
        )
        return {r.user_id: r for r in rows}

    async def leaderboard(
        self, guild_id: int, pool: str, limit: int = 25, offset: int = 0, *, by_final_score: bool = False
    ) -> list[RatingRow]:
        """Rated humans of a server and rating pool, best first (the computer pseudo-player is left out).
        A pool is the game id, or a game id with a player count (`five-hundred:4p`) where each count is a
        game of its own (see `bot.tables.standings.ratings`). With `by_final_score`, ranked by the average final
        score (carried in `final_score`), then by rating."""
        rows = await self._read().fetch(
            _ranking(by_final_score, pool) + " LIMIT ? OFFSET ?", guild_id, pool, COMPUTER_ID, limit, offset
        )
        return [m.rating_row(r) for r in rows]

    async def leaderboard_size(self, guild_id: int, pool: str) -> int:
        """How many humans the leaderboard of a server and rating pool lists."""
        return int(await self._read().fetchval(f"SELECT COUNT(*) {_HUMANS}", guild_id, pool, COMPUTER_ID))

    async def leaderboard_position(
        self, guild_id: int, pool: str, user_id: int, *, by_final_score: bool = False
    ) -> int | None:
        """1-based place of a player on the leaderboard (same order as `leaderboard`), None if unrated: one
        more than the players ranked strictly before them (players tied on everything the board ranks by
        share a place; the user id that orders them ranks nobody)."""
        if by_final_score:  # an order SQLite cannot count from one row: read the server's ranking, and find
            # the first place of the players tied with them on all the board ranks by
            rows = await self._read().fetch(_ranking(True, pool), guild_id, pool, COMPUTER_ID)
            keys = [(r["final_score"], r["mu"] - 3 * r["sigma"], r["games"]) for r in rows]
            mine = next((k for r, k in zip(rows, keys, strict=True) if r["user_id"] == user_id), None)
            return None if mine is None else keys.index(mine) + 1
        me = (await self.ratings(guild_id, pool, [user_id])).get(user_id)
        if me is None:
            return None
        count = await self._read().fetchval(
            f"SELECT COUNT(*) {_HUMANS} AND (mu - 3 * sigma > ? OR (mu - 3 * sigma = ? AND games > ?))",
            *(guild_id, pool, COMPUTER_ID, me.ordinal, me.ordinal, me.games),
        )
        return int(count) + 1

    async def player_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        """A player's rating and record in every rating pool they have finished a game of on a server."""
        rows = await self._read().fetch(
            m.RATING.select("WHERE guild_id = ? AND user_id = ? ORDER BY pool"), guild_id, user_id
        )
        return {r["pool"]: m.RATING.read(r) for r in rows}

    async def rating_history(self, guild_id: int, user_id: int) -> list[RatingHistoryRow]:
        """A player's rating changes on a server, in every pool (seasons' too), oldest first."""
        return await self._all(m.HISTORY, "WHERE guild_id = ? AND user_id = ? ORDER BY at, game_no", guild_id, user_id)

    async def played_games(self, guild_id: int, user_id: int) -> list[PlayedGame]:
        """The seats a player held in a server's ended games (a resigned one too), oldest game first."""
        rows = await self._read().fetch(_PLAYED, user_id, guild_id, user_id, user_id)
        return [m.PLAYED_GAME.read(r) for r in rows]
