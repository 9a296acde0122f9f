"""Telling English in a text meant for a Japanese reader: Latin words, less the few a Japanese reader sees
in Latin letters anyway (the sources that rules cite, the No Trumps of a bid as the Japanese pages write
it) and what Discord shows in each reader's own way (mentions, timestamps, links)."""

from __future__ import annotations

import re
import sys
from typing import Any

import pytest

import rendering.text

# Latin words a Japanese text may hold: the sources option labels cite (IDA, pagat.com), and "NT" as the
# Japanese pages write a no-trump bid (7NT).
ALLOWED_WORDS = frozenset({"IDA", "pagat", "com", "NT"})
# Where the action notation itself is shown (the field to type a move in, its examples, the refusals of
# a mistyped move), its words are the notation, not English: the one-word moves and the words after a
# move (`muggins`, `block`), the Five Hundred bids and actions, the Domineren declarations and Billitonnen.
NOTATION_WORDS = frozenset(
    {
        *("draw", "pass", "declare", "decline", "solo", "concede", "claim", "peek", "muggins", "block"),
        *("misere", "open", "discard", "call", "type", "turn", "place"),
    }
)
# A card as it is typed (`AC`, `10H`, `JK`): the Five Hundred hand labels each card with it.
CARD = re.compile(r"(?:10|[2-9JQKA])[SCDH]|JK")
NOT_WORDS = re.compile(
    r"<(?:@[!&]?|#)\d+>"  # mentions of users, roles and channels
    r"|<t:\d+(?::[tTdDfFR])?>"  # timestamps, shown in each reader's own language
    r"|</[^:>]+:\d+>"  # command mentions, shown localised
    r"|<a?:\w+:\d+>"  # custom emoji
    r"|https?://\S+"
)
WORD = re.compile(r"[A-Za-z]{2,}")


def english_in(text: str, *, notation: bool = False) -> list[str]:
    """The Latin words of `text` that a Japanese reader should not see; with `notation`, the words of the
    action notation (and a card written as typed) are allowed."""
    words = WORD.findall(NOT_WORDS.sub(" ", text))
    if notation:
        return [w for w in words if w not in ALLOWED_WORDS | NOTATION_WORDS and not CARD.fullmatch(w)]
    return [w for w in words if w not in ALLOWED_WORDS]


def record_drawn_text(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, every text drawn in an image (the renderers all draw words with
    `rendering.text.draw_text`), in a list that fills as they draw."""
    texts: list[str] = []
    real = rendering.text.draw_text

    def spy(canvas: Any, x: float, baseline: float, text: str, *args: Any, **kwargs: Any) -> int:
        texts.append(text)
        return real(canvas, x, baseline, text, *args, **kwargs)

    for name, module in list(sys.modules.items()):
        if name.startswith("rendering") and getattr(module, "draw_text", None) is real:
            monkeypatch.setattr(module, "draw_text", spy)
    return texts
