"""Hints for learners and stored post-game analyses (issue 28): which tables offer hints, each hint given
(a game with one is unrated), and the analyses once computed, so that asking again is instant."""

from __future__ import annotations

from .dialect import SqlStore


class Hints(SqlStore):
    async def set_table_hints(self, lobby_id: int, on: bool, at: float) -> None:
        """Whether a table (by lobby) offers hints, as its host chose."""
        async with self._writing() as db:
            if on:
                await db.execute(
                    "INSERT INTO hint_tables (lobby_id, at) VALUES (?, ?) ON CONFLICT (lobby_id) DO NOTHING",
                    lobby_id,
                    at,
                )
            else:
                await db.execute("DELETE FROM hint_tables WHERE lobby_id = ?", lobby_id)

    async def table_hints(self, lobby_id: int) -> bool:
        return bool(await self._read().fetch("SELECT lobby_id FROM hint_tables WHERE lobby_id = ?", lobby_id))

    async def hinted_active_lobbies(self) -> set[int]:
        """The lobbies of the games in play that offer hints (read once at start-up, not a query per game)."""
        rows = await self._read().fetch(
            "SELECT h.lobby_id FROM hint_tables h JOIN games g ON g.lobby_id = h.lobby_id WHERE g.status = 'active'"
        )
        return {int(r["lobby_id"]) for r in rows}

    async def add_hint_use(self, game_no: int, seat: int, turn: int, at: float) -> None:
        """A hint shown to `seat` at `turn` (written before it is shown; asking again at that turn is one)."""
        async with self._writing() as db:
            await db.execute(
                "INSERT INTO hint_uses (game_no, seat, turn, at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (game_no, seat, turn) DO NOTHING",
                game_no,
                seat,
                turn,
                at,
            )

    async def hint_uses(self, game_no: int) -> list[tuple[int, int]]:
        """(seat, turn) of every hint given in a game, in order."""
        rows = await self._read().fetch(
            "SELECT seat, turn FROM hint_uses WHERE game_no = ? ORDER BY turn, seat", game_no
        )
        return [(int(r["seat"]), int(r["turn"])) for r in rows]

    async def save_analysis(self, game_no: int, seat: int, budget: str, body: str, at: float) -> None:
        async with self._writing() as db:
            await db.execute(
                "INSERT INTO analyses (game_no, seat, budget, body, at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_no, seat) DO UPDATE SET budget = excluded.budget, body = excluded.body, "
                "at = excluded.at",
                game_no,
                seat,
                budget,
                body,
                at,
            )

    async def load_analysis(self, game_no: int, seat: int, budget: str) -> str | None:
        """The stored analysis of a seat (JSON), if it was computed with `budget`."""
        rows = await self._read().fetch(
            "SELECT body FROM analyses WHERE game_no = ? AND seat = ? AND budget = ?", game_no, seat, budget
        )
        return str(rows[0]["body"]) if rows else None
