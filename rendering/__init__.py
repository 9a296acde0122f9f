"""The images players look at: the public board, each private hand and the score sheet (PNG bytes).

Built from the engine's views with Pillow only; no Discord, database or table service here.

    render_board(view, names, locale)        # the public view (`state.view(None)`) only
    render_hand(view, names, locale)         # a seat's own view (`state.view(seat)`)
    render_score_sheet(view, names, locale)  # finished hands, running totals, the winner at the end

`names[seat]` is each seat's display name. Each game family registers its renderers by view type in
`RENDERERS`, so a family added later plugs in without changing callers. Every size is stated in the
module that draws it (`rendering.fives.board`, `.hand`, `.sheet`).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from bot.engine.fives import FivesView

from .fives import board as _fives_board
from .fives import hand as _fives_hand
from .fives import sheet as _fives_sheet

# PNG compression level 1: a palette image of flat colours compresses almost as well as at the default
# level 6 and encodes several times faster.
COMPRESS_LEVEL = 1

Drawer = Callable[[Any, Sequence[str], str], Image.Image]
RENDERERS: dict[type, dict[str, Drawer]] = {
    FivesView: {"board": _fives_board.render, "hand": _fives_hand.render, "sheet": _fives_sheet.render},
}


def _drawer(view: Any, kind: str) -> Drawer:
    for cls in type(view).__mro__:
        if cls in RENDERERS:
            return RENDERERS[cls][kind]
    raise TypeError(f"no {kind} image for {type(view).__name__}")


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def render_board(view: Any, names: Sequence[str], locale: str = "en") -> bytes:
    """The table as everyone sees it. Refuses a seat's view, so that a hidden tile never reaches it."""
    if getattr(view, "seat", None) is not None:
        raise ValueError("render_board takes the public view (view(None)), not a seat's view")
    return encode(_drawer(view, "board")(view, names, locale))


def render_hand(view: Any, names: Sequence[str], locale: str = "en") -> bytes:
    """A seat's own tiles, labelled as in the action select; playable ones stand out on its turn."""
    if getattr(view, "seat", None) is None:
        raise ValueError("render_hand takes a seat's own view (view(seat))")
    return encode(_drawer(view, "hand")(view, names, locale))


def render_score_sheet(view: Any, names: Sequence[str], locale: str = "en") -> bytes:
    """Each finished hand's points and the running totals; at the end, the winner and game points."""
    return encode(_drawer(view, "sheet")(view, names, locale))


__all__ = ["RENDERERS", "encode", "render_board", "render_hand", "render_score_sheet"]
