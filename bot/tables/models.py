"""The plain values the table service hands out: players, seats, lobbies, tables, settings, standings.

All frozen, none of them Discord or database types: the cog reads them to build messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DEFAULT_TURN_SECONDS = 24 * 60 * 60
MIN_TURN_SECONDS = 60
MAX_TURN_SECONDS = 30 * 24 * 60 * 60
# A computer seat saved before seats kept their level (migration 0004) plays this, as every computer did then.
SAVED_WITHOUT_LEVEL = "easy"


@dataclass(frozen=True, slots=True)
class Player:
    """A human: a Discord user id and the display name to show."""

    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat at a table (or in a lobby, where `index` is the join order). A computer seat has no user id;
    `replaced_user_id` is the human who resigned it (their name stays on the seat). `level` is the level a
    computer seat was given (None for a human, and for a computer saved before levels were kept)."""

    index: int
    user_id: int | None
    name: str | None
    computer: bool = False
    replaced_user_id: int | None = None
    level: str | None = None

    @property
    def computer_level(self) -> str | None:
        """The level this seat's computer plays (None for a human's seat)."""
        return (self.level or SAVED_WITHOUT_LEVEL) if self.computer else None


@dataclass(frozen=True, slots=True)
class ServerSettings:
    guild_id: int
    turn_seconds: int = DEFAULT_TURN_SECONDS
    auto_play: bool = True  # draw/pass for a player when nothing else is legal
    language: str | None = None  # public messages; None = the server's preferred locale
    default_options: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> option -> value
    computer_level: str | None = None  # the level of computers added here; None: the bot's (FIVES_COMPUTER_LEVEL)
    undo_allowed: bool = False  # its tables may be opened with undo by agreement (every game is rated)


@dataclass(frozen=True, slots=True)
class LobbyInfo:
    lobby_id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    host_id: int
    game_id: str
    options: dict[str, Any]  # every option resolved for the current seat count (at least the smallest allowed)
    seats: tuple[Seat, ...]
    allowed_players: tuple[int, ...]
    status: str  # open, started, cancelled
    game_no: int | None = None
    default_level: str = SAVED_WITHOUT_LEVEL  # the level of a computer added now (the server's, else the bot's)
    private: bool = False  # only the host and the invited may join
    invited: tuple[int, ...] = ()
    watching: bool = True  # whoever does not play may watch
    undo: bool = False  # a player may take back their last action when everyone else agrees
    hints: bool = False  # a player may ask for the search's move on their turn (the game is then unrated)

    @property
    def can_start(self) -> bool:
        return self.status == "open" and len(self.seats) in self.allowed_players

    @property
    def full(self) -> bool:
        return len(self.seats) >= max(self.allowed_players)


@dataclass(frozen=True, slots=True)
class SeatDraw:
    """One player's tile in the draw for seats."""

    player: Seat  # as seated at the table
    tile: str
    seat: int  # the seat it gave at the table


@dataclass(frozen=True, slots=True)
class SeatingDraw:
    """The draw for seats (fives.md C3): the two highest tiles are partners at seats 0 and 2, the highest
    at seat 0 leads first."""

    draws: tuple[SeatDraw, ...]


@dataclass(frozen=True, slots=True)
class TableInfo:
    """Where a game is and who sits at it."""

    game_no: int
    game_id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    board_message_id: int | None
    host_id: int
    seats: tuple[Seat, ...]
    sides: tuple[tuple[int, ...], ...]
    options: dict[str, Any]
    status: str  # active, finished, abandoned
    lobby_id: int | None = None
    hints: bool = False  # its players may ask for hints (one used leaves the game unrated)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.index
        return None


@dataclass(frozen=True, slots=True)
class GameHistory:
    """A game that is over (`/history`): its table, its record (docs/records.md) and how it ended."""

    table: TableInfo
    record: dict[str, Any]
    scores: tuple[int, ...]  # per side, where the game stopped
    sides: tuple[SideResult, ...] | None  # the final places; None for a game abandoned before its end
    hinted: bool = False  # a hint was used: the game was rated for nobody


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One of a user's active games (`/games`)."""

    table: TableInfo
    seat: int
    your_turn: bool
    turn: int
    deadline: float | None


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side at the end of a game: its place (1 = first; ties share a place) and totals."""

    side: int
    seats: tuple[int, ...]
    score: int
    game_points: int | None
    place: int
    won: bool


@dataclass(frozen=True, slots=True)
class RatingChange:
    user_id: int
    seat: int
    before: float  # conservative rating (mu - 3 sigma)
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    place: int
    user_id: int
    name: str | None  # the name they last played under here
    rating: float  # mu - 3 sigma
    mu: float
    sigma: float
    games: int
    wins: int
    chips: float | None = None  # Domineren: the average of their chips at the end of their games

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record in one game id (and, for Five Hundred, one number of players) on one server."""

    game_id: str
    place: int | None
    rating: float
    mu: float
    sigma: float
    games: int
    wins: int
    players: int | None = None  # the player count of the rating pool, where counts are rated apart

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0
