"""Seasons: their dates, champions' announcements, a server's channel for them and its schedule."""

from __future__ import annotations

from .. import mapping as m
from ..rows import SeasonRow, SeasonScheduleRow
from .dialect import SqlStore

_NEW_SEASON = f"{m.SEASON.insert(m.SEASON[1:])} ON CONFLICT DO NOTHING RETURNING season_id"  # the key is generated
# The schedules of servers where no season runs (`at`: the columns to select).
_WAITING = (
    "SELECT {at} FROM season_schedules sc WHERE NOT EXISTS "
    "(SELECT 1 FROM seasons s WHERE s.guild_id = sc.guild_id AND s.ended_at IS NULL)"
)


def _by_id(rows: list[SeasonRow]) -> list[SeasonRow]:
    return sorted(rows, key=lambda r: r.season_id or 0)


class Seasons(SqlStore):
    async def create_season(self, row: SeasonRow) -> int:
        """A new season; 0 (nothing written) if the server has one running or one of that name."""
        async with self._writing() as db:
            return await db.fetchval(_NEW_SEASON, *m.SEASON.values(row, m.SEASON[1:])) or 0

    async def running_season(self, guild_id: int) -> SeasonRow | None:
        return await self._one(m.SEASON, "WHERE guild_id = ? AND ended_at IS NULL", guild_id)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """A server's seasons, the first first."""
        return await self._all(m.SEASON, "WHERE guild_id = ? ORDER BY started_at, season_id", guild_id)

    async def end_season(self, season_id: int, at: float, by: int | None) -> SeasonRow | None:
        """End a running season now (its champions due to be announced); None if it had ended already
        (by another manager, or its date, in this process or another: one of them ends it)."""
        rows = await self._returning(
            "UPDATE seasons SET ended_at = ?, ended_by = ?, announce_at = ? WHERE season_id = ? AND ended_at IS NULL",
            (at, by, at, season_id),
        )
        return rows[0] if rows else None

    async def next_season_due(self) -> float | None:
        """When the next season's date comes, its champions are due to be announced, or a schedule waits
        for its season (due since it was set) (None: nothing is waiting): the sweep reads this, and writes
        only once it has come."""
        return await self._read().fetchval(
            "SELECT MIN(at) AS at FROM (SELECT ends_at AS at FROM seasons WHERE ended_at IS NULL "
            "UNION ALL SELECT announce_at FROM seasons WHERE announce_at IS NOT NULL "
            f"UNION ALL {_WAITING.format(at='sc.set_at')}) AS due"
        )

    async def end_due_seasons(self, now: float) -> list[SeasonRow]:
        """End every season whose date has come (at that date): each is ended once, however many processes
        sweep at once (the row lock makes the second UPDATE find it ended)."""
        # Locked in key order first (a game's end holds its season FOR SHARE meanwhile): a plain multi-row
        # UPDATE takes rows in its scan's order, which two processes sweeping at once need not share (#23).
        return await self._returning(
            "UPDATE seasons SET ended_at = ends_at, announce_at = ? WHERE ended_at IS NULL AND season_id IN "
            "(SELECT season_id FROM seasons WHERE ended_at IS NULL AND ends_at <= ? ORDER BY season_id{for_update})",
            (now, now),
        )

    async def claim_season_announcements(self, now: float, lease: float) -> list[SeasonRow]:
        """Ended seasons whose champions are due to be announced, each postponed by `lease` in the same
        transaction (told, `season_announced` settles it; a crash leaves it to be told after the lease);
        rows another process is claiming are skipped, not waited for."""
        return await self._returning(
            "UPDATE seasons SET announce_at = ?, announce_claims = announce_claims + 1 WHERE season_id IN "
            "(SELECT season_id FROM seasons WHERE announce_at <= ?{skip_locked})",
            (now + lease, now),
        )

    async def _returning(self, update: str, args: tuple[object, ...]) -> list[SeasonRow]:
        """The seasons an UPDATE changed (its row locks spelled by the dialect), by number."""
        async with self._writing() as db:
            sql = update.format(for_update=db.for_update, skip_locked=db.skip_locked)
            rows = await db.fetch(f"{sql} RETURNING {m.listed(m.SEASON)}", *args)
        return _by_id([m.SEASON.read(r) for r in rows])

    async def season_announced(self, season_id: int) -> None:
        await self._run("UPDATE seasons SET announce_at = NULL WHERE season_id = ?", season_id)

    async def season_channel(self, guild_id: int) -> int | None:
        """The channel a server chose for its seasons' champions (None: where each season was started)."""
        return await self._read().fetchval("SELECT channel_id FROM season_channels WHERE guild_id = ?", guild_id)

    async def set_season_channel(self, guild_id: int, channel_id: int | None) -> None:
        if channel_id is None:
            await self._run("DELETE FROM season_channels WHERE guild_id = ?", guild_id)
        else:
            await self._run(m.SEASON_CHANNEL.upsert("guild_id"), guild_id, channel_id)

    async def season_schedule(self, guild_id: int) -> SeasonScheduleRow | None:
        return await self._one(m.SEASON_SCHEDULE, "WHERE guild_id = ?", guild_id)

    async def set_season_schedule(self, row: SeasonScheduleRow) -> None:
        """Set (or replace) a server's schedule."""
        await self._run(m.SEASON_SCHEDULE.upsert("guild_id"), *m.SEASON_SCHEDULE.values(row))

    async def clear_season_schedule(self, guild_id: int) -> bool:
        """No schedule any more; False if the server had none."""
        return await self._run("DELETE FROM season_schedules WHERE guild_id = ?", guild_id) > 0

    async def schedules_without_season(self) -> list[SeasonScheduleRow]:
        """The schedules of servers where no season runs: each waits for its next season."""
        rows = await self._read().fetch(_WAITING.format(at=m.listed(m.SEASON_SCHEDULE, "sc.")))
        return [m.SEASON_SCHEDULE.read(r) for r in rows]

    async def start_scheduled_season(self, row: SeasonRow, schedule: SeasonScheduleRow) -> int:
        """The season a schedule starts; 0 (nothing written) if a season runs on the server already (another
        sweep or process started it: the unique index of running seasons lets one INSERT through), the name
        was taken meanwhile, or the schedule is no longer the one it was computed from. On PostgreSQL the
        schedule's row is held (FOR SHARE) until the season is written, so a schedule turned off at that
        moment is turned off before the season starts (none starts) or after it."""
        async with self._writing() as db:
            same = await db.fetchval(
                "SELECT 1 FROM season_schedules WHERE guild_id = ? AND every = ? AND pattern = ? AND channel_id = ?"
                + db.for_share,
                *m.SEASON_SCHEDULE.values(schedule, ("guild_id", "every", "pattern", "channel_id")),
            )
            if same is None:
                return 0
            return await db.fetchval(_NEW_SEASON, *m.SEASON.values(row, m.SEASON[1:])) or 0
