"""One store interface, two backends: what `open_store` picks, and SQLite's one process per file."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from pathlib import Path
from typing import IO

import pytest

from data import DatabaseInUse, Store, StoreInterface, open_store
from data.backends import SingleProcessStore
from data.postgres import PostgresStore
from tests.checks import must

ROOT = Path(__file__).resolve().parents[2]
HOLDER = """
import asyncio, sys
from data import open_store

async def main():
    store = await open_store(sys.argv[1])
    print("open", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await store.close()

asyncio.run(main())
"""


def _public(cls: type) -> dict[str, inspect.Signature]:
    """The class's own methods and those of its subject mixins (data.sql), not `object`'s."""
    own = {name: member for base in reversed(cls.__mro__[:-1]) for name, member in vars(base).items()}
    return {
        name: inspect.signature(member)
        for name, member in own.items()
        if not name.startswith("_") and inspect.iscoroutinefunction(member)
    }


def test_both_stores_offer_every_method_of_the_interface_with_the_same_signature() -> None:
    interface = _public(StoreInterface)
    sqlite = _public(Store)
    assert set(sqlite) == set(interface)  # the interface is the SQLite store's whole public face
    for name, signature in interface.items():
        assert sqlite[name] == signature, name
        assert _public(PostgresStore)[name] == signature, name


def _hold(path: Path | str) -> subprocess.Popen[str]:
    """Another process with the store open on `path` (a file or a URL), until its stdin closes."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "open\n"
    return holder


async def test_a_sqlite_file_serves_one_process_and_says_so_to_a_second(tmp_path: Path) -> None:
    path = tmp_path / "fives.sqlite3"
    holder = _hold(path)
    try:
        with pytest.raises(DatabaseInUse) as error:
            await open_store(path)
        message = str(error.value)
        assert f"in use by another bot process (pid {holder.pid})" in message and "PostgreSQL" in message
    finally:
        holder.kill()  # however it dies, the lock goes with it
        holder.wait()
    store = await open_store(path)
    again = await open_store(path)  # one process may open the file as often as it likes
    assert isinstance(store, SingleProcessStore)
    await store.close()
    await again.close()


def test_a_second_bot_on_the_same_file_stops_with_one_line(tmp_path: Path) -> None:
    path = tmp_path / "fives.sqlite3"
    holder = _hold(path)
    try:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
        env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "not-used", "FIVES_DATABASE": str(path)}
        done = subprocess.run(
            [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
        )
    finally:
        must(holder.stdin).close()
        holder.wait(timeout=30)
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"{path} is in use by another bot process (pid {holder.pid})")


def test_a_claim_released_leaves_no_lock_file_and_a_claim_raced_with_its_removal_takes_the_new_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stopped bot removes its `.lock` (while still holding it). A process that opened the old file just
    before would lock a file nobody else can see: it notices, and takes the file at the path instead."""
    from data import backends, hold_database

    real_flock = backends.fcntl.flock

    database = tmp_path / "fives.sqlite3"
    lock_file = tmp_path / "fives.sqlite3.lock"
    claim = hold_database(database)
    assert claim is not None and lock_file.read_text() == f"{os.getpid()}\n"
    claim.release()
    assert not lock_file.exists()

    calls: list[int] = []

    def flock_after_the_holder_left(handle: IO[str], operation: int) -> None:
        if not calls:  # the holder removes the file between this process's open() and its flock()
            lock_file.unlink()
        calls.append(operation)
        real_flock(handle, operation)

    monkeypatch.setattr(backends.fcntl, "flock", flock_after_the_holder_left)
    claim = hold_database(database)
    assert claim is not None and len(calls) == 2, "locked the orphan, noticed, locked the file at the path"
    assert os.path.samestat(os.fstat(claim.handle.fileno()), os.stat(lock_file))
    claim.release()
    assert not lock_file.exists()
