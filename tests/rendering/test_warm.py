"""The start-up warm-up draws every family's board, hand and score sheet in both languages without error,
so the bot's first images after a start find their sprites and fonts ready."""

from __future__ import annotations

from typing import Any

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


def test_after_the_warm_up_the_largest_boards_draw_no_tile_card_or_disc_anew() -> None:
    """A first board after a start may be a long double-nine layout drawn small, a Domineren cross or a
    full trick: the warm-up has drawn every face at every size, so only the one ringed tile or card (the
    one just played) is drawn then, not the forty faces a long layout at a size no sample showed needs."""
    from benchmarks.render import boards, domineren, five_hundred
    from rendering import render_board
    from rendering.domineren import pieces
    from rendering.five_hundred import cards
    from rendering.fives import board
    from rendering.gallery import NAMES, NAMES_500

    warm_up()
    views = boards("all-fives", 3, range(4), {"tile_set": "d9"})["worst"][:4] + domineren(range(2))["worst"][:4]
    faces = [sprites.tile_sprite, pieces.tile, board.badge, cards.card_sprite]
    ringed = [sprites.ringed_sprite, cards.ringed_card]

    def drawn(functions: list[Any]) -> int:
        return sum(f.cache_info().misses for f in functions)

    before, before_ringed = drawn(faces), drawn(ringed)
    units: set[int | None] = set()
    for view in views:
        render_board(view, NAMES)
        units.add(board.frame(view).unit if view.game_id != "domineren" else None)
    for view in five_hundred(6, range(2))["worst"][:4]:
        render_board(view, NAMES_500)
    assert len(units) > 2  # (boards at several sizes)
    assert drawn(faces) - before <= drawn(ringed) - before_ringed  # at most each ringed tile's or card's face
