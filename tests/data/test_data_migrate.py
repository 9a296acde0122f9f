"""`python -m data.migrate SQLITE URL`: a bot's SQLite database copied to PostgreSQL, where its games resume
and play on exactly as they would have on SQLite."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot.tables import GameEnded
from data import HandMessage, LobbyOutboxEntry, RematchRow, StoreInterface, TableAccessRow, TournamentRow, WatcherRow
from data.migrate import MigrationRefused, migrate
from tests.conftest import Databases
from tests.postgres_server import PostgresServer
from tests.tables.conftest import ANN, BOB, CAT, DAN, FakeClock, Harness

ROOT = Path(__file__).resolve().parents[2]


async def _everything(store: StoreInterface, guild: int) -> dict:
    """What the bot can read back: games with their logs, hands, results, lobbies, settings, ratings."""
    games = {}
    for game_no in range(1, 10):
        stored = await store.load_game(game_no)
        if stored is not None:
            games[game_no] = (stored, await store.hand_rows(game_no), await store.result_rows(game_no))
    return {
        "games": games,
        "active": await store.active_games(),
        "lobbies": await store.open_lobbies(),
        "settings": await store.load_settings(guild),
        "ratings": {u: await store.player_ratings(guild, u) for u in (ANN.user_id, BOB.user_id, CAT.user_id)},
        "board": await store.leaderboard(guild, "five-up"),
        "outbox": await store.outbox(),
        "hand messages": {g: await store.hand_messages(g) for g in games},
        "rating history": {u: await store.rating_history(guild, u) for u in (ANN.user_id, BOB.user_id)},
        "seasons": await store.seasons(guild),
        "season channel": await store.season_channel(guild),
        "season schedule": await store.season_schedule(guild),
        "season board": await store.leaderboard(guild, "five-up@1"),
        "table access": {lobby: await store.table_access(lobby) for lobby in range(1, 6)},
        "lobby outbox": await store.lobby_outbox(),
        "watchers": {lobby: await store.watchers(lobby) for lobby in range(1, 6)},
        "watched": await store.watched_games(DAN.user_id),
        "tournaments": [await store.tournament(t) for t in (1, 2)],
        "live tournaments": await store.live_tournaments(),
        "rematch": await store.rematch(1),
    }


async def _bot_on_sqlite(tmp_path: Path) -> Harness:
    """A SQLite database as a bot leaves it: a finished game (results, ratings and their history, in a
    running season), games halfway (hands scored), an open lobby with a normal computer, server settings (a
    strong level for computers)."""
    h = Harness(Databases("sqlite", tmp_path, None), "fives.sqlite3", FakeClock())
    svc = await h.open()
    await svc.settings.update(h.guild, turn_seconds=3600, language="ja")
    await svc.seasons.start(h.guild, h.channel, ANN.user_id, "Spring")  # a season running, with its board
    await svc.seasons.set_channel(h.guild, 4242)
    await svc.seasons.set_schedule(h.guild, h.channel, ANN.user_id, "monthly")  # to follow Spring when it ends
    finished, _ = await h.start_game()
    notes = await h.play(finished)
    assert any(isinstance(n, GameEnded) for n in notes)
    # Its rematch, asked with new partners, waiting for an answer.
    asked = RematchRow(finished, h.guild, h.channel, BOB.user_id, h.clock.now, h.clock.now + 900, {BOB.user_id: True})
    await h.store.create_rematch(replace(asked, swap=True))
    for humans in ((ANN, CAT), (BOB, DAN)):
        game_no, _ = await h.start_game(humans=humans, computers=2)
        await h.play(game_no, max_steps=25)
    lobby_id = await h.lobby(humans=(CAT,), computers=0)
    await svc.lobbies.add_computer(lobby_id, CAT.user_id, "normal")
    # A private table closed to watchers; a game watched in its thread and by DM digest (one sent already).
    await h.store.set_table_access(TableAccessRow(lobby_id, True, (DAN.user_id,), False))
    # Its host invited someone else, whom a crash left unmentioned (the invitation still to be told).
    invited = LobbyOutboxEntry(lobby_id, "invited", 0, CAT.user_id, (ANN.user_id,), h.clock.now, h.clock.now + 60)
    await h.store.invite_to_table(TableAccessRow(lobby_id, True, (ANN.user_id, DAN.user_id), False), invited)
    await h.store.watch(WatcherRow(2, DAN.user_id, "thread", h.clock.now))
    await h.store.watch(WatcherRow(3, ANN.user_id, "dm", h.clock.now, told_turn=4, told_hands=1, told_at=h.clock.now))
    # A tournament running (its state JSON, a round told) and one over.
    state = {"entrants": [{"users": [ANN.user_id], "names": ["Ann"]}], "rounds": [[{"a": 0, "b": None}]]}
    running = TournamentRow(None, h.guild, h.channel, ANN.user_id, h.clock.now, "draw", "knockout", 1, {})
    tid = await h.store.create_tournament(replace(running, status="running", state=state, message_id=99))
    await h.store.tournament_round_told(tid, 1)
    await h.store.create_tournament(replace(running, format="swiss", status="finished"))
    await svc.settings.update(h.guild, computer_level="strong")  # after the games: their computers play easy
    # The announcer's part: a hand DM with live controls remembered, one post that failed (to be retold).
    await svc.telling.told(
        finished, hand_messages=[HandMessage(finished, ANN.user_id, 77, 88)], failed=[("hand", 22, 3)]
    )
    return h


async def test_a_migrated_database_reads_back_the_same_and_its_games_play_on_identically(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    sqlite = await _bot_on_sqlite(tmp_path)
    before = await _everything(sqlite.store, sqlite.guild)
    assert len(before["active"]) == 2 and any(hands for _, hands, _ in before["games"].values())
    assert (
        before["rating history"][ANN.user_id]
        and before["season board"]
        and before["season channel"] == 4242
        and before["season schedule"]
    )
    # levels to copy: the server's, the lobby's computer, every game's computers
    assert before["settings"].computer_level == "strong"
    assert before["live tournaments"] == [1] and before["tournaments"][0].told_round == 1
    assert before["table access"][4] is not None and before["watchers"][3] and before["watched"]
    assert before["rematch"].swap
    assert [(e.lobby_id, e.seq, e.invited) for e in before["lobby outbox"]] == [(4, 1, (ANN.user_id,))]
    assert [s.level for lobby in before["lobbies"] for s in lobby.seats if s.computer] == ["normal"]
    assert {s.level for stored, _, _ in before["games"].values() for s in stored.row.seats if s.computer} == {"easy"}
    await sqlite.close()
    url = await postgres_server.create_database()
    copied = await migrate(tmp_path / "fives.sqlite3", url)
    assert copied["games"] == 3 and copied["ratings"] > 0 and copied["lobbies"] == 4

    # The same bot on both databases after a restart: same state, and the same plays give the same game.
    pg_databases = Databases("postgres", tmp_path, postgres_server)
    pg_databases._made["fives.sqlite3"] = url
    on_sqlite = Harness(Databases("sqlite", tmp_path, None), "fives.sqlite3", FakeClock(sqlite.clock.now))
    on_pg = Harness(pg_databases, "fives.sqlite3", FakeClock(sqlite.clock.now))
    try:
        await on_sqlite.open()
        await on_pg.open()
        assert await _everything(on_pg.store, sqlite.guild) == before
        for stored in before["active"]:
            game_no = stored.row.game_no
            assert await on_pg.service.tables.public_view(game_no) == await on_sqlite.service.tables.public_view(
                game_no
            )
            played = [await h.play(game_no) for h in (on_sqlite, on_pg)]
            assert played[0] == played[1] and any(isinstance(n, GameEnded) for n in played[1])
        assert await _everything(on_pg.store, sqlite.guild) == await _everything(on_sqlite.store, sqlite.guild)
        # New numbers follow the copied ones.
        assert await on_pg.lobby(humans=(DAN,), computers=1) == 5
        made = TournamentRow(None, sqlite.guild, 6, ANN.user_id, 1.0, "draw", "swiss", 1, {})
        assert await on_pg.store.create_tournament(made) == 3
    finally:
        await on_sqlite.close()
        await on_pg.close()
        await postgres_server.drop_database(url)


async def test_a_target_that_is_not_empty_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    sqlite = await _bot_on_sqlite(tmp_path)
    await sqlite.close()
    source = tmp_path / "fives.sqlite3"
    url = await postgres_server.create_database()
    try:
        await migrate(source, url)
        with pytest.raises(MigrationRefused, match="is not empty"):
            await migrate(source, url)
        # The command: one line, and a non-zero exit.
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-m", "data.migrate", str(source), url],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 1 and done.stdout == ""
        [line] = done.stderr.splitlines()
        assert "is not empty (1 server settings, 4 lobbies, 3 games, 12 game seats" in line
    finally:
        await postgres_server.drop_database(url)


async def test_the_command_copies_and_says_what_it_copied(tmp_path: Path, postgres_server: PostgresServer) -> None:
    sqlite = await _bot_on_sqlite(tmp_path)
    await sqlite.close()
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(tmp_path / "fives.sqlite3", copy)
    url = await postgres_server.create_database()
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(
            [sys.executable, "-m", "data.migrate", str(copy), url],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("copied 3 games (") and "4 lobbies" in done.stdout
        assert "set FIVES_DATABASE to that URL" in done.stdout
    finally:
        await postgres_server.drop_database(url)
