"""Images in messages: a view drawn by `rendering`, or nothing where the game is told as text.

A game family without a drawer (`rendering.NoRenderer`) is shown as text, silently: that is expected. Any
other failure of a drawing is a bug: it is logged with its traceback, and the message still goes out, as
text, so that the game goes on.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Sequence

import discord

import rendering
from bot.engine import View

log = logging.getLogger(__name__)

Render = Callable[[View, Sequence[str], str], bytes]


def picture(render: Render, view: View, names: Sequence[str], locale: str, filename: str) -> discord.File | None:
    """The image of `view` drawn by `render` as an attachment named `filename`, or None: text says it all."""
    try:
        image = render(view, names, locale)
    except rendering.NoRenderer:
        return None
    except Exception:
        log.exception("could not draw %s for a %s: shown as text", filename, type(view).__name__)
        return None
    return discord.File(io.BytesIO(image), filename=filename)
