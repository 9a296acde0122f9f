"""The chaos run (tests/chaos/chaos.py): small in CI; `FIVES_CHAOS_TABLES=60 FIVES_CHAOS_STEPS=25000 pytest
tests/chaos -s` for the full size. Prints one summary line."""

from __future__ import annotations

import logging
import os
from collections.abc import Callable

import pytest
import simcord

from app.client import FivesBot

from .chaos import Chaos

TABLES = int(os.environ.get("FIVES_CHAOS_TABLES", "8"))
STEPS = int(os.environ.get("FIVES_CHAOS_STEPS", "400"))
SEED = int(os.environ.get("FIVES_CHAOS_SEED", "5"))
FULL = "FIVES_CHAOS_TABLES" in os.environ  # at full size, a table that ends is replaced by a new one


@pytest.fixture
def patient(simcord_env: simcord.Env) -> simcord.Env:
    """A bot resuming dozens of tables on a busy machine may take longer to settle than the suite's minute:
    two minutes here, restarts included (tests/conftest.py's `patient_restarts`)."""
    simcord_env.settle_timeout = 120.0
    return simcord_env


async def test_tables_under_faults_lose_double_and_leak_nothing_and_answer_everyone(
    patient: simcord.Env, make_bot: Callable[[], FivesBot], caplog: pytest.LogCaptureFixture
) -> None:
    simcord_env = patient
    caplog.set_level(logging.WARNING)
    chaos = Chaos(simcord_env, make_bot, SEED, TABLES, fault_rate=0.08, community_rate=0.06)
    try:
        await chaos.open_tables()
        await chaos.run(STEPS, reopen=FULL)
        await chaos.drain()
        errors = sum(1 for r in caplog.records if r.levelno >= logging.ERROR)
        summary = await chaos.check(errors)
    finally:
        chaos.restore()
    print(summary.line())
    for problem in summary.problems[:20]:
        print("  " + problem)
    assert summary.tables >= TABLES and summary.faults > 0
    assert (summary.lost, summary.doubled, summary.leaks, summary.unanswered, summary.errors) == (0, 0, 0, 0, 0)
    assert summary.problems == []
