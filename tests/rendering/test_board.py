"""The public board image: every game's positions draw inside the stated size, tiles never overlap, and
the pixels a player looks at (the tile just played, its pips, the scores) are where they should be."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from PIL import ImageChops

from bot.engine import new_game
from rendering import palette as pal
from rendering import render_board, render_hand
from rendering.chips import CHIP_GAP, CHIP_H, PAD, ROW1
from rendering.fives import board
from rendering.fives.common import WIDTH
from rendering.sprites import gap, ring

from .positions import DEAL, NAMES, NAMES_JA, colours_in, corpus, decode, rgb, stacked


def test_every_game_draws_its_longest_boards_within_the_stated_size() -> None:
    longest = corpus()["longest"]
    assert max(len(v.layout) for v in longest) >= 40  # the double-nine set reaches long layouts
    for view in longest:
        image = decode(render_board(view, NAMES))
        assert image.width == board.WIDTH == 960
        assert board.MIN_HEIGHT <= image.height <= board.MAX_HEIGHT, (view.game_id, len(view.layout))
        assert image.mode == "P"


def test_a_sample_of_every_position_draws_in_both_languages() -> None:
    for k, view in enumerate(corpus()["boards"][::97]):
        names, locale = (NAMES_JA, "ja") if k % 2 else (NAMES, "en")
        image = decode(render_board(view, names, locale))
        assert image.width == 960 and board.MIN_HEIGHT <= image.height <= board.MAX_HEIGHT


def test_no_two_tiles_overlap_on_any_board_random_play_reaches() -> None:
    for view in corpus()["boards"]:
        f = board.frame(view)
        if f.placement is None:
            continue
        seen: dict[tuple[int, int], int] = {}
        for i, s in enumerate(f.placement.spots):
            for cell in itertools.product(range(s.x0, s.x1), range(s.y0, s.y1)):
                assert cell not in seen, f"{view.game_id}: tiles {seen[cell]} and {i} overlap"
                seen[cell] = i
        for i in range(len(view.layout)):  # and every tile lies on the felt, clear of header and footer
            x0, y0, x1, y1 = f.tile_box(i)
            assert x0 >= 0 and x1 <= f.width
            assert f.header + f.band <= y0 and y1 <= f.height - board.FOOTER


def test_a_private_view_is_refused_so_no_hidden_tile_can_reach_the_table() -> None:
    state = stacked()
    with pytest.raises(ValueError):
        render_board(state.view(0), NAMES)


def test_the_public_image_shows_nothing_of_the_hidden_tiles() -> None:
    # Same plays, but seat 0 holds 6-5 where the other deal left it in the boneyard: only seat 0 can tell.
    other = {**DEAL, "hands": [list(DEAL["hands"][0]), DEAL["hands"][1]], "boneyard": list(DEAL["boneyard"])}
    other["hands"][0][1], other["boneyard"][11] = DEAL["boneyard"][11], DEAL["hands"][0][1]
    a, b = stacked(), stacked(deal=other)
    assert a.view(0).hand != b.view(0).hand
    assert render_hand(a.view(0), NAMES) != render_hand(b.view(0), NAMES)
    assert render_board(a.view(None), NAMES) == render_board(b.view(None), NAMES)


def test_the_tile_just_played_is_ringed_in_gold_and_the_others_are_not() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    assert board.highlighted(view) == 1
    r, g = ring(f.unit), gap(f.unit)
    x0, y0, x1, y1 = f.tile_box(1)
    mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
    # the ring runs round the tile's edge (which sits `g` inside its box), `r` pixels thick
    for point in ((mid_x, y0 + g - 1 - r // 2), (mid_x, y1 - g + r // 2), (x1 - g + r // 2, mid_y)):
        assert image.getpixel(point) == pal.GOLD
    lx0, ly0, lx1, _ = f.tile_box(0)  # the lead, east of the tile just played
    assert image.getpixel(((lx0 + lx1) // 2, ly0 + g - 1 - r // 2)) == pal.FELT
    # the lead, whose end the ring's sprite reaches over, keeps its edge
    assert image.getpixel((lx0 + g + 1, (ly0 + y1) // 2)) not in (pal.FELT, pal.GOLD)


def test_pips_sit_in_their_classic_places() -> None:
    view = stacked(("5-4",)).view(None)  # the lead alone: 5 on the left (west), 4 on the right
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    x0, y0, x1, y1 = f.tile_box(0)
    g = gap(f.unit)
    x0, y0, x1, y1 = x0 + g, y0 + g, x1 - g, y1 - g
    half = (x1 - x0) // 2
    side = y1 - y0
    assert image.getpixel((x0 + half // 2, y0 + side // 2)) == pal.PIPS[5]  # a five has a centre pip
    assert image.getpixel((x0 + half + half // 2, y0 + side // 2)) == pal.IVORY  # a four has none
    corner = (x0 + half + round(half * 0.24), y0 + round(side * 0.24))
    assert image.getpixel(corner) == pal.PIPS[4]


def test_the_score_text_is_drawn_in_its_side_chip() -> None:
    view = stacked().view(None)
    assert view.scores == (0, 1)
    before = rgb(render_board(view, NAMES))
    after = rgb(render_board(dataclasses.replace(view, scores=(0, 37)), NAMES))
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    chip_w = (WIDTH - 2 * PAD - CHIP_GAP) // 2
    chip1 = (PAD + chip_w + CHIP_GAP, ROW1, PAD + 2 * chip_w + CHIP_GAP, ROW1 + CHIP_H)
    x0, y0, x1, y1 = changed  # only the second side's score changed, inside the right end of its chip
    assert chip1[0] + chip_w // 2 <= x0 and x1 <= chip1[2] and chip1[1] <= y0 and y1 <= chip1[3]
    assert pal.WHITE in colours_in(after.crop(changed), 1 << 16)


def test_the_end_count_and_the_points_of_the_last_play_are_shown() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    band = image.crop((0, f.header, WIDTH // 2, f.header + f.band))
    assert pal.GOLD in colours_in(band, 1 << 16)  # "End count 5 · scores 1" in gold
    footer = image.crop((WIDTH // 2, f.height - board.FOOTER, WIDTH, f.height))
    assert pal.GREEN in colours_in(footer, 1 << 16)  # "+1"
    quiet = rgb(render_board(stacked(("5-4", "4-1@5-4")).view(None), NAMES))  # ends 5 + 1: nothing scores
    band = quiet.crop((0, f.header, WIDTH // 2, f.header + f.band))
    assert pal.GOLD not in colours_in(band, 1 << 16)


def test_open_ends_are_marked_with_their_numbers() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    assert f.placement is not None
    for number, index, direction, _ in view.ends:
        cx, cy = board.badge_centre(view, f.placement, index, direction, 1.5)
        px, py = f.ox + round(cx * f.unit), f.oy + round(cy * f.unit)
        disc = image.crop((px - 8, py - 8, px + 8, py + 8))
        colours = colours_in(disc, 1 << 10)
        assert pal.IVORY in colours and pal.INK in colours, number  # a light disc with a dark number


def test_a_board_before_the_lead_says_who_leads() -> None:
    state = new_game("five-up", 4, seed=3)
    image = decode(render_board(state.view(None), NAMES, "ja"))
    assert image.width == 960 and image.height == board.MIN_HEIGHT
