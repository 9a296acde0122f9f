"""The score chips of an image header, one per side: its players, its score, whose turn, who won.

Shared by every game whose view has `sides`, `scores`, `current_seat` and `winner` (the header strip's
first row, game name and facts, is each game's own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from bot.i18n import tr

from . import palette as pal
from .names import MIN_SIZE, all_names, distinct, seat_name, shares, shrink
from .text import draw_text, text_width

__all__ = ["chip_box", "chip_rows", "draw_chips", "header_height", "seat_name", "side_of"]

PAD = 20
BODY = 26
SMALL = 22
ROW1 = 54  # the chips start below the header's first line
CHIP_H = 50
CHIP_GAP = 8


def chip_rows(sides: int) -> tuple[int, int]:
    """(rows, columns) of the score chips: up to three sides in a row."""
    cols = sides if sides <= 3 else (sides + 1) // 2
    return (sides + cols - 1) // cols, cols


def header_height(view: Any) -> int:
    rows, _ = chip_rows(len(view.sides))
    return ROW1 + rows * (CHIP_H + CHIP_GAP) + CHIP_GAP


def chip_box(view: Any, side: int, width: int) -> tuple[int, int, int, int]:
    _, cols = chip_rows(len(view.sides))
    chip_w = (width - 2 * PAD - (cols - 1) * CHIP_GAP) // cols
    r, c = divmod(side, cols)
    x0, y0 = PAD + c * (chip_w + CHIP_GAP), ROW1 + r * (CHIP_H + CHIP_GAP)
    return x0, y0, x0 + chip_w, y0 + CHIP_H


def side_of(view: Any, seat: int) -> int:
    return next(k for k, members in enumerate(view.sides) if seat in members)


class ChipNames(NamedTuple):
    size: int  # one for all the chips
    cut: tuple[str, ...]  # every seat's name as drawn
    lines: tuple[tuple[tuple[int, ...], ...], ...]  # each side's seats, one tuple a line (two if need be)


def _lines(members: Sequence[int], whole: Sequence[str], joiner: str, room: int) -> tuple[tuple[int, ...], ...]:
    """A side's players on one line if they fit at the smallest size, else on two, split where the
    longer line is shortest."""
    one = tuple(members)
    if len(one) < 2 or text_width(joiner.join(whole[s] for s in one), MIN_SIZE, True) <= room:
        return (one,)
    wide = lambda part: text_width(joiner.join(whole[s] for s in part) + joiner, MIN_SIZE, True)  # noqa: E731
    k = min(range(1, len(one)), key=lambda k: max(wide(one[:k]), wide(one[k:])))
    return one[:k], one[k:]


def chip_names(view: Any, names: Sequence[str], locale: str, width: int) -> ChipNames:
    """The size and text of every seat's name in the chips: whole, smaller if that is what it takes
    (one size for all the chips), then on two lines, else cut, each to its share of its line (a short
    name keeps what it needs), no two alike."""
    joiner = tr("image.side.join", locale)
    everyone = all_names(names, view.players, locale)
    turn = "▶"
    whole = [(turn if s == view.current_seat else "") + everyone[s] for s in range(view.players)]
    rooms = []
    for side in range(len(view.sides)):
        x0, _, x1, _ = chip_box(view, side, width)
        score_w = text_width(str(view.scores[side]), 32, True)
        star = text_width("★ ", BODY, True) if view.winner and side in view.winner else 0
        rooms.append(x1 - x0 - 28 - score_w - 12 - star)
    lines = tuple(_lines(m, whole, joiner, room) for m, room in zip(view.sides, rooms, strict=True))
    shown = [[joiner.join(whole[s] for s in line) for line in side] for side in lines]
    size = min(shrink(texts, room, SMALL + 2, True) for texts, room in zip(shown, rooms, strict=True))
    if any(len(side) > 1 for side in lines):
        size = MIN_SIZE  # two lines fill a chip at the smallest size
    widths = [0] * view.players
    arrow = text_width(turn, size, True)
    for side, side_lines in enumerate(lines):
        for n, line in enumerate(side_lines):
            # the joiners between the line's names, and before a second line's first (stripped, as drawn)
            joins = text_width(joiner, size, True) * (len(line) - 1) + (
                text_width(joiner.lstrip(), size, True) if n else 0
            )
            room = rooms[side] - joins
            marks = [arrow if s == view.current_seat else 0 for s in line]
            needs = [text_width(everyone[s], size, True) + m for s, m in zip(line, marks, strict=True)]
            for s, share, m in zip(line, shares(needs, room), marks, strict=True):
                widths[s] = share - m
    return ChipNames(size, distinct(everyone, widths, size, True), lines)


def draw_chips(canvas: Image.Image, view: Any, names: Sequence[str], locale: str, width: int) -> None:
    """Every side's chip; the side to play is lit, the winners starred."""
    d = ImageDraw.Draw(canvas)
    turn_side = None if view.current_seat is None else side_of(view, view.current_seat)
    winners = set(view.winner or ())
    shown = chip_names(view, names, locale, width)
    for side in range(len(view.sides)):
        box = chip_box(view, side, width)
        _draw_chip(canvas, d, view, shown, locale, side, box, side == turn_side, side in winners)


def _draw_chip(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    view: Any,
    shown: ChipNames,
    locale: str,
    side: int,
    box: tuple[int, int, int, int],
    turn: bool,
    won: bool,
) -> None:
    bg = pal.CHIP_TURN if turn else pal.CHIP
    outline = pal.idx(pal.GOLD) if turn or won else None
    d.rounded_rectangle(box, 10, fill=pal.idx(bg), outline=outline, width=3 if outline is not None else 0)
    x0, y0, x1, y1 = box
    base = y0 + (y1 - y0) // 2 + 10
    draw_text(canvas, x1 - 14, base + 2, str(view.scores[side]), 32, pal.WHITE, bg, bold=True, align="right")
    x = x0 + 14
    if won:
        x += draw_text(canvas, x, base, "★ ", BODY, pal.GOLD, bg, bold=True)
    joiner = tr("image.side.join", locale)
    lines = shown.lines[side]
    left, size = x, shown.size
    for n, line in enumerate(lines):
        x = left
        y = base if len(lines) == 1 else y0 + 21 + 21 * n  # two lines: one above the other, the chip filled
        for k, seat in enumerate(line):
            if k or n:
                x += draw_text(canvas, x, y, joiner.lstrip() if n and not k else joiner, size, pal.GREY, bg, bold=True)
            current = seat == view.current_seat
            name = ("▶" if current else "") + shown.cut[seat]
            x += draw_text(canvas, x, y, name, size, pal.GOLD if current else pal.WHITE, bg, bold=True)
