"""Post-game analysis (bot.ai.analysis): the known best move, the view-only rule, refusal of a running game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.ai import fives as fives_ai
from bot.ai.analysis import Budget, GameNotOver, NotASeat, analyse_game, positions
from bot.engine import new_game
from bot.engine.fives import FivesView
from bot.engine.records import ReplayError, record_of

QUICK = Budget(playouts=96, min_samples=8)

# All Fives, two players: seat 0 leads 5-5 (the highest double must lead), seat 1 answers 0-5 (10 points),
# and then seat 0 has five plays of which only 0-0 scores (10: the 5-5 end and the 0-0 end); no other play
# makes the ends a multiple of 5.
HAND_0 = ["5-5", "0-0", "6-0", "4-0", "5-4", "5-3", "2-1"]
HAND_1 = ["5-0", "6-4", "6-3", "3-2", "6-5", "5-1", "1-1"]
OPENING = [(0, "5-5"), (1, "0-5@5-5")]
SCORING = "0-0@5-0"
ALL = [f"{a}-{b}" for a in range(7) for b in range(a + 1)]


def _deal(hand_1: list[str], boneyard: list[str]) -> dict[str, Any]:
    return {"first_leader": 0, "hands": [HAND_0, hand_1], "boneyard": boneyard}


def _boneyard() -> list[str]:
    used = {frozenset(map(int, t.split("-"))) for t in HAND_0 + HAND_1}
    return [t for t in ALL if frozenset(map(int, t.split("-"))) not in used]


def _finish(deal: dict[str, Any], first: str, seed: int = 5) -> dict[str, Any]:
    """A whole All Fives game to 50 from the stacked first hand: the opening, seat 0 playing `first`,
    then both seats greedy to the end."""
    state = new_game("all-fives", 2, {"target": 50}, seed=seed, deal=[deal])
    rng = random.Random(seed)
    for seat, action in OPENING:
        state.apply(seat, action)
    state.apply(0, first)
    while not state.is_over:
        who = state.current_seat
        assert who is not None
        view = state.view(who)
        assert isinstance(view, FivesView)
        state.apply(who, fives_ai.choose(view, rng))
    return record_of(state, deals=[deal])


def test_the_known_best_move_is_named_and_a_miss_is_costly() -> None:
    record = _finish(_deal(HAND_1, _boneyard()), first="5-3@5-5")
    found = positions(record, 0)
    first = found[0]  # the forced lead (one legal play) is no choice, so not analysed
    assert (first.index, first.made) == (2, "5-3@5-5")
    assert [m.text for m in first.view.legal if m.points] == [SCORING]  # the position is as built
    analysis = analyse_game(record, 0, seed=1, budget=QUICK)
    move = analysis.moves[0]
    assert move.best == SCORING and move.made == "5-3@5-5"
    assert move.cost > 5  # 10 points missed now, whatever follows
    assert move in analysis.costliest()
    assert len(analysis.costliest()) <= 3
    assert analysis.costliest() == sorted(analysis.costliest(), key=lambda m: -m.cost)
    assert len(analysis.expected_curve()) == len(analysis.moves)


def test_the_best_move_made_costs_nothing() -> None:
    record = _finish(_deal(HAND_1, _boneyard()), first=SCORING)
    move = analyse_game(record, 0, seed=1, budget=QUICK).moves[0]
    assert (move.made, move.best, move.cost) == (SCORING, SCORING, 0.0)


def test_same_seed_same_analysis() -> None:
    record = _finish(_deal(HAND_1, _boneyard()), first="5-3@5-5")
    assert analyse_game(record, 0, seed=4, budget=QUICK) == analyse_game(record, 0, seed=4, budget=QUICK)


def _first_hand_views(record: dict[str, Any]) -> list[Any]:
    return [p.view for p in positions(record, 0) if p.view.hand_no == 1]


def _hidden_swap(record: dict[str, Any]) -> dict[str, Any]:
    """The same game with one of seat 1's tiles and one boneyard tile exchanged, such that the game still
    replays to its end and seat 0 sees exactly the same at each of its first-hand moves."""
    deal = record["deals"][0]
    views = _first_hand_views(record)
    for h in HAND_1:
        for b in deal["boneyard"]:
            hand_1 = [b if t == h else t for t in HAND_1]
            boneyard = [h if t == b else t for t in deal["boneyard"]]
            other = {**record, "deals": [_deal(hand_1, boneyard)]}
            try:
                if _first_hand_views(other) == views:
                    return other
            except (ReplayError, GameNotOver):  # the exchange changed what could be played: not hidden only
                continue
    raise AssertionError("no hidden exchange fits this game")


def test_the_analysis_sees_only_the_seats_view() -> None:
    boneyard = _boneyard()
    random.Random(2).shuffle(boneyard)
    record = _finish(_deal(HAND_1, boneyard), first="5-3@5-5")
    other = _hidden_swap(record)
    assert other["deals"] != record["deals"]  # the full states differ: seat 1's hand is not the same
    a = analyse_game(record, 0, seed=3, budget=QUICK)
    b = analyse_game(other, 0, seed=3, budget=QUICK)
    first_hand = [m for m in a.moves if m.hand_no == 1]
    assert first_hand and first_hand == [m for m in b.moves if m.hand_no == 1]
    # what the search is given is seat 0's view: it shows no other seat's tiles
    for position in positions(record, 0):
        assert position.view.seat == 0 and position.view.hand is not None


def test_a_running_game_is_refused() -> None:
    record = _finish(_deal(HAND_1, _boneyard()), first="5-3@5-5")
    running = {**record, "actions": record["actions"][:5]}
    with pytest.raises(GameNotOver, match="still being played"):
        analyse_game(running, 0)


def test_a_seat_outside_the_game_is_refused() -> None:
    record = _finish(_deal(HAND_1, _boneyard()), first="5-3@5-5")
    with pytest.raises(NotASeat):
        analyse_game(record, 2)
