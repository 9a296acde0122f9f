from __future__ import annotations

import pytest

from tests.postgres_server import NOT_FOUND, PostgresServer


@pytest.fixture
def server() -> PostgresServer:
    """A throwaway PostgreSQL server for a benchmark that starts and stops it itself."""
    found = PostgresServer.find()
    if found is None:
        pytest.skip(NOT_FOUND)
    return found
