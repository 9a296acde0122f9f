"""Japanese texts use Japanese punctuation: the full-width colon (an ASCII colon only inside the notation,
such as `JK:H` or `a:W`), and no space after 。 or before （ (and where sentences are put one after another:
tests/presenters/test_common.py)."""

from __future__ import annotations

import re

from bot.i18n import catalogue

NOTATION = re.compile(r"`[^`]*`|「:」|(?<=[A-Za-z0-9]):(?=[A-Za-z0-9])|https?:")


def test_every_japanese_entry_writes_its_colons_full_width() -> None:
    bad = {k: v for k, v in catalogue("ja").items() if ":" in NOTATION.sub("", v)}
    assert bad == {}


def test_no_japanese_entry_leaves_a_space_after_a_full_stop_or_before_a_bracket() -> None:
    bad = {k: v for k, v in catalogue("ja").items() if re.search(r"。[ \u3000]|[^\n] （", v)}
    assert bad == {}
