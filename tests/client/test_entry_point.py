"""Where the application has an Activity, Discord made an Entry Point command for it, and refuses a global
overwrite of the commands that would remove it: the bot's sync writes it back with its own commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.client import ENTRY_POINT, FivesBot, FivesTree
from app.settings import Settings
from tests.checks import is_a

LAUNCH = {"id": "900", "application_id": "1", "version": "7", "type": ENTRY_POINT, "name": "launch",
          "description": "", "handler": 2, "integration_types": [0, 1], "contexts": [0, 1, 2]}  # fmt: skip


class FakeCommandsApi:
    """The two calls of a global sync, as Discord answers them: it keeps what is written."""

    def __init__(self, commands: list[dict[str, Any]]) -> None:
        self.commands = commands
        self.written: list[list[dict[str, Any]]] = []

    async def get_global_commands(self, application_id: str | int) -> list[Any]:
        return self.commands

    async def bulk_upsert_global_commands(self, application_id: str | int, payload: list[dict[str, Any]]) -> list[Any]:
        had = any(c.get("type") == ENTRY_POINT for c in self.commands)
        if had and not any(c.get("type") == ENTRY_POINT for c in payload):
            raise AssertionError("Discord: you cannot remove this app's Entry Point command in a bulk update")
        self.written.append(payload)
        self.commands = [
            {"id": str(1000 + i), "application_id": "1", "version": "1", **c} for i, c in enumerate(payload)
        ]
        return self.commands


async def sync_with(keep: bool, commands: list[dict[str, Any]], tmp_path: Path) -> FakeCommandsApi:
    bot = FivesBot(Settings(database=tmp_path / "fives.sqlite3"))
    api = FakeCommandsApi(commands)
    bot._connection.application_id = 1
    bot.http.get_global_commands = api.get_global_commands  # type: ignore[method-assign]
    bot.http.bulk_upsert_global_commands = api.bulk_upsert_global_commands  # type: ignore[method-assign]

    @bot.tree.command(name="ping", description="a command of the bot's own")
    async def ping(interaction: Any) -> None: ...

    is_a(FivesTree, bot.tree).keep_entry_point = keep
    synced = await bot.tree.sync()
    assert [c.name for c in synced] == ["ping"]  # the bot's commands, as discord.py returns them
    return api


async def test_with_an_activity_the_entry_point_command_is_written_back_with_the_bots_commands(tmp_path: Path) -> None:
    api = await sync_with(True, [LAUNCH], tmp_path)
    [written] = api.written
    assert [c["name"] for c in written] == ["ping", "launch"]
    assert written[1]["id"] == "900" and written[1]["handler"] == 2 and "version" not in written[1]


async def test_without_one_the_sync_is_discord_pys_own_which_discord_would_refuse_with_one(tmp_path: Path) -> None:
    api = await sync_with(False, [], tmp_path)
    assert [[c["name"] for c in w] for w in api.written] == [["ping"]]
    with pytest.raises(AssertionError, match="Entry Point"):
        await sync_with(False, [LAUNCH], tmp_path)  # what FIVES_WEB_ACTIVITY=on prevents
