"""The fives family and Draw dominoes (docs/rules/fives.md)."""

from .determinize import determinize, redeal
from .notation import DRAW, PASS, Play, parse
from .rules import OPTIONS, RULES
from .state import FivesState
from .view import FivesView, LegalMove, PlacedTile

__all__ = [
    "DRAW",
    "OPTIONS",
    "PASS",
    "RULES",
    "FivesState",
    "FivesView",
    "LegalMove",
    "PlacedTile",
    "Play",
    "determinize",
    "parse",
    "redeal",
]
