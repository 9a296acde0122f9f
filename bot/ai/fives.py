"""A fives-family computer player: take the most points now; among equal plays, shed the heaviest tile
(its pips count against us if the hand ends), then pick at random so games are not all alike."""

from __future__ import annotations

import random

from bot.engine.fives import FivesView


def choose(view: FivesView, rng: random.Random) -> str:
    best_key = None
    best: list[str] = []
    for move in view.legal:
        weight = sum(move.tile) if move.tile else -1
        key = (move.points, weight)
        if best_key is None or key > best_key:
            best_key, best = key, [move.text]
        elif key == best_key:
            best.append(move.text)
    return rng.choice(best)
