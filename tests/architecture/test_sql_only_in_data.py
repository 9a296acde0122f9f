"""Every SQL statement of the bot lives in data/: the table service and the cogs speak the store's methods,
so that both stores (SQLite and PostgreSQL) serve them alike."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SQL = re.compile(r"\b(SELECT\s+\S+.*\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+TABLE)\b")


def test_no_sql_outside_data() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for package in ("bot", "cogs", "rendering")
        for path in sorted((ROOT / package).rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SQL.search(line)
    ]
    assert found == []
