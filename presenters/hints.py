"""A hint as words (bot.tables.play.hints): the move the search found, named as the player's controls name it,
and why; for the Discord controls (cogs/controls/hints.py) and the web table's page (web/server.py) alike."""

from __future__ import annotations

from typing import Any

from bot.engine import View
from bot.i18n import tr
from bot.tables.play.hints import HintGiven

from . import presenter


def move_name(game_id: str, view: View, text: str, locale: str) -> str:
    """A move as the player's controls name it (`Play 6-4 on 5`), else its notation."""
    entry = next((e for e in view.legal if e.text == text), None)
    return text if entry is None else presenter(game_id).move_label(entry, locale, view=view)[0]


def hint_line(given: HintGiven, locale: str) -> str:
    """The hint's line: the move and why (`💡 7♥: your partner bid hearts.`)."""
    hint, view = given.hint, given.view
    params: dict[str, Any] = dict(hint.params)
    if params.get("other"):
        params["other"] = move_name(given.table.game_id, view, str(params["other"]), locale)
    if "suit" in params:
        params["suit"] = tr(f"suit.{params['suit']}", locale)
    reason = hint.reason if hint.reason != "close" or params.get("other") else "only"
    why = tr(f"hint.why.{reason}", locale, **params)
    move = move_name(given.table.game_id, view, hint.move, locale)
    return tr("hint.line", locale, move=move, why=why)
