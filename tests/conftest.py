"""Both stores for the tests that take `databases`: each such test runs on SQLite and on a real PostgreSQL
server, started once for the session (see tests/postgres_server.py) and deleted at its end."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord

from tests.postgres_server import NOT_FOUND, PostgresServer


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    server = PostgresServer.find()
    if server is None:
        if os.environ.get("CI"):  # CI installs the server (.ci/run): a skip there would hide a missing half
            pytest.fail(NOT_FOUND)
        pytest.skip(NOT_FOUND)
    server.start()
    yield server
    server.stop()


class Databases:
    """New databases of one backend for a test: SQLite files in its folder, or PostgreSQL databases on the
    session's server (dropped after the test). The same name is the same database."""

    def __init__(self, backend: str, folder: Path, server: PostgresServer | None) -> None:
        self.backend, self.folder, self.server = backend, folder, server
        self._made: dict[str, str | Path] = {}

    async def target(self, name: str = "fives.sqlite3") -> str | Path:
        """What `open_store` takes for the database `name`: a path, or a `postgresql://` URL."""
        if name not in self._made:
            if self.server is None:
                self._made[name] = self.folder / name
            else:
                self._made[name] = await self.server.create_database()
        return self._made[name]

    async def drop(self) -> None:
        if self.server is not None:
            for url in self._made.values():
                await self.server.drop_database(str(url))


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest) -> tuple[str, PostgresServer | None]:
    if request.param == "postgres":
        return request.param, request.getfixturevalue("postgres_server")
    return request.param, None


@pytest.fixture
async def databases(backend: tuple[str, PostgresServer | None], tmp_path: Path) -> AsyncIterator[Databases]:
    made = Databases(backend[0], tmp_path, backend[1])
    yield made
    await made.drop()


# simcord gives a bot 5 s of wall time to settle, across a whole `advance_time` too. An hour advanced runs the
# bot's periodic work thousands of times; on a loaded machine (CI beside other jobs) that is more than 5 s
# although nothing hangs. A bot that truly hangs is still reported, after a minute.
SETTLE_TIMEOUT = 60.0


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker is not None else {}
        options.setdefault("settle_timeout", SETTLE_TIMEOUT)
        item.add_marker(pytest.mark.simcord(**options))


@pytest.fixture(autouse=True)
def patient_restarts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A restart (`restart_bot`) waits for the new bot with a settle of its own, fixed at 5 s in simcord and
    deaf to `settle_timeout`: a bot resuming its tables on a loaded machine took longer (CI, 'did not settle
    (timeout=5s)' in on_ready). Every settle waits at least the environment's own timeout."""
    settle = simcord.Env._settle_internal

    async def _settle_internal(self: simcord.Env, *, timeout: float | None = None, **kwargs: Any) -> None:
        await settle(self, timeout=None if timeout is None else max(timeout, self.settle_timeout), **kwargs)

    monkeypatch.setattr(simcord.Env, "_settle_internal", _settle_internal)
