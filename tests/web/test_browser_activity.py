"""The Activity's login end to end in real headless Chromium (issue #27 item 2): the page at `/`, framed as
Discord frames an Activity (tests/web/fake_discord_client.js plays the Discord client's half of the Embedded
App SDK's messages), runs the SDK's `authorize`, posts the code to the server, which exchanges it with a fake
Discord (tests/web/fake_discord.py), hands the access token to the SDK's `authenticate`, and goes on to its
channel's game as the seat it holds. A user the bot does not see in the server gets no session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from aiohttp import web
from aiohttp.test_utils import TestServer

from tests.tables.conftest import ANN, BOB, CAT, FakeClock, Harness
from tests.web.conftest import SECRET
from tests.web.driver import Browser, chromium
from tests.web.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from web.auth import Auth
from web.oauth import DiscordOAuth
from web.server import make_app
from web.sessions import Signer

CLIENT = Path(__file__).with_name("fake_discord_client.js")
PAGE = """<!doctype html><html><head><title>Discord (fake client)</title></head><body>
<iframe id="activity" title="the Activity" style="width: 1000px; height: 700px"></iframe>
<script src="/fake-discord-client/client.js"></script></body></html>"""


class Site:
    def __init__(self, harness: Harness, server: TestServer, discord: FakeDiscord) -> None:
        self.harness, self.server, self.discord = harness, server, discord
        self.members: set[tuple[int, int]] = set()  # (guild, user) the bot sees as members

    def client_url(self, user_id: int) -> str:
        """The fake Discord client launching the Activity in the harness's channel, for `user_id`."""
        code = self.discord.code_for(user_id, "Ann")
        query = {"code": code, "user": str(user_id), "guild": self.harness.guild, "channel": self.harness.channel}
        return str(self.server.make_url(f"/fake-discord-client/?{urlencode(query)}"))


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    from tests.conftest import Databases

    harness = Harness(Databases("sqlite", tmp_path, None), "fives.sqlite3", FakeClock())
    await harness.open()
    discord = FakeDiscord(redirect_uri=None)  # the SDK's codes carry no redirect URI
    discord.server = TestServer(discord.app())
    await discord.server.start_server()
    oauth = DiscordOAuth(CLIENT_ID, CLIENT_SECRET, api=discord.api)
    holder: list[Site] = []

    async def members(guild_id: int, user_id: int) -> bool:
        return (guild_id, user_id) in holder[0].members

    app = make_app(harness.service, Signer(SECRET), login=Auth("https://fives.example.org", oauth, members))

    async def client_page(request: web.Request) -> web.Response:
        return web.Response(text=PAGE, content_type="text/html")

    async def client_script(request: web.Request) -> web.Response:
        return web.Response(text=CLIENT.read_text(encoding="utf-8"), content_type="text/javascript")

    app.router.add_get("/fake-discord-client/", client_page)  # the table's origin, which the SDK trusts
    app.router.add_get("/fake-discord-client/client.js", client_script)
    server = TestServer(app, host="127.0.0.1")
    await server.start_server(access_log=None)
    holder.append(Site(harness, server, discord))
    yield holder[0]
    await server.close()
    await oauth.close()
    await discord.server.close()
    await harness.close()


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    async with chromium() as opened:
        yield opened


async def test_the_activity_logs_in_through_the_sdk_and_opens_its_channels_game_as_the_players_seat(
    site: Site, browser: Browser
) -> None:
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    table = await site.harness.service.tables.info(game_no)
    site.members.add((site.harness.guild, ANN.user_id))
    site.discord.locales[ANN.user_id] = "ja"  # Ann's Discord speaks Japanese (her browser, English)

    await browser.open("discord", site.client_url(ANN.user_id))
    # the Activity goes straight to the one game of its channel, inside Discord's frame
    seat = await browser.wait(
        "discord", "() => window.fivesApp?.state && window.fivesApp.state.you?.seat", frame=True, timeout=60
    )
    assert seat == table.seat_of(ANN.user_id)
    assert await browser.eval("discord", "() => location.pathname", frame=True) == f"/table/{game_no}"
    hand = await browser.eval("discord", "() => document.querySelector('[data-testid=hand] h2')?.innerText", frame=True)
    assert hand == "あなたの手牌"  # in her Discord's language, which the server read at the exchange
    assert await browser.eval("discord", "() => document.documentElement.lang", frame=True) == "ja"
    await browser.wait("discord", "() => window.fivesApp.link === 'open'", frame=True)  # and its socket is live

    asked = await browser.eval("discord", "() => window.fakeDiscord")
    assert asked["handshake"]["client_id"] == CLIENT_ID and asked["handshake"]["frame_id"] == "frame-1"
    authorize, authenticate = asked["commands"][:2]
    assert authorize == {
        "cmd": "AUTHORIZE",
        "args": {"client_id": CLIENT_ID, "response_type": "code", "state": "", "prompt": "none", "scope": ["identify"]},
    }
    # the SDK was handed the token Discord issued for Ann in the server's exchange (no redirect URI, the secret)
    assert authenticate["cmd"] == "AUTHENTICATE"
    assert site.discord.tokens.get(asked["authenticated"]) == ANN.user_id
    [exchange] = site.discord.exchanged
    assert "redirect_uri" not in exchange and exchange["client_secret"] == CLIENT_SECRET
    # the session is a bearer token of the tab, not a cookie (a third-party iframe keeps no cookie)
    assert await browser.eval("discord", "() => document.cookie", frame=True) == ""
    assert await browser.eval("discord", "() => sessionStorage.getItem('fives_token') !== null", frame=True)
    assert await browser.errors("discord") == []


async def test_the_activity_of_a_user_the_bot_does_not_see_in_the_server_opens_nothing(
    site: Site, browser: Browser
) -> None:
    await site.harness.start_game(humans=(ANN, BOB), computers=2)
    await browser.open("discord", site.client_url(CAT.user_id))  # Cat: no member of the server, as the bot sees it
    said = await browser.wait(
        "discord", "() => document.querySelector('[role=alert]')?.innerText", frame=True, timeout=60
    )
    assert "403" in said and "not in this server" in said
    assert await browser.eval("discord", "() => sessionStorage.getItem('fives_token')", frame=True) is None
    assert await browser.eval("discord", "() => window.fakeDiscord.authenticated") is None  # no token for the SDK


async def test_the_activity_opened_before_the_channels_game_begins_goes_to_it_once_it_does(
    site: Site, browser: Browser
) -> None:
    site.members.add((site.harness.guild, ANN.user_id))
    await browser.open("discord", site.client_url(ANN.user_id))  # launched while the lobby fills
    await browser.wait("discord", "() => document.querySelector('[data-testid=picker-empty]')", frame=True)
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)  # the lobby starts
    table = await site.harness.service.tables.info(game_no)
    seat = await browser.wait(
        "discord", "() => window.fivesApp?.state && window.fivesApp.state.you?.seat", frame=True, timeout=60
    )
    assert seat == table.seat_of(ANN.user_id)
    assert await browser.eval("discord", "() => location.pathname", frame=True) == f"/table/{game_no}"
