"""Games played straight on the engine, each action turned into the notification the table service makes of
it (the public view after it and the engine's events for it), so that a test reads the line a player reads."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import GameState, new_game
from bot.tables import BoardChanged, HandEnded, Seat, TableInfo
from presenters import presenter
from rendering import end_names

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo")


def table_of(state: GameState) -> TableInfo:
    seats = tuple(Seat(i, 100 + i, NAMES[i]) for i in range(state.players))
    return TableInfo(1, state.game_id, 1, 1, None, None, 100, seats, state.sides, dict(state.options), "active")


@dataclass(frozen=True)
class Told:
    """One action: its notification, the line told of it (in English), and the hands it ended."""

    note: BoardChanged
    line: str
    hands: tuple[HandEnded, ...]

    def kinds(self) -> list[str]:
        return [e.kind for e in self.note.events]


def act(state: GameState, seat: int, action: Any, kind: str = "player") -> Told:
    """Apply `action` for `seat` and tell it as the board would."""
    table = table_of(state)
    hands_before = len(state.hands)
    events = state.apply(seat, action)
    step = state.steps[-1]
    view = state.view(None)
    note = BoardChanged(
        table=table,
        view=view,
        seat=seat,
        user_id=100 + seat,
        action=state.format_action(step.action),
        points=tuple(step.points),
        kind=kind,
        turn=state.turn,
        next_seats=(),
        next_user_ids=(),
        deadline=None,
        events=tuple(events),
    )
    line = presenter(state.game_id).board_line(note, NAMES, "en", ends=end_names(view))
    hands = tuple(
        HandEnded(table, n, state.hands[n - 1], tuple(state.scores), tuple(state.hands))
        for n in range(hands_before + 1, len(state.hands) + 1)
    )
    return Told(note, line, hands)


def playout(game_id: str, players: int, seed: int, options: Mapping[str, Any] | None = None) -> Iterator[Told]:
    """A seeded random game, told action by action."""
    state = new_game(game_id, players, options or {}, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = rng.choice(list(state.actors))
        yield act(state, seat, rng.choice(state.legal_actions(seat)))
