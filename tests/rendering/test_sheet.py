"""The score sheet: every game's end draws within the stated size; hands, running totals and the winner
are all there, however long the game ran."""

from __future__ import annotations

import dataclasses

from bot.engine import HandResult
from bot.engine.fives.view import FivesView
from rendering import domino_sheet, render_score_sheet
from rendering import palette as pal
from rendering.fives import sheet

from .positions import NAMES, NAMES_JA, colours_in, corpus, decode, rgb, stacked


def colours(png: bytes, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return colours_in(rgb(png).crop(box), 1 << 16)


def test_every_game_end_draws_within_the_stated_size_in_both_languages() -> None:
    finals = corpus()["finals"]
    assert all(v.over for v in finals)
    for view in finals:
        for names, locale in ((NAMES, "en"), (NAMES_JA, "ja")):
            image = decode(render_score_sheet(view, names, locale))
            assert image.width == sheet.WIDTH and image.height <= sheet.MAX_HEIGHT, view.game_id


def long_game(hands: int, totals: bool) -> FivesView:
    view = next(v for v in corpus()["finals"] if len(v.sides) == 2 and not v.parties)
    results, running = [], [0, 0]
    for k in range(hands):
        points = (k % 3, (k + 1) % 2)
        play = (5, 0) if k % 4 == 0 else (0, 0)
        running = [r + p + q for r, p, q in zip(running, points, play, strict=True)]
        detail = {"hand": k + 1, "goer": 0, "pips": [0, 7, 3, 4][: view.players], "hands": [[]] * view.players}
        if totals:
            detail |= {"play": play, "totals": tuple(running)}
        results.append(HandResult("domino", points, detail))
    return dataclasses.replace(view, hands=tuple(results), scores=tuple(running), parties=())


def test_a_very_long_game_keeps_within_the_size_by_summing_its_earliest_hands() -> None:
    view = long_game(40, totals=True)
    image = decode(render_score_sheet(view, NAMES))
    assert image.height <= sheet.MAX_HEIGHT
    rows = sheet.rows(view)
    assert len(rows) == sheet.MAX_HAND_ROWS
    assert rows[0].label == "1–29" and rows[1].label == "30"
    assert [sum(r.points[s] for r in rows) for s in range(2)] == list(view.scores)  # nothing is lost
    assert rows[-1].totals == view.scores


def test_running_totals_come_from_the_engine_when_it_gives_them() -> None:
    view = long_game(5, totals=True)
    rows = sheet.rows(view)
    assert [r.totals for r in rows] == [h.detail["totals"] for h in view.hands]
    assert rows[0].points == (5, 1)  # 5 scored in play, nothing at the end of hand 1 for side 0


def test_without_engine_totals_the_points_scored_in_play_make_up_the_difference() -> None:
    view = long_game(5, totals=False)
    rows = sheet.rows(view)
    assert all(r.totals is None for r in rows)
    in_play = sheet.in_play(view, rows)
    assert in_play == [10, 0]  # hands 1 and 5 each scored 5 in play
    assert [sum(r.points[s] for r in rows) + in_play[s] for s in range(2)] == list(view.scores)


def test_the_winner_is_named_in_gold_at_the_end_and_not_before() -> None:
    end = next(v for v in corpus()["finals"] if v.game_points)
    banner = (0, 76, sheet.WIDTH, 76 + 56)
    assert pal.GOLD in colours(render_score_sheet(end, NAMES), banner)
    going = stacked().view(None)
    assert pal.GOLD not in colours(render_score_sheet(going, NAMES), banner)


def test_the_tiles_left_at_the_end_of_the_last_hand_are_drawn() -> None:
    end = next(v for v in corpus()["finals"] if any(v.hands[-1].detail["hands"]))
    png = render_score_sheet(end, NAMES)
    image = decode(png)
    bottom = (0, image.height - 2 * sheet.SEAT_ROW * len(end.sides), sheet.WIDTH, image.height)
    assert pal.IVORY in colours(png, bottom)


def test_the_tiles_left_are_big_enough_to_count_their_pips_and_clear_of_the_names() -> None:
    """A held tile is drawn 64 pixels wide (at 44 its pips ran together on a phone), and the widest name
    stops short of the first tile."""
    assert 4 * domino_sheet.MINI >= 64
    end = next(v for v in corpus()["finals"] if any(v.hands[-1].detail["hands"]))
    png = render_score_sheet(end, ("W" * 40, "M" * 40, "W" * 40, "M" * 40, "W" * 40))
    left = domino_sheet.PAD + domino_sheet.LABEL_W
    height = rgb(png).height
    rows = (0, height - domino_sheet.SEAT_ROW * end.players - 12, domino_sheet.WIDTH, height)
    assert pal.IVORY in colours(png, (left, rows[1], left + 4 * domino_sheet.MINI, height))  # the tiles
    assert colours(png, (left - 12, rows[1], left, height)) == {pal.STRIP}  # nothing touches them
