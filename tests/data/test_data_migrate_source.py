"""`python -m data.migrate` never writes to its SQLite source: whatever the source is (not a database, empty,
missing, an older bot's file, held by a running bot) and however the copy ends (refused, the target out of
reach, done), the file's bytes are the same after, nothing is left beside it, and a refusal is one line."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from data import Store
from tests.conftest import Databases
from tests.data.old_schemas import schema_before
from tests.postgres_server import PostgresServer

ROOT = Path(__file__).resolve().parents[2]
UNREACHABLE = "postgresql://fives:secret@127.0.0.1:1/fives"  # a closed port: refused at once


def migrate_command(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "data.migrate", str(source), url],
        cwd=source.parent, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def fingerprint(folder: Path) -> dict[str, str]:
    """Every file of the folder with the hash of its bytes."""
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def refused_in_one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1 and done.stdout == ""
    assert "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    return line


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b"name,score\nann,61\n", "is not a SQLite database (file is not a database)"),
        (b"", "is empty: it holds no bot database"),
        (b"SQLite format 3\x00" + b"\x00" * 200, "is not a SQLite database"),  # a header, then garbage
    ],
    ids=["text", "empty", "broken"],
)
def test_a_source_that_is_no_sqlite_database_is_refused_and_left_alone(
    tmp_path: Path, content: bytes, said: str
) -> None:
    source = tmp_path / "fives.sqlite3"
    source.write_bytes(content)
    before = fingerprint(tmp_path)
    line = refused_in_one_line(migrate_command(source, UNREACHABLE))
    assert line.startswith(str(source)) and said in line
    assert fingerprint(tmp_path) == before, "the source changed, or something was left beside it"


def test_a_sqlite_database_of_something_else_is_refused(tmp_path: Path) -> None:
    import sqlite3

    source = tmp_path / "notes.sqlite3"
    with sqlite3.connect(source) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    before = fingerprint(tmp_path)
    assert "is a SQLite database but not the bot's" in refused_in_one_line(migrate_command(source, UNREACHABLE))
    assert fingerprint(tmp_path) == before


def test_a_missing_source_or_a_folder_is_refused_and_nothing_is_made(tmp_path: Path) -> None:
    missing = tmp_path / "fives.sqlite3"
    assert "does not exist" in refused_in_one_line(migrate_command(missing, UNREACHABLE))
    assert fingerprint(tmp_path) == {}
    (tmp_path / "folder").mkdir()
    assert "is not a file" in refused_in_one_line(migrate_command(tmp_path / "folder", UNREACHABLE))
    assert list(tmp_path.iterdir()) == [tmp_path / "folder"]


@pytest.mark.parametrize("url", ["mysql://fives:secret@db/fives", "fives.sqlite3", "sqlite:///fives.sqlite3"])
def test_a_target_that_is_no_postgresql_url_is_refused_without_its_password(tmp_path: Path, url: str) -> None:
    source = tmp_path / "fives.sqlite3"
    source.write_bytes(b"")
    line = refused_in_one_line(migrate_command(source, url))
    assert "the target must be a PostgreSQL URL (postgresql://user:password@host:port/database)" in line
    assert "secret" not in line


async def test_an_older_bots_database_stays_as_it_was_when_the_target_is_out_of_reach(tmp_path: Path) -> None:
    """The schema upgrade that starting the bot would make is made on a copy, never on the source."""
    source = Path(await schema_before(Databases("sqlite", tmp_path, None), 5, [], name="fives.sqlite3"))
    before = fingerprint(tmp_path)
    line = refused_in_one_line(migrate_command(source, UNREACHABLE))
    assert line.startswith("cannot connect to the database postgresql://fives:***@127.0.0.1:1/fives")
    assert fingerprint(tmp_path) == before


async def test_a_done_and_a_refused_copy_leave_the_source_as_it_was(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    settings = "INSERT INTO guild_settings (guild_id, turn_seconds, auto_play, language) VALUES (7, 3600, 1, 'ja')"
    source = Path(await schema_before(Databases("sqlite", tmp_path, None), 5, [settings], name="fives.sqlite3"))
    before = fingerprint(tmp_path)
    url = await postgres_server.create_database()
    try:
        done = migrate_command(source, url)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("copied 0 games") and "and 1 server settings" in done.stdout
        assert fingerprint(tmp_path) == before
        assert "is not empty" in refused_in_one_line(migrate_command(source, url))
        assert fingerprint(tmp_path) == before
    finally:
        await postgres_server.drop_database(url)


async def test_a_database_a_bot_holds_is_refused_and_its_claim_stays(tmp_path: Path) -> None:
    source = tmp_path / "fives.sqlite3"
    from data import open_store

    store = await open_store(source)  # this test process is the running bot
    try:
        line = refused_in_one_line(migrate_command(source, UNREACHABLE))
        assert f"in use by another bot process (pid {os.getpid()})" in line
        assert (tmp_path / "fives.sqlite3.lock").exists(), "the bot's claim is its own"
    finally:
        await store.close()
    assert not (tmp_path / "fives.sqlite3.lock").exists(), "a store closed normally leaves no lock file"
    again = await Store.open(source)
    await again.close()


@pytest.mark.parametrize("source", ["mysql://fives:secret@db/fives", "postgresql://fives:secret@db/fives"])
def test_a_source_that_is_a_url_is_refused_saying_what_each_side_takes(tmp_path: Path, source: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "data.migrate", source, UNREACHABLE],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    line = refused_in_one_line(done)
    scheme = source.split(":")[0]
    assert line == (
        f"the source is a {scheme}:// URL: it must be the bot's SQLite file (FIVES_DATABASE until now), "
        "and the target a postgresql:// URL"
    )
    assert list(tmp_path.iterdir()) == []
