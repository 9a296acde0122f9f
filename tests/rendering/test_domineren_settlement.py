"""Issue #24 item 2: a finished hand's settlement shows every seat's figure, within the panel."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rendering import render_board
from rendering.domineren import board
from rendering.domineren.common import signed
from rendering.gallery import play_domineren

NAMES = ("Player", "Computer 1", "Computer 2", "Computer 3")
LONG = ("Alexandra the Magnificent", "Bartholomew Longname", "Cassiopeia Starlight", "Dorothea Windermere")


def _summary_view() -> Any:
    for state in play_domineren(4, 5, options={"hands": 3}):
        view = state.view(None)
        if board.panel_kind(view) == "summary":
            return view
    raise AssertionError("no finished hand in the seeded session")


@pytest.mark.parametrize("names", [NAMES, LONG])
@pytest.mark.parametrize("set_draw", [False, True])
def test_every_seat_figure_shows_inside_the_panel(
    monkeypatch: pytest.MonkeyPatch, names: tuple[str, ...], set_draw: bool
) -> None:
    view = _summary_view()
    if set_draw and not view.set_draw:
        view = dataclasses.replace(view, set_draw=((0, (6, 6)), (1, (5, 4))))
    drawn: list[tuple[float, str, int]] = []
    real = board.draw_text

    def spy(canvas: Any, x: float, base: float, text: str, size: int, *args: Any, **kw: Any) -> int:
        width = real(canvas, x, base, text, size, *args, **kw)
        drawn.append((x, text, width))
        return width

    monkeypatch.setattr(board, "draw_text", spy)
    render_board(view, names)
    points = [h for h in view.hands if h.reason not in ("pool", "billitonnen")][-1].points
    right = board.FELT_W - board.MARGIN
    figures = [(x, w) for x, text, w in drawn if text in {signed(p) for p in points}]
    assert len(figures) >= len(points), drawn  # every seat's figure, none dropped for "…"
    assert all(x + w <= right for x, w in figures)
    assert not any(text == "…" for _, text, _ in drawn)
