"""The draw for seats in four-player partnership games (fives.md C3 and §1 "Players").

Each player draws a tile from a double-six set; the highest pip total ranks first, equal totals go to the
tile holding the higher number (tiles are unique, so this always resolves). The two highest are partners:
the highest at seat 0 (and first leader), the second at seat 2; the third takes seat 1 and the fourth
seat 3. The tiles go back into the set, so the draw says nothing about anyone's hand.

Also the seating of a rematch with new partners (`swapped_partners`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import GameInfo
from bot.engine.tiles import HI, NAMES, PIPS, tile_set

from .models import Seat, SeatDraw, SeatingDraw

_SEAT_BY_RANK = (0, 2, 1, 3)


def draws_for_seats(info: GameInfo, players: int, options: Mapping[str, Any]) -> bool:
    """Whether this game seats its players by drawing (partners by draw, four players in two sides)."""
    if options.get("partners") != "by_draw" or players != 4:
        return False
    return len(info.sides(players, dict(options))) == 2


def draw_seats(players: Sequence[Seat], rng: random.Random) -> tuple[list[int], SeatingDraw]:
    """The draw: `order[seat]` is the index (join order) of the player who sits there, and the draw to
    announce (in join order)."""
    tiles = rng.sample(tile_set("d6"), len(players))
    ranking = sorted(range(len(players)), key=lambda i: (PIPS[tiles[i]], HI[tiles[i]]), reverse=True)
    order = [0] * len(players)
    seat_of = [0] * len(players)
    for rank, i in enumerate(ranking):
        seat = _SEAT_BY_RANK[rank]
        order[seat] = i
        seat_of[i] = seat
    draws = tuple(
        SeatDraw(replace(players[i], index=seat_of[i]), NAMES[tiles[i]], seat_of[i]) for i in range(len(players))
    )
    return order, SeatingDraw(draws)


def seating_json(draw: SeatingDraw) -> dict[str, Any]:
    """What is kept with the game (tiles in join order and the seat each gave)."""
    return {"tiles": [d.tile for d in draw.draws], "seats": [d.seat for d in draw.draws]}


def seating_from_json(data: Mapping[str, Any], seats: Sequence[Seat]) -> SeatingDraw:
    """The draw of a stored game; `seats` are the table's seats (the draw's players sit there)."""
    return SeatingDraw(
        tuple(SeatDraw(seats[seat], tile, seat) for tile, seat in zip(data["tiles"], data["seats"], strict=True))
    )


def has_partnerships(sides: Sequence[Sequence[int]]) -> bool:
    """Whether a game is played by teams (some side holds more than one seat)."""
    return any(len(side) > 1 for side in sides)


def swapped_partners(sides: Sequence[Sequence[int]]) -> tuple[int, ...] | None:
    """The seating of a rematch with new partners: `order[seat]` is the seat (in the game played) of the
    player who sits there now; None for a game without partnerships.

    The rule: in every team the player of its first seat stays where they were, and the player of a team's
    i-th seat (counting from 0) moves to the i-th seat of the team i places after it (the last team wraps to
    the first). With 4 players (0 & 2 against 1 & 3) the players of seats 2 and 3 change places: 0 & 3
    against 1 & 2. Three teams of two (0 & 3, 1 & 4, 2 & 5): seats 3 -> 4 -> 5 -> 3. Two teams of three
    (0 & 2 & 4, 1 & 3 & 5): seats 2 and 3 change places. Everyone has a new partner (with teams of three, a
    team mate at least: two of any three stay together whatever the seating). Asked again on the next
    rematch, two teams of two get back the partners they had."""
    if not has_partnerships(sides):
        return None
    teams = len(sides)
    seats = sum(len(side) for side in sides)
    order = list(range(seats))
    for team, side in enumerate(sides):
        for i, seat in enumerate(side):
            order[sides[(team + i) % teams][i]] = seat
    return tuple(order)
