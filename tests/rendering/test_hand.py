"""A seat's own hand: every tile drawn and labelled within the stated size; on the seat's turn the tiles
it can play stand out and the others are greyed."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.tiles import HI, LO, tile_set
from rendering import palette as pal
from rendering import render_hand
from rendering.fives import hand
from rendering.sprites import ring

from .positions import NAMES, NAMES_JA, colours_in, corpus, decode, rgb, stacked


def within_limits(png: bytes) -> bool:
    image = decode(png)
    return hand.MIN_WIDTH <= image.width <= hand.MAX_WIDTH and image.height <= hand.MAX_HEIGHT


def test_every_game_draws_its_fullest_hands_within_the_stated_size() -> None:
    views = corpus()["hands"]
    assert max(len(v.hand) for v in views) >= 14
    for view in views:
        assert within_limits(render_hand(view, NAMES)), (view.game_id, len(view.hand))
        assert within_limits(render_hand(view, NAMES_JA, "ja"))


@pytest.mark.parametrize("size", [0, 1, 7, 9, 10, 27, 28, 55])
def test_any_hand_of_the_double_nine_set_fits(size: int) -> None:
    view = corpus()["hands"][0]
    tiles = tuple((HI[t], LO[t]) for t in tile_set("d9")[:size])
    png = render_hand(dataclasses.replace(view, hand=tiles, legal=()), NAMES)
    assert within_limits(png)
    f = hand.frame(dataclasses.replace(view, hand=tiles, legal=()))
    assert len(f.boxes) == size
    for x0, y0, x1, y1 in f.boxes:
        assert x0 >= 0 and x1 <= f.width and y0 >= 0 and y1 <= f.height


def test_a_public_view_is_refused() -> None:
    with pytest.raises(ValueError):
        render_hand(stacked().view(None), NAMES)


def test_labels_name_tiles_higher_half_first_as_the_action_select_does() -> None:
    assert hand.tile_text((4, 6)) == "6-4"
    assert hand.tile_text((6, 4)) == "6-4"
    assert hand.tile_text((0, 0)) == "0-0"


def test_on_its_turn_the_playable_tiles_are_ringed_and_raised_the_others_greyed() -> None:
    view = stacked(("5-4",)).view(1)  # seat 1 to answer the 5-4 lead
    playable = {m.tile for m in view.legal if m.tile}
    assert playable == {(5, 5), (4, 1), (5, 1)}
    image = rgb(render_hand(view, NAMES))
    f = hand.frame(view)
    r = ring(f.unit)
    tops = {y0 for _, y0, _, _ in f.boxes}
    assert len(tops) == 2  # playable tiles sit higher
    for tile, (x0, y0, x1, y1) in zip(view.hand, f.boxes, strict=True):
        above = image.getpixel(((x0 + x1) // 2, y0 - r // 2))
        colours = colours_in(image.crop((x0, y0, x1, y1)), 1 << 16)
        if tile in playable:
            assert above == pal.GOLD, tile
            assert pal.IVORY in colours and pal.IVORY_DIM not in colours
        else:
            assert above == pal.STRIP, tile
            assert pal.IVORY_DIM in colours and pal.IVORY not in colours


def test_off_turn_every_tile_is_plain() -> None:
    view = stacked(("5-4",)).view(0)  # seat 0 waits for seat 1
    image = rgb(render_hand(view, NAMES))
    f = hand.frame(view)
    assert len({y0 for _, y0, _, _ in f.boxes}) == 1
    for x0, y0, x1, y1 in f.boxes:
        colours = colours_in(image.crop((x0 - 6, y0 - 6, x1 + 6, y1 + 6)), 1 << 16)
        assert pal.IVORY in colours and pal.GOLD not in colours and pal.IVORY_DIM not in colours


def test_points_a_play_would_score_are_shown_under_its_tile() -> None:
    view = stacked(("5-4",)).view(1)
    image = rgb(render_hand(view, NAMES))
    f = hand.frame(view)
    for tile, (x0, _, x1, y1) in zip(view.hand, f.boxes, strict=True):
        below = image.crop((x0 - 8, y1 + hand.RAISE, x1 + 8, f.height))
        green = pal.GREEN in colours_in(below, 1 << 16)
        assert green == (tile == (5, 1)), tile  # 5-1 on the 5 leaves ends 1 + 4 = 5: one point
