"""Domineren (Nos, Nossen) with its Billitonnen finale (docs/rules/domineren.md, docs/domineren.md)."""

from __future__ import annotations

from ..base import GameInfo
from .determinize import determinize
from .gametypes import NAMES, TYPE_IDS, Declaration
from .notation import Play, Turn, Word, parse
from .rules import OPTIONS, PLAYERS
from .state import DominerenState
from .view import BillitonnenView, DominerenView, GameType, LegalMove, OpenEnd, PlacedTile


def game_infos() -> list[GameInfo]:
    return [
        GameInfo(
            id="domineren",
            family="domineren",
            players=PLAYERS,
            default_players=4,
            options=OPTIONS,
            factory=DominerenState,
        )
    ]


__all__ = [
    "NAMES",
    "OPTIONS",
    "TYPE_IDS",
    "BillitonnenView",
    "Declaration",
    "DominerenState",
    "DominerenView",
    "GameType",
    "LegalMove",
    "OpenEnd",
    "PlacedTile",
    "Play",
    "Turn",
    "Word",
    "determinize",
    "game_infos",
    "parse",
]
