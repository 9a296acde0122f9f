"""Computer players: each family module offers `choose(view, rng) -> action text`, deciding from that
seat's view only (never the state), so a computer seat knows exactly what a human in it would."""

from __future__ import annotations

import importlib
import random
from typing import Any

from bot.engine import game_info


def choose_action(view: Any, rng: random.Random) -> str:
    """A legal action for the seat whose view this is (it must be that seat's turn)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do in this view")
    family = game_info(view.game_id).family
    module = importlib.import_module(f"{__name__}.{family}")
    return module.choose(view, rng)
