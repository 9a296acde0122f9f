"""Seasons: a server manager starts one (with a date to end by itself, or none) and ends it; meanwhile every
rated game is rated twice, on the all-time board as always and in the season's own rating pool, which starts
everyone afresh. A season's pool is its game's pool with the season's number: `five-up@3`,
`five-hundred:4p@3`. Once the season has ended its pool takes no more games: its standings are archived as
they stood, and its champions (the first of each board) are announced in the channel the server chose, or
where the season was started.

A server manager may instead set a schedule (`bot.tables.standings.season_schedule`): a season every week, month or
quarter, the next starting as soon as one ends by its date (or a manager ends it), the first at once.

Exactly once across processes (PostgreSQL): a season is ended by one UPDATE of its running row (a manager's
`/season end` and the date's sweep race for it, one wins); a game that finishes as the season ends holds the
season's row while it writes (FOR SHARE), so it counts in full or not at all; the champions are claimed for
announcing with a lease (`claim_season_announcements`) and settled once told, so a crash tells them again
and two processes never tell them at once (a claim taken again says so: the teller looks for what the earlier
one may have posted before posting). A schedule's season is started by an INSERT that the unique
index of running seasons (one a server) lets through once, whichever process sweeps, and only while the
schedule it was computed from is the server's (its row held until the season is written).

Champions: the first of each board, by what the board ranks by (`bot.tables.standings.ratings.board_key`); players tied
first are champions together.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.engine import GAMES, game_info
from data import COMPUTER_ID, RatingHistoryRow, RatingRow, SeasonFinish, SeasonRow, StoreError, StoreInterface

from ..errors import StoreFailed, TableError
from .ratings import board_key, default_ordinal, ranked_by_final_score, rate, rated_per_player_count, rating_pool
from .season_schedule import (
    DEFAULT_PATTERNS,
    EVERY,
    Schedule,
    check_pattern,
    schedule_of,
    season_name,
    season_period,
    unused_name,
)

MAX_NAME = 50  # characters: a season's name shows in leaderboard titles and choices (100 at most)
ANNOUNCE_LEASE = 300.0  # seconds a claimed announcement waits before another try (a failed or crashed post)


# -- refusals -------------------------------------------------------------------------------------------
class SeasonRunning(TableError):
    """A season is running already: end it first."""

    key = "season_running"


class SeasonNameTaken(TableError):
    key = "season_name_taken"


class BadSeasonName(TableError):
    key = "season_bad_name"


class SeasonEndsInThePast(TableError):
    key = "season_ends_past"


class NoSeasonRunning(TableError):
    key = "season_none_running"


class NoSuchSeason(TableError):
    key = "season_not_found"


# -- values ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Season:
    season_id: int
    guild_id: int
    name: str
    channel_id: int  # where it was started
    started_by: int
    started_at: float
    ends_at: float | None
    ended_at: float | None
    ended_by: int | None  # None once ended: by its date

    @property
    def running(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class Champion:
    """The first of a season's board: of a game (and, for Five Hundred, a player count)."""

    game_id: str
    players: int | None
    user_id: int
    name: str | None  # the name they last played under here
    rating: float
    games: int
    wins: int
    chips: float | None = None  # Domineren, ranked by the average of its final chips


@dataclass(frozen=True, slots=True)
class SeasonEnded:
    """A season's end to announce: its champions, in the channel chosen. The caller posts it, then says so
    (`Seasons.announced`). `retold`: claimed before, unsettled (a crash, a failed post): it may have been
    posted, and is looked for in the channel before it is posted again."""

    season: Season
    champions: tuple[Champion, ...]
    channel_id: int
    next: Season | None = None  # the season that began when it ended (a schedule's), if one did
    retold: bool = False


@dataclass(frozen=True, slots=True)
class NextSeason:
    """When a server's schedule starts its next season, and its name: `starts_at` None when the running
    season has no date (it starts once a manager ends that one; its name is known then)."""

    schedule: Schedule
    name: str | None
    starts_at: float | None
    ends_at: float | None


def season_pool(pool: str, season_id: int) -> str:
    return f"{pool}@{season_id}"


def is_season_pool(pool: str) -> bool:
    return "@" in pool


def name_key(name: str) -> str:
    """A season's name as names are compared: spacing and case folded."""
    return " ".join(name.split()).casefold()


def _season(row: SeasonRow) -> Season:
    assert row.season_id is not None
    return Season(
        row.season_id,
        row.guild_id,
        row.name,
        row.channel_id,
        row.started_by,
        row.started_at,
        row.ends_at,
        row.ended_at,
        row.ended_by,
    )


def boards() -> list[tuple[str, int | None]]:
    """Every board a season can have: each game, Five Hundred's once per player count, in `/play`'s order."""
    out: list[tuple[str, int | None]] = []
    for game_id in GAMES:
        counts = game_info(game_id).players if rated_per_player_count(game_id) else (None,)
        out += [(game_id, n) for n in counts]
    return out


# -- a game's end, in the running season ----------------------------------------------------------------
async def season_finish(
    store: StoreInterface,
    guild_id: int,
    game_id: str,
    players: int,
    teams: Sequence[Sequence[int]],
    places: Sequence[int],
    winners: set[int],
    game_no: int,
    at: float,
) -> SeasonFinish | None:
    """The ratings a finished game gives in the server's running season (None: no season runs, or nothing
    is rated). Inside the game's guard: the players' season ratings are locked on PostgreSQL until the
    game's end is committed, as their all-time ones are."""
    season = await store.running_season(guild_id)
    if season is None or season.season_id is None or (season.ends_at is not None and season.ends_at <= at):
        return None
    pool = season_pool(rating_pool(game_id, players), season.season_id)
    rated = [p for team in teams for p in team]
    await store.lock_ratings(guild_id, pool, rated)
    current = await store.ratings(guild_id, pool, rated)
    new = rate(teams, places, winners, current)
    if not new:
        return None
    start = default_ordinal()
    history = tuple(
        RatingHistoryRow(pool, p, game_no, at, current[p].ordinal if p in current else start, r.ordinal)
        for p, r in new.items()
        if p != COMPUTER_ID
    )
    return SeasonFinish(season.season_id, pool, tuple(new.values()), history)


# -- the service's part ---------------------------------------------------------------------------------
class Seasons:
    """A server's seasons, for the table service (`TableService.seasons`)."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float]) -> None:
        self._store = store
        self._clock = clock
        # When the sweep next has work (ask the store when unknown); where one process holds the store, a
        # sweep before then reads nothing at all. Every change here makes it unknown again.
        self._next_due: float | None = None

    async def start(
        self, guild_id: int, channel_id: int, user_id: int, name: str, ends_at: float | None = None
    ) -> Season:
        """A new season from now. Refused: a season running (SeasonRunning), a name used before
        (SeasonNameTaken), an empty or long name (BadSeasonName), an end not in the future."""
        name = " ".join(name.split())
        if not name or len(name) > MAX_NAME:
            raise BadSeasonName(f"a season's name has 1 to {MAX_NAME} characters", longest=MAX_NAME)
        now = self._clock()
        if ends_at is not None and ends_at <= now:
            raise SeasonEndsInThePast(f"the season would end at {ends_at}, before now ({now})")
        row = SeasonRow(None, guild_id, name, name_key(name), channel_id, user_id, now, ends_at)
        try:
            season_id = await self._store.create_season(row)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self._next_due = None
        if not season_id:  # refused by the database: say which rule
            running = await self._store.running_season(guild_id)
            if running is not None:
                raise SeasonRunning(f"season {running.name!r} is running", season=running.name)
            raise SeasonNameTaken(f"a season was called {name!r} before", season=name)
        return Season(season_id, guild_id, name, channel_id, user_id, now, ends_at, None, None)

    async def end(self, guild_id: int, user_id: int) -> Season:
        """End the running season now (NoSeasonRunning if none is); its champions are then due."""
        running = await self._store.running_season(guild_id)
        if running is None or running.season_id is None:
            raise NoSeasonRunning(f"no season is running on server {guild_id}")
        try:
            ended = await self._store.end_season(running.season_id, self._clock(), user_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self._next_due = None
        if ended is None:  # ended meanwhile, by its date or another manager
            raise NoSeasonRunning(f"season {running.name!r} has just ended")
        return _season(ended)

    async def current(self, guild_id: int) -> Season | None:
        row = await self._store.running_season(guild_id)
        return _season(row) if row is not None else None

    async def all(self, guild_id: int) -> list[Season]:
        """A server's seasons, the first first."""
        return [_season(r) for r in await self._store.seasons(guild_id)]

    async def named(self, guild_id: int, name: str) -> Season:
        """The season of that name on the server (spacing and case aside); NoSuchSeason."""
        key = name_key(name)
        for row in await self._store.seasons(guild_id):
            if row.name_key == key:
                return _season(row)
        raise NoSuchSeason(f"no season {name!r} on server {guild_id}", season=" ".join(name.split())[:MAX_NAME])

    async def numbered(self, guild_id: int, season_id: int) -> Season:
        """The server's season of that number; NoSuchSeason (another server's is not found either)."""
        for row in await self._store.seasons(guild_id):
            if row.season_id == season_id:
                return _season(row)
        raise NoSuchSeason(f"no season {season_id} on server {guild_id}", season=f"#{season_id}")

    async def channel(self, guild_id: int) -> int | None:
        """The channel the server chose for its champions (None: where each season was started)."""
        return await self._store.season_channel(guild_id)

    async def set_channel(self, guild_id: int, channel_id: int | None) -> None:
        try:
            await self._store.set_season_channel(guild_id, channel_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    async def champions(self, season: Season) -> tuple[Champion, ...]:
        """The first of each of the season's boards (the games nobody finished in it have none): every
        player tied first, in the board's order."""
        out = []
        for game_id, players in boards():
            pool = season_pool(rating_pool(game_id, players) if players else game_id, season.season_id)
            for row in await self._first(season.guild_id, pool, ranked_by_final_score(game_id)):
                out.append(
                    Champion(game_id, players, row.user_id, row.name, row.ordinal, row.games, row.wins, row.final_score)
                )
        return tuple(out)

    async def _first(self, guild_id: int, pool: str, by_chips: bool, page: int = 10) -> list[RatingRow]:
        """The rows of a board tied with its first (read a page at a time: a tie is seldom more than two)."""
        rows: list[RatingRow] = []
        while True:
            more = await self._store.leaderboard(guild_id, pool, page, len(rows), by_final_score=by_chips)
            tied = [r for r in more if board_key(r) == board_key((rows or more)[0])]
            rows += tied
            if len(tied) < page:
                return rows

    async def sweep(self, now: float | None = None) -> list[SeasonEnded]:
        """End the seasons whose date has come, and claim the champions due to be announced (of those, and
        of seasons a manager ended): each is claimed by one process at a time, and again after
        ANNOUNCE_LEASE seconds until `announced` says it was told."""
        now = self._clock() if now is None else now
        if self._store.shared or self._next_due is None:  # another process may have changed them
            due = await self._store.next_season_due()
            self._next_due = math.inf if due is None else due
        if now < self._next_due:
            return []
        self._next_due = None
        await self._store.end_due_seasons(now)
        for schedule in await self._store.schedules_without_season():
            await self._start_scheduled(schedule_of(schedule), now)
        out = []
        for row in await self._store.claim_season_announcements(now, ANNOUNCE_LEASE):
            season = _season(row)
            channel = await self._store.season_channel(season.guild_id) or season.channel_id
            champions, began = await self.champions(season), await self._began(season, now)
            out.append(SeasonEnded(season, champions, channel, began, retold=row.announce_claims > 1))
        return out

    async def _began(self, ended: Season, now: float) -> Season | None:
        """The season that began when `ended` ended, if one did: a schedule's is started first if it is not
        yet (another process may have ended the season and be about to start it: one of the two does)."""
        running = await self._store.running_season(ended.guild_id)
        if running is None:
            schedule = await self._store.season_schedule(ended.guild_id)
            if schedule is not None:
                await self._start_scheduled(schedule_of(schedule), now)
                running = await self._store.running_season(ended.guild_id)
        if running is None or ended.ended_at is None or running.started_at < ended.ended_at:
            return None
        return _season(running)

    async def announced(self, season_id: int) -> None:
        """The champions of the season were told (or can never be: its channel is gone)."""
        await self._store.season_announced(season_id)
        self._next_due = None

    # -- schedules ------------------------------------------------------------------------------------
    async def schedule(self, guild_id: int) -> Schedule | None:
        row = await self._store.season_schedule(guild_id)
        return schedule_of(row) if row is not None else None

    async def set_schedule(
        self, guild_id: int, channel_id: int, user_id: int, every: str, pattern: str | None = None
    ) -> tuple[Schedule, Season | None]:
        """Seasons every week, month or quarter from now on, named from `pattern` (the schedule's usual one
        if None; BadSchedulePattern). Replaces the server's schedule; the season it started (none if one
        runs: the schedule takes over when that one ends)."""
        if every not in EVERY:
            raise ValueError(f"a season schedule is one of {EVERY}, not {every!r}")
        pattern = check_pattern(DEFAULT_PATTERNS[every] if pattern is None else pattern, MAX_NAME)
        schedule = Schedule(guild_id, every, pattern, channel_id, user_id, self._clock())
        try:
            await self._store.set_season_schedule(schedule.row())
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self._next_due = None
        if await self._store.running_season(guild_id) is not None:
            return schedule, None
        return schedule, await self._start_scheduled(schedule, schedule.set_at)

    async def clear_schedule(self, guild_id: int) -> bool:
        """No more seasons by schedule (the running one runs on to its date); False if there was none."""
        try:
            cleared = await self._store.clear_season_schedule(guild_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self._next_due = None
        return cleared

    async def next_season(self, guild_id: int) -> NextSeason | None:
        """When the server's schedule starts its next season and what it will be called (None: no schedule).
        The name is the one the schedule will give unless a season takes it first."""
        schedule = await self.schedule(guild_id)
        if schedule is None:
            return None
        seasons = await self._store.seasons(guild_id)
        running = next((s for s in seasons if s.running), None)
        if running is not None and running.ends_at is None:
            return NextSeason(schedule, None, None, None)
        starts = self._clock() if running is None or running.ends_at is None else running.ends_at
        period = season_period(schedule.every, starts)
        name = season_name(schedule.pattern, schedule.every, period, len(seasons) + 1)
        return NextSeason(schedule, name, starts, period.end.timestamp())

    async def preview(self, guild_id: int, every: str, pattern: str) -> str:
        """The name `pattern` gives a season that an `every` schedule would start now (BadSchedulePattern)."""
        pattern = check_pattern(pattern, MAX_NAME)
        n = len(await self._store.seasons(guild_id)) + 1
        return season_name(pattern, every, season_period(every, self._clock()), n)

    async def _start_scheduled(self, schedule: Schedule, now: float) -> Season | None:
        """Start the schedule's next season now, if no season runs on its server (None: one does, perhaps
        started by another process this instant, or the schedule changed meanwhile: the next sweep sees)."""
        seasons = await self._store.seasons(schedule.guild_id)
        period = season_period(schedule.every, now)
        name = season_name(schedule.pattern, schedule.every, period, len(seasons) + 1)
        name = unused_name(name, {r.name_key for r in seasons}, name_key, MAX_NAME)
        ends_at = period.end.timestamp()
        row = SeasonRow(
            None, schedule.guild_id, name, name_key(name), schedule.channel_id, schedule.set_by, now, ends_at
        )
        try:
            season_id = await self._store.start_scheduled_season(row, schedule.row())
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        self._next_due = None
        if not season_id:
            return None
        return Season(
            season_id, schedule.guild_id, name, schedule.channel_id, schedule.set_by, now, ends_at, None, None
        )
