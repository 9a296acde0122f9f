"""The store of tournaments, on both backends: a tournament created, read back with its JSON state, changed
under its lock and saved, listed while it signs up or runs and not once over, and a round's telling claimed by
one caller at a time until it is told."""

from __future__ import annotations

from dataclasses import replace

from data import TournamentRow

GUILD = 5


def _tournament(fmt: str = "knockout") -> TournamentRow:
    return TournamentRow(None, GUILD, 6, 11, 100.0, "draw", fmt, 2, {"rounds": 1})


async def test_a_tournament_is_stored_changed_under_its_lock_and_listed_while_live(store):
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


async def test_a_rounds_telling_is_claimed_once_until_told_or_the_lease_ends(store):
    tid = await store.create_tournament(_tournament())
    assert await store.claim_tournament_round(tid, 1, 100.0, 60.0)
    assert not await store.claim_tournament_round(tid, 1, 120.0, 60.0)  # held by the first caller
    assert await store.claim_tournament_round(tid, 1, 170.0, 60.0)  # the lease ran out (a crash): again
    await store.tournament_round_told(tid, 1)
    assert not await store.claim_tournament_round(tid, 1, 500.0, 60.0)  # told: never again
    assert await store.claim_tournament_round(tid, 2, 500.0, 60.0)
    await store.tournament_round_told(tid, 2)
    await store.tournament_round_told(tid, 1)  # a late, slower process does not move it back
    row = await store.tournament(tid)
    assert row is not None and row.told_round == 2 and row.claimed_until is None
