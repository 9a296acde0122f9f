"""The figures at a fives board's open ends say what each adds to the end count (issue #24 item 4): they
add up to the count the board and the hand show, a double's end showing both its halves, and a
spinner's arms, counting nothing yet, are said to."""

from __future__ import annotations

import math

from bot.engine.fives.view import FivesView
from bot.i18n import tr
from rendering import palette as pal
from rendering.fives import board
from rendering.fives.common import count_sum, end_values
from rendering.gallery import hand_boards
from rendering.names import ELLIPSIS

from .positions import corpus, stacked


def counting_boards() -> list:
    return [v for views in corpus().values() for v in views if getattr(v, "muggins_unit", 0) and v.layout]


def test_the_figures_at_the_open_ends_add_up_to_the_end_count() -> None:
    boards = counting_boards()
    assert boards
    for view in boards:
        assert sum(v for v in end_values(view) if v is not None) == view.end_count, view.ends


def test_a_double_at_an_end_shows_both_its_halves_and_arms_count_nothing() -> None:
    seen_double = seen_arm = False
    for view in counting_boards():
        for (number, index, _, arm), value in zip(view.ends, end_values(view), strict=True):
            open_sides = sum(1 for _, i, _, a in view.ends if i == index and not a)
            if arm:
                seen_arm = True
                assert value is None
            elif view.layout[index].double and open_sides == 1:
                seen_double = True
                assert value == 2 * number
    assert seen_double and seen_arm


def test_the_hand_s_count_is_written_as_the_sum_of_the_ends_that_count() -> None:
    view = stacked().view(None)  # 5-4 led, 5-1 on its 5: ends 1 and 4
    assert count_sum(view) == "4 + 1 = 5" or count_sum(view) == "1 + 4 = 5"
    assert ELLIPSIS not in tr("image.count.arms", "en") and tr("image.count.arms", "ja") != "image.count.arms"


def test_an_end_s_disc_leaves_the_tile_under_it_as_it_is() -> None:
    """Pasted through its mask, a disc's felt corners never cut into a tile it is drawn over."""
    sprite, mask = board.badge("6", 33, pal.IVORY)
    assert mask.getpixel((0, 0)) == 0 and mask.getpixel((16, 16)) == 255
    assert sprite.getpixel((0, 0)) == pal.idx(pal.FELT)


def test_a_spinner_s_arm_facing_a_near_row_gets_a_smaller_disc_in_the_gap_not_one_over_the_spinner() -> None:
    """All Fives, seed 4, hand 2: the 2-2 spinner's south arm faces the next row of the wound line one
    unit away; its disc was drawn over the spinner (and its felt corners cut the tile)."""
    view = next(v for hand in hand_boards("all-fives", 4, 4) for v in hand if v.hand_no == 2 and len(v.layout) == 17)
    f = board.frame(view)
    assert f.placement is not None
    for number, index, direction, arm in view.ends:
        cx, cy, disc = board.badge_place(view, f.placement, index, direction, 1.5)
        half = disc / 2
        covered = {
            (x, y)
            for x in range(math.floor(cx - half), math.ceil(cx + half))
            for y in range(math.floor(cy - half), math.ceil(cy + half))
        }
        assert not covered & set(f.placement.cells), (number, arm, disc)


def test_every_double_on_a_fives_board_lies_crosswise_also_where_its_line_turns() -> None:
    """fives.md C4: doubles are always placed crosswise (Draw's 3-3 round a corner lay in line)."""
    seen = 0
    for view in (v for hand in hand_boards("draw", 4, 0) for v in hand[-1:]):
        f = board.frame(view)
        assert f.placement is not None
        for tile, spot in zip(view.layout, f.placement.spots, strict=True):
            if tile.double:
                seen += 1
                assert spot.across and (spot.x1 - spot.x0 == 2) == (spot.heading % 2 == 0), (tile, spot)
    assert seen


def _arm_pixels(view: FivesView) -> int:
    image = board.render(view, [f"P{i}" for i in range(4)], "en").convert("RGB")
    return sum(count for count, colour in image.getcolors(1 << 24) or () if colour == pal.ARM)


def test_a_spinner_s_arm_is_grey_only_where_the_board_counts_the_ends_and_explains_why() -> None:
    """Draw counts no ends and has no count band to explain a grey disc: its arms' discs look like every
    other open end's (issue #24 item 6), while a counting board still marks its arms."""

    def with_arms(views: list) -> list:
        return [v for v in views if not v.over and any(arm for *_, arm in v.ends)]

    draw_arms = with_arms([v for hand in hand_boards("draw", 4, 0) for v in hand])
    counting_arms = with_arms(counting_boards())
    assert draw_arms and counting_arms
    assert _arm_pixels(draw_arms[0]) == 0
    assert _arm_pixels(counting_arms[0]) > 0
