"""`python -m bot`: without a token, one clear line and a non-zero exit; `--demo GAME` plays a whole game
among computer players with no Discord, for every game the engine knows."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from bot.engine import GAMES

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_it_says_where_to_get_one_and_exits(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert "https://discord.com/developers/applications" in line and "DISCORD_TOKEN" in line and ".env" in line
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_demo_plays_a_whole_game_and_writes_its_pictures(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--demo", game, "--seed", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "(seed 2)" in out and ": game over" in out
    boards = sorted(tmp_path.glob("board-*.png"))
    sheets = sorted(tmp_path.glob("sheet-*.png"))
    assert len(boards) > 10 and (tmp_path / "sheet-final.png") in sheets
    assert boards[0].read_bytes().startswith(b"\x89PNG")
    assert f"{len(boards)} board images and {len(sheets)} score sheets are in {tmp_path}." in out


def test_the_demo_speaks_japanese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--demo", "five-up", "--players", "2", "--seed", "4", "--lang", "ja", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ファイブアップ #1（シード4）：プレイヤー、コンピューター1\n")
    assert "をリードしました。" in out and "ゲーム終了" in out


def test_the_demo_refuses_a_player_count_the_game_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--demo", "seven-rocks", "--players", "3"])
    assert exit_.value.code == 2
    assert "seven-rocks is played by 4 players, not 3" in capsys.readouterr().err


def test_with_a_token_and_no_way_to_discord_it_says_so_in_one_line(tmp_path: Path) -> None:
    # Discord's API pointed at a closed local port: the connection is refused at once, as with no network
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="x", FIVES_DATABASE=str(tmp_path / "fives.sqlite3"))
    code = (
        "import sys, discord.http; discord.http.Route.BASE = 'http://127.0.0.1:1/api/v10'; "
        "from app.cli import main; sys.exit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "PyNaCl" not in done.stderr and "davey" not in done.stderr, "voice warnings of a bot without voice"
    first, *rest = done.stderr.splitlines()
    assert "app.cli: fives 0.1.0 starting" in first  # the log's first line gives the version
    [line] = [line for line in rest if "discord.client" not in line]  # but its INFO log
    assert line.startswith("cannot reach Discord: Cannot connect to host 127.0.0.1:1") and "run python -m bot" in line


def refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.splitlines()[-1]


@pytest.mark.parametrize("flag", [["--players", "2"], ["--seed", "3"], ["--out", "x"], ["--lang", "ja"]])
def test_demo_flags_without_the_demo_are_refused(flag: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert f"{flag[0]} only goes with --demo GAME" in refusal(flag, capsys)
    assert "--players, --seed only go with --demo GAME" in refusal(["--seed", "1", "--players", "2"], capsys)


def test_the_demo_refuses_an_out_it_cannot_use(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    demo = ["--demo", "five-up", "--players", "2", "--seed", "4"]
    assert "--out needs a folder name" in refusal([*demo, "--out", ""], capsys)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine", encoding="utf-8")
    assert f"--out {a_file} is a file, not a folder" in refusal([*demo, "--out", str(a_file)], capsys)
    assert "cannot write the demo's images to" in refusal([*demo, "--out", str(a_file / "sub")], capsys)
    # a folder with someone's files is left alone
    assert "holds other files than a demo's images (notes.txt)" in refusal([*demo, "--out", str(tmp_path)], capsys)
    assert a_file.read_text(encoding="utf-8") == "mine"


def test_a_second_demo_replaces_the_first_ones_images(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo-out"
    out.mkdir()
    earlier = ["board-0000.png", "board-0999.png", "board-12345.png", "sheet-07.png", "sheet-final.png"]
    for name in earlier:  # what an earlier, longer demo left
        (out / name).write_bytes(b"old")
    assert main(["--demo", "five-up", "--players", "2", "--seed", "4", "--out", str(out)]) == 0
    said = capsys.readouterr().out.splitlines()[-1]
    boards = sorted(out.glob("board-*.png"))
    sheets = sorted(out.glob("sheet-*.png"))
    assert said == f"{len(boards)} board images and {len(sheets)} score sheets are in {out}."
    assert {p.name for p in out.iterdir()} == {p.name for p in [*boards, *sheets]}
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in out.iterdir()), "the new game's images only"
    assert not (out / "board-0999.png").exists() and not (out / "board-12345.png").exists()


def test_the_token_never_appears_in_what_the_bot_prints_or_logs(tmp_path: Path) -> None:
    """At the most verbose log level, and failing to reach Discord, nothing printed holds the token."""
    secret = "MTIzNDU2Nzg5MDEyMzQ1Njc4.Gsecret.do-not-print-me-0123456789"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "FIVES_"))}
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN=secret,
        FIVES_LOG_LEVEL="DEBUG",
        FIVES_DATABASE=str(tmp_path / "fives.sqlite3"),
    )
    code = (
        "import sys, discord.http; discord.http.Route.BASE = 'http://127.0.0.1:1/api/v10'; "
        "from app.cli import main; sys.exit(main())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    for part in (secret, "Gsecret", "do-not-print-me"):
        assert part not in done.stdout + done.stderr


def test_the_demo_plays_at_the_level_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--demo", "all-fives", "--players", "2", "--seed", "5", "--out", str(tmp_path)]
    assert main(args) == 0
    easy = capsys.readouterr().out
    assert main([*args, "--level", "normal"]) == 0
    normal = capsys.readouterr().out
    assert ": game over" in normal
    assert normal.splitlines()[2:] != easy.splitlines()[2:], "the searching computers play other moves"
    with pytest.raises(SystemExit) as exit_:
        main([*args, "--level", "expert"])
    assert exit_.value.code == 2
    assert "invalid choice: 'expert'" in capsys.readouterr().err


def test_the_command_line_s_shards_win_over_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.cli import parse_args, with_shards
    from app.settings import Settings

    args = parse_args(["--shards", "0-3", "--shard-count", "8"])
    assert (args.shards, args.shard_count) == ((0, 1, 2, 3), 8)
    env = Settings.from_env({"FIVES_SHARD_COUNT": "4", "FIVES_SHARD_IDS": "2-3"}, dotenv=False)
    assert (s := with_shards(env, args.shards, args.shard_count)).shard_ids == (0, 1, 2, 3) and s.shard_count == 8
    assert with_shards(env, None, None) == env
    only_count = with_shards(env, None, 16)  # the process keeps its shard ids from the environment
    assert (only_count.shard_count, only_count.shard_ids) == (16, (2, 3))


def test_shards_that_cannot_be_are_refused_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--shards must be shard numbers" in refusal(["--shards", "x"], capsys)
    assert "are for the bot, not a demo" in refusal(["--demo", "five-up", "--shards", "0"], capsys)
