"""Players' own data and the servers left (issue 26): the store's methods over `data.privacy`'s statements,
run inside one write transaction through the dialect (`Sql` is the `Db` those statements speak)."""

from __future__ import annotations

from typing import Any

from .. import privacy
from ..privacy import Forgotten, GuildLeft
from .dialect import SqlStore


class Privacy(SqlStore):
    async def export_user(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Everything stored about a player (`/privacy show` and `export`)."""
        async with self._writing() as db:
            return await privacy.export_user(db, user_id)

    async def forget_user(self, user_id: int) -> Forgotten:
        """Remove a player's id and names from every table, in one transaction (`/privacy forget`)."""
        async with self._writing() as db:
            return await privacy.forget_user(db, user_id)

    async def leave_guild(self, guild_id: int, at: float) -> GuildLeft:
        """The bot was removed from a server: its games in play abandoned, its live things ended, in one
        transaction; the rest kept from `at` until `purge_left_guilds`."""
        async with self._writing() as db:
            return await privacy.leave_guild(db, guild_id, at)

    async def guild_rejoined(self, guild_id: int) -> bool:
        async with self._writing() as db:
            return await privacy.guild_rejoined(db, guild_id)

    async def purge_left_guilds(self, before: float) -> list[int]:
        """Delete everything of the servers left at `before` or earlier, one transaction each; their ids."""
        async with self._writing() as db:
            due = await privacy.left_guilds_due(db, before)
        for guild_id in due:
            async with self._writing() as db:
                await privacy.purge_guild(db, guild_id)
        return due
