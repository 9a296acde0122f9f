"""A finished hand, as the engine's states record it and their views show it (here, beneath both the
contract in `base` and the views in `view`, so that neither imports the other back)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class HandResult:
    """One finished hand: why it ended, what each side scored at its end, and public details
    (remaining hands are shown at the end of a hand, so they are public from then on)."""

    reason: str
    points: tuple[int, ...]
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def scored(self) -> tuple[int, ...]:
        """What each side scored in the hand, all told: its end's points and, in the games that score in
        play, what it made in play (`detail["play"]`). The one "+N" of a hand, on the score sheet and in
        the hand's message alike (the end's points alone read "+0 (total 6)" beside a sheet's "+6")."""
        play = self.detail.get("play")
        if not play:
            return self.points
        return tuple(p + q for p, q in zip(self.points, play, strict=False))
