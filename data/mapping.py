"""Rows to values and back, once for both stores: the columns each query reads, the row dataclasses built
from a database row (read by column name: a `sqlite3.Row` or an asyncpg `Record`), and the parameters a
write sends, in the order its columns are listed here.

SQLite gives booleans as 0/1 and PostgreSQL as booleans, and both give JSON columns as their text, so the
same functions serve both; only the placeholders of the SQL differ (`?` or `$1`), and those stay in each
store.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

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


# -- the columns a query reads (or a write sends), as SQL lists ----------------------------------------------
SETTINGS = columns("guild_id turn_seconds auto_play language default_options computer_level undo_allowed")
UNDO = columns(
    "game_no turn seat user_id action asked_at deadline waiting channel_id message_id request status by_user_id step"
)
UNDO_TABLE = columns("lobby_id at")
LOBBY = columns(
    "lobby_id guild_id channel_id message_id host_id game_id options seats status created_at origin game_no"
)
LOBBY_NEW = LOBBY[1:-1]  # what an INSERT writes: the key is generated, the game comes later
GAME = columns(
    "game_no lobby_id guild_id channel_id thread_id board_message_id host_id game_id players options seed deals "
    "seating status deadline reminder_at created_at ended_at board_turn version carry_on_at"
)
GAME_NEW = columns(
    "lobby_id guild_id channel_id thread_id board_message_id host_id game_id players options seed deals seating "
    "status deadline reminder_at created_at"
)
SEAT = columns("game_no seat user_id name computer replaced_user_id level")
ACTION = columns("game_no turn seat action kind at")
HAND = columns("game_no hand_no turn reason points detail")
RESULT = columns("game_no seat user_id side place won score rating_before rating_after")
RATING = columns("guild_id pool user_id mu sigma games wins")
OUTBOX = columns("game_no kind user_id turn created_at due_at attempts")
LOBBY_OUTBOX = columns("lobby_id kind seq by_user_id invited created_at due_at attempts")
HAND_MESSAGE = columns("game_no user_id channel_id message_id")
HISTORY = columns("guild_id pool user_id game_no at rating_before rating_after")
SEASON = columns(
    "season_id guild_id name name_key channel_id started_by started_at ends_at ended_at ended_by announce_at "
    "announce_claims"
)
SEASON_NEW = SEASON[1:]  # the key is generated
SEASON_CHANNEL = columns("guild_id channel_id")
SEASON_SCHEDULE = columns("guild_id every pattern channel_id set_by set_at")
REMATCH = columns(
    "game_no guild_id channel_id message_id asked_by asked_at deadline answers status lobby_id next_game_no swap step "
    "to_open claimed_until"
)
ACCESS = columns("lobby_id private invited watching")
WATCHER = columns("lobby_id user_id mode since told_turn told_hands told_at claimed_until")
TOURNAMENT = columns(
    "tournament_id guild_id channel_id message_id created_by created_at game_id format rounds options status state "
    "told_round claimed_until"
)
TOURNAMENT_NEW = TOURNAMENT[1:]  # the key is generated


def listed(names: Sequence[str], prefix: str = "") -> str:
    """`a, b, c` (with `prefix` on each: `g.a, g.b`)."""
    return ", ".join(prefix + n for n in names)


# -- reading --------------------------------------------------------------------------------------------------
def settings_row(r: Row) -> SettingsRow:
    return SettingsRow(
        r["guild_id"],
        r["turn_seconds"],
        bool(r["auto_play"]),
        r["language"],
        json.loads(r["default_options"]),
        r["computer_level"],
        bool(r["undo_allowed"]),
    )


def seats_json(seats: Iterable[SeatRow]) -> str:
    return dump([[s.user_id, s.name, s.computer, s.replaced_user_id, s.level] for s in seats])


def seats_from_json(text: str) -> tuple[SeatRow, ...]:
    """A lobby's seats; a seat saved before levels were kept has four items (and no level)."""
    return tuple(SeatRow(u, n, bool(c), r, *level) for u, n, c, r, *level in json.loads(text))


def lobby_row(r: Row) -> LobbyRow:
    return LobbyRow(
        lobby_id=r["lobby_id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        message_id=r["message_id"],
        host_id=r["host_id"],
        game_id=r["game_id"],
        options=json.loads(r["options"]),
        seats=seats_from_json(r["seats"]),
        status=r["status"],
        created_at=r["created_at"],
        game_no=r["game_no"],
        origin=r["origin"],
    )


def seat_row(r: Row) -> SeatRow:
    return SeatRow(r["user_id"], r["name"], bool(r["computer"]), r["replaced_user_id"], r["level"])


def game_row(r: Row, seats: Iterable[SeatRow]) -> GameRow:
    return GameRow(
        game_no=r["game_no"],
        lobby_id=r["lobby_id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        board_message_id=r["board_message_id"],
        host_id=r["host_id"],
        game_id=r["game_id"],
        players=r["players"],
        options=json.loads(r["options"]),
        seed=r["seed"],
        deals=load(r["deals"]),
        seating=load(r["seating"]),
        status=r["status"],
        deadline=r["deadline"],
        reminder_at=r["reminder_at"],
        created_at=r["created_at"],
        ended_at=r["ended_at"],
        board_turn=r["board_turn"],
        version=r["version"],
        carry_on_at=r["carry_on_at"],
        seats=tuple(seats),
    )


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


def hand_row(r: Row) -> HandRow:
    return HandRow(r["hand_no"], r["turn"], r["reason"], tuple(json.loads(r["points"])), json.loads(r["detail"]))


def result_row(r: Row) -> ResultRow:
    return ResultRow(
        r["seat"],
        r["user_id"],
        r["side"],
        r["place"],
        bool(r["won"]),
        r["score"],
        r["rating_before"],
        r["rating_after"],
    )


def rating_row(r: Row) -> RatingRow:
    """A rating; a leaderboard's row also carries the name and the average final score."""
    keys = r.keys()
    return RatingRow(
        r["user_id"],
        r["mu"],
        r["sigma"],
        r["games"],
        r["wins"],
        r["name"] if "name" in keys else None,
        r["final_score"] if "final_score" in keys else None,
    )


def history_row(r: Row) -> RatingHistoryRow:
    return RatingHistoryRow(r["pool"], r["user_id"], r["game_no"], r["at"], r["rating_before"], r["rating_after"])


def played_game(r: Row) -> PlayedGame:
    return PlayedGame(
        game_no=r["game_no"],
        game_id=r["game_id"],
        players=r["players"],
        status=r["status"],
        ended_at=r["ended_at"],
        resigned=bool(r["resigned"]),
        score=r["score"],
        place=r["place"],
        won=None if r["won"] is None else bool(r["won"]),
    )


def season_row(r: Row) -> SeasonRow:
    return SeasonRow(
        season_id=r["season_id"],
        guild_id=r["guild_id"],
        name=r["name"],
        name_key=r["name_key"],
        channel_id=r["channel_id"],
        started_by=r["started_by"],
        started_at=r["started_at"],
        ends_at=r["ends_at"],
        ended_at=r["ended_at"],
        ended_by=r["ended_by"],
        announce_at=r["announce_at"],
        announce_claims=r["announce_claims"],
    )


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


def schedule_row(r: Row) -> SeasonScheduleRow:
    return SeasonScheduleRow(*(r[c] for c in SEASON_SCHEDULE))


def schedule_values(row: SeasonScheduleRow) -> tuple[Any, ...]:
    return tuple(getattr(row, c) for c in SEASON_SCHEDULE)


def rematch_row(r: Row) -> RematchRow:
    return RematchRow(
        game_no=r["game_no"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        message_id=r["message_id"],
        asked_by=r["asked_by"],
        asked_at=r["asked_at"],
        deadline=r["deadline"],
        answers={int(user): bool(yes) for user, yes in json.loads(r["answers"]).items()},
        status=r["status"],
        lobby_id=r["lobby_id"],
        next_game_no=r["next_game_no"],
        swap=bool(r["swap"]),
        step=r["step"],
        to_open=bool(r["to_open"]),
        claimed_until=r["claimed_until"],
    )


def rematch_values(row: RematchRow) -> tuple[Any, ...]:
    return (
        row.game_no,
        row.guild_id,
        row.channel_id,
        row.message_id,
        row.asked_by,
        row.asked_at,
        row.deadline,
        dump({str(user): yes for user, yes in row.answers.items()}),
        row.status,
        row.lobby_id,
        row.next_game_no,
        row.swap,
        row.step,
        row.to_open,
        row.claimed_until,
    )


def outbox_entry(r: Row) -> OutboxEntry:
    return OutboxEntry(
        game_no=r["game_no"],
        kind=r["kind"],
        user_id=r["user_id"],
        turn=r["turn"],
        created_at=r["created_at"],
        due_at=r["due_at"],
        attempts=r["attempts"],
    )


def hand_message(r: Row) -> HandMessage:
    return HandMessage(r["game_no"], r["user_id"], r["channel_id"], r["message_id"])


# -- writing: the values of a write, in the order of its column list ------------------------------------------
def settings_values(row: SettingsRow) -> tuple[Any, ...]:
    return (
        row.guild_id,
        row.turn_seconds,
        row.auto_play,
        row.language,
        dump(row.default_options),
        row.computer_level,
        row.undo_allowed,
    )


def undo_row(r: Row) -> UndoRow:
    return UndoRow(
        r["game_no"],
        r["turn"],
        r["seat"],
        r["user_id"],
        r["action"],
        r["asked_at"],
        r["deadline"],
        tuple(int(u) for u in json.loads(r["waiting"])),
        r["channel_id"],
        r["message_id"],
        r["request"],
        r["status"],
        r["by_user_id"],
        r["step"],
    )


def undo_values(row: UndoRow) -> tuple[Any, ...]:
    return (
        row.game_no,
        row.turn,
        row.seat,
        row.user_id,
        row.action,
        row.asked_at,
        row.deadline,
        dump(list(row.waiting)),
        row.channel_id,
        row.message_id,
        row.request,
        row.status,
        row.by_user_id,
        row.step,
    )


def new_lobby_values(row: LobbyRow) -> tuple[Any, ...]:
    return (
        row.guild_id,
        row.channel_id,
        row.message_id,
        row.host_id,
        row.game_id,
        dump(row.options),
        seats_json(row.seats),
        row.status,
        row.created_at,
        row.origin,
    )


def new_game_values(row: GameRow) -> tuple[Any, ...]:
    return (
        row.lobby_id,
        row.guild_id,
        row.channel_id,
        row.thread_id,
        row.board_message_id,
        row.host_id,
        row.game_id,
        row.players,
        dump(row.options),
        row.seed,
        None if row.deals is None else dump(row.deals),
        None if row.seating is None else dump(row.seating),
        row.status,
        row.deadline,
        row.reminder_at,
        row.created_at,
    )


def seat_values(game_no: int, seats: Iterable[SeatRow]) -> list[tuple[Any, ...]]:
    return [(game_no, i, s.user_id, s.name, s.computer, s.replaced_user_id, s.level) for i, s in enumerate(seats)]


def hand_values(game_no: int, hands: Iterable[HandRow]) -> list[tuple[Any, ...]]:
    return [(game_no, h.hand_no, h.turn, h.reason, dump(h.points), dump(h.detail)) for h in hands]


def result_values(game_no: int, results: Iterable[ResultRow]) -> list[tuple[Any, ...]]:
    return [
        (game_no, r.seat, r.user_id, r.side, r.place, r.won, r.score, r.rating_before, r.rating_after) for r in results
    ]


def rating_values(guild_id: int, pool: str, ratings: Iterable[RatingRow]) -> list[tuple[Any, ...]]:
    return [(guild_id, pool, r.user_id, r.mu, r.sigma, r.games, r.wins) for r in ratings]


def history_values(guild_id: int, rows: Iterable[RatingHistoryRow]) -> list[tuple[Any, ...]]:
    return [(guild_id, h.pool, h.user_id, h.game_no, h.at, h.rating_before, h.rating_after) for h in rows]


def new_season_values(row: SeasonRow) -> tuple[Any, ...]:
    return (
        row.guild_id,
        row.name,
        row.name_key,
        row.channel_id,
        row.started_by,
        row.started_at,
        row.ends_at,
        row.ended_at,
        row.ended_by,
        row.announce_at,
        row.announce_claims,
    )


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
    """A season's rating pool (`five-up@3`), as `bot.tables.seasons` names them."""
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


def outbox_values(entries: Iterable[OutboxEntry]) -> list[tuple[Any, ...]]:
    return [(e.game_no, e.kind, e.user_id, e.turn, e.created_at, e.due_at, e.attempts) for e in entries]


def lobby_outbox_entry(r: Row) -> LobbyOutboxEntry:
    return LobbyOutboxEntry(
        lobby_id=r["lobby_id"],
        kind=r["kind"],
        seq=r["seq"],
        by_user_id=r["by_user_id"],
        invited=tuple(int(u) for u in json.loads(r["invited"])),
        created_at=r["created_at"],
        due_at=r["due_at"],
        attempts=r["attempts"],
    )


def lobby_outbox_values(e: LobbyOutboxEntry) -> tuple[Any, ...]:
    return (e.lobby_id, e.kind, e.seq, e.by_user_id, json.dumps(list(e.invited)), e.created_at, e.due_at, e.attempts)


def access_row(r: Row) -> TableAccessRow:
    return TableAccessRow(
        lobby_id=r["lobby_id"],
        private=bool(r["private"]),
        invited=tuple(int(u) for u in json.loads(r["invited"])),
        watching=bool(r["watching"]),
    )


def access_values(row: TableAccessRow) -> tuple[Any, ...]:
    return (row.lobby_id, row.private, json.dumps(list(row.invited)), row.watching)


def watcher_row(r: Row) -> WatcherRow:
    return WatcherRow(*(r[c] for c in WATCHER))


def watcher_values(row: WatcherRow) -> tuple[Any, ...]:
    return tuple(getattr(row, c) for c in WATCHER)


def tournament_row(r: Row) -> TournamentRow:
    return TournamentRow(
        tournament_id=r["tournament_id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        message_id=r["message_id"],
        created_by=r["created_by"],
        created_at=r["created_at"],
        game_id=r["game_id"],
        format=r["format"],
        rounds=r["rounds"],
        options=json.loads(r["options"]),
        status=r["status"],
        state=json.loads(r["state"]),
        told_round=r["told_round"],
        claimed_until=r["claimed_until"],
    )


def new_tournament_values(row: TournamentRow) -> tuple[Any, ...]:
    return (
        row.guild_id,
        row.channel_id,
        row.message_id,
        row.created_by,
        row.created_at,
        row.game_id,
        row.format,
        row.rounds,
        dump(row.options),
        row.status,
        dump(row.state),
        row.told_round,
        row.claimed_until,
    )
