"""The commands a newcomer types first: `python -m bot --help` names the games, `--version` says the package's
version, and output piped into a reader that stops early (`| head -3`) ends without a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest

from bot.engine import GAMES

ROOT = Path(__file__).resolve().parents[2]
RECORD = ROOT / "tests" / "records" / "fives" / "records-md-example.json"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_help_lists_every_game_with_its_players() -> None:
    done = run("-m", "bot", "--help")
    assert done.returncode == 0 and done.stderr == ""
    listed = done.stdout.split("games (GAME):\n", 1)[1]
    assert [line.split()[0] for line in listed.splitlines()] == sorted(GAMES)
    assert "  five-up          Five Up, 2-4 players" in listed and "seven-rocks      Seven Rocks, 4 players" in listed


def test_version_is_the_packages() -> None:
    done = run("-m", "bot", "--version")
    assert done.returncode == 0
    assert done.stdout == f"python -m bot {version('fives')}\n"


def broken_pipe(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run a command whose stdout is a pipe nobody reads any more (its reader closed it at once, as `head`
    does once it has had its lines): every write fails."""
    read, write = os.pipe()
    os.close(read)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env["PYTHONPATH"] = str(ROOT)
    try:
        return subprocess.run(
            [sys.executable, *args], cwd=cwd, env=env, stdout=write, stderr=subprocess.PIPE, text=True, timeout=120
        )
    finally:
        os.close(write)


@pytest.mark.parametrize(
    "command",
    [
        ["-m", "bot", "--demo", "five-up", "--players", "2", "--seed", "1"],
        ["-m", "bot.engine", "replay", str(RECORD)],
        ["-m", "bot", "--help"],
    ],
    ids=["demo", "replay", "help"],
)
def test_a_reader_that_stops_early_gets_no_traceback(command: list[str], tmp_path: Path) -> None:
    if "--demo" in command:
        command = [*command, "--out", str(tmp_path / "out")]
    done = broken_pipe(*command, cwd=tmp_path)
    assert "Traceback" not in done.stderr and "BrokenPipeError" not in done.stderr, done.stderr
    assert done.returncode in (0, 1, 2)


def test_head_of_the_demo_through_a_shell_pipe(tmp_path: Path) -> None:
    """The README's way: `--demo ... | head -3` shows the first lines, and nothing else is said."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env["PYTHONPATH"] = str(ROOT)
    line = f"{sys.executable} -m bot --demo domineren --seed 3 --out {tmp_path / 'out'} | head -3"
    done = subprocess.run(["sh", "-c", line], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert len(done.stdout.splitlines()) == 3 and done.stdout.startswith("Domineren #1 (seed 3)")
    assert done.stderr == ""


def test_a_start_that_never_reaches_discord_leaves_no_lock_file(tmp_path: Path) -> None:
    """The claim on the SQLite file is taken before logging in and given back, its file removed, when the
    bot stops: nothing is left beside the database of a bot that never ran."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="x")
    code = (
        "import sys, discord.http; discord.http.Route.BASE = 'http://127.0.0.1:1/api/v10'; "
        "from app.cli import main; sys.exit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and "cannot reach Discord" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    no_token = run("-m", "bot", cwd=tmp_path)
    assert no_token.returncode == 1 and sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("url", ["mysql://fives:secret@db/fives", "sqlite:///fives.sqlite3", "redis://h:6379/0"])
def test_a_database_url_of_an_unknown_kind_is_refused_with_the_kinds_understood(tmp_path: Path, url: str) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="x", FIVES_DATABASE=url)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    scheme = url.split(":")[0]
    assert line.startswith(f"FIVES_DATABASE is a {scheme}:// URL, which the bot does not understand")
    assert "a SQLite file (a path such as fives.sqlite3) or a PostgreSQL URL (postgresql://" in line
    assert "secret" not in line and list(tmp_path.iterdir()) == []
