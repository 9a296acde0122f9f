"""Dealing hidden tiles or cards into the places they may be (hands, stock, widow...), for searches that
rebuild a game from one seat's view: each item has the places it may go to, each place its size.

`greedy` is fast and random (most constrained items first, each to a random place with room, weighted by
the room left) but may reach a dead end; `matching` always finds an assignment when one exists (augmenting
paths over the places' free positions, in random order) but is less even. Neither is exactly uniform.
"""

from __future__ import annotations

import random


def greedy(cards: list[int], allowed: dict[int, list[int]], room: list[int], rng: random.Random) -> list[int] | None:
    """Place each card (most constrained first) in a random allowed place with room; None on a dead end."""
    order = sorted(cards, key=lambda c: (len(allowed[c]), rng.random()))
    room = room[:]
    out: dict[int, int] = {}
    for c in order:
        choices = [p for p in allowed[c] if room[p]]
        if not choices:
            return None
        total = sum(room[p] for p in choices)
        pick = rng.random() * total
        for p in choices:
            pick -= room[p]
            if pick < 0:
                break
        room[p] -= 1
        out[c] = p
    return [out[c] for c in cards]


def matching(cards: list[int], allowed: dict[int, list[int]], room: list[int], rng: random.Random) -> list[int] | None:
    """An exact assignment (augmenting paths over the places' free positions), in a random order."""
    slots = [p for p, size in enumerate(room) for _ in range(size)]
    owner: list[int] = [-1] * len(slots)  # slot -> card index
    by_place: dict[int, list[int]] = {}
    for i, p in enumerate(slots):
        by_place.setdefault(p, []).append(i)
    order = list(range(len(cards)))
    rng.shuffle(order)

    def augment(ci: int, seen: set[int]) -> bool:
        places = allowed[cards[ci]][:]
        rng.shuffle(places)
        for p in places:
            for si in by_place.get(p, ()):
                if si in seen:
                    continue
                seen.add(si)
                if owner[si] < 0 or augment(owner[si], seen):
                    owner[si] = ci
                    return True
        return False

    for ci in order:
        if not augment(ci, set()):
            return None
    out = [0] * len(cards)
    for si, ci in enumerate(owner):
        if ci >= 0:
            out[ci] = slots[si]
    return out
