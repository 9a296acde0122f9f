"""A player's post-game analysis in the browser (`POST /api/games/{no}/analysis`): the table service's
(bot.tables.play.analyses), exactly as `/analysis` and the **Analysis** button ask it, for the session's own
seat, answered with the same lines `/analysis` shows (the same message keys, in the page's language) and the
numbers the page draws its chart and its costliest positions from.

The service decides who may see what, as for Discord: only a player of the game, only their own seat, only
once it is over; computed in the worker processes and stored, so asking again is answered from the database.
Each analysed move names the replay frame of the position it was made in (the position before it), so the page
draws that board itself from the replay's frames, which any member of the server may already see once the game
is over: nothing here is more private than the replay, except the search's verdict on one player's moves.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from bot.i18n import tr
from bot.tables import TableService
from bot.tables.errors import GameNotFound, GameNotOver, NotAPlayer
from bot.tables.play.analyses import PlayerAnalysis
from bot.tables.play.replays import GameReplay
from presenters.analysis import costly_lines, footer_line, summary_line
from presenters.common import seat_name, table_title

from .sessions import Session

log = logging.getLogger(__name__)


class Analysing:
    """The analyses this process is computing for the web, one task per (game, user): a second request while
    the first is searching (a reload, a double click) waits for the same answer instead of queueing a whole
    game's search again on the worker processes the tables think in."""

    def __init__(self) -> None:
        self._running: dict[tuple[int, int, int], asyncio.Task[PlayerAnalysis]] = {}

    async def open(self, service: TableService, game_no: int, session: Session) -> PlayerAnalysis:
        key = (game_no, session.user_id, session.guild_id)
        task = self._running.get(key)
        if task is None:
            task = asyncio.create_task(service.analyses.open(game_no, session.user_id, session.guild_id))
            self._running[key] = task
            task.add_done_callback(lambda done: self._forget(key, done))
        # shielded: one page closing while it waits does not cancel the search another page waits for
        return await asyncio.shield(task)

    def _forget(self, key: tuple[int, int, int], done: asyncio.Task[PlayerAnalysis]) -> None:
        """Its answer is given (or its error raised): the next request asks the service, which has it stored."""
        if self._running.get(key) is done:
            del self._running[key]


def frame_before(replay: GameReplay, index: int) -> int:
    """The replay frame showing the position a move was made in: after `index` actions (the move's own index
    among the kept actions), the last frame there (a new hand's deal, not the end of the hand before)."""
    found = [k for k, frame in enumerate(replay.frames) if frame.position == index]
    return found[-1] if found else 0


def analysis_body(found: PlayerAnalysis, replay: GameReplay, lang: str) -> dict[str, Any]:
    """The page's analysis: the Discord answer's lines (presenters/analysis.py words them for both)
    and every analysed move with what the chart and the positions need."""
    analysis, table = found.analysis, found.table
    moves = analysis.moves
    frames = {m.index: frame_before(replay, m.index) for m in moves}
    order = {m.index: k for k, m in enumerate(moves)}
    costliest = [
        {"rank": rank, "move": order[m.index], "line": line}  # "move": which of `moves`
        for rank, (m, line) in enumerate(zip(analysis.costliest(), costly_lines(found, lang), strict=True), start=1)
    ]
    player = seat_name(table.seats[found.seat], lang)
    return {
        "ok": True,
        "status": 200,
        "game_no": table.game_no,
        "game_id": table.game_id,
        "seat": found.seat,
        "title": tr("analysis.title", lang, table=table_title(table, lang)),
        "summary": summary_line(found, lang),
        "costliest_title": tr("analysis.costliest", lang),
        "none_costly": tr("analysis.none_costly", lang),
        "footer": footer_line(found, lang),
        "chart_title": tr("image.analysis.title", lang, player=player),
        "chart_axis": tr("image.analysis.axis", lang, moves=len(moves)),
        "chart_empty": tr("image.analysis.empty", lang),
        "moves": [
            {
                "number": m.index + 1,  # the move's number in the game, as the lines count it
                "hand_no": m.hand_no,
                "made": m.made,
                "best": m.best,
                "value_made": round(m.value_made, 3),
                "value_best": round(m.value_best, 3),
                "cost": round(m.cost, 3),
                "expected": round(m.expected, 3),
                "frame": frames[m.index],
            }
            for m in moves
        ],
        "costliest": costliest,
    }


async def analysis_answer(
    service: TableService, running: Analysing, game_no: int, session: Session, lang: str
) -> dict[str, Any]:
    """`{ok: true, status: 200, ...analysis_body}` or `{ok: false, status, error}` (404 no such game on the
    session's server, 403 not a player of it, 409 still played, 503 not computed now), worded in `lang` (the
    request's, web/refusals.py `asked_lang`: the body's `lang` first)."""
    try:
        found = await running.open(service, game_no, session)
        replay = await service.replays.open(game_no, session.guild_id)
    except GameNotFound:
        return {"ok": False, "status": 404, "error": tr("error.game_not_found", lang)}
    except NotAPlayer:
        return {"ok": False, "status": 403, "error": tr("error.analysis_not_a_player", lang, game=game_no)}
    except GameNotOver:
        return {"ok": False, "status": 409, "error": tr("error.analysis_not_over", lang, game=game_no)}
    except Exception:  # the store or the worker pool failed (web/ sees no data layer's errors): nothing shown
        log.warning("game %s: the analysis could not be computed", game_no, exc_info=True)
        return {"ok": False, "status": 503, "error": tr("web.analysis.failed", lang)}
    return analysis_body(found, replay, lang)
