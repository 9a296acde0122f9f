"""The lobby outbox on both backends: an invitation to a private table is saved with the entry that tells it,
numbered in its lobby; a sweep claims what is due, once per lease; what was told is deleted and what failed is
tried again later, one attempt more. On PostgreSQL, processes sweeping at once claim each entry once, and two
processes inviting to one lobby at once never take the same number."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from data import LobbyOutboxEntry, LobbyRow, SeatRow, StoreError, StoreInterface, TableAccessRow, open_store
from tests.postgres_server import PostgresServer

GUILD = 5
ANN, BOB, CAT, DAN = 11, 22, 33, 44


async def _lobby(store: StoreInterface) -> int:
    return await store.create_lobby(LobbyRow(None, GUILD, 6, ANN, "draw", {}, (SeatRow(ANN, "Ann"),), "open", 1.0))


def _invited(lobby: int, invited: tuple[int, ...], at: float) -> LobbyOutboxEntry:
    return LobbyOutboxEntry(lobby, "invited", 0, ANN, invited, created_at=at, due_at=at + 60.0)


async def test_an_invitation_is_saved_with_its_entry_numbered_in_its_lobby(store: StoreInterface) -> None:
    lobby, other = await _lobby(store), await _lobby(store)
    first = await store.invite_to_table(TableAccessRow(lobby, True, (BOB,), True), _invited(lobby, (BOB,), 10.0))
    assert first == LobbyOutboxEntry(lobby, "invited", 1, ANN, (BOB,), 10.0, 70.0)
    second = await store.invite_to_table(
        TableAccessRow(lobby, True, (BOB, CAT, DAN), True), _invited(lobby, (DAN, CAT), 20.0)
    )
    elsewhere = await store.invite_to_table(TableAccessRow(other, True, (CAT,), True), _invited(other, (CAT,), 30.0))
    assert (second.seq, elsewhere.seq) == (2, 1)  # numbered within each lobby
    assert await store.table_access(lobby) == TableAccessRow(lobby, True, (BOB, CAT, DAN), True)
    assert await store.lobby_outbox() == [first, second, elsewhere]  # the order the host chose kept
    assert second.invited == (DAN, CAT)


async def test_an_entry_is_claimed_when_due_once_per_lease_and_deleted_once_told(store: StoreInterface) -> None:
    lobby = await _lobby(store)
    entry = await store.invite_to_table(TableAccessRow(lobby, True, (BOB,), True), _invited(lobby, (BOB,), 10.0))
    assert await store.claim_lobby_outbox(69.0, 120.0) == []  # its writer is telling it
    [claimed] = await store.claim_lobby_outbox(70.0, 120.0)
    assert claimed.key == entry.key and claimed.due_at == 190.0
    assert await store.claim_lobby_outbox(189.0, 120.0) == []  # claimed: nobody else takes it
    [again] = await store.claim_lobby_outbox(190.0, 120.0)  # not told within the lease (a crash): again
    assert again.key == entry.key and again.attempts == 0
    await store.lobby_told(retry=[(entry.key, 400.0)])  # Discord failed: later, one attempt more
    assert await store.claim_lobby_outbox(399.0, 120.0) == []
    [retried] = await store.claim_lobby_outbox(400.0, 120.0)
    assert retried.attempts == 1 and retried.invited == (BOB,)
    await store.lobby_told(done=[entry.key])
    assert await store.lobby_outbox() == [] and await store.claim_lobby_outbox(10_000.0, 120.0) == []
    await store.lobby_told(done=[entry.key])  # told twice (a slow teller): nothing left to delete, no error
    assert await store.table_access(lobby) == TableAccessRow(lobby, True, (BOB,), True)  # the invitation stands


async def test_an_invitation_refused_by_the_database_leaves_neither_access_nor_entry(store: StoreInterface) -> None:
    with pytest.raises(StoreError):  # no such lobby: the foreign key refuses the entry, and the access with it
        await store.invite_to_table(TableAccessRow(999, True, (BOB,), True), _invited(999, (BOB,), 10.0))
    assert await store.table_access(999) is None and await store.lobby_outbox() == []


@pytest.fixture
async def url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    made = await postgres_server.create_database()
    yield made
    await postgres_server.drop_database(made)


async def test_processes_sweeping_lobby_outboxes_at_once_each_claim_different_entries(url: str) -> None:
    one, two = await open_store(url), await open_store(url)
    try:
        for _ in range(60):
            lobby = await _lobby(one)
            await one.invite_to_table(TableAccessRow(lobby, True, (BOB,), True), _invited(lobby, (BOB,), 1.0))
        claims = await asyncio.gather(
            *(store.claim_lobby_outbox(now=100.0, lease=60.0, limit=8) for store in (one, two) for _ in range(5))
        )
        keys = [e.key for claim in claims for e in claim]
        assert len(keys) == len(set(keys)) == 60  # every entry claimed, none twice
    finally:
        await one.close()
        await two.close()


async def test_processes_inviting_to_one_lobby_at_once_number_their_invitations_apart(url: str) -> None:
    one, two = await open_store(url), await open_store(url)
    try:
        lobby = await _lobby(one)
        made = await asyncio.gather(
            *(
                store.invite_to_table(TableAccessRow(lobby, True, (user,), True), _invited(lobby, (user,), 1.0))
                for store in (one, two)
                for user in (BOB, CAT, DAN)
            )
        )
        assert sorted(e.seq for e in made) == [1, 2, 3, 4, 5, 6]
    finally:
        await one.close()
        await two.close()
