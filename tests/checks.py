"""Small typed helpers the tests share."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeVar

T = TypeVar("T")


def must(value: T | None) -> T:
    """`value`, which the test needs to be there: a None fails the test here, with a clear message, rather
    than as an AttributeError or TypeError further on."""
    assert value is not None, "expected a value, found None"
    return value


def matches(pattern: re.Pattern[str], lines: Iterable[str]) -> list[re.Match[str]]:
    """Each line's match of `pattern` from its start: the test fails, showing the lines, if one does not match."""
    lines = list(lines)
    found = [pattern.match(line) for line in lines]
    assert all(found), lines
    return [m for m in found if m is not None]


def is_a(kind: type[T], value: object) -> T:
    """`value`, which the test knows to be a `kind` (a game's own state or view where the engine's API
    returns the base class): anything else fails the test here."""
    assert isinstance(value, kind), f"expected a {kind.__name__}, found {type(value).__name__}"
    return value


def only(kind: type[T], values: Iterable[object]) -> T:
    """The one value of `values`, which the test knows to be a `kind`."""
    [value] = values
    return is_a(kind, value)
