"""Who meets whom in a tournament: pure functions over entrant indices, no store and no clock.

Entrants are numbered by seed: 0 is seed 1 (the best rated), so "lower index" means "better seed" everywhere.

Knockout: the bracket is the next power of two of places, seeded so that 1 meets N in the first round and
the two best seeds can only meet in the final; the places past the last entrant are byes, which fall to the
best seeds. A tie goes to the better seed (a bracket needs a winner, and a replay could tie again).

Swiss: win 1, draw 1/2, bye 1, loss or forfeit 0; the tie-break is Buchholz (the points of one's opponents).
Each round pairs the table top down with nobody meeting twice while that is possible (backtracking; only
when every pairing repeats a game is a rematch allowed); an odd count gives the bye to the lowest ranked
entrant who has not had one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Pair = tuple[int, int | None]  # (entrant, opponent); None: a bye


# -- knockout -------------------------------------------------------------------------------------------
def bracket_size(entrants: int) -> int:
    """The first round's places: the power of two that holds every entrant (2 at least)."""
    if entrants < 2:
        raise ValueError("a knockout needs two entrants at least")
    size = 2
    while size < entrants:
        size *= 2
    return size


def knockout_rounds(entrants: int) -> int:
    return bracket_size(entrants).bit_length() - 1


def seed_positions(size: int) -> list[int]:
    """The seeds (1-based) in bracket order: [1, 4, 2, 3] for 4, [1, 8, 4, 5, 2, 7, 3, 6] for 8."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [x for s in order for x in (s, n - s)]
    return order


def knockout_first_round(entrants: int) -> list[tuple[int | None, int | None]]:
    """The first round's matches in bracket order, entrant indices by seed; None: a bye (never two in a
    match: the byes take the places of the worst seeds, each opposite one of the best)."""
    order = seed_positions(bracket_size(entrants))
    slots = [s - 1 if s <= entrants else None for s in order]
    return [(slots[k], slots[k + 1]) for k in range(0, len(slots), 2)]


def knockout_winner(top: int | None, bottom: int | None, outcome: str | None) -> int | None:
    """Who goes through a match: outcome 'a' (the top won), 'b' (the bottom), 'tie' (the better seed) or None
    (not decided; a bye's entrant goes through at once)."""
    if top is None or bottom is None:
        return bottom if top is None else top
    if outcome == "a":
        return top
    if outcome == "b":
        return bottom
    if outcome == "tie":
        return min(top, bottom)
    return None


def next_round(winners: Sequence[int | None]) -> list[tuple[int | None, int | None]]:
    """The next round's matches: the winners of matches 1 and 2 meet, of 3 and 4, and so on."""
    if len(winners) % 2:
        raise ValueError("a round of a bracket has an even number of matches")
    return [(winners[k], winners[k + 1]) for k in range(0, len(winners), 2)]


# -- Swiss ----------------------------------------------------------------------------------------------
WIN, DRAW, LOSS = 1.0, 0.5, 0.0


@dataclass(frozen=True, slots=True)
class SwissGame:
    """One entrant's game of a round: against `opponent` (None: a bye), scoring `points`."""

    opponent: int | None
    points: float


def swiss_points(history: Sequence[Sequence[SwissGame]]) -> list[float]:
    return [sum(g.points for g in games) for games in history]


def buchholz(history: Sequence[Sequence[SwissGame]]) -> list[float]:
    points = swiss_points(history)
    return [sum(points[g.opponent] for g in games if g.opponent is not None) for games in history]


def swiss_ranking(history: Sequence[Sequence[SwissGame]]) -> list[int]:
    """Entrants by points, then Buchholz, then seed (a withdrawn entrant keeps a place in the table)."""
    points, tie = swiss_points(history), buchholz(history)
    return sorted(range(len(history)), key=lambda e: (-points[e], -tie[e], e))


def swiss_pairings(history: Sequence[Sequence[SwissGame]], withdrawn: Iterable[int] = ()) -> list[Pair]:
    """The next round: pairs top down by standing, nobody meeting twice if any pairing allows it, and the
    bye (odd count) to the lowest ranked who has not had one yet."""
    out = set(withdrawn)
    ranking = [e for e in swiss_ranking(history) if e not in out]
    if len(ranking) < 2:
        return [(e, None) for e in ranking]
    pairs: list[Pair] = []
    if len(ranking) % 2:
        had_bye = {e for e, games in enumerate(history) if any(g.opponent is None for g in games)}
        fresh = [e for e in reversed(ranking) if e not in had_bye]
        bye = fresh[0] if fresh else ranking[-1]
        ranking.remove(bye)
        pairs.append((bye, None))
    met = {frozenset((e, g.opponent)) for e, games in enumerate(history) for g in games if g.opponent is not None}
    found = _pair(ranking, met) or _pair(ranking, set())
    assert found is not None  # without the rule of no repeats any order pairs
    return found + pairs


def _pair(ranking: list[int], met: set[frozenset[int]]) -> list[Pair] | None:
    if not ranking:
        return []
    first, rest = ranking[0], ranking[1:]
    for k, other in enumerate(rest):
        if frozenset((first, other)) in met:
            continue
        tail = _pair(rest[:k] + rest[k + 1 :], met)
        if tail is not None:
            return [(first, other), *tail]
    return None


def swiss_rounds_for(entrants: int) -> int:
    """A sensible default: enough rounds for one unbeaten winner (log2 rounded up), 1 at least."""
    return max(1, (max(entrants, 2) - 1).bit_length())
