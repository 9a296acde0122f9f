"""Hints for learners and stored post-game analyses (issue 28): which tables offer hints, each hint given
(a game with one is unrated), and the analyses once computed, so that asking again is instant."""

from __future__ import annotations

from .. import mapping as m
from .dialect import SqlStore


class Hints(SqlStore):
    async def set_table_hints(self, lobby_id: int, on: bool, at: float) -> None:
        """Whether a table (by lobby) offers hints, as its host chose."""
        await self._mark_table(m.HINT_TABLE, lobby_id, on, at)

    async def table_hints(self, lobby_id: int) -> bool:
        return bool(await self._numbers("SELECT lobby_id FROM hint_tables WHERE lobby_id = ?", lobby_id))

    async def hinted_active_lobbies(self) -> set[int]:
        """The lobbies of the games in play that offer hints (read once at start-up, not a query per game)."""
        return set(
            await self._numbers(
                "SELECT h.lobby_id FROM hint_tables h JOIN games g ON g.lobby_id = h.lobby_id WHERE g.status = 'active'"
            )
        )

    async def add_hint_use(self, game_no: int, seat: int, turn: int, at: float) -> None:
        """A hint shown to `seat` at `turn` (written before it is shown; asking again at that turn is one)."""
        await self._run(f"{m.HINT_USE.insert()} ON CONFLICT (game_no, seat, turn) DO NOTHING", game_no, seat, turn, at)

    async def hint_uses(self, game_no: int) -> list[tuple[int, int]]:
        """(seat, turn) of every hint given in a game, in order."""
        rows = await self._read().fetch(
            "SELECT seat, turn FROM hint_uses WHERE game_no = ? ORDER BY turn, seat", game_no
        )
        return [(int(r["seat"]), int(r["turn"])) for r in rows]

    async def save_analysis(self, game_no: int, seat: int, budget: str, body: str, at: float) -> None:
        await self._run(m.ANALYSIS.upsert("game_no, seat"), game_no, seat, budget, body, at)

    async def load_analysis(self, game_no: int, seat: int, budget: str) -> str | None:
        """The stored analysis of a seat (JSON), if it was computed with `budget`."""
        body = await self._read().fetchval(
            "SELECT body FROM analyses WHERE game_no = ? AND seat = ? AND budget = ?", game_no, seat, budget
        )
        return None if body is None else str(body)
