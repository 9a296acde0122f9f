"""The one fixed 256-colour palette every image is drawn in.

Images are drawn as palette ("P") images because a palette PNG encodes several times faster and smaller
than an RGB one. A fixed palette also lets cached sprites be pasted as raw indices. Anti-aliasing still
works because every pair of colours that meet at an edge (text over its background, pips over ivory,
a tile over the felt) has a ramp of blended colours here: text coverage is mapped onto the ramp of
its colour pair, and sprites drawn in RGB are matched to the nearest palette colour once, when cached.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

RGB = tuple[int, int, int]

FELT: RGB = (24, 92, 68)
FELT_DARK: RGB = (16, 66, 49)  # chips drawn over the felt
STRIP: RGB = (22, 26, 31)  # header, footer, hand and score-sheet background
CHIP: RGB = (38, 44, 52)
CHIP_TURN: RGB = (66, 56, 24)
ROW_ALT: RGB = (30, 35, 42)
IVORY: RGB = (250, 246, 232)
IVORY_SHADE: RGB = (219, 208, 180)
IVORY_EDGE: RGB = (118, 108, 88)
IVORY_DIM: RGB = (150, 150, 146)
DIVIDER: RGB = (150, 136, 108)
BRASS: RGB = (190, 148, 52)
GOLD: RGB = (255, 193, 32)
WHITE: RGB = (240, 243, 246)
GREY: RGB = (150, 160, 172)
GREEN: RGB = (96, 222, 148)
INK: RGB = (28, 32, 38)
ARM: RGB = (170, 196, 184)  # badges of spinner arms, which count nothing until a tile is played on them
RED: RGB = (240, 104, 100)  # a contract set, a score below zero (text on the dark strip)

# Pip colours by number (0 has none): distinct hues, all dark enough to read on ivory at phone size.
PIPS: tuple[RGB, ...] = (
    INK,
    (0, 122, 170),
    (34, 128, 58),
    (198, 40, 40),
    (112, 66, 36),
    (32, 64, 166),
    (196, 106, 0),
    (118, 46, 146),
    (24, 24, 24),
    (190, 30, 110),
)

TEXT_STEPS = 6
EDGE_STEPS = 3
BACKGROUNDS = (FELT, STRIP)  # what sprites are baked over

# (foreground, background, blended steps between them)
_RAMPS: list[tuple[RGB, RGB, int]] = [
    *((fg, bg, TEXT_STEPS) for bg in (STRIP, CHIP, CHIP_TURN, ROW_ALT) for fg in (WHITE, GREY, GOLD, GREEN)),
    *((fg, FELT, TEXT_STEPS) for fg in (WHITE, GOLD)),
    *((fg, FELT_DARK, TEXT_STEPS) for fg in (WHITE, GOLD, GREY)),
    (INK, IVORY, TEXT_STEPS),
    (INK, ARM, TEXT_STEPS),
    (INK, GOLD, TEXT_STEPS),
    *((pip, body, EDGE_STEPS) for pip in PIPS[1:] for body in (IVORY,)),
    *((edge, bg, EDGE_STEPS) for edge in (IVORY_EDGE, GOLD, IVORY, ARM) for bg in BACKGROUNDS),
    (IVORY_EDGE, IVORY, EDGE_STEPS),
    (IVORY_EDGE, IVORY_DIM, EDGE_STEPS),
    (IVORY_SHADE, IVORY, EDGE_STEPS),
    (DIVIDER, IVORY, EDGE_STEPS),
    (BRASS, IVORY, EDGE_STEPS),
    (GOLD, IVORY_EDGE, EDGE_STEPS),
]
# Colours for text only, appended after all of the above: sprites are never matched to them, so adding
# one leaves every earlier image exactly as it was (nearest-colour matching would otherwise pick them up).
TEXT_ONLY = (RED,)
_TEXT_RAMPS: list[tuple[RGB, RGB, int]] = [(RED, bg, EDGE_STEPS) for bg in (STRIP, ROW_ALT)]
# Domineren's band under the arms that follow the Russian rule, and the blends of a tile's edge over it;
# appended last for the same reason. Tiles on the band are the felt's sprites with their felt pixels
# remapped (rendering.domineren.pieces), so nothing else needs a ramp over it.
BAND: RGB = (104, 40, 58)
_BAND_RAMPS: list[tuple[RGB, RGB, int]] = [(IVORY_EDGE, BAND, EDGE_STEPS)]


def _blend(fg: RGB, bg: RGB, t: float) -> RGB:
    return (
        round(bg[0] + (fg[0] - bg[0]) * t),
        round(bg[1] + (fg[1] - bg[1]) * t),
        round(bg[2] + (fg[2] - bg[2]) * t),
    )


def _build() -> tuple[list[RGB], dict[RGB, int], int]:
    colours: list[RGB] = []
    index: dict[RGB, int] = {}

    def add(rgb: RGB) -> None:
        if rgb not in index:
            index[rgb] = len(colours)
            colours.append(rgb)

    for rgb in (FELT, FELT_DARK, STRIP, CHIP, CHIP_TURN, ROW_ALT, IVORY, IVORY_SHADE, IVORY_EDGE, IVORY_DIM):
        add(rgb)
    for rgb in (DIVIDER, BRASS, GOLD, WHITE, GREY, GREEN, INK, ARM, *PIPS):
        add(rgb)
    for fg, bg, steps in _RAMPS:
        for k in range(1, steps + 1):
            add(_blend(fg, bg, k / (steps + 1)))
    sprite_colours = len(colours)
    for rgb in TEXT_ONLY:
        add(rgb)
    for fg, bg, steps in _TEXT_RAMPS:
        for k in range(1, steps + 1):
            add(_blend(fg, bg, k / (steps + 1)))
    add(BAND)
    for fg, bg, steps in _BAND_RAMPS:
        for k in range(1, steps + 1):
            add(_blend(fg, bg, k / (steps + 1)))
    if len(colours) > 256:
        raise RuntimeError(f"the palette needs {len(colours)} colours, more than 256")
    return colours, index, sprite_colours


COLOURS, _INDEX, SPRITE_COLOURS = _build()


def _palette_bytes(colours: list[RGB]) -> bytes:
    # Pillow wants 256 entries; the unused ones repeat the felt so that no sprite pixel is matched to them.
    return bytes(c for rgb in colours + [FELT] * (256 - len(colours)) for c in rgb)


PALETTE_BYTES = _palette_bytes(COLOURS)


def idx(rgb: RGB) -> int:
    """The palette index of one of the named colours above."""
    return _INDEX[rgb]


@cache
def coverage_lut(fg: RGB, bg: RGB) -> tuple[int, ...]:
    """Coverage (0-255) of `fg` over `bg` to the palette index of the nearest step of their ramp."""
    steps = next((s for f, b, s in (*_RAMPS, *_TEXT_RAMPS) if f == fg and b == bg), None)
    if steps is None:
        raise KeyError(f"no ramp of {fg} over {bg}: add it to _RAMPS")
    ramp = [idx(bg)] + [_INDEX[_blend(fg, bg, k / (steps + 1))] for k in range(1, steps + 1)] + [idx(fg)]
    top = steps + 1
    return tuple(ramp[(v * top + 127) // 255] for v in range(256))


@cache
def palette_image() -> Image.Image:
    """A 1x1 image carrying the colours sprites may use (not `TEXT_ONLY`), for `Image.quantize(palette=...)`."""
    im = Image.new("P", (1, 1))
    im.putpalette(_palette_bytes(COLOURS[:SPRITE_COLOURS]))
    return im


def to_palette(rgb: Image.Image) -> Image.Image:
    """An RGB drawing matched to the fixed palette (slow: only for sprites that are then cached)."""
    return rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def new_canvas(size: tuple[int, int], background: RGB) -> Image.Image:
    im = Image.new("P", size, idx(background))
    im.putpalette(PALETTE_BYTES)
    return im
