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


@lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> int:
    return round(sum(font(size, bold, fb).getlength(run) for run, fb in runs(text, bold)))


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


@lru_cache(maxsize=2048)
def _coverage(text: str, size: int, bold: bool) -> tuple[Image.Image, int, int]:
    """The text's coverage mask and where its top-left sits relative to the pen on the baseline."""
    placed = []
    pen = 0.0
    x0 = y0 = 1 << 30
    x1 = y1 = -(1 << 30)
    for run, fallback in runs(text, bold):
        f = font(size, bold, fallback)
        bx0, by0, bx1, by1 = (int(v) for v in f.getbbox(run, anchor="ls"))  # (whole pixels from FreeType)
        x0, y0 = min(x0, round(pen) + bx0), min(y0, by0)
        x1, y1 = max(x1, round(pen) + bx1), max(y1, by1)
        placed.append((pen, run, f))
        pen += f.getlength(run)
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw = ImageDraw.Draw(mask)
    for at, run, f in placed:
        draw.text((round(at) - x0, -y0), run, font=f, fill=255, anchor="ls")
    return mask, x0, y0


_SOLID = tuple(0 if v == 0 else 255 for v in range(256))


@lru_cache(maxsize=2048)
def _inked(text: str, size: int, bold: bool, fg: RGB, bg: RGB) -> tuple[Image.Image, Image.Image, int, int]:
    mask, x0, y0 = _coverage(text, size, bold)
    return mask.point(coverage_lut(fg, bg)), mask.point(_SOLID), x0, y0


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
