"""A seat's Domineren hand: every hand of the corpus draws inside the stated size, the tiles it may put
down stand out on its turn with the notation a player types, matadors are marked under the Russian
rule, and during Billitonnen the seat sees its own row face down, as everyone else does."""

from __future__ import annotations

import pytest

from rendering import palette as pal
from rendering import render_board, render_hand
from rendering.domineren import hand
from rendering.domineren.common import MATADORS, tile_text
from rendering.sprites import gap, ring

from .positions import colours_in, decode, rgb
from .test_domineren_board import ROWS, billitonnen_state
from .test_domineren_positions import NAMES, NAMES_JA, PLAYS_13A, corpus, sample, stacked


def test_every_hand_of_the_corpus_draws_within_the_stated_size() -> None:
    views = corpus()["hands"]
    biggest = max(len(v.hand or ()) for v in views)
    assert biggest >= 12  # a three-player hand after a long run of draws
    for k, view in enumerate(sample(views, 13)):
        names, locale = (NAMES_JA, "ja") if k % 2 else (NAMES, "en")
        image = decode(render_hand(view, names, locale))
        assert hand.MIN_WIDTH <= image.width <= hand.MAX_WIDTH
        assert image.height <= hand.MAX_HEIGHT, len(view.hand or ())
    for view in views:
        f = hand.frame(view)
        assert hand.MIN_WIDTH <= f.width <= hand.MAX_WIDTH and f.height <= hand.MAX_HEIGHT, len(f.tiles)


def test_the_public_view_is_refused() -> None:
    with pytest.raises(ValueError):
        render_hand(stacked().view(None), NAMES)


def test_on_its_turn_the_tiles_it_may_play_are_ringed_and_the_others_greyed() -> None:
    state = stacked(PLAYS_13A[:-1])  # seat 2 to play: 6-2 fits the 6 of 4-6, nothing else does
    view = state.view(state.current_seat)
    f = hand.frame(view)
    assert set(f.gain) == {(6, 2)} and f.my_turn
    assert tile_text((6, 2)) == "6-2" and tile_text((2, 6)) == "6-2"
    image = rgb(render_hand(view, NAMES))
    r, g = ring(f.unit), gap(f.unit)
    for tile, (x0, y0, x1, y1) in zip(f.tiles, f.boxes, strict=True):
        ringed = image.getpixel((x1 - g + r // 2, (y0 + y1) // 2)) == pal.GOLD
        greyed = image.getpixel((x0 + g + 4, y0 + 4 * f.unit // 2 - 4)) == pal.IVORY_DIM
        assert ringed == (tile in f.gain) and greyed == (tile not in f.gain), tile


def test_matadors_carry_a_red_mark_only_while_an_end_follows_the_russian_rule() -> None:
    marked = unmarked = 0
    for view in corpus()["hands"]:
        if view.phase != "play" or not any(t in MATADORS for t in view.hand):
            continue
        f = hand.frame(view)
        image = rgb(render_hand(view, NAMES))
        for tile, (_, y0, x1, _) in zip(f.tiles, f.boxes, strict=True):
            if tile in MATADORS:
                mark = image.getpixel((x1 - hand.MARK // 2 + 8, y0 - 8 + hand.MARK // 5))
                assert (mark == pal.RED) == hand.russian_open(view), (tile, view.ends)
                marked += mark == pal.RED
                unmarked += mark != pal.RED
        if marked > 3 and unmarked > 3:
            break
    assert marked and unmarked


def test_billitonnen_shows_the_seats_own_row_face_down() -> None:
    # Two sessions whose rows differ only in tiles nobody has turned: the seat's own image is the same.
    swapped = [list(r) for r in ROWS]
    swapped[1][6], swapped[1][5] = ROWS[1][5], ROWS[1][6]
    a, b = billitonnen_state(ROWS), billitonnen_state(swapped)
    assert render_hand(a.view(1), NAMES) == render_hand(b.view(1), NAMES)
    view = a.view(1)
    f = hand.frame(view)
    assert len(f.tiles) == 7 and all(t is None for t in f.tiles)
    image = rgb(render_hand(view, NAMES))
    for x0, y0, x1, y1 in f.boxes:
        colours = colours_in(image.crop((x0, y0, x1, y1)), 4096)
        assert pal.CHIP in colours and pal.IVORY not in colours
    assert render_board(a.view(None), NAMES)  # the same session's table draws too
