"""An open end's disc lies where the next tile laid there goes, also where the line must turn a corner
(Seven-Toed Pete's long lines wind; a disc drawn on the side the tile then does not take misleads)."""

from __future__ import annotations

import itertools

import pytest

from rendering.fives import geometry
from rendering.fives.board import badge_centre, descent_for
from rendering.gallery import hand_boards


@pytest.mark.parametrize("game, players", [("seven-toed-pete", 4), ("five-up", 4), ("all-fives", 3)])
def test_each_end_disc_lies_on_the_next_tile_laid_at_that_end(game: str, players: int) -> None:
    checked = 0
    for seed in range(4):
        for hand in hand_boards(game, players, seed):
            for before, after in itertools.pairwise(hand):
                if not before.layout or len(after.layout) != len(before.layout) + 1 or after.layout[-1].double:
                    continue
                descent = descent_for(before)
                placed = geometry.place(before.layout, 30, 40, descent)
                tile = after.layout[-1]
                cx, cy = badge_centre(before, placed, tile.parent, tile.dir, 1.5)
                x0, y0, x1, y1 = geometry.place(after.layout, 30, 40, descent).spots[-1].box
                assert x0 <= cx <= x1 and y0 <= cy <= y1, (seed, len(before.layout))
                checked += 1
    assert checked > 100
