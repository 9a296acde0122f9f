"""The values the store reads and writes: plain frozen dataclasses, so that no database type leaks out and
another store (PostgreSQL) can return the same things."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

COMPUTER_ID = 0  # the rated pseudo-player that stands for every computer seat of a server and game
CANCELLED_ROUND = 1_000_000  # a tournament's `told_round` once its cancellation was told: past any real round


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat: a human (user_id and name) or a computer (no user id). `replaced_user_id` is the human who
    held the seat before it went to a computer (a resignation); they are still rated for it. `level` is a
    computer's (`easy`, `normal`, `strong`); None for a human, and for a computer saved before levels were
    kept (migration 0004), which plays `easy`."""

    user_id: int | None
    name: str | None
    computer: bool = False
    replaced_user_id: int | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class SettingsRow:
    guild_id: int
    turn_seconds: int
    auto_play: bool
    language: str | None
    default_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    computer_level: str | None = None  # the level of the computers added here; None: the bot's default
    undo_allowed: bool = False  # its tables may be opened with undo by agreement (all games are rated)


@dataclass(frozen=True, slots=True)
class LobbyRow:
    lobby_id: int | None
    guild_id: int
    channel_id: int
    host_id: int
    game_id: str
    options: dict[str, Any]
    seats: tuple[SeatRow, ...]
    status: str  # open, started, cancelled
    created_at: float
    message_id: int | None = None
    game_no: int | None = None
    origin: str | None = None  # a table the bot opened itself: where from (`tournament:3:2:1`, `rematch:41`), unique


@dataclass(frozen=True, slots=True)
class GameRow:
    game_no: int | None
    lobby_id: int | None
    guild_id: int
    channel_id: int
    host_id: int
    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    deals: list[dict[str, Any]] | None
    seating: dict[str, Any] | None  # the draw for seats, when there was one
    seats: tuple[SeatRow, ...]
    status: str  # active, finished, abandoned
    created_at: float
    thread_id: int | None = None
    board_message_id: int | None = None
    deadline: float | None = None
    reminder_at: float | None = None
    ended_at: float | None = None
    board_turn: int | None = None  # the turn the live board was posted at (an older one never replaces it)
    version: int = 0  # one more at every write of the game's row: another process's change shows
    carry_on_at: float | None = None  # a computer or automatic turn is pending: any process plays it after


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game row with its action log in order, enough to rebuild the game."""

    row: GameRow
    actions: list[tuple[int, str]]
    kinds: list[str] = field(default_factory=list)  # who took each action: player, computer, auto, timeout
    first_turn: int = 0  # the turn of `actions[0]`: a game read from a turn on holds only the newer actions
    last_at: float | None = None  # when the newest action read was taken (None: none was read)


@dataclass(frozen=True, slots=True)
class HandRow:
    hand_no: int
    turn: int  # the action that ended the hand
    reason: str
    points: tuple[int, ...]
    detail: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One seat of a finished game. `user_id` is who was rated for it (None: a computer seat)."""

    seat: int
    user_id: int | None
    side: int
    place: int  # 1 = first; sides that tie share a place
    won: bool
    score: int
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True, slots=True)
class RatingRow:
    user_id: int
    mu: float
    sigma: float
    games: int
    wins: int
    name: str | None = None  # filled by leaderboard queries: the name last played under
    final_score: float | None = None  # filled by a leaderboard by final score: the average over the games

    @property
    def ordinal(self) -> float:
        """The conservative rating shown to players (mu - 3 sigma)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True, slots=True)
class RatingHistoryRow:
    """One player's rating change in one rating pool, by one finished game (ratings as shown: mu - 3 sigma)."""

    pool: str
    user_id: int
    game_no: int
    at: float
    rating_before: float
    rating_after: float


@dataclass(frozen=True, slots=True)
class SeasonFinish:
    """A finished game's ratings in the server's running season (its own pool: `five-up@3`). Written only if
    the season still runs when the game's end is committed: a season ended meanwhile counts it no more."""

    season_id: int
    pool: str
    ratings: tuple[RatingRow, ...]
    history: tuple[RatingHistoryRow, ...] = ()


@dataclass(frozen=True, slots=True)
class GameFinish:
    """What is written with the action that ends a game."""

    results: tuple[ResultRow, ...]
    ratings: tuple[RatingRow, ...]  # new values for (guild, rating pool) of the game
    pool: str | None = None  # the rating pool (`five-hundred:4p`); None: the game id
    history: tuple[RatingHistoryRow, ...] = ()  # the changes of `ratings`, for each player's rating over time
    season: SeasonFinish | None = None


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A seat a player held in an ended game (finished or abandoned), and how it ended for them. `resigned`:
    they handed their seat to a computer (they are still rated for it). Score, place and won are their
    side's, for a finished game."""

    game_no: int
    game_id: str
    players: int
    status: str  # finished, abandoned
    ended_at: float | None
    resigned: bool
    score: int | None = None
    place: int | None = None
    won: bool | None = None


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """A server's season. `name_key` is its name as compared (names are unique per server); `ends_at` when
    it ends by itself; `announce_at`, once it has ended, when its champions are due to be announced (None:
    announced, or still running); `announce_claims`, how often they were claimed for announcing (more than
    once: an earlier claim may have posted them, unsettled)."""

    season_id: int | None
    guild_id: int
    name: str
    name_key: str
    channel_id: int  # where it was started
    started_by: int
    started_at: float
    ends_at: float | None = None
    ended_at: float | None = None
    ended_by: int | None = None  # None: it ended by its date
    announce_at: float | None = None
    announce_claims: int = 0

    @property
    def running(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True)
class SeasonScheduleRow:
    """A server's season schedule: a season every week, month or quarter (`every`), named from `pattern`,
    announced where it was set (`channel_id`) unless the server chose a channel."""

    guild_id: int
    every: str  # weekly, monthly, quarterly
    pattern: str
    channel_id: int
    set_by: int
    set_at: float


@dataclass(frozen=True, slots=True)
class ActionWrite:
    """One applied action and everything that changed with it, written in one transaction."""

    game_no: int
    turn: int  # the action's index in the log
    seat: int
    action: str
    kind: str  # player, computer, auto, timeout
    at: float
    deadline: float | None
    reminder_at: float | None
    hands: tuple[HandRow, ...] = ()
    carry_on_at: float | None = None  # see GameRow
    finish: GameFinish | None = None
    tell: tuple[OutboxEntry, ...] = ()  # what must be told of it, in the same transaction


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """Something the players must be told (see migrations/0002_outbox.sql for the kinds). Its key is
    (game_no, kind, user_id, turn); `user_id` is 0 where the entry is for the whole table."""

    game_no: int
    kind: str
    turn: int
    user_id: int = 0
    created_at: float = 0.0
    due_at: float = 0.0
    attempts: int = 0

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.kind, self.user_id, self.turn)


@dataclass(frozen=True, slots=True)
class LobbyOutboxEntry:
    """Something the players of a lobby must be told before it has a game (see migrations/0015_lobby_outbox.sql):
    `by_user_id` invited `invited` to its private table. Its key is (lobby_id, kind, seq); `seq` numbers the
    lobby's invitations from 1, given by the store when it writes the entry."""

    lobby_id: int
    kind: str
    seq: int
    by_user_id: int
    invited: tuple[int, ...]
    created_at: float = 0.0
    due_at: float = 0.0
    attempts: int = 0

    @property
    def key(self) -> tuple[int, str, int]:
        return (self.lobby_id, self.kind, self.seq)


@dataclass(frozen=True, slots=True)
class HandMessage:
    """Where a player's newest hand DM with live controls is."""

    game_no: int
    user_id: int
    channel_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class RematchRow:
    """A rematch asked for after game `game_no`: each human's answer (True: yes) until `deadline`; `status`
    open, started (everyone said yes: `next_game_no`) or reopened (a table with open seats: `lobby_id`);
    `swap`: asked with the partners swapped (set when asked, never changed). `step` counts its changes (the
    outbox entry telling each); `to_open`: settled, its table still to be made (by whoever holds the claim
    `claimed_until`, else by the sweep)."""

    game_no: int
    guild_id: int
    channel_id: int
    asked_by: int
    asked_at: float
    deadline: float
    answers: dict[int, bool]
    status: str = "open"
    message_id: int | None = None
    lobby_id: int | None = None
    next_game_no: int | None = None
    swap: bool = False
    step: int = 0
    to_open: bool = False
    claimed_until: float | None = None


@dataclass(frozen=True, slots=True)
class TableAccessRow:
    """Who may join and watch a table, as its host chose (by lobby): a private table seats only the host and
    `invited`; `watching` False turns every watcher away."""

    lobby_id: int
    private: bool
    invited: tuple[int, ...]
    watching: bool


@dataclass(frozen=True, slots=True)
class WatcherRow:
    """Someone watching a table (by lobby): in its thread (`thread`) or by DM digest (`dm`). `told_turn`,
    `told_hands` and `told_at` say how far their last digest went: the game's turn and hands ended then."""

    lobby_id: int
    user_id: int
    mode: str
    since: float
    told_turn: int = 0
    told_hands: int = 0
    told_at: float = 0.0
    claimed_until: float | None = None


@dataclass(frozen=True, slots=True)
class RoundClaim:
    """A tournament's round (its picture, winner or cancellation) claimed for telling. `previous`: when the
    lease of an earlier claim of it ran out, unsettled (it may have been posted); None for the first."""

    previous: float | None = None


@dataclass(frozen=True, slots=True)
class DigestClaim:
    """A digest due to a watcher, claimed by this process until the lease ends: game `game_no` (of the watched
    lobby), `over` when the game has ended (the last digest). `previous`: the lease of an earlier claim of it
    that ran out unsettled (it may have been sent: looked for before sending again); None: none."""

    watcher: WatcherRow
    game_no: int
    over: bool
    previous: float | None = None


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A tournament as stored: what is played and how, `status` signup, running, finished or cancelled, and
    `state`, the tournament service's JSON (entrants, withdrawals, rounds and their matches) that only it
    reads. `told_round`: the last round whose picture a process claimed for posting, until `claimed_until`
    (CANCELLED_ROUND once a cancellation was told)."""

    tournament_id: int | None
    guild_id: int
    channel_id: int
    created_by: int
    created_at: float
    game_id: str
    format: str
    rounds: int
    options: dict[str, Any]
    status: str = "signup"
    state: dict[str, Any] = field(default_factory=dict)
    message_id: int | None = None
    told_round: int = 0
    claimed_until: float | None = None


@dataclass(frozen=True, slots=True)
class UndoRow:
    """A request to take back the action before log entry `turn` (the log's length when asked), by `seat`
    (`user_id`), open until `deadline` while `waiting` (the other humans' user ids) have not all accepted.
    `message_id` is the question's message in `channel_id`, once posted. `request` numbers it in its game
    (its buttons carry it); `status` is open, accepted, refused (`by_user_id`), expired or void; `step`
    counts its changes, each told through the outbox (migration 0012)."""

    game_no: int
    turn: int
    seat: int
    user_id: int
    action: str
    asked_at: float
    deadline: float
    waiting: tuple[int, ...]
    channel_id: int | None = None
    message_id: int | None = None
    request: int = 1
    status: str = "open"
    by_user_id: int | None = None
    step: int = 0
