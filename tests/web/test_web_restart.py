"""A restart with the web table on and a page open (issue #27 item 4, and the "two live DMs" report): the bot's
own web server, a page's socket on it, the server stopped (the socket closed), a move, then a new bot over the
same database as simcord makes one (detached, never closed: as a crash leaves it).

The report, from the browser test beside Discord: after such a restart the next player had two DMs with live
move controls, and the first player a new DM too. Its cause was not the web table: what the teller had told
(the outbox entries to delete, the hand DM whose controls are live) waited in SQLite's queue for the next
write, and a process that died before that write lost it, so the new one told the move's hands again and never
knew of the earlier DM to take its controls away. Now a move's told record goes with its board's write, at
once. These tests fail on the code of that report."""

from __future__ import annotations

from collections.abc import Callable

import aiohttp
import simcord

from app.client import FivesBot
from tests.checks import must
from tests.cogs.conftest import World, dms, move, moves_shown, open_table, playable, whose_turn
from tests.web.bot_web import serve_web, stop_web
from web.runner import WebSettings
from web.sessions import Signer


def told(world: World) -> dict[str, int]:
    """How many DMs each player has had."""
    return {m.name: len(dms(m)) for m in (world.alice, world.bob)}


def socket_url(settings: WebSettings, game_no: int, guild_id: int, since: int = -1) -> str:
    """A spectator's socket (a member of the server with no seat), catching up from move `since`."""
    token = Signer(settings.secret).issue(0, guild_id)
    return f"http://{settings.host}:{settings.port}/api/games/{game_no}/ws?since={since}&token={token}"


async def a_draw_table_on_the_web(
    world: World, web_settings: WebSettings
) -> tuple[int, int, simcord.MemberActor, simcord.MemberActor]:
    """The web table on and a two-player Draw game started: its number, its server, who moves, who is next."""
    await serve_web(world.bot, web_settings)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    first = must(whose_turn(world))
    second = world.bob if first is world.alice else world.alice
    return summary.table.game_no, world.guild.id, first, second


async def test_a_move_while_the_web_is_down_then_a_restart_tells_nothing_twice(
    world: World, web_settings: WebSettings, make_bot: Callable[[], FivesBot]
) -> None:
    game_no, guild, first, second = await a_draw_table_on_the_web(world, web_settings)
    async with aiohttp.ClientSession() as http:
        page = await http.ws_connect(socket_url(web_settings, game_no, guild))
        start = (await page.receive_json(timeout=5))["turn"]

        await stop_web(world.bot)  # the bot going down: its web table first, which closes every socket
        closed = await page.receive(timeout=5)
        assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), closed
        await move(first, must(playable(first)))  # in Discord, the page cut off
        missed = (await world.bot.service.tables.public_view(game_no)).turn
        live = must(playable(second))
        dms_before, boards_before = told(world), moves_shown(world, game_no)

        await world.env.restart_bot(make_bot())  # its start tells again whatever the store says is untold
        await serve_web(world.bot, web_settings)

        assert told(world) == dms_before, "a hand told before the restart was sent again"
        assert must(playable(second)).id == live.id  # one DM with live controls, the one sent before
        assert playable(first) is None
        assert moves_shown(world, game_no) == boards_before, "a board posted again"
        # the page, reconnecting from the move it showed, is sent the missed move once
        again = await http.ws_connect(socket_url(web_settings, game_no, guild, start))
        caught_up = await again.receive_json(timeout=5)
        assert (caught_up["type"], caught_up["turn"]) == ("table", missed)

        await move(second, live)  # the DM from before the restart still plays
        assert (await again.receive_json(timeout=5))["turn"] > missed
        await again.close()
    await stop_web(world.bot)
    assert world.env.errors == []


async def test_a_move_from_the_page_then_a_restart_tells_nothing_twice(
    world: World, web_settings: WebSettings, make_bot: Callable[[], FivesBot]
) -> None:
    game_no, guild, first, second = await a_draw_table_on_the_web(world, web_settings)
    base = f"http://{web_settings.host}:{web_settings.port}/api/games/{game_no}"
    mine = {"Authorization": f"Bearer {Signer(web_settings.secret).issue(first.id, guild)}"}
    async with aiohttp.ClientSession() as http:
        async with http.get(base, headers=mine) as answer:
            state = await answer.json()
        action = state["you"]["view"]["legal"][0]["text"]
        async with http.post(f"{base}/act", json={"action": action, "turn": state["turn"]}, headers=mine) as answer:
            assert answer.status == 200, await answer.text()
        await world.env.settle()  # the announcer told it before the POST was answered; nothing else runs
    live = must(playable(second))
    dms_before, boards_before = told(world), moves_shown(world, game_no)

    await stop_web(world.bot)
    await world.env.restart_bot(make_bot())
    await serve_web(world.bot, web_settings)

    assert told(world) == dms_before, "a hand told before the restart was sent again"
    assert must(playable(second)).id == live.id
    assert playable(first) is None
    assert moves_shown(world, game_no) == boards_before, "a board posted again"
    await stop_web(world.bot)
    assert world.env.errors == []
