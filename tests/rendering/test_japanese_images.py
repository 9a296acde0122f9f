"""Images for Japanese players: every word drawn on a board, a hand or a score sheet of every game family is
Japanese (or notation), and every character of it, and of every catalogue text the images may draw, has
a glyph in the bundled font (never the missing-glyph box)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

import rendering
import rendering.text
from bot.i18n import catalogue, tr
from rendering.text import font

from ..i18n.english import CARD, english_in, record_drawn_text
from . import test_domineren_positions as dom
from . import test_five_hundred_positions as five_hundred
from .positions import corpus as fives_corpus
from .test_text import has_glyph

JA = "ja"
RENDERING = Path(rendering.__file__).parent
# Japanese names only (the tests of each family draw Latin ones too), and the computers' own.
NAMES = ("さくら", "たけし・山本", "名前がとても長いプレイヤーさんです本当に長い", "エミ", "ゆうき")
COMPUTERS = (tr("seat.computer", JA, number=1),)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return record_drawn_text(monkeypatch)


def views() -> Iterator[tuple[str, Any]]:
    """(image kind, view): a sample of every family's boards, hands and final sheets."""
    fives = fives_corpus()
    for view in fives["longest"] + fives["boards"][::97]:
        yield "board", view
    for view in fives["hands"]:
        yield "hand", view
    for view in fives["finals"]:
        yield "sheet", view
    cards = five_hundred.corpus()
    for view in five_hundred.sample(cards["boards"], 53)[::5]:
        yield "board", view
        yield "previous", view
    for view in five_hundred.sample(cards["hands"], 41)[::5]:
        yield "hand", view
    for view in cards["finals"]:
        yield "sheet", view
    tiles = dom.corpus()
    for view in tiles["longest"] + dom.sample(tiles["boards"], 61)[::3]:
        yield "board", view
    for view in dom.sample(tiles["hands"], 47)[::2]:
        yield "hand", view
    for view in tiles["finals"]:
        yield "sheet", view


def test_every_word_the_images_draw_for_a_japanese_player_is_japanese(drawn: list[str]) -> None:
    names = (*NAMES, COMPUTERS[0])  # six seats, the most any game has
    families = set()
    for kind, view in views():
        rendering._drawer(view, kind, "board")(view, names, JA)
        families.add(type(view).__name__)
    assert families == {"FivesView", "FiveHundredView", "DominerenView"}
    leaks = sorted({t for t in drawn if english_in(t, notation=bool(CARD.fullmatch(t)))})
    assert leaks == [], f"English in the Japanese images: {leaks[:30]}"
    missing = sorted({ch for t in drawn for ch in t if not ch.isspace() and not has_glyph(ch, False)})
    assert missing == []


def image_key_prefixes() -> set[str]:
    """The catalogue keys the renderers look up: each `tr`/`trn` call's key up to its first placeholder
    (`image.dom.last.{head}` -> `image.dom.last.`), read from the rendering source."""
    prefixes = set()
    for path in RENDERING.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("tr", "trn") and node.args):
                continue
            key = node.args[0]
            if isinstance(key, ast.Constant) and isinstance(key.value, str):
                prefixes.add(key.value)
            elif isinstance(key, ast.JoinedStr) and key.values and isinstance(key.values[0], ast.Constant):
                prefixes.add(str(key.values[0].value))
    return prefixes


def image_texts(locale: str) -> dict[str, str]:
    """Every catalogue text an image may draw: the keys the renderers use, and the names of the seats."""
    prefixes = tuple(image_key_prefixes() | {"seat."})
    return {k: v for k, v in catalogue(locale).items() if k.startswith(prefixes)}


def test_the_keys_the_images_use_are_found_in_their_source() -> None:
    prefixes = image_key_prefixes()
    assert {"image.side.join", "image.dom.last.", "suit.", "domineren.type."} <= prefixes
    found = image_texts(JA)
    assert "game.five-up.name" in found and "suit.H" in found and "seat.computer" in found


def test_every_japanese_image_text_is_japanese() -> None:
    leaks = {k: v for k, v in image_texts(JA).items() if english_in(re.sub(r"\{[^}]*\}", "", v))}
    assert leaks == {}


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_of_every_japanese_image_text_has_a_glyph_in_the_bundled_font(bold: bool) -> None:
    texts = image_texts(JA)
    assert len(texts) > 100
    wanted = {ch for text in texts.values() for ch in re.sub(r"\{[^}]*\}", "", text) if not ch.isspace()}
    missing = sorted(ch for ch in wanted if not has_glyph(ch, bold))
    assert missing == [], f"no glyph in the bundled font for {missing}"


def test_a_japanese_name_is_drawn_in_its_glyphs_not_in_missing_glyph_boxes() -> None:
    def ink(text: str, f: ImageFont.FreeTypeFont) -> bytes:
        image = Image.new("L", (200, 50))
        ImageDraw.Draw(image).text((8, 8), text, font=f, fill=255)
        return image.tobytes()

    japanese, latin = font(24), font(24, fallback=True)
    boxes = "\U000f0000" * 3  # private-use code points: the missing-glyph box, three times
    # The Latin font has no kana: it draws the name as three missing-glyph boxes; the bundled one does not.
    assert ink("たろう", latin) == ink(boxes, latin)
    name = ink("たろう", japanese)
    assert name != ink("", japanese) and len({name, ink(boxes, japanese), ink("はなこ", japanese)}) == 3
    assert rendering.text.runs("たろう", False) == (("たろう", False),)  # drawn by the Japanese font
