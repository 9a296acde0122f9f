"""What a careless or hostile user types: notation-shaped text, any Unicode with control characters,
mentions, and sizes far beyond any real move."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

PIECES = [
    # dominoes
    "5-3",
    "5-5",
    "0-0",
    "6-6",
    "9-9",
    "3-4",
    "-",
    "@",
    "@@",
    ":",
    "N",
    "E",
    "S",
    "W",
    "x",
    " muggins",
    " block",
    "draw",
    "pass",
    "declare",
    "decline",
    "concede",
    "claim",
    "peek",
    "turn W",
    "place E",
    "turn N",
    "type ",
    "type 11 ",
    "13a",
    "18",
    "a:W",
    "b:E:3",
    "b:W:9",
    "normal:WE",
    "normal:W",
    "cross",
    "double-cross",
    "switch",
    "low",
    "high",
    # Five Hundred
    "10H",
    "JS",
    "AD",
    "2C",
    "13H",
    "11S",
    "JK",
    "JK:H",
    "JK:",
    "6NT",
    "10NT",
    "7H",
    "misere",
    "misère",
    "open-misere",
    "nullo",
    "bid ",
    "discard ",
    "call ",
    "solo",
    "NT",
    # hostile
    " ",
    "  ",
    "\t",
    "\n",
    "\x00",
    "\x1b[31m",
    "\u200b",
    "\u202e",
    "²",
    "５",
    "٣",
    "-1",
    "99999999999999999999",
    "@everyone",
    "@here",
    "<@123456789012345678>",
    "<@&1>",
    "<#1>",
    "`",
    "**",
    "||",
    "\\",
    "'",
    '"',
    "{}",
    "%s",
    "{text}",
    "\ud7ff",
    "🂡",
    "🁣",
]

HUGE = [
    "5" * 1_000_000,
    "5-5@" * 250_000,
    "@" * 100_000,
    "discard " + "10H " * 100_000,
    "type 11 " + "a:W " * 50_000,
    "@everyone " * 10_000,
    "\x00" * 100_000,
]


def typed_text() -> st.SearchStrategy[str]:
    """Text as typed into `/move` or the Type a move modal (or given as an action in a record)."""
    return _TYPED


def _typed_text() -> st.SearchStrategy[str]:
    pieces = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=8).map("".join)
    anything = st.text(st.characters(codec=None, exclude_categories=["Cs"]), max_size=40)
    return st.one_of(pieces, pieces.map(str.upper), anything, st.sampled_from(HUGE))


_TYPED = _typed_text()


def mutated(legal: list[str]) -> st.SearchStrategy[str]:
    """A legal action's text as someone might mistype it: case, spaces, a character dropped or doubled,
    something appended."""
    if not legal:
        return typed_text()
    base = st.sampled_from(legal)

    def mutate(args: tuple[str, int, str, str]) -> str:
        text, i, extra, how = args
        i = i % (len(text) + 1)
        return {
            "upper": text.upper(),
            "spaces": f"  {text.replace('@', ' @ ')} ",
            "drop": text[:i] + text[i + 1 :],
            "double": text[:i] + text[i:] + text[i:],
            "append": text + extra,
            "insert": text[:i] + extra + text[i:],
        }[how]

    how = st.sampled_from(["upper", "spaces", "drop", "double", "append", "insert"])
    return st.one_of(base, st.tuples(base, st.integers(0, 40), st.sampled_from(PIECES), how).map(mutate))


def json_values(max_leaves: int = 30) -> st.SearchStrategy[Any]:
    """Any JSON value (and the Python values json.loads makes of it), keys biased to a record's fields."""
    keys = st.sampled_from(
        [
            "format",
            "game",
            "players",
            "options",
            "seed",
            "deals",
            "actions",
            "hands",
            "boneyard",
            "widow",
            "dummy",
            "dealer",
            "first_leader",
            "seat",
            "action",
            "target",
            "Actions",
            "",
        ]
    ) | st.text(max_size=8)
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-(10**400), 10**400),
        st.floats(allow_nan=True, allow_infinity=True),
        typed_text(),
        st.sampled_from(["five-up", "domineren", "five-hundred", "draw", "5-5", "10H", "on", "off", "4"]),
    )
    return st.recursive(
        leaves,
        lambda children: st.lists(children, max_size=5) | st.dictionaries(keys, children, max_size=5),
        max_leaves=max_leaves,
    )
