"""Undo by agreement in the store (migrations 0007 and 0012), on SQLite and PostgreSQL: a server's permission,
the tables opened with undo, and the requests of a game (one open at most) with who is still to accept them,
kept once settled, each change told through the outbox. The action and its undoing themselves are ordinary
entries of the action log."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from data import (
    ActionWrite,
    LobbyRow,
    OutboxEntry,
    SeatRow,
    SettingsRow,
    StoreError,
    StoreInterface,
    UndoRow,
    open_store,
)
from tests.checks import must
from tests.conftest import Databases
from tests.data.old_schemas import schema_before
from tests.data.test_data_store import GUILD, _game


async def test_a_server_allows_undo_and_a_table_is_opened_with_it(store: StoreInterface) -> None:
    await store.save_settings(SettingsRow(GUILD, 60, True, None, {}))
    assert (must(await store.load_settings(GUILD))).undo_allowed is False  # off unless the server allows it
    await store.save_settings(SettingsRow(GUILD, 60, True, None, {}, undo_allowed=True))
    assert (must(await store.load_settings(GUILD))).undo_allowed is True

    lobby_id = await store.create_lobby(LobbyRow(None, GUILD, 6, 11, "muggins", {}, (SeatRow(11, "Ann"),), "open", 1.0))
    assert not await store.table_undo(lobby_id)
    await store.set_table_undo(lobby_id, True, 2.0)
    await store.set_table_undo(lobby_id, True, 3.0)  # chosen twice: still one table with undo
    assert await store.table_undo(lobby_id)
    await store.set_table_undo(lobby_id, False, 4.0)
    assert not await store.table_undo(lobby_id)


async def test_requests_are_numbered_changed_settled_and_kept(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    assert await store.last_undo_request(game_no) == 0
    asked = UndoRow(game_no, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (22, 33), request=1)
    await store.save_undo_request(asked)
    assert await store.undo_request(game_no) == asked and await store.last_undo_request(game_no) == 1
    await store.set_undo_message(game_no, 1, 6, 99)  # the question posted
    accepted = UndoRow(game_no, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (33,), request=1, step=1)
    await store.save_undo_request(accepted)  # saved without its message: where it was posted is kept
    assert await store.undo_request(game_no) == replace(accepted, channel_id=6, message_id=99)
    assert await store.due_undo_requests(309.0) == []
    assert await store.due_undo_requests(310.0) == [game_no]

    refused = replace(accepted, status="refused", by_user_id=33, step=2)
    await store.save_undo_request(refused)
    assert await store.undo_request(game_no) is None  # none open
    assert await store.due_undo_requests(310.0) == []
    again = UndoRow(game_no, 3, 0, 11, "5-3@5-5", 20.0, 320.0, (22, 33), request=2)
    await store.save_undo_request(again)  # asked again: a request of its own
    assert await store.undo_requests_of(game_no, [2, 1, 7]) == [replace(refused, channel_id=6, message_id=99), again]
    assert await store.undo_request(game_no) == again and await store.last_undo_request(game_no) == 2

    for turn, (seat, action) in enumerate(((0, "5-5"), (1, "5-0@5-5"), (1, "undo"))):
        await store.append_action(ActionWrite(game_no, turn, seat, action, "player", 1.0 + turn, None, None, ()))
    stored = await store.load_game(game_no)
    assert stored is not None and stored.actions == [(0, "5-5"), (1, "5-0@5-5"), (1, "undo")]


async def test_a_game_has_one_open_request_at_most(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    await store.save_undo_request(UndoRow(game_no, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (22,), request=1))
    with pytest.raises(StoreError):
        await store.save_undo_request(UndoRow(game_no, 4, 0, 11, "5-2@5-5", 11.0, 311.0, (22,), request=2))
    assert await store.last_undo_request(game_no) == 1


async def test_each_change_of_a_request_is_told_through_the_outbox_with_it(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    row = UndoRow(game_no, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (22,), request=1)
    asked = OutboxEntry(game_no, "undo", 0, 1, created_at=10.0, due_at=70.0)
    await store.save_undo_request(row, tell=[asked])
    expired = OutboxEntry(game_no, "undo", 1, 1, created_at=311.0, due_at=371.0)
    await store.save_undo_request(replace(row, status="expired", step=1), tell=[expired])
    assert await store.outbox(game_no) == [asked, expired]
    await store.told(game_no, done=[asked.key, expired.key])
    assert await store.outbox(game_no) == []


async def _schema_before_numbered_requests(databases: Databases) -> str | Path:
    """A database of the schema before 0012, holding a game, its open request (asked at turn 3) and an entry
    of its outbox, as that bot wrote them."""
    rows = [
        "INSERT INTO games (guild_id, channel_id, host_id, game_id, players, options, seed, status, created_at) "
        "VALUES (5, 6, 11, 'muggins', 2, '{}', 123, 'active', 1.0)",
        "INSERT INTO undo_requests VALUES (1, 3, 0, 11, '5-3@5-5', 10.0, 310.0, '[22]', 6, 99)",
        "INSERT INTO outbox VALUES (1, 'action', 0, 2, 9.0, 69.0, 0)",
    ]
    return await schema_before(databases, 12, rows)


async def test_a_request_asked_before_numbering_is_numbered_by_its_turn_as_its_buttons_are(
    databases: Databases,
) -> None:
    store = await open_store(await _schema_before_numbered_requests(databases))
    try:
        assert 12 in store.migrated
        kept = UndoRow(1, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (22,), 6, 99, request=3)
        assert await store.undo_request(1) == kept
        assert await store.last_undo_request(1) == 3
        assert await store.outbox(1) == [OutboxEntry(1, "action", 2, 0, 9.0, 69.0)]
        told = OutboxEntry(1, "undo", 1, 3, created_at=400.0, due_at=460.0)
        await store.save_undo_request(replace(kept, status="expired", step=1), tell=[told])
        assert await store.outbox(1) == [OutboxEntry(1, "action", 2, 0, 9.0, 69.0), told]
    finally:
        await store.close()
