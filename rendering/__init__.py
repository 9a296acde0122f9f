"""The images players look at: the public board, each private hand and the score sheet (PNG bytes).

Built from the engine's views with Pillow only; no Discord, database or table service here.

    render_board(view, names, locale)        # the public view (`state.view(None)`) only
    render_hand(view, names, locale)         # a seat's own view (`state.view(seat)`)
    render_score_sheet(view, names, locale)  # finished hands, running totals, the winner at the end

    render_board(view, names, locale, show_previous=True)  # Five Hundred: the previous trick instead
    end_names(view)                          # a line's ends as the board image shows them, for words

A view of a family with no drawer of that kind raises `NoRenderer` (callers show text instead); any other
exception is a bug of the drawing and is left to the caller to log.

`names[seat]` is each seat's display name. Each game family registers its renderers by view type in
`RENDERERS` ("board", "hand", "sheet", and "previous" for a family with tricks), so a family added later
plugs in without changing callers. Every size is stated in the module that draws it
(`rendering.fives.board`, `.hand`, `.sheet`; `rendering.five_hundred.board`, `.hand`, `.sheet`;
`rendering.domineren.board`, `.hand`, `.sheet`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from PIL import Image

from bot.engine.domineren import DominerenView
from bot.engine.five_hundred import FiveHundredView
from bot.engine.fives import FivesView

from .domineren import board as _dom_board
from .domineren import hand as _dom_hand
from .domineren import sheet as _dom_sheet
from .five_hundred import board as _500_board
from .five_hundred import hand as _500_hand
from .five_hundred import sheet as _500_sheet
from .fives import board as _fives_board
from .fives import hand as _fives_hand
from .fives import sheet as _fives_sheet

# PNG compression level 1: a palette image of flat colours compresses almost as well as at the default
# level 6 and encodes several times faster. Measured on the largest boards and hands (Pillow's zlib-ng,
# CPU ms p50 and mean size of 24 images, 2026-12-02): level 0 0.8 ms 800 KB (stored), 1 2.2 ms 32 KB,
# 2 2.3 ms 30 KB, 3 2.4 ms 29 KB, 4 3.4 ms 25 KB, 6 4.9 ms 22 KB, 9 28 ms 20 KB. The images are already
# palette images, so the pixels are the same whatever the level.
COMPRESS_LEVEL = 1

Drawer = Callable[[Any, Sequence[str], str], Image.Image]
RENDERERS: dict[type, dict[str, Drawer]] = {
    FivesView: {"board": _fives_board.render, "hand": _fives_hand.render, "sheet": _fives_sheet.render},
    FiveHundredView: {
        "board": _500_board.render,
        "previous": partial(_500_board.render, show_previous=True),
        "hand": _500_hand.render,
        "sheet": _500_sheet.render,
    },
    DominerenView: {"board": _dom_board.render, "hand": _dom_hand.render, "sheet": _dom_sheet.render},
}


# A family whose board names the ends of a line as the picture has them (Billitonnen's line winds: its W end
# may be drawn at the top): the presenters say "the left end" as the player sees it.
END_NAMES: dict[type, Callable[[Any], dict[str, str]]] = {DominerenView: _dom_board.end_sides}


class NoRenderer(LookupError):
    """No image of this kind for this view's game family (yet): the game is shown as text."""


def _drawer(view: Any, kind: str, fallback: str | None = None) -> Drawer:
    for cls in type(view).__mro__:
        if cls in RENDERERS:
            drawers = RENDERERS[cls]
            drawer = drawers.get(kind) or (drawers.get(fallback) if fallback is not None else None)
            if drawer is not None:
                return drawer
            break
    raise NoRenderer(f"no {kind} image for {type(view).__name__}")


def end_names(view: Any) -> dict[str, str] | None:
    """The ends of the line on the board image (`{"W": "left", "E": "right"}`), for the words that name
    them; None for a family whose image names none."""
    for cls in type(view).__mro__:
        if cls in END_NAMES:
            return END_NAMES[cls](view)
    return None


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def render_board(view: Any, names: Sequence[str], locale: str = "en", *, show_previous: bool = False) -> bytes:
    """The table as everyone sees it. Refuses a seat's view, so that a hidden tile or card never reaches it.

    `show_previous` asks for the trick before the current one (a family's "previous" drawer, for a "last
    trick" button); a family without tricks has none and draws its usual board."""
    if getattr(view, "seat", None) is not None:
        raise ValueError("render_board takes the public view (view(None)), not a seat's view")
    return encode(_drawer(view, "previous" if show_previous else "board", "board")(view, names, locale))


def render_hand(view: Any, names: Sequence[str], locale: str = "en") -> bytes:
    """A seat's own tiles, labelled as in the action select; playable ones stand out on its turn."""
    if getattr(view, "seat", None) is None:
        raise ValueError("render_hand takes a seat's own view (view(seat))")
    return encode(_drawer(view, "hand")(view, names, locale))


def render_score_sheet(view: Any, names: Sequence[str], locale: str = "en") -> bytes:
    """Each finished hand's points and the running totals; at the end, the winner and game points."""
    return encode(_drawer(view, "sheet")(view, names, locale))


__all__ = [
    "END_NAMES",
    "RENDERERS",
    "NoRenderer",
    "encode",
    "end_names",
    "render_board",
    "render_hand",
    "render_score_sheet",
]
