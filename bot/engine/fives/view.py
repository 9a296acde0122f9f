"""What a seat may know of a fives-family game (`view(seat)`), and what everyone may know (`view(None)`).

Views are plain frozen data (ints, strings, tuples) so that the table and the renderer never touch the
state, and a test can scan a public view for hidden tiles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..view import Legal, Tile, View


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the table: `a` touches the parent (the lead: its higher half, facing W), `b` faces away."""

    a: int
    b: int
    parent: int  # index in `FivesView.layout`, -1 for the lead
    dir: int  # compass direction from the parent: 0 E, 1 N, 2 W, 3 S (the lead's line runs W-E)
    double: bool
    spinner: bool


@dataclass(frozen=True, slots=True)
class LegalMove(Legal):
    points: int  # what it scores in play for the mover's side
    tile: tuple[int, int] | None  # the tile it plays (higher half first), None for draw/pass


@dataclass(frozen=True, slots=True, kw_only=True)
class FivesView(View):
    sides: tuple[tuple[int, ...], ...]
    leader: int
    game_points: tuple[int, ...] | None
    layout: tuple[PlacedTile, ...]
    ends: tuple[tuple[int, int, int, bool], ...]  # (number, layout index, direction, is an arm)
    end_count: int
    boneyard: int
    drawable: int
    hand_sizes: tuple[int, ...]
    hand: tuple[Tile, ...] | None  # the viewer's own tiles; None in the public view
    legal: tuple[LegalMove, ...]  # the viewer's legal actions when it is the viewer's turn
    last: tuple[int, str, tuple[int, ...]] | None  # (seat, action, points per side) of the last action
    # `history` holds every action of the hand being played (all public: a drawn tile's face is not in it),
    # from which a seat learns who drew or passed on which open ends; the remaining tiles of the finished
    # `hands` were shown at their end
    parties: tuple[dict[str, Any], ...]  # Le Quantette's finished parties
    lead_draw: tuple[tuple[int, int], ...] | None  # the tiles drawn for the first lead (C3)
    muggins_unit: int  # 5: E/5 points, 1: E points, 0: no scoring in play
    target: int | None
    extension_left: int = 0  # Five Up and Le Quantette: hands left to play off a tie at the top
    partie_hands_from: int = 0  # Le Quantette: the first hand (index in `hands`) of the partie being played
