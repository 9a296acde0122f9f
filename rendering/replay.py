"""An animated summary of a hand or a game: the public board after each action, one frame each, as an
animated GIF that Discord plays inline.

    render_replay(positions, names, locale)  # -> GIF bytes; positions: `view(None)` after each action

Why GIF and not APNG: Discord plays an attached GIF in the chat on every client, while an APNG attachment
is shown as a still picture (only stickers animate). GIF's 256 colours cost nothing here, since every
image is drawn in the house palette of 256 colours anyway (rendering.palette), and Pillow writes each
frame as the rectangle that changed since the one before, so a move costs a few kilobytes; measured on
seeded games, the GIF is 10 to 46 % smaller than the same frames as an APNG (benchmarks/render.py).

Each frame is the family's public board (the registered renderer, so a new family animates unchanged),
scaled to `WIDTH` pixels, under a caption strip: the move number and who did what, in the words given
(`captions`) or as `name: action` from the view's own last action (the engine's notation; no rule is
worked out here), and a bar showing how far through the summary the frame is. The board before each new
deal (the hand's fullest table) is held longer, and the last frame longest; a game summary ends with its
score sheet. Nothing private is drawn: a view with a hand or a seat is refused.

Too many positions for one file: at most `max_frames` frames are drawn. The first and last positions, and
each hand's last table and the next deal, are always kept; the other frames are spread evenly over the
remaining moves, and each frame then stands for the moves since the frame before it (its caption says
"Moves 12-15" and gives the last of them, whose board it is). If the file still exceeds `max_bytes`, it is
drawn again with proportionally fewer frames.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from bot.engine import View
from bot.i18n import tr

from . import _drawer
from . import palette as pal
from .names import say, shrink
from .text import cap_height, draw_text, fit, text_width

MEDIA_TYPE = "image/gif"
EXTENSION = "gif"
WIDTH = 640  # two thirds of a board: Discord shows an attachment at most about 550 pixels wide anyway
CAPTION_H = 44
BAR_H = 4
PAD = 14
SIZE = 20
MAX_FRAMES = 120
MAX_BYTES = 4 * 1024 * 1024  # Discord takes 10 MB from anyone; a summary should load quickly on a phone
FRAME_MS = 800
HAND_END_MS = 2000  # the fullest table of a hand, and the next deal
LAST_MS = 5000


def render_replay(
    positions: Sequence[View],
    names: Sequence[str],
    locale: str = "en",
    *,
    captions: Sequence[str | None] | None = None,
    sheet: bool = True,
    max_frames: int = MAX_FRAMES,
    max_bytes: int = MAX_BYTES,
) -> bytes:
    """An animated GIF of `positions`, the public views (`view(None)`) in play order, typically one after
    each action (`bot.engine.records.public_positions`, `hand_positions`).

    `captions[k]`, when given and not None, is what the caption says happened at position k (a retelling
    in the reader's language); otherwise `name: action` from the view. With `sheet`, a summary whose last
    position has finished hands ends on the score sheet. Raises ValueError for no positions, a view of
    another game among them, or a seat's view (anything with a hand): nothing private is ever drawn."""
    _check(positions, captions)
    if max_frames < 2:
        raise ValueError("a replay needs at least 2 frames")
    drawn: dict[int, Image.Image] = {}  # board images by position, kept while the frame count is lowered
    end = positions[-1]
    closing = _scaled(_drawer(end, "sheet")(end, names, locale)) if sheet and end.hands else None
    allowed = max_frames
    while True:
        spans = choose_frames(positions, allowed - (closing is not None))
        for _, k in spans:
            if k not in drawn:
                view = positions[k]
                drawn[k] = _scaled(_drawer(view, "board")(view, names, locale))
        data = _encode(positions, spans, drawn, closing, names, locale, captions)
        if len(data) <= max_bytes:
            return data
        if allowed <= 2:
            raise ValueError(f"even 2 frames take {len(data)} bytes, more than {max_bytes}")
        allowed = max(2, min(allowed - 1, int(allowed * max_bytes / len(data) * 0.9)))


def _check(positions: Sequence[View], captions: Sequence[str | None] | None) -> None:
    if not positions:
        raise ValueError("a replay needs at least one position")
    for k, view in enumerate(positions):
        if view.hand is not None or view.seat is not None:
            raise ValueError(f"position {k} is a seat's view: a replay draws the public view (view(None)) only")
        if view.game_id != positions[0].game_id:
            raise ValueError(f"position {k} is of {view.game_id}, not {positions[0].game_id}")
    if captions is not None and len(captions) != len(positions):
        raise ValueError(f"{len(captions)} captions for {len(positions)} positions")


def choose_frames(positions: Sequence[View], max_frames: int) -> list[tuple[int, int]]:
    """The frames to draw, as (first, last) position indices: each frame shows position `last` and
    stands for the moves from `first` on. Every position while there are at most `max_frames`."""
    n = len(positions)
    if n <= max_frames:
        return [(k, k) for k in range(n)]
    must = {0, n - 1}
    for k in range(1, n):
        if positions[k].hand_no != positions[k - 1].hand_no:
            must |= {k - 1, k}  # a hand's fullest table, and the deal its last action brought
    kept = sorted(must)
    if len(kept) > max_frames:  # more hands than frames: hands' ends spread evenly
        kept = [*_spread(kept[1:-1], max_frames - 2), 0, n - 1]
    else:
        others = [k for k in range(n) if k not in must]
        kept += _spread(others, max_frames - len(kept))
    kept = sorted(set(kept))
    return [(0 if i == 0 else kept[i - 1] + 1, k) for i, k in enumerate(kept)]


def _spread(items: Sequence[int], count: int) -> list[int]:
    if count <= 0 or not items:
        return []
    if count >= len(items):
        return list(items)
    return [items[min(len(items) - 1, int((i + 0.5) * len(items) / count))] for i in range(count)]


@cache
def _full_palette() -> Image.Image:
    """Every house colour, text-only ones included, for matching a scaled board back to the palette."""
    image = Image.new("P", (1, 1))
    image.putpalette(pal.PALETTE_BYTES)
    return image


def _scaled(image: Image.Image, width: int = WIDTH) -> Image.Image:
    """`image` `width` pixels wide, in the house palette (box filter: each pixel the mean of those it
    covers, so lines and text stay even)."""
    if image.width == width:
        return image
    height = max(1, round(image.height * width / image.width))
    rgb = image.convert("RGB").resize((width, height), Image.Resampling.BOX)
    return rgb.quantize(palette=_full_palette(), dither=Image.Dither.NONE)


def _encode(
    positions: Sequence[View],
    spans: list[tuple[int, int]],
    drawn: dict[int, Image.Image],
    closing: Image.Image | None,
    names: Sequence[str],
    locale: str,
    captions: Sequence[str | None] | None,
) -> bytes:
    height = CAPTION_H + max([drawn[k].height for _, k in spans] + ([closing.height] if closing else []))
    frames, durations = [], []
    last_turn = max(1, positions[-1].turn - positions[0].turn)
    for i, (first, k) in enumerate(spans):
        view = positions[k]
        canvas = pal.new_canvas((WIDTH, height), pal.STRIP)
        canvas.paste(drawn[k], (0, CAPTION_H))
        own = captions[k] if captions is not None else None
        label, said = _caption(positions, first, k, names, locale, own)
        _draw_caption(canvas, label, said, (view.turn - positions[0].turn) / last_turn)
        frames.append(canvas)
        ends_hand = k + 1 < len(positions) and positions[k + 1].hand_no != view.hand_no
        deal = k > 0 and positions[k - 1].hand_no != view.hand_no
        durations.append(
            LAST_MS if i == len(spans) - 1 and closing is None else HAND_END_MS if ends_hand or deal else FRAME_MS
        )
    if closing is not None:
        canvas = pal.new_canvas((WIDTH, height), pal.STRIP)
        canvas.paste(closing, ((WIDTH - closing.width) // 2, CAPTION_H))
        _draw_caption(canvas, tr("image.replay.sheet", locale), "", 1.0)
        frames.append(canvas)
        durations.append(LAST_MS)
    out = io.BytesIO()
    frames[0].save(out, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()


def _caption(
    positions: Sequence[View], first: int, k: int, names: Sequence[str], locale: str, own: str | None
) -> tuple[str, str]:
    """The caption's two parts: which move(s) (or the deal), and who did what."""
    view = positions[k]
    if view.last is None or (k == 0 and not view.history):
        return tr("image.replay.deal", locale, hand=view.hand_no), own or ""
    a, b = positions[first].turn, view.turn
    label = tr("image.replay.move", locale, number=b) if a >= b else tr("image.replay.moves", locale, first=a, last=b)
    if own is not None:
        return label, own
    seat, action = view.last[0], view.last[1]
    room = WIDTH - 2 * PAD - text_width(label, SIZE, True) - PAD
    return label, say("image.replay.action", locale, seat, names, SIZE, False, room, action=action)[1]


def _draw_caption(canvas: Image.Image, label: str, said: str, progress: float) -> None:
    baseline = (CAPTION_H - BAR_H + cap_height(SIZE)) // 2
    x = PAD + draw_text(canvas, PAD, baseline, label, SIZE, pal.GOLD, pal.STRIP, bold=True)
    if said:
        room = WIDTH - x - 2 * PAD
        size = shrink([said], room, SIZE, False)  # as `say` made it: whole at the size that fits it
        draw_text(canvas, x + PAD, baseline, fit(said, size, False, room), size, pal.WHITE, pal.STRIP)
    bar = round(WIDTH * min(1.0, max(0.0, progress)))
    draw = ImageDraw.Draw(canvas)
    draw.rectangle((0, CAPTION_H - BAR_H, WIDTH - 1, CAPTION_H - 1), fill=pal.idx(pal.CHIP))
    if bar:
        draw.rectangle((0, CAPTION_H - BAR_H, bar - 1, CAPTION_H - 1), fill=pal.idx(pal.GOLD))


__all__ = ["EXTENSION", "MEDIA_TYPE", "choose_frames", "render_replay"]
