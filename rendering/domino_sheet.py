"""What the score sheets of the domino games share: their measures, a plain row of cells, and the tiles each
player was left holding at the end of the last hand (the fives family's pips, Domineren's counts)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from . import palette as pal
from .fives.common import BODY, PAD, SMALL
from .names import MIN_SIZE, all_names, distinct, halves, shrink
from .sprites import PLAIN, tile_sprite
from .text import draw_text, text_width

WIDTH = 720
MAX_HEIGHT = 1200
MAX_HAND_ROWS = 12
ROW = 40
LABEL_W = 170
SEAT_ROW = 56
MINI = 16  # unit of the tiles in the last hand's section: 64 x 32, their pips read on a phone
NAME_GAP = 16  # between a name and the first tile


def plain_row(
    canvas: Image.Image,
    y: int,
    label: str,
    cells: list[str],
    col_x: list[int],
    col_w: int,
    colour: pal.RGB,
    bold: bool = False,
    label_w: int = LABEL_W,
) -> int:
    """A label and one right-aligned cell per column; returns the y of the next row."""
    draw_text(canvas, PAD + 10, y + 28, label, SMALL, colour, pal.STRIP, bold=bold, max_width=label_w - 14)
    for k, text in enumerate(cells):
        right = col_x[k] + col_w - 8
        draw_text(canvas, right, y + 28, text, BODY, colour, pal.STRIP, bold=bold, align="right", max_width=col_w - 12)
    return y + ROW


def draw_tiles_left(
    canvas: Image.Image,
    names: Sequence[str],
    locale: str,
    title: str,
    hands: Sequence[Sequence[str]],
    counts: Sequence[str],
    y: int,
    bottom: int,
) -> None:
    """`title`, then a line per seat: its name, the tiles it held (`6-4` labels) and `counts[seat]`."""
    draw_text(canvas, PAD, y + 28, title, BODY, pal.WHITE, pal.STRIP, bold=True, max_width=WIDTH - 2 * PAD)
    y += 48
    tile_w = 4 * MINI
    everyone = all_names(names, len(hands), locale)
    room = LABEL_W - 10 - NAME_GAP
    # a name that does not fit whole at the smallest size takes two lines, split between its words
    lines: list[list[str]] = []
    for name in everyone:
        two = halves(name) if text_width(name, MIN_SIZE) > room else None
        lines.append(list(two) if two and all(text_width(t, MIN_SIZE) <= room for t in two) else [name])
    size = shrink([t for ls in lines for t in ls], room, SMALL, False)
    cut = distinct(everyone, [room] * len(hands), size, False)
    for seat, labels in enumerate(hands):
        if y + SEAT_ROW > bottom:
            break
        if len(lines[seat]) == 2:
            for k, line in enumerate(lines[seat]):
                draw_text(canvas, PAD + 10, y + 22 + 22 * k, line, size, pal.WHITE, pal.STRIP)
        else:
            draw_text(canvas, PAD + 10, y + 34, cut[seat], size, pal.WHITE, pal.STRIP)
        count = counts[seat] if seat < len(counts) else ""
        right = WIDTH - PAD - draw_text(canvas, WIDTH - PAD, y + 34, count, SMALL, pal.GREY, pal.STRIP, align="right")
        x = PAD + LABEL_W
        for label in labels:
            if x + tile_w > right - 12:
                draw_text(canvas, x, y + 34, "…", SMALL, pal.GREY, pal.STRIP)
                break
            hi, _, lo = label.partition("-")
            canvas.paste(tile_sprite(int(hi), int(lo), False, MINI, pal.STRIP, PLAIN), (x, y + 12))
            x += tile_w + 6
        y += SEAT_ROW


def head_height(lines: Sequence[Sequence[str]], size: int) -> int:
    """How tall a row of column heads is: `ROW` for one line, a line more for each further one."""
    return ROW + (max(map(len, lines), default=1) - 1) * (size + 6)


def draw_heads(canvas: Image.Image, y: int, lines: Sequence[Sequence[str]], size: int, rights: Sequence[int]) -> int:
    """Column heads (`names.heads`), right-aligned at `rights`, their last lines level; returns the y below."""
    tall = max(map(len, lines), default=1)
    for head, right in zip(lines, rights, strict=True):
        for k, line in enumerate(head):
            base = y + 28 + (tall - len(head) + k) * (size + 6)
            draw_text(canvas, right, base, line, size, pal.WHITE, pal.STRIP, bold=True, align="right")
    return y + head_height(lines, size)
