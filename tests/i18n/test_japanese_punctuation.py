"""Japanese texts use Japanese punctuation: the full-width colon (an ASCII colon only inside the notation,
such as `JK:H` or `a:W`), and no space after 。 or before （, in the catalogues and where sentences are put
one after another."""

from __future__ import annotations

import re

from bot.i18n import catalogue
from cogs.words import sentences

NOTATION = re.compile(r"`[^`]*`|「:」|(?<=[A-Za-z0-9]):(?=[A-Za-z0-9])|https?:")


def test_every_japanese_entry_writes_its_colons_full_width() -> None:
    bad = {k: v for k, v in catalogue("ja").items() if ":" in NOTATION.sub("", v)}
    assert bad == {}


def test_no_japanese_entry_leaves_a_space_after_a_full_stop_or_before_a_bracket() -> None:
    bad = {k: v for k, v in catalogue("ja").items() if re.search(r"。[ \u3000]|[^\n] （", v)}
    assert bad == {}


def test_sentences_put_together_are_spaced_in_english_only() -> None:
    assert sentences(["Alice played 5♦.", "Bob takes the trick."]) == "Alice played 5♦. Bob takes the trick."
    assert sentences(["さくらが5♦を出しました。", "たけしがトリックを取りました。"]) == (
        "さくらが5♦を出しました。たけしがトリックを取りました。"
    )
    assert sentences(["さくらがパスしました。", "*（自動）*", ""]) == "さくらがパスしました。*（自動）*"
