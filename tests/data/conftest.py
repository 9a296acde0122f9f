from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from data import StoreInterface, open_store
from tests.conftest import Databases


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.sqlite3"


@pytest.fixture
async def store(databases: Databases) -> AsyncIterator[StoreInterface]:
    """The store on SQLite, then on PostgreSQL (every test that takes it runs on both)."""
    s = await open_store(await databases.target())
    yield s
    await s.close()
