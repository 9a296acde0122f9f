"""Domineren actions and their text (docs/records.md, docs/domineren.md).

4-4                  the set (a double from the hand)
draw                 the set player without a double draws the set; later, draws from the talon
type 5               the type declaration (gametypes.py has the parameters)
declare / decline    double declarations (§7) and the special double plays on the set (§8)
3-3@4-4:N            a play: 3 touches 4-4, on the set's N side (the side only where it matters)
6-5@6-2 block        a play followed by the Block declaration (§12)
pass, concede        pass; concede a block with two players left (§12)
claim                with auto_claim=off: collect the payments you are owed (out of turn too)
turn W, place E, peek  Billitonnen (§20)
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import DRAW, PASS, Word
from ..errors import BadNotation, quoted
from ..tiles import COMPASS, HI, label, parse_halves, tile_id
from .gametypes import Declaration, parse_declaration


class Play(NamedTuple):
    """The set (`target == -1`) or a play of `tile` with its `touch` half on the tile `target`.

    `target_touch` is how the target lies (its touching half), so the text reads like the table;
    `side` is the compass side of the end, written only where the target has several ends that differ
    (-1: the one end that fits).
    """

    tile: int
    touch: int
    target: int
    target_touch: int
    side: int = -1
    block: bool = False

    def __str__(self) -> str:
        if self.target < 0:
            return label(self.tile)
        text = f"{label(self.tile, self.touch)}@{label(self.target, self.target_touch)}"
        if self.side >= 0:
            text += ":" + COMPASS[self.side]
        return text + " block" if self.block else text


DECLARE = Word("declare")
DECLINE = Word("decline")
CONCEDE = Word("concede")
CLAIM = Word("claim")
PEEK = Word("peek")
WORDS: dict[str, Word] = {w: w for w in (DRAW, PASS, DECLARE, DECLINE, CONCEDE, CLAIM, PEEK)}


class Turn(NamedTuple):
    """Billitonnen: `turn W` turns the rightmost tile at the W end; `place E` puts a tile that fits both
    ends on the E end."""

    kind: str  # "turn" or "place"
    side: int

    def __str__(self) -> str:
        return f"{self.kind} {COMPASS[self.side]}"


Action = Play | Word | Declaration | Turn


def parse(text: str) -> Action:
    raw = text
    text = " ".join(text.strip().lower().split())
    word = WORDS.get(text)
    if word is not None:
        return word
    if text.startswith("type ") or text == "type":
        return parse_declaration(text)
    kind, _, end = text.partition(" ")
    if kind in ("turn", "place"):
        if end not in ("w", "e"):
            raise BadNotation(f"{quoted(raw)}: write {kind} W or {kind} E", "bad_turn", text=raw)
        return Turn(kind, COMPASS.index(end.upper()))
    block = False
    if text.endswith(" block"):
        block, text = True, text[: -len(" block")]
    if " " in text or not text:
        raise BadNotation(
            f"{quoted(raw)} is not a Domineren action (try 4-4, 3-4@4-4, draw, pass or type 1)", "bad_action", text=raw
        )
    if "@" not in text:
        if ":" in text or block:
            raise BadNotation(
                f"{quoted(raw)}: a tile played on the table is written like 3-4@4-4", "bad_action", text=raw
            )
        a, b = parse_halves(text, 6)
        t = tile_id(a, b)
        return Play(t, HI[t], -1, -1)
    tile_text, _, target_text = text.partition("@")
    if not tile_text or not target_text or "@" in target_text:
        raise BadNotation(f"{quoted(raw)}: a tile played on the table is written like 3-4@4-4", "bad_action", text=raw)
    side = -1
    if ":" in target_text:
        target_text, _, side_text = target_text.partition(":")
        side_text = side_text.upper()
        if len(side_text) != 1 or side_text not in COMPASS:
            raise BadNotation(f"{quoted(raw)}: the side after ':' is one of N, E, S, W", "bad_side", text=raw)
        side = COMPASS.index(side_text)
    a, b = parse_halves(tile_text, 6)
    c, d = parse_halves(target_text, 6)
    tile, target = tile_id(a, b), tile_id(c, d)
    if tile == target:
        raise BadNotation(f"{quoted(raw)} attaches a tile to itself", "self_target", text=raw)
    return Play(tile, a, target, c, side, block)
