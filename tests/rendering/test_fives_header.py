"""Issue #24 item 7: Draw plays a set number of hands, so its header says "Hand N of M"."""

from __future__ import annotations

from typing import Any

import pytest

from rendering import render_board
from rendering.fives import common
from rendering.gallery import sample_views


def _header_texts(monkeypatch: pytest.MonkeyPatch, view: Any, locale: str) -> list[str]:
    drawn: list[str] = []
    real = common.draw_text

    def spy(canvas: Any, x: float, base: float, text: str, *args: Any, **kw: Any) -> int:
        drawn.append(text)
        return real(canvas, x, base, text, *args, **kw)

    monkeypatch.setattr(common, "draw_text", spy)
    render_board(view, ("Ann", "Bo", "Cy", "Di", "Ed"), locale)
    return drawn


@pytest.mark.parametrize(("locale", "expected"), [("en", "Hand {n} of 5"), ("ja", "第{n}ハンド（全5ハンド）")])
def test_draw_header_counts_hands_of_the_game(monkeypatch: pytest.MonkeyPatch, locale: str, expected: str) -> None:
    view = sample_views("draw", 5, 1)["late"]
    texts = _header_texts(monkeypatch, view, locale)
    assert any(expected.format(n=view.hand_no) in t for t in texts), texts


def test_games_to_a_target_keep_the_plain_hand_number(monkeypatch: pytest.MonkeyPatch) -> None:
    view = sample_views("all-fives", 4, 2)["late"]
    texts = _header_texts(monkeypatch, view, "en")
    assert any(t.startswith(f"Hand {view.hand_no} · ") for t in texts), texts
