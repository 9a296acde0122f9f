"""Rows to values and back, once for both stores, table by table: the columns each query reads, the row
dataclasses built from a database row (read by column name: a `sqlite3.Row` or an asyncpg `Record`), and the
parameters a write sends, in the order its columns are listed here (see `Table`).

SQLite gives booleans as 0/1 and PostgreSQL as booleans, and both give JSON columns as their text, so the
same functions serve both; only the placeholders of the SQL differ (`?` or `$1`), and those stay in each
store.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Generic, Protocol, TypeVar

from .rows import (
    GameRow,
    HandMessage,
    HandRow,
    LobbyOutboxEntry,
    LobbyRow,
    OutboxEntry,
    PlayedGame,
    RatingHistoryRow,
    RatingRow,
    RematchRow,
    ResultRow,
    SeasonRow,
    SeasonScheduleRow,
    SeatRow,
    SettingsRow,
    StoredGame,
    TableAccessRow,
    TournamentRow,
    UndoRow,
    WatcherRow,
)


class Row(Protocol):
    """What a query gives: a `sqlite3.Row` or an asyncpg `Record`, both read by column name."""

    def __getitem__(self, key: str, /) -> Any: ...

    def keys(self) -> Any: ...


def dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), default=str)


def load(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def columns(names: str) -> tuple[str, ...]:
    return tuple(names.split())


def seats_json(seats: Iterable[SeatRow]) -> str:
    return dump([[s.user_id, s.name, s.computer, s.replaced_user_id, s.level] for s in seats])


def seats_from_json(text: str) -> tuple[SeatRow, ...]:
    """A lobby's seats; a seat saved before levels were kept has four items (and no level)."""
    return tuple(SeatRow(u, n, bool(c), r, *level) for u, n, c, r, *level in json.loads(text))


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Codec:
    """How a column's value is stored, where it is not stored as it is: `write` gives the stored value, `read`
    the row's value back from what a database gives (SQLite gives flags as 0/1, both give JSON as its text)."""

    write: Callable[[Any], Any]
    read: Callable[[Any], Any]


def _ids(text: str) -> tuple[int, ...]:
    return tuple(int(u) for u in json.loads(text))


JSON = Codec(dump, json.loads)
MAYBE_JSON = Codec(lambda v: None if v is None else dump(v), load)
FLAG = Codec(lambda v: v, bool)
MAYBE_FLAG = Codec(lambda v: v, lambda v: None if v is None else bool(v))
IDS = Codec(lambda ids: dump(list(ids)), _ids)
# The lists of ids written with json's default separators, as they always were (read alike).
SPACED_IDS = Codec(lambda ids: json.dumps(list(ids)), _ids)
POINTS = Codec(dump, lambda text: tuple(json.loads(text)))
SEATS = Codec(seats_json, seats_from_json)
ANSWERS = Codec(  # JSON keys are text: the user ids are numbers again when read
    lambda answers: dump({str(user): yes for user, yes in answers.items()}),
    lambda text: {int(user): bool(yes) for user, yes in json.loads(text).items()},
)


class Table(tuple[str, ...], Generic[T]):
    """A table's columns, in the order its queries list them (it is that tuple), and how a row of it is read
    into its dataclass (every column that is a field of the same name; `more` gives the other fields) and
    written from one (`values`: the stored values of the columns `names`, all by default; `given` gives the
    columns that are no field, such as the game a seat belongs to). `codecs` names the columns not stored as
    they are."""

    row: type[T]
    _plain: list[str]  # the fields read as they are stored
    _coded: list[tuple[str, Callable[[Any], Any]]]  # the fields read through their codec
    _writes: dict[str, Callable[[Any], Any]]
    _as_stored: Callable[[Any], Any] | None
    flags: tuple[str, ...]  # the columns of booleans: 0/1 on SQLite (`data.migrate` turns them into booleans)

    def __new__(cls, row: type[T], names: str, **codecs: Codec) -> Table[T]:
        self = super().__new__(cls, names.split())
        fields = {f.name for f in dataclasses.fields(row)}  # type: ignore[arg-type]
        self.row = row
        self._plain = [c for c in self if c in fields and c not in codecs]
        self._coded = [(c, codecs[c].read) for c in self if c in fields and c in codecs]
        self._writes = {c: codecs[c].write for c in codecs}
        self.flags = tuple(c for c in self if codecs.get(c) in (FLAG, MAYBE_FLAG))
        # Every column as it is stored, in one call: the writes of a table without codecs (the outbox: every
        # click writes some).
        self._as_stored = None if codecs or len(self) < 2 else attrgetter(*self)
        return self

    def read(self, r: Row, **more: Any) -> T:
        values = {c: r[c] for c in self._plain}
        for c, read in self._coded:
            values[c] = read(r[c])
        return self.row(**values, **more)

    def values(self, row: T, names: Sequence[str] | None = None, **given: Any) -> tuple[Any, ...]:
        if self._as_stored is not None and names is None and not given:
            return tuple(self._as_stored(row))
        writes = self._writes
        return tuple(
            given[c] if c in given else writes[c](getattr(row, c)) if c in writes else getattr(row, c)
            for c in names or self
        )

    def many(self, rows: Iterable[T], **given: Any) -> list[tuple[Any, ...]]:
        if self._as_stored is not None and not given:
            return list(map(self._as_stored, rows))
        return [self.values(row, **given) for row in rows]


# -- the tables: their columns as SQL lists them, and their rows ----------------------------------------------
SETTINGS = Table(
    SettingsRow,
    "guild_id turn_seconds auto_play language default_options computer_level undo_allowed",
    auto_play=FLAG,
    default_options=JSON,
    undo_allowed=FLAG,
)
UNDO = Table(
    UndoRow,
    "game_no turn seat user_id action asked_at deadline waiting channel_id message_id request status by_user_id step",
    waiting=IDS,
)
UNDO_TABLE = columns("lobby_id at")
LOBBY = Table(
    LobbyRow,
    "lobby_id guild_id channel_id message_id host_id game_id options seats status created_at origin game_no",
    options=JSON,
    seats=SEATS,
)
LOBBY_NEW = LOBBY[1:-1]  # what an INSERT writes: the key is generated, the game comes later
GAME = Table(
    GameRow,
    "game_no lobby_id guild_id channel_id thread_id board_message_id host_id game_id players options seed deals "
    "seating status deadline reminder_at created_at ended_at board_turn version carry_on_at",
    options=JSON,
    deals=MAYBE_JSON,
    seating=MAYBE_JSON,
)
GAME_NEW = GAME[1:-4]  # the key is generated; a new game has not ended, nor been posted or written again
SEAT = Table(SeatRow, "game_no seat user_id name computer replaced_user_id level", computer=FLAG)
ACTION = columns("game_no turn seat action kind at")
HAND = Table(HandRow, "game_no hand_no turn reason points detail", points=POINTS, detail=JSON)
RESULT = Table(ResultRow, "game_no seat user_id side place won score rating_before rating_after", won=FLAG)
RATING = Table(RatingRow, "guild_id pool user_id mu sigma games wins")
OUTBOX = Table(OutboxEntry, "game_no kind user_id turn created_at due_at attempts")
LOBBY_OUTBOX = Table(
    LobbyOutboxEntry, "lobby_id kind seq by_user_id invited created_at due_at attempts", invited=SPACED_IDS
)
HAND_MESSAGE = Table(HandMessage, "game_no user_id channel_id message_id")
HISTORY = Table(RatingHistoryRow, "guild_id pool user_id game_no at rating_before rating_after")
SEASON = Table(
    SeasonRow,
    "season_id guild_id name name_key channel_id started_by started_at ends_at ended_at ended_by announce_at "
    "announce_claims",
)
SEASON_NEW = SEASON[1:]  # the key is generated
SEASON_CHANNEL = columns("guild_id channel_id")
SEASON_SCHEDULE = Table(SeasonScheduleRow, "guild_id every pattern channel_id set_by set_at")
REMATCH = Table(
    RematchRow,
    "game_no guild_id channel_id message_id asked_by asked_at deadline answers status lobby_id next_game_no swap step "
    "to_open claimed_until",
    answers=ANSWERS,
    swap=FLAG,
    to_open=FLAG,
)
ACCESS = Table(TableAccessRow, "lobby_id private invited watching", private=FLAG, invited=SPACED_IDS, watching=FLAG)
WATCHER = Table(WatcherRow, "lobby_id user_id mode since told_turn told_hands told_at claimed_until")
TOURNAMENT = Table(
    TournamentRow,
    "tournament_id guild_id channel_id message_id created_by created_at game_id format rounds options status state "
    "told_round claimed_until",
    options=JSON,
    state=JSON,
)
TOURNAMENT_NEW = TOURNAMENT[1:]  # the key is generated
# A player's seat in an ended game with their side's result (the columns of `PLAYED`, below).
PLAYED_GAME = Table(
    PlayedGame, "game_no game_id players status ended_at resigned score place won", resigned=FLAG, won=MAYBE_FLAG
)


def listed(names: Sequence[str], prefix: str = "") -> str:
    """`a, b, c` (with `prefix` on each: `g.a, g.b`)."""
    return ", ".join(prefix + n for n in names)


# -- reading and writing: each table's rows, by the names the stores call them --------------------------------
settings_row, settings_values = SETTINGS.read, SETTINGS.values
lobby_row, rematch_row, rematch_values = LOBBY.read, REMATCH.read, REMATCH.values
seat_row, hand_row, result_row, history_row = SEAT.read, HAND.read, RESULT.read, HISTORY.read
season_row, schedule_row, schedule_values = SEASON.read, SEASON_SCHEDULE.read, SEASON_SCHEDULE.values
outbox_entry, outbox_values, hand_message = OUTBOX.read, OUTBOX.many, HAND_MESSAGE.read
undo_row, undo_values, access_row, access_values = UNDO.read, UNDO.values, ACCESS.read, ACCESS.values
watcher_row, watcher_values, tournament_row = WATCHER.read, WATCHER.values, TOURNAMENT.read
lobby_outbox_entry, lobby_outbox_values, played_game = LOBBY_OUTBOX.read, LOBBY_OUTBOX.values, PLAYED_GAME.read


def game_row(r: Row, seats: Iterable[SeatRow]) -> GameRow:
    return GAME.read(r, seats=tuple(seats))


def rating_row(r: Row) -> RatingRow:
    """A rating; a leaderboard's row also carries the name and the average final score."""
    keys = r.keys()
    return RATING.read(r, **{c: r[c] for c in ("name", "final_score") if c in keys})


def new_lobby_values(row: LobbyRow) -> tuple[Any, ...]:
    return LOBBY.values(row, LOBBY_NEW)


def new_game_values(row: GameRow) -> tuple[Any, ...]:
    return GAME.values(row, GAME_NEW)


def new_season_values(row: SeasonRow) -> tuple[Any, ...]:
    return SEASON.values(row, SEASON_NEW)


def new_tournament_values(row: TournamentRow) -> tuple[Any, ...]:
    return TOURNAMENT.values(row, TOURNAMENT_NEW)


def seat_values(game_no: int, seats: Iterable[SeatRow]) -> list[tuple[Any, ...]]:
    return [SEAT.values(s, game_no=game_no, seat=i) for i, s in enumerate(seats)]


def hand_values(game_no: int, hands: Iterable[HandRow]) -> list[tuple[Any, ...]]:
    return HAND.many(hands, game_no=game_no)


def result_values(game_no: int, results: Iterable[ResultRow]) -> list[tuple[Any, ...]]:
    return RESULT.many(results, game_no=game_no)


def rating_values(guild_id: int, pool: str, ratings: Iterable[RatingRow]) -> list[tuple[Any, ...]]:
    return RATING.many(ratings, guild_id=guild_id, pool=pool)


def history_values(guild_id: int, rows: Iterable[RatingHistoryRow]) -> list[tuple[Any, ...]]:
    return HISTORY.many(rows, guild_id=guild_id)


def stored_games(
    games: Iterable[Row], seats: Iterable[Row], actions: Iterable[Row], first_turn: int = 0
) -> list[StoredGame]:
    """Games with their seats and action logs (from `first_turn` on), from the three queries' rows (seats
    and actions in order)."""
    seats_of: dict[int, list[SeatRow]] = {}
    for r in seats:
        seats_of.setdefault(r["game_no"], []).append(seat_row(r))
    logs: dict[int, tuple[list[tuple[int, str]], list[str]]] = {}
    last_at: dict[int, float] = {}
    for r in actions:
        log = logs.get(r["game_no"])
        if log is None:
            log = logs[r["game_no"]] = ([], [])
        log[0].append((r["seat"], r["action"]))
        log[1].append(r["kind"])
        last_at[r["game_no"]] = r["at"]
    out = []
    for r in games:
        game_no = r["game_no"]
        played, kinds = logs.get(game_no, ([], []))
        row = game_row(r, seats_of.get(game_no, ()))
        out.append(StoredGame(row, played, kinds, first_turn, last_at.get(game_no)))
    return out


# The schedules of servers where no season runs (`at`: the columns to select).
SCHEDULE_WAITING = (
    "SELECT {at} FROM season_schedules sc WHERE NOT EXISTS "
    "(SELECT 1 FROM seasons s WHERE s.guild_id = sc.guild_id AND s.ended_at IS NULL)"
)
# A schedule replaced: every column but the server's.
SCHEDULE_REPLACED = ", ".join(f"{c} = excluded.{c}" for c in SEASON_SCHEDULE[1:])
# The schedule a season was computed from is still the server's (the placeholders: `schedule_same_values`).
SCHEDULE_SAME = "guild_id = {} AND every = {} AND pattern = {} AND channel_id = {}"


def schedule_same_values(row: SeasonScheduleRow) -> tuple[Any, ...]:
    return (row.guild_id, row.every, row.pattern, row.channel_id)


Key = tuple[str, int, int]  # an outbox entry's (kind, user_id, turn)


def told_values(
    game_no: int,
    done: Iterable[Key],
    retry: Iterable[tuple[Key, float]],
    hand_messages: Iterable[HandMessage],
    forget_hand_messages: Iterable[int],
    now: float,
) -> tuple[list[tuple[Any, ...]], ...]:
    """The rows of `told` (see `data.store.Store.told`), in the order of its statements: hands told, other
    entries told, entries to retry, hand DMs forgotten, hand DMs remembered."""
    done = list(done)
    return (
        [(game_no, u, t) for k, u, t in done if k == "hand"],
        [(game_no, k, u, t) for k, u, t in done if k != "hand"],
        [(game_no, k, u, t, now, due) for (k, u, t), due in retry],
        [(game_no, u) for u in forget_hand_messages],
        [(msg.game_no, msg.user_id, msg.channel_id, msg.message_id) for msg in hand_messages],
    )


# The seats a player held in the ended games of a server, with their side's result: what a profile counts
# (`played_games`). The placeholders are the store's: `$1`/`$2` on PostgreSQL, `?` in the order written here
# on SQLite (user, guild, user, user).
PLAYED = (
    "SELECT g.game_no, g.game_id, g.players, g.status, g.ended_at, "
    "(s.replaced_user_id IS NOT NULL AND s.replaced_user_id = {user}) AS resigned, r.score, r.place, r.won "
    "FROM game_seats s JOIN games g ON g.game_no = s.game_no "
    "LEFT JOIN game_results r ON r.game_no = s.game_no AND r.seat = s.seat "
    "WHERE g.guild_id = {guild} AND g.status <> 'active' AND (s.user_id = {user} OR s.replaced_user_id = {user}) "
    "ORDER BY g.game_no"
)


def is_season_pool(pool: str) -> bool:
    """A season's rating pool (`five-up@3`), as `bot.tables.standings.seasons` names them."""
    return "@" in pool


# A season pool's average final score of a player (`r` is the ratings row): over the games its history
# holds, those the season counted (the all-time pools read the games of their game id instead).
SEASON_FINAL_SCORE = (
    "(SELECT AVG(x.score) FROM game_results x JOIN rating_history h ON h.game_no = x.game_no AND "
    "h.user_id = x.user_id WHERE h.guild_id = r.guild_id AND h.pool = r.pool AND h.user_id = r.user_id)"
)


def shared_place(ranking: Sequence[Row], user_id: int) -> int | None:
    """A player's place in a leaderboard's rows (best first, with mu, sigma, games and final_score): the
    first place of the players tied with them on all the board ranks by (None: not on the board)."""
    keys = [(r["final_score"], r["mu"] - 3 * r["sigma"], r["games"]) for r in ranking]
    mine = next((k for r, k in zip(ranking, keys, strict=True) if r["user_id"] == user_id), None)
    return None if mine is None else keys.index(mine) + 1


# The name a player last played under on the server: a leaderboard's column (`r` is the ratings row).
LAST_NAME = (
    "(SELECT s.name FROM game_seats s JOIN games g ON g.game_no = s.game_no WHERE g.guild_id = r.guild_id "
    "AND s.user_id = r.user_id ORDER BY s.game_no DESC LIMIT 1)"
)
