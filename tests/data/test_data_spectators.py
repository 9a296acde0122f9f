"""The store of spectators and private tables, on both backends: who may join and watch a table, who watches it
and how, the games a user watches, and DM digests claimed once, when due: the game moved on and the interval
passed, a hand ended, or the game ended (the last one, after which the watching ends)."""

from __future__ import annotations

from dataclasses import replace

from data import (
    ActionWrite,
    DigestClaim,
    GameRow,
    HandRow,
    LobbyRow,
    OutboxEntry,
    SeatRow,
    StoreInterface,
    TableAccessRow,
    WatcherRow,
)

GUILD = 5
ANN, BOB, CAT, DAN = 11, 22, 33, 44
HOUR = 3600.0


async def _table(store: StoreInterface, guild: int = GUILD) -> tuple[int, int]:
    """A lobby and the game it started: (lobby id, game number)."""
    seats = (SeatRow(ANN, "Ann"), SeatRow(BOB, "Bob"))
    lobby = await store.create_lobby(LobbyRow(None, guild, 6, ANN, "draw", {}, seats, "started", 1.0))
    game = GameRow(None, lobby, guild, 6, ANN, "draw", 2, {}, 1, None, None, seats, "active", 1.0)
    return lobby, await store.create_game(game)


def _act(game_no: int, turn: int, at: float, hands: tuple[HandRow, ...] = ()) -> ActionWrite:
    return ActionWrite(game_no, turn, turn % 2, "draw", "player", at, None, None, hands=hands)


async def test_a_tables_access_is_kept_and_changed(store: StoreInterface) -> None:
    lobby, _ = await _table(store)
    assert await store.table_access(lobby) is None  # open to all
    await store.set_table_access(TableAccessRow(lobby, True, (BOB, CAT), False))
    assert await store.table_access(lobby) == TableAccessRow(lobby, True, (BOB, CAT), False)
    await store.set_table_access(TableAccessRow(lobby, True, (BOB, CAT, DAN), True))
    assert await store.table_access(lobby) == TableAccessRow(lobby, True, (BOB, CAT, DAN), True)


async def test_watchers_of_a_table_and_the_games_a_user_watches(store: StoreInterface) -> None:
    lobby, game = await _table(store)
    other_lobby, other_game = await _table(store, GUILD + 1)
    await store.watch(WatcherRow(lobby, CAT, "thread", 10.0))
    await store.watch(WatcherRow(lobby, DAN, "dm", 11.0, told_turn=0, told_at=11.0))
    await store.watch(WatcherRow(other_lobby, CAT, "dm", 12.0))
    assert [(w.user_id, w.mode) for w in await store.watchers(lobby)] == [(CAT, "thread"), (DAN, "dm")]
    assert await store.watched_games(CAT) == [game, other_game]
    assert await store.watched_games(CAT, GUILD) == [game]
    await store.watch(WatcherRow(lobby, CAT, "dm", 13.0))  # a new choice replaces the old one (since kept)
    assert [(w.user_id, w.mode, w.since) for w in await store.watchers(lobby)] == [(CAT, "dm", 10.0), (DAN, "dm", 11.0)]
    assert await store.unwatch(lobby, CAT) and not await store.unwatch(lobby, CAT)
    assert await store.watched_games(CAT) == [other_game]
    await store.end_game(other_game, "finished", 20.0)
    assert await store.watched_games(CAT) == []  # only games still being played


async def test_a_digest_is_due_once_the_game_moved_and_the_interval_passed(store: StoreInterface) -> None:
    lobby, game = await _table(store)
    await store.watch(WatcherRow(lobby, CAT, "dm", 100.0, told_turn=0, told_at=100.0))
    await store.watch(WatcherRow(lobby, DAN, "thread", 100.0))  # thread watchers get no digest
    assert await store.claim_digests(100.0 + 2 * HOUR, HOUR, 60.0) == []  # nothing happened
    await store.append_action(_act(game, 0, 200.0))
    assert await store.claim_digests(200.0, HOUR, 60.0) == []  # too soon after the last
    [claim] = await store.claim_digests(100.0 + HOUR, HOUR, 60.0)
    assert claim == DigestClaim(WatcherRow(lobby, CAT, "dm", 100.0, 0, 0, 100.0, 100.0 + HOUR + 60.0), game, False)
    assert await store.claim_digests(100.0 + HOUR + 1, HOUR, 60.0) == []  # claimed: no other process sends it
    [again] = await store.claim_digests(100.0 + HOUR + 61, HOUR, 60.0)  # not told within the lease: again
    assert again.watcher.user_id == CAT and claim.previous is None
    assert again.previous == 100.0 + HOUR + 60.0  # the first claim's lease, unsettled: perhaps sent, looked for
    await store.digest_told(lobby, CAT, 1, 0, 100.0 + HOUR + 61, over=False)
    assert await store.claim_digests(100.0 + 3 * HOUR, HOUR, 60.0) == []  # told up to the game's turn


async def test_a_hands_end_is_told_at_once_and_the_games_end_last(store: StoreInterface) -> None:
    lobby, game = await _table(store)
    await store.watch(WatcherRow(lobby, CAT, "dm", 100.0, told_at=100.0))
    hand = HandRow(1, 0, "domino", (10, 0), {})
    await store.append_action(_act(game, 0, 110.0, hands=(hand,)))
    [claim] = await store.claim_digests(110.0, HOUR, 60.0)  # within the interval, but a hand ended
    assert claim.game_no == game and not claim.over
    await store.digest_told(lobby, CAT, 1, 1, 110.0, over=False)
    assert await store.claim_digests(120.0, HOUR, 60.0) == []
    await store.end_game(game, "finished", 130.0)
    [last] = await store.claim_digests(130.0, HOUR, 60.0)
    assert last.over
    await store.digest_told(lobby, CAT, 1, 1, 130.0, over=True)
    assert await store.watchers(lobby) == [] and await store.claim_digests(10 * HOUR, HOUR, 60.0) == []


async def test_a_dm_watcher_whose_dms_are_closed_follows_the_thread_and_is_told_so_once(
    store: StoreInterface,
) -> None:
    lobby, game = await _table(store)
    await store.watch(WatcherRow(lobby, CAT, "dm", 100.0, told_at=100.0))
    await store.watch(WatcherRow(lobby, DAN, "dm", 100.0, told_at=100.0))
    await store.append_action(_act(game, 0, 200.0))
    claims = await store.claim_digests(100.0 + HOUR, HOUR, 60.0)
    assert [c.watcher.user_id for c in claims] == [CAT, DAN]
    told = OutboxEntry(game, "watcher", 1, CAT, created_at=HOUR, due_at=HOUR + 60.0)
    assert await store.watcher_dms_closed(lobby, CAT, over=False, tell=[told])
    assert not await store.watcher_dms_closed(lobby, CAT, over=False, tell=[replace(told, turn=2)])  # once
    assert await store.outbox(game) == [told]
    assert [(w.user_id, w.mode) for w in await store.watchers(lobby)] == [(CAT, "thread"), (DAN, "dm")]
    [again] = await store.claim_digests(100.0 + 2 * HOUR, HOUR, 60.0)  # DAN's lease ran out; CAT gets none
    assert again.watcher.user_id == DAN
    assert await store.watcher_dms_closed(lobby, DAN, over=True)  # the game's last digest: watching ends
    assert [w.user_id for w in await store.watchers(lobby)] == [CAT]
