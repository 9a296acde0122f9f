"""No picture cuts a name its box has room for (issue #24 item 1): over the whole gallery (both languages,
six-player Five Hundred with the demo's "Computer N" names among the worst cases), every name the
name-fitting function cut would not have fitted whole even at the smallest size, and no name reached a
drawing cut by the generic `fit` instead (which would cut it without laying it out first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rendering import names as names_module
from rendering import render_board, text
from rendering.gallery import COMPUTERS, COMPUTERS_JA, write_gallery
from rendering.names import ELLIPSIS, MIN_SIZE
from rendering.text import text_width

Cut = tuple[str, int, str, bool]  # the whole name, the room it was given, what was drawn, bold


@pytest.fixture(scope="module")
def cuts(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Cut], list[tuple[str, str]]]:
    """Every name cut while the gallery is drawn, and every text that drawing's `fit` cut."""
    by_names: list[Cut] = []
    by_fit: list[tuple[str, str]] = []
    distinct, fit = names_module._distinct, text.fit

    def spy_distinct(names: tuple[str, ...], widths: tuple[int, ...], size: int, bold: bool) -> Any:
        out = distinct(names, widths, size, bold)
        by_names.extend((n, w, o, bold) for n, w, o in zip(names, widths, out, strict=True) if o != n)
        return out

    def spy_fit(s: str, size: int, bold: bool, width: int) -> str:
        out = fit(s, size, bold, width)
        if out != s:
            by_fit.append((s, out))
        return out

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(names_module, "_distinct", spy_distinct)
        mp.setattr(text, "fit", spy_fit)
        write_gallery(Path(tmp_path_factory.mktemp("gallery")))
    return by_names, by_fit


def test_a_name_is_cut_only_when_it_does_not_fit_whole_at_the_smallest_size(
    cuts: tuple[list[Cut], list[tuple[str, str]]],
) -> None:
    by_names, _ = cuts
    roomy = sorted({c for c in by_names if text_width(c[0], MIN_SIZE, c[3]) <= c[1]})
    assert not roomy, f"cut though the box had room: {roomy[:10]}"


def test_no_name_is_cut_by_a_drawing_without_being_laid_out(cuts: tuple[list[Cut], list[tuple[str, str]]]) -> None:
    _, by_fit = cuts
    wanted = set(COMPUTERS) | set(COMPUTERS_JA)
    hurt = [(s, out) for s, out in by_fit if any(n in s and n not in out for n in wanted)]
    assert not hurt, hurt[:10]
    assert all(out.endswith(ELLIPSIS) for _, out in by_fit)


# The demo's names where the 24 demos cut them though the picture had room (scripts/names_cut.py found them):
# a team chip, a four-player sheet's heads, Domineren's summary with what was drawn for the set player,
# Five Hundred's last-trick lines among six cards and a six-player sheet's contract row.


def _cut_while(draw: Any) -> list[str]:
    """Every name cut (by `distinct`) and every text cut by `fit` while `draw()` runs."""
    cut: list[str] = []
    fit = text.fit

    def spy_fit(s: str, size: int, bold: bool, width: int) -> str:
        out = fit(s, size, bold, width)
        if out != s:
            cut.append(s)
        return out

    with pytest.MonkeyPatch.context() as mp, names_module.recording() as by_names:
        mp.setattr(text, "fit", spy_fit)
        draw()
    return cut + [c.name for c in by_names]


@pytest.mark.parametrize("names,locale", [(COMPUTERS[:4], "en"), (COMPUTERS_JA[:4], "ja")])
def test_team_chips_of_the_demo_names_are_whole(names: tuple[str, ...], locale: str) -> None:
    from rendering.gallery import hand_boards

    views = [v for hand in hand_boards("five-up", 4, 11)[:2] for v in hand[::4]]
    assert _cut_while(lambda: [render_board(v, names, locale) for v in views]) == []


def test_four_computers_head_a_japanese_sheet_whole() -> None:
    from rendering import render_score_sheet
    from rendering.gallery import hand_boards

    final = hand_boards("draw", 4, 1)[-1][-1]
    assert _cut_while(lambda: render_score_sheet(final, COMPUTERS_JA[:4], "ja")) == []


@pytest.mark.parametrize("names,locale", [(COMPUTERS[:4], "en"), (COMPUTERS_JA[:4], "ja")])
def test_a_domineren_settlement_beside_the_set_draw_names_everyone_whole(names: tuple[str, ...], locale: str) -> None:
    from rendering.domineren import board
    from rendering.gallery import play_domineren

    view = next(
        v
        for v in (s.view(None) for s in play_domineren(4, 6, options={"hands": 4}))
        if v.set_draw and board.panel_kind(v) == "summary"
    )
    assert _cut_while(lambda: render_board(view, names, locale)) == []


@pytest.mark.parametrize("names,locale", [(COMPUTERS, "en"), (COMPUTERS_JA, "ja")])
def test_five_hundred_last_trick_lines_among_six_cards_are_whole(names: tuple[str, ...], locale: str) -> None:
    from rendering.five_hundred.board import closing_trick
    from rendering.gallery import play_500

    view = next(v for v in (s.view(None) for s in play_500(6, 1)) if closing_trick(v) is not None)
    assert _cut_while(lambda: render_board(view, names, locale)) == []


def test_a_six_player_sheet_row_names_the_open_misere_declarer_whole() -> None:
    from rendering import render_score_sheet
    from rendering.gallery import play_500

    final = list(play_500(6, 1, bold=True))[-1].view(None)
    assert _cut_while(lambda: render_score_sheet(final, COMPUTERS_JA, "ja")) == []
