"""The web table beside Discord (issue #27): a move made in Discord reaches an open socket live, and a move
made in the browser is announced in the Discord thread like any other (the real bot through simcord)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import parse_qs, urlsplit

import discord
import pytest
from aiohttp.test_utils import TestClient, TestServer
from simcord.http import router as simcord_router

from app.client import FivesBot
from bot.tables.community.watchers import DIGEST_SECONDS
from cogs.controls.web_table import is_member
from cogs.watching import Spectators
from tests.checks import must
from web.hub import Hub
from web.links import TableLinks
from web.server import make_app
from web.sessions import Signer, Ticket

from .conftest import (
    World,
    add_computer,
    board,
    buttons_of,
    choose_options,
    cog,
    custom_ids,
    dms,
    move,
    open_table,
    playable,
    reply,
    thread,
    whose_turn,
)
from .test_watching import dave, watch


async def test_discord_and_browser_moves_reach_each_other(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "1"})
    bot = world.bot
    signer, hub = Signer(b"a-test-secret-of-enough-bytes"), Hub()
    bot.web_hub = hub
    client = TestClient(TestServer(make_app(bot.service, signer, hub, deliver=bot.announcer.deliver)))
    await client.start_server()
    try:
        [summary] = bot.service.tables.games_of(world.alice.id)
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


# -- the ways in from Discord: "Open table" and the Activity ---------------------------------------------
PUBLIC = "https://fives.example.org"
SECRET = b"a-test-secret-of-enough-bytes"


def web_links_of(message: discord.Message) -> list[str]:
    """The links of a message's buttons that lead to the web table."""
    return [b.url for b in buttons_of(message) if b.url and b.url.startswith(PUBLIC)]


def ticket_of(url: str) -> tuple[str, Ticket]:
    """Where a link goes after the login, and what its ticket names."""
    query = parse_qs(urlsplit(url).query)
    return query["next"][0], Signer(SECRET).read_ticket(query["ticket"][0])


async def test_without_the_web_table_no_board_or_hand_offers_it(world: World) -> None:
    await open_table(world, "draw", options={"rounds": "1"})
    assert not web_links_of(board(world))
    assert not any(i.startswith("fives:activity:") for i in custom_ids(board(world)))
    player = whose_turn(world)
    assert player is not None
    hand = playable(player)
    assert hand is not None and not web_links_of(hand)


async def test_the_board_and_the_hand_dm_link_to_the_web_table_with_a_ticket_for_the_game(world: World) -> None:
    world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=False)
    await open_table(world, "draw", options={"rounds": "1"})
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    game_no = summary.table.game_no
    [link] = web_links_of(board(world))
    assert link.startswith(f"{PUBLIC}/auth/login?")
    assert ticket_of(link) == (f"/table/{game_no}", Ticket(game_no, world.guild.id))
    assert not any(i.startswith("fives:activity:") for i in custom_ids(board(world)))  # no Activity set up

    player = whose_turn(world)
    assert player is not None
    hand = playable(player)
    assert hand is not None
    [dm_link] = web_links_of(hand)
    assert ticket_of(dm_link) == (f"/table/{game_no}", Ticket(game_no, world.guild.id))


@pytest.mark.parametrize("game", ["all-fives", "domineren", "five-hundred"])
async def test_every_newest_board_and_hand_dm_of_every_family_keeps_its_open_table_link(
    world: World, game: str
) -> None:
    """Not only the first: the board posted after each move and each hand DM (a new one, or the one a move was
    made in, redrawn in place) carry the game's Open table link, in every family's controls."""
    world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=False)
    await open_table(world, game)
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    game_no = summary.table.game_no
    page = (f"/table/{game_no}", Ticket(game_no, world.guild.id))
    hands = 0
    for _ in range(8):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        assert [ticket_of(link) for link in web_links_of(board(world))] == [page]
        player = must(whose_turn(world))
        hand = must(playable(player))
        assert [ticket_of(link) for link in web_links_of(hand)] == [page], [b.label for b in buttons_of(hand)]
        hands += 1
        await move(player, hand)
        for message in dms(player)[-2:]:  # the DM moved in, redrawn, and any new one after it
            if message.components:
                assert [ticket_of(link) for link in web_links_of(message)] == [page], [
                    b.label for b in buttons_of(message)
                ]
    assert hands >= 2
    assert world.env.errors == []


@contextlib.contextmanager
def activity_launches() -> Iterator[list[int]]:
    """The interactions the bot answered with LAUNCH_ACTIVITY (type 12), as they happen. simcord has no such
    response yet: its callback route learns to take one, as Discord does, while this is open."""
    launched: list[int] = []
    routes = simcord_router._ROUTES["POST"]
    index, (template, original) = next(
        (k, r) for k, r in enumerate(routes) if r[0][-1] == "callback" and r[0][0] == "interactions"
    )

    def callback(ctx: Any) -> Any:
        if ctx.body().get("type") != 12:
            return original(ctx)
        record = ctx.backend.interactions.get(ctx.int_arg("interaction_id"))
        launched.append(record.id)
        record.defer_update()
        return {"interaction": {"id": str(record.id), "type": record.type, "activity_instance_id": "i-1",
                                "response_message_id": None, "response_message_loading": False,
                                "response_message_ephemeral": False}}  # fmt: skip

    routes[index] = (template, callback)
    try:
        yield launched
    finally:
        routes[index] = (template, original)


async def test_play_in_discord_launches_the_activity_from_the_board(world: World) -> None:
    with activity_launches() as launched:
        world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=True)
        await open_table(world, "draw", options={"rounds": "1"})
        assert web_links_of(board(world))
        [activity] = [i for i in custom_ids(board(world)) if i.startswith("fives:activity:")]
        await world.carol.click(board(world), custom_id=activity)
        assert len(launched) == 1


LAUNCH_FROM_LOBBY = "fives:lactivity:"


def lobby_launch(message: discord.Message) -> list[discord.Button]:
    return [b for b in buttons_of(message, LAUNCH_FROM_LOBBY) if b.label == "Play in Discord"]


async def test_play_in_discord_launches_the_activity_from_the_lobby_through_every_redraw(
    world: World, make_bot: Callable[[], FivesBot]
) -> None:
    with activity_launches() as launched:
        world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=True)
        lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
        assert len(lobby_launch(lobby.message)) == 1  # as /play posts it
        await world.bob.click(lobby, label="Join")  # redrawn by the lobby's button
        await add_computer(world.alice, lobby)  # by its select
        await choose_options(world, lobby, {"rounds": "1"})  # by the announcer, from the rules panel
        [button] = lobby_launch(lobby.message)

        pressed = await world.carol.click(lobby, custom_id=button.custom_id)  # anyone in the channel
        assert len(launched) == 1 and not pressed.ephemeral  # answered by Discord opening the Activity

        await world.env.restart_bot(make_bot())  # a button posted before a restart launches it too
        world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=True)
        await world.carol.click(lobby, custom_id=button.custom_id)
        assert len(launched) == 2

        await world.alice.click(lobby, label="Start")
        assert lobby_launch(lobby.message) == []  # the started lobby has no controls; the board has its own
        assert any(i.startswith("fives:activity:") for i in custom_ids(board(world)))
    assert world.env.errors == []


async def test_the_lobby_offers_the_activity_only_where_the_bot_has_one(world: World) -> None:
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert lobby_launch(lobby.message) == []  # the web table off

    world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=False)  # on, without an Activity
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    assert lobby_launch(lobby.message) == []

    world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=True)
    lobby = reply(await world.alice.slash(world.channel, "play", game="draw"))
    [button] = lobby_launch(lobby.message)
    world.bot.web_links = None  # turned off since the lobby was posted: said, not launched
    with activity_launches() as launched:
        pressed = reply(await world.carol.click(lobby, custom_id=button.custom_id))
    assert launched == [] and pressed.ephemeral and "The web table is off" in (pressed.content or "")


async def test_the_web_side_asks_the_bot_who_is_in_the_server(world: World) -> None:
    assert await is_member(world.bot, world.guild.id, world.carol.id)  # no members intent: asked by REST
    assert not await is_member(world.bot, world.guild.id, 987654321987654321)
    assert not await is_member(world.bot, 123456789123456789, world.carol.id)  # a server without the bot


async def test_the_final_board_and_the_replay_viewer_link_to_the_replay_in_the_browser(world: World) -> None:
    world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=False)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    game_no = summary.table.game_no
    for _ in range(80):
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        player = whose_turn(world)
        assert player is not None
        await move(player, must(playable(player)))
    over = thread(world).history()[-1]
    [link] = web_links_of(over)
    assert ticket_of(link) == (f"/replay/{game_no}", Ticket(game_no, world.guild.id))
    assert any(b.label == "Replay in browser" for b in buttons_of(over))

    viewer = reply(await world.carol.click(over, label="Replay"))
    [at_deal] = web_links_of(viewer.message)
    assert ticket_of(at_deal)[0] == f"/replay/{game_no}"
    stepped = reply(await world.carol.click(viewer, label="▶"))
    [at_step] = web_links_of(stepped.message)
    assert ticket_of(at_step)[0] == f"/replay/{game_no}?frame=1"  # the step the viewer shows


async def test_a_watcher_by_dm_digest_opens_the_page_as_a_spectator_and_the_ended_games_replay(world: World) -> None:
    world.bot.web_links = TableLinks(PUBLIC, Signer(SECRET), activity=False)
    watcher = dave(world)
    await open_table(world, "draw", computers=0, options={"rounds": "1"})
    [summary] = world.bot.service.tables.games_of(world.alice.id)
    game_no = summary.table.game_no
    await watch(watcher, board(world), "By DM digest")
    [first] = dms(watcher)
    [link] = web_links_of(first)
    assert ticket_of(link) == (f"/table/{game_no}", Ticket(game_no, world.guild.id))  # the page, as a spectator
    assert "Stop watching" in [b.label for b in buttons_of(first)]

    for _ in range(80):  # the game played out: the last digest says it ended, with the replay instead
        if not world.bot.service.tables.games_of(world.alice.id):
            break
        player = must(whose_turn(world))
        await move(player, must(playable(player)))
    await world.env.advance_time(DIGEST_SECONDS + 60)
    await cog(world, Spectators).send_due()
    last = dms(watcher)[-1]
    assert last.id != first.id
    [replay] = web_links_of(last)
    assert ticket_of(replay) == (f"/replay/{game_no}", Ticket(game_no, world.guild.id))
    assert world.env.errors == []
