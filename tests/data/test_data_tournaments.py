"""The store of tournaments, on both backends: a tournament created, read back with its JSON state, changed
under its lock and saved, listed while it signs up or runs and not once over, and a round's telling claimed by
one caller at a time until it is told."""

from __future__ import annotations

from dataclasses import replace

from data import CANCELLED_ROUND, StoreInterface, TournamentRow

GUILD = 5


def _tournament(fmt: str = "knockout") -> TournamentRow:
    return TournamentRow(None, GUILD, 6, 11, 100.0, "draw", fmt, 2, {"rounds": 1})


async def test_a_tournament_is_stored_changed_under_its_lock_and_listed_while_live(store: StoreInterface) -> None:
    first = await store.create_tournament(_tournament())
    second = await store.create_tournament(_tournament("swiss"))
    assert first and second > first
    row = await store.tournament(first)
    assert row is not None and row.format == "knockout" and row.options == {"rounds": 1} and row.state == {}
    assert row.status == "signup" and row.told_round == 0 and row.message_id is None
    assert await store.live_tournaments() == [first, second]

    state = {"entrants": [{"users": [11], "names": ["Ann"]}], "rounds": [[{"a": 0, "b": None}]]}
    async with store.locked_tournament(first) as locked:
        assert locked is not None
        await store.save_tournament(replace(locked, status="running", rounds=3, state=state, message_id=77))
    row = await store.tournament(first)
    assert row is not None and row.status == "running" and row.rounds == 3
    assert row.state == state and row.message_id == 77
    async with store.locked_tournament(999) as missing:
        assert missing is None

    await store.save_tournament(replace(row, status="finished"))
    assert await store.live_tournaments() == [second]
    assert await store.tournament(12345) is None


async def test_a_rounds_telling_is_claimed_once_until_told_or_the_lease_ends(store: StoreInterface) -> None:
    tid = await store.create_tournament(_tournament())
    first = await store.claim_tournament_round(tid, 1, 100.0, 60.0)
    assert first is not None and first.previous is None  # nothing can have been posted: posted at once
    assert not await store.claim_tournament_round(tid, 1, 120.0, 60.0)  # held by the first caller
    again = await store.claim_tournament_round(tid, 1, 170.0, 60.0)  # the lease ran out (a crash): again
    assert again is not None and again.previous == 160.0  # the first may have posted it: looked for first
    await store.tournament_round_told(tid, 1)
    assert not await store.claim_tournament_round(tid, 1, 500.0, 60.0)  # told: never again
    second = await store.claim_tournament_round(tid, 2, 500.0, 60.0)
    assert second is not None and second.previous is None  # the last claim was settled
    await store.tournament_round_told(tid, 2)
    await store.tournament_round_told(tid, 1)  # a late, slower process does not move it back
    row = await store.tournament(tid)
    assert row is not None and row.told_round == 2 and row.claimed_until is None


async def test_a_cancelled_tournament_is_listed_until_its_cancellation_is_told(store: StoreInterface) -> None:
    tid = await store.create_tournament(_tournament())
    async with store.locked_tournament(tid) as row:
        assert row is not None
        await store.save_tournament(replace(row, status="cancelled"))
    assert await store.live_tournaments() == [tid]  # still to be told
    assert await store.claim_tournament_round(tid, CANCELLED_ROUND, 100.0, 60.0)
    assert not await store.claim_tournament_round(tid, CANCELLED_ROUND, 120.0, 60.0)
    await store.tournament_round_told(tid, CANCELLED_ROUND)
    assert await store.live_tournaments() == []
    assert not await store.claim_tournament_round(tid, CANCELLED_ROUND, 500.0, 60.0)


async def test_a_servers_tournaments_newest_first(store: StoreInterface) -> None:
    older = await store.create_tournament(_tournament())
    newer = await store.create_tournament(replace(_tournament("swiss"), created_at=200.0))
    elsewhere = await store.create_tournament(replace(_tournament(), guild_id=GUILD + 1))
    assert [r.tournament_id for r in await store.guild_tournaments(GUILD)] == [newer, older]
    assert [r.tournament_id for r in await store.guild_tournaments(GUILD, limit=1)] == [newer]
    assert [r.tournament_id for r in await store.guild_tournaments(GUILD + 1)] == [elsewhere]
