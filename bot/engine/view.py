"""The view every game family extends: what the table, the presenters and the renderers may read of any
game without knowing its family.

A family's view (`FivesView`, `FiveHundredView`, `DominerenView`) adds its own fields and narrows the
types of `hand`, `legal` and `last`; code that needs those goes through `isinstance(view, FivesView)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .results import HandResult

Tile = tuple[int, int]  # a domino, higher half first
Card = str  # a card in record notation: `10H`, `JK`


@dataclass(frozen=True, slots=True)
class Legal:
    """One legal action of the viewer, as a button or a computer player sees it."""

    text: str  # the action in record notation, as `parse_action` reads it


# The last action: (seat, action text), followed in the domino families by the points (chips in Domineren)
# it scored per side (per seat in Domineren).
LastAction = tuple[int, str] | tuple[int, str, tuple[int, ...]]


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    game_id: str
    players: int
    seat: int | None  # whose view this is; None = public
    options: dict[str, Any]
    hand_no: int  # hands dealt so far, the one in play included
    current_seat: int | None  # the seat to act, None once the game is over
    turn: int  # actions applied so far: a control made for turn t is stale once `turn != t`
    over: bool
    winner: tuple[int, ...] | None  # the winning seats or side, once over
    scores: tuple[int, ...]  # per side (Domineren: chips per seat)
    hand: tuple[Tile, ...] | tuple[Card, ...] | None  # the viewer's own tiles or cards; None in the public view
    legal: tuple[Legal, ...]  # the viewer's legal actions when the viewer may act, else ()
    last: LastAction | None  # the last action applied, None before the first
    history: tuple[tuple[int, str], ...]  # (seat, action) of the hand being played, as this viewer may see them
    hands: tuple[HandResult, ...]  # finished hands: reason, points per side and public details
