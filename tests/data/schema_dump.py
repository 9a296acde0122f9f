"""The schema of a database as text, to compare two databases (or one with the schema the bot has always made):
on SQLite every table, index and trigger as `sqlite_master` keeps its statement, with the comments and the
spacing taken out (the migrations' layout is not the schema); on PostgreSQL every column with its type,
nullability, default and identity, every constraint and every index, as the server describes them."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import asyncpg


def _statement(sql: str) -> str:
    """A statement as SQLite runs it: without comments, its words one space apart, none inside brackets."""
    sql = re.sub(r"--[^\n]*", " ", sql)
    sql = re.sub(r"\s+", " ", sql).strip()
    return re.sub(r"\s*([(),])\s*", r"\1", sql)


async def schema(target: str | Path) -> str:
    if not str(target).startswith("postgres"):
        with sqlite3.connect(str(target)) as db:
            rows = db.execute(
                "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
            ).fetchall()
        return "".join(f"{kind} {name}: {_statement(sql)}\n" for kind, name, sql in rows)
    conn = await asyncpg.connect(str(target))
    try:
        columns = await conn.fetch(
            "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity, "
            "identity_generation FROM information_schema.columns WHERE table_schema = current_schema() "
            "ORDER BY table_name, ordinal_position"
        )
        constraints = await conn.fetch(
            "SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def "
            "FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace "
            "WHERE n.nspname = current_schema() ORDER BY 1, 2"
        )
        indexes = await conn.fetch(
            "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1, 2"
        )
        here = await conn.fetchval("SELECT current_schema()")
    finally:
        await conn.close()
    lines = [f"column {' '.join(str(v) for v in row.values())}" for row in columns]
    lines += [f"constraint {r['table_name']} {r['conname']}: {r['def']}" for r in constraints]
    # An index names its table with the schema, which differs from one test database to the next.
    lines += [f"index {r['tablename']} {r['indexname']}: {r['indexdef'].replace(f'{here}.', '')}" for r in indexes]
    return "".join(f"{line}\n" for line in lines)
