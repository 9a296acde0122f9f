"""Words in the images: the bundled font draws every character we need, Japanese included, long names are
cut with an ellipsis, and each image kind is chosen by the view's type."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from PIL import Image, ImageDraw, ImageFont

import rendering
from bot.i18n import LOCALES, catalogue
from rendering import NoRenderer, render_board, render_hand, render_score_sheet
from rendering.names import halves
from rendering.text import BOLD, ELLIPSIS, REGULAR, breaks, covered, fit, font, text_width
from tests.checks import is_a

from .positions import NAMES_JA


def kana_and_kanji() -> list[str]:
    """Hiragana, katakana and the level 1 and 2 kanji of JIS X 0208 (rows 4, 5 and 16 to 84)."""
    chars = []
    for row in (0xA4, 0xA5, *range(0xB0, 0xF5)):
        for col in range(0xA1, 0xFF):
            with contextlib.suppress(UnicodeDecodeError):
                chars.append(bytes([row, col]).decode("euc_jp"))
    return chars


def drawn(ch: str, f: ImageFont.FreeTypeFont) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((4, 4), ch, font=f, fill=255)
    return image.tobytes()


def has_glyph(ch: str, bold: bool) -> bool:
    """Whether the font that draws `ch` (the Japanese one, or the fallback) has a glyph for it."""
    f = font(22, bold, not covered(ch, bold))
    return drawn(ch, f) != drawn("\U000f0000", f)  # a private-use code point: the font's empty box


def test_the_font_is_the_bundled_one_with_its_licence() -> None:
    fonts = Path(rendering.__file__).parent / "fonts"
    assert REGULAR.parent == BOLD.parent == fonts
    assert REGULAR.exists() and BOLD.exists()
    assert "SIL OPEN FONT LICENSE" in (fonts / "OFL.txt").read_text(encoding="utf-8")
    assert sum(p.stat().st_size for p in fonts.iterdir()) < 4_000_000
    assert Path(is_a(str, font(20).path)) == REGULAR


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_of_the_image_texts_latin_kana_and_kanji_has_a_glyph(bold: bool) -> None:
    wanted = set("".join(NAMES_JA)) | set("0123456789+-–·…★▶&")
    for locale in LOCALES:
        for key, text in catalogue(locale).items():
            if key.startswith(("image.", "game.")):
                wanted |= set(text)
    wanted |= set(kana_and_kanji()) | {chr(c) for c in range(0x21, 0x7F)} | {chr(c) for c in range(0xC0, 0x250)}
    missing = sorted(ch for ch in wanted if not ch.isspace() and not has_glyph(ch, bold))
    assert missing == []
    assert not covered("Ł") and covered("さ") and covered("A")  # Ł comes from the fallback


def test_long_names_are_cut_with_an_ellipsis_to_the_width_given() -> None:
    name = "名前がとても長いプレイヤーさんですWithLatinToo"
    cut = fit(name, 24, True, 200)
    assert cut.endswith(ELLIPSIS) and name.startswith(cut[:-1])
    assert text_width(cut, 24, True) <= 200
    assert fit("Bob", 24, True, 200) == "Bob"


def test_a_view_of_an_unknown_kind_is_refused_with_no_renderer() -> None:
    """`NoRenderer`, not a TypeError: callers show such a game as text, and take a TypeError for a bug."""

    class Strange:
        seat: int | None = None

    for render in (render_board, render_score_sheet):
        with pytest.raises(NoRenderer):
            render(Strange(), ["x"])
    Strange.seat = 0
    with pytest.raises(NoRenderer):
        render_hand(Strange(), ["x"])


@pytest.mark.parametrize(
    ("text", "allowed"),
    [
        ("コンピューター1", []),  # one word: a katakana run and the number it carries
        ("（ひら）", ["（ひ|ら）"]),  # not after the opening bracket, not before the closing one
        ("さっき", ["さっ|き"]),  # never before a small kana
        ("Dave with", ["Dave |with"]),
        (
            "さくらのプレイヤー2",
            ["さ|くらのプレイヤー2", "さく|らのプレイヤー2", "さくら|のプレイヤー2", "さくらの|プレイヤー2"],
        ),
    ],
)
def test_japanese_text_breaks_only_where_the_line_breaking_rules_allow(text: str, allowed: list[str]) -> None:
    assert [text[:k] + "|" + text[k:] for k in breaks(text)] == allowed


@pytest.mark.parametrize(
    ("name", "two"),
    [
        ("コンピューター1", None),
        ("たけし・山本", ("たけし・", "山本")),
        ("さくらのプレイヤー2", ("さくらの", "プレイヤー2")),
        ("名前がとても長いプレイヤーさん", ("名前がとても長い", "プレイヤーさん")),
        ("Dave with a very long display name", ("Dave with a very", "long display name")),
    ],
)
def test_a_name_goes_on_two_lines_between_its_words(name: str, two: tuple[str, str] | None) -> None:
    assert halves(name) == two


def _drawn_whole(text: str, size: int, bold: bool) -> tuple[bytes, tuple[int, int], int, int]:
    """`text` drawn as FreeType draws a string, run by run (what `text._coverage` drew before it put texts
    together from cached characters)."""
    placed, pen = [], 0.0
    x0 = y0 = 1 << 30
    x1 = y1 = -(1 << 30)
    for run, fallback in rendering.text.runs(text, bold):
        f = font(size, bold, fallback)
        bx0, by0, bx1, by1 = (int(v) for v in f.getbbox(run, anchor="ls"))
        x0, y0 = min(x0, round(pen) + bx0), min(y0, by0)
        x1, y1 = max(x1, round(pen) + bx1), max(y1, by1)
        placed.append((pen, run, f))
        pen += f.getlength(run)
    mask = Image.new("L", (max(1, x1 - x0), max(1, y1 - y0)), 0)
    draw = ImageDraw.Draw(mask)
    for at, run, f in placed:
        draw.text((round(at) - x0, -y0), run, font=f, fill=255, anchor="ls")
    return mask.tobytes(), mask.size, x0, y0


@pytest.mark.parametrize("locale", LOCALES)
def test_text_put_together_from_cached_characters_looks_exactly_as_drawn_whole(locale: str) -> None:
    """Every message of the catalogue (its fields filled with a name), names in other scripts and glyphs
    that overlap their neighbours ("port", "ff"): pixel for pixel what FreeType draws for the whole text,
    and the same width."""
    lines = {line for t in catalogue(locale).values() for line in t.split("\n")}  # images draw a line at a time
    texts = sorted({t.replace("{", "").replace("}", "")[:36] for t in lines if t.strip()})[::3]
    texts += ["port", "ff fi", "Łukasz Nguyễn", "たけし・山本 Ő", "▶コンピューター2", "−520 ±0"]
    for text in texts:
        for size, bold in ((18, False), (22, True), (26, False)):
            mask, x0, y0 = rendering.text._coverage(text, size, bold)
            assert (mask.tobytes(), mask.size, x0, y0) == _drawn_whole(text, size, bold), (text, size, bold)
            whole = round(sum(font(size, bold, fb).getlength(r) for r, fb in rendering.text.runs(text, bold)))
            assert text_width(text, size, bold) == whole, text
