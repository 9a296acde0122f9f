"""The web table beside Discord (issue #27): a move made in Discord reaches an open socket live, and a move
made in the browser is announced in the Discord thread like any other (the real bot through simcord)."""

from __future__ import annotations

from aiohttp.test_utils import TestClient, TestServer

from web.hub import Hub
from web.server import make_app
from web.sessions import Signer

from .conftest import World, board, move, open_table, playable, thread, whose_turn


async def test_discord_and_browser_moves_reach_each_other(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "1"})
    bot = world.bot
    signer, hub = Signer(b"a-test-secret-of-enough-bytes"), Hub()
    bot.web_hub = hub
    client = TestClient(TestServer(make_app(bot.service, signer, hub, deliver=bot.announcer.deliver)))
    await client.start_server()
    try:
        [summary] = bot.service.games_of(world.alice.id)
        game_no = summary.table.game_no
        token = signer.issue(world.carol.id, world.guild.id)  # carol watches: a spectator's socket
        ws = await client.ws_connect(f"/api/games/{game_no}/ws?token={token}")
        first = await ws.receive_json(timeout=5)
        assert first["you"] is None

        player = whose_turn(world)
        assert player is not None
        message = playable(player)
        assert message is not None
        await move(player, message)  # in Discord
        live = await ws.receive_json(timeout=5)
        assert live["type"] == "table" and live["turn"] > first["turn"]
        assert live["public"]["hand"] is None

        # now a human moves from the browser; the thread gets the new board
        player = whose_turn(world)  # the computers have moved on; a human is up
        assert player is not None
        before = len(thread(world).history())
        old_board = board(world)
        mine = await client.get(
            f"/api/games/{game_no}", headers={"Authorization": f"Bearer {signer.issue(player.id, world.guild.id)}"}
        )
        state = await mine.json()
        assert state["you"]["your_turn"]
        action = state["you"]["view"]["legal"][0]["text"]
        played = await client.post(
            f"/api/games/{game_no}/act",
            json={"action": action, "turn": state["turn"]},
            headers={"Authorization": f"Bearer {signer.issue(player.id, world.guild.id)}"},
        )
        assert played.status == 200, await played.text()
        assert len(thread(world).history()) > before
        assert board(world).id != old_board.id  # the Discord board moved on to the browser's move
        await ws.close()
    finally:
        await client.close()
