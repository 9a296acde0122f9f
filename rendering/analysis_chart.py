"""A game's expected outcome over one player's moves, as a line chart (PNG), for post-game analysis
(bot.ai.analysis).

    render_analysis_chart(title, curve, marked, locale)  # -> PNG bytes, WIDTH x HEIGHT

`curve` is the player's expected score margin after each of their moves with a choice (the search's
estimate: their side's points minus the others' mean, by the end of the hand); `marked` are the indexes
into `curve` of the costliest moves, drawn as red dots numbered 1, 2, 3 in the order given. Same frame,
sizes and palette as the rating chart, so that it reads at Discord's preview size.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from bot.i18n import tr

from . import encode
from . import palette as pal
from .rating_chart import BODY, HEIGHT, PAD, PLOT_BOTTOM, PLOT_TOP, SMALL, TITLE, WIDTH, _y_range
from .text import cap_height, draw_text, text_width

DOTS_UP_TO = 60


def render_analysis_chart(title: str, curve: Sequence[float], marked: Sequence[int] = (), locale: str = "en") -> bytes:
    """The chart; with no moves, the frame and a line saying there was no choice to analyse."""
    canvas = pal.new_canvas((WIDTH, HEIGHT), pal.STRIP)
    draw = ImageDraw.Draw(canvas)
    draw_text(canvas, PAD, PAD + cap_height(TITLE), title, TITLE, pal.WHITE, pal.STRIP, bold=True,
              max_width=WIDTH - 2 * PAD)  # fmt: skip
    if not curve:
        draw_text(canvas, WIDTH / 2, (PLOT_TOP + PLOT_BOTTOM) / 2, tr("image.analysis.empty", locale), BODY,
                  pal.GREY, pal.STRIP, align="centre")  # fmt: skip
        return encode(canvas)
    lo, hi, step = _y_range(min(min(curve), 0.0), max(max(curve), 0.0))
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    labels = [f"{lo + k * step:.{decimals}f}" for k in range(round((hi - lo) / step) + 1)]
    left = PAD + max(text_width(t, SMALL) for t in labels) + 12
    right = WIDTH - PAD - 12
    n = len(curve)

    def x(i: float) -> float:
        return (left + right) / 2 if n == 1 else left + (right - left) * i / (n - 1)

    def y(v: float) -> float:
        return PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * (v - lo) / (hi - lo)

    for k, text in enumerate(labels):
        at = round(y(lo + k * step))
        zero = abs(lo + k * step) < step / 2
        draw.line((left, at, right, at), fill=pal.idx(pal.GREY if zero else pal.CHIP), width=2 if zero else 1)
        draw_text(canvas, left - 12, at + cap_height(SMALL) // 2, text, SMALL, pal.GREY, pal.STRIP, align="right")
    axis = tr("image.analysis.axis", locale, moves=n)
    draw_text(canvas, (left + right) / 2, PLOT_BOTTOM + 14 + cap_height(SMALL), axis, SMALL, pal.GREY, pal.STRIP,
              align="centre")  # fmt: skip
    xy = [(x(i), y(v)) for i, v in enumerate(curve)]
    if n > 1:
        draw.line(xy, fill=pal.idx(pal.GOLD), width=3, joint="curve")
    if n <= DOTS_UP_TO:
        for px, py in xy:
            draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=pal.idx(pal.GOLD))
    for rank, i in enumerate(marked, start=1):
        if 0 <= i < n:
            px, py = xy[i]
            draw.ellipse((px - 9, py - 9, px + 9, py + 9), fill=pal.idx(pal.RED))
            draw_text(canvas, px, py - 14, str(rank), SMALL, pal.RED, pal.STRIP, bold=True, align="centre")
    return encode(canvas)
