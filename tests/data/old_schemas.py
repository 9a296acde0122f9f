"""Databases as an older bot left them: the migrations before a version applied, then rows written as that bot
wrote them, on either backend, so that a test can open the store over it and see what the upgrade made of them."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

import asyncpg

from data.migrations import migrations
from data.postgres import MIGRATIONS, _apply_one
from tests.conftest import Databases


async def schema_before(
    databases: Databases, version: int, rows: Sequence[str], name: str = "old.sqlite3"
) -> str | Path:
    """A database of the schema before migration `version` holding `rows` (SQL INSERTs for that schema)."""
    target = await databases.target(name)
    if databases.backend == "sqlite":
        with sqlite3.connect(target) as db:
            db.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL)")
            for number, sql in migrations():
                if number < version:
                    db.executescript(sql)
                    db.execute("INSERT INTO schema_version VALUES (?, 0)", (number,))
            for sql in rows:
                db.execute(sql)
        return target
    conn = await asyncpg.connect(str(target))
    try:
        for number, sql in migrations(MIGRATIONS):
            if number < version:
                await _apply_one(conn, number, sql)
        for sql in rows:
            await conn.execute(sql)
    finally:
        await conn.close()
    return target
