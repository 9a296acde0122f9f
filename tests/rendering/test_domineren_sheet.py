"""The Domineren score sheet: every session's sheet draws inside the stated size, a long session's
earliest hands are summed into one row, and the rows always add up to each player's chips."""

from __future__ import annotations

from bot.engine.domineren import DominerenView
from rendering import render_score_sheet
from rendering.domineren import sheet
from tests.checks import must

from .positions import decode
from .test_domineren_positions import NAMES, NAMES_JA, corpus, sample, states


def accounted(view: DominerenView) -> list[int]:
    """Each player's chips as the sheet adds them up: the chips after the last hand it lists, what moved in
    play since, then the pool and Billitonnen."""
    rows = sheet.hand_rows(view, "en")
    base = list(must(rows[-1].chips)) if rows else [view.start_chips] * view.players
    extra = sheet.in_play(view, rows) or [0] * view.players
    others = [h.points for h in view.hands if h.reason in ("pool", "billitonnen")]
    return [base[s] + extra[s] + sum(p[s] for p in others) for s in range(view.players)]


def test_every_session_draws_within_the_stated_size_and_adds_up() -> None:
    views = corpus()["finals"] + sample(corpus()["boards"], 97)
    for k, view in enumerate(views):
        names, locale = (NAMES_JA, "ja") if k % 2 else (NAMES, "en")
        image = decode(render_score_sheet(view, names, locale))
        assert image.width == sheet.WIDTH == 720 and image.height <= sheet.MAX_HEIGHT
        assert accounted(view) == list(view.chips)
    final = corpus()["finals"][0]
    assert {h.reason for h in final.hands} >= {"pool", "billitonnen"}
    assert final.game_points == tuple(c - final.start_chips for c in final.chips)


def test_a_long_session_sums_its_earliest_hands_into_one_row() -> None:
    *_, state = states(5, 4, {"hands": 20, "billitonnen": "off"})
    view = state.view(None)
    rows, height = sheet.rows_and_height(view, NAMES, "en")
    assert len(view.hands) == 20 and 3 <= len(rows) < 20 and height <= sheet.MAX_HEIGHT
    first = 20 - len(rows) + 1
    assert rows[0].label == f"Hands 1–{first}" and rows[1].label == f"Hand {first + 1}"
    assert list(rows[0].chips or ()) == view.hands[first - 1].detail["chips"]
    assert accounted(view) == list(view.chips)
    assert decode(render_score_sheet(view, NAMES)).height == height


def test_each_hand_adds_up_what_play_paid_and_the_settlement_to_the_chips_after_it() -> None:
    *_, state = states(4, 5, {"hands": 3, "billitonnen": "off"})
    view = state.view(None)
    rows = sheet.hand_rows(view, "en")
    before = [view.start_chips] * view.players
    for row in rows:
        assert row.played is not None and row.chips is not None
        assert [b + p + s for b, p, s in zip(before, row.played, row.points, strict=True)] == list(row.chips)
        before = list(row.chips)
    assert any(any(must(r.played)) for r in rows)  # sets and doubles were paid for in play: the chips show it


def test_every_hand_row_shows_the_chips_after_it_and_nothing_is_left_unaccounted() -> None:
    *_, state = states(3, 6, {"hands": 2, "billitonnen": "off"})
    view = state.view(None)
    rows = sheet.hand_rows(view, "en")
    assert len(rows) == 2 and all(r.chips is not None for r in rows)
    # payments during play are inside the chips after each hand, so no "in play" row is needed
    assert sheet.in_play(view, rows) is None
    pooled = [h.points for h in view.hands if h.reason == "pool"]
    assert [c + sum(p[s] for p in pooled) for s, c in enumerate(must(rows[-1].chips))] == list(view.chips)
    assert decode(render_score_sheet(view, NAMES)).width == sheet.WIDTH
