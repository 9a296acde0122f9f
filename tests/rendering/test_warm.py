"""The start-up warm-up draws every family's board, hand and score sheet in both languages without error,
so the bot's first images after a start find their sprites and fonts ready."""

from __future__ import annotations

from rendering import sprites
from rendering.warm import _positions, warm_up


def test_the_warm_up_draws_each_family_and_fills_the_sprite_caches() -> None:
    games = {public.game_id for public, _ in _positions()}
    assert games >= {"five-up", "all-fives", "five-hundred", "domineren"}
    warm_up()
    cached = [f for f in vars(sprites).values() if hasattr(f, "cache_info")]
    assert cached and sum(f.cache_info().currsize for f in cached) > 10


def test_after_the_warm_up_a_board_with_names_never_drawn_draws_no_character_anew() -> None:
    """The first board of a first game (new names, Latin or kana) finds every character it needs drawn."""
    from rendering import render_board, text
    from rendering.gallery import hand_boards

    warm_up()
    view = hand_boards("five-up", 4, 100)[0][5]
    before = text._glyph.cache_info().misses
    render_board(view, ["Zoë Quinn", "ゆうこ", "Kärt Ylva", "ヒロシ_99"], "ja")
    render_board(view, ["Wojtek", "Xavier", "Yusuf", "Zhu"], "en")
    assert text._glyph.cache_info().misses == before
