"""The live table in real headless Chromium beside the real bot on simcord's virtual Discord (issue #27 item 8):
the bot started as `python -m bot` starts it with the web table on (its own web server on a port, over the
test's SQLite file), pages opened on it with sessions signed by the bot's secret.

- Two players' pages follow one game live while one of them plays in the page and the other through
  Discord's DM controls; the browser's move is announced once in the thread and the DMs.
- The bot is stopped and started again on the same database: the open pages reconnect by themselves and
  catch up by move number (nothing missed, nothing shown twice), a move made while they were cut off shows
  after the reconnect, and a page left on the old position has its move refused."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest
import simcord

from app.client import FivesBot
from tests.checks import must
from tests.cogs.conftest import World, board, dms, move, moves_shown, open_table, playable, whose_turn
from tests.cogs.test_hints import open_hinted_table
from tests.cogs.test_outbox import lines_about
from tests.web.bot_web import serve_web, stop_web
from tests.web.driver import WAIT, Browser, chromium
from web.runner import WebSettings
from web.sessions import Signer


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as opened:
        yield opened


def page_url(settings: WebSettings, game_no: int, user: simcord.MemberActor | None, guild_id: int) -> str:
    """A table page's address with a session of `user` signed by the bot's secret (None: a member of the
    server with no seat)."""
    token = Signer(settings.secret).issue(user.id if user is not None else 0, guild_id)
    return f"http://{settings.host}:{settings.port}/table/{game_no}?token={token}"


async def until(condition: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Waits (yielding to the bot) until `condition()` holds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"not within {timeout} s: {what}")
        await asyncio.sleep(0.02)


async def tap_a_move(browser: Browser, page: str) -> int:
    """One move as a player makes it in the page: a tile, then an end on the board (or the draw or pass
    button when no tile fits); the move number the page then shows."""
    before = await browser.turn(page)
    await browser.wait(page, "() => !window.fivesApp.busy && window.fivesApp.state.you?.your_turn")
    pieces = "[data-testid=hand] button.piece:not([disabled])"
    if await browser.eval(page, f"() => document.querySelectorAll({pieces!r}).length"):
        await browser.click(page, pieces)
        await browser.wait(
            page,
            "(turn) => window.fivesApp.busy || window.fivesApp.state.turn !== turn"
            " || window.fivesApp.selected !== null || window.fivesApp.choices !== null",
            before,
        )
        if await browser.eval(page, "() => document.querySelectorAll('[data-testid=board] .end.target').length"):
            await browser.click(page, "[data-testid=board] .end.target")
            await browser.wait(
                page,
                "(turn) => window.fivesApp.busy || window.fivesApp.state.turn !== turn || window.fivesApp.choices",
                before,
            )
        if await browser.eval(page, "() => window.fivesApp.choices !== null && !window.fivesApp.busy"):
            await browser.click(page, "[data-testid=moves] button.move")
    else:
        await browser.click(page, "[data-testid=moves] button.move")
    await browser.wait(page, "(turn) => window.fivesApp.state.turn > turn", before)
    return await browser.turn(page)


async def table_turns(browser: Browser, page: str) -> list[int]:
    """The move number of every table the page's sockets were sent, in order."""
    return [frame["turn"] for frame in await browser.frames(page) if frame.get("type") == "table"]


async def test_two_players_pages_follow_one_game_live_while_one_plays_in_the_page_and_the_other_in_discord(
    world: World, web_settings: WebSettings, browser: Browser
) -> None:
    await serve_web(world.bot, web_settings)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})  # Alice and Bob, no computer
    service = world.bot.service
    [summary] = service.tables.games_of(world.alice.id)
    game_no, guild = summary.table.game_no, world.guild.id
    pages = {"alice": world.alice, "bob": world.bob}
    for name, member in pages.items():
        await browser.open(name, page_url(web_settings, game_no, member, guild))
    for name in pages:
        await browser.link(name, "open")

    ways: list[str] = []
    for _ in range(4):  # Alice always in her page, Bob always through his DM's controls
        player = whose_turn(world)
        assert player is not None
        before = (await service.tables.public_view(game_no)).turn
        lines, bob_dms = lines_about(world, player.name), len(dms(world.bob))
        if player is world.alice:
            assert await tap_a_move(browser, "alice") > before
            ways.append("page")

            # announced in Discord as any move: one new line on the thread's board, Bob's turn in his DM
            def on_board(told: int = lines + 1) -> bool:
                return lines_about(world, "alice") == told

            await until(on_board, "the browser's move on the board")
            await until(lambda: playable(world.bob) is not None, "Bob's controls in his DM")
            assert world.bob.mention in (board(world).content or "")
            assert playable(world.alice) is None  # her DM's controls are gone: the move was hers
            assert len(dms(world.bob)) == bob_dms + 1, "one DM for Bob's turn, not two"
        else:
            message = playable(world.bob)
            assert message is not None
            await move(world.bob, message)  # in Discord
            ways.append("discord")
            assert lines_about(world, "bob") == lines + 1
        after = (await service.tables.public_view(game_no)).turn
        assert after > before
        for name in pages:  # both pages show it, pushed by their sockets
            await browser.shows(name, after)
            assert after in await table_turns(browser, name), f"{name}'s socket did not bring move {after}"
        if (await service.tables.public_view(game_no)).over:
            break
    assert {"page", "discord"} <= set(ways), ways
    shown = moves_shown(world, game_no)
    assert shown == sorted(set(shown)), "a board posted twice"
    for name in pages:
        turns = await table_turns(browser, name)
        assert turns == sorted(set(turns)), f"{name}'s page was sent a move twice: {turns}"
        assert await browser.errors(name) == []
    assert world.env.errors == []


async def test_pages_reconnect_across_a_bot_restart_and_catch_up_and_a_stale_page_is_refused(
    world: World, web_settings: WebSettings, browser: Browser, make_bot: Callable[[], FivesBot]
) -> None:
    await serve_web(world.bot, web_settings)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    service = world.bot.service
    [summary] = service.tables.games_of(world.alice.id)
    game_no, guild = summary.table.game_no, world.guild.id
    first = whose_turn(world)
    assert first is not None
    second = world.bob if first is world.alice else world.alice
    await browser.open("player", page_url(web_settings, game_no, first, guild))
    await browser.open("old", page_url(web_settings, game_no, first, guild))  # the same player's other tab
    await browser.open("watcher", page_url(web_settings, game_no, None, guild))  # Carol's place: no seat
    for page in ("player", "old", "watcher"):
        await browser.link(page, "open")
    start = await browser.turn("player")
    assert await browser.eval("old", "() => window.fivesApp.state.you.your_turn")
    await browser.eval("old", "() => window.fivesApp.live.stop()")  # this tab hears nothing from now on

    # The bot goes down: its web table first (every open socket is closed), then the rest of it.
    bot = world.bot
    await stop_web(bot)
    for page in ("player", "watcher"):
        await browser.link(page, "lost")
    # a move the pages cannot hear of: made in Discord before the process ends
    message = playable(first)
    assert message is not None
    await move(first, message)
    missed = (await service.tables.public_view(game_no)).turn
    assert missed > start

    hand, told = must(playable(second)), len(dms(second))
    await world.env.restart_bot(make_bot())  # a new process over the same database
    assert world.bot is not bot
    await serve_web(world.bot, web_settings)  # on the same port, as the restarted process's setup does
    for page in ("player", "watcher"):
        await browser.link(page, "open")  # by itself, with its backoff: nobody reloads the page
        await browser.shows(page, missed)
        sockets = await browser.sockets(page)
        assert len(sockets) >= 2 and f"since={start}&" in sockets[-1], sockets  # catching up from its move

    # the next player still has the one DM with live controls sent before the restart (not a second one:
    # tests/web/test_web_restart.py), and a move made with it after the restart reaches both pages too
    assert len(dms(second)) == told and must(playable(second)).id == hand.id
    await move(second, hand)
    now = (await world.bot.service.tables.public_view(game_no)).turn
    assert now > missed
    for page in ("player", "watcher"):
        await browser.shows(page, now)
        turns = await table_turns(browser, page)
        assert turns == sorted(set(turns)), f"{page}'s page was sent a move twice: {turns}"
        # nothing shown twice, nothing missed: the socket is sent nothing at the move the page opened on, then
        # the move made while it was cut off (once, on the reconnected socket), then the next one
        assert turns == [missed, now], turns
        assert await browser.eval(page, "() => window.fivesApp.state.turn") == now
    assert await browser.eval("watcher", "() => window.fivesApp.state.you") is None

    # the tab left on the old position: its move is refused, nothing changes, and it shows the game as it is
    assert await browser.turn("old") == start
    await browser.click("old", "[data-testid=all-moves] summary")
    await browser.click("old", "[data-testid=all-moves] button.move")
    await browser.wait("old", "(turn) => window.fivesApp.state.turn > turn", start)
    assert "moved on" in await browser.eval("old", "() => document.querySelector('[data-testid=message]').innerText")
    assert (await world.bot.service.tables.public_view(game_no)).turn == now
    assert await browser.turn("old") == now
    for page in ("player", "old", "watcher"):
        assert await browser.errors(page) == []
    assert world.env.errors == []


async def test_a_learner_asks_for_a_hint_in_the_page_plays_it_and_the_game_goes_unrated(
    world: World, web_settings: WebSettings, browser: Browser
) -> None:
    await serve_web(world.bot, web_settings)
    await open_hinted_table(world)  # Draw, one round, Alice and Bob, hints turned on in the lobby's Rules
    service = world.bot.service
    [summary] = service.tables.games_of(world.alice.id)
    game_no = summary.table.game_no
    player = must(whose_turn(world))
    await browser.open("learner", page_url(web_settings, game_no, player, world.guild.id) + "&lang=en")
    await browser.link("learner", "open")
    before = await browser.turn("learner")
    assert not await must(world.bot.store).hint_uses(game_no)  # offered, not used: still rated

    await browser.click("learner", "[data-testid=hint]")
    await browser.wait("learner", "() => document.querySelector('[data-testid=moves] button.move.hinted') !== null")
    said = await browser.eval("learner", "() => document.querySelector('[data-testid=message]').innerText")
    assert said.startswith("💡 ") and "will not be rated" in said, said
    hinted = await browser.eval(
        "learner", "() => document.querySelector('[data-testid=moves] button.move.hinted').dataset.action"
    )
    assert await must(world.bot.store).hint_uses(game_no)  # saved before the page was told
    await browser.click("learner", "[data-testid=moves] button.move.hinted")  # played with one tap
    await browser.wait("learner", "(turn) => window.fivesApp.state.turn > turn", before)
    assert (await service.tables.export(game_no))["actions"][before]["action"] == hinted  # the hint's move was played
    assert await browser.errors("learner") == []
    assert world.env.errors == []
