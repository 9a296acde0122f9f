"""Warm the drawing caches at start, so that no player waits on them: the fonts, the tile, card and chip
sprites, the glyphs of the words every image has and of the letters and kana names are written in.
Without it the first board after a start took 72 ms (its sprites drawn then); after it, that board is
drawn as fast as any other (benchmarks/render.py prints the figure in a fresh process).

`warm_up()` draws, once and thrown away, a board, a hand and a score sheet of each family (fives on
double-six and double-nine, Five Hundred, Domineren) in each language, from seeded games of the computer
players, and then every sprite a board or a hand may paste (`warm_sprites`): every face of every tile at
every size a board may choose (a long double-nine layout drawn small needs some forty faces the samples
never showed, 0.1 to 0.3 ms each), the open ends' discs, every card. The bot runs it in a thread at start
(`app.client`), before it connects.
"""

from __future__ import annotations

import time
from typing import Any

from bot.engine.five_hundred.cards import NAMES as CARD_NAMES
from bot.engine.five_hundred.rules import BIDS
from bot.i18n import LOCALES, catalogue

from . import palette as pal
from . import render_board, render_hand, render_score_sheet
from .domineren import board as dom_board
from .domineren import hand as dom_hand
from .domineren import layout as dom_layout
from .domineren import ledger as dom_ledger
from .domineren import pieces
from .five_hundred import board as board_500
from .five_hundred import hand as hand_500
from .five_hundred.cards import TAG_SIZES, card_parts, card_sprite, tag_sprite
from .five_hundred.common import bid_tag
from .fives import board as fives_board
from .fives import hand as fives_hand
from .sprites import DIM, PLAIN, PLAYABLE, tile_sprite
from .text import WARM_CHARACTERS, warm_glyphs

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"]


def _positions() -> list[tuple[Any, Any]]:
    """(public view, a seat's view) pairs: a position of each family some moves in, and each one's end."""
    from .gallery import play, play_500, play_domineren

    games = (
        play("five-up", 4, 1),
        play("all-fives", 3, 1, {"tile_set": "d9"}),
        play_500(4, 1),
        play_domineren(4, 1, options={"hands": 1}),
    )
    out: list[tuple[Any, Any]] = []
    for states in games:  # each yields its state after every move (one object, played on)
        taken = False
        state = None
        for k, state in enumerate(states):
            if not taken and k >= 8 and state.current_seat is not None:
                out.append((state.view(None), state.view(state.current_seat)))
                taken = True
        if state is not None:
            out.append((state.view(None), None))
    return out


def warm_up() -> float:
    """Draw the sample images (see the module's docstring); the seconds it took."""
    started = time.perf_counter()
    for public, private in _positions():
        for locale in LOCALES:
            render_board(public, NAMES, locale)
            if private is not None:
                render_hand(private, NAMES, locale)
            if getattr(public, "over", False) or getattr(public, "hands", None):
                render_score_sheet(public, NAMES, locale)
    # the letters and kana of names not drawn yet, and every character of the images' words, at the sizes
    # those images use (a word the samples did not show at that size: '点' of a score in a team's chip)
    words = {
        ch for locale in LOCALES for key, text in catalogue(locale).items() if key.startswith("image.") for ch in text
    }
    warm_glyphs(WARM_CHARACTERS + "".join(sorted(words - set(WARM_CHARACTERS))))
    warm_sprites()
    return time.perf_counter() - started


FIVES_PIPS = range(10)  # double-nine, the largest set (double-six's faces are among its)
DOMINEREN_PIPS = range(7)


def warm_sprites() -> int:
    """Draw every sprite a board or a hand may paste but the one ringed tile or card of each image (the
    one just played): the tiles' faces on the felt at every size of a fives or Domineren board (and on
    Domineren's band), the hands' tiles in each of their styles, the ledger's small tiles, the open ends'
    discs of the fives boards, Domineren's end markers of a plain number, every card of Five Hundred as the
    table, the open misère and the hand show it, and its tags of every bid and card. How many that is."""
    drawn = 0
    for unit in sorted(set(fives_board.UNITS) | set(dom_layout.UNITS)):
        pips = FIVES_PIPS if unit in fives_board.UNITS else DOMINEREN_PIPS
        for a in pips:
            for b in pips:
                for vertical in (False, True):
                    tile_sprite(a, b, vertical, unit, pal.FELT, PLAIN)
                    drawn += 1
                    if unit in dom_layout.UNITS and a in DOMINEREN_PIPS and b in DOMINEREN_PIPS:
                        for banded in (False, True):
                            pieces.tile(a, b, vertical, unit, banded)
    hands = [(fives_hand.BIG[0], FIVES_PIPS), (fives_hand.SMALL_TILES[0], FIVES_PIPS)]
    hands += [(dom_hand.UNIT, DOMINEREN_PIPS), (dom_hand.ROW_UNIT, DOMINEREN_PIPS)]
    for unit, pips in hands:
        for hi in pips:
            for lo in range(hi + 1):
                for style in (PLAIN, PLAYABLE, DIM):
                    tile_sprite(hi, lo, True, unit, pal.STRIP, style)
                    drawn += 1
    for hi in DOMINEREN_PIPS:
        for lo in range(hi + 1):
            tile_sprite(hi, lo, False, dom_ledger.MINI, pal.STRIP, PLAIN)
            tile_sprite(hi, lo, True, dom_ledger.ROW_TILES, pal.STRIP, PLAIN)
            drawn += 2
    for diameter in sorted({max(22, round(unit * 1.5)) for unit in fives_board.UNITS}):
        for value in range(2 * max(FIVES_PIPS) + 1):  # a double's end counts both its halves
            for fill in (pal.IVORY, pal.ARM):
                fives_board.badge(str(value), diameter, fill)
                drawn += 1
    for unit in dom_layout.UNITS:  # Domineren's end markers of a plain number (not those naming a side)
        for number in DOMINEREN_PIPS:
            for kind in (pieces.NORMAL, pieces.RUSSIAN, pieces.WAITING):
                for directed in (False, True):
                    pieces.marker(str(number), dom_board.marker_height(unit), kind, directed, pal.FELT)
                    drawn += 1
    cards = [name for name in CARD_NAMES if name]  # (the table has gaps where no card is)
    # Five Hundred's tags of every bid and card, at each height and background the samples drew tags at
    tags = {bid_tag(bid, locale) for bid in BIDS for locale in LOCALES} | {card_parts(name) for name in cards}
    for height, bg in sorted(TAG_SIZES):
        for parts in sorted(tags):
            tag_sprite(parts, height, bg)
            drawn += 1
    faces = [(board_500.CARD_W, pal.FELT, PLAIN), (board_500.EXPOSED_W, pal.FELT, PLAIN)]
    faces += [(hand_500.CARD_W, pal.STRIP, PLAIN), (hand_500.CARD_W, pal.STRIP, DIM)]
    for name in cards:
        for width, bg, style in faces:
            for trump in (False, True) if name != "JK" else (False,):
                card_sprite(name, width, bg, style, trump)
                drawn += 1
    return drawn
