"""What a hand scores (five-hundred.md §7, §8, §10) and when the game ends (§9)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from .rules import TARGET, TRICKS, Bid, bid_value


def share(result: int, parts: int) -> int:
    """`result` split `parts` ways, rounded to the nearest point (§10: the five-player halves and thirds)."""
    size = (2 * abs(result) + parts) // (2 * parts)
    return size if result >= 0 else -size


def contract_points(
    contract: Bid,
    options: dict[str, Any],
    tricks: Sequence[int],
    side_of: Sequence[int],
    sides: int,
    declaring: Sequence[int],
) -> tuple[list[int], bool]:
    """Points per side and whether the contract was made.

    `declaring` are the seats playing the contract: the declarer's side, or in the five-player game the
    declarer and the holders of the called cards, who each score an equal share (§10). The contract scores
    its table value (250 instead when it is worth less and the declarers take all 10 tricks), minus that
    when failed; defenders score 10 for each trick they took, or in misère for each trick the declarer took.
    """
    won = sum(tricks[s] for s in declaring)
    made = won == 0 if contract.misere else won >= contract.tricks
    value = bid_value(contract, options)
    if made and value < 250 and won == TRICKS:
        value = 250
    result = value if made else -value
    declaring_sides = sorted({side_of[s] for s in declaring})
    points = [0] * sides
    each = share(result, len(declaring_sides))
    for side in declaring_sides:
        points[side] = each
    for seat, taken in enumerate(tricks):
        side = side_of[seat]
        if side not in declaring_sides and not contract.misere:
            points[side] += 10 * taken
    if contract.misere:
        for side in range(sides):
            if side not in declaring_sides:
                points[side] = 10 * won
    return points, made


def all_pass_points(tricks: Sequence[int], side_of: Sequence[int], sides: int) -> list[int]:
    """§8 Parlett: no declarer, each side 10 per trick it took."""
    points = [0] * sides
    for seat, taken in enumerate(tricks):
        points[side_of[seat]] += 10 * taken
    return points


def reach_order(before: Sequence[int], gains: Sequence[Sequence[int]]) -> list[int | None]:
    """Per side, the trick (1-10; 0 if already there) after which its score first stood at 500 or more,
    counting only what is scored trick by trick (`gains[i]`: points per side of trick i); None if never."""
    order: list[int | None] = [0 if b >= TARGET else None for b in before]
    running = list(before)
    for i, gain in enumerate(gains, 1):
        for side, g in enumerate(gain):
            running[side] += g
            if order[side] is None and running[side] >= TARGET:
                order[side] = i
    return order


def game_winner(
    scores: Sequence[int],
    declaring_sides: Collection[int],
    made: bool | None,
    reached: Sequence[int | None],
    defenders_can_win: bool,
) -> tuple[int, ...] | None:
    """The winning sides if the game ends after this hand (§9), else None.

    `declaring_sides` is empty after an all-pass hand; `reached` is `reach_order` for the sides that scored
    trick by trick (the three-or-more-sides rule: first to 500 in trick order).
    """
    sides = range(len(scores))
    high = [s for s in sides if scores[s] >= TARGET]
    low = [s for s in sides if scores[s] <= -TARGET]
    declarers_home = tuple(s for s in sorted(declaring_sides) if scores[s] >= TARGET)
    if not defenders_can_win:
        # pagat: 500 wins only for the side that made its contract; -500 still ends the game.
        if made and declarers_home:
            return declarers_home
    elif high:
        if len(scores) == 2:
            if len(high) == 1:
                return tuple(high)
            if declaring_sides:  # both at 500: the side declaring the last hand wins
                return tuple(declaring_sides)
            if scores[0] != scores[1]:  # ∅ after an all-pass hand: Rec. the higher score
                return (0 if scores[0] > scores[1] else 1,)
            return None
        if declarers_home:
            return declarers_home
        # ∅ three or more sides: the first to 500 in trick order; the same trick: the higher total.
        when = {s: TRICKS + 1 if (r := reached[s]) is None else r for s in high}
        first = min(when.values())
        tied = [s for s in high if when[s] == first]
        top = max(scores[s] for s in tied)
        best = [s for s in tied if scores[s] == top]
        return tuple(best) if len(best) == 1 else None
    if low:
        rest = tuple(s for s in sides if s not in low)
        return rest or None
    return None
