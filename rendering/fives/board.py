"""The public board image of a fives-family game.

Size: always 960 pixels wide (Discord scales it to the message pane, about 400 px on a phone); the
height grows with the layout, from 480 to at most 1200 pixels (`MAX_HEIGHT`). The tiles shrink in
steps (a quarter-tile unit of 30 down to 9 px) only when a layout no longer fits at the larger size.

From top to bottom: the header (game, hand, target, whose turn, the boneyard, a chip per side with its
players and score), the end count, the layout on the felt with a numbered disc beyond every open end
and the tile just played ringed in gold, and the footer with the last action and what it scored.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.fives import RULES, FivesView
from bot.i18n import tr

from .. import palette as pal
from ..sprites import HIGHLIGHT, PLAIN, badge_sprite, ring, ringed_sprite, tile_sprite
from ..text import draw_text, text_width
from . import ending
from .common import BODY, PAD, SMALL, WIDTH, draw_header, end_values, header_height, last_action, seat_name
from .geometry import OVERLAP, STEP, TOUCHING, LayoutTile, Placement, TileLayout, end_heading, entry_point, place

MIN_HEIGHT = 480
MAX_HEIGHT = 1200
UNITS = (30, 24, 20, 16, 13, 11, 9)
FOOTER = 56
COUNT_BAND = 50
MARGIN = 16  # felt left around the tiles
BADGE_ROOM = 2  # units kept free round the tiles for the open-end discs
LANDSCAPE = 0.6  # rows tried first, as a share of the columns


def descent_for(view: FivesView) -> int:
    """Tiles a snaking line lays before turning back: two where every double spins, leaving room between
    the rows for an arm, else one."""
    rules = RULES.get(view.game_id)
    return 2 if rules is not None and rules.spinners == "all" else 1


def choose_unit(layout: Sequence[LayoutTile], room_w: int, room_h: int, descent: int) -> tuple[int, Placement]:
    """The largest tile size whose placement fits the room cleanly (trying a landscape box first, which
    Discord shows larger on a desktop), else the best placement that fits at all."""
    best: tuple[int, int, Placement] | None = None
    # doubles crosswise round corners too (fives.md C4); lengthwise there only if nothing fits otherwise
    tries = [
        (unit, corners, cols, rows_full, rows)
        for unit, corners in [(u, True) for u in UNITS] + [(u, False) for u in UNITS]
        for cols, rows_full in [(room_w // unit - 2 * BADGE_ROOM, room_h // unit - 2 * BADGE_ROOM)]
        for rows in sorted({min(rows_full, round(cols * LANDSCAPE)), rows_full})
    ]
    # First only for a size that fits: each placement given up at its first tile that does not. A board
    # drawn with nothing cached (the first after a start) then costs the tiles up to there, not them all.
    # Each starts from what it shares with the smaller boxes tried before it (see geometry.place).
    tried: dict[bool, list[tuple[int, int]]] = {True: [], False: []}
    for unit, corners, cols, rows_full, rows in tries:
        placement = place(layout, cols, rows, descent, corners, give_up=TOUCHING, smaller=tried[corners])
        x0, y0, x1, y1 = placement.bbox
        if placement.quality <= TOUCHING and (x1 - x0) <= cols and (y1 - y0) <= rows_full:
            return unit, placement
        tried[corners].append((cols, rows))
    for unit, corners, cols, rows_full, rows in tries:  # none fits: the best of the whole placements
        # each but the first given up once it is no better than the best so far: what it would have been
        # whole could not have replaced that one, and one that is better is never given up (whole as it is)
        placement = place(layout, cols, rows, descent, corners, give_up=None if best is None else best[0] - 1)
        x0, y0, x1, y1 = placement.bbox
        quality = placement.quality if (x1 - x0) <= cols and (y1 - y0) <= rows_full else OVERLAP + 1
        if best is None or quality < best[0]:
            best = (quality, unit, placement)
    assert best is not None
    quality, unit, placement = best
    if quality > OVERLAP:  # nothing fits: shrink the smallest placement until it does
        x0, y0, x1, y1 = placement.bbox
        unit = max(4, min(room_w // (x1 - x0 + 2 * BADGE_ROOM), room_h // (y1 - y0 + 2 * BADGE_ROOM)))
    return unit, placement


def highlighted(view: FivesView) -> int:
    """Index of the tile just played, or -1 (after a draw or a pass, or once the hand has ended)."""
    if not view.layout or view.last is None or view.last[1] in ("draw", "pass"):
        return -1
    return len(view.layout) - 1


@dataclass(frozen=True, slots=True)
class Frame:
    """Where everything of one board image goes, in pixels."""

    width: int
    height: int
    header: int  # height of the header strip
    band: int  # height of the end-count band below it (0 where nothing scores in play)
    board: int  # height of the felt
    unit: int
    placement: Placement | None  # None before the lead
    ox: int  # pixel position of grid point (0, 0)
    oy: int

    def tile_box(self, index: int) -> tuple[int, int, int, int]:
        """The pixel box of layout tile `index` (its sprite, without a highlight ring)."""
        assert self.placement is not None
        s, u = self.placement.spots[index], self.unit
        return self.ox + s.x0 * u, self.oy + s.y0 * u, self.ox + s.x1 * u, self.oy + s.y1 * u


def frame(view: FivesView) -> Frame:
    head = header_height(view)
    band = COUNT_BAND if view.muggins_unit else 0
    foot = FOOTER + (ending.HEIGHT if view.over else 0)  # the last board closes with who won
    room_h = MAX_HEIGHT - head - foot - band - 2 * MARGIN
    if not view.layout:
        board_h = max(MIN_HEIGHT - head - foot, band + 2 * MARGIN)
        return Frame(WIDTH, head + board_h + foot, head, band, board_h, UNITS[0], None, 0, 0)
    unit, placement = choose_unit(view.layout, WIDTH - 2 * MARGIN, room_h, descent_for(view))
    x0, y0, x1, _ = placement.bbox
    tiles_h = (placement.bbox[3] - y0 + 2 * BADGE_ROOM) * unit
    board_h = max(MIN_HEIGHT - head - foot, band + tiles_h + 2 * MARGIN)
    ox = (WIDTH - (x1 - x0) * unit) // 2 - x0 * unit
    oy = head + band + MARGIN + (board_h - band - 2 * MARGIN - tiles_h) // 2 + BADGE_ROOM * unit - y0 * unit
    return Frame(WIDTH, head + board_h + foot, head, band, board_h, unit, placement, ox, oy)


def render(view: FivesView, names: Sequence[str], locale: str) -> Image.Image:
    f = frame(view)
    canvas = pal.new_canvas((f.width, f.height), pal.FELT)
    draw_header(canvas, view, names, locale, f.width)
    if f.placement is None:
        _draw_empty(canvas, view, names, locale, f.header, f.board)
    else:
        _draw_count(canvas, view, locale, f.header)
        _draw_tiles(canvas, view, f.placement, f.unit, f.ox, f.oy)
    _draw_footer(canvas, view, names, locale, f.header + f.board)
    ending.draw_ending(canvas, view, names, locale, f.header + f.board + FOOTER)
    return canvas


def _draw_tiles(canvas: Image.Image, view: FivesView, placement: Placement, unit: int, ox: int, oy: int) -> None:
    hl = highlighted(view)
    spots = placement.spots
    for i, s in enumerate(spots):
        if i != hl:
            canvas.paste(
                tile_sprite(s.first, s.second, s.vertical, unit, pal.FELT, PLAIN), (ox + s.x0 * unit, oy + s.y0 * unit)
            )
    if hl >= 0:
        s = spots[hl]
        r = ring(unit)
        sprite, mask = ringed_sprite(s.first, s.second, s.vertical, unit, pal.FELT, HIGHLIGHT)
        canvas.paste(sprite, (ox + s.x0 * unit - r, oy + s.y0 * unit - r), mask)
    diameter = max(22, round(unit * 1.5))
    # where the game counts the ends, a disc shows what its end adds to the count (a double's end its
    # two halves), so that the discs add up to the count above; a grey disc, a spinner's arm, shows the
    # number to play on it (it counts nothing yet, as the count band says); where nothing is counted (Draw)
    # every open end is just a number to play on, so every disc is the same
    values = end_values(view) if view.muggins_unit else [None] * len(view.ends)
    for (number, index, direction, arm), value in zip(view.ends, values, strict=True):
        cx, cy, disc = badge_place(view, placement, index, direction, diameter / unit)
        fill = pal.ARM if arm and view.muggins_unit else pal.IVORY  # grey only where the count band says why
        d = diameter if disc * unit >= diameter else max(20, round(disc * unit) - 2)
        sprite, mask = badge(str(number if value is None else value), d, fill)
        at = (ox + round(cx * unit) - d // 2, oy + round(cy * unit) - d // 2)
        canvas.paste(sprite, at, mask)  # only the disc: its felt corners never cut into a tile under it


@lru_cache(maxsize=512)  # rendering.warm draws every number at every size
def badge(text: str, diameter: int, fill: pal.RGB) -> tuple[Image.Image, Image.Image]:
    """An open end's disc and the mask of the disc alone (without the felt round it)."""
    sprite = badge_sprite(text, diameter, fill, pal.INK, pal.FELT)
    felt = pal.idx(pal.FELT)
    return sprite, Image.frombytes("L", sprite.size, bytes(0 if i == felt else 255 for i in sprite.tobytes()))


def badge_centre(
    view: TileLayout, placement: Placement, index: int, direction: int, size: float
) -> tuple[float, float]:
    """Where the disc of an open end goes, in grid units: just beyond the end, or nearer (at worst on the
    end's own edge) when another tile lies there, so that a disc never hides a different tile."""
    cx, cy, _ = badge_place(view, placement, index, direction, size)
    return cx, cy


def badge_place(
    view: TileLayout, placement: Placement, index: int, direction: int, size: float
) -> tuple[float, float, float]:
    """`badge_centre` and the disc's size: where the gap beyond the end is narrower than the disc (a
    spinner's arm facing the next row of a wound line) a disc one unit across that fits in the gap,
    rather than a full one drawn over the spinner itself."""
    spots = placement.spots
    rel = (direction - view.layout[index].dir) % 4
    # where the next tile would really go: a line winding round a corner turns there
    h = placement.next_heading(index, rel)
    if h is None:
        h = end_heading(view.layout, spots, index, direction)
    ex, ey = entry_point(spots[index], h, rel % 2 == 1)
    dx, dy = STEP[h]
    cells = placement.cells
    tries = [(size, reach) for reach in (0.25 + size / 2, size / 2)]
    if size > 1:
        tries.append((1.0, 0.5))
    for disc, reach in [*tries, (size, 0.0)]:
        half = disc / 2
        cx, cy = ex + dx * reach, ey + dy * reach
        xs = range(math.floor(cx - half + 1e-9), math.ceil(cx + half - 1e-9))
        ys = range(math.floor(cy - half + 1e-9), math.ceil(cy + half - 1e-9))
        if all(cells.get((x, y), index) == index for x in xs for y in ys):
            break
    return cx, cy, disc


def _draw_count(canvas: Image.Image, view: FivesView, locale: str, top: int) -> None:
    if not view.muggins_unit:
        return
    count = view.end_count
    scores = count > 0 and count % 5 == 0
    if scores:
        points = count // 5 if view.muggins_unit == 5 else count * view.muggins_unit
        text = tr("image.count.scores", locale, count=count, points=points)
    else:
        text = tr("image.count", locale, count=count)
    if any(arm for *_, arm in view.ends):  # the grey discs, explained where the count is
        text += " · " + tr("image.count.arms", locale)
    fg = pal.GOLD if scores else pal.WHITE
    d = ImageDraw.Draw(canvas)
    w = text_width(text, BODY, True)
    d.rounded_rectangle((MARGIN, top + 10, MARGIN + w + 28, top + COUNT_BAND), 10, fill=pal.idx(pal.FELT_DARK))
    draw_text(canvas, MARGIN + 14, top + COUNT_BAND - 10, text, BODY, fg, pal.FELT_DARK, bold=True)


def _draw_empty(canvas: Image.Image, view: FivesView, names: Sequence[str], locale: str, top: int, h: int) -> None:
    if view.over:
        text = tr("image.board.over", locale)
    elif view.current_seat is not None:
        text = tr("image.board.to_lead", locale, player=seat_name(names, view.current_seat, locale))
    else:
        return
    draw_text(
        canvas,
        WIDTH / 2,
        top + h // 2 + 10,
        text,
        BODY,
        pal.WHITE,
        pal.FELT,
        bold=True,
        align="centre",
        max_width=WIDTH - 2 * PAD,
    )


def _draw_footer(canvas: Image.Image, view: FivesView, names: Sequence[str], locale: str, top: int) -> None:
    ImageDraw.Draw(canvas).rectangle((0, top, WIDTH - 1, top + FOOTER - 1), fill=pal.idx(pal.STRIP))
    base = top + FOOTER // 2 + 10
    right = WIDTH - PAD
    last = last_action(view, names, locale)
    if last is not None and last[1]:
        right -= (
            draw_text(
                canvas,
                right,
                base,
                tr("image.last.points", locale, points=last[1]),
                BODY + 2,
                pal.GREEN,
                pal.STRIP,
                bold=True,
                align="right",
            )
            + 16
        )
    if last is not None:
        draw_text(canvas, PAD, base, last[0], BODY, pal.WHITE, pal.STRIP, max_width=right - PAD)
    elif view.current_seat is not None:
        draw_text(canvas, PAD, base, tr("image.last.none", locale), SMALL, pal.GREY, pal.STRIP)
