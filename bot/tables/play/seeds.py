"""How the table service seeds what is random: each game from the service's generator, and each computer
move from the game's seed and the turn, so that a game replayed or resumed after a restart goes on exactly
as it would have. Tests that look for a seed reaching some position call these, not copies of them."""

from __future__ import annotations

import random

GAME_SEEDS = 2**53  # a game seed is below this (exact in a JSON number)
MOVE_STRIDE = 1_000_003  # a prime: no two (game, turn) pairs of a game share a move seed


def game_seed(rng: random.Random) -> int:
    """A new game's seed, drawn from the service's generator."""
    return rng.randrange(GAME_SEEDS)


def move_seed(game: int, turn: int) -> int:
    """The seed of a computer's move at `turn` of the game seeded `game`."""
    return game * MOVE_STRIDE + turn
