"""The JSON shapes of a record's deals, checked the same way in every family, so that a malformed deal is
told in the record's own terms ("deal 1: seat 2's hand must be a list of tiles") and never as a Python
error about `NoneType` or `strip`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .errors import BadNotation, BadRecord, quoted


def check_fields(where: str, deal: Mapping[str, Any], allowed: Sequence[str]) -> None:
    """Refuse a field the family does not read (a misspelt `boneyard` would otherwise be dropped)."""
    unknown = sorted(set(deal) - set(allowed), key=str)
    if unknown:
        raise BadRecord(
            f"{where}: unknown field(s) {', '.join(quoted(k) for k in unknown[:5])} (a deal has {', '.join(allowed)})"
        )


def parse_items(where: str, items: Any, what: str, noun: str, example: str, parse: Callable[[str], int]) -> list[int]:
    """A list of tiles or cards written as text (`what` names it: "the boneyard", "seat 2's hand")."""
    if not isinstance(items, list):
        raise BadRecord(f"{where}: {what} must be a list of {noun}s like {example}, not {quoted(items)}")
    out = []
    for item in items:
        if not isinstance(item, str):
            raise BadRecord(f"{where}: {what}: {quoted(item)} is not a {noun} (write it as text, like {example})")
        try:
            out.append(parse(item))
        except BadNotation as exc:
            raise BadRecord(f"{where}: {what}: {exc}") from None
    return out


def parse_hands(
    where: str, hands: Any, count: int, noun: str, example: str, parse: Callable[[str], int]
) -> list[list[int]]:
    """`count` hands, each a list of tiles or cards."""
    if not isinstance(hands, list):
        raise BadRecord(f"{where}: hands must be a list of {count} hands, not {quoted(hands)}")
    if len(hands) != count:
        raise BadRecord(f"{where}: {len(hands)} hands for {count} players")
    return [parse_items(where, hand, f"seat {seat}'s hand", noun, example, parse) for seat, hand in enumerate(hands)]


def seat_field(where: str, deal: Mapping[str, Any], name: str, players: int) -> int | None:
    """`first_leader` or `dealer`: absent, null or a seat number."""
    value = deal.get(name)
    if value is not None and (type(value) is not int or not 0 <= value < players):
        raise BadRecord(f"{where}: {name} must be a seat from 0 to {players - 1}, not {quoted(value)}")
    return value
