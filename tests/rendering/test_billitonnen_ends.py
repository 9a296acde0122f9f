"""Billitonnen's line winds, so its ends are named as the image shows them (left and right, or top and
bottom), never by the compass of the notation: a tile drawn going left is not captioned "E end"."""

from __future__ import annotations

import dataclasses
from typing import Any

from presenters.domineren import end_label
from rendering.domineren import board
from rendering.domineren.common import last_words
from rendering.domineren.layout import E, W
from rendering.gallery import NAMES, play_domineren


def wound_lines() -> list[Any]:
    """Public Billitonnen views of a few sessions, the longest lines first."""
    views = []
    for seed in range(4):
        for state in play_domineren(4, seed, options={"hands": 1}):
            view = state.view(None)
            if view.phase == "billitonnen" and view.billitonnen is not None and len(view.billitonnen.line) > 1:
                views.append(view)
    views.sort(key=lambda v: -len(v.billitonnen.line))
    return views[:: max(1, len(views) // 40)]


def test_each_end_is_named_by_where_its_marker_is_drawn() -> None:
    named = set()
    for view in wound_lines():
        sides = board.end_sides(view)
        where = {
            end.arm: (x + s.width / 2, y + s.height / 2) for end, s, x, y in board.markers(board.frame(view), "en")
        }
        (wx, wy), (ex, ey) = where[W], where[E]
        if sides["W"] in ("left", "right"):
            assert (wx < ex) == (sides["W"] == "left") and abs(wx - ex) >= abs(wy - ey)
        else:
            assert (wy < ey) == (sides["W"] == "top") and abs(wy - ey) > abs(wx - ex)
        assert {sides["W"], sides["E"]} in ({"left", "right"}, {"top", "bottom"})
        named.add(sides["W"])
    assert named - {"left"}  # the line wound: its west end was drawn elsewhere than on the left


def test_captions_and_buttons_say_the_side_the_image_shows() -> None:
    view = next(v for v in wound_lines() if board.end_sides(v)["W"] != "left")
    ends = board.end_sides(view)
    side = ends["W"]
    assert end_label("turn W", "en", ends) == f"Turn at the {side} end"
    assert end_label("place W", "ja", ends).startswith({"right": "右", "top": "上", "bottom": "下"}[side])
    turned = dataclasses.replace(view, last=(0, "turn W", (0,) * view.players))
    assert last_words(turned, NAMES, "en", board.end_sides(turned)) == f"Alice turned a tile at the {side} end"
