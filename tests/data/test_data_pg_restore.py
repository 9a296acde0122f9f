"""docs/operations.md's PostgreSQL backup, as written there: `pg_dump --format=custom` of a bot's database,
`pg_restore --no-owner` into an empty database, then `python -m bot --check-database` on it says the bot can
start there, with its games in play replaying."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import asyncpg

from data.migrate import migrate
from tests.data.test_data_migrate import _bot_on_sqlite
from tests.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]


def database_url(server: PostgresServer, name: str) -> str:
    return server.url().replace("/postgres?", f"/{name}?", 1)


async def test_a_dump_restored_into_an_empty_database_starts(tmp_path: Path, postgres_server: PostgresServer) -> None:
    tools = [shutil.which(t) or str(postgres_server.bindir / t) for t in ("pg_dump", "pg_restore")]
    assert all(Path(t).exists() for t in tools), "pg_dump and pg_restore come with the server"
    sqlite = await _bot_on_sqlite(tmp_path)  # games in play, finished ones, lobbies, ratings...
    await sqlite.close()
    admin = await asyncpg.connect(postgres_server.url())
    names = (f"dump_src_{os.getpid()}", f"dump_dst_{os.getpid()}")
    try:
        for name in names:
            await admin.execute(f"CREATE DATABASE {name}")
        source, restored = (database_url(postgres_server, n) for n in names)
        await migrate(tmp_path / "fives.sqlite3", source)  # a bot's database on PostgreSQL
        dump = tmp_path / "fives.dump"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("FIVES_", "DISCORD_"))}
        for command in (
            [tools[0], "--format=custom", f"--file={dump}", source],
            [tools[1], "--no-owner", f"--dbname={restored}", str(dump)],
        ):
            done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
            assert done.returncode == 0, done.stderr
        env.update(PYTHONPATH=str(ROOT), FIVES_DATABASE=restored)
        check = subprocess.run(
            [sys.executable, "-m", "bot", "--check-database"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert check.returncode == 0, check.stderr
        assert re.search(r": schema \d+, 2 games in play, every one replays: the bot can start on it\n$", check.stdout)
        # and a database the bot cannot start on is told in one line
        env["FIVES_DATABASE"] = database_url(postgres_server, "no_such_database")
        missing = subprocess.run(
            [sys.executable, "-m", "bot", "--check-database"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert missing.returncode == 1 and "Traceback" not in missing.stderr
        assert 'database "no_such_database" does not exist' in missing.stderr
    finally:
        for name in names:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await admin.close()
