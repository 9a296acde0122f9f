"""A hint asked from the page (`POST /api/games/{no}/hint`): the table service's (bot.tables.play.hints),
exactly as the Discord controls' **Hint** asks it, for the session's own seat at the turn its page shows;
answered with the move and its line in the page's language. Like a move, a hint for a turn gone by is refused
as stale, and one given is saved first (the game is unrated from then on, which the answer says)."""

from __future__ import annotations

from typing import Any

from bot.i18n import error_text, tr
from bot.tables import TableService
from bot.tables.errors import (
    HintsOff,
    HintTimedOut,
    NotAPlayer,
    StaleControl,
    StoreFailed,
    TableError,
    TableOver,
)
from presenters.hints import hint_line

from .refusals import answered
from .sessions import Session


async def hint_answer(service: TableService, game_no: int, session: Session, body: Any, lang: str) -> dict[str, Any]:
    """`{ok, status, move, line, unrated}` or `{ok: false, status, error}`, worded in `lang` (the request's,
    web/refusals.py `asked_lang`: the body's `lang` first); the caller checked the game is of the session's
    server. `body`: `{"turn": N, "lang": "en"}`."""
    if not isinstance(body, dict) or not isinstance(body.get("turn"), int):
        return {"ok": False, "status": 400, "error": answered("send_the_turn", lang)}
    try:
        given = await service.hints.ask(game_no, session.user_id, body["turn"])
    except StaleControl:  # StaleHint: the turn is gone, or not the player's
        return {"ok": False, "status": 409, "error": tr("error.hint_stale", lang)}
    except NotAPlayer as error:  # refusals in the page's language, as the Discord controls word them
        return {"ok": False, "status": 403, "error": error_text(error, lang)}
    except HintsOff:
        return {"ok": False, "status": 403, "error": tr("error.hints_off", lang)}
    except TableOver as error:
        return {"ok": False, "status": 410, "error": error_text(error, lang)}
    except (HintTimedOut, StoreFailed):  # nothing was given: the game is as rated as it was
        return {"ok": False, "status": 503, "error": tr("error.hint_timeout", lang)}
    except TableError as error:
        return {"ok": False, "status": 422, "error": error_text(error, lang)}
    return {
        "ok": True,
        "status": 200,
        "move": given.hint.move,
        "line": hint_line(given, lang),
        "unrated": tr("hint.unrated", lang),
    }
