"""Domino tiles as small integers, so that hands and layouts are lists of ints.

Tile id of [a|b] with a <= b is b*(b+1)/2 + a: the double-six set is ids 0..27 and the double-nine set
ids 0..54, the first 28 of which are the double-six tiles.
"""

from __future__ import annotations

from .errors import BadNotation, brief, quoted

MAX_PIP = 9
LO: list[int] = []
HI: list[int] = []
for _hi in range(MAX_PIP + 1):
    for _lo in range(_hi + 1):
        LO.append(_lo)
        HI.append(_hi)
PIPS = [lo + hi for lo, hi in zip(LO, HI, strict=True)]
IS_DOUBLE = [lo == hi for lo, hi in zip(LO, HI, strict=True)]
NAMES = [f"{hi}-{lo}" for lo, hi in zip(LO, HI, strict=True)]

SETS = {"d6": 6, "d9": 9}

# Compass directions of domino layouts: the lead's line runs W-E; turning left adds one.
E, N, W, S = 0, 1, 2, 3
COMPASS = "ENWS"


def tile_id(a: int, b: int) -> int:
    if a > b:
        a, b = b, a
    return b * (b + 1) // 2 + a


def tile_set(name: str) -> list[int]:
    top = SETS[name]
    return list(range((top + 1) * (top + 2) // 2))


def other_half(tile: int, half: int) -> int:
    """The number at the other end of `tile` from `half` (which must be on the tile)."""
    return HI[tile] if LO[tile] == half else LO[tile]


def parse_halves(text: str, top: int = MAX_PIP) -> tuple[int, int]:
    """`"5-3"` to (5, 3), in the order written."""
    if not isinstance(text, str):
        raise BadNotation(f"{quoted(text)} is not a tile (write it like 5-3)", "bad_tile", text=brief(text))
    parts = text.strip().split("-")
    # ASCII digits only: str.isdigit() also accepts "²" (which int() refuses) and "５"
    if len(parts) != 2 or not all(len(p) == 1 and p in "0123456789" for p in parts):
        raise BadNotation(f"{quoted(text)} is not a tile (write it like 5-3)", "bad_tile", text=text)
    a, b = int(parts[0]), int(parts[1])
    if a > top or b > top:
        raise BadNotation(
            f"{quoted(text)} is not a tile of this set (numbers run from 0 to {top})",
            "tile_not_in_set",
            text=text,
            top=top,
        )
    return a, b


def parse_tile(text: str, top: int = MAX_PIP) -> int:
    return tile_id(*parse_halves(text, top))


def label(tile: int, first: int | None = None) -> str:
    """The tile as text, `first` half first (default: the higher half first)."""
    if first is None or first == HI[tile]:
        return NAMES[tile]
    return f"{LO[tile]}-{HI[tile]}"


def hand_pips(hand: list[int]) -> int:
    return sum(PIPS[t] for t in hand)
