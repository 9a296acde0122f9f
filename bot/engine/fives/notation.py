"""Domino actions and their text (docs/records.md, "Action notation").

`5-5` leads a tile, `5-3@5-5` attaches 5-3 by its 5 to the tile 5-5, `draw` and `pass` are themselves.
`TILE@TARGET:N` names the compass side of the target (the lead's line runs W-E), and ` muggins` after a
play claims its points when players must call them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..base import DRAW, PASS, Word
from ..errors import BadNotation, quoted
from ..tiles import HI, LO, label, parse_halves, tile_id
from .layout import COMPASS


class Play(NamedTuple):
    """A lead (`target == -1`) or a play of `tile` by its `touch` half on `target`.

    `target_touch` is how the target lies (its touching half), kept so the action formats like the table
    shows it; `side` is a compass side or -1 for "the first open end that fits".
    """

    tile: int
    touch: int
    target: int
    target_touch: int
    side: int = -1
    claim: bool = False

    def __str__(self) -> str:
        if self.target < 0:
            text = label(self.tile)
        else:
            # the lead (target_touch -1) reads as it was led, higher half first
            target = label(self.target, self.target_touch if self.target_touch >= 0 else None)
            text = f"{label(self.tile, self.touch)}@{target}"
            if self.side >= 0:
                text += ":" + COMPASS[self.side]
        return text + " muggins" if self.claim else text


@lru_cache(maxsize=4096)
def parse(text: str, top: int = 9) -> Play | Word:
    """The action a text names (`BadNotation` if none). Cached: a replay or a resume of many games parses the
    same few hundred texts again and again (a third of a resume's time), and a Play is an immutable tuple."""
    raw = text
    text = " ".join(text.strip().lower().split())
    if text in ("draw", "pass"):
        return DRAW if text == "draw" else PASS
    claim = False
    if text.endswith(" muggins"):
        claim, text = True, text[: -len(" muggins")].strip()
    if "@" not in text:
        if ":" in text or " " in text or not text:
            raise BadNotation(
                f"{quoted(raw)} is not a domino action (try 5-5, 5-3@5-5, draw or pass)", "bad_action", text=raw
            )
        a, b = parse_halves(text, top)
        return Play(tile_id(a, b), HI[tile_id(a, b)], -1, -1, -1, claim)
    tile_text, _, target_text = text.partition("@")
    if not tile_text or not target_text or "@" in target_text or " " in text:
        raise BadNotation(
            f"{quoted(raw)} is not a domino action (try 5-5, 5-3@5-5, draw or pass)", "bad_action", text=raw
        )
    side = -1
    if ":" in target_text:
        target_text, _, side_text = target_text.partition(":")
        side_text = side_text.upper()
        if len(side_text) != 1 or side_text not in COMPASS:
            raise BadNotation(f"{quoted(raw)}: the side after ':' is one of N, E, S, W", "bad_side", text=raw)
        side = COMPASS.index(side_text)
    a, b = parse_halves(tile_text, top)
    c, d = parse_halves(target_text, top)
    tile, target = tile_id(a, b), tile_id(c, d)
    if tile == target:
        raise BadNotation(f"{quoted(raw)} attaches a tile to itself", "self_target", text=raw)
    return Play(tile, a, target, c, side, claim)


def describe_touch(tile: int, touch: int) -> str:
    return label(tile, touch if touch in (LO[tile], HI[tile]) else None)
