"""Persistence: the schema and its migrations, and the store. Every SQL string of the bot lives here."""

from .backends import DatabaseInUse, hold_database, is_postgres, open_store
from .interface import StoreInterface
from .rows import (
    COMPUTER_ID,
    ActionWrite,
    GameFinish,
    GameRow,
    HandMessage,
    HandRow,
    LobbyRow,
    OutboxEntry,
    PlayedGame,
    RatingHistoryRow,
    RatingRow,
    RematchRow,
    ResultRow,
    SeasonFinish,
    SeasonRow,
    SeatRow,
    SettingsRow,
    StoredGame,
)
from .store import Store, StoreError

__all__ = [
    "COMPUTER_ID",
    "ActionWrite",
    "DatabaseInUse",
    "GameFinish",
    "GameRow",
    "HandMessage",
    "HandRow",
    "LobbyRow",
    "OutboxEntry",
    "PlayedGame",
    "RatingHistoryRow",
    "RatingRow",
    "RematchRow",
    "ResultRow",
    "SeasonFinish",
    "SeasonRow",
    "SeatRow",
    "SettingsRow",
    "Store",
    "StoreError",
    "StoreInterface",
    "StoredGame",
    "hold_database",
    "is_postgres",
    "open_store",
]
