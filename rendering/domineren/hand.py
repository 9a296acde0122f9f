"""A seat's private Domineren hand: its tiles upright in a row, each labelled as the action select writes
it (higher half first, `6-4`); during Billitonnen, the seat's own row face down, since he may not look.

Size: 600 pixels wide, growing to 720 for the most tiles a seat can hold (15: five dealt and ten drawn
in a three-player hand, two rows of 9 at most); at most 640 pixels high (`MAX_WIDTH`, `MAX_HEIGHT`).

On the seat's turn the tiles it may put down are raised and ringed in gold, with the chips a move earns
at once, and the others greyed; the status line says what to do (set a double, declare, a double on
the set out of turn, play, draw, pass). Under the Russian rule the matadors carry a red M. The open ends
are repeated with their markers and the compass side of the arm they are on, as on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.engine.domineren import DominerenView
from bot.i18n import tr

from .. import palette as pal
from ..names import say
from ..sprites import DIM, PLAIN, PLAYABLE, ring, tile_sprite
from ..text import draw_text, text_width
from . import pieces
from .board import end_sides
from .common import BODY, MATADORS, PAD, SMALL, in_billitonnen, signed, tile_text, turn_text
from .layout import ends_of, line_ends, marker_text

MIN_WIDTH = 600
MAX_WIDTH = 720
MAX_HEIGHT = 640
UNIT, PER_ROW, GAP = 30, 9, 16  # tiles 60 x 120
ROW_UNIT = 22  # Billitonnen's row: 44 x 88, nine a row
RAISE = 14
LABEL = 24
HEAD = 98
ENDS_ROW = 64  # the line of open-end markers
END_MARK = 38
MARK = 32  # the matador mark


@dataclass(frozen=True, slots=True)
class Frame:
    """Where everything of one hand image goes, in pixels."""

    width: int
    height: int
    unit: int
    tiles: tuple[tuple[int, int] | None, ...]  # as drawn; None: face down
    boxes: tuple[tuple[int, int, int, int], ...]  # each tile's box as drawn (playable ones raised)
    gain: dict[tuple[int, int], int]  # playable tile -> the most chips a move with it earns at once
    my_turn: bool
    ends_top: int  # the line of open ends (0: none)


def russian_open(view: DominerenView) -> bool:
    return any(e.open and e.rule == "russian" for e in view.ends)


def frame(view: DominerenView) -> Frame:
    game = view.billitonnen
    rows = in_billitonnen(view)
    my_turn = view.current_seat == view.seat and bool(view.legal)
    gain: dict[tuple[int, int], int] = {}
    if rows:
        assert game is not None and view.seat is not None
        tiles: tuple[tuple[int, int] | None, ...] = tuple(game.rows[view.seat])
        unit, per_row, gap = ROW_UNIT, PER_ROW, 8
    else:
        tiles = tuple(view.hand or ())
        unit, per_row, gap = UNIT, PER_ROW, GAP
        if my_turn:
            for move in view.legal:
                if move.tile is not None and move.kind in ("set", "special", "play", "block"):
                    gain[move.tile] = max(gain.get(move.tile, 0), move.gain)
    tile_w, tile_h = 2 * unit, 4 * unit
    cols = max(1, min(per_row, len(tiles)))
    n_rows = max(1, -(-len(tiles) // per_row))
    width = min(MAX_WIDTH, max(MIN_WIDTH, 2 * PAD + cols * tile_w + (cols - 1) * gap))
    has_ends = bool(view.ends) or rows
    head = HEAD + (ENDS_ROW if has_ends else 0)
    row_h = RAISE + tile_h + 12 + LABEL + (26 if gain else 0) + 18
    if rows:
        row_h = tile_h + 30
    left = (width - (cols * tile_w + (cols - 1) * gap)) // 2
    boxes = []
    for k, tile in enumerate(tiles):
        r, c = divmod(k, per_row)
        x = left + c * (tile_w + gap)
        y = head + r * row_h + (0 if tile in gain or rows else RAISE)
        boxes.append((x, y, x + tile_w, y + tile_h))
    extra = 60 if rows else 0  # the peeked tile's line
    return Frame(
        width, head + n_rows * row_h + 6 + extra, unit, tiles, tuple(boxes), gain, my_turn, HEAD if has_ends else 0
    )


def _status(view: DominerenView, names: Sequence[str], locale: str, playable: int) -> tuple[str, bool]:
    if view.over:
        return tr("image.board.over", locale), False
    if view.current_seat != view.seat or not view.legal:
        return turn_text(view, names, locale)[1], False
    kinds = {m.kind for m in view.legal}
    if view.phase == "set":
        return tr("image.dom.hand.set" if playable else "image.dom.hand.set_draw", locale), True
    if view.phase == "type":
        return tr("image.dom.hand.type", locale), True
    if view.phase == "declare":
        doubles = sum(1 for t in view.hand or () if t[0] == t[1])
        return tr("image.dom.hand.declare", locale, count=doubles), True
    if view.phase == "special":
        return tr("image.dom.hand.special", locale), True
    if view.phase == "billitonnen":
        if "place" in kinds:
            return tr("image.dom.hand.place", locale), True
        return tr("image.dom.hand.turn", locale), True
    if playable:
        return tr("image.hand.your_turn", locale, count=playable), True
    if "concede" in kinds:
        return tr("image.dom.hand.concede", locale), True
    if "draw" in kinds:
        return tr("image.hand.draw", locale), True
    if view.seat is not None and view.turns[view.seat] in view.forced_passes[view.seat]:
        return tr("image.dom.hand.forced_pass", locale), True
    if kinds == {"claim"}:
        return tr("image.dom.hand.claim", locale), True
    return tr("image.hand.pass", locale), True


def render(view: DominerenView, names: Sequence[str], locale: str) -> Image.Image:
    f = frame(view)
    width = f.width
    canvas = pal.new_canvas((width, f.height), pal.STRIP)
    rows = in_billitonnen(view)
    count = tr("image.hand.tiles", locale, count=len(f.tiles))
    count_w = draw_text(canvas, width - PAD, 44, count, SMALL, pal.GREY, pal.STRIP, align="right")
    title_room = width - 3 * PAD - count_w
    key = "image.dom.hand.row_title" if rows else "image.hand.title"
    size, title = say(key, locale, view.seat if view.seat is not None else 0, names, BODY + 2, True, title_room)
    draw_text(canvas, PAD, 44, title, size, pal.WHITE, pal.STRIP, bold=True, max_width=title_room)
    status, urgent = _status(view, names, locale, len(f.gain))
    colour = pal.GOLD if urgent else pal.GREY
    draw_text(canvas, PAD, 82, status, SMALL, colour, pal.STRIP, bold=urgent, max_width=width - 2 * PAD)
    if f.ends_top:
        _draw_ends(canvas, view, locale, f.ends_top, width)
    if rows:
        _draw_row(canvas, view, locale, f)
    else:
        _draw_tiles(canvas, view, locale, f)
    return canvas


def _draw_ends(canvas: Image.Image, view: DominerenView, locale: str, top: int, width: int) -> None:
    """The open ends, each marker after the compass side of its arm (or of the line's end)."""
    game = view.billitonnen
    line = game is not None and in_billitonnen(view)
    ends = line_ends(game) if game is not None and line else ends_of(view)
    sides = end_sides(view) if line else {}
    base = top + 35
    x = PAD + draw_text(canvas, PAD, base, tr("image.dom.hand.ends", locale), SMALL, pal.GREY, pal.STRIP) + 12
    for end in ends:
        side = "ENWS"[end.side if end.side >= 0 else end.arm]
        label = tr(f"dom.end.{sides[side]}", locale) if side in sides else side  # Billitonnen: as drawn
        sprite = pieces.marker(marker_text(end, False, locale), END_MARK, end.kind, end.directed, pal.STRIP)
        label_w = text_width(label, SMALL, True)
        if x + label_w + 6 + sprite.width > width - PAD:
            draw_text(canvas, x, base, "…", SMALL, pal.GREY, pal.STRIP)
            break
        x += draw_text(canvas, x, base, label, SMALL, pal.WHITE, pal.STRIP, bold=True) + 6
        canvas.paste(sprite, (x, top + 8), pieces.marker_mask(sprite, pal.STRIP))
        x += sprite.width + 18


def _draw_tiles(canvas: Image.Image, view: DominerenView, locale: str, f: Frame) -> None:
    r = ring(f.unit)
    russian = russian_open(view)
    shown = set(view.declared[view.seat]) if view.seat is not None and view.seat < len(view.declared) else set()
    for tile, (x, y, x1, y1) in zip(f.tiles, f.boxes, strict=True):
        assert tile is not None
        hi, lo = tile
        playable = tile in f.gain
        if f.my_turn and playable:
            canvas.paste(tile_sprite(hi, lo, True, f.unit, pal.STRIP, PLAYABLE), (x - r, y - r))
        else:
            canvas.paste(tile_sprite(hi, lo, True, f.unit, pal.STRIP, DIM if f.my_turn else PLAIN), (x, y))
        if russian and tile in MATADORS:
            mark = pieces.marker("M", MARK, "russian", False, pal.STRIP)
            canvas.paste(mark, (x1 - mark.width + 8, y - 8), pieces.marker_mask(mark, pal.STRIP))
        cx = (x + x1) / 2
        base = (y1 if playable else y1 - RAISE) + RAISE + 12 + LABEL - 2
        colour = pal.GREY if f.my_turn and not playable else pal.WHITE
        draw_text(canvas, cx, base, tile_text(tile), LABEL, colour, pal.STRIP, bold=True, align="centre")
        if f.gain.get(tile):
            draw_text(
                canvas, cx, base + 26, signed(f.gain[tile]), SMALL, pal.GREEN, pal.STRIP, bold=True, align="centre"
            )
        elif tile in shown:
            draw_text(
                canvas,
                cx,
                base + 26,
                tr("image.dom.hand.shown", locale),
                SMALL,
                pal.GREY,
                pal.STRIP,
                align="centre",
                max_width=2 * f.unit + GAP,
            )


def _draw_row(canvas: Image.Image, view: DominerenView, locale: str, f: Frame) -> None:
    """The seat's row as it lies: face down (a double put back face up), the rightmost turned next."""
    for k, (tile, (x, y, x1, y1)) in enumerate(zip(f.tiles, f.boxes, strict=True)):
        if tile is None:
            canvas.paste(pieces.back(True, f.unit, pal.STRIP), (x, y))
        else:
            canvas.paste(tile_sprite(tile[0], tile[1], True, f.unit, pal.STRIP, PLAIN), (x, y))
        if k == len(f.tiles) - 1:
            draw_text(
                canvas,
                (x + x1) / 2,
                y1 + 24,
                tr("image.dom.hand.next", locale),
                SMALL,
                pal.GOLD,
                pal.STRIP,
                bold=True,
                align="centre",
            )
    game = view.billitonnen
    assert game is not None
    base = f.height - 30
    if game.peeked is not None:
        text = tr("image.dom.hand.peeked", locale, tile=tile_text(game.peeked))
        draw_text(canvas, PAD, base, text, BODY, pal.WHITE, pal.STRIP, bold=True, max_width=f.width - 2 * PAD)
    elif game.turned is not None and view.current_seat == view.seat:
        text = tr("image.dom.turned", locale, tile=tile_text(game.turned))
        draw_text(canvas, PAD, base, text, BODY, pal.WHITE, pal.STRIP, bold=True, max_width=f.width - 2 * PAD)
    else:
        draw_text(
            canvas,
            PAD,
            base,
            tr("image.dom.hand.no_look", locale),
            SMALL,
            pal.GREY,
            pal.STRIP,
            max_width=f.width - 2 * PAD,
        )
