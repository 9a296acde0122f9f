"""Five Hundred for 2-6 players (docs/rules/five-hundred.md)."""

from __future__ import annotations

from ..base import GameInfo
from .determinize import determinize
from .notation import PASS, SOLO, Call, Discard, Play, parse
from .rules import DEFAULT_PLAYERS, GAME_ID, OPTIONS, PLAYERS, Bid, sides_for
from .state import FiveHundredState
from .view import FiveHundredView, LegalAction


def game_infos() -> list[GameInfo]:
    return [
        GameInfo(
            id=GAME_ID,
            family="five_hundred",
            players=PLAYERS,
            default_players=DEFAULT_PLAYERS,
            options=OPTIONS,
            factory=FiveHundredState,
            sides_for=sides_for,
        )
    ]


__all__ = [
    "OPTIONS",
    "PASS",
    "SOLO",
    "Bid",
    "Call",
    "Discard",
    "FiveHundredState",
    "FiveHundredView",
    "LegalAction",
    "Play",
    "determinize",
    "game_infos",
    "parse",
]
