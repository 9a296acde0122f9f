"""Billitonnen, the blind game that decides who takes the pool at the end of a session (domineren.md §20).

Each player keeps a row of face-down tiles he may not look at; rows are lists whose last element is the
rightmost tile, the one played next. A turn: choose an end of the line (`turn W`/`turn E`), turn the
rightmost tile there; it is placed if it fits that end (and the player goes on), else it goes back face
down to the left of the row (a double face up) and the turn passes. A tile that fits both ends may be
placed on either (`place W`/`place E`), after a look at the next tile if the player wants (`peek`).
"""

from __future__ import annotations

import random

from ..tiles import COMPASS, HI, IS_DOUBLE, LO, PIPS, E, W, label
from .notation import PEEK, Turn, Word
from .rules import draw_off

TURNS = (Turn("turn", W), Turn("turn", E))
PLACES = (Turn("place", W), Turn("place", E))


class Billitonnen:
    __slots__ = (
        "current",
        "ends",
        "face_up",
        "first",
        "line",
        "peeked",
        "players",
        "rng",
        "rows",
        "seen",
        "tie_draw",
        "turned",
        "winner",
    )

    def __init__(self, rows: list[list[int]], leftover: int | None, first: int, rng: random.Random) -> None:
        self.players = len(rows)
        self.rows = rows
        self.first = first
        self.rng = rng
        self.face_up: set[int] = set()  # doubles put back face up
        self.seen: set[int] = set()  # tiles in the rows that were turned once: everyone saw them
        self.turned = -1  # a turned tile that fits both ends, waiting for `place`
        self.peeked = -1  # the next tile, looked at by the current player (his view only)
        self.winner: int | None = None
        self.tie_draw: list[int] | None = None
        # [P]: with 3 players the leftover tile starts the line; with 4 or 5 the first player turns his
        # rightmost tile up as the starter and goes on with his next one.
        starter = leftover if leftover is not None else rows[first].pop()
        self.line: list[tuple[int, int, int, int]] = [(starter, -1, -1, E)]  # (tile, touch, parent, dir)
        self.ends = {W: (HI[starter], 0), E: (LO[starter], 0)}  # end -> (open number, node)
        self.current = first
        self._check_stuck()

    def clone(self) -> Billitonnen:
        """An independent copy, with its own copy of the generator that breaks a final tie."""
        new = Billitonnen.__new__(Billitonnen)
        new.players = self.players
        new.rows = [row[:] for row in self.rows]
        new.first = self.first
        new.rng = random.Random.__new__(random.Random)
        new.rng.setstate(self.rng.getstate())
        new.face_up = set(self.face_up)
        new.seen = set(self.seen)
        new.turned = self.turned
        new.peeked = self.peeked
        new.winner = self.winner
        new.tie_draw = self.tie_draw
        new.line = self.line[:]
        new.ends = dict(self.ends)
        new.current = self.current
        return new

    # -- actions ----------------------------------------------------------------------------------------
    def legal(self) -> list[Turn | Word]:
        if self.turned >= 0:
            row = self.rows[self.current]
            return [*PLACES, PEEK] if self.peeked < 0 and row else list(PLACES)
        return list(TURNS)

    def apply(self, action: Turn | Word) -> dict[str, object]:
        """Apply a legal action; returns what everyone saw (the turned tile and where it went)."""
        seat = self.current
        row = self.rows[seat]
        if action is PEEK or action == PEEK:
            self.peeked = row[-1]
            return {"peek": True}
        assert isinstance(action, Turn)
        if action.kind == "place":
            tile, self.turned = self.turned, -1
            self._place(tile, action.side)
            return {"tile": label(tile), "placed": COMPASS[action.side]}
        tile = row.pop()
        self.peeked = -1
        self.face_up.discard(tile)
        fits = [side for side in (W, E) if self.ends[side][0] in (LO[tile], HI[tile])]
        if len(fits) == 2:
            self.turned = tile
            return {"tile": label(tile), "fits_both": True}
        if fits == [action.side]:
            self._place(tile, action.side)
            return {"tile": label(tile), "placed": COMPASS[action.side]}
        row.insert(0, tile)
        self.seen.add(tile)
        if IS_DOUBLE[tile]:
            self.face_up.add(tile)
        self.current = (seat + 1) % self.players
        return {"tile": label(tile), "placed": None}

    def _place(self, tile: int, side: int) -> None:
        value, node = self.ends[side]
        free = HI[tile] if LO[tile] == value else LO[tile]
        self.line.append((tile, value, node, side))
        self.ends[side] = (free, len(self.line) - 1)
        if not self.rows[self.current]:
            self.winner = self.current
        else:
            self._check_stuck()

    def _check_stuck(self) -> None:
        """§20 Rec.: when no tile of any row matches either end, the lowest pip total wins (ties: §15)."""
        numbers = {self.ends[W][0], self.ends[E][0]}
        if any(LO[t] in numbers or HI[t] in numbers for row in self.rows for t in row):
            return
        totals = [sum(PIPS[t] for t in row) for row in self.rows]
        low = min(totals)
        tied = [s for s, total in enumerate(totals) if total == low]
        if len(tied) == 1:
            self.winner = tied[0]
        else:
            self.winner, self.tie_draw = draw_off(self.rng, tied)

    def tiles(self) -> list[int]:
        """Every tile of the game, wherever it is (for conservation checks)."""
        out = [t for t, _, _, _ in self.line] + [t for row in self.rows for t in row]
        return out + ([self.turned] if self.turned >= 0 else [])
