"""Eight and nine pips are told apart by shape, not by colour (for colour-blind players, and on the small
tiles of a dense double-nine board): the eight's middle is open, the nine's is a large dot."""

from __future__ import annotations

import pytest
from PIL import ImageStat

from rendering import palette as pal
from rendering.fives.board import UNITS
from rendering.sprites import tile_sprite


def grey_middle(number: int, unit: int) -> float:
    """The mean luminance round the middle of a tile's left half (a horizontal 8-0 or 9-0)."""
    image = tile_sprite(number, 0, False, unit, pal.FELT).convert("L")
    cx, cy = unit, unit  # the half is 2 x 2 units
    r = max(1, unit // 6)
    box = image.crop((cx - r, cy - r, cx + r + 1, cy + r + 1))
    return float(ImageStat.Stat(box).mean[0])


@pytest.mark.parametrize("unit", sorted(set(UNITS) | {9, 11}))
def test_an_eight_has_an_open_middle_and_a_nine_a_dark_one_in_grey(unit: int) -> None:
    eight, nine = grey_middle(8, unit), grey_middle(9, unit)
    assert eight > 170 and nine < 110 and eight - nine > 90, (unit, eight, nine)
