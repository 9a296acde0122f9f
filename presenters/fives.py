"""The fives family in words (Five Up, Muggins, All Fives, Le Quantette, Draw and the rest): plays with
what they scored, and a hand's end with the tiles each player still held."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.engine import Legal, View
from bot.engine.fives import LegalMove
from bot.i18n import has, tr, trn

from .base import Ends, Presenter
from .common import word_label
from .dominoes import is_play, play_label, play_sentence, tiles

if TYPE_CHECKING:
    from bot.tables import BoardChanged, HandEnded


class FivesPresenter(Presenter):
    family = "fives"

    def move_label(
        self, entry: Legal, locale: str, *, scoring: bool = True, view: View | None = None
    ) -> tuple[str, str | None]:
        text = entry.text
        label = word_label(text, locale) or (play_label(text, locale) if text[:1].isdigit() else text)
        description = None
        if isinstance(entry, LegalMove):
            if entry.points:
                description = trn("move.points", entry.points, locale)
            elif scoring and entry.tile is not None:  # Draw dominoes scores nothing in play: it says nothing
                description = tr("move.no_points", locale)
        return label, description

    def hand_text(self, hand: Sequence[object], locale: str) -> str:
        return tiles(hand)

    def action_sentence(
        self, note: BoardChanged, text: str, names: Sequence[str], locale: str, ends: Ends | None
    ) -> str:
        if is_play(text):
            return play_sentence(text, names[note.seat], locale)
        return super().action_sentence(note, text, names, locale, ends)

    def hand_summary(self, note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
        """Why the hand ended (who dominoed), and what everyone still held, with its pips."""
        result = note.result
        detail = result.detail or {}
        lines: list[str] = []
        if result.reason == "domino" and detail.get("goer") is not None:
            lines.append(tr("hand.reason.domino", locale, player=names[detail["goer"]]))
        elif has(f"hand.reason.{result.reason}"):
            lines.append(tr(f"hand.reason.{result.reason}", locale))
        held, pips = detail.get("hands"), detail.get("pips")
        if isinstance(held, list) and isinstance(pips, list):
            for seat, hand in enumerate(held):
                if hand:
                    pip_count = trn("pips", pips[seat], locale)
                    lines.append(tr("hand.held", locale, player=names[seat], tiles=" ".join(hand), pips=pip_count))
        return lines
