"""Screenshots of the live table for each game family, into docs/web-screenshots/ (committed, small):
`python scripts/web_screenshots.py`. Each family's browser demo is started as a user starts it, a few moves
are played in headless Chromium (Debian's /usr/bin/chromium, through playwright-core), and the page is
photographed on a desktop and on a phone. Prints the first paint and table-drawn times it measured."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.browser import built, run_scenario, start_demo  # noqa: E402

OUT = ROOT / "docs" / "web-screenshots"
# (file name, demo arguments, moves to play first): a position with something on the table
SHOTS = (
    ("all-fives", ("all-fives", "--players", "2", "--seed", "11"), 6),
    ("draw", ("draw", "--players", "3", "--seed", "4"), 5),
    ("domineren", ("domineren", "--players", "4", "--seed", "3"), 4),
    ("five-hundred", ("five-hundred", "--players", "4", "--seed", "8"), 9),
)


def main() -> int:
    built()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, args, moves in SHOTS:
        demo = start_demo(*args)
        try:
            env = {"FIVES_MOVES": str(moves), "FIVES_SELECT": "1"}
            report = run_scenario("screenshots", demo, OUT / f"{name}.png", env=env)
        finally:
            demo.stop()
        print(f"{name}: {OUT / name}.png, -phone.png; {report['paint']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
