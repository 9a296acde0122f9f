"""The analysis chart: one size whatever the moves, the expected margin as a gold line, the costliest moves
as numbered red dots, no moves drawn as a sentence, in English and Japanese."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import palette as pal
from rendering.analysis_chart import render_analysis_chart
from rendering.rating_chart import HEIGHT, WIDTH

from ..i18n.english import english_in, record_drawn_text


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.size == (WIDTH, HEIGHT)
    return image.convert("RGB")


def _has(image: Image.Image, colour: pal.RGB) -> bool:
    return colour in {c for _, c in image.getcolors(1 << 16) or []}


def test_a_game_is_a_gold_line_with_its_costliest_moves_in_red(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    curve = [0.0, 4.5, -3.0, -12.5, 8.0, 20.0, 17.5]
    image = _image(render_analysis_chart("Ann: expected margin over the game", curve, [3, 2, 6]))
    assert _has(image, pal.GOLD) and _has(image, pal.RED)
    assert "Ann: expected margin over the game" in drawn
    assert {"1", "2", "3"} <= set(drawn)  # the costliest, numbered
    assert "your 7 moves with a choice" in drawn


@pytest.mark.parametrize("n", [1, 2, 300])
def test_any_number_of_moves_draws(n: int) -> None:
    _image(render_analysis_chart("t", [float(k % 7) for k in range(n)], [0]))


def test_no_move_with_a_choice_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    image = _image(render_analysis_chart("t", []))
    assert not _has(image, pal.GOLD)
    assert "No move with a choice to analyse" in drawn


def test_japanese_chart_has_no_english(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_analysis_chart("アン：ゲームを通じた期待点差", [1.0, -2.0, 3.0], [1], "ja")
    render_analysis_chart("アン", [], (), "ja")
    assert [t for t in drawn if english_in(t)] == []
