"""Season schedules: a server's seasons following one another by themselves, every week, month or quarter.

Periods are the calendar's, in UTC: a week from Monday 00:00, a month from its 1st at 00:00, a quarter from
1 January, 1 April, 1 July or 1 October at 00:00. A season the schedule starts runs to the end of the period
it starts in, and is named after that period; when less than half of the period is left, it runs to the end
of the next period too and is named after that one (a schedule set on the 30th gives no season of a day).
So the first season starts as soon as a schedule is set (if none is running), and each season that ends by
its date is followed by the next as soon as the sweep sees it (within `cogs.seasons.SWEEP_SECONDS`; a game
that ends in those seconds counts on the all-time boards only), which runs one whole period. Periods the bot
was down through are skipped, not filled with empty seasons.

Names come from a pattern, with placeholders for the period the season ends with: `{year}`, `{month}` (two
digits), `{quarter}` (1 to 4), `{week}` (the ISO week, two digits; under a weekly schedule `{year}` is the
ISO week's year, so that `{year}-W{week}` is right across new year), and `{n}`, the server's how-manieth
season it is. A name the server has used is followed by ` (2)`, ` (3)`... (names are unique per server).
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from data import SeasonScheduleRow

from ..errors import TableError

EVERY = ("weekly", "monthly", "quarterly")
DEFAULT_PATTERNS = {"weekly": "{year}-W{week}", "monthly": "{year}-{month}", "quarterly": "{year}-Q{quarter}"}
PLACEHOLDERS = ("year", "month", "quarter", "week", "n")
_LONGEST = {"year": "9999", "month": "12", "quarter": "4", "week": "53", "n": "9999"}  # a pattern's longest name


class BadSchedulePattern(TableError):
    """A name pattern with a placeholder we do not know, an unpaired brace, or names too long."""

    key = "season_bad_pattern"


@dataclass(frozen=True, slots=True)
class Schedule:
    guild_id: int
    every: str  # weekly, monthly, quarterly
    pattern: str
    channel_id: int  # where it was set: its seasons are announced there unless the server chose a channel
    set_by: int
    set_at: float

    def row(self) -> SeasonScheduleRow:
        return SeasonScheduleRow(self.guild_id, self.every, self.pattern, self.channel_id, self.set_by, self.set_at)


def schedule_of(row: SeasonScheduleRow) -> Schedule:
    return Schedule(row.guild_id, row.every, row.pattern, row.channel_id, row.set_by, row.set_at)


@dataclass(frozen=True, slots=True)
class Period:
    """A week, month or quarter: from `start` (included) to `end` (excluded), UTC."""

    start: datetime
    end: datetime


def _month(year: int, month: int) -> datetime:
    """The 1st of a month at 00:00 UTC; months past December run on into the next years."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return datetime(year, month, 1, tzinfo=UTC)


def period_of(every: str, at: datetime) -> Period:
    """The period of a schedule that holds the instant `at`."""
    at = at.astimezone(UTC)
    if every == "weekly":
        start = datetime(at.year, at.month, at.day, tzinfo=UTC) - timedelta(days=at.weekday())
        return Period(start, start + timedelta(weeks=1))
    months = {"monthly": 1, "quarterly": 3}[every]
    first = (at.month - 1) // months * months + 1
    return Period(_month(at.year, first), _month(at.year, first + months))


def season_period(every: str, now: float) -> Period:
    """The period a season the schedule starts at `now` ends with: the current one, or the next one when
    less than half of the current one is left."""
    at = datetime.fromtimestamp(now, UTC)
    period = period_of(every, at)
    if period.end - at < (period.end - period.start) / 2:
        period = period_of(every, period.end)
    return period


def _fields(pattern: str) -> list[str | None]:
    try:
        parsed = list(string.Formatter().parse(pattern))
    except ValueError as exc:  # a lone { or }
        raise BadSchedulePattern(f"season name pattern {pattern!r}: {exc}", pattern=pattern) from exc
    out = []
    for _, field, spec, conversion in parsed:
        if field is not None and (field not in PLACEHOLDERS or spec or conversion):
            raise BadSchedulePattern(f"season name pattern {pattern!r}: no placeholder {{{field}}}", pattern=pattern)
        out.append(field)
    return out


def check_pattern(pattern: str, longest: int) -> str:
    """The pattern with its spacing tidied, if every name it gives has 1 to `longest` characters
    (BadSchedulePattern)."""
    pattern = " ".join(pattern.split())
    _fields(pattern)
    if not pattern or len(pattern.format(**_LONGEST)) > longest:
        raise BadSchedulePattern(f"season name pattern {pattern!r} gives names too long", pattern=pattern[:100])
    return pattern


def season_name(pattern: str, every: str, period: Period, n: int) -> str:
    """The name a pattern gives the season ending with `period`, the server's `n`th."""
    start = period.start
    iso = start.isocalendar()
    values = {
        "year": f"{iso.year if every == 'weekly' else start.year}",
        "month": f"{start.month:02d}",
        "quarter": f"{(start.month - 1) // 3 + 1}",
        "week": f"{iso.week:02d}",
        "n": f"{n}",
    }
    return " ".join(pattern.format(**values).split())


def unused_name(name: str, taken: set[str], key: Callable[[str], str], longest: int) -> str:
    """`name`, or `name (2)`, `name (3)`... the first whose `key` (names as compared) is not in `taken`."""
    count = 1
    candidate = name
    while key(candidate) in taken:
        count += 1
        suffix = f" ({count})"
        candidate = name[: longest - len(suffix)] + suffix
    return candidate
