"""The bot started with the web table on, from its settings as `python -m bot` reads them: the web server
listens, its login answers, and the board links to it with a ticket for the game (issue #27)."""

from __future__ import annotations

import socket
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

from app.client import FivesBot
from web.runner import WebSettings
from web.sessions import Signer

from .conftest import World, board, buttons_of, custom_ids, open_table

PUBLIC = "https://fives.example.org"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def web_env(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    env = {
        "FIVES_WEB_URL": PUBLIC,
        "FIVES_WEB_PORT": str(free_port()),
        "FIVES_WEB_HOST": "127.0.0.1",
        "FIVES_WEB_SECRET": "a-secret-of-at-least-sixteen",
        "FIVES_DISCORD_CLIENT_ID": "123456789012345678",
        "FIVES_DISCORD_CLIENT_SECRET": "never-to-be-seen",
    }
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return env


@pytest.fixture
def simcord_bot(web_env: dict[str, str], make_bot: Callable[[], FivesBot]) -> FivesBot:
    return make_bot()  # after the environment is set: the bot reads it at login


async def test_a_bot_with_the_web_table_on_serves_the_login_its_boards_link_to(
    world: World, web_env: dict[str, str]
) -> None:
    bot = world.bot
    try:
        assert bot.web_runner is not None and bot.web_moves is not None
        await open_table(world, "draw", options={"rounds": "1"})
        [link] = [b.url for b in buttons_of(board(world)) if b.url and b.url.startswith(PUBLIC)]
        assert not any(i.startswith("fives:activity:") for i in custom_ids(board(world)))  # no Activity set up
        settings = WebSettings.from_env()
        assert settings is not None
        query = parse_qs(urlsplit(link).query)
        [summary] = bot.service.tables.games_of(world.alice.id)
        ticket = Signer(settings.secret).read_ticket(query["ticket"][0])
        assert (ticket.game_no, ticket.guild_id) == (summary.table.game_no, world.guild.id)

        local = link.replace(PUBLIC, f"http://127.0.0.1:{web_env['FIVES_WEB_PORT']}")
        async with aiohttp.ClientSession() as http, http.get(local, allow_redirects=False) as answer:
            assert answer.status == 302
            to = urlsplit(answer.headers["Location"])
            assert (to.netloc, parse_qs(to.query)["client_id"]) == ("discord.com", [web_env["FIVES_DISCORD_CLIENT_ID"]])
            assert "fives_login" in answer.cookies
    finally:
        if bot.web_moves is not None:
            await bot.web_moves.close()
        if bot.web_runner is not None:
            await bot.web_runner.cleanup()
