"""Live updates across processes on PostgreSQL: a move committed through one table service wakes a socket
open on another's web app (LISTEN/NOTIFY, data/moves.py), with nothing told between them in-process."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.tables.errors import StaleControl
from data import listen_moves
from tests.checks import must
from tests.conftest import Databases
from tests.postgres_server import PostgresServer
from tests.tables.conftest import ANN, BOB, CAT, FakeClock, Harness
from tests.web.conftest import SECRET
from web.hub import Hub
from web.server import make_app
from web.sessions import Signer


async def test_a_move_through_one_process_wakes_a_socket_on_the_others_web_app(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    databases = Databases("postgres", tmp_path, postgres_server)
    # both with the web table on, as every process behind the proxy is (deploy/docker-compose.yml)
    one, other = (Harness(databases, "shared", FakeClock(), notify_moves=True) for _ in range(2))
    await one.open()
    await other.open()
    hub = Hub()  # the other process's: only the database's notifications reach it
    heard: list[int] = []

    def changed(game_no: int) -> None:
        heard.append(game_no)
        hub.changed(game_no)

    listener = await listen_moves(await databases.target("shared"), changed)
    signer = Signer(SECRET)
    client = TestClient(TestServer(make_app(other.service, signer, hub)))
    await client.start_server()
    try:
        game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
        spectator = await client.ws_connect(
            f"/api/games/{game_no}/ws?since=-1&token={signer.issue(CAT.user_id, one.guild)}"
        )
        first = await spectator.receive_json(timeout=5)
        heard.clear()

        hand = must(await one.to_act(game_no))
        await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
        moved = await spectator.receive_json(timeout=5)
        assert moved["type"] == "table" and moved["turn"] > first["turn"]
        assert game_no in heard

        # a refused move commits nothing, and so tells nobody
        await asyncio.sleep(0.3)
        heard.clear()
        with pytest.raises(StaleControl):
            await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
        await asyncio.sleep(0.3)
        assert heard == []

        # an abandonment is no move, but the other process's page is told the game is over
        await one.service.games.abandon(game_no, ANN.user_id)
        over = await spectator.receive_json(timeout=5)
        while over["status"] == "active":  # computer moves made before it, told first
            over = await spectator.receive_json(timeout=5)
        assert over["status"] == "abandoned"
        await spectator.close()
    finally:
        await listener.close()
        await client.close()
        await one.close()
        await other.close()
        await databases.drop()


async def test_a_process_with_the_web_table_off_sends_no_notification(
    postgres_server: PostgresServer, tmp_path: Path
) -> None:
    databases = Databases("postgres", tmp_path, postgres_server)
    quiet = Harness(databases, "quiet", FakeClock())  # the bot without FIVES_WEB_PORT
    await quiet.open()
    heard: list[int] = []
    listener = await listen_moves(await databases.target("quiet"), heard.append)
    try:
        game_no, _ = await quiet.start_game(humans=(ANN, BOB), computers=2)
        hand = must(await quiet.to_act(game_no))
        await quiet.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
        await quiet.service.games.abandon(game_no, ANN.user_id)
        await asyncio.sleep(0.3)  # what a notification would take to arrive, as above
        assert heard == []
        stored = await quiet.store.load_game(game_no)
        assert stored is not None and stored.row.status == "abandoned" and stored.actions  # all of it was made
    finally:
        await listener.close()
        await quiet.close()
        await databases.drop()


async def test_on_sqlite_the_listener_hears_nothing_and_closes(tmp_path: Path) -> None:
    heard: list[int] = []
    listener = await listen_moves(tmp_path / "fives.sqlite3", heard.append)
    await asyncio.sleep(0)
    await listener.close()
    assert heard == []
