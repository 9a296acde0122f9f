"""`python -m data.backup DEST`: a copy of the bot's SQLite database taken while a process plays on it holds
every move acknowledged before the copy began, restores as the bot's own database (the store opens it, the
table service resumes it, every game replays); a stopped database is only read; PostgreSQL is pointed to
pg_dump and pg_restore."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bot.tables import TableService
from bot.tables.play.table import replay
from data import open_store
from data.backup import backup

ROOT = Path(__file__).resolve().parents[2]


def backup_command(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("FIVES_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "data.backup", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def acknowledged(work: Path) -> list[dict]:
    """The moves the playing process has had acknowledged by the table service so far (whole lines only)."""
    text = (work / "ack.jsonl").read_text(encoding="utf-8") if (work / "ack.jsonl").exists() else ""
    return [json.loads(line) for line in text.split("\n")[:-1]]


def wait_for(work: Path, moves: int, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while len(acknowledged(work)) < moves:
        assert time.monotonic() < deadline, "the playing process made too few moves"
        time.sleep(0.05)


async def restored_games(backup_file: Path, folder: Path) -> dict[int, list[tuple[int, str]]]:
    """Restore as the docs say (the backup copied to the database's name) and open it as the bot does: the
    store (schema checked), the table service resumed; every game's log, each replayed by the engine."""
    folder.mkdir()
    database = folder / "fives.sqlite3"
    shutil.copy(backup_file, database)
    store = await open_store(database)
    try:
        service = TableService(store)
        await service.resume()
        logs = {}
        game_no = 1
        while (stored := await store.load_game(game_no)) is not None:
            replay(stored.row, stored.actions)  # raises on a half-written or missing action
            logs[game_no] = stored.actions
            game_no += 1
        return logs
    finally:
        await store.close()


async def test_a_backup_taken_while_games_are_played_restores_every_acknowledged_move(tmp_path: Path) -> None:
    work = tmp_path / "live"
    work.mkdir()
    # The crash test's child: tables of Draw, Five Up and Five Hundred played as fast as it can, each move
    # written to its ack file once the table service has committed it.
    player = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.crash", "--child", str(work), "--games", "6", "--seed", "3"],
        cwd=ROOT, stdout=subprocess.PIPE, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip
    try:
        assert player.stdout is not None and player.stdout.readline().strip() == b"ready"
        wait_for(work, 20)
        taken = []
        for i in range(3):
            before = acknowledged(work)
            done = backup_command(str(tmp_path / f"backup-{i}.sqlite3"), "--database", str(work / "fives.sqlite3"))
            assert done.returncode == 0, done.stderr
            assert (
                done.stdout.startswith(f"backed up {work / 'fives.sqlite3'} (")
                and "To restore: stop the bot" in done.stdout
            )
            taken.append((tmp_path / f"backup-{i}.sqlite3", before))
            wait_for(work, len(acknowledged(work)) + 10)  # the game goes on between backups
        assert player.poll() is None, "the playing process kept going through every backup"
    finally:
        player.kill()
        player.wait()
    sizes = []
    for i, (backup_file, before) in enumerate(taken):
        logs = await restored_games(backup_file, tmp_path / f"restored-{i}")
        # The documented check that a restored database starts (the bot's own opening, without Discord).
        env = {**{k: v for k, v in os.environ.items() if not k.startswith(("FIVES_", "DISCORD_"))}}
        env.update(PYTHONPATH=str(ROOT), FIVES_DATABASE=str(tmp_path / f"restored-{i}" / "fives.sqlite3"))
        check = subprocess.run(
            [sys.executable, "-m", "bot", "--check-database"],
            cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert check.returncode == 0 and check.stderr == "", check.stderr
        assert check.stdout.endswith("games in play, every one replays: the bot can start on it\n")
        missing = [a for a in before if not (a["turn"] < len(logs.get(a["game"], ())) and
                                             logs[a["game"]][a["turn"]][1] == a["action"])]  # fmt: skip
        assert missing == [], f"backup {i} lost acknowledged moves"
        sizes.append(sum(map(len, logs.values())))
    assert sizes[0] < sizes[1] < sizes[2], "each backup is the database of its own moment"


def test_a_stopped_database_is_only_read_and_a_folder_gets_a_dated_file(tmp_path: Path) -> None:
    import asyncio

    database = tmp_path / "db" / "fives.sqlite3"
    database.parent.mkdir()

    async def made() -> None:
        store = await open_store(database)
        await store.close()

    asyncio.run(made())
    before = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in database.parent.iterdir()}
    (tmp_path / "backups").mkdir()
    written, games, actions = backup(database, tmp_path / "backups", now=1_764_368_100.0)
    assert written == tmp_path / "backups" / "fives-20251128-221500.sqlite3" and (games, actions) == (0, 0)
    assert {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in database.parent.iterdir()} == before
    assert [p.name for p in (tmp_path / "backups").iterdir()] == [written.name], "no partial copy left"


def test_postgresql_is_pointed_to_pg_dump_and_pg_restore_without_its_password(tmp_path: Path) -> None:
    done = backup_command(str(tmp_path / "b.sqlite3"), "--database", "postgresql://fives:secret@db:5432/fives")
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    [line] = done.stderr.splitlines()
    assert 'pg_dump --format=custom --file=fives.dump "$FIVES_DATABASE"' in line
    assert 'pg_restore --no-owner --dbname="$FIVES_DATABASE" fives.dump' in line
    assert "secret" not in line and list(tmp_path.iterdir()) == []
