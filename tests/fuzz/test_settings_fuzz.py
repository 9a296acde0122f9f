"""A server's settings as `bot.tables.lobby.settings.SettingsBook` keeps them, over a real SQLite store: a default
option given any value, a turn timer of any length, a computer level of any name. A refused value leaves the
saved settings exactly as they were (in memory and on disk); an accepted one is what the rules allow."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ai import LEVELS
from bot.engine import GAMES
from bot.tables.errors import BadOption, BadSetting, UnknownLevel
from bot.tables.lobby.lobbies import check_option
from bot.tables.lobby.settings import SettingsBook
from bot.tables.models import MAX_TURN_SECONDS, MIN_TURN_SECONDS
from data import Store

from .conftest import counted, fuzz
from .strategies import json_values, typed_text

GUILD = 1
SPECS = [(game_id, spec) for game_id in sorted(GAMES) for spec in GAMES[game_id].options]


class Book:
    """One store and settings book for a whole property (a store per example would be most of the cost)."""

    def __init__(self, path: Path) -> None:
        self.loop = asyncio.new_event_loop()
        self.path = path
        self.store: Store = self.run(Store.open(path))
        self.book = SettingsBook(self.store)

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)

    def saved(self) -> Any:
        """The settings as a fresh book reads them from the file."""
        return self.run(SettingsBook(self.store).get(GUILD))

    def close(self) -> None:
        self.run(self.store.close())
        self.loop.close()


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Book]:
    made = Book(tmp_path_factory.mktemp("settings") / "fives.sqlite3")
    yield made
    made.close()


@fuzz(150)
@given(
    spec=st.sampled_from(SPECS),
    value=st.one_of(typed_text(), st.integers(), st.lists(typed_text(), max_size=4), json_values(6)),
)
def test_a_default_option_of_any_value_is_saved_checked_or_not_at_all(book: Book, spec: Any, value: Any) -> None:
    counted("settings")
    game_id, option = spec
    before = book.run(book.book.get(GUILD))
    try:
        after = book.run(book.book.set_default_option(GUILD, game_id, option.id, value))
    except BadOption:
        assert book.run(book.book.get(GUILD)) == before and book.saved() == before
        return
    if value is None:  # None puts the option back to the rules' default (`/settings reset_option`)
        assert option.id not in after.default_options.get(game_id, {})
    else:
        assert after.default_options[game_id][option.id] == check_option(GAMES[game_id], option.id, value)
    assert book.saved() == after


@fuzz(100)
@given(seconds=st.one_of(st.integers(), st.booleans(), st.floats(), typed_text(), st.none()))
def test_a_turn_timer_of_any_length_is_saved_in_bounds_or_not_at_all(book: Book, seconds: Any) -> None:
    counted("settings")
    before = book.run(book.book.get(GUILD))
    try:
        after = book.run(book.book.update(GUILD, turn_seconds=seconds))
    except BadSetting as refused:
        assert len(str(refused)) < 200
        assert book.run(book.book.get(GUILD)) == before and book.saved() == before
        return
    assert MIN_TURN_SECONDS <= after.turn_seconds <= MAX_TURN_SECONDS and type(after.turn_seconds) is int
    assert book.saved() == after


@fuzz(100)
@given(
    level=st.one_of(
        st.sampled_from(LEVELS),
        st.sampled_from([lv.upper() for lv in LEVELS] + [f" {lv}" for lv in LEVELS]),
        typed_text(),
        st.none(),
        json_values(4),
    )
)
def test_a_computer_level_of_any_name_is_saved_as_a_level_or_not_at_all(book: Book, level: Any) -> None:
    counted("settings")
    before = book.run(book.book.get(GUILD))
    try:
        after = book.run(book.book.update(GUILD, computer_level=level))
    except UnknownLevel as refused:
        assert level not in LEVELS and len(str(refused)) < 200 and refused.params["levels"] == ", ".join(LEVELS)
        assert book.run(book.book.get(GUILD)) == before and book.saved() == before
        return
    # None puts the server back on the bot's default level; anything else saved is a level exactly
    assert after.computer_level == level and (level is None or level in LEVELS)
    assert after.turn_seconds == before.turn_seconds and after.default_options == before.default_options
    assert book.saved() == after
