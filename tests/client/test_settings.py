"""Settings come from the environment (or `.env`), with the names `.env.example` documents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.client import FivesBot, create_bot
from app.settings import Settings, SettingsError

ROOT = Path(__file__).resolve().parents[2]


def test_every_setting_read_is_documented_in_env_example() -> None:
    documented = set(re.findall(r"^([A-Z_]+)=", (ROOT / ".env.example").read_text(encoding="utf-8"), re.M))
    readers = (ROOT / "app" / "settings.py", ROOT / "web" / "runner.py")  # the bot's, and the web table's
    read = {name for f in readers for name in re.findall(r'environ\.get\("([A-Z_]+)"', f.read_text(encoding="utf-8"))}
    assert (
        read
        == documented
        == {
            "DISCORD_TOKEN",
            "FIVES_DATABASE",
            "FIVES_DEV_GUILD_ID",
            "FIVES_LOG_LEVEL",
            "FIVES_COMPUTER_LEVEL",
            "FIVES_AI_WORKERS",
            "FIVES_SHARD_COUNT",
            "FIVES_SHARD_IDS",
            "FIVES_SINGLE_PROCESS",
            "FIVES_METRICS_PORT",
            "FIVES_METRICS_HOST",
            "FIVES_LOG_FORMAT",
            "FIVES_WEB_URL",
            "FIVES_WEB_PORT",
            "FIVES_WEB_HOST",
            "FIVES_WEB_SECRET",
            "FIVES_DISCORD_CLIENT_ID",
            "FIVES_DISCORD_CLIENT_SECRET",
            "FIVES_WEB_ACTIVITY",
            "FIVES_WEB_TRUSTED_PROXIES",
        }
    )


def test_computer_level_and_workers_are_read_and_checked() -> None:
    settings = Settings.from_env({"FIVES_COMPUTER_LEVEL": " Strong ", "FIVES_AI_WORKERS": "3"})
    assert (settings.computer_level, settings.ai_workers) == ("strong", 3)
    with pytest.raises(SettingsError, match="FIVES_COMPUTER_LEVEL must be one of easy, normal, strong"):
        Settings.from_env({"FIVES_COMPUTER_LEVEL": "expert"})
    with pytest.raises(SettingsError, match="FIVES_AI_WORKERS must be a number"):
        Settings.from_env({"FIVES_AI_WORKERS": "two"})


def test_defaults_and_values_from_the_environment() -> None:
    assert Settings.from_env({}) == Settings()
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": " abc ",
            "FIVES_DATABASE": "/data/fives.db",
            "FIVES_DEV_GUILD_ID": "123",
            "FIVES_LOG_LEVEL": "debug",
        }
    )
    assert settings == Settings(token="abc", database=Path("/data/fives.db"), dev_guild_id=123, log_level="DEBUG")


def test_the_database_is_a_sqlite_file_or_a_postgresql_url() -> None:
    url = "postgresql://fives:secret@db.example:5432/fives"
    assert Settings.from_env({"FIVES_DATABASE": url}).database == url
    assert Settings.from_env({"FIVES_DATABASE": "postgres://db/fives"}).database == "postgres://db/fives"
    assert Settings.from_env({"FIVES_DATABASE": "games/fives.sqlite3"}).database == Path("games/fives.sqlite3")


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("FIVES_DEV_GUILD_ID", "my server", "FIVES_DEV_GUILD_ID must be a server id"),
        ("FIVES_LOG_LEVEL", "LOUD", "one of"),
        ("FIVES_DATABASE", "postgresql:/db/fives", "a SQLite file or postgresql://"),
    ],
)
def test_a_setting_that_cannot_be_used_says_which(name: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError, match=message):
        Settings.from_env({name: value})


def test_a_dotenv_file_fills_in_what_the_environment_does_not_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-file\nFIVES_LOG_LEVEL=WARNING\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for name in ("DISCORD_TOKEN", "FIVES_DATABASE", "FIVES_DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FIVES_LOG_LEVEL", "ERROR")
    settings = Settings.from_env()
    assert settings.token == "from-file" and settings.log_level == "ERROR"
    monkeypatch.delenv("DISCORD_TOKEN")  # load_dotenv put it in the process environment


def test_create_bot_builds_without_connecting(tmp_path: Path) -> None:
    bot = create_bot(Settings(database=tmp_path / "fives.sqlite3"))
    assert isinstance(bot, FivesBot)
    assert not bot.intents.message_content and not bot.intents.members and bot.intents.guilds
    assert not (tmp_path / "fives.sqlite3").exists()  # the store opens at login, in setup_hook


# -- shards and processes ------------------------------------------------------------------------------------
def test_shards_are_read_as_an_operator_writes_them() -> None:
    settings = Settings.from_env(
        {"FIVES_SHARD_COUNT": "8", "FIVES_SHARD_IDS": "0-1, 4,6-7", "FIVES_SINGLE_PROCESS": "1"}, dotenv=False
    )
    assert (settings.shard_count, settings.shard_ids, settings.single_process) == (8, (0, 1, 4, 6, 7), True)
    plain = Settings.from_env({}, dotenv=False)
    assert (plain.shard_count, plain.shard_ids, plain.single_process) == (None, None, False)


@pytest.mark.parametrize(
    ("environ", "said"),
    [
        ({"FIVES_SHARD_IDS": "0-3"}, "needs FIVES_SHARD_COUNT"),
        ({"FIVES_SHARD_COUNT": "4", "FIVES_SHARD_IDS": "2-5"}, "shard 5 does not exist with 4 shards"),
        ({"FIVES_SHARD_COUNT": "4", "FIVES_SHARD_IDS": "3-1"}, "runs backwards"),
        ({"FIVES_SHARD_COUNT": "four"}, "FIVES_SHARD_COUNT must be a number of shards"),
        ({"FIVES_SHARD_COUNT": "4", "FIVES_SHARD_IDS": "a"}, "FIVES_SHARD_IDS must be shard numbers"),
        ({"FIVES_SINGLE_PROCESS": "maybe"}, "FIVES_SINGLE_PROCESS must be 1 or 0"),
    ],
)
def test_shards_that_cannot_be_are_refused_naming_the_setting(environ: dict[str, str], said: str) -> None:
    with pytest.raises(SettingsError, match=said):
        Settings.from_env(environ, dotenv=False)


def test_the_bot_is_built_sharded_with_the_settings_shards() -> None:
    import discord

    bot = create_bot(Settings(shard_count=8, shard_ids=(0, 1, 2, 3)))
    assert isinstance(bot, FivesBot) and isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 8 and tuple(bot.shard_ids or ()) == (0, 1, 2, 3)
    unsharded = create_bot(Settings())
    assert not isinstance(unsharded, discord.AutoShardedClient)
