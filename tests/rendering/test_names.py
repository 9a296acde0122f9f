"""Long, alike and Japanese names in every game's images: drawn whole where there is room, smaller or on
two lines before cut, and never two different players drawn alike ("Comput…" for both Computer 1 and 2)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rendering import render_board, render_hand, render_score_sheet, text
from rendering.gallery import first_500, first_domineren, play_500, play_domineren, sample_views
from rendering.names import ELLIPSIS, MIN_SIZE, distinct, heads, say

ALIKE = tuple(f"Computer player number {k}" for k in range(1, 7))
MIDDLE = tuple(f"Alexander {w} of Macedonia" for w in ("the Great", "the Small", "the Third", "Junior", "II", "Ω"))
JAPANESE = tuple(f"コンピュータープレイヤー{k}" for k in range(1, 7))
LONGEST = (
    "Dave with a very long display nm",
    "Dave with a very long display nn",
    "Łukasz Nguyễn-Brzęczyszczykiewic",
    "名前がとても長いプレイヤーさんです本当に長いお名前ですね",
    "Dave with a very long display n",
    "🎲 Dominó Champion of the World",
)
CASTS = [(ALIKE, "en"), (MIDDLE, "en"), (JAPANESE, "ja"), (LONGEST, "en")]


def identified(drawn: str, names: Sequence[str]) -> list[str]:
    """The names a text drawn with one ellipsis could stand for: those matching most of what shows round
    it (the start of the name before it, the end after it; a sentence may surround the name)."""
    left, _, right = drawn.partition(ELLIPSIS)
    best, who = 0, []
    for name in set(names):
        score = 0
        for i in range(len(left)):
            h = left[i:]
            if not name.startswith(h):
                continue
            t = next(
                (right[:j] for j in range(len(right), -1, -1) if name.endswith(right[:j]) and j + len(h) <= len(name)),
                "",
            )
            score = max(score, len(h) + len(t))
        if score > best:
            best, who = score, [name]
        elif score == best and score:
            who.append(name)
    return who


def captured(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    inked = text._inked

    def spy(s: str, *args: Any) -> Any:
        seen.append(s)
        return inked(s, *args)

    monkeypatch.setattr(text, "_inked", spy)
    return seen


def images() -> Iterator[tuple[str, Any, str]]:
    """(kind, view, what) over every game family: boards, hands on turn and score sheets."""
    for game, players, seed in (("five-up", 4, 3), ("draw", 5, 1), ("seven-toed-pete", 4, 2)):
        views = sample_views(game, players, seed)
        yield "board", views["middle"], game
        if "hand" in views:
            yield "hand", views["hand"], game
        yield "sheet", views["sheet"], game
    for players, seed in ((4, 2), (5, 3), (6, 1)):
        state = first_500(players, seed, lambda s: s.phase == "play" and len(s.trick) >= 1)
        yield "board", state.view(None), f"500 {players}p"
        yield "hand", state.view(state.current_seat), f"500 {players}p"
        yield "sheet", list(play_500(players, seed))[-1].view(None), f"500 {players}p"
    state = first_domineren(5, 0, lambda s: s.phase == "play" and len(s.view(None).layout) > 3)
    yield "board", state.view(None), "domineren"
    yield "hand", state.view(state.current_seat), "domineren"
    final = list(play_domineren(5, 2, options={"hands": 3}))[-1].view(None)
    yield "sheet", final, "domineren"
    yield "board", final, "domineren over"


RENDER = {"board": render_board, "hand": render_hand, "sheet": render_score_sheet}


@pytest.mark.parametrize("names, locale", CASTS)
def test_no_two_players_are_drawn_alike_in_any_image(
    names: tuple[str, ...], locale: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = captured(monkeypatch)
    for kind, view, what in images():
        seen.clear()
        RENDER[kind](view, names[: view.players], locale)
        players = names[: view.players]
        for drawn in seen:
            for part in re.split(" & |・|、", drawn.replace("▶", " ")):
                if re.search(r"(^|\s)\d+·", part):
                    continue  # told apart by its seat number
                if part.count(ELLIPSIS) == 1:
                    who = identified(part, players)
                    assert len(who) <= 1, (what, kind, part, who)
                elif part.count(ELLIPSIS) == 2:  # "Alex…Great…": the word where the name parts from the others
                    word = part.split(ELLIPSIS)[1]
                    assert sum(word in n for n in set(players)) == 1, (what, kind, part)


def test_whole_names_are_drawn_where_they_fit_smaller_if_need_be(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = captured(monkeypatch)
    state = first_500(6, 1, lambda s: s.phase == "play" and len(s.trick) >= 1)
    names = ("Computer 1", "Computer 2", "Computer 3", "Computer 4", "Computer 5", "Computer 6")
    render_board(state.view(None), names, "en")
    for name in names:  # six players in two teams of three: every name whole in the chips and on the plates
        assert sum(name in s for s in seen) >= 2, name


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.text(st.sampled_from("ab コン1 2…é"), min_size=1, max_size=20), min_size=2, max_size=6, unique=True),
    st.integers(30, 200),
)
def test_different_names_never_cut_to_the_same_text(names: list[str], width: int) -> None:
    names = [" ".join(n.split()) or "x" for n in names]
    if len(set(names)) < len(names):
        return
    cut = distinct(names, [width] * len(names), 22, True)
    assert len(set(cut)) == len(cut), (names, cut)


def test_a_sentence_cuts_the_name_in_it_not_its_end() -> None:
    size, line = say("image.turn", "en", 1, ALIKE, 22, True, 220)
    assert line.endswith(" to play") and line.startswith("Com") and "… 2" in line
    assert size == MIN_SIZE  # cut only once the smallest size could not hold it whole


def test_a_sentence_is_drawn_smaller_before_its_name_is_cut() -> None:
    assert say("image.turn", "en", 1, ALIKE, 22, True, 350) == (20, "Computer player number 2 to play")


def test_sheet_heads_go_on_two_lines_before_they_are_cut() -> None:
    size, lines = heads([(0,), (1,), (2,), (3,), (4,)], ["Computer player 1", "B", "C", "D", "E"], "en", 22, 90)
    assert lines[0] == ["Computer", "player 1"] and lines[1] == ["B"] and size >= 18
