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
    """An exact assignment: each card in a random order takes an allowed place with room, or moves a card
    already placed to another of its places to make some (augmenting paths, each place visited once)."""
    room = room[:]
    members: list[list[int]] = [[] for _ in room]
    where: dict[int, int] = {}

    def augment(c: int, seen: set[int]) -> bool:
        places = allowed[c]
        k = len(places)
        start = rng.randrange(k) if k > 1 else 0
        for i in range(k):
            p = places[(start + i) % k]
            if p in seen:
                continue
            seen.add(p)
            if room[p] > 0:
                room[p] -= 1
            else:
                for other in members[p]:
                    if augment(other, seen):
                        members[p].remove(other)
                        break
                else:
                    continue
            members[p].append(c)
            where[c] = p
            return True
        return False

    order = cards[:]
    rng.shuffle(order)
    for c in order:
        if not augment(c, set()):
            return None
    return [where[c] for c in cards]
