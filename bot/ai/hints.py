"""Hints for learners (issue 28, item 4): the search's move for a seat on its turn, and why, in a few words.

A hint is the post-game analysis of one decision made before it is made: `bot.ai.analysis.analyse_move` on
the seat's view (never the state: what the player may know now, nothing more), every candidate given the
same sampled deals and scored by the expected points by the end of the hand. The reason is what the search
and the position know, in the simplest form that is true:

- `only`: a single legal move;
- `scores`: the move scores now (a fives play's points); `chips`: Domineren's chips it earns at once;
- `partner`: a Five Hundred bid in the suit the partner bid;
- `ahead`: otherwise, how many expected points it is ahead of the runner-up (named);
- `close`: a near tie with the runner-up (within `CLOSE` points), so either is sound.

Deterministic for (view, seed, budget), so asking again gives the same hint, and the bot's answer is the same
after a restart. The reason comes as a key and its parameters: the words are the caller's (bot.i18n).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.engine import View

from .analysis import Budget, Position, analyse_move

HINT_BUDGET = Budget(playouts=320, min_samples=12)  # about a tenth of a second of CPU for fives
CLOSE = 0.5  # expected points: a runner-up this close is as good, as far as the samples can tell


@dataclass(frozen=True, slots=True)
class Hint:
    move: str  # the action's text, as the engine writes it (a control's value)
    reason: str  # only | scores | chips | partner | ahead | close
    params: dict[str, Any] = field(default_factory=dict)
    value: float = 0.0  # expected points of the move by the end of the hand
    runner_up: str | None = None  # the next best move compared, if any
    margin: float = 0.0  # expected points ahead of the runner-up
    samples: int = 0


def hint(view: View, seed: int, budget: Budget | None = None) -> Hint:
    """The search's move for `view`'s seat, and why. ValueError if the seat has nothing to do."""
    legal = list(view.legal)
    if not legal:
        raise ValueError(f"seat {view.seat} has nothing to do in this view")
    if len(legal) == 1:
        return Hint(legal[0].text, "only")
    found = analyse_move(
        Position(index=view.turn, view=view, made=legal[0].text, margin=0.0), seed, budget or HINT_BUDGET
    )
    best, value = found.values[0]
    runner_up, second = found.values[1] if len(found.values) > 1 else (None, value)
    margin = value - second
    entry = next((e for e in legal if e.text == best), None)
    reason, params = _reason(view, entry, runner_up, margin)
    return Hint(best, reason, params, value, runner_up, margin, found.samples)


def _reason(view: Any, entry: Any, runner_up: str | None, margin: float) -> tuple[str, dict[str, Any]]:
    points = getattr(entry, "points", 0)  # a fives play's
    if isinstance(points, int) and points > 0:
        return "scores", {"points": points}
    chips = getattr(entry, "gain", 0)  # a Domineren move's
    if isinstance(chips, int) and chips > 0:
        return "chips", {"chips": chips}
    suit = _partner_suit(view, entry)
    if suit is not None:
        return "partner", {"suit": suit}
    if runner_up is None or margin < CLOSE:
        return "close", {"other": runner_up or ""}
    return "ahead", {"other": runner_up, "margin": round(margin, 1)}


def _partner_suit(view: Any, entry: Any) -> str | None:
    """The suit of a Five Hundred bid that is the one the seat's partner bid this hand (else None)."""
    if getattr(entry, "kind", None) != "bid" or not hasattr(view, "auction"):
        return None
    suit = _suit(entry.text)
    side = next((s for s in view.sides if view.seat in s), ())
    partners = {s for s in side if s != view.seat}
    bid = {_suit(text) for seat, text in view.auction if seat in partners}
    return suit if suit is not None and suit in bid else None


def _suit(text: str) -> str | None:
    text = text.upper()
    if text.endswith("NT") or not text[:-1].isdigit():
        return None
    return text[-1] if text[-1] in "SCDH" else None
