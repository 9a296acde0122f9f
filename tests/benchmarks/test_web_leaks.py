"""The web benchmark's leak count (benchmarks/web_leaks.py) over short whole games of every family played
through the web API: no spectator frame names a tile or card a seat holds, and the same checks do flag a
seat's own table (so a count of 0 means something)."""

from __future__ import annotations

from typing import Any

from benchmarks.web_leaks import flagged_as_in_tests, held_items, measure_leaks, named


async def test_a_spectator_is_sent_no_held_tile_or_card_over_whole_games_of_every_family() -> None:
    games: tuple[tuple[str, int, dict[str, Any]], ...] = (
        ("draw", 2, {"rounds": 1}),
        ("domineren", 3, {"hands": 1}),
        ("five-hundred", 4, {}),
    )
    results = await measure_leaks(games)
    assert [r.game_id for r in results] == ["draw", "domineren", "five-hundred"]
    for result in results:
        assert result.moves > 5 and result.frames > result.moves  # the whole game, a frame at every move
        assert result.test_check == 0 and result.held_named == 0, result


def test_the_checks_flag_a_seats_own_table() -> None:
    seat = {"you": {"view": {"hand": [[6, 4], [3, 3]], "legal": [{"text": "6-4"}]}}, "public": {"hand": None}}
    assert flagged_as_in_tests(seat)
    assert named(seat) & held_items([(6, 4)]) == {"6-4"}
    cards = {"public": {"trick": [[0, "10H"]], "auction": [[1, "7S"]]}}
    assert named(cards) & held_items(["10H", "7S"]) == {"10H"}  # a bid 7S is no card
