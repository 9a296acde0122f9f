"""Issue #24 item 5: a fives-family game's last board says the game is over, who won, and how the last
hand ended (who went out, what it scored), as Five Hundred's and Domineren's last boards do."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from rendering import palette as pal
from rendering import render_board
from rendering.fives import board, common, ending
from rendering.gallery import sample_views

from .positions import NAMES, NAMES_JA, colours_in, corpus, decode, rgb


def final(game_id: str, players: int, seed: int) -> Any:
    view = sample_views(game_id, players, seed)["sheet"]  # played out by the engine and its computer players
    assert view.over and view.winner
    return view


@pytest.mark.parametrize(
    ("locale", "names", "winner", "hand"),
    [
        ("en", NAMES, "★ Carol wins", "Bob went out: the others held 16 pips"),
        ("ja", NAMES_JA, "★ Łukasz Nguyễnの勝ち", "たけし・山本が上がり：他の手に16目"),
    ],
)
def test_draw_s_last_board_names_the_winner_and_what_going_out_scored(
    locale: str, names: tuple[str, ...], winner: str, hand: str
) -> None:
    said = ending.ending(final("draw", 5, 1), names, locale)
    assert said == ending.Ending(winner, hand)


@pytest.mark.parametrize(
    ("locale", "names", "winner", "hand"),
    [
        ("en", NAMES, "★ Alice & Carol win", "Carol went out: +3"),
        ("ja", NAMES_JA, "★ さくら & Łukasz Nguyễnの勝ち", "Łukasz Nguyễnが上がり：+3"),
    ],
)
def test_a_team_game_s_last_board_names_the_winning_team_and_the_going_out_points(
    locale: str, names: tuple[str, ...], winner: str, hand: str
) -> None:
    said = ending.ending(final("five-up", 4, 3), names, locale)
    assert said == ending.Ending(winner, hand)


def test_all_fives_ended_by_a_play_names_the_winner_without_inventing_a_hand_end() -> None:
    view = final("all-fives", 4, 2)  # the 5-5 lead of hand 6 made 255: that hand never ended
    assert ending.ending(view, NAMES, "en") == ending.Ending("★ Alice & Carol win", None)


def test_no_ending_before_the_game_is_over() -> None:
    assert ending.ending(sample_views("draw", 5, 1)["middle"], NAMES, "en") is None


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_header_says_game_over_on_the_last_board_only(monkeypatch: pytest.MonkeyPatch, locale: str) -> None:
    drawn: list[str] = []
    real = common.draw_text

    def spy(canvas: Any, x: float, base: float, text: str, *args: Any, **kw: Any) -> int:
        drawn.append(text)
        return real(canvas, x, base, text, *args, **kw)

    monkeypatch.setattr(common, "draw_text", spy)
    over = {"en": "Game over", "ja": "ゲーム終了"}[locale]
    render_board(sample_views("all-fives", 4, 2)["late"], NAMES, locale)
    assert over not in drawn
    render_board(final("all-fives", 4, 2), NAMES, locale)
    assert over in drawn


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_ending_band_is_drawn_below_the_last_play_in_gold(locale: str) -> None:
    view = final("draw", 5, 1)
    playing = dataclasses.replace(view, over=False, winner=None, current_seat=0)
    done, before = rgb(render_board(view, NAMES, locale)), rgb(render_board(playing, NAMES, locale))
    assert done.height == before.height + ending.HEIGHT
    band = done.crop((0, done.height - ending.HEIGHT, done.width // 2, done.height))
    assert pal.GOLD in colours_in(band, 1 << 16)  # the winner's line


def test_every_game_s_last_board_keeps_within_the_stated_size_in_both_languages() -> None:
    for view in corpus()["finals"]:
        for names, locale in ((NAMES, "en"), (NAMES_JA, "ja")):
            assert ending.ending(view, names, locale) is not None, view.game_id
            image = decode(render_board(view, names, locale))
            assert image.width == common.WIDTH and image.height <= board.MAX_HEIGHT, view.game_id
