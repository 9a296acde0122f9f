"""Tables the bot opens itself, on both backends (migration 0009): a lobby opened with an origin key is opened
once; opening the same key again gives that lobby back as stored (open, or started with its game) and writes
nothing, whatever seats the second try brings; lobbies opened by players have no key and never collide. A
database from before 0009 keeps its lobbies (without a key), and its cancelled tournaments count as told."""

from __future__ import annotations

from pathlib import Path

from data import GameRow, LobbyRow, SeatRow, StoreInterface, open_store
from tests.conftest import Databases
from tests.data.old_schemas import schema_before

GUILD = 5
SEATS = (SeatRow(11, "Ann"), SeatRow(22, "Bob"))


def _lobby(origin: str | None, seats: tuple[SeatRow, ...] = SEATS) -> LobbyRow:
    return LobbyRow(None, GUILD, 6, 11, "draw", {"rounds": 1}, seats, "open", 100.0, origin=origin)


async def test_a_table_with_an_origin_is_opened_once(store: StoreInterface) -> None:
    first, made = await store.create_lobby_once(_lobby("tournament:1:1:1"))
    assert made and first.lobby_id and first.origin == "tournament:1:1:1" and first.seats == SEATS
    again, made = await store.create_lobby_once(_lobby("tournament:1:1:1", (SeatRow(33, "Cat"), SeatRow(44, "Dan"))))
    assert not made and again == first  # the table opened before, unchanged
    other, made = await store.create_lobby_once(_lobby("tournament:1:1:2"))
    assert made and other.lobby_id != first.lobby_id
    assert [r.origin for r in await store.open_lobbies()] == ["tournament:1:1:1", "tournament:1:1:2"]

    # Started (the lobby marked with its game in the same transaction): opened again, it says which game.
    game = GameRow(None, first.lobby_id, GUILD, 6, 11, "draw", 2, {}, 1, None, None, SEATS, "active", 100.0)
    game_no = await store.create_game(game)
    started, made = await store.create_lobby_once(_lobby("tournament:1:1:1"))
    assert not made and started.status == "started" and started.game_no == game_no
    assert [r.origin for r in await store.open_lobbies()] == ["tournament:1:1:2"]


async def test_tables_opened_by_players_have_no_origin(store: StoreInterface) -> None:
    one = await store.create_lobby(_lobby(None))
    two = await store.create_lobby(_lobby(None))
    assert one != two
    assert [(r.lobby_id, r.origin) for r in await store.open_lobbies()] == [(one, None), (two, None)]


async def _schema_before_origins(databases: Databases) -> str | Path:
    """A database of the schema before 0009: an open lobby, a running and a cancelled tournament."""
    tournament = (
        "INSERT INTO tournaments (guild_id, channel_id, created_by, created_at, game_id, format, rounds, options, "
        "status, state) VALUES (5, 6, 11, 1.0, 'draw', 'knockout', 2, '{{}}', '{status}', '{{}}')"
    )
    rows = [
        "INSERT INTO lobbies (guild_id, channel_id, host_id, game_id, options, seats, status, created_at) "
        """VALUES (5, 6, 11, 'draw', '{}', '[[11,"Ann",false,null,null]]', 'open', 1.0)""",
        tournament.format(status="running"),
        tournament.format(status="cancelled"),
    ]
    return await schema_before(databases, 9, rows)


async def test_a_database_from_before_origins_keeps_its_lobbies_and_tells_no_old_cancellation(
    databases: Databases,
) -> None:
    store = await open_store(await _schema_before_origins(databases))
    try:
        assert 9 in store.migrated
        [lobby] = await store.open_lobbies()
        assert lobby.origin is None and lobby.seats == (SeatRow(11, "Ann"),)
        assert await store.live_tournaments() == [1]  # the running one; the cancelled one is not told now
        again, made = await store.create_lobby_once(_lobby("rematch:1"))
        assert made and again.lobby_id == 2
    finally:
        await store.close()
