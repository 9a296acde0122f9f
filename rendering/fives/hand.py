"""A seat's private hand: its tiles upright in rows, each labelled as the action select names it.

Size: 600 pixels wide for up to 7 tiles, growing to 740 for 9 a row; a hand of more than 27 tiles
(only a long run of draws from a double-nine boneyard) switches to smaller tiles, 14 a row, at most
820 wide. At most 1000 pixels high (`MAX_WIDTH`, `MAX_HEIGHT`) for any hand of the double-nine set.

On the seat's turn the tiles it can play are raised and ringed in gold, with the points the best play
of each would score, and the others greyed; the status line says what to do. The open ends and the end
count are repeated so a player can choose from this image alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.engine.fives import FivesView
from bot.i18n import tr

from .. import palette as pal
from ..names import say, shrink
from ..sprites import DIM, PLAIN, PLAYABLE, ring, tile_sprite
from ..text import draw_text
from .common import BODY, PAD, SMALL, count_sum, seat_name

MIN_WIDTH = 600
MAX_WIDTH = 820
MAX_HEIGHT = 1000
BIG = (30, 9, 20)  # (unit, tiles a row, gap between tiles) up to 27 tiles
SMALL_TILES = (20, 14, 16)
RAISE = 14
LABEL = 24
HEAD = 98
HEAD_WITH_ENDS = 132  # with the line of open ends


def tile_text(tile: tuple[int, int]) -> str:
    """The tile as the action select writes it: higher half first."""
    hi, lo = max(tile), min(tile)
    return f"{hi}-{lo}"


def _status(view: FivesView, names: Sequence[str], locale: str, playable: int) -> tuple[str, bool]:
    if view.over:
        return tr("image.board.over", locale), False
    if view.current_seat != view.seat:
        if view.current_seat is None:
            return "", False
        return tr("image.turn", locale, player=seat_name(names, view.current_seat, locale)), False
    if playable:
        return tr("image.hand.your_turn", locale, count=playable), True
    if any(m.text == "draw" for m in view.legal):
        return tr("image.hand.draw", locale), True
    return tr("image.hand.pass", locale), True


@dataclass(frozen=True, slots=True)
class Frame:
    """Where everything of one hand image goes, in pixels."""

    width: int
    height: int
    unit: int
    boxes: tuple[tuple[int, int, int, int], ...]  # each tile's box as drawn (playable ones raised)
    best: dict[tuple[int, int], int]  # playable tile -> the most its plays score (only on the seat's turn)
    my_turn: bool


def frame(view: FivesView) -> Frame:
    tiles = view.hand or ()
    unit, per_row, gap = BIG if len(tiles) <= BIG[1] * 3 else SMALL_TILES
    tile_w, tile_h = 2 * unit, 4 * unit
    cols = max(1, min(per_row, len(tiles)))
    rows = max(1, -(-len(tiles) // per_row))
    width = max(MIN_WIDTH, 2 * PAD + cols * tile_w + (cols - 1) * gap)
    my_turn = view.current_seat == view.seat and bool(view.legal)
    best: dict[tuple[int, int], int] = {}
    if my_turn:
        for move in view.legal:
            if move.tile is not None:
                best[move.tile] = max(best.get(move.tile, 0), move.points)
    head = HEAD_WITH_ENDS if view.layout else HEAD
    row_h = RAISE + tile_h + 12 + LABEL + (26 if best else 0) + 18
    left = (width - (cols * tile_w + (cols - 1) * gap)) // 2
    boxes = []
    for k, tile in enumerate(tiles):
        row, col = divmod(k, per_row)
        x = left + col * (tile_w + gap)
        y = head + row * row_h + (0 if tile in best else RAISE)
        boxes.append((x, y, x + tile_w, y + tile_h))
    return Frame(width, head + rows * row_h + 6, unit, tuple(boxes), best, my_turn)


def render(view: FivesView, names: Sequence[str], locale: str) -> Image.Image:
    f = frame(view)
    width = f.width
    canvas = pal.new_canvas((width, f.height), pal.STRIP)
    tiles = view.hand or ()
    count = tr("image.hand.tiles", locale, count=len(tiles))
    count_w = draw_text(canvas, width - PAD, 44, count, SMALL, pal.GREY, pal.STRIP, align="right")
    title_room = width - 3 * PAD - count_w
    # cut the name, not the words round it, so that a long name still reads as "...'s hand"
    seat = view.seat if view.seat is not None else 0
    size, title = say("image.hand.title", locale, seat, names, BODY + 2, True, title_room)
    draw_text(canvas, PAD, 44, title, size, pal.WHITE, pal.STRIP, bold=True, max_width=title_room)
    status, urgent = _status(view, names, locale, len(f.best))
    colour = pal.GOLD if urgent else pal.GREY
    draw_text(canvas, PAD, 82, status, SMALL, colour, pal.STRIP, bold=urgent, max_width=width - 2 * PAD)
    if view.layout:
        ends = " · ".join(str(number) for number, _, _, arm in view.ends if not arm)
        text = tr("image.hand.ends", locale, ends=ends)
        arms = [str(number) for number, _, _, arm in view.ends if arm]
        if arms:  # a spinner's arms are open but count nothing yet: said, so the sum below adds up
            text += " · " + tr("image.hand.arms", locale, arms=" · ".join(arms))
        if view.muggins_unit:  # which ends count, and for how much: "End count 6 + 2 = 8"
            text += "   " + tr("image.count", locale, count=count_sum(view))
        size = shrink([text], width - 2 * PAD, SMALL, False)  # smaller before the count is cut off
        draw_text(canvas, PAD, 116, text, size, pal.GREY, pal.STRIP, max_width=width - 2 * PAD)
    r = ring(f.unit)
    for tile, (x, y, x1, y1) in zip(tiles, f.boxes, strict=True):
        hi, lo = max(tile), min(tile)
        playable = tile in f.best
        if f.my_turn and playable:
            canvas.paste(tile_sprite(hi, lo, True, f.unit, pal.STRIP, PLAYABLE), (x - r, y - r))
        else:
            canvas.paste(tile_sprite(hi, lo, True, f.unit, pal.STRIP, DIM if f.my_turn else PLAIN), (x, y))
        cx = (x + x1) / 2
        base = (y1 if playable else y1 - RAISE) + RAISE + 12 + LABEL - 2
        colour = pal.GREY if f.my_turn and not playable else pal.WHITE
        draw_text(canvas, cx, base, tile_text(tile), LABEL, colour, pal.STRIP, bold=True, align="centre")
        if f.best.get(tile):
            points = tr("image.last.points", locale, points=f.best[tile])
            draw_text(canvas, cx, base + 26, points, SMALL, pal.GREEN, pal.STRIP, bold=True, align="centre")
    return canvas
