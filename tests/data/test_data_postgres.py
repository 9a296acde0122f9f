"""The store on a real PostgreSQL server: its migrations, 64-bit ids, JSON as written, and what several
processes on one database need (two stores here are two processes: each has its own connections)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import asyncpg
import pytest

from data import (
    DatabaseInUse,
    GameFinish,
    OutboxEntry,
    RatingRow,
    RematchRow,
    ResultRow,
    SeasonRow,
    SeasonScheduleRow,
    StoreConflict,
    StoreError,
    open_store,
)
from data.migrations import migrations
from data.postgres import MIGRATIONS, PostgresStore, RatingsChanged
from tests.checks import is_a, must
from tests.data.test_data_backends import _hold
from tests.data.test_data_store import GUILD, _game, _write
from tests.postgres_server import PostgresServer


async def postgres_store(url: str, **options: Any) -> PostgresStore:
    """`open_store` on a PostgreSQL URL, typed as the PostgreSQL store (transactions and row locks are its own)."""
    return is_a(PostgresStore, await open_store(url, **options))


@pytest.fixture
async def url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    made = await postgres_server.create_database()
    yield made
    await postgres_server.drop_database(made)


async def test_migrations_are_applied_once_even_by_processes_starting_together(url: str) -> None:
    shipped = tuple(v for v, _ in migrations(MIGRATIONS))
    assert shipped[0] == 1
    first, second = await asyncio.gather(open_store(url), open_store(url))
    assert sorted([first.migrated, second.migrated]) == [(), shipped]
    assert await first.schema_version() == await second.schema_version() == shipped[-1]
    await first.close()
    await second.close()
    third = await postgres_store(url)
    assert isinstance(third, PostgresStore) and third.migrated == ()
    await third.close()


async def test_several_processes_share_a_database_unless_one_must_serve_it_alone(url: str) -> None:
    """Processes share PostgreSQL (each game's lock is in the database); FIVES_SINGLE_PROCESS makes a
    process refuse to start beside others, and others refuse to start beside it."""
    first, second = await postgres_store(url), await postgres_store(url)
    try:
        with pytest.raises(DatabaseInUse) as error:
            await postgres_store(url, exclusive=True)
        assert f"in use by another bot process (fives bot pid {os.getpid()} on " in str(error.value)
        assert "FIVES_SINGLE_PROCESS" in str(error.value)
    finally:
        await first.close()
        await second.close()
    alone = await postgres_store(url, exclusive=True)  # closed (or dead), the others hold nothing
    try:
        with pytest.raises(DatabaseInUse) as error:
            await postgres_store(url)
        assert "must be its only one" in str(error.value) and "FIVES_SINGLE_PROCESS" in str(error.value)
    finally:
        await alone.close()


async def test_a_server_that_cannot_be_reached_is_one_clear_error_without_the_password(
    postgres_server: PostgresServer,
) -> None:
    bad = postgres_server.url().replace("postgres@", "fives:hunter2@").replace("port=5432", "port=1")
    with pytest.raises(StoreError) as error:
        await open_store(bad)
    assert "cannot connect to the database" in str(error.value) and "hunter2" not in str(error.value)


async def test_a_finish_from_ratings_another_process_changed_is_refused_and_loses_no_update(url: str) -> None:
    """Two processes end a game of the same player at once, both from the rating they read before: one
    finish is written, the other is refused whole (its action too) and, recomputed, adds to the first."""
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        games = [await one.create_game(_game()) for _ in range(2)]
        read = await one.ratings(GUILD, "muggins", [11])
        assert read == {}  # both computed their finish from "no rating yet"

        def finish(mu: float, games_played: int) -> GameFinish:
            return GameFinish((ResultRow(0, 11, 0, 1, True, 250),), (RatingRow(11, mu, 8.0, games_played, 1),))

        outcomes = await asyncio.gather(
            one.append_action(_write(games[0], 0, "6-6", finish=finish(27.0, 1))),
            two.append_action(_write(games[1], 0, "6-6", finish=finish(26.0, 1))),
            return_exceptions=True,
        )
        assert sum(o is None for o in outcomes) == 1
        [refused] = [o for o in outcomes if o is not None]
        assert isinstance(refused, RatingsChanged)
        lost = games[outcomes.index(refused)]
        assert (must(await one.load_game(lost))).actions == [] and await one.result_rows(lost) == []

        # The refused one recomputes from the rating as it is now and writes again.
        now = (await two.ratings(GUILD, "muggins", [11]))[11]
        assert now.games == 1
        await two.append_action(_write(lost, 0, "6-6", finish=finish(now.mu + 1, now.games + 1)))
        assert (await one.ratings(GUILD, "muggins", [11]))[11].games == 2
        assert await one.active_games() == []
    finally:
        await one.close()
        await two.close()


async def test_finishes_sharing_players_in_opposite_orders_wait_for_each_other_without_deadlock(url: str) -> None:
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        first = [RatingRow(u, 25.0, 8.0, 1, 0) for u in (1, 2, 3)]
        game_no = await one.create_game(_game())
        await one.append_action(_write(game_no, 0, finish=GameFinish((), tuple(first))))
        a, b = await one.create_game(_game()), await one.create_game(_game())
        forward = tuple(RatingRow(u, 26.0, 7.0, 2, 1) for u in (1, 2, 3))
        backward = tuple(RatingRow(u, 24.0, 7.0, 2, 0) for u in (3, 2, 1))
        outcomes = await asyncio.gather(
            one.append_action(_write(a, 0, finish=GameFinish((), forward))),
            two.append_action(_write(b, 0, finish=GameFinish((), backward))),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "RatingsChanged"]
        assert {r.games for r in (await one.ratings(GUILD, "muggins", [1, 2, 3])).values()} == {2}
    finally:
        await one.close()
        await two.close()


async def test_a_game_lock_holds_off_another_process_until_the_transaction_ends(url: str) -> None:
    one, two = await postgres_store(url), await postgres_store(url)
    assert isinstance(one, PostgresStore) and isinstance(two, PostgresStore)
    try:
        game_no = await one.create_game(_game())
        order: list[str] = []
        locked = asyncio.Event()

        async def first() -> None:
            async with one.transaction():
                await one.lock_game(game_no)
                locked.set()
                await asyncio.sleep(0.2)
                await one.append_action(_write(game_no, 0, "6-6"))  # joins the transaction
                order.append("first wrote")

        async def second() -> None:
            await locked.wait()
            async with two.transaction():
                await two.lock_game(game_no)
                order.append("second locked")
                stored = must(await two.load_game(game_no))
                assert stored.actions == [(0, "6-6")]  # it sees what the first committed
                await two.append_action(_write(game_no, 1, "6-3@6-6"))

        await asyncio.gather(first(), second())
        assert order == ["first wrote", "second locked"]
        assert (must(await one.load_game(game_no))).actions == [(0, "6-6"), (1, "6-3@6-6")]
        with pytest.raises(RuntimeError, match="inside"):
            await one.lock_game(game_no)
    finally:
        await one.close()
        await two.close()


async def test_what_one_process_told_never_deadlocks_with_another_process_s_action_on_the_game(url: str) -> None:
    """What was told used to wait for the next transaction of any kind, which wrote it before taking its own
    locks: a process that told of game 1 and then took game 1's lock held the outbox row first and the game
    second, while another process's action held the game and then wrote the same rows. PostgreSQL aborted
    one of them ("deadlock detected") and a player's click was answered "could not be saved"."""
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        game_no = await one.create_game(_game())
        hand = OutboxEntry(game_no, "hand", turn=0, user_id=11)
        await one.append_action(_write(game_no, 0, "6-6", tell=(OutboxEntry(game_no, "action", turn=0), hand)))
        both = asyncio.Barrier(2)
        told = asyncio.Event()

        async def other_process_acts() -> None:
            # After the telling (which, written at once, waits for the game's lock like any action): the
            # deadlock came from what was told being written later, inside this process's next transaction.
            await told.wait()
            async with two.transaction():
                await two.lock_game(game_no)
                await both.wait()
                # Its action writes the player's hand entry again (the rows the first process told of).
                await two.append_action(_write(game_no, 1, "6-3@6-6", tell=(hand,)))

        async def this_process_tells_then_acts() -> None:
            await one.told(game_no, done=[("action", 0, 0), hand.key])
            told.set()
            async with one.transaction():
                await both.wait()
                await one.lock_game(game_no)

        await asyncio.wait_for(asyncio.gather(other_process_acts(), this_process_tells_then_acts()), 30)
        assert [e.key for e in await one.outbox(game_no)] == [hand.key]  # written again by the later action
        assert (must(await one.load_game(game_no))).actions == [(0, "6-6"), (1, "6-3@6-6")]
    finally:
        await one.close()
        await two.close()


async def test_a_conflict_postgresql_aborts_is_a_store_conflict_to_be_made_again(url: str) -> None:
    """A deadlock that PostgreSQL still reports comes out as `StoreConflict` (nothing written; doing it again
    will do), which the table service makes again rather than refusing the player's click."""
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        first, second = await one.create_game(_game()), await one.create_game(_game())
        both = asyncio.Barrier(2)

        async def lock(store: PostgresStore, a: int, b: int) -> None:
            async with store.transaction():
                await store.lock_game(a)
                await both.wait()
                await store.lock_game(b)

        results = await asyncio.gather(lock(one, first, second), lock(two, second, first), return_exceptions=True)
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(errors) == 1 and isinstance(errors[0], StoreConflict), results
    finally:
        await one.close()
        await two.close()


async def test_the_store_methods_inside_one_transaction_commit_or_roll_back_together(url: str) -> None:
    store = await postgres_store(url)
    assert isinstance(store, PostgresStore)
    try:
        with pytest.raises(StoreError):
            async with store.transaction():
                game_no = await store.create_game(_game())
                await store.append_action(_write(game_no, 0, "6-6"))
                await store.append_action(_write(game_no, 0, "5-5"))  # the same turn: refused
        assert await store.load_game(game_no) is None  # the game went with it
        async with store.transaction():
            game_no = await store.create_game(_game())
            await store.append_action(_write(game_no, 0, "6-6"))
        assert (must(await store.load_game(game_no))).actions == [(0, "6-6")]
    finally:
        await store.close()


async def test_the_schema_is_postgresql_s_own_types(url: str) -> None:
    store = await postgres_store(url)
    await store.close()
    conn = await asyncpg.connect(url)
    try:
        types = {
            (r["table_name"], r["column_name"]): r["data_type"]
            for r in await conn.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = current_schema()"
            )
        }
    finally:
        await conn.close()
    assert types["games", "guild_id"] == types["actions", "game_no"] == types["ratings", "user_id"] == "bigint"
    assert types["games", "deadline"] == types["actions", "at"] == "double precision"
    assert types["games", "options"] == types["hand_results", "detail"] == "json"
    assert types["game_results", "won"] == types["game_seats", "computer"] == "boolean"


async def test_a_process_killed_outright_leaves_the_database_free(url: str) -> None:
    holder = _hold(url)  # one of several processes: a process that must be alone waits for it to go
    try:
        with pytest.raises(DatabaseInUse, match=f"fives bot pid {holder.pid} "):
            await postgres_store(url, exclusive=True)
    finally:
        holder.kill()
        holder.wait()
    for _ in range(100):  # the server ends the dead process's session as soon as it sees the socket close
        try:
            store = await postgres_store(url, exclusive=True)
            break
        except DatabaseInUse:
            await asyncio.sleep(0.05)
    else:
        pytest.fail("the lock outlived its process")
    await store.close()


async def test_a_user_that_may_not_create_the_tables_is_told_so(url: str, postgres_server: PostgresServer) -> None:
    admin = await asyncpg.connect(postgres_server.url())
    try:
        await admin.execute("DROP ROLE IF EXISTS reader; CREATE ROLE reader LOGIN")
        await admin.execute(f"REVOKE ALL ON SCHEMA {url.rpartition('=')[2]} FROM reader")
    finally:
        await admin.close()
    with pytest.raises(StoreError, match=r"^cannot set up the database postgresql://reader@.*: no schema has been"):
        await open_store(url.replace("postgres@", "reader@"))


async def test_processes_sweeping_the_outbox_at_once_each_claim_different_entries(url: str) -> None:
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        game_no = await one.create_game(_game())
        entries = [OutboxEntry(game_no, "hand", turn=t, user_id=11) for t in range(300)]
        await one.append_action(_write(game_no, 0, tell=tuple(entries)))
        claims = await asyncio.gather(
            *(store.claim_outbox(now=10.0, lease=60.0, limit=40) for store in (one, two) for _ in range(5))
        )
        keys = [e.key for claim in claims for e in claim]
        assert len(keys) == len(set(keys)) == 300  # every entry claimed, none twice
    finally:
        await one.close()
        await two.close()


async def test_processes_sweeping_seasons_at_once_end_each_once_and_announce_it_once(url: str) -> None:
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        for guild in range(1, 21):  # twenty servers, each a season ending at 100
            assert await one.create_season(SeasonRow(None, guild, "Spring", "spring", 6, 11, 1.0, 100.0)) > 0
        ended = await asyncio.gather(*(store.end_due_seasons(150.0) for store in (one, two, one, two)))
        assert sorted(s.guild_id for batch in ended for s in batch) == list(range(1, 21))  # each once
        claims = await asyncio.gather(*(store.claim_season_announcements(160.0, 60.0) for store in (one, two) * 3))
        assert sorted(s.guild_id for batch in claims for s in batch) == list(range(1, 21))
    finally:
        await one.close()
        await two.close()


async def test_processes_starting_a_schedules_season_at_once_start_one(url: str) -> None:
    """Each process computes the next season and tries to start it: one running season a server (a unique
    index) lets one through, the others write nothing."""
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        schedules = [SeasonScheduleRow(guild, "monthly", "{year}-{month}", 6, 11, 1.0) for guild in range(1, 21)]
        for schedule in schedules:
            await one.set_season_schedule(schedule)
        started = await asyncio.gather(
            *(
                store.start_scheduled_season(SeasonRow(None, s.guild_id, name, name, 6, 11, 5.0, 100.0), s)
                for s in schedules
                for store, name in ((one, "2026-01"), (two, "2026-01"), (one, "other"), (two, "2026-02"))
            )
        )
        assert sum(1 for season_id in started if season_id) == 20
        for schedule in schedules:
            assert len(await two.seasons(schedule.guild_id)) == 1
        assert await one.schedules_without_season() == []
    finally:
        await one.close()
        await two.close()


async def test_a_rematch_sweep_claims_in_key_order_and_skips_a_rematch_another_process_holds(url: str) -> None:
    """The sweep of settled rematches whose tables were not made used to be one multi-row UPDATE, taking rows
    in the order its scan met them and waiting for any another process held: held up behind a rematch being
    settled elsewhere, and open to a deadlock with a sweep that met the rows in another order (#23). It now
    claims in key order and skips what another process holds (that one makes its table, or a later sweep)."""
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        games = [await one.create_game(_game()) for _ in range(3)]
        for game_no in games:
            await one.create_rematch(RematchRow(game_no, GUILD, 6, 11, 10.0, 910.0, {11: True}))
            await one.save_rematch(RematchRow(game_no, GUILD, 6, 11, 10.0, 910.0, {11: True}, "reopened", step=1,
                                              to_open=True))  # fmt: skip
        held = asyncio.Event()
        release = asyncio.Event()

        async def other_process_settles() -> None:
            async with two.locked_rematch(games[1]):
                held.set()
                await release.wait()

        settling = asyncio.create_task(other_process_settles())
        await held.wait()
        try:
            claimed = await asyncio.wait_for(one.claim_rematches_to_open(100.0, 60.0), 10)
        finally:
            release.set()
            await settling
        assert claimed == [games[0], games[2]]
        assert await one.claim_rematches_to_open(100.0, 60.0) == [games[1]]  # once the other let it go
    finally:
        await one.close()
        await two.close()


async def test_a_hold_on_what_is_being_told_waits_for_nobody_and_keeps_the_rest(url: str) -> None:
    """The writer's hold on the entries it is still telling skips an entry another process holds (a teller
    deleting it, a sweep claiming it) rather than waiting for it: waiting row by row, a hold and another
    process's `told` could take a game's rows in opposite orders, and the deadlock aborted one of them, so
    that an entry was told twice (#23)."""
    one, two = await postgres_store(url), await postgres_store(url)
    try:
        game_no = await one.create_game(_game())
        entries = [
            OutboxEntry(game_no, "action", 0, 0, 1.0, 6.0),
            OutboxEntry(game_no, "hand", 0, 11, 1.0, 6.0),
            OutboxEntry(game_no, "hand", 0, 12, 1.0, 6.0),
        ]
        await one.append_action(_write(game_no, 0, "6-6", tell=tuple(entries)))
        held, release = asyncio.Event(), asyncio.Event()

        async def other_process_tells_ann_s_hand() -> None:
            async with two.transaction() as db:
                await db.execute(
                    "SELECT 1 FROM outbox WHERE game_no = $1 AND kind = 'hand' AND user_id = 11 FOR UPDATE", game_no
                )
                held.set()
                await release.wait()

        telling = asyncio.create_task(other_process_tells_ann_s_hand())
        await held.wait()
        try:
            await asyncio.wait_for(one.hold_outbox([(replace(e, due_at=20.0), e.due_at) for e in entries]), 10)
        finally:
            release.set()
            await telling
        due = {e.key: e.due_at for e in await one.outbox(game_no)}
        assert due == {("action", 0, 0): 20.0, ("hand", 11, 0): 6.0, ("hand", 12, 0): 20.0}
    finally:
        await one.close()
        await two.close()
