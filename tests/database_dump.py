"""Every cell of every table of a database (SQLite file or PostgreSQL URL), to look for what must not be
there: after `/privacy forget`, a player's id or name anywhere (tests/data/test_data_privacy.py and
tests/cogs/test_privacy.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import asyncpg

Cell = tuple[str, str, Any]  # table, column, value


async def every_cell(target: str | Path) -> list[Cell]:
    if str(target).startswith("postgres"):
        conn = await asyncpg.connect(str(target))
        try:
            tables = [
                r["table_name"]
                for r in await conn.fetch(
                    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                    "AND table_type = 'BASE TABLE'"
                )
            ]
            cells: list[Cell] = []
            for table in tables:
                for row in await conn.fetch(f'SELECT * FROM "{table}"'):
                    cells += [(table, column, value) for column, value in row.items()]
            return cells
        finally:
            await conn.close()
    db = sqlite3.connect(str(target))
    try:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        cells = []
        for table in tables:
            cursor = db.execute(f'SELECT * FROM "{table}"')
            columns = [d[0] for d in cursor.description]
            for row in cursor:
                cells += list(zip([table] * len(columns), columns, row, strict=True))
        return cells
    finally:
        db.close()


def mentions(cells: list[Cell], user_id: int, names: tuple[str, ...]) -> list[Cell]:
    """The cells that hold `user_id` (as a number, or its digits in text) or one of `names` (in text)."""

    def holds(value: object) -> bool:
        if isinstance(value, str):
            return str(user_id) in value or any(n in value for n in names)
        return isinstance(value, int) and not isinstance(value, bool) and value == user_id

    found = [cell for cell in cells if holds(cell[2])]
    return found
