"""The live table's HTTP and WebSocket API over the real table service (issue #27)."""

from __future__ import annotations

import asyncio

from aiohttp import ClientSession, WSCloseCode, WSMsgType, web
from aiohttp.test_utils import TestClient, TestServer

from bot.tables import BoardChanged
from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT, DAN
from tests.web.conftest import SECRET, Web
from web.server import EXPIRED, make_app
from web.sessions import Signer


def hand_tiles_in(payload: object, hand: object) -> bool:
    """Whether any of a seat's hand tiles appear as a hand anywhere in a payload (walks dicts and lists)."""
    if isinstance(payload, dict):
        if payload.get("hand") not in (None, []):
            return True
        return any(hand_tiles_in(v, hand) for v in payload.values())
    if isinstance(payload, list):
        return any(hand_tiles_in(v, hand) for v in payload)
    return False


async def test_a_seat_sees_its_own_hand_and_a_spectator_only_the_public_view(web_table: Web) -> None:
    game_no, _ = await web_table.harness.start_game(humans=(ANN, BOB), computers=2)
    seat = await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(ANN.user_id))
    assert seat.status == 200
    mine = await seat.json()
    assert mine["you"]["view"]["hand"], "a seated player sees their tiles"
    assert mine["public"]["hand"] is None
    assert "Content-Security-Policy" in seat.headers

    watcher = await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(CAT.user_id))
    public = await watcher.json()
    assert public["you"] is None
    assert not hand_tiles_in(public, None)
    assert public["turn"] == mine["turn"]


async def test_another_servers_game_is_not_found_and_no_session_is_refused(web_table: Web) -> None:
    game_no, _ = await web_table.harness.start_game(humans=(ANN, BOB), computers=2)
    other = await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(ANN.user_id, guild_id=999))
    assert other.status == 404
    assert (await web_table.client.get(f"/api/games/{game_no}")).status == 401
    forged = {"Authorization": "Bearer " + web_table.auth(ANN.user_id)["Authorization"][7:-2] + "xx"}
    assert (await web_table.client.get(f"/api/games/{game_no}", headers=forged)).status == 401
    assert (await web_table.client.get("/api/games/99999", headers=web_table.auth(ANN.user_id))).status == 404


async def test_a_browser_move_goes_through_the_service_and_a_stale_repeat_is_refused(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    hand = must(await harness.to_act(game_no))
    action, turn = hand.view.legal[0].text, hand.turn
    ok = await web_table.client.post(
        f"/api/games/{game_no}/act", json={"action": action, "turn": turn}, headers=web_table.auth(hand.user_id)
    )
    assert ok.status == 200, await ok.text()
    record = await harness.service.tables.export(game_no)
    assert len(record["actions"]) > turn  # the action log holds the move (and any computer replies)

    again = await web_table.client.post(
        f"/api/games/{game_no}/act", json={"action": action, "turn": turn}, headers=web_table.auth(hand.user_id)
    )
    assert again.status == 409  # the double click changes nothing
    assert len((await harness.service.tables.export(game_no))["actions"]) == len(record["actions"])

    # the browser move is told to Discord like any other: it is in the outbox as a board change
    told = await harness.service.telling.untold(everything=True)
    assert any(isinstance(n, BoardChanged) and n.action == action and n.user_id == hand.user_id for n in told)


async def test_a_refused_move_is_worded_as_discord_words_it_in_the_pages_language(web_table: Web) -> None:
    """The Japanese page says why a move was refused in Japanese, in the words the Discord controls use."""
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    hand = must(await harness.to_act(game_no))
    other = next(u for u in (ANN, BOB) if u.user_id != hand.user_id)
    url = f"/api/games/{game_no}/act"

    async def refused(user_id: int, action: str, lang: str) -> tuple[int, str]:
        body = {"action": action, "turn": hand.turn, "lang": lang}
        answer = await web_table.client.post(url, json=body, headers=web_table.auth(user_id))
        return answer.status, (await answer.json())["error"]

    assert await refused(CAT.user_id, hand.view.legal[0].text, "ja") == (
        403,
        "あなたはこの卓のプレイヤーではありません。",
    )
    assert await refused(CAT.user_id, hand.view.legal[0].text, "en") == (403, "You are not playing at this table.")
    status, said = await refused(other.user_id, hand.view.legal[0].text, "ja")
    assert status == 422 and said == "あなたの番ではありません。"
    status, said = await refused(hand.user_id, "9-9@0-0", "ja")
    assert status == 422 and said and not said.isascii(), said
    assert len((await harness.service.tables.export(game_no))["actions"]) == hand.turn  # nothing was played


async def test_a_socket_catches_up_by_move_number_and_sees_moves_made_elsewhere_live(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    spectator = await web_table.client.ws_connect(
        f"/api/games/{game_no}/ws?since=-1&token={web_table.signer.issue(CAT.user_id, harness.guild)}"
    )
    first = await spectator.receive_json(timeout=5)
    assert first["type"] == "table" and first["you"] is None

    # a move made elsewhere (a Discord click through the same service), announced to the hub
    hand = must(await harness.to_act(game_no))
    await harness.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    web_table.hub.changed(game_no)
    moved = await spectator.receive_json(timeout=5)
    assert moved["turn"] > first["turn"]
    assert not hand_tiles_in(moved, None)
    await spectator.close()

    # reconnecting at the move last seen sends nothing old; at an older move, the latest table once
    again = await web_table.client.ws_connect(
        f"/api/games/{game_no}/ws?since={moved['turn']}&token={web_table.signer.issue(CAT.user_id, harness.guild)}"
    )
    try:
        await asyncio.wait_for(again.receive_json(), timeout=0.3)
        raise AssertionError("a table already shown was sent again")
    except TimeoutError:
        pass
    await again.close()


async def test_a_seat_plays_through_its_socket_and_a_stale_page_is_refused(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    hand = must(await harness.to_act(game_no))
    ws = await web_table.client.ws_connect(
        f"/api/games/{game_no}/ws?token={web_table.signer.issue(hand.user_id, harness.guild)}"
    )
    table = await ws.receive_json(timeout=5)
    assert table["you"]["your_turn"]
    legal = table["you"]["view"]["legal"][0]["text"]
    await ws.send_json({"action": legal, "turn": table["turn"]})
    answers = [await ws.receive_json(timeout=5) for _ in range(2)]
    assert {"answer", "table"} == {a["type"] for a in answers}
    assert next(a for a in answers if a["type"] == "answer")["ok"]
    await ws.send_json({"action": legal, "turn": table["turn"]})  # the page as it was before the move
    stale = await ws.receive_json(timeout=5)
    assert stale == {"type": "answer", "ok": False, "status": 409, "error": "stale: the game has moved on"}
    await ws.close()


async def test_a_page_without_a_game_number_finds_the_users_games_on_its_server(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    mine = await (await web_table.client.get("/api/games", headers=web_table.auth(BOB.user_id))).json()
    assert [g["game_no"] for g in mine["games"]] == [game_no]
    assert mine["games"][0]["channel_id"] == str(harness.channel)
    elsewhere = await web_table.client.get("/api/games", headers=web_table.auth(BOB.user_id, guild_id=999))
    assert (await elsewhere.json())["games"] == []  # another server's session sees none of these
    watcher = await web_table.client.get("/api/games", headers=web_table.auth(CAT.user_id))
    assert (await watcher.json())["games"] == []


async def test_spectators_watching_together_each_get_the_new_table_and_only_seats_their_hands(web_table: Web) -> None:
    """The public table is read once for all of a game's spectators: each still gets every move, none a hand,
    and a seat watching beside them still gets its own hand."""
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    url = f"/api/games/{game_no}/ws?since=-1&token="
    tokens = [web_table.signer.issue(900 + k, harness.guild) for k in range(5)]
    watchers = [await web_table.client.ws_connect(url + token) for token in tokens]
    seat = await web_table.client.ws_connect(url + web_table.signer.issue(ANN.user_id, harness.guild))
    for ws in [*watchers, seat]:
        await ws.receive_json(timeout=5)
    for _ in range(3):
        hand = must(await harness.to_act(game_no))
        await harness.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
        web_table.hub.changed(game_no)
        seen = [await ws.receive_json(timeout=5) for ws in watchers]
        assert len({s["turn"] for s in seen}) == 1 and seen[0]["turn"] > hand.turn
        assert all(s["you"] is None and not hand_tiles_in(s, None) for s in seen)
        mine = await seat.receive_json(timeout=5)
        assert mine["turn"] == seen[0]["turn"] and mine["you"]["view"]["hand"]
    for ws in [*watchers, seat]:
        await ws.close()


async def test_the_activitys_channel_lists_its_games_for_anyone_of_the_server(web_table: Web) -> None:
    harness = web_table.harness
    first, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    channel = f"/api/games?channel={harness.channel}"
    watching = await (await web_table.client.get(channel, headers=web_table.auth(CAT.user_id))).json()
    assert [(g["game_no"], g["seated"], g["here"]) for g in watching["games"]] == [(first, False, True)]
    assert {ANN.name, BOB.name} <= {s["name"] for s in watching["games"][0]["seats"]}  # the picker names them

    second, _ = await harness.start_game(humans=(CAT, DAN), computers=2)  # a second game in the channel
    both = await (await web_table.client.get(channel, headers=web_table.auth(CAT.user_id))).json()
    assert [(g["game_no"], g["seated"], g["here"]) for g in both["games"]] == [
        (first, False, True),
        (second, True, True),
    ]

    elsewhere = await (await web_table.client.get("/api/games?channel=1", headers=web_table.auth(CAT.user_id))).json()
    assert [(g["game_no"], g["here"]) for g in elsewhere["games"]] == [(second, False)]  # only Cat's own
    other = await web_table.client.get(channel, headers=web_table.auth(CAT.user_id, guild_id=999))
    assert [g["game_no"] for g in (await other.json())["games"]] == []  # another server's session: none
    assert (await web_table.client.get("/api/games?channel=x", headers=web_table.auth(CAT.user_id))).status == 400
    config = await web_table.client.get("/api/activity")
    assert (await config.json()) == {"client_id": None}  # no Discord login set up in this app


async def test_an_expired_session_is_refused_and_its_open_socket_is_closed(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    now = [1000.0]
    signer = Signer(SECRET, clock=lambda: now[0])
    client = TestClient(TestServer(make_app(harness.service, signer, web_table.hub)))
    await client.start_server()
    try:
        hand = must(await harness.to_act(game_no))
        token = signer.issue(hand.user_id, harness.guild, seconds=60)
        ws = await client.ws_connect(f"/api/games/{game_no}/ws?token={token}")
        table = await ws.receive_json(timeout=5)
        now[0] += 61  # the session's hour is up while the page is open
        await ws.send_json({"action": table["you"]["view"]["legal"][0]["text"], "turn": table["turn"]})
        refused = await ws.receive_json(timeout=5)
        assert refused == {"type": "refused", "status": 401, "error": "session expired: log in again"}
        closed = await ws.receive(timeout=5)
        assert closed.type == WSMsgType.CLOSE and closed.data == EXPIRED
        assert len((await harness.service.tables.export(game_no))["actions"]) == table["turn"]  # the move was not taken
        later = await client.get(f"/api/games/{game_no}", headers={"Authorization": f"Bearer {token}"})
        assert later.status == 401 and "expired" in await later.text()

        watcher = signer.issue(CAT.user_id, harness.guild, seconds=60)
        ws = await client.ws_connect(f"/api/games/{game_no}/ws?token={watcher}")
        await ws.receive_json(timeout=5)
        now[0] += 61
        await harness.step(game_no)
        web_table.hub.changed(game_no)  # the next table is not sent to an expired session: its socket closes
        closed = await ws.receive(timeout=5)
        assert closed.type == WSMsgType.CLOSE and closed.data == EXPIRED
    finally:
        await client.close()


async def test_a_stopping_server_closes_open_sockets_going_away_instead_of_waiting_for_them(web_table: Web) -> None:
    """A restart with pages open: each socket is closed at once with 1001 (the page reconnects to whichever
    process serves next), and the stop does not wait out aiohttp's shutdown timeout for sockets that never
    end by themselves."""
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    runner = web.AppRunner(make_app(harness.service, web_table.signer, web_table.hub), shutdown_timeout=600)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    token = web_table.signer.issue(CAT.user_id, harness.guild)
    async with ClientSession() as http:
        pages = [await http.ws_connect(f"http://127.0.0.1:{port}/api/games/{game_no}/ws?token={token}&since=-1")]
        pages.append(await http.ws_connect(f"http://127.0.0.1:{port}/api/games/{game_no}/ws?token={token}&since=-1"))
        for page in pages:
            assert (await page.receive_json(timeout=5))["type"] == "table"
        stopping = asyncio.create_task(runner.cleanup())
        for page in pages:
            closed = await page.receive(timeout=10)
            assert closed.type == WSMsgType.CLOSE and closed.data == WSCloseCode.GOING_AWAY
        await asyncio.wait_for(stopping, 30)  # not the 600 s it was given for requests still running


async def test_the_table_says_when_the_human_to_play_runs_out_of_time_to_seats_and_spectators(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    hand = await harness.to_act(game_no)
    assert hand is not None and hand.deadline is not None  # the turn timer the board and the DM show
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    for user in (hand.user_id, other, CAT.user_id):  # the player to move, the other player, a spectator
        answer = await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(user))
        assert (await answer.json())["deadline"] == hand.deadline
    await harness.play(game_no)
    ended = await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(CAT.user_id))
    assert (await ended.json())["deadline"] is None
