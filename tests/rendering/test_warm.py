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
