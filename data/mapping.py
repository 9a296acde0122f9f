"""Rows to values and back, once for both stores, table by table: each table declared once from its row
dataclass (its columns are the fields, each stored as its type says: see `Table`), how a row dataclass is
built from a database row (read by column name: a `sqlite3.Row` or an asyncpg `Record`), and the parameters
a write sends, in the order of the table's columns.

SQLite gives booleans as 0/1 and PostgreSQL as booleans, and both give JSON columns as their text, so the
same functions serve both; only the placeholders differ (`?` here, numbered by `data.sql.dialect`).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import UnionType
from typing import Any, Generic, Protocol, TypeVar, get_args, get_origin, get_type_hints

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


def listed(names: Sequence[str], prefix: str = "") -> str:
    """`a, b, c` (with `prefix` on each: `g.a, g.b`)."""
    return ", ".join(prefix + n for n in names)


def marks(names: Sequence[object]) -> str:
    """`?, ?, ?`: one mark a column."""
    return ", ".join("?" * len(names))


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
SEATS = Codec(seats_json, seats_from_json)
ANSWERS = Codec(  # JSON keys are text: the user ids are numbers again when read
    lambda answers: dump({str(user): yes for user, yes in answers.items()}),
    lambda text: {int(user): bool(yes) for user, yes in json.loads(text).items()},
)


def _codec(hint: Any) -> Codec | None:
    """How a field of this type is stored, where it is not stored as it is: a flag (0/1 on SQLite), JSON
    (a dict or list; NULL for None), a lobby's seats, a list of ids, a rematch's answers."""
    args = [a for a in get_args(hint) if a is not type(None)]
    optional = get_origin(hint) is UnionType and len(args) == 1
    kind = args[0] if optional else hint
    if kind is bool:
        return MAYBE_FLAG if optional else FLAG
    if kind == dict[int, bool]:
        return ANSWERS
    if kind == tuple[SeatRow, ...]:
        return SEATS
    if kind == tuple[int, ...]:
        return IDS
    if (get_origin(kind) or kind) in (dict, list):
        return MAYBE_JSON if optional else JSON
    return None


class Table(tuple[str, ...], Generic[T]):
    """A table (`name`) and its columns, in the order its queries list them (it is that tuple), and how a row
    of it is read into its dataclass and written from one (`values`: the stored values of the columns `names`,
    all by default; `given` gives the columns that are no field, such as the game a seat belongs to).

    Declared once from the dataclass: its columns are the columns `before` (no fields: the game of a seat),
    then every field but those `leave` names (read some other way: a game's seats), each stored as its type
    says (`_codec`; `codecs` names the exceptions). A table no query reads into a dataclass has `row` None
    and its columns as `names` (`data.migrate` copies it)."""

    name: str
    row: type[T]
    _plain: list[str]  # the fields read as they are stored
    _coded: list[tuple[str, Callable[[Any], Any]]]  # the fields read through their codec
    _writes: dict[str, Callable[[Any], Any]]
    _as_stored: Callable[[Any], Any] | None
    flags: tuple[str, ...]  # the columns of booleans: 0/1 on SQLite (`data.migrate` turns them into booleans)

    def __new__(
        cls, name: str, row: type[T] | None, names: str = "", *, before: str = "", leave: str = "", **codecs: Codec
    ) -> Table[T]:
        hints = get_type_hints(row) if row is not None else {}
        declared = dataclasses.fields(row) if row is not None else ()  # type: ignore[arg-type]
        fields = [f.name for f in declared if f.name not in leave.split()]
        self = super().__new__(cls, names.split() or [*before.split(), *fields])
        codecs = {c: codec for c in fields if (codec := codecs.get(c) or _codec(hints[c])) is not None}
        self.name, self.row = name, row  # type: ignore[assignment]
        self._plain = [c for c in fields if c not in codecs]
        self._coded = [(c, codecs[c].read) for c in fields if c in codecs]
        self._writes = {c: codecs[c].write for c in codecs}
        self.flags = tuple(c for c in self if codecs.get(c) in (FLAG, MAYBE_FLAG))
        # Every column as it is stored, in one call: the writes of a table without codecs (the outbox: every
        # click writes some).
        self._as_stored = None if codecs or len(self) < 2 else attrgetter(*self)
        return self

    def but(self, names: str) -> tuple[str, ...]:
        """The columns but `names` (what an INSERT writes: not the generated key, ...)."""
        return tuple(c for c in self if c not in names.split())

    def select(self, rest: str = "") -> str:
        """`SELECT` every column `FROM` the table, then `rest` (its WHERE and ORDER BY)."""
        return f"SELECT {listed(self)} FROM {self.name} {rest}"

    def insert(self, names: Sequence[str] | None = None) -> str:
        names = names or self
        return f"INSERT INTO {self.name} ({listed(names)}) VALUES ({marks(names)})"

    def upsert(self, key: str, kept: Sequence[str] = ()) -> str:
        """An insert that replaces the row of the same `key` (its columns), all but `kept` written over."""
        keys = key.split(", ")
        new = ", ".join(f"{c} = excluded.{c}" for c in self if c not in keys and c not in kept)
        return f"{self.insert()} ON CONFLICT ({key}) DO UPDATE SET {new}"

    def update(self, row: T, columns: str, key: str, **given: Any) -> tuple[Any, ...]:
        """`UPDATE` of `row`'s `columns` where its `key` columns match, then the values it sends."""
        sets, keys = columns.split(), key.split()
        where = " AND ".join(f"{c} = ?" for c in keys)
        sql = f"UPDATE {self.name} SET {', '.join(f'{c} = ?' for c in sets)} WHERE {where}"
        return (sql, *self.values(row, (*sets, *keys), **given))

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


# -- the tables, in an order the foreign keys accept ------------------------------------------------------------
SETTINGS = Table("guild_settings", SettingsRow)
LOBBY = Table("lobbies", LobbyRow)
LOBBY_NEW = LOBBY.but("lobby_id game_no")  # what an INSERT writes: the key is generated, the game comes later
GAME = Table("games", GameRow, leave="seats")
# The key is generated; a new game has not ended, nor been posted or written again.
GAME_NEW = GAME.but("game_no ended_at board_turn version carry_on_at")
SEAT = Table("game_seats", SeatRow, before="game_no seat")
ACTION: Table[Any] = Table("actions", None, "game_no turn seat action kind at")
HAND = Table("hand_results", HandRow, before="game_no")
RESULT = Table("game_results", ResultRow, before="game_no")
RATING = Table("ratings", RatingRow, before="guild_id pool", leave="name final_score")
OUTBOX = Table("outbox", OutboxEntry)
HAND_MESSAGE = Table("hand_messages", HandMessage)
HISTORY = Table("rating_history", RatingHistoryRow, before="guild_id")
SEASON = Table("seasons", SeasonRow)
SEASON_CHANNEL: Table[Any] = Table("season_channels", None, "guild_id channel_id")
SEASON_SCHEDULE = Table("season_schedules", SeasonScheduleRow)
REMATCH = Table("rematches", RematchRow)
ACCESS = Table("table_access", TableAccessRow, invited=SPACED_IDS)
LOBBY_OUTBOX = Table("lobby_outbox", LobbyOutboxEntry, invited=SPACED_IDS)
WATCHER = Table("watchers", WatcherRow)
TOURNAMENT = Table("tournaments", TournamentRow)
UNDO_TABLE: Table[Any] = Table("undo_tables", None, "lobby_id at")  # tables opened with undo by agreement
UNDO = Table("undo_requests", UndoRow)
HINT_TABLE: Table[Any] = Table("hint_tables", None, "lobby_id at")  # tables offering hints
HINT_USE: Table[Any] = Table("hint_uses", None, "game_no seat turn at")  # each hint given: its game is unrated
ANALYSIS: Table[Any] = Table("analyses", None, "game_no seat budget body at")  # post-game analyses once computed
TABLES: tuple[Table[Any], ...] = (
    SETTINGS, LOBBY, GAME, SEAT, ACTION, HAND, RESULT, RATING, OUTBOX, HAND_MESSAGE, HISTORY, SEASON,
    SEASON_CHANNEL, SEASON_SCHEDULE, REMATCH, ACCESS, LOBBY_OUTBOX, WATCHER, TOURNAMENT, UNDO_TABLE, UNDO,
    HINT_TABLE, HINT_USE, ANALYSIS,
)  # fmt: skip
# A player's seat in an ended game with their side's result (the columns of `data.sql.standings.PLAYED`).
PLAYED_GAME = Table("", PlayedGame)


def rating_row(r: Row) -> RatingRow:
    """A rating; a leaderboard's row also carries the name and the average final score."""
    keys = r.keys()
    return RATING.read(r, **{c: r[c] for c in ("name", "final_score") if c in keys})
