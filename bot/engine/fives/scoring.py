"""End-of-hand scoring and game points of the fives family (fives.md C9, §1-§5).

Each function takes the pips left in every seat's hand (a goer has 0) and returns the points per side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def r5(x: int) -> int:
    """Nearest five: remainder 1-2 rounds down, 3-4 up (S0)."""
    return (x + 2) // 5


def t5(x: int) -> int:
    """Truncating division by five (Clay, S1)."""
    return x // 5


def n5(x: int) -> int:
    """Round to a multiple of five, last digit 1-2 down, 3-4 up (S3 二捨三入)."""
    return 5 * r5(x)


Rounder = Callable[[int], int]


def _side_totals(sides: Sequence[Sequence[int]], pips: Sequence[int]) -> list[int]:
    # (plain loops, no comprehension or generator to call: every hand of every search playout ends here)
    totals = []
    for members in sides:
        total = 0
        for s in members:
            total += pips[s]
        totals.append(total)
    return totals


def _two_sides(totals: Sequence[int], goer_side: int | None, rnd: Rounder) -> list[int]:
    """2 sides: the goer's side (or, when blocked, the side with the lower total) scores the rounded total
    of the other side; equal totals in a block score nothing."""
    points = [0, 0]
    if goer_side is not None:
        points[goer_side] = rnd(totals[1 - goer_side])
    elif totals[0] != totals[1]:
        low = 0 if totals[0] < totals[1] else 1
        points[low] = rnd(totals[1 - low])
    return points


def _unique_lowest(pips: Sequence[int]) -> int | None:
    low = min(pips)
    holders = [s for s, p in enumerate(pips) if p == low]
    return holders[0] if len(holders) == 1 else None


def five_up_hand(
    variant: str,
    sides: Sequence[Sequence[int]],
    side_of: Sequence[int],
    pips: Sequence[int],
    goer: int | None,
    o: dict[str, Any],
) -> list[int]:
    """Five Up (§1) and Le Quantette (§2); `variant` is the game id, rounding comes from the options."""
    rnd: Rounder = r5 if o["rounding"] == "nearest" else t5
    n = len(pips)
    if n != 3:
        totals = _side_totals(sides, pips)
        points = _two_sides(totals, None if goer is None else side_of[goer], rnd)
    elif goer is not None:
        x, y = (s for s in range(3) if s != goer)
        points = [0, 0, 0]
        if variant == "five-up":
            px, py = rnd(pips[x]), rnd(pips[y])
            points[goer] = px + py
            if px != py:
                points[x if px < py else y] = abs(px - py)
        else:
            points[goer] = rnd(pips[x] + pips[y])
            if pips[x] != pips[y]:
                points[x if pips[x] < pips[y] else y] = rnd(abs(pips[x] - pips[y]))
    else:
        points = [0, 0, 0]
        low = _unique_lowest(pips)
        if low is not None:
            x, y = (s for s in range(3) if s != low)
            literal = o["three_player_close"] == "literal"
            if variant == "five-up":
                p = [rnd(v) for v in pips]
                points[low] = (p[x] + p[y] - p[low]) if literal else (p[x] - p[low]) + (p[y] - p[low])
            else:
                spread = (pips[x] + pips[y] - pips[low]) if literal else (pips[x] + pips[y] - 2 * pips[low])
                points[low] = rnd(spread)
                second, third = sorted((x, y), key=lambda s: pips[s])
                points[second] += rnd(pips[third] - pips[second])
    if goer is not None and o.get("domino_bonus_2") == "on":
        points[side_of[goer]] += 2
    return points


def quantette_hand(
    sides: Sequence[Sequence[int]], pips: Sequence[int], goer: int | None, o: dict[str, Any]
) -> list[int]:
    """Quantette (§4): partnerships (and 2p) by the 4p rules, 3p and 5p individually."""
    bonus = int(o["going_out_bonus"])
    n = len(pips)
    if len(sides) == 2:
        totals = _side_totals(sides, pips)
        points = [0, 0]
        if goer is not None:
            side = 0 if goer in sides[0] else 1
            points[side] = bonus + t5(totals[1 - side])
        elif totals[0] != totals[1]:
            low = 0 if totals[0] < totals[1] else 1
            diff = totals[1 - low] - totals[low]
            if o["block_diff_5"] == "plain" or diff > 5:
                points[low] = t5(diff)
        return points
    if n == 5:
        worst = max(pips)
        points = [t5(worst - p) for p in pips]
    else:
        points = [sum(t5(q - p) for q in pips if q > p) for p in pips]
    if goer is not None:
        points[goer] += bonus
    return points


def draw_hand(pips: Sequence[int]) -> list[int]:
    """Draw dominoes (§3): every player adds his own pips to his penalty."""
    return list(pips)


def all_fives_hand(
    sides: Sequence[Sequence[int]], side_of: Sequence[int], pips: Sequence[int], goer: int | None
) -> tuple[list[int], int | None]:
    """All Fives and the variant rows (§5, §6): the round's winner (the goer, or the unique lowest hand in a
    block) scores N5 of the opponents' pips. Returns (points, winning seat or None for a tied block)."""
    winner = goer if goer is not None else _unique_lowest(pips)
    points = [0] * len(sides)
    if winner is not None:
        side = side_of[winner]
        other = 0  # the opponents' pips (a loop, not a generator: every search playout ends here)
        for s, p in enumerate(pips):
            if side_of[s] != side:
                other += p
        points[side] = n5(other)
    return points, winner


def five_up_game_points(scores: Sequence[int], winner: int, o: dict[str, Any], demi_at: int | None = None) -> list[int]:
    """Game points of the match ledger (§1; Le Quantette reuses them, §2.7).

    The winner's score gets the optional +10 first, then each loser's difference to it is adjusted for a
    skunk (a loser at 30 or less); Le Quantette's demi-score doubles the winner's score against a loser who
    has not reached the majority `demi_at`.
    """
    w = scores[winner] + (10 if o.get("winner_bonus_10") == "on" else 0)
    skunk = o.get("skunk", "off")
    points = [0] * len(scores)
    for side, score in enumerate(scores):
        if side == winner:
            continue
        top = 2 * w if demi_at is not None and score < demi_at else w
        diff = top - score
        if score <= 30:
            if skunk == "plus10":
                diff += 10
            elif skunk == "double":
                diff *= 2
        points[side] = -diff
        points[winner] += diff
    return points
