"""What the table service tells the cog to do, returned in order from every call that changes something.

Public notifications carry only `view(None)` (the board everyone may see); private ones (`HandChanged`)
carry `view(seat)` and the user id they are for. The cog may coalesce consecutive `BoardChanged` of one
table into a single board edit (the last view is the current one) while listing the actions in a log.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Event, HandResult, Result, View

from ..models import LobbyInfo, RatingChange, Seat, SeatingDraw, SideResult, TableInfo
from ..seating import swapped_partners


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    """A lobby was opened, joined, left, re-optioned, started or cancelled: redraw its message."""

    lobby: LobbyInfo


@dataclass(frozen=True, slots=True)
class PlayersInvited:
    """The host of a private table invited players (saved already: they may join): tell them where it is, then
    report with `TableService.lobbies.invitation_told`. `seq` numbers it in its lobby's outbox (0: not kept there);
    `since` is set when it is told again (a failed post, a crash): the time it was saved, since when a post of
    it may be in the channel already."""

    lobby: LobbyInfo
    by_user_id: int
    invited: tuple[int, ...]
    seq: int = 0
    since: float | None = None


@dataclass(frozen=True, slots=True)
class TableOpened:
    """A game started from a lobby: open its table (thread), post the board, then call
    `set_table_channel`; the board goes back with the receipt (`told`). `seating` is the draw for seats when
    there was one."""

    table: TableInfo
    view: View  # public
    turn: int
    seating: SeatingDraw | None


@dataclass(frozen=True, slots=True)
class BoardChanged:
    """One action was applied and saved. `kind`: `player`, `computer` (a computer seat), `auto` (the bot drew
    or passed for a player with nothing else legal), `timeout` (the computer played a timed-out turn) or
    `undo` (the seat took back `action`, its last, with everyone's agreement: the view is the one before it).
    `events` are the engine's for it (what it did: a bid, a trick taken, a Block broken, a Nos...), all
    public; told again from the log, an action has the same events, since replaying it makes them again."""

    table: TableInfo
    view: View  # public, after the action
    seat: int
    user_id: int | None  # the human whose seat acted, None for a computer seat
    action: str
    points: tuple[int, ...]  # what the action scored, per side
    kind: str
    turn: int  # the turn token for controls made now
    next_seats: tuple[int, ...]  # who may act now (empty when the game is over)
    next_user_ids: tuple[int | None, ...]
    deadline: float | None  # when the next human's turn times out
    events: tuple[Event, ...] = ()  # what `apply` returned for the action

    @property
    def timed_out(self) -> bool:
        return self.kind == "timeout"

    @property
    def by_computer(self) -> bool:
        return self.kind in ("computer", "timeout")


@dataclass(frozen=True, slots=True)
class HandChanged:
    """Private: a player's hand or their turn changed (sent once per player at the end of a call)."""

    table: TableInfo
    user_id: int
    seat: int
    view: View  # view(seat)
    your_turn: bool
    turn: int
    deadline: float | None


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A hand ended: everything a score sheet needs (the sides are `table.sides`, names in `table.seats`)."""

    table: TableInfo
    hand_no: int  # 1-based
    result: HandResult  # reason, points per side, public details (the hands left, shown at the end)
    scores: tuple[int, ...]  # running totals per side after this hand
    hands: tuple[HandResult, ...]  # every finished hand so far, for the ledger


@dataclass(frozen=True, slots=True)
class GameEnded:
    """A game ended: results per side (places), the engine's full result, and rating changes."""

    table: TableInfo
    view: View  # public, final
    result: Result
    sides: tuple[SideResult, ...]
    ratings: tuple[RatingChange, ...]  # empty when nothing was rated (no human at the table)
    hinted: bool = False  # a player used a hint: the game is unrated for everyone


@dataclass(frozen=True, slots=True)
class TurnReminder:
    """Half the turn time has passed: remind the player (privately)."""

    table: TableInfo
    user_id: int
    seat: int
    turn: int
    deadline: float


@dataclass(frozen=True, slots=True)
class SeatHandedToComputer:
    """A player resigned: a computer plays their seat from now on."""

    table: TableInfo
    seat: int
    user_id: int
    turn: int = 0  # the game's turn when it happened


@dataclass(frozen=True, slots=True)
class GameAbandoned:
    """The host or an admin ended the game without results."""

    table: TableInfo
    by_user_id: int
    turn: int = 0  # the game's turn when it happened


@dataclass(frozen=True, slots=True)
class ServerLeft:
    """The bot was removed from the game's server: the game ended unrated, and `user_id`, who played it, is
    told so by DM (once, through the outbox: its channels are gone)."""

    table: TableInfo
    user_id: int
    turn: int = 0  # the game's turn when it happened


@dataclass(frozen=True, slots=True)
class Retold:
    """What follows about this table is told again from the log: it was left untold by a crash or a failed
    post, and some of it may have been posted just before the crash (look at the table's messages since
    `since` before posting it again)."""

    table: TableInfo
    since: float


@dataclass(frozen=True, slots=True)
class UndoRequested:
    """A request to take back an action, and where it stands. `status`: `open` (post or update the question
    with Accept / Refuse for request number `request`), `accepted` (the action is gone: its board follows),
    `refused` (by `by_user_id`), `expired`, or `void` (the game moved on before everyone accepted). Each
    change of a request is its `step` (the outbox entry that tells it); the question shows the newest."""

    table: TableInfo
    seat: int
    user_id: int
    action: str
    waiting: tuple[int, ...]
    accepted: tuple[int, ...]
    asked_at: float
    deadline: float
    turn: int
    request: int
    step: int
    status: str
    by_user_id: int | None = None
    channel_id: int | None = None
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class WatcherDMsClosed:
    """A watcher's DM digest was refused (their DMs are closed): they follow the table where it is played from
    now on (they watch nothing more once it is `over`), and are told so there, once."""

    table: TableInfo
    user_id: int
    turn: int
    over: bool


@dataclass(frozen=True, slots=True)
class Rematch:
    """A rematch asked for after a game, and where it stands: told at that game's table, its question posted
    (the first time) or redrawn, and once reopened the new table's lobby posted if it never was. Each change is
    its `step` (the outbox entry that tells it); the question shows the newest."""

    game_no: int
    table: TableInfo  # the game that was played
    humans: tuple[Seat, ...]  # its humans, in seat order (a resigned seat by the player who held it)
    answers: dict[int, bool]  # user id -> yes
    asked_by: int
    deadline: float
    status: str  # open, started, reopened
    channel_id: int
    message_id: int | None = None
    lobby: LobbyInfo | None = None  # the table it led to (reopened: its open seats wait for players)
    next_game_no: int | None = None
    swap: bool = False  # asked with new partners
    step: int = 0
    asked_at: float = 0.0
    new_table: TableInfo | None = None  # started: the game it started

    @property
    def seating(self) -> tuple[int, ...] | None:
        """With new partners: `seating[seat]` is the seat in the game played of who sits there in the rematch."""
        return swapped_partners(self.table.sides) if self.swap else None

    @property
    def waiting(self) -> tuple[int, ...]:
        return tuple(s.user_id for s in self.humans if s.user_id is not None and s.user_id not in self.answers)

    @property
    def declined(self) -> tuple[int, ...]:
        return tuple(user for user, yes in self.answers.items() if not yes)


# What is told at a game's table (a LobbyChanged is told on its lobby message instead).
TableNotification = (
    TableOpened
    | BoardChanged
    | HandChanged
    | HandEnded
    | GameEnded
    | TurnReminder
    | SeatHandedToComputer
    | GameAbandoned
    | ServerLeft
    | Retold
    | UndoRequested
    | WatcherDMsClosed
    | Rematch
)
LobbyNotification = LobbyChanged | PlayersInvited
Notification = LobbyNotification | TableNotification
