"""Where the tiles of a Domineren layout (or of Billitonnen's line) go: the fives-family grid placement,
told which tiles lie crosswise and which set branches.

The fives geometry lays a double crosswise and, when it is a spinner, sends arms from its long sides.
Here the set of a cross or a triangle is that spinner (its four sides are the arms' roots); a double
lies crosswise when it was put down under the normal rule and in line under the Russian rule (§16:
"doubles and matadors lie in line like other tiles"); the set of a line lies crosswise when it is a
double, and Billitonnen's line is played by the normal rule throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from bot.engine.domineren import DominerenView
from bot.engine.domineren.view import BillitonnenView, PlacedTile

from ..fives import geometry
from ..fives.board import BADGE_ROOM, badge_centre
from ..fives.geometry import CLEAR, OVERLAP, Placement
from .common import need_text

UNITS = (30, 26, 22, 19, 16, 13, 11, 9)  # a quarter of a tile's length, in pixels, largest first
# The types whose set has only two ends (the set may be any tile): every other type branches from it.
LINE_TYPES = frozenset({"1", "4", "11", "12"})
W, E = 2, 0


class GeoTile(NamedTuple):
    """A tile as the fives geometry reads it."""

    a: int
    b: int
    parent: int
    dir: int
    double: bool
    spinner: bool


class Shape(NamedTuple):
    """What `fives.board.badge_centre` reads of a view."""

    layout: tuple[GeoTile, ...]


class End(NamedTuple):
    """An open end to mark: its number, tile, direction, how it is drawn and its set side (or -1)."""

    number: int
    node: int
    dir: int
    kind: str  # pieces.NORMAL, RUSSIAN or WAITING
    need: str  # "any", "double", "double-or-matador", "matador"
    directed: bool
    side: int  # the compass side of the set it is on, or -1
    arm: int  # the compass side of the set its arm leaves from (Billitonnen: the end of the line)


def marker_text(end: End, shown_sides: bool, locale: str) -> str:
    """An end's number, after its compass side when the set's ends must be told apart, and before what
    the next tile must be (D, D/M, M)."""
    text = str(end.number)
    if shown_sides and end.side >= 0:
        text = "ENWS"[end.side] + " " + text
    need = need_text(end.need, locale)
    return f"{text} {need}" if need else text


def sides_shown(ends: Sequence[End]) -> bool:
    """Whether the set's ends must be told apart by their compass side, as the notation does: several
    open ends on the set that differ in number, rule, requirement or being the directed end."""
    on_set = {(e.number, e.kind, e.need, e.directed) for e in ends if e.side >= 0}
    return len(on_set) > 1


def branching(view: DominerenView) -> bool:
    return view.game_type is not None and view.game_type.id not in LINE_TYPES


def geo_layout(layout: Sequence[PlacedTile], branches: bool) -> tuple[GeoTile, ...]:
    out = []
    for k, t in enumerate(layout):
        double = t.tile[0] == t.tile[1]
        crosswise = double and (k == 0 or t.rule != "russian")
        out.append(GeoTile(t.a, t.b, t.parent, t.dir if k else E, crosswise, k == 0 and branches))
    return tuple(out)


def ends_of(view: DominerenView) -> tuple[End, ...]:
    out = []
    for e in view.ends:
        kind = "waiting" if not e.open else e.rule
        out.append(End(e.number, e.node, e.dir, kind, e.need, e.directed, e.dir if e.node == 0 else -1, e.arm))
    return tuple(out)


def line_layout(game: BillitonnenView) -> tuple[GeoTile, ...]:
    return tuple(
        GeoTile(t.a, t.b, t.parent, t.dir if k else E, t.tile[0] == t.tile[1], False) for k, t in enumerate(game.line)
    )


def line_ends(game: BillitonnenView) -> tuple[End, ...]:
    """Billitonnen's two ends: on the last tile laid towards each, or on the starter."""
    tips = {W: 0, E: 0}
    for k, t in enumerate(game.line):
        if k:
            tips[t.dir] = k
    return (
        End(game.end_w, tips[W], W, "normal", "any", False, -1, W),
        End(game.end_e, tips[E], E, "normal", "any", False, -1, E),
    )


def banded(view: DominerenView) -> tuple[bool, ...]:
    """Which tiles lie on the Russian band: those of an arm whose open end follows the Russian rule now
    (a waiting arm: the rule it will follow), and the set when every end does."""
    russian_arms = {e.arm for e in view.ends if e.rule == "russian"}
    whole = bool(view.ends) and all(e.rule == "russian" for e in view.ends)
    return tuple((whole if t.parent < 0 else t.arm in russian_arms) for t in view.layout)


def place(layout: tuple[GeoTile, ...], room_w: int, room_h: int) -> tuple[int, Placement]:
    """The tile size and placement for a felt of `room_w` x `room_h` pixels (its margins taken off): the
    largest size at which no tile touches another, else the largest at which none overlaps.

    A square box is tried first, then the whole height: the felt is narrower than it may be tall (the
    ledger stands beside it), and a long arm had better wind than shrink every tile. Touching tiles are
    not accepted while a smaller size avoids them, since four arms in a narrow box wind into each other."""
    fallback: tuple[int, int, Placement] | None = None
    units = UNITS[1:] if layout and layout[0].spinner else UNITS  # four arms want room beside the set
    tries = [
        (unit, cols, rows_full, rows)
        for unit in units
        for cols, rows_full in [(room_w // unit - 2 * BADGE_ROOM, room_h // unit - 2 * BADGE_ROOM)]
        for rows in sorted({min(rows_full, cols), rows_full})
    ]
    # first only for a size where no tile touches, each given up at its first tile that does (cheap
    # with nothing cached: see fives.board.choose_unit)
    tried: list[tuple[int, int]] = []  # each starts from what it shares with these (see geometry.place)
    for unit, cols, rows_full, rows in tries:
        placement = geometry.place(layout, cols, rows, 1, give_up=CLEAR, smaller=tried)
        x0, y0, x1, y1 = placement.bbox
        if placement.quality == CLEAR and x1 - x0 <= cols and y1 - y0 <= rows_full:
            return unit, placement
        tried.append((cols, rows))
    for unit, cols, rows_full, rows in tries:  # each given up once no better (see fives.board.choose_unit)
        placement = geometry.place(layout, cols, rows, 1, give_up=None if fallback is None else fallback[0] - 1)
        x0, y0, x1, y1 = placement.bbox
        quality = placement.quality if x1 - x0 <= cols and y1 - y0 <= rows_full else OVERLAP + 1
        if fallback is None or quality < fallback[0]:
            fallback = (quality, unit, placement)
    assert fallback is not None
    quality, unit, placement = fallback
    if quality > OVERLAP:  # nothing fits: shrink the smallest placement until it does
        x0, y0, x1, y1 = placement.bbox
        unit = max(4, min(room_w // (x1 - x0 + 2 * BADGE_ROOM), room_h // (y1 - y0 + 2 * BADGE_ROOM)))
    return unit, placement


def marker_centre(layout: tuple[GeoTile, ...], placement: Placement, end: End, size: float) -> tuple[float, float]:
    """Where an end's marker goes, in grid units: just beyond the end, as on the fives boards."""
    return badge_centre(Shape(layout), placement, end.node, end.dir, size)
