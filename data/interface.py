"""What the table service may ask of a store, whatever the database behind it.

`data.store.Store` (SQLite) and `data.postgres.PostgresStore` both implement it; `data.backends.open_store`
picks one from the `FIVES_DATABASE` setting. The methods speak only the row dataclasses of `data.rows`.
A write that the database refused raises `StoreError` with nothing written.

Several processes may share a PostgreSQL store (`shared` is True): the `locked_*` calls then open a
transaction holding the database's lock of a game, lobby or server's settings, with the row as committed,
and the store's calls made inside it by the same task join it. On SQLite (`shared` False: one process,
whose memory is the truth) they take no lock and open no transaction.

The ratings of a finished game (`GameFinish.ratings`) are each the rating the writer read with one game
more: on PostgreSQL, where several processes may end games of the same player at once, the writer holds
the players' rating locks (`lock_ratings`) from the read to the commit, and a rating that has moved since
it was read is never overwritten (`data.postgres.RatingsChanged`, a `StoreError`).
"""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from .rows import (
    ActionWrite,
    GameRow,
    HandMessage,
    HandRow,
    LobbyRow,
    OutboxEntry,
    RatingRow,
    ResultRow,
    SeatRow,
    SettingsRow,
    StoredGame,
)


class StoreInterface(Protocol):
    migrated: tuple[int, ...]  # the migrations this open applied
    shared: bool  # other processes may write the same database (PostgreSQL)

    async def close(self) -> None: ...

    async def flush(self) -> None: ...

    async def schema_version(self) -> int: ...

    # -- the locks of several processes ---------------------------------------------------------------
    def locked_game(self, game_no: int) -> AbstractAsyncContextManager[int | None]: ...

    async def game_version(self, game_no: int) -> int | None: ...

    def locked_settings(self, guild_id: int) -> AbstractAsyncContextManager[SettingsRow | None]: ...

    def locked_lobby(self, lobby_id: int) -> AbstractAsyncContextManager[LobbyRow | None]: ...

    async def lock_ratings(self, guild_id: int, pool: str, user_ids: Iterable[int]) -> None: ...

    async def due_games(self, now: float) -> list[int]: ...

    # -- server settings --------------------------------------------------------------------------------
    async def load_settings(self, guild_id: int) -> SettingsRow | None: ...

    async def save_settings(self, row: SettingsRow) -> None: ...

    # -- lobbies ----------------------------------------------------------------------------------------
    async def create_lobby(self, row: LobbyRow) -> int: ...

    async def save_lobby(self, row: LobbyRow) -> None: ...

    async def open_lobbies(self) -> list[LobbyRow]: ...

    # -- games ------------------------------------------------------------------------------------------
    async def create_game(self, row: GameRow, tell: Iterable[OutboxEntry] = ()) -> int: ...

    async def active_games(self) -> list[StoredGame]: ...

    async def active_games_of(self, user_id: int, guild_id: int | None = None) -> list[int]: ...

    async def load_game(self, game_no: int, since: int = 0) -> StoredGame | None: ...

    async def set_table(self, game_no: int, channel_id: int, thread_id: int | None) -> None: ...

    async def set_board_message(self, game_no: int, message_id: int | None, turn: int | None = None) -> bool: ...

    async def append_action(self, write: ActionWrite) -> None: ...

    async def set_timer(
        self, game_no: int, deadline: float | None, reminder_at: float | None, tell: Iterable[OutboxEntry] = ()
    ) -> None: ...

    async def set_seat(self, game_no: int, seat: int, row: SeatRow, tell: Iterable[OutboxEntry] = ()) -> None: ...

    async def end_game(
        self, game_no: int, status: str, at: float | None = None, tell: Iterable[OutboxEntry] = ()
    ) -> None: ...

    # -- the outbox -------------------------------------------------------------------------------------
    async def outbox(self, game_no: int | None = None) -> list[OutboxEntry]: ...

    async def claim_outbox(self, now: float, lease: float, limit: int = 500) -> list[OutboxEntry]: ...

    async def told(
        self,
        game_no: int,
        done: Iterable[tuple[str, int, int]] = (),
        retry: Iterable[tuple[tuple[str, int, int], float]] = (),
        hand_messages: Iterable[HandMessage] = (),
        forget_hand_messages: Iterable[int] = (),
    ) -> None: ...

    async def hand_messages(self, game_no: int, user_id: int | None = None) -> list[HandMessage]: ...

    # -- results and ratings ----------------------------------------------------------------------------
    async def hand_rows(self, game_no: int) -> list[HandRow]: ...

    async def result_rows(self, game_no: int) -> list[ResultRow]: ...

    async def ratings(self, guild_id: int, pool: str, user_ids: Iterable[int]) -> dict[int, RatingRow]: ...

    async def leaderboard(
        self, guild_id: int, pool: str, limit: int = 25, offset: int = 0, *, by_final_score: bool = False
    ) -> list[RatingRow]: ...

    async def leaderboard_size(self, guild_id: int, pool: str) -> int: ...

    async def leaderboard_position(
        self, guild_id: int, pool: str, user_id: int, *, by_final_score: bool = False
    ) -> int | None: ...

    async def player_ratings(self, guild_id: int, user_id: int) -> dict[str, RatingRow]: ...
