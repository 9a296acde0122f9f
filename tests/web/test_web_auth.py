"""Who is who at the web table (issue #27): Discord login for a browser from the bot's "Open table" link,
and the Activity's code exchange, against a fake Discord. A session names the user and one server; the
server is admitted only for a seated player or a member the bot knows."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from unittest import mock
from urllib.parse import parse_qs, urlsplit

import pytest
from aiohttp import ClientResponse, web
from aiohttp.test_utils import TestClient, TestServer, make_mocked_request
from multidict import CIMultiDict

from tests.conftest import Databases
from tests.tables.conftest import ANN, BOB, CAT, DAN, FakeClock, Harness
from tests.web.conftest import SECRET
from tests.web.fake_discord import CLIENT_ID, CLIENT_SECRET, FakeDiscord
from web.auth import Auth, safe_next
from web.limits import TRUSTED, RateLimit, client_address, parse_proxies
from web.oauth import DiscordOAuth
from web.server import make_app
from web.sessions import Signer

PUBLIC = "https://fives.example.org"


class Site:
    def __init__(self, harness: Harness, client: TestClient, signer: Signer, discord: FakeDiscord) -> None:
        self.harness, self.client, self.signer, self.discord = harness, client, signer, discord
        self.members: set[tuple[int, int]] = set()  # (guild, user) the bot sees as members

    async def login(self, user_id: int, ticket: str, next_path: str = "/table/1") -> ClientResponse:
        """The browser's way in: the bot's link, Discord's redirect back with a code; the callback's answer."""
        start = await self.client.get(
            "/auth/login", params={"next": next_path, "ticket": ticket}, allow_redirects=False
        )
        assert start.status == 302, await start.text()
        state = parse_qs(urlsplit(start.headers["Location"]).query)["state"][0]
        pending = start.cookies["fives_login"].value
        code = self.discord.code_for(user_id, "Ann")
        return await self.client.get(
            "/auth/callback",
            params={"code": code, "state": state},
            headers={"Cookie": f"fives_login={pending}"},
            allow_redirects=False,
        )


@pytest.fixture
async def site(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Site]:
    """The web app with Discord login against a fake Discord; `request.param`: the trusted proxies."""
    harness = Harness(Databases("sqlite", tmp_path, None), "fives.sqlite3", FakeClock())
    await harness.open()
    discord = FakeDiscord(redirect_uri=f"{PUBLIC}/auth/callback")
    discord.server = TestServer(discord.app())
    await discord.server.start_server()
    oauth = DiscordOAuth(CLIENT_ID, CLIENT_SECRET, api=discord.api)
    signer = Signer(SECRET)
    holder: list[Site] = []

    async def members(guild_id: int, user_id: int) -> bool:
        return (guild_id, user_id) in holder[0].members

    trusted = getattr(request, "param", ())
    app = make_app(harness.service, signer, login=Auth(PUBLIC, oauth, members), trusted_proxies=trusted)
    server = TestServer(app)
    await server.start_server(access_log=None)  # as web.runner serves it: no access log
    client = TestClient(server)
    await client.start_server()
    holder.append(Site(harness, client, signer, discord))
    yield holder[0]
    await client.close()
    await oauth.close()
    await discord.server.close()
    await harness.close()


async def test_a_seated_player_logs_in_from_the_link_and_sees_their_hand_and_nothing_secret_is_logged(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)

    start = await site.client.get(
        "/auth/login", params={"next": f"/table/{game_no}", "ticket": ticket}, allow_redirects=False
    )
    assert start.status == 302
    to = urlsplit(start.headers["Location"])
    asked = parse_qs(to.query)
    assert (to.scheme, to.netloc, to.path) == ("https", "discord.com", "/oauth2/authorize")
    assert asked["client_id"] == [CLIENT_ID] and asked["scope"] == ["identify"]
    assert asked["redirect_uri"] == [f"{PUBLIC}/auth/callback"] and asked["response_type"] == ["code"]
    pending = start.cookies["fives_login"]
    assert pending["httponly"] and pending["secure"] and pending["samesite"] == "Lax"

    code = site.discord.code_for(ANN.user_id, "Ann")
    back = await site.client.get(
        "/auth/callback",
        params={"code": code, "state": asked["state"][0]},
        headers={"Cookie": f"fives_login={pending.value}"},
        allow_redirects=False,
    )
    assert back.status == 303, await back.text()
    assert back.headers["Location"] == f"/table/{game_no}"
    cookie = back.cookies["fives_session"]
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax" and int(cookie["max-age"]) > 0
    assert site.discord.exchanged[-1]["code"] == code  # the server exchanged the code itself

    table = await site.client.get(f"/api/games/{game_no}", headers={"Cookie": f"fives_session={cookie.value}"})
    assert table.status == 200
    assert (await table.json())["you"]["view"]["hand"], "the logged-in player sees their own tiles"

    access = next(iter(site.discord.tokens))
    for secret in (CLIENT_SECRET, access, cookie.value, code, pending.value):
        assert secret not in caplog.text


async def test_a_forwarded_link_opens_nothing_for_an_outsider_but_admits_a_member_of_the_server(site: Site) -> None:
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    outsider = await site.login(DAN.user_id, ticket)
    assert outsider.status == 403 and "fives_session" not in outsider.cookies

    site.members.add((site.harness.guild, CAT.user_id))  # the bot sees Cat in the server: a spectator
    member = await site.login(CAT.user_id, ticket)
    assert member.status == 303
    token = member.cookies["fives_session"].value
    watching = await (
        await site.client.get(f"/api/games/{game_no}", headers={"Cookie": f"fives_session={token}"})
    ).json()
    assert watching["you"] is None and watching["public"]["hand"] is None


async def test_a_login_without_its_state_or_with_a_bad_ticket_is_refused_and_next_stays_on_the_site(site: Site) -> None:
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    start = await site.client.get("/auth/login", params={"next": "/x", "ticket": ticket}, allow_redirects=False)
    pending = start.cookies["fives_login"].value
    wrong_state = await site.client.get(
        "/auth/callback",
        params={"code": site.discord.code_for(ANN.user_id), "state": "guessed"},
        headers={"Cookie": f"fives_login={pending}"},
        allow_redirects=False,
    )
    assert wrong_state.status == 400 and "fives_session" not in wrong_state.cookies
    no_cookie = await site.client.get("/auth/callback", params={"code": "c", "state": "s"}, allow_redirects=False)
    assert no_cookie.status == 400

    forged = ticket[:-3] + ("AAA" if not ticket.endswith("AAA") else "BBB")
    session_as_ticket = site.signer.issue(ANN.user_id, site.harness.guild)  # another purpose: not a ticket
    for bad in (forged, session_as_ticket, ""):
        refused = await site.client.get("/auth/login", params={"next": "/x", "ticket": bad}, allow_redirects=False)
        assert refused.status == 400

    elsewhere = await site.login(ANN.user_id, ticket, next_path="//evil.example/steal")
    assert elsewhere.status == 303 and elsewhere.headers["Location"] == "/"
    for target in ("https://evil.example/", "/\\evil.example", "//evil", "javascript:alert(1)", "", "/\nx"):
        assert safe_next(target) == "/"
    assert safe_next("/table/12?x=1") == "/table/12?x=1"


async def test_the_activity_exchanges_its_code_for_the_sdk_token_and_a_session_of_a_verified_server(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    site.discord.redirect_uri = None  # the SDK's codes have no redirect URI
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    guild = site.harness.guild

    refused = await site.client.post(
        "/api/auth/activity", json={"code": site.discord.code_for(ANN.user_id), "guild_id": str(guild)}
    )
    assert refused.status == 403  # the guild id comes from the client: not trusted until the bot sees Ann there

    site.members.add((guild, ANN.user_id))
    code = site.discord.code_for(ANN.user_id, "Ann")
    answer = await site.client.post("/api/auth/activity", json={"code": code, "guild_id": str(guild)})
    assert answer.status == 200, await answer.text()
    body = await answer.json()
    assert body["access_token"] in site.discord.tokens and body["user"] == {"id": str(ANN.user_id), "name": "Ann"}
    assert answer.headers["Cache-Control"] == "no-store"
    table = await site.client.get(f"/api/games/{game_no}", headers={"Authorization": f"Bearer {body['session']}"})
    assert (await table.json())["you"]["seat"] is not None

    reused = await site.client.post("/api/auth/activity", json={"code": code, "guild_id": str(guild)})
    assert reused.status == 502  # Discord refuses a code twice; the page is told to try again
    assert (await site.client.post("/api/auth/activity", json={"code": "x"})).status == 400
    for secret in (CLIENT_SECRET, body["access_token"], body["session"], code):
        assert secret not in caplog.text


async def test_the_replay_link_of_an_ended_game_admits_its_player_to_the_replay(site: Site) -> None:
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    await site.harness.play(game_no)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    back = await site.login(ANN.user_id, ticket, next_path=f"/replay/{game_no}?frame=3")
    assert back.status == 303, await back.text()  # a seat of the ended game, though the bot does not see Ann
    assert back.headers["Location"] == f"/replay/{game_no}?frame=3"
    token = back.cookies["fives_session"].value
    replay = await site.client.get(f"/api/games/{game_no}/replay", headers={"Cookie": f"fives_session={token}"})
    assert replay.status == 200 and (await replay.json())["frames"][0]["held"]
    assert (await site.login(DAN.user_id, ticket, next_path=f"/replay/{game_no}")).status == 403


async def test_the_replay_link_admits_a_player_who_resigned_as_any_player_of_the_game(site: Site) -> None:
    """A computer took Ann's seat when she resigned: she is still one of the game's players, so its replay
    link lets her in (the bot not seeing her in the server), and the replay names her seat."""
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    await site.harness.play(game_no, max_steps=2)
    seat = (await site.harness.service.tables.info(game_no)).seat_of(ANN.user_id)
    assert seat is not None
    await site.harness.service.games.resign(game_no, ANN.user_id)
    await site.harness.play(game_no)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    back = await site.login(ANN.user_id, ticket, next_path=f"/replay/{game_no}")
    assert back.status == 303, await back.text()
    token = back.cookies["fives_session"].value
    replay = await site.client.get(f"/api/games/{game_no}/replay", headers={"Cookie": f"fives_session={token}"})
    assert replay.status == 200 and (await replay.json())["you"] == seat
    assert (await site.login(DAN.user_id, ticket, next_path=f"/replay/{game_no}")).status == 403


async def test_logins_are_limited_per_user_and_a_refused_one_logs_no_secret(
    site: Site, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    answers = [await site.login(ANN.user_id, ticket) for _ in range(11)]
    assert [a.status for a in answers[:10]] == [303] * 10
    assert answers[10].status == 429 and "fives_session" not in answers[10].cookies  # the 11th in a minute
    assert (await site.login(BOB.user_id, ticket)).status == 303  # another user is not held up by Ann
    site.members.add((site.harness.guild, ANN.user_id))
    site.discord.redirect_uri = None
    activity = await site.client.post(
        "/api/auth/activity", json={"code": site.discord.code_for(ANN.user_id), "guild_id": str(site.harness.guild)}
    )
    assert activity.status == 429  # the Activity's login counts for the same user
    sessions = [a.cookies["fives_session"].value for a in answers[:10]]
    for secret in (CLIENT_SECRET, *site.discord.tokens, *sessions):
        assert secret not in caplog.text


async def test_login_requests_are_limited_per_address_and_forwarded_for_counts_only_from_a_trusted_proxy(
    site: Site,
) -> None:
    """Behind no trusted proxy, X-Forwarded-For is the client's own word and changes nothing: all of these
    come from one address (the test client's), which gets 40 login requests a minute."""
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)

    async def start(forwarded: str) -> int:
        answer = await site.client.get(
            "/auth/login",
            params={"next": "/table/1", "ticket": ticket},
            headers={"X-Forwarded-For": forwarded},
            allow_redirects=False,
        )
        return answer.status

    statuses = [await start(f"203.0.113.{k}") for k in range(41)]
    assert statuses[:40] == [302] * 40 and statuses[40] == 429
    site.discord.redirect_uri = None
    site.members.add((site.harness.guild, ANN.user_id))
    code = site.discord.code_for(ANN.user_id)
    refused = await site.client.post("/api/auth/activity", json={"code": code, "guild_id": str(site.harness.guild)})
    assert refused.status == 429 and site.discord.exchanged == []  # refused before any code reaches Discord
    callback = await site.client.get("/auth/callback", params={"code": code, "state": "x"})
    assert callback.status == 429 and site.discord.exchanged == []


@pytest.mark.parametrize("site", [parse_proxies("127.0.0.1, 10.0.0.0/8")], indirect=True)
async def test_behind_a_trusted_proxy_each_client_address_it_names_has_its_own_login_limit(site: Site) -> None:
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)

    async def start(forwarded: str | None) -> int:
        headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
        answer = await site.client.get(
            "/auth/login", params={"next": "/table/1", "ticket": ticket}, headers=headers, allow_redirects=False
        )
        return answer.status

    # the proxy (127.0.0.1) says which client it forwards; a client's own X-Forwarded-For sits left of it
    statuses = [await start(f"198.51.100.{k}, 203.0.113.5") for k in range(41)]
    assert statuses[:40] == [302] * 40 and statuses[40] == 429  # one client, whatever it wrote itself
    assert await start("203.0.113.6") == 302  # another client behind the same proxy is not held up
    assert await start("203.0.113.6, 10.1.2.3") == 302  # through a second trusted proxy: still 203.0.113.6
    for _ in range(38):  # its 40 in the minute
        await start("203.0.113.6")
    assert await start("203.0.113.6, 10.1.2.3") == 429
    assert await start(None) == 302  # no header: the proxy's own address, counted apart


def test_the_client_address_is_the_peer_unless_a_trusted_proxy_names_it() -> None:
    def address(peer: str, forwarded: list[str], trusted: str) -> str:
        app = web.Application()
        app[TRUSTED] = parse_proxies(trusted)
        headers = CIMultiDict(("X-Forwarded-For", value) for value in forwarded)
        request = make_mocked_request("GET", "/auth/login", headers=headers, app=app)
        with mock.patch.object(type(request), "remote", new_callable=mock.PropertyMock, return_value=peer):
            return client_address(request)

    assert address("198.51.100.1", ["203.0.113.9"], "") == "198.51.100.1"  # no proxy trusted: the header is ignored
    assert address("198.51.100.1", ["203.0.113.9"], "10.0.0.0/8") == "198.51.100.1"  # not from a trusted proxy
    assert address("10.0.0.2", ["203.0.113.9"], "10.0.0.0/8") == "203.0.113.9"
    assert address("10.0.0.2", ["1.2.3.4, 203.0.113.9", "10.0.0.7"], "10.0.0.0/8") == "203.0.113.9"
    assert address("10.0.0.2", [], "10.0.0.0/8") == "10.0.0.2"
    assert address("10.0.0.2", ["garbage"], "10.0.0.0/8") == "garbage"  # what the nearest hop said, as a key
    assert address("::1", ["2001:db8::5"], "::1") == "2001:db8::5"


def test_a_limit_forgets_addresses_whose_minute_has_passed() -> None:
    """A flood from many addresses is not kept for ever: once their window is over they are forgotten."""
    now = [0.0]
    limit = RateLimit(count=2, seconds=60, clock=lambda: now[0])
    for k in range(RateLimit.SWEEP - 1):
        assert limit.allow(f"198.51.100.{k}")
    assert limit.remembered == RateLimit.SWEEP - 1
    now[0] = 61.0
    assert limit.allow("203.0.113.1")  # the sweep's turn: everything older than the window goes
    assert limit.remembered == 1
    assert limit.allow("203.0.113.1") and not limit.allow("203.0.113.1")  # the limit itself is unchanged


async def test_the_page_speaks_the_language_the_user_chose_in_discord(site: Site) -> None:
    """identify's /users/@me says the user's Discord locale: the login sends them to the page in it (unless
    the link names a language), and the Activity's answer says it for its page."""
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    site.discord.locales.update({ANN.user_id: "ja", BOB.user_id: "en-GB"})
    assert (await site.login(ANN.user_id, ticket)).headers["Location"] == "/table/1?lang=ja"
    assert (await site.login(BOB.user_id, ticket)).headers["Location"] == "/table/1?lang=en"
    named = await site.login(ANN.user_id, ticket, next_path="/replay/1?frame=2&lang=en")
    assert named.headers["Location"] == "/replay/1?frame=2&lang=en"

    site.discord.redirect_uri = None
    site.members.add((site.harness.guild, ANN.user_id))
    code = site.discord.code_for(ANN.user_id)
    answer = await site.client.post("/api/auth/activity", json={"code": code, "guild_id": str(site.harness.guild)})
    assert (await answer.json())["lang"] == "ja"


async def test_a_login_that_lets_nobody_in_says_why_in_the_visitors_language(site: Site) -> None:
    """The login's refusals are pages of their own: in Japanese for a user whose Discord speaks it (once
    Discord has said who they are), else for a browser that asks for it; in English otherwise."""
    game_no, _ = await site.harness.start_game(humans=(ANN, BOB), computers=2)
    ticket = site.signer.ticket(game_no, site.harness.guild)
    site.discord.locales.update({DAN.user_id: "ja", CAT.user_id: "en-US"})
    refused = await site.login(DAN.user_id, ticket)  # not seated, not a member
    assert (
        refused.status == 403 and await refused.text() == "この卓は、あなたが参加していないサーバーのものです。"
    )
    assert refused.headers["Content-Type"].startswith("text/plain") and "utf-8" in refused.headers["Content-Type"]
    english = await site.login(CAT.user_id, ticket)
    assert english.status == 403 and await english.text() == "This table belongs to a server you are not in."

    expired = {"next": "/table/1", "ticket": "forged"}
    for accept, words in (
        (
            "ja-JP,ja;q=0.9,en;q=0.8",
            "このリンクは期限切れです。ディスコードのメッセージから卓を開き直してください。",
        ),
        ("en-GB,ja;q=0.5", "This link has expired: open the table again from its message in Discord."),
        ("", "This link has expired: open the table again from its message in Discord."),
    ):
        answer = await site.client.get("/auth/login", params=expired, headers={"Accept-Language": accept})
        assert answer.status == 400 and await answer.text() == words, accept
    named = await site.client.get("/auth/login", params={**expired, "next": "/table/1?lang=ja"})
    assert await named.text() == "このリンクは期限切れです。ディスコードのメッセージから卓を開き直してください。"

    site.discord.redirect_uri = None
    code = site.discord.code_for(DAN.user_id)
    outsider = await site.client.post("/api/auth/activity", json={"code": code, "guild_id": str(site.harness.guild)})
    assert outsider.status == 403 and await outsider.text() == "あなたはこのサーバーに参加していません。"
