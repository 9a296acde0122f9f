"""The store of profiles, seasons and rematches, on both backends: every rating change kept with its game and
time, the seats a player held in ended games, seasons (one running per server, names unique, ended once by a
manager or by their date, their champions claimed for announcing once), a season's own ratings written only
while it runs, the games older than the history read back into it by the migration, and a rematch's answers
(and whether it was asked with new partners)."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import replace
from pathlib import Path

from data import (
    ActionWrite,
    GameFinish,
    GameRow,
    OutboxEntry,
    PlayedGame,
    RatingHistoryRow,
    RatingRow,
    RematchRow,
    ResultRow,
    SeasonFinish,
    SeasonRow,
    SeatRow,
    Store,
    StoreInterface,
)
from data.migrations import migrations
from tests.checks import must

GUILD = 5
ANN, BOB = 11, 22


def _game(game_id: str = "muggins", seats: tuple[SeatRow, ...] | None = None) -> GameRow:
    seats = seats or (SeatRow(ANN, "Ann"), SeatRow(BOB, "Bob"))
    return GameRow(None, None, GUILD, 6, ANN, game_id, len(seats), {}, 1, None, None, seats, "active", 1.0)


def _finish(game_no: int, at: float, finish: GameFinish) -> ActionWrite:
    return ActionWrite(game_no, 0, 0, "6-6", "player", at, None, None, finish=finish)


def _season(name: str, at: float = 10.0, ends_at: float | None = None) -> SeasonRow:
    return SeasonRow(None, GUILD, name, name.casefold(), 6, ANN, at, ends_at)


def _history(pool: str, game_no: int, at: float, before: float, after: float, user: int = ANN) -> RatingHistoryRow:
    return RatingHistoryRow(pool, user, game_no, at, before, after)


async def test_rating_changes_and_the_seats_of_ended_games_are_a_players_record(store: StoreInterface) -> None:
    won = await store.create_game(_game())
    results = (ResultRow(0, ANN, 0, 1, True, 250, 0.0, 1.5), ResultRow(1, BOB, 1, 2, False, 180, 0.0, -1.0))
    history = (_history("muggins", won, 20.0, 0.0, 1.5), _history("muggins", won, 20.0, 0.0, -1.0, BOB))
    ratings = (RatingRow(ANN, 27.0, 8.0, 1, 1), RatingRow(BOB, 23.0, 8.0, 1, 0))
    await store.append_action(_finish(won, 20.0, GameFinish(results, ratings, history=history)))
    # Ann resigns the second game (a computer plays her seat on; she is rated for it), which Bob wins.
    resigned = await store.create_game(_game())
    await store.set_seat(resigned, 0, SeatRow(None, "Ann", computer=True, replaced_user_id=ANN))
    results = (ResultRow(0, ANN, 0, 2, False, 40, 1.5, 0.9), ResultRow(1, BOB, 1, 1, True, 250, -1.0, 0.2))
    history = (_history("muggins", resigned, 30.0, 1.5, 0.9), _history("muggins", resigned, 30.0, -1.0, 0.2, BOB))
    ratings = (RatingRow(ANN, 26.0, 7.0, 2, 1), RatingRow(BOB, 24.0, 7.0, 2, 1))
    await store.append_action(_finish(resigned, 30.0, GameFinish(results, ratings, history=history)))
    abandoned = await store.create_game(_game("draw"))
    await store.end_game(abandoned, "abandoned", 40.0)
    await store.create_game(_game())  # still on: not in any record

    assert await store.rating_history(GUILD, ANN) == [
        _history("muggins", won, 20.0, 0.0, 1.5),
        _history("muggins", resigned, 30.0, 1.5, 0.9),
    ]
    assert await store.rating_history(GUILD + 1, ANN) == []
    assert await store.played_games(GUILD, ANN) == [
        PlayedGame(won, "muggins", 2, "finished", 20.0, False, 250, 1, True),
        PlayedGame(resigned, "muggins", 2, "finished", 30.0, True, 40, 2, False),
        PlayedGame(abandoned, "draw", 2, "abandoned", 40.0, False),
    ]
    assert [g.resigned for g in await store.played_games(GUILD, BOB)] == [False, False, False]


async def test_a_server_runs_one_season_at_a_time_under_names_it_has_not_used(store: StoreInterface) -> None:
    first = await store.create_season(_season("Spring"))
    assert first > 0
    assert await store.create_season(_season("Summer")) == 0  # Spring is running
    running = await store.running_season(GUILD)
    assert running is not None and (running.season_id, running.name, running.running) == (first, "Spring", True)
    ended = await store.end_season(first, 50.0, ANN)
    assert ended is not None and (ended.ended_at, ended.ended_by, ended.announce_at) == (50.0, ANN, 50.0)
    assert await store.end_season(first, 60.0, BOB) is None  # once
    assert await store.running_season(GUILD) is None
    assert await store.create_season(_season("SPRING", 70.0)) == 0  # the name, as compared, is taken
    second = await store.create_season(_season("Summer", 70.0))
    assert second > first
    assert [s.name for s in await store.seasons(GUILD)] == ["Spring", "Summer"]
    assert await store.seasons(GUILD + 1) == []


async def test_a_finished_game_counts_in_the_running_season_and_no_more_once_it_ended(store: StoreInterface) -> None:
    season = await store.create_season(_season("Spring"))
    pool = f"muggins@{season}"
    for at in (20.0, 60.0):  # the season ends at 50, between the two games
        game_no = await store.create_game(_game())
        games = 1 if at < 50 else 2
        ratings = (RatingRow(ANN, 27.0 + at, 8.0, games, 1),)
        in_season = SeasonFinish(
            season, pool, (RatingRow(ANN, 30.0 + at, 8.0, 1, 1),), (_history(pool, game_no, at, 0.0, at),)
        )
        finish = GameFinish((ResultRow(0, ANN, 0, 1, True, 250),), ratings, history=(), season=in_season)
        await store.append_action(_finish(game_no, at, finish))
        if at < 50:
            await store.end_season(season, 50.0, ANN)
    [row] = await store.leaderboard(GUILD, pool)
    assert (row.mu, row.games) == (50.0, 1)  # the first game's season rating, not the second's
    assert [h.at for h in await store.rating_history(GUILD, ANN)] == [20.0]
    assert (await store.player_ratings(GUILD, ANN))["muggins"].mu == 87.0  # the all-time board took both


async def test_a_season_counts_no_game_finished_after_its_date_even_before_the_sweep(store: StoreInterface) -> None:
    season = await store.create_season(_season("Spring", ends_at=50.0))
    game_no = await store.create_game(_game())
    late = SeasonFinish(season, f"muggins@{season}", (RatingRow(ANN, 30.0, 8.0, 1, 1),))
    await store.append_action(_finish(game_no, 51.0, GameFinish((), (), season=late)))
    assert await store.leaderboard(GUILD, f"muggins@{season}") == []


async def test_seasons_end_by_their_date_once_and_their_champions_are_claimed_once_until_told(
    store: StoreInterface,
) -> None:
    dated = await store.create_season(_season("Spring", ends_at=100.0))
    assert await store.next_season_due() == 100.0
    assert await store.end_due_seasons(99.0) == []
    [ended] = await store.end_due_seasons(105.0)
    assert (ended.season_id, ended.ended_at, ended.ended_by, ended.announce_at) == (dated, 100.0, None, 105.0)
    assert await store.end_due_seasons(200.0) == []  # ended once
    assert await store.next_season_due() == 105.0  # its champions
    [claimed] = await store.claim_season_announcements(110.0, 60.0)
    assert claimed.season_id == dated and claimed.announce_at == 170.0
    assert claimed.announce_claims == 1  # the first: nothing can have been posted
    assert await store.claim_season_announcements(120.0, 60.0) == []  # taken: not twice meanwhile
    [again] = await store.claim_season_announcements(171.0, 60.0)  # not told within its lease: again
    assert again.season_id == dated
    assert again.announce_claims == 2  # the first may have posted them: the teller looks before posting
    await store.season_announced(dated)
    assert await store.claim_season_announcements(1e12, 60.0) == []
    assert await store.next_season_due() is None
    assert (await store.seasons(GUILD))[0].announce_at is None


async def test_the_champions_channel_is_a_servers_choice(store: StoreInterface) -> None:
    assert await store.season_channel(GUILD) is None
    await store.set_season_channel(GUILD, 77)
    await store.set_season_channel(GUILD, 78)
    assert await store.season_channel(GUILD) == 78
    await store.set_season_channel(GUILD, None)
    assert await store.season_channel(GUILD) is None


async def test_a_seasons_domineren_board_averages_the_chips_of_the_games_it_counted(store: StoreInterface) -> None:
    seats = (SeatRow(ANN, "Ann"), SeatRow(BOB, "Bob"), SeatRow(33, "Cat"))
    before = await store.create_game(_game("domineren", seats))  # before the season: all-time only
    finish = GameFinish((ResultRow(0, ANN, 0, 1, True, 900), ResultRow(1, BOB, 1, 2, False, 300)), ())
    await store.append_action(_finish(before, 5.0, finish))
    season = await store.create_season(_season("Spring"))
    pool = f"domineren@{season}"
    game_no = await store.create_game(_game("domineren", seats))
    results = (ResultRow(0, ANN, 0, 2, False, 450), ResultRow(1, BOB, 1, 1, True, 550))
    ratings = (RatingRow(ANN, 30.0, 2.0, 1, 0), RatingRow(BOB, 20.0, 2.0, 1, 1))
    history = (_history(pool, game_no, 20.0, 0.0, 24.0), _history(pool, game_no, 20.0, 0.0, 14.0, BOB))
    finish = GameFinish(results, (), season=SeasonFinish(season, pool, ratings, history))
    await store.append_action(_finish(game_no, 20.0, finish))
    board = await store.leaderboard(GUILD, pool, by_final_score=True)
    assert [(r.user_id, r.final_score) for r in board] == [(BOB, 550.0), (ANN, 450.0)]
    assert await store.leaderboard_position(GUILD, pool, ANN, by_final_score=True) == 2


async def test_the_migration_reads_the_rating_changes_of_older_games_into_the_history(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a database as the bot left it before profiles
        db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
        for version, sql in migrations():
            if version < 5:
                db.executescript(sql)
                db.execute("INSERT INTO schema_version VALUES (?, ?)", (version, time.time()))
        for game_no, game_id, players in ((1, "five-up", 2), (2, "five-hundred", 3)):
            db.execute(
                "INSERT INTO games (game_no, guild_id, channel_id, host_id, game_id, players, options, seed, status, "
                "created_at, ended_at) VALUES (?, ?, 6, ?, ?, ?, '{}', 1, 'finished', 1.0, ?)",
                (game_no, GUILD, ANN, game_id, players, 10.0 * game_no),
            )
            db.execute(
                "INSERT INTO game_results VALUES (?, 0, ?, 0, 1, 1, 61, ?, ?)", (game_no, ANN, game_no, game_no + 1)
            )
            db.execute("INSERT INTO game_results VALUES (?, 1, NULL, 1, 2, 0, 20, NULL, NULL)", (game_no,))
    store = await Store.open(path)
    try:
        assert 5 in store.migrated
        assert await store.rating_history(GUILD, ANN) == [
            _history("five-up", 1, 10.0, 1.0, 2.0),
            _history("five-hundred:3p", 2, 20.0, 2.0, 3.0),
        ]
    finally:
        await store.close()


async def test_a_rematch_is_asked_once_per_game_and_keeps_its_answers_until_settled(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    asked = RematchRow(game_no, GUILD, 6, ANN, 10.0, 910.0, {ANN: True})
    assert await store.create_rematch(asked)
    assert not await store.create_rematch(RematchRow(game_no, GUILD, 6, BOB, 11.0, 911.0, {BOB: True}))
    assert await store.rematch(game_no) == asked
    assert await store.due_rematches(909.0) == [] and await store.due_rematches(910.0) == [game_no]
    assert await store.next_rematch_deadline() == 910.0
    async with store.locked_rematch(game_no) as row:
        assert row == asked
        await store.save_rematch(RematchRow(**{**_fields(asked), "answers": {ANN: True, BOB: False}, "message_id": 9}))
    settled = RematchRow(**{**_fields(asked), "answers": {ANN: True, BOB: False}, "status": "reopened", "lobby_id": 3})
    await store.save_rematch(settled)
    assert await store.rematch(game_no) == settled
    assert await store.due_rematches(1e12) == [] and await store.next_rematch_deadline() is None  # settled
    async with store.locked_rematch(game_no + 1) as none:
        assert none is None


async def test_a_rematch_asked_with_new_partners_keeps_that_through_its_answers(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    asked = RematchRow(game_no, GUILD, 6, BOB, 10.0, 910.0, {BOB: True}, swap=True)
    assert await store.create_rematch(asked)
    assert not await store.create_rematch(RematchRow(game_no, GUILD, 6, ANN, 11.0, 911.0, {ANN: True}))
    async with store.locked_rematch(game_no) as row:
        assert row is not None and row.swap
        await store.save_rematch(replace(row, answers={BOB: True, ANN: True}, status="started", next_game_no=2))
    assert await store.rematch(game_no) == replace(
        asked, answers={BOB: True, ANN: True}, status="started", next_game_no=2
    )
    plain = await store.create_game(_game())
    await store.create_rematch(RematchRow(plain, GUILD, 6, ANN, 12.0, 912.0, {ANN: True}))
    assert (must(await store.rematch(plain))).swap is False


def _fields(row: RematchRow) -> dict:
    return {name: getattr(row, name) for name in RematchRow.__slots__}


async def test_each_change_of_a_rematch_is_saved_with_the_outbox_entry_telling_it(store: StoreInterface) -> None:
    game_no = await store.create_game(_game())
    asked_entry = OutboxEntry(game_no, "rematch", 0, 0, 10.0, 70.0)
    asked = RematchRow(game_no, GUILD, 6, ANN, 10.0, 910.0, {ANN: True})
    assert await store.create_rematch(asked, tell=[asked_entry])
    # Asked a second time (another click, another process): nothing written, nothing more to tell.
    again = OutboxEntry(game_no, "rematch", 5, 0, 11.0, 71.0)
    assert not await store.create_rematch(RematchRow(game_no, GUILD, 6, BOB, 11.0, 911.0, {BOB: True}), tell=[again])
    assert await store.outbox(game_no) == [asked_entry]
    settled_entry = OutboxEntry(game_no, "rematch", 1, 0, 12.0, 72.0)
    settled = replace(asked, answers={ANN: True, BOB: False}, status="reopened", step=1, to_open=True)
    await store.save_rematch(replace(settled, claimed_until=100.0), tell=[settled_entry])
    assert await store.outbox(game_no) == [asked_entry, settled_entry]
    assert await store.rematch(game_no) == replace(settled, claimed_until=100.0)


async def test_a_settled_rematch_without_its_table_is_claimed_by_one_sweep_at_a_time(store: StoreInterface) -> None:
    games = [await store.create_game(_game()) for _ in range(3)]
    for game_no in games:
        await store.create_rematch(RematchRow(game_no, GUILD, 6, ANN, 10.0, 910.0, {ANN: True}))
    held, free, made = games
    await store.save_rematch(RematchRow(held, GUILD, 6, ANN, 10.0, 910.0, {ANN: True}, "started", step=1,
                                        to_open=True, claimed_until=200.0))  # fmt: skip
    await store.save_rematch(RematchRow(free, GUILD, 6, ANN, 10.0, 910.0, {ANN: True}, "reopened", step=1,
                                        to_open=True))  # fmt: skip
    await store.save_rematch(RematchRow(made, GUILD, 6, ANN, 10.0, 910.0, {ANN: True}, "reopened", lobby_id=4))
    assert await store.claim_rematches_to_open(100.0, 200.0) == [free]
    assert await store.claim_rematches_to_open(150.0, 60.0) == []  # both held
    assert await store.claim_rematches_to_open(200.0, 60.0) == [held]  # its lease ran out, not the other's
    await store.save_rematch(replace(must(await store.rematch(free)), lobby_id=7, to_open=False, claimed_until=None))
    assert await store.claim_rematches_to_open(1e9, 60.0) == [held]
