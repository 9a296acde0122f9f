"""The searching levels' per-move deadline: a budget far too big for a move still answers once its CPU
deadline is spent (with a legal move), and a deadline the counted work never reaches changes nothing."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from bot.ai import BUDGETS, _module, choose_action
from bot.ai.five_hundred import win_value
from bot.ai.five_hundred_bidding import _card, choose_bid, plausible
from bot.ai.five_hundred_inference import sample
from bot.ai.search import Budget, choose
from bot.engine import new_game
from bot.engine.five_hundred.rules import BIDS

HUGE = 10**7  # playouts: minutes of work in any family


def _view(game_id: str, players: int, seed: int, moves: int, phase: str | None = None) -> Any:
    """A view with a choice, `moves` easy moves into a game (or the first one in `phase`)."""
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    made = 0
    while True:
        seat = state.actors[0]
        view: Any = state.view(seat)  # any family's view: a phase, where one is asked, is its own
        if len(view.legal) > 1 and made >= moves and (phase is None or view.phase == phase):
            return view
        state.apply(seat, choose_action(view, rng, "easy"))
        made += 1


@pytest.mark.parametrize(
    ("game_id", "players", "family", "phase"),
    [
        ("all-fives", 2, "fives", None),
        ("five-hundred", 4, "five_hundred", "play"),
        ("domineren", 4, "domineren", None),
    ],
)
def test_a_huge_budget_answers_by_its_deadline(game_id: str, players: int, family: str, phase: str | None) -> None:
    view = _view(game_id, players, seed=5, moves=3, phase=phase)
    budget = Budget(playouts=HUGE, min_samples=2, deadline=0.2)
    started = time.process_time()
    action = choose(view, random.Random(1), budget, _module(family).FAMILY)
    spent = time.process_time() - started
    assert action in {m.text for m in view.legal}
    assert spent < 0.2 + 0.5  # the deadline, and at most one sample's worth beyond it


def test_the_five_hundred_auction_answers_by_its_deadline() -> None:
    """A hand with contracts worth simulating (not one that passes at once), bidding with a huge budget."""
    for seed in range(40):
        view = _view("five-hundred", 4, seed=seed, moves=0, phase="auction")
        hand = [_card(c) for c in view.hand or ()]
        bids = [BIDS[m.text] for m in view.legal if m.text != "pass"]
        if len(plausible(view, hand, bids)) >= 2:
            break
    else:
        raise AssertionError("no hand among 40 deals with two contracts worth simulating")
    budget = Budget(playouts=HUGE, min_samples=2, deadline=0.2)
    started = time.process_time()
    bid = choose_bid(view, random.Random(1), budget, sample, win_value)
    assert bid in {m.text for m in view.legal}
    assert time.process_time() - started < 0.2 + 0.5


def test_a_deadline_the_work_never_reaches_leaves_the_move_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    views = [_view("all-fives", 2, seed=s, moves=4) for s in range(6)]
    plain = Budget(playouts=240, min_samples=8)
    timed = Budget(playouts=240, min_samples=8, deadline=60.0)
    family = _module("fives").FAMILY
    for i, view in enumerate(views):
        assert choose(view, random.Random(i), plain, family) == choose(view, random.Random(i), timed, family)


def test_strong_has_a_deadline_of_about_a_second_in_every_family() -> None:
    for family, levels in BUDGETS.items():
        assert 0 < levels["strong"].deadline <= 1.0, family
