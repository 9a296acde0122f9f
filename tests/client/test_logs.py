"""Logs an operator can use: with FIVES_LOG_FORMAT=json one JSON object a line, naming the game, guild and
interaction of the lines about one; plain lines name them too."""

from __future__ import annotations

import json
import logging
import sys

import pytest

from app.settings import Settings, SettingsError
from bot.logs import ContextFilter, JsonFormatter, TextFormatter, game_context, guild_var, interaction_var
from bot.version import bot_version


def _record(message: str, exc: bool = False) -> logging.LogRecord:
    info = None
    if exc:
        try:
            raise ValueError("boom")
        except ValueError:
            info = sys.exc_info()
    record = logging.LogRecord("fives.test", logging.WARNING, __file__, 1, message, (), info)
    ContextFilter().filter(record)
    return record


def test_a_json_line_names_the_game_guild_and_interaction_it_is_about() -> None:
    token_g, token_i = guild_var.set(42), interaction_var.set(777)
    try:
        with game_context(12):
            line = JsonFormatter().format(_record("game %s moved"))
        outside = JsonFormatter().format(_record("between games"))
    finally:
        guild_var.reset(token_g)
        interaction_var.reset(token_i)
    entry = json.loads(line)
    assert entry["level"] == "WARNING" and entry["logger"] == "fives.test"
    assert (entry["game"], entry["guild"], entry["interaction"]) == (12, 42, 777)
    assert "game" not in json.loads(outside) and json.loads(outside)["guild"] == 42
    assert JsonFormatter().format(_record("nothing")).count("\n") == 0


def test_a_traceback_stays_inside_its_json_line_and_plain_lines_name_the_game() -> None:
    entry = json.loads(JsonFormatter().format(_record("failed", exc=True)))
    assert "ValueError: boom" in entry["exception"]
    with game_context(5):
        assert TextFormatter().format(_record("moved")).endswith("moved [game=5]")


def test_the_format_is_a_setting_and_the_version_is_the_installed_one() -> None:
    assert Settings.from_env({"FIVES_LOG_FORMAT": "json"}, dotenv=False).log_format == "json"
    assert Settings.from_env({}, dotenv=False).log_format == "text"
    with pytest.raises(SettingsError, match="FIVES_LOG_FORMAT"):
        Settings.from_env({"FIVES_LOG_FORMAT": "xml"}, dotenv=False)
    with pytest.raises(SettingsError, match="FIVES_METRICS_PORT"):
        Settings.from_env({"FIVES_METRICS_PORT": "http"}, dotenv=False)
    assert Settings.from_env({"FIVES_METRICS_PORT": "9108"}, dotenv=False).metrics_port == 9108
    assert bot_version().count(".") >= 2
