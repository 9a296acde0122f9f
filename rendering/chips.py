"""The score chips of an image header, one per side: its players, its score, whose turn, who won.

Shared by every game whose view has `sides`, `scores`, `current_seat` and `winner` (the header strip's
first row, game name and facts, is each game's own).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from bot.i18n import tr

from . import palette as pal
from .names import all_names, distinct, seat_name, shrink
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


def chip_names(view: Any, names: Sequence[str], locale: str, width: int) -> tuple[int, tuple[str, ...]]:
    """The size and text of every seat's name in the chips: whole, smaller if that is what it takes
    (one size for all the chips), else cut, each to its share of its chip, no two alike."""
    joiner = tr("image.side.join", locale)
    everyone = all_names(names, view.players, locale)
    turn = "▶"
    rooms = []
    for side in range(len(view.sides)):
        x0, _, x1, _ = chip_box(view, side, width)
        score_w = text_width(str(view.scores[side]), 32, True)
        star = text_width("★ ", BODY, True) if view.winner and side in view.winner else 0
        rooms.append(x1 - x0 - 28 - score_w - 12 - star)
    shown = [joiner.join((turn if s == view.current_seat else "") + everyone[s] for s in m) for m in view.sides]
    size = min(shrink([text], room, SMALL + 2, True) for text, room in zip(shown, rooms, strict=True))
    widths = [0] * view.players
    for side, members in enumerate(view.sides):
        share = (rooms[side] - text_width(joiner, size, True) * (len(members) - 1)) // len(members)
        for s in members:
            widths[s] = share - (text_width(turn, size, True) if s == view.current_seat else 0)
    return size, distinct(everyone, widths, size, True)


def draw_chips(canvas: Image.Image, view: Any, names: Sequence[str], locale: str, width: int) -> None:
    """Every side's chip; the side to play is lit, the winners starred."""
    d = ImageDraw.Draw(canvas)
    turn_side = None if view.current_seat is None else side_of(view, view.current_seat)
    winners = set(view.winner or ())
    size, cut = chip_names(view, names, locale, width)
    for side in range(len(view.sides)):
        box = chip_box(view, side, width)
        _draw_chip(canvas, d, view, cut, size, locale, side, box, side == turn_side, side in winners)


def _draw_chip(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    view: Any,
    cut: Sequence[str],
    size: int,
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
    for k, seat in enumerate(view.sides[side]):
        if k:
            x += draw_text(canvas, x, base, joiner, size, pal.GREY, bg, bold=True)
        current = seat == view.current_seat
        name = ("▶" if current else "") + cut[seat]
        x += draw_text(canvas, x, base, name, size, pal.GOLD if current else pal.WHITE, bg, bold=True)
