"""Which store a database setting means: a `postgresql://` URL is PostgreSQL, a path a SQLite file, and a URL
of any other kind (`mysql://...`) is refused by `check_database` with the kinds that are understood.

    store = await open_store("fives.sqlite3")                       # the default, one process
    store = await open_store("postgresql://fives:secret@db/fives")  # several processes

SQLite serves one process: `open_store` holds an exclusive lock on a file next to the database
(`fives.sqlite3.lock`, with the holder's pid) for as long as a store of that process is open on it, so a
second process on the same file stops at once with `DatabaseInUse`, whose message says what to do. The
operating system drops the lock when its process dies, however it dies, so a crash leaves nothing to clean;
a process that ends normally removes the file too.
"""

from __future__ import annotations

import os
import re
from contextlib import suppress
from pathlib import Path
from typing import IO, ClassVar

from .errors import DatabaseInUse, StoreError, UnknownDatabase
from .interface import StoreInterface
from .store import Store

try:
    import fcntl
except ImportError:  # not on Windows: the lock is then not taken
    fcntl = None  # type: ignore[assignment]

URL_SCHEMES = ("postgresql://", "postgres://")
UNDERSTOOD = (
    "a SQLite file (a path such as fives.sqlite3) or a PostgreSQL URL (postgresql://user:password@host:port/database)"
)
SQLITE_HEADER = b"SQLite format 3\x00"  # the first bytes of every SQLite database file
_URL = re.compile(r"[A-Za-z][A-Za-z0-9+.-]+:/")  # a scheme (`mysql://`, `sqlite:///`, `mysql:/`), not a drive `C:/`


def is_postgres(target: str | Path) -> bool:
    return isinstance(target, str) and target.startswith(URL_SCHEMES)


def url_scheme(text: str) -> str | None:
    """The scheme of a URL (`mysql` of `mysql://...`, also once a path has made it `mysql:/...`), else None."""
    found = _URL.match(text)
    return found[0].rstrip("/:") if found else None


def check_database_kind(target: str | Path, name: str = "FIVES_DATABASE") -> None:
    """Refuse a URL of a kind the bot does not speak (the setting's own check: the files are not looked at)."""
    text = str(target)
    kind = url_scheme(text)
    if kind is not None and not is_postgres(text) and not Path(text).exists():  # a file called `a:/b` is a file
        raise UnknownDatabase(f"{name} is a {kind}:// URL, which the bot does not understand: it takes {UNDERSTOOD}")


def check_database(target: str | Path, name: str = "FIVES_DATABASE") -> None:
    """Refuse a URL of a kind the bot does not speak, saying which it does: taken as a path, `mysql://x@h/db`
    would end in a puzzling "cannot open mysql:/x@h/db.lock". Only the scheme is repeated (no password). A
    path must be a SQLite file (its header is read, nothing is written), missing (made at start) or empty."""
    text = str(target)
    if is_postgres(text):
        return
    check_database_kind(text, name)
    path = Path(text)
    if path.is_dir():
        raise UnknownDatabase(f"{name} is {path}, a folder: it takes {UNDERSTOOD}; a missing file is made")
    try:
        with path.open("rb") as fh:
            header = fh.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        if not path.absolute().parent.is_dir():
            raise UnknownDatabase(
                f"{name} is {path}, in a folder that does not exist ({path.absolute().parent}): the bot makes a "
                "missing database file, not its folder"
            ) from None
        return  # made at the first start
    except OSError as exc:
        raise UnknownDatabase(f"cannot read {name} {path}: {exc.strerror or exc}") from None
    if header and header != SQLITE_HEADER:  # an empty file is an empty database to SQLite
        raise UnknownDatabase(f"{name} is {path}, which is not a SQLite database: it takes {UNDERSTOOD}")


class _ProcessLock:
    """An exclusive lock on `<database>.lock`, shared by every store this process opens on the file."""

    held: ClassVar[dict[Path, _ProcessLock]] = {}

    def __init__(self, path: Path, handle: IO[str]) -> None:
        self.path, self.handle, self.users = path, handle, 0

    @classmethod
    def take(cls, database: Path) -> _ProcessLock | None:
        if fcntl is None:
            return None
        path = database.resolve().with_name(database.name + ".lock")
        lock = cls.held.get(path)
        if lock is None:
            try:
                handle = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held open for the store's life
            except OSError as exc:
                raise StoreError(f"cannot open the database {database}: {exc}") from exc
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.seek(0)
                pid = handle.read().strip() or "?"
                handle.close()
                raise DatabaseInUse(
                    f"{database} is in use by another bot process (pid {pid}): a SQLite database serves one "
                    "process. Stop that process, or give this one its own FIVES_DATABASE, or run every process "
                    "on PostgreSQL (FIVES_DATABASE=postgresql://...)."
                ) from None
            if not _same_file(handle, path):
                # The holder we waited on removed the file as it let go: this lock is on a file nobody else
                # will open again. Take the one at the path now.
                handle.close()
                return cls.take(database)
            handle.seek(0)
            handle.truncate()
            handle.write(f"{os.getpid()}\n")
            handle.flush()
            lock = cls.held[path] = cls(path, handle)
        lock.users += 1
        return lock

    def release(self) -> None:
        self.users -= 1
        if self.users == 0:
            del self.held[self.path]
            # Removed while still locked (a process that opens it meanwhile sees, once it has the lock, that
            # its file is gone and takes the new one: `_same_file`), then closed, which drops the lock.
            with suppress(OSError):
                os.unlink(self.path)
            self.handle.close()


def _same_file(handle: IO[str], path: Path) -> bool:
    try:
        return os.path.samestat(os.fstat(handle.fileno()), os.stat(path))
    except OSError:
        return False


def hold_database(target: str | Path) -> _ProcessLock | None:
    """Take this process's claim on a SQLite database (None for PostgreSQL, which any number of processes
    share); raises `DatabaseInUse` when another process holds it. Release with `.release()`."""
    check_database(target)
    return None if is_postgres(target) else _ProcessLock.take(Path(target))


class SingleProcessStore(Store):
    """The SQLite store that holds its file's process lock until it is closed."""

    _lock: _ProcessLock | None = None

    async def close(self) -> None:
        try:
            await super().close()
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None


async def open_store(target: str | Path, *, exclusive: bool = False, notify_moves: bool = False) -> StoreInterface:
    """The store for `target`: a `postgresql://` URL or a SQLite file path. Migrations are applied.
    Any number of processes may share a PostgreSQL database (the table service takes each game's lock
    there); `exclusive=True` (the setting FIVES_SINGLE_PROCESS) makes this process its only one, as a
    SQLite file always is. `notify_moves=True` (the web table is on) sends each move committed on
    PostgreSQL to the processes listening (`listen_moves`); SQLite's one process needs no message."""
    check_database(target)
    if is_postgres(target):
        from .postgres import PostgresStore  # asyncpg is loaded only where PostgreSQL is used

        return await PostgresStore.open(str(target), exclusive=exclusive, notify_moves=notify_moves)
    lock = hold_database(target)
    try:
        store = await SingleProcessStore.open(target)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    assert isinstance(store, SingleProcessStore)
    store._lock = lock
    return store
