"""The one migration history (data/migrations), on SQLite and PostgreSQL: a new database gets the schema the bot
has always made on that database, and a database left by any earlier version of the bot upgrades in place to
that same schema.

tests/data/schema/<backend>.txt is that schema as tests/data/schema_dump.py describes it, written from a
fresh database of the bot before the two histories became one. A new migration changes it: write the file
again from a fresh database (`schema(target)`), and the diff shows the change for review."""

from __future__ import annotations

from pathlib import Path

from data import open_store
from data.migrations import migrations
from tests.conftest import Databases
from tests.data.old_schemas import schema_before
from tests.data.schema_dump import schema

SCHEMAS = Path(__file__).parent / "schema"


async def test_a_new_database_gets_the_schema_the_bot_has_always_made(databases: Databases) -> None:
    target = await databases.target()
    store = await open_store(target)
    await store.close()
    assert await schema(target) == (SCHEMAS / f"{databases.backend}.txt").read_text()


async def test_a_database_of_every_earlier_version_upgrades_in_place_to_the_same_schema(
    databases: Databases,
) -> None:
    shipped = [version for version, _ in migrations()]
    expected = (SCHEMAS / f"{databases.backend}.txt").read_text()
    for version in shipped[1:]:
        target = await schema_before(databases, version, [], name=f"before-{version}.sqlite3")
        store = await open_store(target)
        try:
            assert store.migrated == tuple(v for v in shipped if v >= version)
            assert await store.schema_version() == shipped[-1]
        finally:
            await store.close()
        assert await schema(target) == expected, f"upgraded from before {version}"
