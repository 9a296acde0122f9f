"""Screenshots of the live table for each game family, and of the analysis page, into docs/web-screenshots/
(committed, small): `python scripts/web_screenshots.py [NAME ...]` (every shot without names). Each is made by
a scenario of the browser tests (web/frontend/e2e/table.mjs, as tests/web/test_browser.py runs it) against the
browser demo started as a user starts it, in headless Chromium (Debian's /usr/bin/chromium, through
playwright-core): a few moves are played and the table photographed on a desktop and on a phone; for the
analysis, a Draw game played to its end and its analysis page photographed at its costliest move. Prints the
first paint and table-drawn times the table scenario measured."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.browser import built, run_scenario, start_demo  # noqa: E402

OUT = ROOT / "docs" / "web-screenshots"


@dataclass(frozen=True)
class Shot:
    name: str  # the file, docs/web-screenshots/NAME.png (and NAME-phone.png where `phone`)
    demo: tuple[str, ...]  # the demo's arguments
    scenario: str  # the browser tests' scenario that photographs it
    env: dict[str, str] = field(default_factory=dict)
    phone: bool = False

    def files(self) -> list[str]:
        return [f"{self.name}.png", *([f"{self.name}-phone.png"] if self.phone else [])]


def _table(name: str, moves: int, *demo: str) -> Shot:
    """A family's table after `moves` moves, a piece selected to show the ends it fits, desktop and phone."""
    return Shot(name, demo, "screenshots", {"FIVES_MOVES": str(moves), "FIVES_SELECT": "1"}, phone=True)


SHOTS = (
    _table("all-fives", 6, "all-fives", "--players", "2", "--seed", "11"),
    _table("draw", 5, "draw", "--players", "3", "--seed", "4"),
    _table("domineren", 4, "domineren", "--players", "4", "--seed", "3"),
    _table("five-hundred", 9, "five-hundred", "--players", "4", "--seed", "8"),
    # the game test_browser's analysis test plays: three rounds, mistakes enough to rank three
    Shot("analysis", ("draw", "--players", "2", "--seed", "5", "--option", "rounds=3"), "analysis"),
)


def main(names: list[str]) -> int:
    unknown = set(names) - {shot.name for shot in SHOTS}
    if unknown:
        print(f"no such screenshot: {', '.join(sorted(unknown))}; known: {', '.join(s.name for s in SHOTS)}")
        return 2
    built()
    OUT.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        if names and shot.name not in names:
            continue
        demo = start_demo(*shot.demo)
        try:
            report = run_scenario(shot.scenario, demo, OUT / f"{shot.name}.png", env=shot.env)
        finally:
            demo.stop()
        print(f"{shot.name}: {', '.join(str(OUT / f) for f in shot.files())}; {report.get('paint', '')}".rstrip("; "))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
