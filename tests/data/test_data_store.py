"""The store on a real SQLite file: migrations, the action log, results and ratings."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from data import (
    COMPUTER_ID,
    ActionWrite,
    GameFinish,
    GameRow,
    HandMessage,
    HandRow,
    LobbyRow,
    OutboxEntry,
    RatingRow,
    ResultRow,
    SeatRow,
    SettingsRow,
    Store,
    StoreError,
    StoreInterface,
    open_store,
)
from data.migrations import migrations
from tests.checks import must
from tests.conftest import Databases

GUILD = 5


def _game(lobby_id: int | None = None, **changes: Any) -> GameRow:
    values: dict[str, Any] = dict(
        game_no=None,
        lobby_id=lobby_id,
        guild_id=GUILD,
        channel_id=6,
        host_id=11,
        game_id="muggins",
        players=2,
        options={"target": 250},
        seed=123,
        deals=[{"first_leader": 0}],
        seating=None,
        seats=(SeatRow(11, "Ann"), SeatRow(None, None, computer=True)),
        status="active",
        created_at=1.0,
    )
    values.update(changes)
    return GameRow(**values)


def _write(game_no: int, turn: int, action: str = "draw", **changes: Any) -> ActionWrite:
    values: dict[str, Any] = dict(
        game_no=game_no, turn=turn, seat=turn % 2, action=action, kind="player", at=2.0, deadline=None, reminder_at=None
    )
    values.update(changes)
    return ActionWrite(**values)


async def test_migrations_are_applied_once(db_path: Path) -> None:
    shipped = tuple(v for v, _ in migrations())
    assert shipped[0] == 1
    first = await Store.open(db_path)
    assert first.migrated == shipped and await first.schema_version() == shipped[-1]
    await first.close()
    second = await Store.open(db_path)
    assert second.migrated == () and await second.schema_version() == shipped[-1]
    await second.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_game_and_its_log_come_back_in_order(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    for turn, action in enumerate(["6-6", "6-3@6-6", "draw", "pass"]):
        await store.append_action(_write(game_no, turn, action))
    [stored] = await store.active_games()
    assert stored.row.game_no == game_no and stored.row.deals == [{"first_leader": 0}]
    assert stored.row.seats == (SeatRow(11, "Ann"), SeatRow(None, None, computer=True))
    assert stored.actions == [(0, "6-6"), (1, "6-3@6-6"), (0, "draw"), (1, "pass")]
    assert (must(await store.load_game(game_no))).actions == stored.actions
    assert await store.load_game(game_no + 1) is None


async def test_a_players_active_games_are_found_by_their_seat(store: StoreInterface) -> None:
    ann_here = await store.create_game(_game())
    ann_elsewhere = await store.create_game(_game(guild_id=GUILD + 1))
    ended = await store.create_game(_game())
    await store.end_game(ended, "abandoned", 3.0)
    await store.create_game(_game(seats=(SeatRow(12, "Bob"), SeatRow(None, None, computer=True))))
    assert await store.active_games_of(11) == [ann_here, ann_elsewhere]  # not the ended game, not Bob's
    assert await store.active_games_of(11, GUILD) == [ann_here]
    assert await store.active_games_of(13) == []


async def test_the_same_turn_can_never_be_written_twice(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    await store.append_action(_write(game_no, 0, "6-6"))
    with pytest.raises(StoreError):
        await store.append_action(_write(game_no, 0, "5-5"))
    assert (must(await store.load_game(game_no))).actions == [(0, "6-6")]


async def test_a_failed_write_leaves_nothing_behind(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    hand = HandRow(1, 0, "domino", (5, 0), {"hands": [["1-2"], []]})
    with pytest.raises(StoreError):  # the same hand twice fails after the action row was inserted
        await store.append_action(_write(game_no, 0, "6-6", hands=(hand, hand), deadline=99.0))
    stored = must(await store.load_game(game_no))
    assert stored.actions == [] and stored.row.deadline is None
    assert await store.hand_rows(game_no) == []
    await store.append_action(_write(game_no, 0, "6-6", hands=(hand,), deadline=99.0, reminder_at=50.0))
    assert await store.hand_rows(game_no) == [hand]
    assert (must(await store.load_game(game_no))).row.deadline == 99.0


async def test_finishing_writes_results_and_ratings_and_ends_the_game(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    finish = GameFinish(
        results=(ResultRow(0, 11, 0, 1, True, 250, 0.0, 1.5), ResultRow(1, None, 1, 2, False, 180)),
        ratings=(RatingRow(11, 27.0, 8.0, 1, 1), RatingRow(COMPUTER_ID, 23.0, 8.0, 1, 0)),
    )
    await store.append_action(_write(game_no, 0, "6-6", finish=finish, at=9.0))
    assert await store.active_games() == []
    assert (must(await store.load_game(game_no))).row.status == "finished"
    assert await store.result_rows(game_no) == list(finish.results)
    board = await store.leaderboard(GUILD, "muggins")
    assert [(r.user_id, r.games, r.wins, r.name) for r in board] == [(11, 1, 1, "Ann")]  # computer unlisted
    assert await store.leaderboard_position(GUILD, "muggins", 11) == 1
    assert await store.leaderboard_position(GUILD, "muggins", 22) is None
    assert set(await store.player_ratings(GUILD, 11)) == {"muggins"}


async def test_leaderboard_order_and_pages(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    ratings = tuple(RatingRow(u, 25.0 + u, 2.0, 3, 1) for u in (1, 2, 3, 4))
    await store.append_action(_write(game_no, 0, finish=GameFinish((), ratings)))
    assert [r.user_id for r in await store.leaderboard(GUILD, "muggins")] == [4, 3, 2, 1]
    assert [r.user_id for r in await store.leaderboard(GUILD, "muggins", limit=2, offset=2)] == [2, 1]
    assert await store.leaderboard_position(GUILD, "muggins", 2) == 3
    assert await store.leaderboard(GUILD, "five-up") == []


async def test_players_tied_on_all_a_board_ranks_by_share_its_place(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    # 1 and 2 tied (partners, say), 3 with their rating in more games, 4 below.
    ratings = (
        RatingRow(1, 30.0, 2.0, 3, 1),
        RatingRow(2, 30.0, 2.0, 3, 1),
        RatingRow(3, 30.0, 2.0, 4, 1),
        RatingRow(4, 28.0, 2.0, 3, 1),
    )
    await store.append_action(_write(game_no, 0, finish=GameFinish((), ratings)))
    assert [r.user_id for r in await store.leaderboard(GUILD, "muggins")] == [3, 1, 2, 4]
    assert [await store.leaderboard_position(GUILD, "muggins", u) for u in (1, 2, 3, 4)] == [2, 2, 1, 4]


async def test_lobbies_settings_and_seats(store: StoreInterface) -> None:
    lobby = LobbyRow(None, GUILD, 6, 11, "muggins", {"target": 100}, (SeatRow(11, "Ann"),), "open", 1.0)
    lobby_id = await store.create_lobby(lobby)
    [loaded] = await store.open_lobbies()
    assert loaded.lobby_id == lobby_id and loaded.options == {"target": 100} and loaded.seats == lobby.seats
    game_no = await store.create_game(_game(lobby_id=lobby_id))
    assert await store.open_lobbies() == []  # started with the game, in the same transaction

    await store.set_seat(game_no, 0, SeatRow(None, "Ann", computer=True, replaced_user_id=11))
    await store.set_table(game_no, 7, 8)
    await store.set_board_message(game_no, 9)
    await store.set_timer(game_no, 100.0, 50.0)
    row = (must(await store.load_game(game_no))).row
    assert row.seats[0] == SeatRow(None, "Ann", True, 11)
    assert (row.channel_id, row.thread_id, row.board_message_id) == (7, 8, 9)
    assert (row.deadline, row.reminder_at) == (100.0, 50.0)
    await store.end_game(game_no, "abandoned", 3.0)
    assert (must(await store.load_game(game_no))).row.status == "abandoned"
    assert await store.active_games() == []

    assert await store.load_settings(GUILD) is None
    await store.save_settings(SettingsRow(GUILD, 60, False, "ja", {"muggins": {"target": 100}}))
    await store.save_settings(SettingsRow(GUILD, 120, False, None, {}))
    assert await store.load_settings(GUILD) == SettingsRow(GUILD, 120, False, None, {})


async def test_a_leaderboard_by_final_score_ranks_average_chips_before_rating(store: StoreInterface) -> None:
    # Two Domineren sessions: Ann ends with 620 and 480 chips (550 on average), Bob 530 and 540 (535), Cat
    # 400 once; by rating Bob leads, by chips Ann does.
    seats = tuple(SeatRow(u, n) for u, n in ((11, "Ann"), (22, "Bob"), (33, "Cat")))
    finals = ({11: 620, 22: 530, 33: 400}, {11: 480, 22: 540})
    mu = {11: 24.0, 22: 30.0, 33: 26.0}
    for games, final in enumerate(finals, 1):
        game_no = await store.create_game(_game(game_id="domineren", players=3, seats=seats, options={}))
        results = tuple(ResultRow(s, u, s, 1, False, chips) for s, (u, chips) in enumerate(final.items()))
        ratings = tuple(RatingRow(u, mu[u], 2.0, games, u % 2) for u in final)  # each game one more
        await store.append_action(_write(game_no, 0, finish=GameFinish(results, ratings)))
    by_rating = await store.leaderboard(GUILD, "domineren")
    assert [r.user_id for r in by_rating] == [22, 33, 11] and {r.final_score for r in by_rating} == {None}
    by_chips = await store.leaderboard(GUILD, "domineren", by_final_score=True)
    assert [(r.user_id, r.final_score) for r in by_chips] == [(11, 550.0), (22, 535.0), (33, 400.0)]
    assert [r.user_id for r in await store.leaderboard(GUILD, "domineren", 1, 1, by_final_score=True)] == [22]
    assert await store.leaderboard_position(GUILD, "domineren", 11, by_final_score=True) == 1
    assert await store.leaderboard_position(GUILD, "domineren", 11) == 3
    assert await store.leaderboard_position(GUILD, "domineren", 44, by_final_score=True) is None


async def test_discord_ids_are_64_bit_and_json_comes_back_as_written(store: StoreInterface) -> None:
    big = 2**63 - 1  # the largest id Discord can hand out, far past a double's exact integers
    seats = (SeatRow(big, "Ann"), SeatRow(big - 1, "Bob"))
    options = {"target": 250, "allow": "all", "a": [1.5, None, True]}  # key order as written, not sorted
    game_no = await store.create_game(
        _game(guild_id=big, channel_id=big - 2, host_id=big, seed=2**53 - 1, seats=seats, options=options)
    )
    await store.set_table(game_no, big - 3, big - 4)
    await store.set_board_message(game_no, big - 5)
    row = (must(await store.load_game(game_no))).row
    assert (row.guild_id, row.channel_id, row.thread_id, row.board_message_id) == (big, big - 3, big - 4, big - 5)
    assert row.seats == seats and row.seed == 2**53 - 1
    assert list(row.options) == ["target", "allow", "a"] and row.options == options
    finish = GameFinish((ResultRow(0, big, 0, 1, True, -5, 1.25, 2.5),), (RatingRow(big, 27.0, 8.0, 1, 1),))
    await store.append_action(_write(game_no, 0, finish=finish))
    assert await store.result_rows(game_no) == list(finish.results)
    assert [r.user_id for r in await store.leaderboard(big, "muggins")] == [big]
    assert (await store.player_ratings(big, big))["muggins"].games == 1
    await store.save_settings(SettingsRow(big, 60, True, "en", {"muggins": {"z": 1, "a": 2}}))
    assert list((must(await store.load_settings(big))).default_options["muggins"]) == ["z", "a"]


async def test_the_outbox_keeps_what_is_to_be_told_until_it_is_told(store: StoreInterface) -> None:
    opened = OutboxEntry(0, "opened", turn=0, created_at=1.0, due_at=1.0)
    game_no = await store.create_game(_game(), tell=[opened])
    assert await store.outbox(game_no) == [replace(opened, game_no=game_no)]
    hands = [OutboxEntry(game_no, "hand", turn=t, user_id=11, created_at=2.0, due_at=2.0) for t in (0, 1)]
    action = OutboxEntry(game_no, "action", turn=1, created_at=2.0, due_at=2.0)
    await store.append_action(_write(game_no, 0, "6-6", tell=(hands[0],)))
    await store.append_action(_write(game_no, 1, "6-3@6-6", tell=(hands[1], action)))
    assert [e.key for e in await store.outbox(game_no)] == [
        ("opened", 0, 0), ("hand", 11, 0), ("action", 0, 1), ("hand", 11, 1)
    ]  # fmt: skip
    assert (must(await store.load_game(game_no))).kinds == ["player", "player"]

    # A sweep claims what is due, once while its lease runs.
    claimed = await store.claim_outbox(now=5.0, lease=30.0)
    assert len(claimed) == 4 and {e.due_at for e in claimed} == {35.0}
    assert await store.claim_outbox(now=6.0, lease=30.0) == []

    # Told: the opened table, and the hand at turn 1 (which settles the older one); the action failed.
    await store.told(
        game_no,
        done=[("opened", 0, 0), ("hand", 11, 1)],
        retry=[(("action", 0, 1), 99.0)],
        hand_messages=[HandMessage(game_no, 11, 7, 8)],
    )
    [left] = await store.outbox(game_no)
    assert left.key == ("action", 0, 1) and left.due_at == 99.0 and left.attempts == 1
    assert await store.hand_messages(game_no) == [HandMessage(game_no, 11, 7, 8)]
    await store.told(game_no, done=[("action", 0, 1)], forget_hand_messages=[11])
    await store.set_board_message(game_no, 12, turn=1)
    assert await store.outbox() == [] and await store.hand_messages(game_no, 11) == []
    assert (must(await store.load_game(game_no))).row.board_turn == 1


async def test_what_was_told_is_written_by_close_at_the_latest(databases: Databases) -> None:
    target = await databases.target()
    store = await open_store(target)
    game_no = await store.create_game(_game(), tell=[OutboxEntry(0, "opened", turn=0)])
    await store.told(game_no, done=[("opened", 0, 0)])
    await store.close()
    store = await open_store(target)
    assert await store.outbox() == []
    await store.close()


async def test_a_channel_s_active_games_are_found_by_its_channel_or_thread(store: StoreInterface) -> None:
    """The Activity launched in a channel finds its games from any process (issue #27 item 5)."""
    in_channel = await store.create_game(_game())
    in_thread = await store.create_game(_game())
    await store.set_table(in_thread, 6, 7)  # played in thread 7 of channel 6
    ended = await store.create_game(_game())
    await store.end_game(ended, "abandoned", 3.0)
    await store.create_game(_game(guild_id=GUILD + 1))  # the same channel number on another server
    assert await store.active_games_in(GUILD, 6) == [in_channel, in_thread]
    assert await store.active_games_in(GUILD, 7) == [in_thread]
    assert await store.active_games_in(GUILD, 8) == []


async def test_entries_taken_with_everything_at_a_start_are_due_again_a_lease_later(store: StoreInterface) -> None:
    """A start takes every entry (due or not); should its process die before telling them, they are due
    again a lease after it took them (any process's sweep tells them), not never (#23)."""
    game_no = await store.create_game(_game(), tell=[OutboxEntry(0, "opened", turn=0, created_at=1.0, due_at=50.0)])
    await store.append_action(_write(game_no, 0, "6-6", tell=(OutboxEntry(game_no, "action", 0, 0, 2.0, 60.0),)))
    claimed = await store.claim_outbox(now=10.0, lease=5.0, due_by=float("inf"))
    assert len(claimed) == 2 and {e.due_at for e in await store.outbox(game_no)} == {15.0}
    assert await store.claim_outbox(now=14.0, lease=5.0) == []  # its lease
    assert len(await store.claim_outbox(now=15.0, lease=5.0)) == 2  # then anyone's


async def test_a_sweep_may_take_entries_not_yet_due_that_it_chooses(store: StoreInterface) -> None:
    game_no = await store.create_game(_game(), tell=[OutboxEntry(0, "opened", turn=0, created_at=1.0, due_at=50.0)])
    await store.append_action(_write(game_no, 0, "6-6", tell=(OutboxEntry(game_no, "action", 0, 0, 2.0, 60.0),)))
    await store.told(game_no, retry=[(("action", 0, 0), 55.0)])  # tried once: not untried any more
    offered: list[list[OutboxEntry]] = []

    def choose(entries: list[OutboxEntry]) -> list[OutboxEntry]:
        offered.append(entries)
        return [e for e in entries if e.kind == "opened"]

    [taken] = await store.claim_outbox(now=10.0, lease=5.0, untried=True, choose=choose)
    assert taken.kind == "opened" and taken.due_at == 15.0
    assert [[e.kind for e in o] for o in offered] == [["opened"]]  # the entry tried before is not offered
    [left] = [e for e in await store.outbox(game_no) if e.kind == "action"]
    assert left.due_at == 55.0  # not chosen: untouched
