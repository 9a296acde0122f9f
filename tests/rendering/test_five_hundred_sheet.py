"""The Five Hundred score sheet: every game's end draws within the stated size; each hand's contract,
made or set, the points and running totals are there however long the game ran, and the winner."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageChops

from bot.engine import HandResult
from bot.engine.five_hundred.view import FiveHundredView
from rendering import palette as pal
from rendering import render_score_sheet
from rendering.five_hundred import sheet

from .positions import colours_in
from .test_five_hundred_positions import NAMES, NAMES_JA, corpus


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return colours_in(image.crop(box), 1 << 16)


def four_player_end() -> FiveHundredView:
    return next(v for v in corpus()["finals"] if v.players == 4 and v.winner)


def hand(
    number: int, contract: str | None, declarer: int | None, made: bool | None, points: tuple[int, int]
) -> HandResult:
    tricks = [3, 2, 3, 2] if contract else [0, 0, 0, 0]
    detail = {
        "hand": number,
        "contract": contract,
        "declarer": declarer,
        "partners": [],
        "tricks": tricks,
        "made": made,
    }
    reason = "all-pass" if contract is None else "made" if made else "set"
    return HandResult(reason, points, detail)


def test_every_game_end_draws_within_the_stated_size_in_both_languages() -> None:
    finals = corpus()["finals"]
    assert {v.players for v in finals} == {2, 3, 4, 5, 6}
    for view in finals:
        for names, locale in ((NAMES, "en"), (NAMES_JA, "ja")):
            image = decode(render_score_sheet(view, names, locale))
            assert image.width == sheet.WIDTH and image.height == sheet.height(view, names, locale) <= sheet.MAX_HEIGHT


def test_a_long_game_sums_its_earliest_hands_into_one_row_and_keeps_the_totals() -> None:
    view = four_player_end()
    results = [hand(k + 1, "7S", k % 4, k % 3 != 0, (140, 30) if k % 3 else (-140, 30)) for k in range(30)]
    scores = (sum(r.points[0] for r in results), sum(r.points[1] for r in results))
    long = dataclasses.replace(view, hands=tuple(results), scores=scores)
    table = sheet.rows(long, NAMES, "en")
    assert len(table) == sheet.MAX_HAND_ROWS
    assert table[0].label == f"1–{30 - sheet.MAX_HAND_ROWS + 1}"
    assert table[-1].totals == scores
    assert sum(r.points[0] for r in table) == scores[0]
    assert decode(render_score_sheet(long, NAMES)).height <= sheet.MAX_HEIGHT


def test_made_contracts_read_green_and_set_ones_red_with_their_points() -> None:
    view = four_player_end()
    results = (
        hand(1, "8H", 0, True, (300, 20)),
        hand(2, "7NT", 1, False, (30, -220)),
        hand(3, None, None, None, (50, 50)),
    )
    game = dataclasses.replace(view, hands=results, scores=(380, -150), over=False, winner=None)
    image = decode(render_score_sheet(game, NAMES)).convert("RGB")
    top = sheet.TOP + sheet.HEAD_ROW
    label = (sheet.PAD, 0, sheet.PAD + sheet.LABEL_W, 0)
    rows = [(label[0], top + k * sheet.ROW, label[2], top + (k + 1) * sheet.ROW) for k in range(3)]
    assert pal.GREEN in colours(image, rows[0]) and pal.RED not in colours(image, rows[0])
    assert pal.RED in colours(image, rows[1]) and pal.GREEN not in colours(image, rows[1])
    assert pal.GREEN not in colours(image, rows[2]) and pal.RED not in colours(image, rows[2])  # all passed
    points = (sheet.PAD + sheet.LABEL_W, top + sheet.ROW, sheet.WIDTH, top + 2 * sheet.ROW)
    assert pal.RED in colours(image, points)  # -220 for the side that was set


def test_the_winner_is_named_in_gold_at_the_top() -> None:
    view = four_player_end()
    image = decode(render_score_sheet(view, NAMES)).convert("RGB")
    assert pal.GOLD in colours(image, (0, sheet.TOP, sheet.WIDTH, sheet.TOP + sheet.WINNER))
    going = dataclasses.replace(view, over=False, winner=None)
    image = decode(render_score_sheet(going, NAMES)).convert("RGB")
    assert image.height == sheet.height(view) - sheet.WINNER


def test_the_scores_are_drawn_in_the_total_row() -> None:
    view = four_player_end()
    before = decode(render_score_sheet(view, NAMES)).convert("RGB")
    after = decode(render_score_sheet(dataclasses.replace(view, scores=(view.scores[0], 123)), NAMES)).convert("RGB")
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    total_top = sheet.height(view) - sheet.ROW - 16
    assert changed[1] >= total_top and changed[0] >= sheet.PAD + sheet.LABEL_W
