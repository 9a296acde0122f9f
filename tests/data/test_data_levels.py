"""Computer levels in the store (migration 0004), on SQLite and PostgreSQL: each computer seat of a lobby
and of a game keeps its level, a server its default level; a database written before levels were kept
reads its computers without a level (the table service plays them `easy`)."""

from __future__ import annotations

from pathlib import Path

from data import LobbyRow, SeatRow, SettingsRow, StoreInterface, open_store
from tests.checks import must
from tests.conftest import Databases
from tests.data.old_schemas import schema_before
from tests.data.test_data_store import GUILD, _game

SEATS = (
    SeatRow(11, "Ann"),
    SeatRow(None, None, computer=True, level="strong"),
    SeatRow(None, None, computer=True, level="easy"),
)


async def test_levels_of_computer_seats_and_of_a_server_come_back_as_written(store: StoreInterface) -> None:
    lobby = LobbyRow(None, GUILD, 6, 11, "muggins", {}, SEATS, "open", 1.0)
    lobby_id = await store.create_lobby(lobby)
    [loaded] = await store.open_lobbies()
    assert loaded.seats == SEATS
    changed = (*SEATS[:2], SeatRow(None, None, computer=True, level="normal"))
    await store.save_lobby(LobbyRow(lobby_id, GUILD, 6, 11, "muggins", {}, changed, "open", 1.0))
    assert (await store.open_lobbies())[0].seats == changed

    game_no = await store.create_game(_game(lobby_id=lobby_id, players=3, seats=changed))
    assert (must(await store.load_game(game_no))).row.seats == changed
    # Ann resigns: a computer of the server's level takes her seat, under her name.
    await store.set_seat(game_no, 0, SeatRow(None, "Ann", computer=True, replaced_user_id=11, level="normal"))
    [stored] = await store.active_games()
    assert [s.level for s in stored.row.seats] == ["normal", "strong", "normal"]

    await store.save_settings(SettingsRow(GUILD, 60, True, None, {}, computer_level="strong"))
    assert (must(await store.load_settings(GUILD))).computer_level == "strong"
    await store.save_settings(SettingsRow(GUILD, 60, True, None, {}))  # back to the bot's default
    assert (must(await store.load_settings(GUILD))).computer_level is None


async def _schema_before_levels(databases: Databases) -> str | Path:
    """A database of the schema before 0004, holding a lobby, a game and settings as that bot wrote them."""
    lobby_seats = '[[11,"Ann",false,null],[null,null,true,null]]'  # four items a seat: no level
    yes, no = ("1", "0") if databases.backend == "sqlite" else ("true", "false")
    rows = [
        f"INSERT INTO guild_settings VALUES (5, 3600, {yes}, NULL, '{{}}')",
        "INSERT INTO lobbies (guild_id, channel_id, host_id, game_id, options, seats, status, created_at) "
        f"VALUES (5, 6, 11, 'muggins', '{{}}', '{lobby_seats}', 'open', 1.0)",
        "INSERT INTO games (guild_id, channel_id, host_id, game_id, players, options, seed, status, created_at) "
        "VALUES (5, 6, 11, 'muggins', 2, '{}', 123, 'active', 1.0)",
        f"INSERT INTO game_seats VALUES (1, 0, 11, 'Ann', {no}, NULL), (1, 1, NULL, NULL, {yes}, NULL)",
    ]
    return await schema_before(databases, 4, rows)


async def test_computers_saved_before_levels_were_kept_come_back_without_one(databases: Databases) -> None:
    store = await open_store(await _schema_before_levels(databases))
    try:
        assert 4 in store.migrated
        [lobby] = await store.open_lobbies()
        assert lobby.seats == (SeatRow(11, "Ann"), SeatRow(None, None, computer=True))
        game = await store.load_game(1)
        assert game is not None and game.row.seats == (SeatRow(11, "Ann"), SeatRow(None, None, computer=True))
        settings = await store.load_settings(5)
        assert settings is not None and settings.computer_level is None and settings.turn_seconds == 3600
    finally:
        await store.close()
