"""The bot's settings, from the environment or a `.env` file (see `.env.example`).

Only `DISCORD_TOKEN` is needed to run the bot; the rest have defaults. Tests and the demo build a
`Settings` directly instead of reading the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

from data.backends import check_database_kind, is_postgres
from data.store import StoreError

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
LOG_FORMATS = ("text", "json")
COMPUTER_LEVELS = ("easy", "normal", "strong")  # bot.ai.LEVELS (not imported: settings load no engine)


class SettingsError(ValueError):
    """A setting that cannot be used as written (the message names it)."""


def parse_shard_ids(text: str, name: str = "FIVES_SHARD_IDS") -> tuple[int, ...]:
    """Shard ids as an operator writes them: `0-3`, `4,5,6`, `0-1,6`; sorted, each once."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(f"{name} must be shard numbers or ranges like 0-3 or 0,2,4, not {text!r}")
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise SettingsError(f"{name}: the range {part} runs backwards (write {high}-{low})")
        ids.update(range(low, high + 1))
    return tuple(sorted(ids))


def check_shards(shard_ids: tuple[int, ...] | None, shard_count: int | None) -> None:
    """Shard ids need the count, and each must be below it (Discord numbers shards 0 to count - 1)."""
    if shard_ids is not None and shard_count is None:
        raise SettingsError(
            "FIVES_SHARD_IDS (--shards) needs FIVES_SHARD_COUNT (--shard-count): the shards of how many?"
        )
    if shard_count is not None and shard_count < 1:
        raise SettingsError(f"FIVES_SHARD_COUNT must be 1 or more, not {shard_count}")
    if shard_ids is not None and shard_count is not None and shard_ids[-1] >= shard_count:
        raise SettingsError(
            f"shard {shard_ids[-1]} does not exist with {shard_count} shards (they are numbered 0 to {shard_count - 1})"
        )


@dataclass(frozen=True, slots=True)
class Settings:
    token: str | None = None
    database: Path | str = Path("fives.sqlite3")  # a SQLite file, or a postgresql:// URL (str)
    dev_guild_id: int | None = None  # sync commands to this server only (instant), for development
    log_level: str = "INFO"
    seed: int | None = None  # seeds game seeds and seat draws: reproducible games for tests and demos
    ai_workers: int = 2  # processes in which searching computer players think (0: in the bot's own)
    computer_level: str = "easy"  # the level of computers on a server that chose none (`/settings computers`)
    # Shards (discord.py's AutoShardedBot): how many the bot has in all, and which this process runs (all of
    # them when None). Unset: one unsharded connection, as a small bot has.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    single_process: bool = False  # on PostgreSQL: refuse to start beside other processes (and they beside it)
    metrics_port: int | None = None  # /metrics, /healthz and /readyz served on this port (app.ops_http); None: off
    metrics_host: str = "127.0.0.1"  # the address they listen on (0.0.0.0 for a scraper on another host)
    log_format: str = "text"  # or "json": one object a line (bot.logs)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, *, dotenv: bool = True) -> Settings:
        """Settings from `environ` (the process environment by default, after loading `.env` from the
        working directory; variables already set win over the file)."""
        if environ is None:
            if dotenv:
                load_dotenv(Path.cwd() / ".env", override=False)
            environ = os.environ
        token = environ.get("DISCORD_TOKEN", "").strip() or None
        database = environ.get("FIVES_DATABASE", "").strip() or "fives.sqlite3"
        if database.startswith(("postgres:", "postgresql:")) and not is_postgres(database):
            raise SettingsError(f"FIVES_DATABASE must be a SQLite file or postgresql://..., not {database!r}")
        try:
            check_database_kind(database)
        except StoreError as exc:
            raise SettingsError(str(exc)) from None
        guild = environ.get("FIVES_DEV_GUILD_ID", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(f"FIVES_DEV_GUILD_ID must be a server id (digits), not {guild!r}")
        level = environ.get("FIVES_LOG_LEVEL", "").strip().upper() or "INFO"
        if level not in LOG_LEVELS:
            raise SettingsError(f"FIVES_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {level!r}")
        target: Path | str = database if is_postgres(database) else Path(database)
        workers = environ.get("FIVES_AI_WORKERS", "").strip() or "2"
        if not workers.isdigit():
            raise SettingsError(f"FIVES_AI_WORKERS must be a number of processes (0 or more), not {workers!r}")
        computer = environ.get("FIVES_COMPUTER_LEVEL", "").strip().lower() or "easy"
        if computer not in COMPUTER_LEVELS:
            raise SettingsError(f"FIVES_COMPUTER_LEVEL must be one of {', '.join(COMPUTER_LEVELS)}, not {computer!r}")
        count = environ.get("FIVES_SHARD_COUNT", "").strip()
        if count and not count.isdigit():
            raise SettingsError(f"FIVES_SHARD_COUNT must be a number of shards, not {count!r}")
        ids = environ.get("FIVES_SHARD_IDS", "").strip()
        shard_ids = parse_shard_ids(ids) if ids else None
        shard_count = int(count) if count else None
        check_shards(shard_ids, shard_count)
        alone = environ.get("FIVES_SINGLE_PROCESS", "").strip().lower()
        if alone not in ("", "0", "1", "true", "false", "yes", "no"):
            raise SettingsError(f"FIVES_SINGLE_PROCESS must be 1 or 0, not {alone!r}")
        port = environ.get("FIVES_METRICS_PORT", "").strip()
        if port and not (port.isdigit() and 0 < int(port) < 65536):
            raise SettingsError(f"FIVES_METRICS_PORT must be a port number (1-65535), not {port!r}")
        log_format = environ.get("FIVES_LOG_FORMAT", "").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise SettingsError(f"FIVES_LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}")
        return cls(
            token=token,
            database=target,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            ai_workers=int(workers),
            computer_level=computer,
            shard_count=shard_count,
            shard_ids=shard_ids,
            single_process=alone in ("1", "true", "yes"),
            metrics_port=int(port) if port else None,
            metrics_host=environ.get("FIVES_METRICS_HOST", "").strip() or "127.0.0.1",
            log_format=log_format,
        )

    def configure_logging(self) -> None:
        from bot.logs import configure

        configure(self.log_level, self.log_format)
