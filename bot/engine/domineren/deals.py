"""Stacked deals (docs/records.md) and shuffled ones.

A record's deals are checked when the game is created, so that no later hand can fail half-way. Deals
1..hands are Domineren hands (hands of 5/4/3 tiles and the talon in draw order); one more deal is
Billitonnen's: each seat's row listed from its rightmost tile (the one turned first) and, with three
players, the leftover starter as its `boneyard`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import BadRecord
from ..shapes import check_fields, parse_hands, parse_items, seat_field
from ..tiles import IS_DOUBLE, label, parse_tile
from .rules import BILLITONNEN_ROWS, HAND_SIZE

# (hands or None for "from the seed", talon, first_leader); Billitonnen: (rows, leftover, first player)
Deal = tuple[Any, ...]


def parse_deals(deals: Sequence[Mapping[str, Any]], players: int, hands: int, with_billitonnen: bool) -> list[Deal]:
    last = hands + (1 if with_billitonnen else 0)
    out = []
    for index, deal in enumerate(deals):
        where = f"deal {index + 1}"
        if index >= last:
            raise BadRecord(f"{where}: the session has only {last} deal(s) ({hands} hands, then Billitonnen)")
        out.append(_parse(where, deal, players, first=index == 0, rows=index == hands))
    return out


def _tile(text: str) -> int:
    return parse_tile(text, 6)


def _parse(where: str, deal: Mapping[str, Any], n: int, first: bool, rows: bool) -> Deal:
    check_fields(where, deal, ("first_leader", "hands", "boneyard"))
    leader = seat_field(where, deal, "first_leader", n)
    if "hands" not in deal:
        if "boneyard" in deal:
            raise BadRecord(f"{where}: a boneyard without hands")
        return None, [], leader
    hands = parse_hands(where, deal["hands"], n, "tile", "5-3", _tile)
    boneyard = parse_items(where, deal.get("boneyard", []), "the boneyard", "tile", "5-3", _tile)
    used = [t for hand in hands for t in hand] + boneyard
    if len(set(used)) != len(used):
        dup = next(t for t in used if used.count(t) > 1)
        raise BadRecord(f"{where}: tile {label(dup)} is dealt twice")
    missing = set(range(28)) - set(used)
    if missing:
        raise BadRecord(f"{where}: tiles missing from the deal: {', '.join(label(t) for t in sorted(missing))}")
    if rows:
        return _rows(where, hands, boneyard, leader)
    size = HAND_SIZE[n]
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise BadRecord(f"{where}: seat {seat} has {len(hand)} tiles, the rules deal {size}")
    if first and not any(IS_DOUBLE[t] for hand in hands for t in hand):
        raise BadRecord(f"{where}: nobody holds a double, so there is no first set player (§3)")
    return hands, boneyard, leader


def _rows(where: str, rows: list[list[int]], leftover: list[int], leader: int | None) -> Deal:
    n = len(rows)
    sizes = [len(r) for r in rows]
    pattern = BILLITONNEN_ROWS[n]
    # with five players the rows' sizes say who plays first: the first three in turn order hold six
    firsts = [f for f in range(n) if all(sizes[(f + k) % n] == pattern[k] for k in range(n))]
    if not firsts or (n == 5 and leader is not None and leader not in firsts):
        raise BadRecord(f"{where}: Billitonnen rows of {', '.join(map(str, pattern))} tiles in turn order")
    if len(leftover) != (1 if n == 3 else 0):
        raise BadRecord(f"{where}: Billitonnen leaves {1 if n == 3 else 0} tile over with {n} players")
    return [r[::-1] for r in rows], leftover[0] if leftover else None, firsts[0] if n == 5 else leader


def shuffled_hands(rng: random.Random, players: int) -> tuple[list[list[int]], list[int]]:
    tiles = list(range(28))
    rng.shuffle(tiles)
    size = HAND_SIZE[players]
    return [tiles[i * size : (i + 1) * size] for i in range(players)], tiles[players * size :]


def shuffled_rows(rng: random.Random, players: int, first: int) -> tuple[list[list[int]], int | None]:
    tiles = list(range(28))
    rng.shuffle(tiles)
    rows: list[list[int]] = [[] for _ in range(players)]
    for k, size in enumerate(BILLITONNEN_ROWS[players]):
        rows[(first + k) % players] = [tiles.pop() for _ in range(size)]
    return rows, tiles.pop() if tiles else None
