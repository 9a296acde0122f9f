"""Every command the README or a `--help` names answers bad input with a short reason and a non-zero exit,
never a traceback: run as a user runs them (a subprocess, a clean environment), over a matrix of wrong
arguments, settings and files. (The replay command's records and the typed moves have their own fuzzing in
tests/fuzz and tests/engine/test_replay_hostile.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UNREACHABLE = "postgresql://fives:secret@127.0.0.1:1/fives"


def cases(folder: Path) -> list[tuple[list[str], dict[str, str]]]:
    junk, empty, a_folder = folder / "junk.txt", folder / "empty.sqlite3", folder / "a-folder"
    missing = folder / "no-such-folder" / "fives.sqlite3"
    bot, token = ["-m", "bot"], {"DISCORD_TOKEN": "x"}
    return [
        # python -m bot: arguments, settings (one of each way of checking them; tests/client/test_settings.py
        # has them all), then databases that cannot be used
        ([*bot, "--demo", "chess"], {}),
        ([*bot, "--demo", "five-up", "--players", "-1"], {}),
        ([*bot, "--demo", "five-up", "--out", str(junk)], {}),
        ([*bot, "--seed", "1"], {}),
        ([*bot, "--shards", "two"], {}),
        ([*bot, "--shards", "5", "--shard-count", "2"], token),
        ([*bot, "--check-database", "--demo", "draw"], {}),
        (bot, {**token, "FIVES_LOG_LEVEL": "loud"}),
        (bot, {**token, "FIVES_COMPUTER_LEVEL": "god"}),
        (bot, {**token, "FIVES_SHARD_IDS": "0-3"}),
        (bot, {**token, "FIVES_DATABASE": "mysql://fives:secret@db/fives"}),
        (bot, {**token, "FIVES_DATABASE": "postgres:typo"}),
        (bot, {**token, "FIVES_DATABASE": str(junk)}),
        (bot, {**token, "FIVES_DATABASE": str(a_folder)}),
        (bot, {**token, "FIVES_DATABASE": str(missing)}),
        ([*bot, "--check-database"], {"FIVES_DATABASE": str(missing)}),
        ([*bot, "--check-database"], {"FIVES_DATABASE": UNREACHABLE}),
        # the replay command
        (["-m", "bot.engine"], {}),
        (["-m", "bot.engine", "replay", str(a_folder)], {}),
        (["-m", "bot.engine", "replay", str(missing)], {}),
        # moving to PostgreSQL, backing up
        (["-m", "data.migrate", str(junk)], {}),
        (["-m", "data.migrate", str(empty), UNREACHABLE], {}),
        (["-m", "data.migrate", str(junk), "mysql://fives:secret@db/fives"], {}),
        (["-m", "data.backup"], {}),
        (["-m", "data.backup", str(a_folder)], {"FIVES_DATABASE": str(junk)}),
        (["-m", "data.backup", str(a_folder)], {"FIVES_DATABASE": "redis://h/0"}),
        (["-m", "data.backup", str(missing), "--database", str(empty)], {}),
        # the gallery, the benchmarks and the scripts of the Development section
        (["-m", "rendering.gallery", str(junk)], {}),
        (["benchmarks/engine.py", "--seconds", "0"], {}),
        (["-m", "benchmarks.replays", "--rounds", "0"], {}),
        (["-m", "benchmarks.table", "--database", "mysql://x@h/db"], {}),
        (["-m", "benchmarks.cluster", "--processes", "0"], {}),
        (["-m", "benchmarks.crash", "--kills", "-1"], {}),
        (["-m", "benchmarks.crash_community", "--games", "0"], {}),
        (["scripts/find_example.py", "no-such-example"], {}),
    ]


def run(argv: list[str], settings: dict[str, str], folder: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env.update(settings, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def test_bad_input_gets_a_reason_and_never_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "junk.txt").write_text("not a database\n", encoding="utf-8")
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    (tmp_path / "a-folder").mkdir()
    matrix = cases(tmp_path)
    with ThreadPoolExecutor(max_workers=3) as pool:  # each is mostly Python starting up
        done = list(pool.map(lambda case: run(case[0], case[1], tmp_path), matrix))
    wrong = []
    for (argv, settings), result in zip(matrix, done, strict=True):
        said = (result.stderr + result.stdout).strip()
        if result.returncode == 0 or "Traceback" in said or not said or "secret" in said:
            wrong.append(f"{' '.join(argv)} {settings}: exit {result.returncode}\n{said[-600:]}")
    assert wrong == [], "\n\n".join(wrong)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-folder", "empty.sqlite3", "junk.txt"], "nothing made"
    assert (tmp_path / "empty.sqlite3").read_bytes() == b"" and list((tmp_path / "a-folder").iterdir()) == []


@pytest.mark.parametrize(
    "command", [["-m", "bot"], ["-m", "bot.engine"], ["-m", "data.migrate"], ["-m", "data.backup"]]
)
def test_help_is_whole(command: list[str], tmp_path: Path) -> None:
    """Each `--help` ends with its last option's sentence, not mid-sentence (data.migrate's used to)."""
    done = run([*command, "--help"], {}, tmp_path)
    assert done.returncode == 0 and done.stderr == ""
    assert "usage: python -m " in done.stdout and "Traceback" not in done.stdout
    description = done.stdout.split("\n\n", 2)[1]
    assert description.rstrip().endswith((".", ")", ":")) or "positional arguments" in description, description
