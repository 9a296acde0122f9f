"""A real table service over a real database (tests/tables' harness), served by the web app through
aiohttp's own test client; sessions are issued locally (no Discord). For the browser tests beside Discord,
the real bot on simcord's virtual Discord (tests/cogs' fixtures: `world`, `make_bot`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.cogs.conftest import database, make_bot, seed, settings, simcord_bot, world  # noqa: F401
from tests.conftest import Databases
from tests.tables.conftest import FakeClock, Harness
from tests.web.bot_web import bot_web_settings
from web.hub import Hub
from web.runner import WebSettings
from web.server import make_app
from web.sessions import Signer

SECRET = b"test-secret-of-32-bytes-at-least!"


class Web:
    def __init__(self, harness: Harness, client: TestClient, signer: Signer, hub: Hub) -> None:
        self.harness, self.client, self.signer, self.hub = harness, client, signer, hub

    def auth(self, user_id: int, guild_id: int = Harness.guild) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.signer.issue(user_id, guild_id)}"}


@pytest.fixture
async def web_table(databases: Databases) -> AsyncIterator[Web]:
    harness = Harness(databases, "fives.sqlite3", FakeClock())
    await harness.open()
    signer, hub = Signer(SECRET), Hub()
    client = TestClient(TestServer(make_app(harness.service, signer, hub)))
    await client.start_server()
    yield Web(harness, client, signer, hub)
    await client.close()
    await harness.close()


@pytest.fixture
def web_settings() -> WebSettings:
    """The bot's web table settings, on a free port (tests/web/bot_web.py)."""
    return bot_web_settings()
