"""What the README and docs/operations.md tell an admin matches the bot: the permissions it asks for (and
their integer, and the invite link's form), commands run with the virtual environment's Python, the quick
tests exist, the changelog has the running version, and the backup commands are documented."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from bot.i18n import tr
from cogs.welcome import PERMISSIONS, invite_permissions, invite_url

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
OPERATIONS = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")


def test_the_readme_lists_every_permission_the_bot_asks_for_with_their_integer_and_invite_link() -> None:
    listed = README.split("2. Invite it with the scopes", 1)[1].split("3. Copy", 1)[0]
    asked = listed.replace("\n   ", " ").split("permission integer", 1)[0]
    named = re.findall(r"\*([A-Z][A-Za-z ]+)\*", asked)
    assert named == [tr(f"permission.{p}", "en") for p in PERMISSIONS]
    assert f"permission integer `{invite_permissions().value}`" in listed.replace("\n   ", " ")
    assert invite_url(1234).replace("1234", "APPLICATION_ID") in listed


def test_the_development_section_runs_the_virtual_environments_tools() -> None:
    development = README.split("## Development\n", 1)[1]
    commands = re.findall(r"`([^`]+)`", development)
    bare = [c for c in commands if re.match(r"(?:[A-Z_]+=\S+ )*(python|pip|pytest|ruff|mypy)\b", c)]
    assert bare == [], "a bare tool is the system's, without the project's packages"


def test_the_quick_tests_exist() -> None:
    command = README.split("<!-- quick-tests -->\n```sh\n", 1)[1].split("\n", 1)[0]
    assert command.startswith(".venv/bin/python -m pytest ")
    paths = [word for word in command.split() if word.startswith("tests")]
    assert len(paths) >= 5 and all((ROOT / p).exists() for p in paths)


def test_the_changelog_has_the_running_version_and_says_how_each_upgrade_goes() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    headings = re.findall(r"^## (.+)$", changelog, re.M)
    assert version in headings
    for section in re.split(r"^## .+$", changelog, flags=re.M)[1:]:
        assert re.search(r"^Upgrade: (rolling: yes|every process stopped)", section.strip(), re.M), section[:80]
    assert "[CHANGELOG.md](CHANGELOG.md)" in README


def test_backups_and_their_restore_check_are_documented() -> None:
    for words in (
        ".venv/bin/python -m data.backup",
        'pg_dump --format=custom --file=fives.dump "$FIVES_DATABASE"',
        "pg_restore --no-owner --dbname=",
        ".venv/bin/python -m bot --check-database",
    ):
        assert words in OPERATIONS, words
    assert ".venv/bin/python -m data.backup" in README and "--check-database" in README
