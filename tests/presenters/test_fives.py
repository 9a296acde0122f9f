"""The fives family's board lines: a play with what it scored for the player's side, a lead, a draw, and
the words said with a play (Muggins!); a hand's end with the tiles each player still held."""

from __future__ import annotations

import itertools

from bot.engine import new_game
from bot.engine.fives import LegalMove
from presenters import presenter

from .playing import NAMES, playout


def test_a_play_is_told_with_what_it_scored_for_the_side() -> None:
    scored = 0
    for told in itertools.chain(playout("five-up", 4, 1), playout("muggins", 2, 2)):
        note, player = told.note, f"**{NAMES[told.note.seat]}**"
        side = next(k for k, members in enumerate(note.table.sides) if note.seat in members)
        points = note.points[side]
        if note.action == "draw":
            assert told.line == f"{player} drew a tile."
        elif note.action == "pass":
            assert told.line == f"{player} passed."
        elif "@" in note.action:
            tile, target = note.action.split()[0].split("@")
            assert told.line.startswith(f"{player} played {tile} on {target.split(':')[0]}."), told.line
        else:
            assert told.line.startswith(f"{player} led {note.action.split()[0]}."), told.line
        if points > 0:
            scored += 1
            assert told.line.endswith(f" (+{points} point{'s' if points != 1 else ''})"), told.line
        else:
            assert "point" not in told.line
    assert scored


def test_a_hand_ends_with_what_each_player_held() -> None:
    for told in playout("draw", 3, 4):
        for hand in told.hands:
            lines = presenter("draw").hand_summary(hand, NAMES, "en")
            held = hand.result.detail["hands"]
            for seat, tiles in enumerate(held):
                if tiles:
                    assert any(line.startswith(f"{NAMES[seat]} held {' '.join(tiles)}") for line in lines), lines


def test_a_move_says_what_it_scores_except_where_nothing_scores_in_play() -> None:
    state = new_game("five-up", 4, seed=3)
    view = state.view(state.current_seat)
    words = presenter("five-up")
    for entry in view.legal:
        assert isinstance(entry, LegalMove)
        description = words.move_label(entry, "en", view=view)[1]
        if entry.points:
            assert description == f"scores {entry.points} point{'s' if entry.points != 1 else ''}"
        elif entry.tile is not None:
            assert description == "no points"
            assert words.move_label(entry, "en", scoring=False, view=view)[1] is None


def test_a_hand_s_points_are_what_the_side_scored_in_it_as_on_the_score_sheet() -> None:
    """ "+N (total T)" counts the points made in play too, as the score sheet's "+N" does (Five Up's
    message said "+0 (total 6)" where the sheet said "+6" for the same hand): N is what T grew by."""
    told_hands = [hand for told in playout("five-up", 4, 1) for hand in told.hands]
    assert told_hands
    before = [0, 0]
    in_play = 0
    for hand in told_hands:
        lines = presenter("five-up").hand_scores(hand, NAMES, "en")
        for k, line in enumerate(lines):
            assert line.endswith(f": {hand.scores[k] - before[k]:+d} (total {hand.scores[k]})"), line
        in_play += any(hand.result.detail.get("play", ()))
        before = list(hand.scores)
    assert in_play  # some hands' points came (partly) from play
