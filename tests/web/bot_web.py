"""The real bot's own web table in tests beside simcord (tests/web/test_browser_discord.py,
tests/web/test_web_restart.py): its settings as `python -m bot` reads them, and its start and stop."""

from __future__ import annotations

import asyncio
import contextvars
import socket

from app.client import FivesBot
from web.runner import WebSettings

PUBLIC = "https://fives.example.org"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def bot_web_settings() -> WebSettings:
    """The web table's settings as `python -m bot` reads them from FIVES_WEB_URL, _PORT, _HOST and _SECRET."""
    environ = {
        "FIVES_WEB_URL": PUBLIC,
        "FIVES_WEB_PORT": str(free_port()),
        "FIVES_WEB_HOST": "127.0.0.1",
        "FIVES_WEB_SECRET": "a-secret-of-at-least-sixteen",
    }
    settings = WebSettings.from_env(environ)
    assert settings is not None
    return settings


async def serve_web(bot: FivesBot, settings: WebSettings) -> None:
    """The bot's own start of its web table (`FivesBot._start_web`, which its setup runs when FIVES_WEB_URL is
    set: the same hub, listener, server and announcer), run outside simcord's watch: simcord calls a bot
    settled only once every task the bot started has finished, and an open page's socket never does."""
    await asyncio.get_running_loop().create_task(bot._start_web(settings), context=contextvars.Context())
    assert bot.web_runner is not None and bot.web_hub is not None


async def stop_web(bot: FivesBot) -> None:
    """What `FivesBot.close` does first: the listener, then the web server, which closes every socket."""
    assert bot.web_runner is not None and bot.web_moves is not None
    await bot.web_moves.close()
    await bot.web_runner.cleanup()
    bot.web_runner = bot.web_moves = None
