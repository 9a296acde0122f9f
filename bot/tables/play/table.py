"""One game in memory: its engine state, seats, lock and timer, rebuilt from the store by replaying the log."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from bot.engine import UNDO, GameState, View, new_game
from data import GameRow, SeatRow, StoredGame

from ..models import Seat, SeatingDraw, TableInfo
from ..seating import seating_from_json

FORCED = frozenset(("draw", "pass"))


def replay(row: GameRow, actions: Sequence[tuple[int, str]]) -> GameState:
    """The game as its log leaves it, actions taken back undone (the engine raises if the log does not replay)."""
    state = new_game(row.game_id, row.players, row.options, seed=row.seed, deal=row.deals)
    for seat, action in actions:
        state.act(seat, action)
    return state


def in_play(actions: Sequence[tuple[int, str]]) -> list[int]:
    """The indices of a log's entries still in play: each `undo` takes out itself and the action it undid."""
    kept: list[int] = []
    for index, (_, action) in enumerate(actions):
        if action == UNDO:
            kept.pop()
        else:
            kept.append(index)
    return kept


def _seats(row: GameRow) -> tuple[Seat, ...]:
    return tuple(Seat(i, s.user_id, s.name, s.computer, s.replaced_user_id, s.level) for i, s in enumerate(row.seats))


def seat_row(seat: Seat) -> SeatRow:
    return SeatRow(seat.user_id, seat.name, seat.computer, seat.replaced_user_id, seat.level)


class Table:
    """An active game. Everything that changes it happens under `lock`."""

    __slots__ = (
        "_info",
        "_public",
        "acted_at",
        "board_message_id",
        "carry_on_at",
        "channel_id",
        "deadline",
        "deals",
        "game_id",
        "game_no",
        "guild_id",
        "hints",
        "host_id",
        "lobby_id",
        "lock",
        "reminder_at",
        "seating",
        "seats",
        "state",
        "status",
        "thread_id",
        "version",
    )

    def __init__(self, row: GameRow, state: GameState) -> None:
        assert row.game_no is not None
        self.game_no = row.game_no
        self.game_id = row.game_id
        self.guild_id = row.guild_id
        self.channel_id = row.channel_id
        self.thread_id = row.thread_id
        self.board_message_id = row.board_message_id
        self.host_id = row.host_id
        self.lobby_id = row.lobby_id
        self.deals = row.deals
        self.seats = _seats(row)
        self.seating: SeatingDraw | None = None if row.seating is None else seating_from_json(row.seating, self.seats)
        self.state = state
        self.status = row.status
        self.deadline = row.deadline
        self.reminder_at = row.reminder_at
        self.carry_on_at = row.carry_on_at
        self.version = row.version  # the game row's version this memory stands for (see `Turns.guard`)
        # When the newest action was taken (the game's start before any): a move typed without a turn is
        # for the position as it was when its sender sent it, so one sent before this is refused.
        self.acted_at = row.created_at
        self.lock = asyncio.Lock()
        self.hints = False  # hints offered (hint_tables, by lobby: the service sets it as it loads the game)
        self._info: TableInfo | None = None
        self._public: tuple[int, View] | None = None  # (turn, view(None) at that turn)

    # -- who ------------------------------------------------------------------------------------------
    def info(self) -> TableInfo:
        """A snapshot for notifications, rebuilt only when seats, place or status change."""
        if self._info is None:
            self._info = TableInfo(
                game_no=self.game_no,
                game_id=self.game_id,
                guild_id=self.guild_id,
                channel_id=self.channel_id,
                thread_id=self.thread_id,
                board_message_id=self.board_message_id,
                host_id=self.host_id,
                seats=self.seats,
                sides=self.state.sides,
                options=dict(self.state.options),
                status=self.status,
                lobby_id=self.lobby_id,
                hints=self.hints,
            )
        return self._info

    def changed(self) -> None:
        self._info = None

    def loaded(self, stored: StoredGame) -> Table:
        """This table, with what its log read from the store says beside the state (when it last moved)."""
        if stored.last_at is not None:
            self.acted_at = stored.last_at
        return self

    def refresh(self, row: GameRow) -> None:
        """What another process may have changed beside the log: seats, timers, where the table lives."""
        self.seats = _seats(row)
        self.channel_id, self.thread_id = row.channel_id, row.thread_id
        self.board_message_id = row.board_message_id
        self.deadline, self.reminder_at, self.carry_on_at = row.deadline, row.reminder_at, row.carry_on_at
        self.status = row.status
        self.version = row.version
        self.changed()

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.index
        return None

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.user_id is not None]

    def candidates(self) -> tuple[int, ...]:
        """The seats that may act now, the seat whose turn it is first."""
        state = self.state
        if state.is_over:
            return ()
        current = state.current_seat
        actors = state.actors
        if current is None:
            return tuple(actors)
        return (current, *(s for s in actors if s != current))

    def computer_to_act(self) -> int | None:
        """A computer seat that may act now: the seat to play, else one that may act out of turn (a
        Domineren payment to claim, which is lost once the next tile is played if it waits for a human)."""
        state = self.state
        current = state.current_seat
        if current is not None and self.seats[current].computer:
            return current
        for seat in state.actors:
            if seat != current and self.seats[seat].computer:
                return seat
        return None

    def human_to_act(self) -> int | None:
        """The human whose turn it is (the one a turn timer runs for)."""
        for seat in self.candidates():
            if not self.seats[seat].computer:
                return seat
        return None

    def forced_action(self, seat: int) -> str | None:
        """`draw` or `pass` when that is the only legal action of `seat`."""
        legal = self.state.legal_actions(seat)
        if len(legal) != 1:
            return None
        text = self.state.format_action(legal[0])
        return text if text in FORCED else None

    def user_ids(self, seats: Sequence[int]) -> tuple[int | None, ...]:
        return tuple(self.seats[s].user_id for s in seats)

    def view(self, seat: int | None) -> View:
        """What `seat` may see; the public view is kept until the game moves on, since every action is told
        against the view before it and the board is drawn from the view after it."""
        if seat is not None:
            return self.state.view(seat)
        turn = self.state.log_length
        if self._public is None or self._public[0] != turn:
            self._public = (turn, self.state.view(None))
        return self._public[1]
