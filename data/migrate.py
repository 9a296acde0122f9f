"""Move a bot from SQLite to PostgreSQL: copy a SQLite database's server settings, lobbies, games (seats,
action logs, hand results, results), ratings (with their history), seasons (and their schedules),
rematches, private tables, watchers and outboxes (what is still to be told of games and lobbies, the live hand
DMs) into an empty PostgreSQL database.

    python -m data.migrate fives.sqlite3 postgresql://fives:secret@db.example/fives

Stop the bot first (the command refuses a SQLite file that a running bot holds). Numbers are kept (game 12
is game 12 on PostgreSQL, so links and `/history` numbers still work) and new ones follow the highest
copied. Everything is copied in one transaction, and only into a database holding none of these rows: run
twice, the second run refuses and changes nothing. Then set FIVES_DATABASE to the URL and start the bot.

The SQLite file is only read, never written: it is checked first (a bot's database?), the target is
reached and found empty, and only then is the file read, through a backup of it (`data.backup`) that is
brought to the current schema (an older bot's file), so that a failed or refused copy leaves it as it was.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
import tempfile
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

from . import mapping as m
from .backends import hold_database, is_postgres, url_scheme
from .backup import check_sqlite_source, snapshot
from .postgres import PostgresStore, redact
from .store import Store, StoreError

# In an order the foreign keys accept. JSON columns are copied as their text, unchanged.
TABLES = m.TABLES
# The generated keys whose sequences must continue after the copied rows.
NUMBERED = {"lobbies": "lobby_id", "games": "game_no", "seasons": "season_id", "tournaments": "tournament_id"}


class MigrationRefused(StoreError):
    """The copy was not made (the message says why); nothing was written."""


def _read(db: sqlite3.Connection, table: m.Table[Any]) -> list[tuple]:
    """A table's rows, its flags booleans again (0/1 on SQLite, boolean on PostgreSQL)."""
    flags = [c in table.flags for c in table]
    rows = db.execute(table.select("ORDER BY 1, 2")).fetchall()
    return [tuple(bool(v) if flag and v is not None else v for v, flag in zip(r, flags, strict=True)) for r in rows]


async def read_source(path: Path) -> dict[str, list[tuple]]:
    """Every table's rows, from a copy of the file brought to the current schema as starting the bot would."""
    with tempfile.TemporaryDirectory(prefix="fives-migrate-") as folder:
        copy = Path(folder) / "source.sqlite3"
        snapshot(path, copy)
        store = await Store.open(copy)
        await store.close()
        with closing(sqlite3.connect(copy)) as db:
            return {t.name: _read(db, t) for t in TABLES}


async def migrate(sqlite_path: str | Path, url: str) -> dict[str, int]:
    """Copy everything; returns the rows copied per table. Raises MigrationRefused (or StoreError) having
    written nothing to the SQLite file."""
    path = Path(sqlite_path)
    if not is_postgres(url):
        raise MigrationRefused(
            f"the target must be a PostgreSQL URL (postgresql://user:password@host:port/database), not {redact(url)!r}"
        )
    scheme = url_scheme(str(sqlite_path))
    if scheme is not None and not path.exists():
        raise MigrationRefused(
            f"the source is a {scheme}:// URL: it must be the bot's SQLite file (FIVES_DATABASE until now), "
            "and the target a postgresql:// URL"
        )
    check_sqlite_source(path)
    claim = hold_database(path)  # DatabaseInUse while a bot runs on it; the claim's file goes with it
    try:
        target = await PostgresStore.open(url, exclusive=True)  # no bot writes while it copies
        try:
            async with target.transaction() as db:
                await _refuse_unless_empty(db, url)  # before the source is read at all
            return await _copy(target, await read_source(path), url)
        finally:
            await target.close()
    finally:
        if claim is not None:
            claim.release()


async def _refuse_unless_empty(db: Any, url: str) -> None:
    """`db`: a connection of the target (in the copy's transaction, so that no other copy slips in)."""
    held = {t.name: await db.fetchval(f"SELECT COUNT(*) FROM {t.name}") for t in TABLES}
    if any(held.values()):
        what = ", ".join(f"{n} {name.replace('guild_', 'server ').replace('_', ' ')}" for name, n in held.items() if n)
        raise MigrationRefused(
            f"{redact(url)} is not empty ({what}): the copy goes only into a database with no games, lobbies, "
            "ratings or settings yet, so that nothing is mixed or copied twice"
        )


async def _copy(target: PostgresStore, tables: dict[str, list[tuple]], url: str) -> dict[str, int]:
    async with target.transaction() as db:
        await _refuse_unless_empty(db, url)  # again: the exclusive claim keeps bots out, not another migrate
        for table in TABLES:
            rows = tables[table.name]
            if rows:
                await db.copy_records_to_table(table.name, records=rows, columns=list(table))
            key = NUMBERED.get(table.name)
            if key and rows:
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', '{key}'), "
                    f"(SELECT MAX({key}) FROM {table.name}))"
                )
    return {name: len(rows) for name, rows in tables.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m data.migrate", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("sqlite", type=Path, help="the bot's SQLite file (FIVES_DATABASE until now)")
    parser.add_argument("url", help="the PostgreSQL database: postgresql://user:password@host:port/database")
    args = parser.parse_args(argv)
    try:
        copied = asyncio.run(migrate(args.sqlite, args.url))
    except StoreError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(
        f"copied {copied['games']} games ({copied['actions']} actions, {copied['hand_results']} hand results, "
        f"{copied['game_results']} seat results), {copied['lobbies']} lobbies, {copied['ratings']} ratings, "
        f"{copied['seasons']} seasons and {copied['guild_settings']} server settings from {args.sqlite} to "
        f"{redact(args.url)}: set "
        "FIVES_DATABASE to that URL and start the bot"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
