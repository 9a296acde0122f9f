"""Argument types the benchmarks share, so that a value that cannot run (`--processes 0`, `--kills -1`, a
MySQL URL) is refused by argparse in one line instead of failing deep inside a run."""

from __future__ import annotations

import argparse
from collections.abc import Callable


def at_least(low: float, kind: type = int) -> Callable[[str], float]:
    """An argparse type: a number of `kind`, `low` or more."""

    def parse(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole ' if kind is int else ''}number") from None
        if not value >= low:  # NaN too
            raise argparse.ArgumentTypeError(f"{text} is below {low}")
        return value

    parse.__name__ = f"{kind.__name__} of at least {low}"
    return parse


def share(text: str) -> float:
    """An argparse type: a share, from 0 to 1."""
    value = at_least(0.0, float)(text)
    if value > 1:
        raise argparse.ArgumentTypeError(f"{text} is more than 1 (a share is from 0 to 1)")
    return value


def postgres_url(text: str) -> str:
    """An argparse type: a postgresql:// URL."""
    if not text.startswith(("postgresql://", "postgres://")):
        raise argparse.ArgumentTypeError("must be a PostgreSQL URL, postgresql://user:password@host:port/database")
    return text
