"""Where each tile of a fives-family layout is drawn: a grid placement that keeps lines inside a box.

The grid unit is a quarter of a tile's length. A simple tile covers 4 x 2 units along its heading; a
double lies crosswise (2 along, 4 across) centred on the line, so a spinner's arms leave from the middle
of its long sides. Tiles are placed in play order and a placed tile never moves when later tiles come,
so the picture a player has learnt stays put as the hand goes on (and placing a board that grew by one
tile costs one tile: see `place`).

A line runs straight while it can. When it would leave the box or come within one unit of another tile
it turns a corner, clockwise by preference so that the lead's four lines wind round like a pinwheel and
keep out of each other's way, and after `descent` tiles it turns back (a U-turn), so a long line snakes
to and fro inside the picture. Each possible heading is scored: leaving the box, touching or covering a
tile cost most; then covering the place in front of another open end, leaving a spinner no room for an
arm, or heading into a dead end; then turning at all. `Placement.quality` is the worst that had to be
accepted, so the caller can retry with smaller tiles.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

LENGTHWISE = 80  # what laying a double lengthwise round a corner costs where it would lie clear crosswise


class LayoutTile(Protocol):
    """What the geometry reads of a tile on the table: the fives view's `PlacedTile`, and Domineren's
    tiles as `rendering.domineren.layout` hands them over."""

    @property
    def a(self) -> int: ...
    @property
    def b(self) -> int: ...
    @property
    def parent(self) -> int: ...
    @property
    def dir(self) -> int: ...
    @property
    def double(self) -> bool: ...
    @property
    def spinner(self) -> bool: ...


class TileLayout(Protocol):
    """A view's tiles on the table, as `fives.board.badge_centre` reads them."""

    @property
    def layout(self) -> Sequence[LayoutTile]: ...


E, N, W, S = 0, 1, 2, 3
STEP = ((1, 0), (0, -1), (-1, 0), (0, 1))  # image coordinates: y grows downwards

# Placement quality, best first.
CLEAR, TOUCHING, OUTSIDE, OVERLAP = 0, 1, 2, 3

# Which of a box's bounds refused a tile's place (`_State.refused`): its columns, or its height alone.
WIDER, TALLER = 1, 2

Box = tuple[int, int, int, int]


def cw(h: int) -> int:
    return (h + 3) % 4


def ccw(h: int) -> int:
    return (h + 1) % 4


@dataclass(frozen=True, slots=True)
class Spot:
    """One tile's place: its box in grid units, the heading it was laid in and the numbers it shows."""

    x0: int
    y0: int
    x1: int
    y1: int
    heading: int
    across: bool  # a double laid crosswise (round a corner too, fives.md C4, unless only lengthwise fits)
    spinner: bool
    first: int  # shown on the left, or on top when `vertical`
    second: int
    vertical: bool
    uturn: int = -1  # the heading that finishes a turn the line has begun, or -1
    wait: int = 0  # tiles still to lay before that U-turn

    @property
    def box(self) -> Box:
        return self.x0, self.y0, self.x1, self.y1

    @property
    def can_turn(self) -> bool:
        """Whether a line may turn a corner here: not beside a spinner or a crosswise double, whose sides
        are where arms go (or look as if they did)."""
        return not (self.spinner or self.across)

    @property
    def centre(self) -> tuple[int, int]:
        return (self.x0 + self.x1) // 2, (self.y0 + self.y1) // 2

    def next_heading(self, rel: int) -> int:
        """The heading a tile attached here would try first (`rel` quarter turns from this heading)."""
        if rel == 0 and self.uturn >= 0 and self.wait == 0 and self.can_turn:
            return self.uturn
        return (self.heading + rel) % 4


@dataclass(frozen=True, slots=True)
class Placement:
    spots: tuple[Spot, ...]
    cells: dict[tuple[int, int], int]  # occupied unit cell -> tile index
    bbox: Box  # x0, y0, x1, y1 in units, tiles only
    quality: int
    state: Any = field(default=None, compare=False, repr=False)  # the placement under way, to ask it more

    def next_heading(self, index: int, rel: int) -> int | None:
        """The heading a single tile laid next on the open end `rel` quarter turns from tile `index`'s
        own heading would take (a line turns where it must, so not always the way the end faces); None
        when that end has no room kept for it."""
        if self.state is None or (index, rel) not in self.state.sockets:
            return None
        return self.state._choose(_Probe(0, 1, index, rel, False, False), rel)[1]


def _faces(a: int, b: int, heading: int) -> tuple[int, int, bool]:
    """(first, second, vertical) of a simple tile laid with `a` towards where it came from."""
    if heading == E:
        return a, b, False
    if heading == W:
        return b, a, False
    if heading == S:
        return a, b, True
    return b, a, True


def tile_box(entry: tuple[int, int], heading: int, crosswise: bool) -> Box:
    """The box of a tile starting at `entry` (the middle of its touching edge) laid along `heading`."""
    along, across = (2, 4) if crosswise else (4, 2)
    dx, dy = STEP[heading]
    mx, my = entry[0] + dx * along // 2, entry[1] + dy * along // 2
    w, h = (along, across) if dx else (across, along)
    return mx - w // 2, my - h // 2, mx + w // 2, my + h // 2


def entry_point(parent: Spot, heading: int, arm: bool = False) -> tuple[int, int]:
    """Where a tile leaving `parent` along `heading` starts (the middle of its touching edge); `arm`:
    it leaves from the middle of a spinner's side."""
    cx, cy = (parent.x0 + parent.x1) // 2, (parent.y0 + parent.y1) // 2
    return _entry(cx, cy, parent.heading, parent.across, heading, arm)


def _entry(cx: int, cy: int, ph: int, across: bool, heading: int, arm: bool) -> tuple[int, int]:
    """`entry_point` of a parent centred on (cx, cy), laid along `ph` (crosswise when `across`)."""
    dx, dy = STEP[heading]
    if across:
        reach = 1 if heading % 2 == ph % 2 else 2
        return cx + dx * reach, cy + dy * reach
    if heading % 2 == ph % 2:  # straight on (or, for the lead, out of its other end)
        return cx + dx * 2, cy + dy * 2
    if arm:
        return cx + dx, cy + dy
    px, py = STEP[ph]  # round a corner: start beside the parent's far half
    return cx + px + dx, cy + py + dy


_ORIGIN = 1 << 12  # the bit of unit column 0 in a row's mask (columns run negative left of the lead)


def _span(x0: int, x1: int) -> int:
    """Columns x0 to x1 (not included) as a row mask."""
    return ((1 << (x1 - x0)) - 1) << (x0 + _ORIGIN)


class _State:
    """A placement under way: what has been placed and which open ends want room in front of them.

    Occupied cells are kept twice: `cells` (cell -> tile) for the drawing, and as bit masks a row (`rows`,
    and `owned`: each tile's cells, those a later overlapping tile took excepted), which is what placing
    asks about: whether a box, widened by a margin, holds any tile but one."""

    __slots__ = (
        "bottom",
        "bounds",
        "cells",
        "corners",
        "descent",
        "owned",
        "quality",
        "refused",
        "rows",
        "shared",
        "sockets",
        "spots",
        "top",
    )

    def __init__(self, bounds: Box, descent: int, corners: bool = True) -> None:
        self.corners = corners  # doubles crosswise round a corner too (False: lengthwise there, to fit)
        self.bounds = bounds  # x0, x1: fixed round the lead; y1 - y0: the height allowed
        self.top = 0
        self.bottom = 0
        self.descent = descent
        self.cells: dict[tuple[int, int], int] = {}
        self.rows: dict[int, int] = {}  # row -> mask of its occupied cells
        self.owned: dict[int, dict[int, int]] = {}  # tile -> row -> its cells (replaced, never changed)
        self.sockets: dict[tuple[int, int], Box] = {}  # (tile, rel) -> box a straight tile would take
        self.spots: list[Spot] = []
        self.quality = CLEAR
        # What a placement in a larger box shares with this one (see `place`'s `smaller`): the bounds that
        # refused a box while the tile being placed was chosen (WIDER: the columns, TALLER: the height
        # alone), and for each the tile at which that first happened with a copy of the state before it.
        self.refused = 0
        self.shared: dict[int, tuple[int, _State]] = {}

    def copy(self, bounds: Box | None = None) -> _State:
        """A copy to place on (in `bounds` instead, as `place` does from a smaller box's state)."""
        other = _State(self.bounds if bounds is None else bounds, self.descent, self.corners)
        other.shared = self.shared  # replaced, never changed
        other.cells = dict(self.cells)
        other.rows = dict(self.rows)
        other.owned = dict(self.owned)
        other.sockets = dict(self.sockets)
        other.spots = list(self.spots)
        other.quality = self.quality
        other.top = self.top
        other.bottom = self.bottom
        return other

    def inside(self, box: Box) -> bool:
        """Within the columns, and not making the layout taller than the rows allowed (the lines may use
        the height above and below the lead as they need)."""
        b = self.bounds
        if box[0] < b[0] or box[2] > b[2]:
            self.refused |= WIDER
            return False
        if max(self.bottom, box[3]) - min(self.top, box[1]) > b[3] - b[1]:
            self.refused |= TALLER
            return False
        return True

    def hits(self, box: Box, margin: int, allowed: int) -> bool:
        """Whether `box`, widened by `margin`, holds a cell of any tile but `allowed`."""
        span = _span(box[0] - margin, box[2] + margin)
        rows = self.rows
        own = self.owned.get(allowed, {})
        for y in range(box[1] - margin, box[3] + margin):  # noqa: SIM110 (a loop: any() of a generator costs more)
            if rows.get(y, 0) & span & ~own.get(y, 0):
                return True
        return False

    def level(self, box: Box, allowed: int) -> int:
        inside = self.inside(box)
        if inside and not self.hits(box, 1, allowed):
            return CLEAR
        if self.hits(box, 0, allowed):
            return OVERLAP
        return TOUCHING if inside else OUTSIDE

    def free(self, box: Box, allowed: int) -> bool:
        return self.inside(box) and not self.hits(box, 1, allowed)

    def add(self, index: int, spot: Spot, spinner: bool, lead: bool) -> None:
        self.spots.append(spot)
        self.top = min(self.top, spot.y0)
        self.bottom = max(self.bottom, spot.y1)
        for x in range(spot.x0, spot.x1):
            for y in range(spot.y0, spot.y1):
                self.cells[x, y] = index
        span = _span(spot.x0, spot.x1)
        mine: dict[int, int] = {}
        for y in range(spot.y0, spot.y1):
            old = self.rows.get(y, 0)
            if old & span:  # over earlier tiles (a placement that had to): they lose these cells to it
                for t, own in list(self.owned.items()):
                    if own.get(y, 0) & span:
                        self.owned[t] = {**own, y: own[y] & ~span}  # copies of this state share the old one
            self.rows[y] = old | span
            mine[y] = span
        self.owned[index] = mine
        rels = [0, 2] if lead else [0]
        if spinner:
            rels += [1, 3]
        for rel in rels:
            h = spot.next_heading(rel)
            self.sockets[index, rel] = tile_box(entry_point(spot, h, rel % 2 == 1), h, False)

    def place_tile(self, index: int, t: LayoutTile, layout: Sequence[LayoutTile]) -> None:
        if t.parent < 0:
            box = tile_box((-1 if t.double else -2, 0), E, t.double)
            spot = Spot(*box, E, t.double, t.spinner, t.a, t.b, t.double)
            self.add(index, spot, t.spinner, True)
            return
        parent = self.spots[t.parent]
        rel = (t.dir - layout[t.parent].dir) % 4
        self.refused = 0
        level, h, box, across = self._choose(t, rel)  # reads only other tiles' sockets, not the one taken
        if self.refused:  # a box larger that way may place this tile otherwise: keep the state before it
            kinds = [k for k in (WIDER, TALLER) if self.refused & k and k not in self.shared]
            if kinds:
                before = self.copy()
                self.shared = {**self.shared, **{k: (index, before) for k in kinds}}
        self.sockets.pop((t.parent, rel), None)
        base = (parent.heading + rel) % 4
        self.quality = max(self.quality, level)
        if t.double:
            first, second, vertical = t.a, t.a, h % 2 == (0 if across else 1)
        else:
            first, second, vertical = _faces(t.a, t.b, h)
        if rel != 0:
            uturn, wait = -1, 0
        elif h == base and parent.uturn >= 0:
            uturn, wait = parent.uturn, max(0, parent.wait - 1)
        elif h == base or h == parent.uturn:
            uturn, wait = -1, 0
        else:  # a turn forced on the line: come back after `descent` tiles
            uturn, wait = (base + 2) % 4, self.descent - 1
        self.add(index, Spot(*box, h, across, t.spinner, first, second, vertical, uturn, wait), t.spinner, False)

    def _choose(self, t: Any, rel: int) -> tuple[int, int, Box, bool]:
        """Where tile `t` goes on its parent's end `rel` quarter turns from the parent's heading: the
        level of the best place, its heading, its box and whether it lies crosswise. A double lies
        crosswise (fives.md C4), round a corner too; lengthwise there only when crosswise would not fit
        clear of the other tiles."""
        parent_index = t.parent
        parent = self.spots[parent_index]
        base = (parent.heading + rel) % 4
        if rel != 0 or not parent.can_turn:  # an arm or the lead's other end leaves one way only
            options = [(base, 0)]
        elif parent.uturn >= 0 and parent.wait > 0:
            options = [(base, 0), (parent.uturn, 8), ((parent.uturn + 2) % 4, 14)]
        elif parent.uturn >= 0:
            options = [(parent.uturn, 0), (base, 5), ((parent.uturn + 2) % 4, 14)]
        else:
            options = [(base, 0), (cw(base), 8), (ccw(base), 12)]
        arm = rel % 2 == 1
        best: tuple[int, int, int, Box, bool] | None = None
        for h, cost in options:
            corner = bool(t.double) and h != base
            ways = ([True, False] if self.corners else [False]) if corner else [bool(t.double)]
            clear = False  # whether this heading has room for the double crosswise
            for crosswise in ways:
                box = tile_box(entry_point(parent, h, arm), h, crosswise)
                level = self.level(box, t.parent)
                score = cost + self._cost_ahead(box, h, t, level, crosswise)
                if crosswise:
                    clear = level == CLEAR
                elif t.double and clear:
                    score += LENGTHWISE
                for key, r in self.sockets.items():  # the box overlaps another end's room
                    if key[0] != parent_index and box[0] < r[2] and r[0] < box[2] and box[1] < r[3] and r[1] < box[3]:
                        score += 60
                if best is None or (level, score) < best[:2]:
                    best = (level, score, h, box, crosswise)
        assert best is not None
        level, _, h, box, crosswise = best
        return level, h, box, crosswise

    def _cost_ahead(self, box: Box, h: int, t: Any, level: int, across: bool) -> int:
        """Room for what may come next: a spinner's two arms, and one more tile along the line (straight on,
        else round a corner where the line may turn there)."""
        if level > TOUCHING:
            return 0
        cost = 0
        cx, cy = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2  # a probe of the tile as if laid there
        allowed = t.parent
        if t.spinner:
            for arm in (ccw(h), cw(h)):
                if not self.free(tile_box(_entry(cx, cy, h, across, arm, True), arm, False), allowed):
                    cost += 40
        if self.free(tile_box(_entry(cx, cy, h, across, h, False), h, False), allowed):
            return cost
        if not (t.spinner or across):  # Spot.can_turn
            for hh in (cw(h), ccw(h)):
                if self.free(tile_box(_entry(cx, cy, h, across, hh, False), hh, False), allowed):
                    return cost + 6
        return cost + 45

    def result(self) -> Placement:
        spots = self.spots
        bbox = (
            min(s.x0 for s in spots),
            min(s.y0 for s in spots),
            max(s.x1 for s in spots),
            max(s.y1 for s in spots),
        )
        return Placement(tuple(spots), self.cells, bbox, self.quality, self)


class _Probe(NamedTuple):
    """A single tile as `_State._choose` reads it, to find where one laid on an open end would go."""

    a: int
    b: int
    parent: int
    dir: int
    double: bool
    spinner: bool


_CACHE: OrderedDict[tuple, _State] = OrderedDict()
_CACHE_SIZE = 512


def place(
    layout: Sequence[LayoutTile],
    cols: int,
    rows: int,
    descent: int = 1,
    corners: bool = True,
    give_up: int | None = None,
    smaller: Sequence[tuple[int, int]] = (),
) -> Placement:
    """Place every tile of `layout` inside a box `cols` x `rows` units centred on the lead; `corners`:
    doubles lie crosswise round corners too (fives.md C4), else lengthwise there, which takes less room.
    `give_up`: stop at the first tile placed worse than that quality (the placement, of the tiles so far,
    then has a worse quality too), for a caller that tries tile sizes in turn and wants only one that fits;
    a tile's place never depends on those after it, so a placement that gives up was no better whole.

    States are cached by layout, so a layout one tile longer than one placed before costs one tile (and
    nothing for one that gave up before). `smaller`: the (cols, rows) of boxes this layout was placed in
    just before (with the same `descent`, `corners` and `give_up`), as a caller trying sizes in turn has:
    in a box that holds one of them, every tile is placed as it was there until the first whose choice
    that box's bounds took part in, so the placement starts from the state before that tile (or is that
    placement itself, in the larger box, when its bounds never took part). A placement in a box where one
    was given up sooner goes on from where that one stopped."""
    if not layout:
        return Placement((), {}, (0, 0, 0, 0), CLEAR)
    layout = tuple(layout)
    # keyed by what placing reads of each tile, as plain tuples: hashed in C, not by a dataclass's __hash__
    shape = tuple((t.a, t.b, t.parent, t.dir, t.double, t.spinner) for t in layout)
    key = (cols, rows, descent, corners, give_up, shape)
    state = _CACHE.get(key)
    if state is None:
        prior = _CACHE.get((cols, rows, descent, corners, give_up, shape[:-1])) if len(layout) > 1 else None
        if prior is not None and give_up is not None and prior.quality > give_up:
            state = prior  # quality only worsens as tiles come: given up on this size for good
        elif prior is not None:
            state = prior.copy()
            state.place_tile(len(layout) - 1, layout[-1], layout)
        else:
            left, top = -(cols // 2), -(rows // 2)
            bounds = (left, top, left + cols, top + rows)
            sooner = _given_up_sooner(cols, rows, descent, corners, give_up, shape)
            if sooner is not None:  # the same box, given up sooner: as far as it went, this is that one
                state = sooner.copy()
                start = len(layout) if give_up is not None and state.quality > give_up else len(state.spots)
            else:
                shared, start = _shared(bounds, (descent, corners, give_up, shape), smaller)
                state = _State(bounds, descent, corners) if shared is None else shared
            for i in range(start, len(layout)):
                state.place_tile(i, layout[i], layout)
                if give_up is not None and state.quality > give_up:
                    break
        _CACHE[key] = state
        if len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)
    else:
        _CACHE.move_to_end(key)
    return state.result()


def _given_up_sooner(
    cols: int, rows: int, descent: int, corners: bool, give_up: int | None, shape: tuple
) -> _State | None:
    """The cached placement of the same layout in the same box with the latest `give_up` before this one
    (a caller that first wants a size that fits cleanly, then the best of them all): a tile's place does
    not depend on when the placement will stop, so this placement is that one up to where it stopped."""
    for sooner in (OVERLAP, OUTSIDE, TOUCHING, CLEAR):
        if give_up is None or sooner < give_up:
            state = _CACHE.get((cols, rows, descent, corners, sooner, shape))
            if state is not None:
                return state
    return None


def _shared(bounds: Box, key: tuple, smaller: Sequence[tuple[int, int]]) -> tuple[_State | None, int]:
    """What a placement in `bounds` shares with the cached ones in the `smaller` boxes: a state in `bounds`
    and the index of the tile to go on from (`len(layout)`: nothing left to place; None, 0: nothing).

    A tile is placed alike in both boxes while the smaller box's bounds refused no place it weighed (a
    place inside them is inside the larger box too); in a box only taller, while its height refused none.
    `_State.shared` keeps the first tile refused each way, and the state before it."""
    tiles = len(key[-1])
    best: tuple[_State | None, int] = (None, 0)
    for cols, rows in smaller:
        other = _CACHE.get((cols, rows, *key))
        if other is None:
            continue
        b = other.bounds
        if not (bounds[0] <= b[0] and b[2] <= bounds[2] and b[3] - b[1] <= bounds[3] - bounds[1]):
            continue  # not a box held in this one
        kinds = (TALLER,) if (b[0], b[2]) == (bounds[0], bounds[2]) else (WIDER, TALLER)
        refused = [other.shared[k] for k in kinds if k in other.shared]
        if not refused:  # placed alike to the end (or to where it gave up)
            return other.copy(bounds), tiles
        index, before = min(refused, key=lambda r: r[0])
        if index > best[1]:
            best = (before, index)
    state, index = best
    return (None, 0) if state is None else (state.copy(bounds), index)


def end_heading(layout: Sequence[LayoutTile], spots: Sequence[Spot], index: int, direction: int) -> int:
    """The drawn heading of the open end of tile `index` that the engine calls `direction`."""
    return spots[index].next_heading((direction - layout[index].dir) % 4)
