"""Domineren's options and the numbers of its rules (domineren.md §0.1, §2, §7, §11-§15, §19, §20)."""

from __future__ import annotations

import random

from ..options import MAX_LENGTH, SWITCH, OptionSpec
from ..tiles import HI, PIPS
from .gametypes import ANY_SET, TYPE_IDS

PLAYERS = (3, 4, 5)
HAND_SIZE = {3: 5, 4: 4, 5: 3}  # §2; the talon keeps 13, 12, 13
LEAVE = 2  # the last two talon tiles are never drawn (§9)
NOS = 5  # §11
BLOCK_UPHELD = 20  # §12
BLOCK_BROKEN = 40
POOL_UNIT = 20  # §19
# Billitonnen rows in turn order from the first player (§20); 3p leaves one tile over as the starter
BILLITONNEN_ROWS = {3: (9, 9, 9), 4: (7, 7, 7, 7), 5: (6, 6, 6, 5, 5)}

# §7: doubles held -> chips from each player, per player count; only the highest row reached is paid
BONUS = {
    "pagat": {3: {4: 200, 5: 500}, 4: {3: 25, 4: 250}, 5: {3: 30}},
    "leeflang": {3: {4: 200, 5: 250}, 4: {3: 25, 4: 250}, 5: {3: 50}},
}

OPTIONS = (
    OptionSpec("start_chips", (), 500),
    OptionSpec("double_bonus_table", ("pagat", "leeflang"), "pagat"),
    OptionSpec("next_set_player", ("biggest_loser", "clockwise"), "biggest_loser"),
    # a set drawn from the talon may be a single: some type must be playable after any set
    OptionSpec("allowed_types", TYPE_IDS, TYPE_IDS, multi=True, needs_one_of=tuple(sorted(ANY_SET, key=int))),
    OptionSpec("type9_continuation", ("normal_cross", "normal_double_cross"), "normal_cross"),
    OptionSpec("hands", (), 10, minimum=1, maximum=MAX_LENGTH),
    OptionSpec("billitonnen", SWITCH, "on"),
    OptionSpec("auto_claim", SWITCH, "on"),
)


def bonus(table: dict[int, int], doubles: int) -> int:
    """Chips from each player for holding `doubles` doubles: the highest row reached (0: none)."""
    reached = [amount for needed, amount in table.items() if doubles >= needed]
    return max(reached) if reached else 0


def pool_share(chips: int) -> int:
    """§19: what rounding `chips` down to a multiple of 20 puts into the pool (a negative balance floors
    to the twenty below, so a share is always 0-19)."""
    return chips % POOL_UNIT


def settlement(totals: list[int]) -> list[int]:
    """§14: everyone pays each player with a lower total the difference; the net of player i is
    sum(totals) - n * total_i."""
    whole = sum(totals)
    n = len(totals)
    return [whole - n * t for t in totals]


def draw_off(rng: random.Random, seats: list[int]) -> tuple[int, list[int]]:
    """§15/§20 tie procedure: each seat draws a tile face down; the highest pip total wins, then the tile
    with the higher number. Returns (winner, the tiles drawn in `seats` order)."""
    drawn = rng.sample(range(28), len(seats))
    best = max(range(len(seats)), key=lambda i: (PIPS[drawn[i]], HI[drawn[i]]))
    return seats[best], drawn
