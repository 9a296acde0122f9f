"""Game records (shared/records.md): a whole game as data, rebuilt by the real engine.

`replay(record)` returns the result object the replay command prints; `record_of(state)` turns a game
back into a record, so every game the bot stores can be exported and replayed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import GameState
from .errors import BadRecord, EngineError
from .games import new_game

FORMAT = 1


class ReplayError(Exception):
    """An action of the record was refused; `step` is its index."""

    def __init__(self, message: str, step: int | None) -> None:
        super().__init__(message)
        self.step = step


def load(record: Any) -> tuple[GameState, list[tuple[int, str]]]:
    """Check a record's shape and build its game (before any action); BadRecord if malformed."""
    if not isinstance(record, Mapping):
        raise BadRecord("a record is a JSON object")
    if record.get("format", FORMAT) != FORMAT:
        raise BadRecord(f"unsupported record format {record.get('format')!r} (this engine reads format {FORMAT})")
    game = record.get("game")
    if not isinstance(game, str):
        raise BadRecord("the record has no game id")
    players = record.get("players")
    if players is not None and (type(players) is not int):
        raise BadRecord("players must be an integer")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise BadRecord("options must be an object")
    deals = record.get("deals")
    if deals is not None and not isinstance(deals, list):
        raise BadRecord("deals must be a list")
    seed = record.get("seed", 0)
    if type(seed) is not int:  # a null seed would make new_game pick a random one: the replay must not
        raise BadRecord(f"seed must be an integer, not {seed!r}")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise BadRecord("actions must be a list")
    steps = []
    for i, entry in enumerate(actions):
        if (
            not isinstance(entry, Mapping)
            or type(entry.get("seat")) is not int
            or not isinstance(entry.get("action"), str)
        ):
            raise BadRecord(f"action {i} must be an object with an integer seat and an action text")
        steps.append((entry["seat"], entry["action"]))
    try:
        state = new_game(game, players, options, seed=seed, deal=deals)
    except BadRecord:
        raise
    except EngineError as exc:
        raise BadRecord(str(exc)) from None
    return state, steps


def replay(record: Any) -> dict[str, Any]:
    """Replay a record; BadRecord if it is malformed, ReplayError at the first refused action."""
    state, steps = load(record)
    for i, (seat, action) in enumerate(steps):
        try:
            state.apply(seat, action)
        except EngineError as exc:
            raise ReplayError(str(exc), i) from None
    return summary(state)


def summary(state: GameState) -> dict[str, Any]:
    """The replay command's output for a game as it stands."""
    out: dict[str, Any] = {
        "sides": [list(side) for side in state.sides],
        "steps": [
            {"seat": step.seat, "action": state.format_action(step.action), "points": list(step.points)}
            for step in state.steps
        ],
        "hands": [{"reason": hand.reason, "points": list(hand.points)} for hand in state.hands],
        "scores": list(state.scores),
        "over": state.is_over,
        "winner": None if state.winner is None else list(state.winner),
        "current_seat": state.current_seat,
        "legal": [state.format_action(a) for a in state.legal_actions()] if not state.is_over else [],
    }
    if state.is_over and state.game_points is not None:
        out["game_points"] = list(state.game_points)
    return out


def record_of(state: GameState, deals: list[Any] | None = None) -> dict[str, Any]:
    """The record of a game: enough to rebuild it exactly (its seed deals every hand not stacked)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game_id,
        "players": state.players,
        "options": {k: (list(v) if isinstance(v, tuple) else v) for k, v in state.options.items()},
        "seed": state.seed,
    }
    if deals:
        record["deals"] = deals
    record["actions"] = [{"seat": s.seat, "action": state.format_action(s.action)} for s in state.steps]
    return record
