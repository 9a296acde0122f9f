"""Back up the bot's SQLite database, while the bot runs: a consistent copy made with SQLite's online backup
API, checked, then named DEST.

    python -m data.backup backups/                      # FIVES_DATABASE (or fives.sqlite3) into backups/
    python -m data.backup fives-monday.sqlite3 --database /srv/fives/fives.sqlite3

The copy is the database as of one moment: every action committed before it, none half-written, even with
the bot writing meanwhile (the copy reads under one read transaction; the bot is never stopped). The source
is only read. A folder as DEST gets a file named after the moment (fives-20261128-221500.sqlite3); an
existing file is never overwritten.

To restore: stop the bot, move its database aside (with any -wal and -shm files beside it), copy the backup
to the database's name, start the bot: it opens the copy as its own, resumes its games and tells what
was left to tell.

PostgreSQL is backed up with its own tools, `pg_dump` and `pg_restore` (docs/operations.md): this command
says how for a postgresql:// URL.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

from dotenv import dotenv_values

from .backends import DatabaseInUse, check_database, hold_database, is_postgres
from .store import StoreError


class BackupRefused(StoreError):
    """No backup was made (the message says why); nothing was written but, perhaps, a removed partial copy."""


def read_only(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
    """A connection that cannot write to `path` (SQLite's `mode=ro`), nor create it when it is missing.
    `immutable` keeps SQLite from making the `-wal` and `-shm` files that a reader of a WAL database
    otherwise leaves: only for a file nobody writes (no bot on it, and no write-ahead log left to read)."""
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro{'&immutable=1' if immutable else ''}", uri=True)


def wal_of(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def check_sqlite_source(path: Path) -> None:
    """Refuse, in one line, a file that is not a bot's SQLite database, reading it only."""
    if not path.exists():
        raise BackupRefused(f"{path} does not exist: name the bot's SQLite file (its FIVES_DATABASE)")
    if not path.is_file():
        raise BackupRefused(f"{path} is not a file: name the bot's SQLite file (its FIVES_DATABASE)")
    if path.stat().st_size == 0:
        raise BackupRefused(f"{path} is empty: it holds no bot database")
    try:
        with closing(read_only(path, immutable=not wal_of(path).exists())) as db:
            tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError as exc:  # "file is not a database", unreadable, ...
        raise BackupRefused(f"{path} is not a SQLite database ({exc})") from None
    if not {"schema_version", "games"} <= tables:
        raise BackupRefused(f"{path} is a SQLite database but not the bot's (it has no games)")


def snapshot(source: Path, copy: Path) -> None:
    """Copy `source` to the new file `copy` with the online backup API, in one step: one read transaction,
    so the copy is the database at one moment whatever the bot commits meanwhile (in WAL mode a reader and
    the writer do not wait for each other). `source` is only read."""
    try:
        claim = hold_database(source)  # no bot runs on it: keep it so while copying
    except DatabaseInUse:
        claim = None  # a bot runs on it: copied online, beside it
        stopped = False
    else:
        stopped = True
    try:
        with (
            closing(read_only(source, immutable=stopped and not wal_of(source).exists())) as reader,
            closing(sqlite3.connect(copy)) as writer,
        ):
            reader.backup(writer, pages=-1)
    finally:
        if claim is not None:
            claim.release()


def check_copy(copy: Path) -> tuple[int, int]:
    """(games, actions) of a copy that SQLite finds whole; BackupRefused if it does not."""
    with closing(sqlite3.connect(copy)) as db:
        problems = [row[0] for row in db.execute("PRAGMA integrity_check")]
        if problems != ["ok"]:
            raise BackupRefused(f"the copy failed SQLite's integrity check ({'; '.join(problems[:3])}): not kept")
        games = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
        actions = db.execute("SELECT COUNT(*) FROM actions").fetchone()[0]
        db.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, whatever the source's mode
    return games, actions


def destination(dest: Path, now: float) -> Path:
    if dest.is_dir():
        return dest / time.strftime("fives-%Y%m%d-%H%M%S.sqlite3", time.gmtime(now))
    if dest.exists() or dest.is_symlink():
        raise BackupRefused(f"{dest} exists: a backup never overwrites a file; name a new file or a folder")
    if not dest.parent.is_dir():
        raise BackupRefused(f"{dest.parent} is not a folder: make it first, or name another destination")
    return dest


def backup(source: Path, dest: Path, now: float | None = None) -> tuple[Path, int, int]:
    """Back `source` up to `dest` (a new file, or a folder); the file written, its games and actions."""
    check_sqlite_source(source)
    target = destination(dest, time.time() if now is None else now)
    if target.exists():
        raise BackupRefused(f"{target} exists: a backup never overwrites a file; try again in a second")
    partial = target.with_name(target.name + ".partial")
    try:
        partial.unlink(missing_ok=True)
        snapshot(source, partial)
        games, actions = check_copy(partial)
        os.replace(partial, target)
    except sqlite3.Error as exc:
        raise BackupRefused(f"the backup of {source} failed: {exc}") from None
    except OSError as exc:
        raise BackupRefused(f"cannot write {partial}: {exc.strerror or exc}") from None
    finally:
        partial.unlink(missing_ok=True)
    return target, games, actions


def postgres_advice(name: str = "FIVES_DATABASE") -> str:
    """How to back up and restore a PostgreSQL database (the URL named, not repeated: it holds a password)."""
    return (
        f"{name} is a PostgreSQL database: back it up with PostgreSQL's own tools, "
        'pg_dump --format=custom --file=fives.dump "$FIVES_DATABASE", and restore it into an empty '
        'database with pg_restore --no-owner --dbname="$FIVES_DATABASE" fives.dump, then start the bot '
        "(docs/operations.md, Backups)"
    )


def configured_database() -> str:
    """FIVES_DATABASE as the bot reads it: the environment, else `.env` in this folder, else fives.sqlite3."""
    value = os.environ.get("FIVES_DATABASE", "").strip()
    if not value and Path(".env").is_file():
        value = (dotenv_values(".env").get("FIVES_DATABASE") or "").strip()
    return value or "fives.sqlite3"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m data.backup", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("dest", type=Path, help="the new backup file, or a folder to put it in")
    parser.add_argument(
        "--database",
        help="the bot's database (default: FIVES_DATABASE from the environment or .env, else fives.sqlite3)",
    )
    args = parser.parse_args(argv)
    source = args.database if args.database is not None else configured_database()
    name = "--database" if args.database is not None else "FIVES_DATABASE"
    try:
        check_database(source, name)
        if is_postgres(source):
            print(postgres_advice(name), file=sys.stderr)
            return 2
        written, games, actions = backup(Path(source), args.dest)
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
    size = written.stat().st_size
    print(
        f"backed up {source} ({games} games, {actions} actions, {size / 1024:,.0f} KiB) to {written}. To restore: "
        f"stop the bot, move {source} aside (with its -wal and -shm files), copy {written} to {source}, start the bot."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
