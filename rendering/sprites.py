"""Domino tiles and small round badges, drawn once in RGB with anti-aliasing, matched to the palette and
cached, so that building an image is mostly pasting.

A tile is `unit` pixels per quarter of its length: a simple tile is 4 x 2 units, each half a 2 x 2
square. Sprites are baked over the background they will sit on (the felt or the dark strip), which
keeps their rounded corners smooth without a transparency mask.
"""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from . import palette as pal
from .palette import RGB
from .text import font

SUPERSAMPLE = 4

# Pip positions on a 3 x 3 grid (column, row) of one half of an upright tile, the classic layouts of
# the double-six and double-nine sets; a sideways tile shows them transposed.
PIP_LAYOUTS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((1, 1),),
    ((0, 0), (2, 2)),
    ((0, 0), (1, 1), (2, 2)),
    ((0, 0), (2, 0), (0, 2), (2, 2)),
    ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (1, 1), (2, 0), (2, 1), (2, 2)),
    ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)),
    tuple((c, r) for r in range(3) for c in range(3)),
)
_GRID = (0.24, 0.5, 0.76)

PLAIN, HIGHLIGHT, PLAYABLE, DIM = "plain", "highlight", "playable", "dim"


def gap(unit: int) -> int:
    """Pixels left free on each side of a tile, inside its box."""
    return max(2, unit // 12)


def ring(unit: int) -> int:
    """How thick a highlight ring is; its sprite reaches this far beyond the tile's own box. Two gaps:
    the ring fills the space between a tile and its neighbour without covering the neighbour."""
    return 2 * gap(unit)


def tile_box(unit: int, vertical: bool) -> tuple[int, int]:
    long, short = 4 * unit, 2 * unit
    return (short, long) if vertical else (long, short)


@lru_cache(maxsize=4096)
def tile_sprite(first: int, second: int, vertical: bool, unit: int, bg: RGB, style: str = PLAIN) -> Image.Image:
    """One tile showing `first` on its left (top when `vertical`) and `second` on its right (bottom).

    The sprite covers the tile's box of 4 x 2 units; HIGHLIGHT and PLAYABLE add a ring and reach
    `ring(unit)` pixels further on every side."""
    s = SUPERSAMPLE
    w, h = tile_box(unit, vertical)
    pad = ring(unit) if style in (HIGHLIGHT, PLAYABLE) else 0
    im = Image.new("RGB", ((w + 2 * pad) * s, (h + 2 * pad) * s), bg)
    d = ImageDraw.Draw(im)
    g = gap(unit)
    x0, y0, x1, y1 = (pad + g) * s, (pad + g) * s, (pad + w - g) * s, (pad + h - g) * s
    radius = max(3, unit // 4) * s
    if pad:  # the ring hugs the tile's edge, `pad` pixels thick
        d.rounded_rectangle((x0 - pad * s, y0 - pad * s, x1 + pad * s, y1 + pad * s), radius + pad * s, fill=pal.GOLD)
    body = pal.IVORY_DIM if style == DIM else pal.IVORY
    edge = max(1, unit // 16) * s
    d.rounded_rectangle((x0, y0, x1, y1), radius, fill=pal.IVORY_EDGE)
    bevel = max(1, unit // 10) * s
    inner = (x0 + edge, y0 + edge, x1 - edge, y1 - edge)
    if style == DIM:
        d.rounded_rectangle(inner, radius - edge, fill=body)
    else:  # a darker band along the bottom and right edges gives the tile some thickness
        d.rounded_rectangle(inner, radius - edge, fill=pal.IVORY_SHADE)
        d.rounded_rectangle((inner[0], inner[1], inner[2] - bevel, inner[3] - bevel), radius - edge, fill=body)
    # divider across the middle, with the brass rivet of a classic set
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    thick = max(1, unit // 14) * s
    if vertical:
        span = (x1 - x0) * 0.36
        d.rectangle((cx - span, cy - thick / 2, cx + span, cy + thick / 2), fill=pal.DIVIDER)
    else:
        span = (y1 - y0) * 0.36
        d.rectangle((cx - thick / 2, cy - span, cx + thick / 2, cy + span), fill=pal.DIVIDER)
    rivet = unit * 0.11 * s
    d.ellipse((cx - rivet, cy - rivet, cx + rivet, cy + rivet), fill=pal.BRASS)
    half = 2 * unit * s
    for k, number in enumerate((first, second)):
        hx = (pad * s) + (0 if vertical else k * half)
        hy = (pad * s) + (k * half if vertical else 0)
        _pips(d, number, hx, hy, half, vertical)
    small = im.reduce(s)
    return pal.to_palette(small)


# Eight and nine differ by the middle pip alone, which a small tile all but loses: the eight's ring is
# pushed out to open its middle, and the nine's middle pip is drawn large, so that they are told apart by
# shape (a hollow ring, a ring round a big dot), not by colour, which not every player sees.
_OUTER = {8: (0.2, 0.5, 0.8)}
_MIDDLE = {7: 1.0, 9: 1.5}


def _pips(d: ImageDraw.ImageDraw, number: int, x: float, y: float, side: float, vertical: bool) -> None:
    r = side * (0.095 if number <= 6 else 0.082)
    colour = pal.PIPS[number]
    grid = _OUTER.get(number, _GRID)
    for c, row in PIP_LAYOUTS[number]:
        col, rw = (c, row) if vertical else (row, c)
        px, py = x + side * grid[col], y + side * grid[rw]
        rr = r * _MIDDLE.get(number, 1.0) if (c, row) == (1, 1) else r
        d.ellipse((px - rr, py - rr, px + rr, py + rr), fill=colour)


@lru_cache(maxsize=1024)
def badge_sprite(text: str, diameter: int, fill: RGB, ink: RGB, bg: RGB) -> Image.Image:
    """A disc of `diameter` pixels with `text` centred on it (open-end numbers on the board)."""
    s = SUPERSAMPLE
    im = Image.new("RGB", (diameter * s, diameter * s), bg)
    d = ImageDraw.Draw(im)
    d.ellipse((0, 0, diameter * s - 1, diameter * s - 1), fill=pal.IVORY_EDGE)
    border = max(1, diameter // 14) * s
    d.ellipse((border, border, diameter * s - 1 - border, diameter * s - 1 - border), fill=fill)
    f = font(round(diameter * 0.62) * s, True)
    d.text((diameter * s / 2, diameter * s / 2 + s), text, font=f, fill=ink, anchor="mm")
    return pal.to_palette(im.reduce(s))


@lru_cache(maxsize=256)
def ringed_sprite(
    first: int, second: int, vertical: bool, unit: int, bg: RGB, style: str
) -> tuple[Image.Image, Image.Image]:
    """A HIGHLIGHT or PLAYABLE tile and the mask of what it covers, so that pasting it leaves the
    neighbours its ring reaches over as they are, rather than painting the background on them."""
    sprite = tile_sprite(first, second, vertical, unit, bg, style)
    background = pal.idx(bg)
    mask = Image.frombytes("L", sprite.size, bytes(0 if i == background else 255 for i in sprite.tobytes()))
    return sprite, mask
