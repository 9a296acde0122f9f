"""Warm the drawing caches at start, so that no player waits on them: the fonts, the tile, card and chip
sprites, the glyphs of the words every image has and of the letters and kana names are written in.
Without it the first board after a start took 72 ms (its sprites drawn then); after it, that board is
drawn as fast as any other (benchmarks/render.py prints the figure in a fresh process).

`warm_up()` draws, once and thrown away, a board, a hand and a score sheet of each family (fives on
double-six and double-nine, Five Hundred, Domineren) in each language, from seeded games of the computer
players. The bot runs it in a thread at start (`app.client`), before it connects.
"""

from __future__ import annotations

import time
from typing import Any

from bot.i18n import LOCALES, catalogue

from . import render_board, render_hand, render_score_sheet
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
    return time.perf_counter() - started
