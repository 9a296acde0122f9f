"""Sprites the Domineren images add to the shared tiles: tiles on the Russian band, face-down tiles, and
the markers of open ends.

The band is a colour of its own (`palette.BAND`), which the shared sprites are never matched to, so a
tile on it is the felt's sprite with every felt pixel, and every blend of a colour with the felt, moved
to the same blend over the band. Markers use colours the shared sprites leave out (the Russian red), so
they are matched against the whole palette rather than the sprites' part of it.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image, ImageDraw

from .. import palette as pal
from ..palette import RGB
from ..sprites import HIGHLIGHT, PLAIN, SUPERSAMPLE, gap, ringed_sprite, tile_box, tile_sprite
from ..text import font

# Colours of the shared sprites that meet the felt: blends of these with it move onto the band.
_OVER_FELT = (pal.IVORY_EDGE, pal.GOLD, pal.IVORY, pal.ARM, pal.IVORY_SHADE, pal.BRASS)

NORMAL, RUSSIAN, WAITING = "normal", "russian", "waiting"
FILLS = {NORMAL: pal.IVORY, RUSSIAN: pal.RED, WAITING: pal.ARM}


@cache
def _whole_palette() -> Image.Image:
    im = Image.new("P", (1, 1))
    im.putpalette(pal.PALETTE_BYTES)
    return im


def _nearest(rgb: RGB) -> int:
    return min(
        range(len(pal.COLOURS)), key=lambda i: sum((a - b) ** 2 for a, b in zip(pal.COLOURS[i], rgb, strict=True))
    )


@cache
def _band_lut() -> tuple[int, ...]:
    """Palette index over the felt -> the same over the band."""
    felt = pal.FELT
    lut = list(range(256))
    lut[pal.idx(felt)] = pal.idx(pal.BAND)
    for i, colour in enumerate(pal.COLOURS):
        for fg in _OVER_FELT:
            span = [f - b for f, b in zip(fg, felt, strict=True)]
            norm = sum(s * s for s in span)
            t = sum((c - b) * s for c, b, s in zip(colour, felt, span, strict=True)) / norm
            if not 0 < t < 1:
                continue
            on_line = [b + s * t for b, s in zip(felt, span, strict=True)]
            if sum((a - b) ** 2 for a, b in zip(on_line, colour, strict=True)) <= 3:
                red, green, blue = (round(b + (f - b) * t) for f, b in zip(fg, pal.BAND, strict=True))
                lut[i] = _nearest((red, green, blue))
                break
    return tuple(lut)


def _to_band(sprite: Image.Image) -> Image.Image:
    moved = sprite.point(_band_lut())
    moved.putpalette(pal.PALETTE_BYTES)
    return moved


@lru_cache(maxsize=2048)  # rendering.warm draws every face at every size, on the felt and the band
def tile(first: int, second: int, vertical: bool, unit: int, banded: bool) -> Image.Image:
    """A tile on the felt, or on the Russian band."""
    sprite = tile_sprite(first, second, vertical, unit, pal.FELT, PLAIN)
    return _to_band(sprite) if banded else sprite


@lru_cache(maxsize=64)
def ringed(first: int, second: int, vertical: bool, unit: int, banded: bool) -> tuple[Image.Image, Image.Image]:
    """The tile just played, ringed in gold, and the mask of what it covers."""
    sprite, mask = ringed_sprite(first, second, vertical, unit, pal.FELT, HIGHLIGHT)
    return (_to_band(sprite) if banded else sprite), mask


@lru_cache(maxsize=64)
def back(vertical: bool, unit: int, bg: RGB) -> Image.Image:
    """A face-down tile: dark, with the brass rivet of the faces and no divider, so it never reads as a
    blank tile."""
    s = SUPERSAMPLE
    w, h = tile_box(unit, vertical)
    im = Image.new("RGB", (w * s, h * s), bg)
    d = ImageDraw.Draw(im)
    g = gap(unit) * s
    radius = max(3, unit // 4) * s
    edge = max(1, unit // 8) * s
    box = (g, g, w * s - g, h * s - g)
    d.rounded_rectangle(box, radius, fill=pal.IVORY_EDGE)
    inner = (box[0] + edge, box[1] + edge, box[2] - edge, box[3] - edge)
    d.rounded_rectangle(inner, radius - edge, fill=pal.CHIP)
    inset = 2 * edge
    d.rounded_rectangle(
        (inner[0] + inset, inner[1] + inset, inner[2] - inset, inner[3] - inset),
        max(1, radius - edge - inset),
        outline=pal.DIVIDER,
        width=max(1, unit // 12) * s,
    )
    cx, cy = w * s / 2, h * s / 2
    rivet = unit * 0.16 * s
    d.ellipse((cx - rivet, cy - rivet, cx + rivet, cy + rivet), fill=pal.BRASS)
    return pal.to_palette(im.reduce(s))


@lru_cache(maxsize=512)
def marker(text: str, height: int, kind: str, directed: bool, bg: RGB) -> Image.Image:
    """An open end's marker: its number (and what the next tile must be) on a disc, or a pill when the
    text is wider; ivory under the normal rule, red under the Russian rule, grey-green while the arm
    waits for the set's sides; a thick gold rim on the end the next tile must go to."""
    s = SUPERSAMPLE
    size = round(height * 0.6)
    f = font(size * s, True)
    text_w = f.getlength(text) / s
    width = max(height, round(text_w + height * 0.55))
    im = Image.new("RGB", (width * s, height * s), bg)
    d = ImageDraw.Draw(im)
    rim = max(2, height // 7 if directed else height // 14) * s
    outer = (0, 0, width * s - 1, height * s - 1)
    radius = height * s // 2
    d.rounded_rectangle(outer, radius, fill=pal.GOLD if directed else pal.IVORY_EDGE)
    d.rounded_rectangle((rim, rim, width * s - 1 - rim, height * s - 1 - rim), radius - rim, fill=FILLS[kind])
    d.text((width * s / 2, height * s / 2 + s), text, font=f, fill=pal.INK, anchor="mm")
    return im.reduce(s).quantize(palette=_whole_palette(), dither=Image.Dither.NONE)


def marker_mask(sprite: Image.Image, bg: RGB) -> Image.Image:
    """What a marker covers (not its background), so that it can sit over the band's edge."""
    background = pal.idx(bg)
    return Image.frombytes("L", sprite.size, bytes(0 if i == background else 255 for i in sprite.tobytes()))
