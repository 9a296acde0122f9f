"""A player's rating over time, as a line chart (PNG), for `/stats`.

    render_rating_chart(player, series, locale, seasons=...)  # -> PNG bytes, WIDTH x HEIGHT

`series` holds one line or several (a rating pool each, or a season each), each a list of (when, rating)
points; the rating drawn is the number the leaderboard shows (the ordinal, mu - 3 sigma). `seasons`
marks where each season starts with a line and its name. The chart is as wide as a board, with text as
large as a board's, so that it reads at Discord's preview size (about 550 pixels wide); dates are written
the reader's way (Babel's locale data: "Nov 25" or "11月25日").

Any data draws sensibly: one point (a dot in the middle, with its value), flat ratings (a range around
them), negative ones (a zero line), hundreds of points (a line without dots). Nothing is drawn from a
view or the database: the later `/stats` command maps its rows onto `RatingSeries`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from babel.dates import format_skeleton
from PIL import Image, ImageDraw

from bot.i18n import tr

from . import encode
from . import palette as pal
from .names import say
from .text import cap_height, draw_text, fit, text_width

WIDTH, HEIGHT = 960, 540
PAD = 24
TITLE = 30
BODY = 22
SMALL = 20
PLOT_TOP = 96
PLOT_BOTTOM = HEIGHT - 56
DOTS_UP_TO = 60  # more points than this (per series) and the dots would hide the line
# Lines in the colours whose text has a ramp over the strip come first: their end values are drawn in them.
COLOURS = (pal.GOLD, pal.GREEN, pal.WHITE, pal.RED, pal.ARM, pal.BRASS)
TEXT_COLOURS = (pal.GOLD, pal.GREEN, pal.WHITE, pal.RED)
Scale = Callable[[datetime], float]


@dataclass(frozen=True, slots=True)
class RatingPoint:
    when: datetime  # a naive time is taken as UTC
    rating: float  # the ordinal the leaderboard shows


@dataclass(frozen=True, slots=True)
class RatingSeries:
    label: str  # in the reader's language (a game's name, a season's); "" for a lone series
    points: tuple[RatingPoint, ...]


@dataclass(frozen=True, slots=True)
class SeasonMark:
    starts: datetime
    label: str


def render_rating_chart(
    player: str, series: Sequence[RatingSeries], locale: str = "en", *, seasons: Sequence[SeasonMark] = ()
) -> bytes:
    """The chart of `player`'s ratings; at most `len(COLOURS)` series (ValueError beyond). A player with
    no points gets the chart's frame and a line saying there are no rated games yet."""
    if len(series) > len(COLOURS):
        raise ValueError(f"at most {len(COLOURS)} series, not {len(series)}")
    canvas = pal.new_canvas((WIDTH, HEIGHT), pal.STRIP)
    draw = ImageDraw.Draw(canvas)
    # the title takes what it needs, up to most of the width beside a legend; a long name is cut in the
    # name, so that "…: rating" still says what the chart is
    most = WIDTH - 2 * PAD if len(series) <= 1 else (WIDTH - 2 * PAD) * 3 // 5
    whole = tr("image.rating.title", locale, player=" ".join(player.split()))
    title_w = min(text_width(whole, TITLE, True), most)
    size, title = say("image.rating.title", locale, 0, [player], TITLE, True, title_w)
    legend_w = _legend(canvas, draw, series, WIDTH - 3 * PAD - title_w) if len(series) > 1 else 0
    draw_text(canvas, PAD, PAD + cap_height(TITLE), title, size, pal.WHITE, pal.STRIP, bold=True,
              max_width=WIDTH - 3 * PAD - legend_w)  # fmt: skip
    points = [(_utc(p.when), p.rating) for s in series for p in s.points]
    if not points:
        draw_text(canvas, WIDTH / 2, (PLOT_TOP + PLOT_BOTTOM) / 2, tr("image.rating.empty", locale), BODY,
                  pal.GREY, pal.STRIP, align="centre")  # fmt: skip
        return encode(canvas)
    lo, hi, step = _y_range(min(r for _, r in points), max(r for _, r in points))
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    labels = [f"{lo + k * step:.{decimals}f}" for k in range(round((hi - lo) / step) + 1)]
    left = PAD + max(text_width(t, SMALL) for t in labels) + 12
    ends = [f"{s.points[-1].rating:.1f}" for s in series if s.points]
    right = WIDTH - PAD - max(text_width(t, BODY, True) for t in ends) - 12
    t0, t1 = _x_range([t for t, _ in points])

    def x(t: datetime) -> float:
        return left + (right - left) * (t - t0).total_seconds() / (t1 - t0).total_seconds()

    def y(r: float) -> float:
        return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * (r - lo) / (hi - lo)

    for k, text in enumerate(labels):
        at = round(y(lo + k * step))
        zero = abs(lo + k * step) < step / 2 and lo < 0 < hi
        draw.line((left, at, right, at), fill=pal.idx(pal.GREY if zero else pal.CHIP), width=2 if zero else 1)
        draw_text(canvas, left - 12, at + cap_height(SMALL) // 2, text, SMALL, pal.GREY, pal.STRIP, align="right")
    _x_axis(canvas, draw, t0, t1, x, left, right, locale)
    _seasons(canvas, draw, seasons, t0, t1, x, right)
    label_at: list[tuple[float, str, pal.RGB]] = []
    for k, s in enumerate(series):
        colour = COLOURS[k]
        xy = [(x(_utc(p.when)), y(p.rating)) for p in s.points]
        if len(xy) > 1:
            draw.line(xy, fill=pal.idx(colour), width=3, joint="curve")
        if len(xy) <= DOTS_UP_TO:
            for px, py in xy:
                draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=pal.idx(colour))
        if xy:
            label_at.append((xy[-1][1], f"{s.points[-1].rating:.1f}", colour))
    _end_labels(canvas, label_at, right)
    return encode(canvas)


def _utc(t: datetime) -> datetime:
    return t.replace(tzinfo=UTC) if t.tzinfo is None else t


def _y_range(lo: float, hi: float) -> tuple[float, float, float]:
    """The axis's ends and step: round numbers around the data, at most 6 gaps; a flat line gets a range
    of a few points around it."""
    if hi - lo < 1:
        mid = (lo + hi) / 2
        lo, hi = mid - 2, mid + 2
    else:  # a little room, so that no line runs along the frame
        lo, hi = lo - (hi - lo) / 20, hi + (hi - lo) / 20
    raw = (hi - lo) / 5
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    return math.floor(lo / step) * step, math.ceil(hi / step) * step, step


def _x_range(times: list[datetime]) -> tuple[datetime, datetime]:
    t0, t1 = min(times), max(times)
    if t1 - t0 < timedelta(hours=1):  # one moment: the point in the middle of a day
        return t0 - timedelta(hours=12), t1 + timedelta(hours=12)
    margin = (t1 - t0) / 40
    return t0 - margin, t1 + margin


_DAY_STEPS = (1, 2, 7, 14)
_MONTH_STEPS = (1, 2, 3, 6, 12, 24, 60)


def _ticks(t0: datetime, t1: datetime) -> tuple[list[datetime], str]:
    """Dates to mark on the time axis (midnights or first days of months, at most 8), and the Babel
    skeleton to write them with."""
    span = t1 - t0
    if span <= timedelta(days=1, hours=1):  # one moment (or one day): its date under the middle
        return [t0 + span / 2], "yMMMd"
    if span <= timedelta(days=2):
        hours = next(h for h in (1, 2, 3, 6, 12, 24) if span / timedelta(hours=h) <= 8)
        start = t0.replace(minute=0, second=0, microsecond=0) + timedelta(hours=1)
        ticks = [start + timedelta(hours=k) for k in range(0, int(span / timedelta(hours=1)) + 2)]
        return [t for t in ticks if t.hour % hours == 0 and t0 <= t <= t1], "Hm"
    if span <= timedelta(days=120):
        days = next((d for d in _DAY_STEPS if span.days / d <= 8), 30)
        start = t0.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
        ticks = [start + timedelta(days=k) for k in range(span.days + 2)]
        if days == 7:
            ticks = [t for t in ticks if t.weekday() == 0]
        elif days > 1:
            ticks = [t for t in ticks if (t.toordinal() % days) == 0]
        return [t for t in ticks if t <= t1], "MMMd"
    months = next((m for m in _MONTH_STEPS if span.days / 30.4 / m <= 8), 120)
    ticks = []
    year, month = t0.year, t0.month
    while True:
        month += 1
        year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
        tick = t0.replace(year=year, month=month, day=1, hour=0, minute=0, second=0, microsecond=0)
        if tick > t1:
            break
        if (year * 12 + month - 1) % months == 0:
            ticks.append(tick)
    return ticks, "yMMM"


def _x_axis(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    t0: datetime,
    t1: datetime,
    x: Scale,
    left: float,
    right: float,
    locale: str,
) -> None:
    ticks, skeleton = _ticks(t0, t1)
    baseline = PLOT_BOTTOM + 14 + cap_height(SMALL)
    last_end = -1.0
    for t in ticks:
        at = x(t)
        text = format_skeleton(skeleton, t, locale=locale)
        w = text_width(text, SMALL)
        if at - w / 2 < last_end + 12 or at + w / 2 > WIDTH - 4 or at - w / 2 < 4:
            continue  # would run into its neighbour or off the image
        draw.line((at, PLOT_BOTTOM, at, PLOT_BOTTOM + 6), fill=pal.idx(pal.GREY))
        draw_text(canvas, at, baseline, text, SMALL, pal.GREY, pal.STRIP, align="centre")
        last_end = at + w / 2
    draw.line((left, PLOT_BOTTOM, right, PLOT_BOTTOM), fill=pal.idx(pal.GREY))


def _seasons(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    seasons: Sequence[SeasonMark],
    t0: datetime,
    t1: datetime,
    x: Scale,
    right: float,
) -> None:
    """A dashed line where each season in view starts, its name beside it at the top."""
    shown = [s for s in seasons if t0 <= _utc(s.starts) <= t1]
    for k, season in enumerate(shown):
        at = round(x(_utc(season.starts)))
        for y0 in range(PLOT_TOP - 8, PLOT_BOTTOM, 12):
            draw.line((at, y0, at, min(y0 + 6, PLOT_BOTTOM)), fill=pal.idx(pal.DIVIDER), width=2)
        room = round((x(_utc(shown[k + 1].starts)) if k + 1 < len(shown) else right) - at - 16)
        if room > 30:
            draw_text(canvas, at + 8, PLOT_TOP - 14, season.label, SMALL, pal.GREY, pal.STRIP, max_width=room)


def _end_labels(canvas: Image.Image, label_at: list[tuple[float, str, pal.RGB]], right: float) -> None:
    """Each series' last value right of the plot, at its height, nudged apart so that none overlap."""
    placed: list[float] = []
    for py, text, colour in sorted(label_at):
        at = max(py, placed[-1] + BODY + 4) if placed else py
        placed.append(at)
        fg = colour if colour in TEXT_COLOURS else pal.WHITE
        draw_text(canvas, right + 12, at + cap_height(BODY) // 2, text, BODY, fg, pal.STRIP, bold=True)


def _legend(canvas: Image.Image, draw: ImageDraw.ImageDraw, series: Sequence[RatingSeries], room: int) -> int:
    """The series' names at the top right, each after a swatch of its colour, in at most `room` pixels;
    returns the width used."""
    texts = [fit(s.label, SMALL, False, room // len(series) - 30) for s in series]
    width = sum(text_width(t, SMALL) + 30 for t in texts)
    x = WIDTH - PAD - width
    for k, text in enumerate(texts):
        draw.rectangle((x, PAD + 6, x + 16, PAD + 22), fill=pal.idx(COLOURS[k]))
        x += 22 + draw_text(canvas, x + 22, PAD + 14 + cap_height(SMALL) // 2, text, SMALL, pal.WHITE, pal.STRIP) + 8
    return width


__all__ = ["RatingPoint", "RatingSeries", "SeasonMark", "render_rating_chart"]
