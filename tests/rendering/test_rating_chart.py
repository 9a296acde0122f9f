"""A player's rating chart for /stats: one size whatever the data, a line per series in the house colours,
seasons marked, one point, flat, negative and hundreds of points all drawn, in English and Japanese."""

from __future__ import annotations

import io
import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from rendering import palette as pal
from rendering.rating_chart import (
    COLOURS,
    HEIGHT,
    PLOT_BOTTOM,
    PLOT_TOP,
    WIDTH,
    RatingPoint,
    RatingSeries,
    SeasonMark,
    render_rating_chart,
)

from ..i18n.english import english_in, record_drawn_text
from .positions import colours_in

START = datetime(2026, 3, 1, tzinfo=UTC)


def walk(n: int, seed: int = 1, start: float = 0.0, drift: float = 0.1, days: float = 1.0) -> tuple[RatingPoint, ...]:
    rng = random.Random(seed)
    rating, when, out = start, START, []
    for _ in range(n):
        rating += rng.gauss(drift, 1.2)
        when += timedelta(days=days * rng.random() * 2)
        out.append(RatingPoint(when, rating))
    return tuple(out)


def rgb(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.size == (WIDTH, HEIGHT)
    return image.convert("RGB")


def rows_with(image: Image.Image, colour: tuple[int, int, int]) -> list[int]:
    """The rows of the plot holding a pixel of `colour`."""
    return [
        y
        for y in range(PLOT_TOP - 10, PLOT_BOTTOM + 1)
        if any(image.getpixel((x, y)) == colour for x in range(80, 860))
    ]


CASES = {
    "one point": [RatingSeries("", (RatingPoint(START, 3.2),))],
    "flat": [RatingSeries("", tuple(RatingPoint(START + timedelta(hours=k), 5.0) for k in range(10)))],
    "negative": [RatingSeries("", walk(50, start=-2, drift=-0.4))],
    "hundreds": [RatingSeries("Five Up", walk(600, days=0.4))],
    "naive times": [RatingSeries("", tuple(RatingPoint(p.when.replace(tzinfo=None), p.rating) for p in walk(5)))],
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_any_series_draws_its_line_inside_the_plot(case: str, locale: str) -> None:
    image = rgb(render_rating_chart("Alice", CASES[case], locale))
    drawn = rows_with(image, pal.GOLD)
    assert drawn and min(drawn) >= PLOT_TOP - 10 and max(drawn) <= PLOT_BOTTOM


def test_a_higher_rating_is_drawn_higher() -> None:
    up = (RatingPoint(START, 0.0), RatingPoint(START + timedelta(days=30), 20.0))
    image = rgb(render_rating_chart("Alice", [RatingSeries("", up)]))
    x_left, x_right = 120, 840
    gold = lambda x: [y for y in range(HEIGHT) if image.getpixel((x, y)) == pal.GOLD]  # noqa: E731
    assert min(gold(x_right)) < min(gold(x_left))


def test_ratings_below_zero_get_a_zero_line(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    points = (RatingPoint(START, -5.0), RatingPoint(START + timedelta(days=9), 6.0))
    image = rgb(render_rating_chart("Dave", [RatingSeries("", points)]))
    assert "0" in drawn and "-5" in drawn and "6.0" in drawn  # the axis, and the last rating
    assert any(
        sum(image.getpixel((x, y)) == pal.GREY for x in range(100, 800)) > 600 for y in range(PLOT_TOP, PLOT_BOTTOM)
    )


def test_several_series_each_have_their_colour_and_a_legend(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    series = [RatingSeries(name, walk(30, seed=k)) for k, name in enumerate(("Five Up", "Five Hundred", "Domineren"))]
    image = rgb(render_rating_chart("Alice", series))
    for colour in COLOURS[:3]:
        assert rows_with(image, colour)
    assert {"Five Up", "Five Hundred", "Domineren"} <= set(drawn)
    with pytest.raises(ValueError):
        render_rating_chart("Alice", [RatingSeries(str(k), walk(3)) for k in range(len(COLOURS) + 1)])


def test_seasons_are_marked_where_they_start(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    seasons = [SeasonMark(START + timedelta(days=20), "Spring"), SeasonMark(START - timedelta(days=400), "Long ago")]
    image = rgb(render_rating_chart("Alice", [RatingSeries("", walk(40))], seasons=seasons))
    assert "Spring" in drawn and "Long ago" not in drawn  # a season outside the chart is not drawn
    assert rows_with(image, pal.DIVIDER)


def test_no_rated_games_yet_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    rgb(render_rating_chart("Eve", []))
    rgb(render_rating_chart("エミ", [RatingSeries("", ())], "ja"))
    assert "No rated games yet" in drawn and "レーティング対象の対局はまだありません" in drawn


def test_a_japanese_chart_is_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    seasons = [SeasonMark(START + timedelta(days=20), "春シーズン")]
    series = [RatingSeries("ファイブアップ", walk(60, days=3)), RatingSeries("五百", walk(40, seed=2, days=4))]
    rgb(render_rating_chart("さくら", series, "ja", seasons=seasons))
    assert "さくらのレーティング" in drawn and any(t.endswith("月") for t in drawn)
    assert [t for t in drawn if english_in(t)] == []


def test_a_long_name_is_cut_to_the_width() -> None:
    drawn_width = rgb(render_rating_chart("W" * 80, [RatingSeries("", walk(5))])).crop((WIDTH - 20, 0, WIDTH, 60))
    assert colours_in(drawn_width, 1 << 16) == {pal.STRIP}


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.lists(
            st.tuples(st.integers(min_value=0, max_value=5 * 365 * 24), st.floats(min_value=-1e4, max_value=1e4)),
            max_size=40,
        ),
        max_size=len(COLOURS),
    )
)
def test_any_ratings_at_any_times_draw_a_chart_of_the_one_size(data: list[list[tuple[int, float]]]) -> None:
    series = [
        RatingSeries(f"Game {k}", tuple(RatingPoint(START + timedelta(hours=h), r) for h, r in sorted(points)))
        for k, points in enumerate(data)
    ]
    rgb(render_rating_chart("Alice", series))


def test_a_long_name_is_cut_in_the_name_so_the_title_still_says_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_rating_chart("Bartholomew " * 12, [RatingSeries("Five Up", walk(5)), RatingSeries("Muggins", walk(5))])
    title = next(t for t in drawn if t.endswith(": rating"))
    assert "…" in title and title.startswith("Bartholomew")
    assert {"Five Up", "Muggins"} <= set(drawn)
