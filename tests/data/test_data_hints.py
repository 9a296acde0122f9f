"""Hints and stored analyses in the store (migration 0018), on SQLite and PostgreSQL: the tables that offer
hints, each hint given (kept across a reopening: a hinted game stays unrated after a restart), and analyses
stored once computed, read back only for the budget they were computed with."""

from __future__ import annotations

from data import LobbyRow, SeatRow, StoreInterface, open_store
from tests.conftest import Databases
from tests.data.test_data_store import GUILD, _game


def _lobby() -> LobbyRow:
    return LobbyRow(None, GUILD, 6, 11, "muggins", {}, (SeatRow(11, "Ann"),), "open", 1.0)


async def test_a_table_offers_hints_once_its_host_turns_them_on(store: StoreInterface) -> None:
    lobby_id = await store.create_lobby(_lobby())
    assert not await store.table_hints(lobby_id)  # off by default
    await store.set_table_hints(lobby_id, True, 2.0)
    await store.set_table_hints(lobby_id, True, 3.0)  # chosen twice: still on, once
    assert await store.table_hints(lobby_id)
    other = await store.create_lobby(_lobby())
    await store.create_game(_game(lobby_id))
    await store.create_game(_game(other))
    assert await store.hinted_active_lobbies() == {lobby_id}  # the games in play that offer hints
    await store.set_table_hints(lobby_id, False, 4.0)
    assert not await store.table_hints(lobby_id)
    assert await store.hinted_active_lobbies() == set()


async def test_hints_given_are_kept_once_each_and_survive_a_reopening(databases: Databases) -> None:
    target = await databases.target("hints")
    store = await open_store(target)
    try:
        game_no = await store.create_game(_game())
        assert await store.hint_uses(game_no) == []
        await store.add_hint_use(game_no, 0, 5, 10.0)
        await store.add_hint_use(game_no, 0, 5, 11.0)  # the same turn asked again: one use
        await store.add_hint_use(game_no, 1, 2, 12.0)
    finally:
        await store.close()
    store = await open_store(target)  # a restart
    try:
        assert await store.hint_uses(game_no) == [(1, 2), (0, 5)]
        assert await store.hint_uses(game_no + 1) == []
    finally:
        await store.close()


async def test_an_analysis_is_stored_and_read_back_for_its_budget(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    assert await store.load_analysis(game_no, 0, "v1") is None
    await store.save_analysis(game_no, 0, "v1", '{"moves": []}', 5.0)
    assert await store.load_analysis(game_no, 0, "v1") == '{"moves": []}'
    assert await store.load_analysis(game_no, 1, "v1") is None  # per seat
    assert await store.load_analysis(game_no, 0, "v2") is None  # another budget: to compute anew
    await store.save_analysis(game_no, 0, "v2", '{"moves": [1]}', 6.0)  # and stored over the old one
    assert await store.load_analysis(game_no, 0, "v2") == '{"moves": [1]}'
    assert await store.load_analysis(game_no, 0, "v1") is None
