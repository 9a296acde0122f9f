"""Text on palette canvases, in the bundled fonts (never a system font, so images look alike everywhere):
Noto Sans CJK JP, and Noto Sans for the letters it lacks (Latin Extended, more Greek and Cyrillic).

Glyph coverage is rendered once per (text, size, weight) and cached; drawing it maps the coverage onto
the palette ramp of its colour pair, so text stays anti-aliased in a palette image. Text is only ever
drawn over a flat background of a known colour, which is what makes that mapping exact.
"""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .palette import RGB, coverage_lut

FONT_DIR = Path(__file__).parent / "fonts"
REGULAR = FONT_DIR / "NotoSansCJKjp-Regular.otf"
BOLD = FONT_DIR / "NotoSansCJKjp-Bold.otf"
# Latin letters the Japanese font lacks (Ł, Ő, ș, Vietnamese...), Greek and Cyrillic beyond JIS
FALLBACK_REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
FALLBACK_BOLD = FONT_DIR / "NotoSans-Bold.ttf"
ELLIPSIS = "…"
_PROBE = 20  # pixel size at which glyphs are compared with the missing-glyph box


@cache
def font(size: int, bold: bool = False, fallback: bool = False) -> ImageFont.FreeTypeFont:
    # The basic layout engine needs no libraqm and shapes Latin and Japanese correctly.
    path = (FALLBACK_BOLD if bold else FALLBACK_REGULAR) if fallback else (BOLD if bold else REGULAR)
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def _ink(ch: str, f: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("L", (2 * _PROBE, 2 * _PROBE))
    ImageDraw.Draw(image).text((_PROBE // 2, _PROBE // 2), ch, font=f, fill=255)
    return image.tobytes()


@cache
def _missing_box(bold: bool) -> bytes:
    return _ink("\U000f0000", font(_PROBE, bold))  # a private-use code point: the font's empty box


@lru_cache(maxsize=8192)
def covered(ch: str, bold: bool = False) -> bool:
    """Whether the main (Japanese) font has a glyph for `ch`."""
    return ch.isspace() or _ink(ch, font(_PROBE, bold)) != _missing_box(bold)


@lru_cache(maxsize=4096)
def runs(text: str, bold: bool) -> tuple[tuple[str, bool], ...]:
    """`text` cut into runs drawn by the main font (False) or the fallback (True)."""
    out: list[tuple[str, bool]] = []
    for ch in text:
        fallback = not covered(ch, bold)
        if out and out[-1][1] == fallback:
            out[-1] = (out[-1][0] + ch, fallback)
        else:
            out.append((ch, fallback))
    return tuple(out)


_SIZES: set[tuple[int, bool]] = set()  # the sizes and weights characters were drawn at, for `warm_glyphs`
# what names and scores are mostly written in: a name drawn for the first time finds them drawn
WARM_CHARACTERS = (
    "".join(chr(c) for c in range(0x20, 0x7F))
    + "".join(chr(c) for c in range(0xC0, 0x100))  # Latin-1's letters
    + "".join(chr(c) for c in range(0x3041, 0x3097))  # hiragana
    + "".join(chr(c) for c in range(0x30A1, 0x30FB))  # katakana
    + "ー・…·−±▶★"
)


@lru_cache(maxsize=16384)
def _glyph(ch: str, size: int, bold: bool, fallback: bool) -> tuple[Image.Image | None, int, int, int, int, float]:
    """One character's coverage, its box from the pen on the baseline (left, top, right, bottom) and its
    advance. Texts are put together from these: FreeType draws each character of a size once, not each
    text (a name or a score drawn for the first time costs only the characters never drawn before, and
    the start-up warm-up, `rendering.warm`, has drawn the catalogue's). The fonts' advances are whole
    pixels and they have no kerning table, so the result is the same as drawing the text whole
    (tests/rendering/test_text.py)."""
    _SIZES.add((size, bold))
    f = font(size, bold, fallback)
    left, top, right, bottom = (int(v) for v in f.getbbox(ch, anchor="ls"))
    mask = None
    if right > left and bottom > top:
        mask = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(mask).text((-left, -top), ch, font=f, fill=255, anchor="ls")
    return mask, left, top, right, bottom, f.getlength(ch)


def warm_glyphs(chars: str = WARM_CHARACTERS) -> int:
    """Draw `chars` at every size and weight characters have been drawn at (after the start-up warm-up's
    images: the sizes the images use), so that no player waits on FreeType; how many were drawn."""
    before = _glyph.cache_info().misses
    for size, bold in sorted(_SIZES):
        for ch in chars:
            _glyph(ch, size, bold, not covered(ch, bold))
    return _glyph.cache_info().misses - before


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return round(sum(_glyph(ch, size, bold, fb)[5] for run, fb in runs(text, bold) for ch in run))


@lru_cache(maxsize=2048)
def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """`text`, cut and ended with an ellipsis if it is wider than `max_width` pixels."""
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS if lo else ELLIPSIS


# Japanese line breaking (after JIS X 4051, simplified): no line starts with these...
NO_LINE_START = frozenset("ー・、。，．）」』】〕！？!?),.:;ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ〜")
# ...and none ends with these
NO_LINE_END = frozenset("（「『【〔(")


def _in_word(ch: str) -> bool:
    """Letters that make one word with their neighbours of the same kind: a run of katakana (with its
    long-vowel mark), or of Latin letters and digits (a digit stays with the word it numbers)."""
    katakana = "\u30a0" <= ch <= "\u30ff" and ch != "・"  # (the middle dot parts words)
    return katakana or (ch.isascii() and ch.isalnum()) or (ch.isalpha() and ord(ch) < 0x2E80)


def breaks(text: str) -> list[int]:
    """Where `text` may be broken into lines (an index k: the second line starts at text[k]): at a space
    (k after it), else between characters, but never inside a word (`_in_word`: "コンピュー|ター1" is not
    a place to break), never before small kana, ー or closing punctuation, never after an opening one."""
    out = []
    for k in range(1, len(text)):
        a, b = text[k - 1], text[k]
        if a == " " or b == " ":
            if a == " " and b != " ":
                out.append(k)
            continue
        if b in NO_LINE_START or a in NO_LINE_END or (_in_word(a) and _in_word(b)):
            continue
        out.append(k)
    return out


def _over(under: int, ink: int) -> int:
    t = under * (255 - ink) + 128
    return ink + (((t >> 8) + t) >> 8)


# Pillow's FreeType drawing lays a glyph's coverage over what is already there (ink + under x (1 - ink),
# rounded as its MULDIV255), for every `under << 8 | ink`
Box = tuple[int, int, int, int]
_OVER = bytes(_over(u, i) for u in range(256) for i in range(256))


def _run_mask(run: str, size: int, bold: bool, fallback: bool) -> tuple[Image.Image, Box]:
    """A run's coverage and its box from the pen (a run of spaces has no height: its mask is one empty
    row), its characters' coverage combined as FreeType combines them."""
    glyphs = []
    pen = 0.0
    x0 = y0 = 1 << 30
    x1 = y1 = -(1 << 30)
    for ch in run:
        mask, left, top, right, bottom, advance = _glyph(ch, size, bold, fallback)
        at = round(pen)
        x0, y0, x1, y1 = min(x0, at + left), min(y0, top), max(x1, at + right), max(y1, bottom)
        if mask is not None:
            glyphs.append((mask, at + left, top))
        pen += advance
    out = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    inked = -(1 << 30)  # the right edge of the ink so far: a glyph left of it may overlap another
    for mask, x, y in glyphs:
        box = (x - x0, y - y0, x - x0 + mask.width, y - y0 + mask.height)
        if x < inked:  # over another glyph's ink: combined as FreeType does (`_OVER`)
            under = out.crop(box).tobytes()
            out.paste(
                Image.frombytes(
                    "L", mask.size, bytes(_OVER[u << 8 | m] for u, m in zip(under, mask.tobytes(), strict=True))
                ),
                box,
            )
        else:
            out.paste(mask, box)
        inked = max(inked, x + mask.width)
    return out, (x0, y0, x1, y1)


@lru_cache(maxsize=2048)
def _coverage(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and where its top-left sits relative to the pen on the baseline."""
    placed = []
    pen = 0.0
    x0 = y0 = 1 << 30
    x1 = y1 = -(1 << 30)
    for run, fallback in runs(text, bold):
        mask, (bx0, by0, bx1, by1) = _run_mask(run, size, bold, fallback)
        at = round(pen)
        x0, y0, x1, y1 = min(x0, at + bx0), min(y0, by0), max(x1, at + bx1), max(y1, by1)
        placed.append((mask, at + bx0, by0))
        pen += sum(_glyph(ch, size, bold, fallback)[5] for ch in run)
    if len(placed) == 1:
        return placed[0]
    out = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw = ImageDraw.Draw(out)
    for mask, x, y in placed:  # as drawing each run would: over what is there (a run of the other font)
        draw.bitmap((x - x0, y - y0), mask, fill=255)
    return out, x0, y0


_SOLID = bytes(0 if v == 0 else 255 for v in range(256))


@cache
def _ramp(fg: RGB, bg: RGB) -> bytes:
    return bytes(coverage_lut(fg, bg))


def _mapped(mask: Image.Image, table: bytes) -> Image.Image:
    """`mask.point(table)`, without Pillow's rounding every entry of the table on each call."""
    return Image.frombytes("L", mask.size, mask.tobytes().translate(table))


@lru_cache(maxsize=2048)
def _inked(text: str, size: int, bold: bool, fg: RGB, bg: RGB) -> tuple[Image.Image, Image.Image, int, int]:
    mask, x0, y0 = _coverage(text, size, bold)
    return _mapped(mask, _ramp(fg, bg)), _mapped(mask, _SOLID), x0, y0


def draw_text(
    canvas: Image.Image,
    x: float,
    baseline: float,
    text: str,
    size: int,
    fg: RGB,
    bg: RGB,
    *,
    bold: bool = False,
    align: str = "left",
    max_width: int | None = None,
) -> int:
    """Draw `text` with its baseline at `baseline`, starting at (left), ending at (right) or centred on
    (centre) `x`; cut to `max_width` with an ellipsis. Returns the width drawn."""
    if max_width is not None:
        text = fit(text, size, bold, max_width)
    if not text.strip():
        return 0
    width = text_width(text, size, bold)
    if align == "right":
        x -= width
    elif align == "centre":
        x -= width / 2
    ink, solid, x0, y0 = _inked(text, size, bold, fg, bg)
    canvas.paste(ink, (round(x) + x0, round(baseline) + y0), solid)
    return width


def cap_height(size: int) -> int:
    """How far capitals rise above the baseline, for centring a line of text in a box."""
    return round(size * 0.73)
