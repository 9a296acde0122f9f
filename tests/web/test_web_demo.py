"""`python -m bot --demo GAME --web`: its command line, and the table it opens (one human seat, computers),
with the player's and the spectator's links, over the real service and web app."""

from __future__ import annotations

import random
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from aiohttp.test_utils import TestClient, TestServer

from app.cli import parse_args
from app.web_demo import demo_links, open_demo_table, parse_options
from bot.tables import TableService
from data import Store
from web.server import make_app
from web.sessions import Signer


def test_the_web_demo_takes_a_port_and_options_and_refuses_what_it_does_not_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = parse_args(["--demo", "all-fives", "--web", "--port", "0", "--option", "target=50"])
    assert args.web and args.port == 0 and args.options == {"target": 50}
    with pytest.raises(SystemExit):
        parse_args(["--demo", "all-fives", "--web", "--out", "pictures"])
    assert "draws in the browser" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse_args(["--demo", "all-fives", "--port", "8080"])
    assert "go with --demo GAME --web" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parse_args(["--web"])
    assert parse_options(["allowed_types=1,4", "billitonnen=off"]) == {"allowed_types": [1, 4], "billitonnen": "off"}
    with pytest.raises(ValueError):
        parse_options(["target"])


async def test_the_demo_table_seats_the_visitor_and_its_links_tell_player_from_spectator(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "demo.sqlite3")
    try:
        service = TableService(store, rng=random.Random(3))
        await service.resume()
        game_no = await open_demo_table(service, "all-fives", 2, {"target": 50}, "You")
        signer = Signer(b"demo-secret-of-at-least-16")
        links = demo_links("127.0.0.1", 8123, game_no, signer, "ja")
        assert links.url.startswith(f"http://127.0.0.1:8123/table/{game_no}?token=")
        assert links.url.endswith("&lang=ja")
        client = TestClient(TestServer(make_app(service, signer)))
        await client.start_server()
        try:
            for url, seated in ((links.url, True), (links.watch_url, False)):
                token = parse_qs(urlsplit(url).query)["token"][0]
                answer = await client.get(f"/api/games/{game_no}", headers={"Authorization": f"Bearer {token}"})
                state = await answer.json()
                assert (state["you"] is not None) is seated
                assert [seat["computer"] for seat in state["seats"]] == [False, True]
                assert state["public"]["options"]["target"] == 50
            # the computers have played up to the visitor's turn
            player = parse_qs(urlsplit(links.url).query)["token"][0]
            mine = await (
                await client.get(f"/api/games/{game_no}", headers={"Authorization": f"Bearer {player}"})
            ).json()
            assert mine["you"]["your_turn"] and mine["you"]["view"]["legal"]
        finally:
            await client.close()
    finally:
        await store.close()
