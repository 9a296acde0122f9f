"""The repository carries its own specification (docs/records.md, docs/rules/) and its documents point
only at files that exist in it: a newcomer can follow every link."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.engine import GAMES, game_info
from bot.engine.records import replay
from tests.checks import must

ROOT = Path(__file__).resolve().parents[2]
DOCS = [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "README.md"]
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|<img src=\"([^\"]+)\"")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(doc: Path) -> None:
    for match in LINK.finditer(doc.read_text(encoding="utf-8")):
        target = match.group(1) or match.group(2)
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        assert (doc.parent / target).exists(), f"{doc.relative_to(ROOT)} links to missing {target}"


def test_nothing_points_outside_the_repository() -> None:
    files = [*DOCS, *(ROOT / "bot" / "engine").rglob("*.py"), *(ROOT / "bot" / "i18n").rglob("*.po")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, f"{path.relative_to(ROOT)} cites shared/, which is not in the repository"


def test_the_specification_is_in_the_repository() -> None:
    rules = {p.name for p in (ROOT / "docs" / "rules").glob("*.md")}
    assert {"README.md", "fives.md", "domineren.md", "five-hundred.md"} <= rules
    index = (ROOT / "docs" / "rules" / "README.md").read_text(encoding="utf-8")
    assert "## Sources" in index and all(f"| S{i} |" in index for i in range(5))
    records = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    for game in GAMES:  # every game id the engine knows is named in the format
        assert f"`{game}`" in records


def test_the_record_in_docs_records_md_replays_as_it_says() -> None:
    text = (ROOT / "docs" / "records.md").read_text(encoding="utf-8")
    record = json.loads(must(re.search(r"```json\n(\{\n  \"format\".*?)```", text, re.S)).group(1))
    assert replay(record)["scores"] == [9, 5]
    assert record == json.loads((ROOT / "tests/records/fives/records-md-example.json").read_text(encoding="utf-8"))


def test_the_readme_gives_every_games_player_count() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (`[a-z-]+`(?:, `[a-z-]+`)*) \| ([^|]+) \|", readme, re.M)
    seen = set()
    for ids, players in rows:
        for game in re.findall(r"`([a-z-]+)`", ids):
            counts = game_info(game).players
            expected = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
            assert players.strip() == expected, f"README says {game} is for {players.strip()}, not {expected}"
            seen.add(game)
    assert seen == set(GAMES)
