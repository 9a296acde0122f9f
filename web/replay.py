"""An ended game as the browser steps through it (`GET /api/games/{no}/replay`): the frames `/replay` shows,
each with the public position, what was played, and what every seat held where `/replay` reveals it.

Built from the table service's replay (bot/tables/replays.py), which refuses a game still in play: the
holdings are the one thing a replay shows that the table did not."""

from __future__ import annotations

import dataclasses
from typing import Any

from bot.tables.play.replays import GameReplay, ReplayFrame


def plain(value: Any) -> Any:
    """JSON's shapes of a view's parts: dataclasses as objects, tuples as lists, tiles and cards as they are
    written when they are no plain value."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _frame(replay: GameReplay, frame: ReplayFrame) -> dict[str, Any]:
    view = replay.positions[frame.position]
    play = frame.play
    # As /replay shows it: what each seat holds on a deal or a play; at a hand's end the hand's result
    # tells what was left, and the game's last position holds nothing more to show.
    held = frame.kind in ("deal", "play") and not view.over
    return {
        "position": frame.position,
        "kind": frame.kind,
        "hand_no": frame.hand_no,
        "play": None
        if play is None
        else {"seat": play.seat, "action": play.action, "points": list(play.points), "kind": play.kind},
        "public": plain(view),
        "held": plain(replay.holdings[frame.position]) if held else None,
        "hands_ended": [
            {"hand_no": h.hand_no, "result": plain(h.result), "scores": list(h.scores)} for h in frame.hands_ended
        ],
    }


def replay_json(replay: GameReplay) -> dict[str, Any]:
    table = replay.table
    return {
        "game_no": table.game_no,
        "game_id": table.game_id,
        "status": table.status,
        "seats": [{"index": s.index, "name": s.name, "computer": s.user_id is None} for s in table.seats],
        "finished": replay.finished,
        "hands": replay.hands,
        "moves": len(replay.positions) - 1,
        "sides": plain(replay.sides),
        "frames": [_frame(replay, frame) for frame in replay.frames],
    }
