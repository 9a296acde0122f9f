"""Tournament pictures: a knockout bracket of 4 to 32 entrants (byes, winners marked, rounds not yet
played empty, long and Japanese names cut inside their boxes) and a Swiss standings table."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from rendering import palette as pal
from rendering.text import text_width
from rendering.tournament import (
    BODY,
    COL,
    PAD,
    Bracket,
    Entrant,
    Match,
    Outcome,
    RoundResult,
    StandingRow,
    Standings,
    render_bracket,
    render_standings,
)

from ..i18n.english import english_in, record_drawn_text
from .positions import colours_in

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi")
LONG = ("Alexander the Great of Macedon", "Alexander the Small of Macedon", "Computer player 1", "Computer player 2")
JAPANESE = ("さくら", "たけし・山本", "名前がとても長いプレイヤーさんです本当に長い", "エミ", "ゆうき", "はなこ")


def bracket(entrants: int, decided_rounds: int, names: tuple[str, ...] = NAMES, title: str = "Cup") -> Bracket:
    """A seeded bracket (byes to the top seeds) whose first `decided_rounds` rounds are played, the
    better seed winning every match."""
    size = 1
    while size < entrants:
        size *= 2
    order = [0]
    while len(order) < size:
        order = [x for o in order for x in (o, 2 * len(order) - 1 - o)]
    places = [o if o < entrants else None for o in order]
    rounds = []
    for r in range(size.bit_length() - 1):
        matches, ahead = [], []
        for a, b in zip(places[::2], places[1::2], strict=True):
            winner = None
            if r == 0 and (a is None or b is None):
                winner = a if b is None else b
            elif r < decided_rounds and a is not None and b is not None:
                winner = min(a, b)
            score = ("61", "40") if winner is not None and a is not None and b is not None else None
            if score and winner == b:
                score = score[::-1]
            matches.append(Match(a, b, winner, score))
            ahead.append(winner)
        rounds.append(tuple(matches))
        places = ahead
    entrants_ = tuple(
        Entrant(f"{names[k % len(names)]} {k + 1}" if k >= len(names) else names[k], k + 1) for k in range(entrants)
    )
    return Bracket(title, entrants_, tuple(rounds))


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def margin_is_empty(image: Image.Image) -> bool:
    """Nothing drawn in the outer margin: no text or box ran off its place."""
    w, h = image.size
    for box in ((0, h - PAD // 2, w, h), (w - PAD // 2, 0, w, h)):
        if colours_in(image.crop(box), 1 << 16) != {pal.STRIP}:
            return False
    return True


@pytest.mark.parametrize("entrants", [4, 5, 8, 12, 16, 23, 32])
def test_a_bracket_of_any_size_is_drawn_within_its_margins(entrants: int) -> None:
    image = decode(render_bracket(bracket(entrants, 1)))
    rounds = (entrants - 1).bit_length()
    assert image.width == 2 * PAD + (rounds + 1) * COL + rounds * 28
    assert margin_is_empty(image)


def test_byes_are_said_and_their_entrant_goes_through(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_bracket(bracket(6, 0))
    assert drawn.count("bye") == 2  # 8 places, 6 entrants
    assert drawn.count("Alice") == 2  # seed 1: its bye, then round 2


def test_the_winner_is_shown_once_the_final_is_decided(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    done = decode(render_bracket(bracket(8, 3)))
    assert "★ Alice" in drawn
    drawn.clear()
    open_ = decode(render_bracket(bracket(8, 1)))
    assert not any(t.startswith("★") for t in drawn)
    assert "Semi-finals" in drawn and "Final" in drawn and "Winner" in drawn
    right = (done.width - PAD - COL, 100, done.width - PAD, done.height)  # under the column's head
    assert pal.GOLD in colours_in(done.crop(right), 1 << 16)
    assert pal.GOLD not in colours_in(open_.crop(right), 1 << 16)  # unplayed: empty


def test_unplayed_rounds_are_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_bracket(bracket(16, 0))
    names = [t for t in drawn if t in NAMES or t[:-2] in NAMES or t[:-3] in NAMES]
    assert len(names) == 16  # the first round's, nothing after


@pytest.mark.parametrize("names", [LONG, JAPANESE])
def test_long_and_japanese_names_are_cut_inside_their_box_and_stay_apart(
    names: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_bracket(bracket(len(names), 1, names), "ja")
    shown = {t for t in drawn if t and t[0] not in "★" and not t.isdigit()}
    assert all(text_width(t, BODY, True) <= COL - 20 for t in shown)
    cuts = [t for t in shown if "…" in t]
    assert len({t for t in cuts}) == len(cuts) and cuts  # cut, and no two cut alike


def test_a_japanese_bracket_is_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_bracket(bracket(6, 3, JAPANESE, "ファイブアップ杯"), "ja")
    assert {"準決勝", "決勝", "優勝", "不戦勝"} <= set(drawn)
    assert [t for t in drawn if english_in(t)] == []


def test_rounds_that_do_not_make_a_bracket_are_refused() -> None:
    ok = bracket(4, 2)
    with pytest.raises(ValueError, match="the final"):
        render_bracket(Bracket("x", ok.entrants, (ok.rounds[0], ok.rounds[0])))
    eight = bracket(8, 0)
    with pytest.raises(ValueError, match="half"):
        render_bracket(Bracket("x", eight.entrants, (eight.rounds[0], eight.rounds[0][:1])))
    with pytest.raises(ValueError, match="winner"):
        render_bracket(Bracket("x", ok.entrants, (ok.rounds[0], (Match(0, 3, winner=1),))))
    with pytest.raises(ValueError, match="no entrant"):
        render_bracket(Bracket("x", ok.entrants, (ok.rounds[0], (Match(0, 9),))))


def standings(
    rows: int, played: int, rounds: int = 5, names: tuple[str, ...] = NAMES + LONG, title: str = "Swiss"
) -> Standings:
    outcomes: tuple[Outcome, ...] = ("win", "loss", "draw")
    table = tuple(
        StandingRow(
            k + 1,
            names[k % len(names)],
            played - k * 0.5,
            10 - k * 0.25,
            tuple(RoundResult(outcomes[(k + r) % 3], (k + r) % rows + 1) for r in range(played - (k == rows - 1)))
            + ((RoundResult("bye"),) if k == rows - 1 else ()),
        )
        for k in range(rows)
    )
    return Standings(title, rounds, played, table)


@pytest.mark.parametrize(("rows", "rounds"), [(4, 3), (12, 5), (32, 9)])
def test_standings_draw_a_row_per_player_within_the_margins(rows: int, rounds: int) -> None:
    image = decode(render_standings(standings(rows, min(3, rounds), rounds)))
    assert image.width >= 960 and image.height == 104 + 40 * rows + PAD
    assert margin_is_empty(image)


def test_standings_show_points_tie_breaks_and_each_rounds_outcome(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_standings(standings(4, 3))
    assert {"Points", "Tie-break", "R1", "R5", "After round 3 of 5"} <= set(drawn)
    assert {"W", "L", "D", "B", "3", "2.5", "9.75"} <= set(drawn)


def test_japanese_standings_are_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    render_standings(standings(6, 3, names=JAPANESE, title="スイス式"), "ja")
    assert {"勝点", "タイブレーク", "勝", "負", "分", "休", "全5回戦中3回戦終了"} <= set(drawn)
    assert [t for t in drawn if english_in(t)] == []


def test_more_results_than_rounds_are_refused() -> None:
    with pytest.raises(ValueError):
        render_standings(standings(4, 3, rounds=2))
