"""The contract every game of the engine offers (the OpenSpiel shape).

A state is created by `bot.engine.new_game`, asked `legal_actions(seat)`, and changed only by
`apply(seat, action)`, which is all-or-nothing: an illegal action raises an `EngineError` and leaves the
state exactly as it was. `view(seat)` is what that seat may know and `view(None)` what everyone may know;
public messages and images are built from `view(None)` only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .errors import GameOver, IllegalAction, NotYourTurn
from .options import OptionSpec
from .results import HandResult
from .view import View


class Word(str):
    """A one-word action (`draw`, `pass`, `solo`...): a plain string, so it compares equal to its text."""

    __slots__ = ()


DRAW = Word("draw")
PASS = Word("pass")
# Not a move of any game: in an action log or a record, the mover's taking back of the action before it
# (agreed by the table; see `GameState.act`). The log keeps both, the game is as if neither were played.
UNDO = Word("undo")


class Step(NamedTuple):
    """One applied action: who took it, the action, and the points it scored per side."""

    seat: int
    action: Any
    points: tuple[int, ...]


class Event(NamedTuple):
    """Something that happened during `apply`, safe to tell everyone (no hidden tile or card).

    kinds: `play`, `draw`, `pass`, `hand_end`, `deal`, `game_end`, and family-specific ones.
    """

    kind: str
    seat: int | None = None
    data: Any = None


@dataclass(frozen=True, slots=True)
class Result:
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    hands: tuple[HandResult, ...]
    over: bool
    winner: tuple[int, ...] | None
    game_points: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the rest of the bot needs to know about a game id before a game exists."""

    id: str
    family: str
    players: tuple[int, ...]
    default_players: int
    options: tuple[OptionSpec, ...]
    factory: Callable[..., GameState]
    sides_for: Callable[[int, dict[str, Any]], tuple[tuple[int, ...], ...]] = lambda n, options: tuple(
        (s,) for s in range(n)
    )

    def sides(self, players: int, options: dict[str, Any] | None = None) -> tuple[tuple[int, ...], ...]:
        """The sides for `players` seats under resolved `options` (partners sit opposite)."""
        return self.sides_for(players, options or {})


class GameState(ABC):
    """Base of every game state. Subclasses set the attributes below in `__init__`."""

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    steps: list[Step]
    hands: list[HandResult]
    scores: list[int]
    winner: tuple[int, ...] | None
    game_points: list[int] | None

    # Event kinds that show something hidden until then (a tile drawn, a trick's cards gathered, a hand's
    # end laying the hands open, a new deal): an action that produced one can never be taken back, since
    # the players cannot forget what they saw. Each family adds its own.
    REVEALING: frozenset[str] = frozenset(("draw", "hand_end", "deal", "game_end"))
    # The events of the last applied action, kept so `undoable` can judge it; a family's `apply` sets it.
    last_events: Sequence[Event] = ()
    undos = 0  # actions taken back so far: each left two entries in the log, the action and its undoing
    # The log up to the last undoing, and how many actions were in play just after it: with the steps since,
    # the whole log (`log()`), undone actions and undoings included, for records that replay honestly.
    _undo_log: tuple[tuple[int, str], ...] = ()
    _undo_log_steps = 0
    # A fresh copy of this game as dealt (set by `new_game`): what a taking back replays the rest onto.
    renew: Callable[[], GameState] | None = None

    current: int  # the seat to act while the game runs
    hand_no: int  # hands dealt so far, the one in play included
    _legal: list[Any]
    _legal_turn: int

    # -- who acts ---------------------------------------------------------------------------------------
    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None when the game is over."""
        return None if self.winner is not None else self.current

    @property
    def actors(self) -> tuple[int, ...]:
        """Every seat that may act now (some games let players act out of turn)."""
        seat = self.current_seat
        return () if seat is None else (seat,)

    @property
    def turn(self) -> int:
        """Counts applied actions: a control made for turn t is stale once `turn != t`."""
        return len(self.steps)

    @property
    def log_length(self) -> int:
        """Entries of the action log this state stands for: the actions in play, plus each action taken back
        and its undoing (the table's log is keyed by this, which never goes back)."""
        return len(self.steps) + 2 * self.undos

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def deals_dealt(self) -> int:
        """How many deals a record of this game can have stacked: one per hand dealt so far."""
        return self.hand_no

    # -- actions ----------------------------------------------------------------------------------------
    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """The legal actions of `seat` (default: the current seat); [] for a seat that may not act.

        Computed once per turn: a table, a computer player and `apply` all ask for the same list."""
        if self.winner is not None:
            return []
        if seat is None:
            seat = self.current
        elif seat != self.current:
            return self._legal_out_of_turn(seat)
        if self._legal_turn != len(self.steps):
            self._legal = self._compute_legal(seat)
            self._legal_turn = len(self.steps)
        return self._legal

    @abstractmethod
    def _compute_legal(self, seat: int) -> list[Any]:
        """The legal actions of the seat whose turn it is."""

    def _legal_out_of_turn(self, seat: int) -> list[Any]:
        """What a seat may do out of turn (nothing, unless the game says otherwise)."""
        return []

    @abstractmethod
    def apply(self, seat: int, action: Any) -> list[Event]:
        """Apply an action (an action object or its text) for `seat`; all-or-nothing."""

    def undoable(self, seat: int) -> bool:
        """Whether `seat` may ask to take back the last action: it was theirs, the game goes on, and it
        revealed nothing hidden (see `REVEALING`). Whether the others agree is the table's business."""
        if self.winner is not None or not self.steps or self.steps[-1].seat != seat:
            return False
        return not any(self.reveals(event) for event in self.last_events)

    def act(self, seat: int, action: Any) -> list[Event]:
        """One entry of an action log or a record: `undo` takes back the action before it, anything else
        is `apply`'d. What every replay of a log uses."""
        if isinstance(action, str) and action == UNDO:
            return self.take_back(seat)
        return self.apply(seat, action)

    def take_back(self, seat: int) -> list[Event]:
        """Undo the last action, which `seat` took and may take back (`undoable`); IllegalAction if not.
        The game is replayed from its deal without it (simple and exact: no family has to unapply)."""
        if not self.undoable(seat):
            raise IllegalAction("that action cannot be taken back", "not_undoable")
        if self.renew is None:
            raise IllegalAction("this game cannot be replayed, so nothing can be taken back", "not_undoable")
        text = self.format_action(self.steps[-1].action)
        log = (*self.log(), (seat, str(UNDO)))
        renew = self.renew
        fresh = renew()
        for step in self.steps[:-1]:
            fresh.apply(step.seat, self.format_action(step.action))
        undos = self.undos + 1
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)  # last_events now judge the action before, for its own undo
        self.undos, self.renew = undos, renew
        self._undo_log, self._undo_log_steps = log, len(self.steps)
        return [Event("undo", seat, {"action": text})]

    def log(self) -> list[tuple[int, str]]:
        """The whole action log as (seat, text): the actions in play, and every action taken back followed
        by its `undo`, in the order they were taken. Replayed with `act`, it gives this state again."""
        return [
            *self._undo_log,
            *((s.seat, self.format_action(s.action)) for s in self.steps[self._undo_log_steps :]),
        ]

    def reveals(self, event: Event) -> bool:
        """Whether `event` showed hidden information (a family refines this where a kind depends on data)."""
        return event.kind in self.REVEALING

    @abstractmethod
    def parse_action(self, text: str) -> Any:
        """Action text to an action object (syntax only); raises BadNotation."""

    def format_action(self, action: Any) -> str:
        return str(action)

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What `seat` may know; `None` is the public view."""

    def clone(self) -> GameState:
        """An independent copy, much cheaper than `copy.deepcopy` (the family copies its mutable parts by
        hand and shares the immutable ones): what a search plays out and throws away."""
        raise NotImplementedError(f"{type(self).__name__} cannot be cloned")

    @property
    def result(self) -> Result:
        return Result(
            sides=self.sides,
            scores=tuple(self.scores),
            hands=tuple(self.hands),
            over=self.is_over,
            winner=self.winner,
            game_points=None if self.game_points is None else tuple(self.game_points),
        )

    # -- helpers for subclasses -------------------------------------------------------------------------
    def _check_actor(self, seat: int) -> None:
        if self.is_over:
            raise GameOver("the game is over")
        if seat not in self.actors:
            current = self.current_seat
            raise NotYourTurn(f"it is seat {current}'s turn, not seat {seat}'s")

    def side_points(self, seat: int, points: int) -> tuple[int, ...]:
        out = [0] * len(self.sides)
        out[self.side_of[seat]] = points
        return tuple(out)


def sides_index(sides: Sequence[Sequence[int]], players: int) -> tuple[int, ...]:
    index = [0] * players
    for k, members in enumerate(sides):
        for seat in members:
            index[seat] = k
    return tuple(index)
