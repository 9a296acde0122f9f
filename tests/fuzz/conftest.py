"""Fuzzing every parser a user can reach (issue 13): property tests with hypothesis.

CI runs each property at a modest number of examples; `FIVES_FUZZ_EXAMPLES=N` runs each at N. Every
generated input is counted, and the count is printed at the end of the run (`fuzz: ... generated inputs`),
so that a long run can report how many inputs it tried.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings

EXAMPLES = int(os.environ.get("FIVES_FUZZ_EXAMPLES", "0") or 0)
GENERATED: Counter[str] = Counter()


def fuzz(ci_examples: int) -> settings:
    """Hypothesis settings for one property: `ci_examples` in CI, FIVES_FUZZ_EXAMPLES when set."""
    return settings(
        max_examples=EXAMPLES or ci_examples,
        deadline=None,  # some inputs are megabytes; a hang would still show as a test that never ends
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )


def counted(parser: str) -> None:
    GENERATED[parser] += 1


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if GENERATED:
        parts = ", ".join(f"{name} {count}" for name, count in sorted(GENERATED.items()))
        terminalreporter.write_line(f"fuzz: {sum(GENERATED.values())} generated inputs ({parts})")
