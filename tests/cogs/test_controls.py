"""Move controls are built from the view's legal moves for any game: selects of at most 25, paged when a
turn offers more than a message can hold, buttons for one-word moves; and a game without pictures is
played from text."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord
import pytest

import cogs.hands  # noqa: F401  # registers the games' own steps
import rendering
from bot.engine import new_game
from bot.engine.fives import FivesView, LegalMove
from bot.tables import HandChanged, Seat, TableInfo
from cogs.controls.moves import move_controls
from tests.checks import must

from .conftest import World, board, dms, open_table, playable, whose_turn


def turn_of(view: FivesView) -> HandChanged:
    seats = tuple(Seat(i, 100 + i, f"P{i}") for i in range(view.players))
    table = TableInfo(7, view.game_id, 1, 2, 3, 4, 100, seats, view.sides, dict(view.options), "active")
    seat = must(view.seat)
    return HandChanged(table, 100 + seat, seat, view, True, view.turn, None)


def a_view(legal: tuple[LegalMove, ...]) -> FivesView:
    state = new_game("five-up", 2, seed=1)
    view = state.view(state.current_seat)
    assert isinstance(view, FivesView)
    return replace(view, legal=legal)


def selects(view: discord.ui.View) -> list[discord.ui.Select]:
    return [
        i.item for i in view.children if isinstance(i, discord.ui.DynamicItem) and isinstance(i.item, discord.ui.Select)
    ]


def labels(view: discord.ui.View) -> list[str | None]:
    """The buttons' labels, in order (moves are dynamic items wrapping a button)."""
    items = [getattr(i, "item", i) for i in view.children]
    return [i.label for i in items if isinstance(i, discord.ui.Button)]


def test_a_turn_with_more_moves_than_a_message_holds_is_paged() -> None:
    many = tuple(
        LegalMove(f"{a}-{b}@6-6:{side}", a + b, (a, b)) for a in range(10) for b in range(4) for side in "NESW"
    )
    note = turn_of(a_view(many[:130]))
    first = move_controls(note, "en", 0)
    shown = [o.value for s in selects(first) for o in s.options]
    assert len(selects(first)) == 4 and all(len(s.options) <= 25 for s in selects(first))
    assert "More moves (2/2) ▶" in labels(first) and "◀ Previous" not in labels(first)
    second = move_controls(note, "en", 1)
    shown += [o.value for s in selects(second) for o in s.options]
    assert "◀ Previous" in labels(second)
    assert sorted(shown) == sorted(m.text for m in many[:130])  # every move on some page, once
    assert len(first.to_components()) == 5 and len(second.to_components()) == 3  # Discord holds five rows


def test_draw_and_pass_are_buttons_and_points_are_said() -> None:
    note = turn_of(
        a_view((LegalMove("5-0@5-5", 2, (5, 0)), LegalMove("3-1@5-5", 0, (3, 1)), LegalMove("draw", 0, None)))
    )
    view = move_controls(note, "en", 0, url="https://discord.com/channels/1/2/3")
    [select] = selects(view)
    assert [(o.label, o.description) for o in select.options] == [
        ("5-0 on 5-5", "scores 2 points"),
        ("3-1 on 5-5", "no points"),
    ]
    assert labels(view) == ["Draw", "Type a move", "Go to the table"]
    japanese = move_controls(note, "ja", 0)
    assert [o.label for o in selects(japanese)[0].options] == ["5-5に5-0", "5-5に3-1"]
    assert labels(japanese) == ["引く", "手を入力"]


@pytest.fixture
def no_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game family the renderer does not draw yet."""
    monkeypatch.setattr(rendering, "RENDERERS", {k: v for k, v in rendering.RENDERERS.items() if k is not FivesView})


async def test_a_game_without_pictures_is_shown_and_played_from_text(
    world: World, no_pictures: None, caplog: pytest.LogCaptureFixture
) -> None:
    await open_table(world)
    newest = board(world)
    assert newest.attachments == [] and newest.embeds[0].image.url is None
    assert must(newest.embeds[0].footer.text).splitlines()[0] == "Pictures of this game are not available yet."
    player = must(whose_turn(world))
    hand = must(playable(player))
    [tiles] = [f.value for f in hand.embeds[0].fields if f.name == "Your hand"]
    assert len(must(tiles).split()) == 5 and all("-" in t for t in must(tiles).split())  # Draw deals five tiles to four
    assert hand.attachments == []
    assert dms(player)
    assert world.env.errors == []
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []  # expected: nothing to report


async def test_a_drawing_that_fails_is_logged_and_the_game_goes_on_in_text(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A bug in a drawing (here a TypeError inside the Fives drawers) is no silent text-only board: it is
    logged with its traceback, and the board and the hands still go out, as text."""

    def broken(view: object, names: object, locale: str) -> object:
        raise TypeError("a bug in the drawing")

    drawers = dict.fromkeys(rendering.RENDERERS[FivesView], broken)
    monkeypatch.setitem(rendering.RENDERERS, FivesView, drawers)
    await open_table(world)
    newest = board(world)
    assert newest.attachments == [] and must(newest.embeds[0].footer.text).splitlines()[0] == (
        "Pictures of this game are not available yet."
    )
    hand = must(playable(must(whose_turn(world))))
    assert hand.attachments == [] and any(f.name == "Your hand" for f in hand.embeds[0].fields)
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert {r.getMessage().split(" for ")[0] for r in failures} >= {
        "could not draw board.png",
        "could not draw hand.png",
    }
    assert all(r.exc_info and r.exc_info[0] is TypeError for r in failures)
    assert world.env.errors == []
