"""The bot's logging: plain lines by default, or one JSON object a line (`FIVES_LOG_FORMAT=json`) for a log
collector; either way every line written while an interaction or a game is being handled names them.

The standard library's `logging`, with a JSON formatter of our own (a dozen lines over `json.dumps`), rather
than structlog: every module of the bot and discord.py itself already log through `logging`, so a formatter
and a filter give every line the same shape without changing a call, and no dependency is added.

The ids come from context variables: the interaction edge (`app.lifecycle`) sets the interaction, guild and
user for the task that handles it (and the tasks it starts), and the table service sets the game while it
plays one (`game_context`).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

FORMATS = ("text", "json")

game_var: ContextVar[int | None] = ContextVar("fives_game", default=None)
guild_var: ContextVar[int | None] = ContextVar("fives_guild", default=None)
interaction_var: ContextVar[int | None] = ContextVar("fives_interaction", default=None)
user_var: ContextVar[int | None] = ContextVar("fives_user", default=None)

_FIELDS = (("game", game_var), ("guild", guild_var), ("interaction", interaction_var), ("user", user_var))


@contextmanager
def game_context(game_no: int) -> Iterator[None]:
    """Lines logged inside name the game (and go back to what they named before, after)."""
    token = game_var.set(game_no)
    try:
        yield
    finally:
        game_var.reset(token)


class ContextFilter(logging.Filter):
    """Puts the ids of the context on each record (`record.game`...; None where there is none)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for name, var in _FIELDS:
            setattr(record, name, var.get())
        return True


class TextFormatter(logging.Formatter):
    """The usual line, with ` [game=12 guild=34 interaction=56]` where the context has them."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)-7s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = " ".join(f"{name}={value}" for name, _ in _FIELDS if (value := getattr(record, name, None)) is not None)
        if not ids:
            return line
        first, newline, rest = line.partition("\n")  # after the message, before a traceback
        return f"{first} [{ids}]{newline}{rest}"


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, the context's ids, and the
    traceback as one string when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name, _ in _FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        elif record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure(level: str, fmt: str = "text") -> None:
    """The root logger: one handler on stderr in `fmt` at `level` (replacing any earlier one)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else TextFormatter())
    handler.addFilter(ContextFilter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(getattr(logging, level))
    # discord.py's gateway chatter is only useful when something is wrong with the connection.
    logging.getLogger("discord").setLevel(max(logging.INFO, getattr(logging, level)))
