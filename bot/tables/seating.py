"""The draw for seats in four-player partnership games (fives.md C3 and §1 "Players").

Each player draws a tile from a double-six set; the highest pip total ranks first, equal totals go to the
tile holding the higher number (tiles are unique, so this always resolves). The two highest are partners:
the highest at seat 0 (and first leader), the second at seat 2; the third takes seat 1 and the fourth
seat 3. The tiles go back into the set, so the draw says nothing about anyone's hand.
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
