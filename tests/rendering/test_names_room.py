"""No picture cuts a name its box has room for (issue #24 item 1): over the whole gallery (both languages,
six-player Five Hundred with the demo's "Computer N" names among the worst cases), every name the
name-fitting function cut would not have fitted whole even at the smallest size, and no name reached a
drawing cut by the generic `fit` instead (which would cut it without laying it out first)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rendering import names as names_module
from rendering import text
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
