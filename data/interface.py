"""What the table service may ask of a store, whatever the database behind it: the one base class of both
stores, so that every method is written once (the SQL by subject in `data.sql`) and only what really
differs between the databases is each store's own (declared here, defined in `data.store` for SQLite and
`data.postgres` for PostgreSQL). `data.backends.open_store` picks one from the `FIVES_DATABASE` setting. The
methods speak only the row dataclasses of `data.rows`. A write that the database refused raises `StoreError`
with nothing written.

Several processes may share a PostgreSQL store (`shared` is True): the `locked_*` calls then open a
transaction holding the database's lock of a game, lobby or server's settings, with the row as committed,
and the store's calls made inside it by the same task join it. On SQLite (`shared` False: one process,
whose memory is the truth) they take no lock and open no transaction.

The ratings of a finished game (`GameFinish.ratings`) are each the rating the writer read with one game
more: on PostgreSQL, where several processes may end games of the same player at once, the writer holds
the players' rating locks (`lock_ratings`) from the read to the commit, and a rating that has moved since
it was read is never overwritten (`data.errors.RatingsChanged`, a `StoreError`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import AbstractContextManager, asynccontextmanager, nullcontext

from .rows import SettingsRow
from .sql.community import Spectators, Tournaments, Undo
from .sql.games import Games
from .sql.hints import Hints
from .sql.lobbies import Lobbies, Rematches, Settings
from .sql.outbox import Outbox
from .sql.privacy import Privacy
from .sql.seasons import Seasons
from .sql.standings import Standings


class StoreInterface(
    Games, Outbox, Settings, Lobbies, Rematches, Standings, Seasons, Undo, Spectators, Tournaments, Privacy, Hints
):
    """What is written here is one process's way (SQLite's): its memory is the games' truth, so the `locked_*`
    calls take no lock and open no transaction. PostgreSQL's store overrides what several processes need."""

    migrated: tuple[int, ...]  # the migrations this open applied
    shared = False  # other processes may write the same database (PostgreSQL)

    async def close(self) -> None:
        raise NotImplementedError

    def pool_use(self) -> tuple[int, int]:
        """Connections open, and idle (for the metrics)."""
        raise NotImplementedError

    async def processes(self) -> int:
        """Bot processes serving the database now: this one alone."""
        return 1

    def urgent(self) -> AbstractContextManager[None]:
        """This task's calls meanwhile: not behind the players' clicks (alone on one connection: nothing to do;
        PostgreSQL gives the timers and the outbox connections of their own)."""
        return nullcontext()

    async def schema_version(self) -> int:
        return await self._read().fetchval("SELECT MAX(version) FROM schema_version") or 0

    @asynccontextmanager
    async def locked_game(self, game_no: int) -> AsyncIterator[int | None]:
        """The game's lock across processes with its committed version; alone, nothing (None)."""
        yield None

    async def game_version(self, game_no: int) -> int | None:
        """The game's committed version; alone, None (this process's memory is the truth)."""
        return None

    @asynccontextmanager
    async def locked_settings(self, guild_id: int) -> AsyncIterator[SettingsRow | None]:
        """A server's settings as stored, to change and save (on PostgreSQL under the server's lock)."""
        yield await self.load_settings(guild_id)

    async def lock_ratings(self, guild_id: int, pool: str, user_ids: Iterable[int]) -> None:
        """Inside `locked_game`: the players' ratings of a pool until the commit; alone, nothing."""
