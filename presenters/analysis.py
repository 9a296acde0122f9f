"""A player's post-game analysis as words (bot.tables.play.analyses): its summary, its three costliest moves
and its footer, for the Discord answer (cogs/controls/analysis.py) and the web table's page (web/analysis.py)
alike, so that both say the same thing from the same message keys."""

from __future__ import annotations

from bot.ai.analysis import MoveAnalysis
from bot.i18n import tr
from bot.tables.play.analyses import PlayerAnalysis

from .hints import move_name


def named(found: PlayerAnalysis, move: MoveAnalysis, text: str, locale: str) -> str:
    """One of a move's candidates (the move made, the best) named as the seat's controls named it then
    (`6-4 on 5-5`, `J♥`), else in its notation."""
    view = found.views.get(move.index)
    return text if view is None else move_name(found.table.game_id, view, text, locale)


def summary_line(found: PlayerAnalysis, locale: str) -> str:
    """How many of the player's moves had a choice, how many were the search's best, the points given away."""
    analysis = found.analysis
    best = sum(1 for m in analysis.moves if m.cost <= 1e-9)
    return tr("analysis.summary", locale, moves=len(analysis.moves), best=best, cost=f"{analysis.total_cost:.1f}")


def costly_lines(found: PlayerAnalysis, locale: str) -> list[str]:
    """The costliest moves, one line each, dearest first (empty when every move was the best)."""
    return [
        tr(
            "analysis.costly",
            locale,
            rank=rank,
            move=m.index + 1,
            hand=m.hand_no,
            made=named(found, m, m.made, locale),
            best=named(found, m, m.best, locale),
            cost=f"{m.cost:.1f}",
        )
        for rank, m in enumerate(found.analysis.costliest(), start=1)
    ]


def footer_line(found: PlayerAnalysis, locale: str) -> str:
    """What the verdicts rest on: how many deals were sampled for each move."""
    moves = found.analysis.moves
    return tr("analysis.footer", locale, samples=moves[0].samples if moves else 0)
