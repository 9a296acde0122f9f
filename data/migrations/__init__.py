"""Numbered SQL migrations (`0001_initial.sql`, ...), applied in order on open, each exactly once.

`schema_version` records every applied number; each migration runs in its own transaction together with
its version row, so a failed migration leaves the previous schema intact.
"""

from __future__ import annotations

import re
import time
from importlib import resources

import aiosqlite

_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


def migrations(package: str | None = None) -> list[tuple[int, str]]:
    """(version, SQL) of every migration shipped with the package (SQLite's, or the PostgreSQL ones with
    `package="data.migrations.postgres"`), in order."""
    found = []
    for entry in resources.files(package or __package__).iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _ in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"two migrations share a number: {versions}")
    return found


async def apply_migrations(db: aiosqlite.Connection) -> list[int]:
    """Apply the migrations the database has not seen; returns the versions applied now."""
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)"
    )
    done = {row[0] for row in await db.execute_fetchall("SELECT version FROM schema_version")}
    applied = []
    for version, sql in migrations():
        if version in done:
            continue
        # executescript commits first and runs statement by statement: BEGIN/COMMIT make the migration and
        # its version row one transaction.
        record = f"INSERT INTO schema_version (version, applied_at) VALUES ({version}, {time.time()!r});"
        try:
            await db.executescript(f"BEGIN;\n{sql}\n{record}\nCOMMIT;")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        applied.append(version)
    return applied
