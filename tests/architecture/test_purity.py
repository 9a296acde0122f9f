"""The rules engine and the computer players stay pure: importing them loads no Discord, no database and
no imaging library, so a rule bug can be reproduced with a record and nothing else."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("discord", "aiosqlite", "asyncpg", "sqlite3", "PIL", "asyncio", "babel")


def test_engine_and_ai_import_nothing_but_the_standard_library() -> None:
    code = f"""
import importlib, pkgutil, sys
import bot.engine, bot.ai
for package in (bot.engine, bot.ai):
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
bad = sorted(m for m in sys.modules if m.split(".")[0] in {FORBIDDEN!r})
print(",".join(bad))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "", f"impure imports: {out.stdout.strip()}"


def test_bot_package_init_is_empty_so_the_engine_loads_alone() -> None:
    assert (ROOT / "bot" / "__init__.py").read_text().strip() == ""
