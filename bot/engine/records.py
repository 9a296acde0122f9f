"""Game records (docs/records.md): a whole game as data, rebuilt by the real engine.

`replay(record)` returns the result object the replay command prints; `record_of(state)` turns a game
back into a record, so every game the bot stores can be exported and replayed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .base import GameState
from .errors import BadRecord, EngineError, brief, quoted
from .games import new_game
from .view import View

FORMAT = 1


class ReplayError(Exception):
    """An action of the record was refused; `step` is its index."""

    def __init__(self, message: str, step: int | None) -> None:
        super().__init__(message)
        self.step = step


FIELDS = ("format", "game", "players", "options", "seed", "deals", "actions")
ACTION_FIELDS = ("seat", "action")
MAX_DEPTH = 16  # a record nests 5 deep (record, deals, deal, hands, hand); options at most 3


def load(record: Any) -> tuple[GameState, list[tuple[int, str]]]:
    """Check a record's shape and build its game (before any action); BadRecord if malformed."""
    if not isinstance(record, Mapping):
        raise BadRecord("a record is a JSON object")
    _check_depth(record)
    unknown = sorted(set(record) - set(FIELDS), key=str)
    if unknown:  # a misspelt "actions" or "deals" would otherwise replay something else, silently
        raise BadRecord(
            f"unknown field(s) {', '.join(quoted(k) for k in unknown[:5])} (a record has {', '.join(FIELDS)})"
        )
    fmt = record.get("format", FORMAT)
    if type(fmt) is not int or fmt != FORMAT:  # `true` == 1 in Python, not in a record
        raise BadRecord(f"unsupported record format {quoted(fmt)} (this engine reads format {FORMAT})")
    game = record.get("game")
    if not isinstance(game, str):
        raise BadRecord("the record has no game id" if game is None else f"game must be a game id, not {quoted(game)}")
    players = record.get("players")
    if players is not None and (type(players) is not int):
        raise BadRecord(f"players must be an integer, not {quoted(players)}")
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise BadRecord(f"options must be an object, not {quoted(options)}")
    deals = record.get("deals")
    if deals is not None and not isinstance(deals, list):
        raise BadRecord(f"deals must be a list, not {quoted(deals)}")
    seed = record.get("seed", 0)
    if type(seed) is not int:  # a null seed would make new_game pick a random one: the replay must not
        raise BadRecord(f"seed must be an integer, not {quoted(seed)}")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise BadRecord(f"actions must be a list, not {quoted(actions)}")
    if deals is not None and len(deals) > len(actions) + 1:
        # every hand takes at least one action before the next is dealt (checked before parsing them all)
        raise BadRecord(
            f"{len(deals)} deals for {len(actions)} actions: the actions can reach only {len(actions) + 1} deal(s)"
        )
    steps = []
    for i, entry in enumerate(actions):
        if not isinstance(entry, Mapping):
            raise BadRecord(f"action {i} must be an object with a seat and an action, not {quoted(entry)}")
        extra = sorted(set(entry) - set(ACTION_FIELDS), key=str)
        if extra:
            raise BadRecord(f"action {i}: unknown field(s) {', '.join(quoted(k) for k in extra[:5])} (seat, action)")
        seat, text = entry.get("seat"), entry.get("action")
        if type(seat) is not int:
            raise BadRecord(f"action {i}: seat must be an integer seat number, not {quoted(seat)}")
        if not isinstance(text, str):
            raise BadRecord(f'action {i}: action must be the action\'s text (like "draw"), not {quoted(text)}')
        steps.append((seat, text))
    try:
        state = new_game(game, players, options, seed=seed, deal=deals)
    except BadRecord:
        raise
    except EngineError as exc:
        raise BadRecord(str(exc)) from None
    for i, (seat, _) in enumerate(steps):
        if not 0 <= seat < state.players:
            raise BadRecord(f"action {i}: seat {brief(seat)} is not a seat of this {state.players}-player game")
    return state, steps


def _check_depth(record: Mapping[str, Any]) -> None:
    """Refuse a record nested deeper than any real one, before anything walks or quotes it."""
    todo: list[tuple[Any, int]] = [(record, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise BadRecord(f"the record nests lists and objects more than {MAX_DEPTH} deep; a record nests 5")
        if isinstance(value, Mapping):
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            todo.extend((v, depth + 1) for v in value)


def replay(record: Any) -> dict[str, Any]:
    """Replay a record; BadRecord if it is malformed, ReplayError at the first refused action."""
    state, steps = load(record)
    for i, (seat, action) in enumerate(steps):
        try:
            state.act(seat, action)
        except EngineError as exc:
            raise ReplayError(str(exc), i) from None
    deals = record.get("deals") or []
    if len(deals) > state.deals_dealt:
        raise BadRecord(
            f"{len(deals)} deals, but the actions reach only hand {state.deals_dealt}: "
            f"deal {state.deals_dealt + 1} is never played"
        )
    return summary(state)


def public_positions(record: Any) -> list[View]:
    """Every position of a record as the public saw it: the public view (`view(None)`) before the first
    action, then after each action (so position k follows action k; a view's `turn` is its action count,
    and the position after an `undo` is the one before the action it took back).
    For replays and their pictures: nothing private is in them. BadRecord or ReplayError as `replay`."""
    state, steps = load(record)
    positions = [state.view(None)]
    for i, (seat, action) in enumerate(steps):
        try:
            state.act(seat, action)
        except EngineError as exc:
            raise ReplayError(str(exc), i) from None
        positions.append(state.view(None))
    return positions


def hand_positions(positions: Sequence[View], hand_no: int) -> list[View]:
    """The positions of one hand: from its deal to the position its last action made (which shows the next
    deal, or the game's end, since a hand ends with the action that finishes it)."""
    first = next((k for k, view in enumerate(positions) if view.hand_no == hand_no), None)
    if first is None:
        return []
    end = next((k for k in range(first, len(positions)) if positions[k].hand_no != hand_no), len(positions) - 1)
    return list(positions[first : end + 1])


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
    # The whole log: an action taken back is there, followed by its `undo` (docs/records.md).
    record["actions"] = [{"seat": seat, "action": text} for seat, text in state.log()]
    return record
