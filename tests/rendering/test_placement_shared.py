"""A board's placement starts from what it shares with the smaller boxes tried before it (a first board
after a start tries several tile sizes): every tile must still lie exactly where a placement in that box
alone puts it, or the picture would depend on which sizes happened to be tried first."""

from __future__ import annotations

from typing import Any

import pytest

from rendering.domineren.layout import branching, geo_layout
from rendering.fives import geometry
from rendering.fives.board import UNITS, descent_for
from rendering.gallery import hand_boards, play_domineren

ROOM_W, ROOM_H = 928, 900


def boxes() -> list[tuple[int, int]]:
    """The boxes a board tries, smallest first: (cols, rows) of each tile size, landscape then full."""
    out = []
    for unit in UNITS:
        cols, rows_full = ROOM_W // unit - 4, ROOM_H // unit - 4
        out += [(cols, rows) for rows in sorted({min(rows_full, round(cols * 0.6)), rows_full})]
    return out


def alone(layout: Any, cols: int, rows: int, descent: int, give_up: int | None) -> geometry.Placement:
    geometry._CACHE.clear()
    return geometry.place(layout, cols, rows, descent, give_up=give_up)


def fives_layouts() -> list[tuple[Any, int]]:
    out = []
    for game, players, options in [("all-fives", 3, {"tile_set": "d9"}), ("seven-rocks", 4, {}), ("draw", 5, {})]:
        for seed in range(3):
            for hand in hand_boards(game, players, seed, options):
                views = [v for v in hand if v.layout]
                out += [(v.layout, descent_for(v)) for v in views[len(views) // 2 :: 4]]
    return out


def domineren_layouts() -> list[tuple[Any, int]]:
    out = []
    for type_id in ("1", "3", "9", "12", "13a", "17"):
        views = [s.view(None) for s in play_domineren(4, 1, type_id, {"hands": 1, "billitonnen": "off"})]
        views = [v for v in views if v.game_type is not None and v.game_type.id == type_id and v.layout]
        for view in views[len(views) // 2 :: 2]:
            out.append((geo_layout(view.layout, branching(view)), 1))
    return out


@pytest.mark.parametrize("give_up", [geometry.CLEAR, geometry.TOUCHING, None])
@pytest.mark.parametrize("family", ["fives", "domineren"])
def test_a_placement_started_from_smaller_boxes_lies_as_one_placed_alone(
    family: str, give_up: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    layouts = fives_layouts() if family == "fives" else domineren_layouts()
    assert len(layouts) > 20
    placed = [0]
    place_tile = geometry._State.place_tile

    def counted(state: geometry._State, index: int, t: Any, layout: Any) -> None:
        placed[0] += 1
        place_tile(state, index, t, layout)

    monkeypatch.setattr(geometry._State, "place_tile", counted)
    sizes = boxes()
    alone_tiles = shared_tiles = 0
    for layout, descent in layouts:
        placed[0] = 0
        expected = [alone(layout, cols, rows, descent, give_up) for cols, rows in sizes]
        alone_tiles += placed[0]
        geometry._CACHE.clear()
        placed[0] = 0
        tried: list[tuple[int, int]] = []
        for (cols, rows), want in zip(sizes, expected, strict=True):
            got = geometry.place(layout, cols, rows, descent, give_up=give_up, smaller=tried)
            assert (got.spots, got.quality, got.bbox, got.cells) == (want.spots, want.quality, want.bbox, want.cells)
            tried.append((cols, rows))
        shared_tiles += placed[0]
    assert shared_tiles < alone_tiles  # (the larger boxes did start from the smaller ones)


def whole_choice(layout: Any, room_w: int, room_h: int, descent: int) -> tuple[int, Any]:
    """`fives.board.choose_unit` as it was: every size placed whole when none fits cleanly (the quality
    and the placement chosen)."""
    from rendering.fives.board import BADGE_ROOM, LANDSCAPE

    tries = [
        (unit, corners, cols, rows_full, rows)
        for unit, corners in [(u, True) for u in UNITS] + [(u, False) for u in UNITS]
        for cols, rows_full in [(room_w // unit - 2 * BADGE_ROOM, room_h // unit - 2 * BADGE_ROOM)]
        for rows in sorted({min(rows_full, round(cols * LANDSCAPE)), rows_full})
    ]
    for _, _, cols, rows_full, rows in tries:
        p = alone(layout, cols, rows, descent, geometry.TOUCHING)
        if p.quality <= geometry.TOUCHING and p.bbox[2] - p.bbox[0] <= cols and p.bbox[3] - p.bbox[1] <= rows_full:
            return p.quality, p
    best: tuple[int, Any] | None = None
    for _, corners, cols, rows_full, rows in tries:
        geometry._CACHE.clear()
        p = geometry.place(layout, cols, rows, descent, corners)
        fits = p.bbox[2] - p.bbox[0] <= cols and p.bbox[3] - p.bbox[1] <= rows_full
        quality = p.quality if fits else geometry.OVERLAP + 1
        if best is None or quality < best[0]:
            best = (quality, p)
    assert best is not None
    return best


def test_a_layout_that_fits_no_size_cleanly_gets_the_places_it_got_when_every_size_was_placed_whole() -> None:
    """Where no size fits cleanly (Seven Rocks' spinners crowd each other), the best of all sizes is chosen;
    the sizes after the first are given up once no better than the best so far, which must change nothing."""
    from rendering.fives import board

    fell_back = 0
    for seed in range(8):
        for hand in hand_boards("seven-rocks", 4, seed):
            view = max(hand, key=lambda v: len(v.layout))
            room_h = board.MAX_HEIGHT - board.header_height(view) - board.FOOTER - 2 * board.MARGIN
            room_h -= (board.COUNT_BAND if view.muggins_unit else 0) + (board.ending.HEIGHT if view.over else 0)
            quality, want = whole_choice(view.layout, ROOM_W, room_h, descent_for(view))
            geometry._CACHE.clear()
            got = board.frame(view).placement
            assert got is not None and (got.spots, got.quality) == (want.spots, want.quality)
            fell_back += quality > geometry.TOUCHING
    assert fell_back > 0  # (some did fit no size cleanly)
