"""Undo by agreement in the store (migration 0007), on SQLite and PostgreSQL: a server's permission, the
tables opened with undo, and the one open request of a game with who is still to accept it. The action and
its undoing themselves are ordinary entries of the action log."""

from __future__ import annotations

from data import ActionWrite, LobbyRow, SeatRow, SettingsRow, StoreInterface, UndoRow
from tests.data.test_data_store import GUILD, _game


async def test_a_server_allows_undo_and_a_table_is_opened_with_it(store: StoreInterface) -> None:
    await store.save_settings(SettingsRow(GUILD, 60, True, None, {}))
    assert (await store.load_settings(GUILD)).undo_allowed is False  # off unless the server allows it
    await store.save_settings(SettingsRow(GUILD, 60, True, None, {}, undo_allowed=True))
    assert (await store.load_settings(GUILD)).undo_allowed is True

    lobby_id = await store.create_lobby(LobbyRow(None, GUILD, 6, 11, "muggins", {}, (SeatRow(11, "Ann"),), "open", 1.0))
    assert not await store.table_undo(lobby_id)
    await store.set_table_undo(lobby_id, True, 2.0)
    await store.set_table_undo(lobby_id, True, 3.0)  # chosen twice: still one table with undo
    assert await store.table_undo(lobby_id)
    await store.set_table_undo(lobby_id, False, 4.0)
    assert not await store.table_undo(lobby_id)


async def test_a_request_is_kept_changed_and_dropped_and_the_log_keeps_the_undo(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    asked = UndoRow(game_no, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (22, 33))
    await store.save_undo_request(asked)
    assert await store.undo_request(game_no) == asked
    accepted = UndoRow(game_no, 3, 0, 11, "5-3@5-5", 10.0, 310.0, (33,), channel_id=6, message_id=99)
    await store.save_undo_request(accepted)
    assert await store.undo_request(game_no) == accepted
    assert await store.due_undo_requests(309.0) == []
    assert await store.due_undo_requests(310.0) == [game_no]
    await store.drop_undo_request(game_no)
    assert await store.undo_request(game_no) is None

    for turn, (seat, action) in enumerate(((0, "5-5"), (1, "5-0@5-5"), (1, "undo"))):
        await store.append_action(ActionWrite(game_no, turn, seat, action, "player", 1.0 + turn, None, None, ()))
    stored = await store.load_game(game_no)
    assert stored.actions == [(0, "5-5"), (1, "5-0@5-5"), (1, "undo")]
