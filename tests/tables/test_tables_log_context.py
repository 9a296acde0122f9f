"""The table service's own lines about a game (a write retried, a turn or a timer that could not be saved)
name the game as a field of the line (#26 item 4), as those written while an interaction is handled do."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.logs import ContextFilter
from data import StoreConflict, StoreError


class Lines(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.addFilter(ContextFilter())
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture
def lines() -> Any:
    handler = Lines()
    logger = logging.getLogger("bot.tables")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    yield handler.records
    logger.removeHandler(handler)
    logger.setLevel(level)


async def test_a_retried_write_and_a_turn_left_for_the_next_tick_name_their_game(
    harness: Any, monkeypatch: pytest.MonkeyPatch, lines: list[logging.LogRecord]
) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    while True:  # a human move after which a computer is to act
        hand = await harness.to_act(game_no)
        table = await svc.tables.info(game_no)
        if table.seats[(hand.seat + 1) % len(table.seats)].computer and hand.view.legal[0].text != "draw":
            break
        await harness.step(game_no)
    real = harness.store.append_action
    calls = 0

    async def flaky(write: Any) -> None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise StoreConflict("deadlock detected")  # the human's move: made again
        if calls == 3:
            raise StoreError("database is locked")  # the computer's: left for the next tick
        await real(write)

    monkeypatch.setattr(harness.store, "append_action", flaky)
    await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    about = [r for r in lines if f"game {game_no}:" in r.getMessage()]
    assert len(about) >= 2, [r.getMessage() for r in lines]
    assert all(getattr(r, "game", None) == game_no for r in about)
