"""The rules engine: pure Python, standard library only (no Discord, database or images here).

state = new_game("five-up", players=4, options={"skunk": "plus10"}, seed=1)
state.legal_actions()        # for the current seat
state.apply(seat, "5-3@5-5") # all-or-nothing; raises an EngineError subclass when illegal
state.view(None)             # the public view
"""

import importlib
import random

from .base import UNDO, Event, GameInfo, GameState, HandResult, Result, Step
from .errors import (
    ArmNotOpen,
    BadNotation,
    BadOptions,
    BadRecord,
    CannotDraw,
    EngineError,
    GameOver,
    IllegalAction,
    MustDraw,
    MustFollow,
    MustPlay,
    NoMatchingEnd,
    NotInHand,
    NotYourTurn,
)
from .games import GAMES, game_info, new_game
from .options import OptionSpec
from .view import Card, LastAction, Legal, Tile, View


def determinize(view: View, rng: random.Random) -> GameState:
    """A full state consistent with everything `view` shows, the hidden tiles or cards sampled with `rng`
    (each family's `determinize` says how); `legal_actions` and `apply` go on from it like any state."""
    family = game_info(view.game_id).family
    return importlib.import_module(f"{__name__}.{family}").determinize(view, rng)


__all__ = [
    "GAMES",
    "UNDO",
    "ArmNotOpen",
    "BadNotation",
    "BadOptions",
    "BadRecord",
    "CannotDraw",
    "Card",
    "EngineError",
    "Event",
    "GameInfo",
    "GameOver",
    "GameState",
    "HandResult",
    "IllegalAction",
    "LastAction",
    "Legal",
    "MustDraw",
    "MustFollow",
    "MustPlay",
    "NoMatchingEnd",
    "NotInHand",
    "NotYourTurn",
    "OptionSpec",
    "Result",
    "Step",
    "Tile",
    "View",
    "determinize",
    "game_info",
    "new_game",
]
