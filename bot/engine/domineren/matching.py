"""Which half of a tile may touch an open end, under the normal and the Russian rule (domineren.md §16).

Every question "may this tile go there, and with which half touching?" is one lookup in `FIT`, because
legal moves and the blocked-hand test ask it for every tile of every hand against every open end.
"""

from __future__ import annotations

from ..tiles import HI, LO, tile_id

NORMAL, RUSSIAN = 0, 1
RULE_NAMES = ("normal", "russian")

# What the next tile at an end must be besides matching: anything, a double (double cross: the arm's
# second tile), a double or a matador (the same under the Russian rule), a matador (the triangle's sides).
ANY, DOUBLE, DOUBLE_OR_MATADOR, MATADOR = 0, 1, 2, 3
NEED_NAMES = ("any", "double", "double-or-matador", "matador")

BLANK_DOUBLE = tile_id(0, 0)
MATADORS = frozenset(tile_id(a, b) for a, b in ((6, 1), (5, 2), (4, 3), (0, 0)))
IS_MATADOR = [t in MATADORS for t in range(28)]


def touches(tile: int, value: int, rule: int, need: int, end_is_matador: bool) -> tuple[int, ...]:
    """The halves of `tile` that may touch an open end showing `value` (empty: it does not fit).

    Under the Russian rule touching halves sum to 7; a matador fits any end with either half touching
    (the player's choice), but only a matador may touch a blank, and 0-0 may not touch a matador because
    its blanks would then lie against the matador (§16 Rec.).
    """
    lo, hi = LO[tile], HI[tile]
    double = lo == hi
    matador = tile in MATADORS
    if (
        (need == DOUBLE and not double)
        or (need == DOUBLE_OR_MATADOR and not (double or matador))
        or (need == MATADOR and not matador)
    ):
        return ()
    if rule == NORMAL:
        if lo == value:
            return (lo,)
        return (hi,) if hi == value else ()
    if matador:
        if tile == BLANK_DOUBLE and end_is_matador:
            return ()
        return (lo,) if double else (hi, lo)
    if value == 0:
        return ()
    wanted = 7 - value
    return (wanted,) if lo == wanted or hi == wanted else ()


def fit_key(rule: int, need: int, end_is_matador: bool) -> int:
    return (rule * 4 + need) * 2 + end_is_matador


# FIT[fit_key(...)][value][tile] -> touches(...)
FIT: list[list[list[tuple[int, ...]]]] = [
    [[touches(t, v, key // 8, key // 2 % 4, bool(key % 2)) for t in range(28)] for v in range(7)] for key in range(16)
]


def half_value(double: int) -> int:
    """The pips of one half of a double, as payments count them: 0-0 is worth 7 (§4, §8, §10)."""
    return 7 if double == BLANK_DOUBLE else LO[double]


def hand_count(hand: list[int]) -> int:
    """A hand's pips at the end of a hand: blanks count 0 but the 0-0 tile counts 14 (§14)."""
    total = 0  # (a loop over a table, no generator: every search playout's hands end here)
    for t in hand:
        total += _COUNT[t]
    return total


_COUNT = [14 if t == BLANK_DOUBLE else LO[t] + HI[t] for t in range(28)]
