"""Persistence: the schema and its migrations, and the store. Every SQL string of the bot lives here."""

from .rows import (
    COMPUTER_ID,
    ActionWrite,
    GameFinish,
    GameRow,
    HandMessage,
    HandRow,
    LobbyRow,
    OutboxEntry,
    RatingRow,
    ResultRow,
    SeatRow,
    SettingsRow,
    StoredGame,
)
from .store import Store, StoreError

__all__ = [
    "COMPUTER_ID",
    "ActionWrite",
    "GameFinish",
    "GameRow",
    "HandMessage",
    "HandRow",
    "LobbyRow",
    "OutboxEntry",
    "RatingRow",
    "ResultRow",
    "SeatRow",
    "SettingsRow",
    "Store",
    "StoreError",
    "StoredGame",
]
