"""A new game of one family, typed as that family's state (`bot.engine.new_game` returns the base class):
the tests of a family read its own fields (`in_hand`, `phase`, `talon`…), which the base class lacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.engine import new_game
from bot.engine.domineren.state import DominerenState
from bot.engine.five_hundred.state import FiveHundredState
from bot.engine.fives.state import FivesState

Deal = Mapping[str, Any] | Sequence[Mapping[str, Any]] | None


def new_fives(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    deal: Deal = None,
) -> FivesState:
    state = new_game(game_id, players, options, seed, deal)
    assert isinstance(state, FivesState), f"{game_id} is not a fives game"
    return state


def new_five_hundred(
    game_id: str = "five-hundred",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    deal: Deal = None,
) -> FiveHundredState:
    state = new_game(game_id, players, options, seed, deal)
    assert isinstance(state, FiveHundredState), f"{game_id} is not Five Hundred"
    return state


def new_domineren(
    game_id: str = "domineren",
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    deal: Deal = None,
) -> DominerenState:
    state = new_game(game_id, players, options, seed, deal)
    assert isinstance(state, DominerenState), f"{game_id} is not Domineren"
    return state
