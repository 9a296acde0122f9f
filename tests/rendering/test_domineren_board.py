"""The public Domineren board: every type's layouts and Billitonnen draw inside the stated size, tiles never
overlap, nothing hidden reaches the image, and the pixels a player looks at are where they should be:
the band under the Russian arms, the colour of each open end's marker, the tile just played, the chip
ledger with the set player's declared doubles, the face-down rows."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from bot.engine.domineren.state import DominerenState
from bot.i18n import catalogue
from rendering import palette as pal
from rendering import render_board, render_hand
from rendering.domineren import board, ledger
from rendering.gallery import play_domineren
from rendering.sprites import gap, ring
from rendering.text import covered
from tests.checks import must
from tests.games import new_domineren

from .positions import colours_in, decode, rgb
from .test_domineren_positions import (
    DEAL_13A,
    DEAL_DOUBLES,
    NAMES,
    NAMES_JA,
    PLAYS_13A,
    PLAYS_DOUBLES,
    corpus,
    sample,
    stacked,
)


def test_the_longest_layout_of_every_type_and_player_count_draws_within_the_stated_size() -> None:
    for view in corpus()["longest"]:
        image = decode(render_board(view, NAMES))
        assert image.width == board.WIDTH == 960
        assert board.MIN_HEIGHT <= image.height <= board.MAX_HEIGHT, (view.game_type.id, len(view.layout))
        assert image.mode == "P"


def test_a_sample_of_every_position_draws_in_both_languages() -> None:
    for k, view in enumerate(sample(corpus()["boards"], 41)):
        names, locale = (NAMES_JA, "ja") if k % 2 else (NAMES, "en")
        image = decode(render_board(view, names, locale))
        assert image.width == 960 and board.MIN_HEIGHT <= image.height <= board.MAX_HEIGHT


def test_no_two_tiles_overlap_and_every_tile_lies_on_the_felt() -> None:
    for view in corpus()["boards"]:
        f = board.frame(view)
        if f.placement is None:
            continue
        seen: dict[tuple[int, int], int] = {}
        for i, s in enumerate(f.placement.spots):
            for cell in itertools.product(range(s.x0, s.x1), range(s.y0, s.y1)):
                assert cell not in seen, f"tiles {seen[cell]} and {i} overlap"
                seen[cell] = i
            x0, y0, x1, y1 = f.tile_box(i)
            assert x0 >= 0 and x1 <= board.FELT_W, "a tile under the ledger"
            assert f.felt_top <= y0 and y1 <= f.felt_bottom, "a tile under the header, legend or footer"


def test_the_ledger_fits_beside_the_felt() -> None:
    tallest = 0
    for view in corpus()["boards"]:
        f = board.frame(view)
        tallest = max(tallest, ledger.height(view))
        assert ledger.height(view) <= min(ledger.MAX_HEIGHT, f.height - f.footer - board.HEADER)
    assert tallest > 560  # five players' rows in Billitonnen


def test_a_private_view_is_refused() -> None:
    state = stacked()
    with pytest.raises(ValueError):
        render_board(state.view(0), NAMES)


def test_the_public_image_shows_nothing_of_the_hidden_tiles() -> None:
    # Seat 3 holds 4-2 for 2-1, which the other deal left at the bottom of the talon, never drawn here.
    other = {"hands": [list(h) for h in DEAL_13A["hands"]], "boneyard": list(DEAL_13A["boneyard"])}
    other["hands"][3][0], other["boneyard"][10] = DEAL_13A["boneyard"][10], DEAL_13A["hands"][3][0]
    a, b = stacked(PLAYS_13A[:6]), stacked(PLAYS_13A[:6], other)
    assert a.view(3).hand != b.view(3).hand
    assert render_hand(a.view(3), NAMES) != render_hand(b.view(3), NAMES)
    assert render_board(a.view(None), NAMES) == render_board(b.view(None), NAMES)


def billitonnen_state(rows: list[list[str]]) -> DominerenState:
    """A one-hand session (hand 1 from seed 3, played by the computer player) whose Billitonnen rows are
    `rows`, after the first player's first turn."""
    import random

    from bot.ai import choose_action

    deals: list[dict[str, Any]] = [{}, {"hands": rows, "first_leader": 0}]
    state = new_domineren("domineren", 4, {"hands": 1}, seed=3, deal=deals)
    rng = random.Random(3)
    while state.phase != "billitonnen":
        state.apply(must(state.current_seat), choose_action(state.view(state.current_seat), rng))
    state.apply(0, "turn W")
    return state


ROWS = [  # each from its rightmost tile: seat 0's 6-6 starts the line, then he turns 6-5
    ["6-6", "6-5", "2-1", "3-1", "4-1", "5-1", "6-1"],
    ["0-0", "1-0", "2-0", "3-0", "4-0", "5-0", "6-0"],
    ["1-1", "2-2", "3-2", "4-2", "5-2", "6-2", "3-3"],
    ["4-3", "5-3", "6-3", "4-4", "5-4", "6-4", "5-5"],
]


def test_billitonnen_rows_are_face_down_on_the_public_board() -> None:
    # Swapping two face-down tiles that nobody has turned yet changes nothing anyone may see.
    swapped = [list(r) for r in ROWS]
    swapped[1][6], swapped[2][5] = ROWS[2][5], ROWS[1][6]
    a, b = billitonnen_state(ROWS), billitonnen_state(swapped)
    assert must(a.view(None).billitonnen).line == must(b.view(None).billitonnen).line
    assert render_board(a.view(None), NAMES) == render_board(b.view(None), NAMES)
    view = a.view(None)
    image = rgb(render_board(view, NAMES))
    x0 = board.FELT_W + ledger.INSET
    top = board.HEADER + ledger.TITLE_ROW
    u = ledger.ROW_TILES
    for seat in range(4):
        row = must(view.billitonnen).rows[seat]
        y = top + sum(ledger.block_height(view, s) for s in range(seat)) + ledger.NAME_ROW
        for k, tile in enumerate(row):
            left = x0 + k * (2 * u + 4)
            colours = colours_in(image.crop((left, y, left + 2 * u, y + 4 * u)), 4096)
            assert (pal.CHIP in colours) == (tile is None), (seat, k)  # a back is dark
            assert (pal.IVORY in colours) == (tile is not None), (seat, k)  # a face shows its pips on ivory


def test_the_arms_under_the_russian_rule_lie_on_the_band() -> None:
    view = stacked().view(None)  # N and S arms Russian, W and E normal
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    pad = board._band_pad(f.unit)
    for i, tile in enumerate(view.layout):
        if tile.parent < 0:
            continue
        x0, y0, x1, y1 = f.tile_box(i)
        beside = (x0 - pad // 2, (y0 + y1) // 2) if tile.dir % 2 else ((x0 + x1) // 2, y0 - pad // 2)
        expected = pal.BAND if tile.arm % 2 else pal.FELT  # N (1) and S (3)
        assert image.getpixel(beside) == expected, (i, tile.tile, tile.arm)


def test_open_ends_are_marked_with_their_rule() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    kinds = set()
    for end, sprite, x, y in board.markers(board.frame(view), "en"):
        fill = pal.RED if end.kind == "russian" else pal.IVORY
        # the disc's fill, between its rim and its number
        assert image.getpixel((x + sprite.width // 2, y + sprite.height // 5)) == fill, end
        kinds.add(end.kind)
    assert kinds == {"normal", "russian"}


def test_the_tile_just_played_is_ringed_in_gold_and_no_other() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    last = board.highlighted(view)
    assert last == len(view.layout) - 1
    r, g = ring(f.unit), gap(f.unit)

    def edges(i: int) -> list[tuple[int, int]]:
        x0, y0, x1, y1 = f.tile_box(i)
        mid_x, mid_y = (x0 + x1) // 2, (y0 + y1) // 2
        return [(mid_x, y0 + g - 1 - r // 2), (mid_x, y1 - g + r // 2), (x1 - g + r // 2, mid_y)]

    assert all(image.getpixel(p) == pal.GOLD for p in edges(last))
    neighbours = {view.layout[last].parent} | {i for i, t in enumerate(view.layout) if t.parent == last}
    for i in set(range(len(view.layout))) - neighbours - {last}:
        assert all(image.getpixel(p) != pal.GOLD for p in edges(i)), i


def test_the_ledger_shows_whose_turn_the_set_player_and_the_declared_doubles() -> None:
    state = stacked(PLAYS_DOUBLES, DEAL_DOUBLES)
    view = state.view(None)
    assert view.declared[1] == ((2, 2), (1, 1), (0, 0))
    image = rgb(render_board(view, NAMES))
    x0, top = board.FELT_W, board.HEADER + ledger.TITLE_ROW
    blocks = [top + sum(ledger.block_height(view, s) for s in range(k)) for k in range(4)]
    assert image.getpixel((board.WIDTH - 4, board.HEADER + 4)) == pal.STRIP  # the ledger's own strip
    current = view.current_seat
    for seat in range(4):
        bar = image.getpixel((x0 + 5, blocks[seat] + 20))
        assert (bar == pal.GOLD) == (seat == current), seat
    # the set player's gold label on seat 0's second line; seat 1's three doubles face up below his
    assert image.getpixel((x0 + ledger.INSET + 4, blocks[0] + ledger.NAME_ROW + 16)) == pal.GOLD
    y = blocks[1] + ledger.NAME_ROW + ledger.FACT_ROW
    w = 4 * ledger.MINI + 5
    for k in range(4):
        left = x0 + ledger.INSET + k * w
        colours = colours_in(image.crop((left, y, left + 4 * ledger.MINI, y + 2 * ledger.MINI)), 4096)
        assert (pal.IVORY in colours) == (k < 3), k


def test_the_change_this_hand_counts_from_the_chips_after_the_last_hand() -> None:
    view = stacked().view(None)
    assert ledger.changes(view) == tuple(c - 500 for c in view.chips)
    later = next(v for v in corpus()["boards"] if v.phase == "play" and v.hand_no == 2)
    after_first = later.hands[0].detail["chips"]
    assert ledger.changes(later) == tuple(c - b for c, b in zip(later.chips, after_first, strict=True))


def test_every_word_of_the_images_has_its_glyphs() -> None:
    for key, text in catalogue("ja").items():
        if key.startswith("image.dom."):
            assert all(covered(ch) or covered(ch, True) for ch in text), key
    view = stacked().view(None)
    assert render_board(view, NAMES_JA, "ja") != render_board(view, NAMES, "en")


def test_billitonnen_rows_are_turned_face_up_once_the_game_is_over() -> None:
    """A finished session's last board ("Game over") shows every row face up: nothing is left to hide
    (they stayed partly face down)."""
    final = list(play_domineren(4, 5, options={"hands": 3}))[-1].view(None)
    assert final.over and final.billitonnen is not None
    assert all(t is not None for row in final.billitonnen.rows for t in row)
    image = rgb(render_board(final, NAMES))
    x0 = board.FELT_W + ledger.INSET
    top = board.HEADER + ledger.TITLE_ROW
    u = ledger.ROW_TILES
    for seat in range(4):
        y = top + sum(ledger.block_height(final, s) for s in range(seat)) + ledger.NAME_ROW
        for k in range(len(final.billitonnen.rows[seat])):
            left = x0 + k * (2 * u + 4)
            colours = colours_in(image.crop((left, y, left + 2 * u, y + 4 * u)), 4096)
            assert pal.IVORY in colours and pal.CHIP not in colours, (seat, k)
