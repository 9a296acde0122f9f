"""The docs' screenshots of the web table are made by the browser tests' scenarios (scripts/web_screenshots.py
runs them), none by hand: every picture in docs/web-screenshots is one a shot writes, every shot's scenario is
one the browser tests run, and docs/web.md shows each."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "web-screenshots"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("web_screenshots", ROOT / "scripts" / "web_screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_screenshot_in_the_docs_is_made_by_a_browser_test_scenario() -> None:
    script = _script()
    made = {name for shot in script.SHOTS for name in shot.files()}
    kept = {path.name for path in FOLDER.glob("*.png")}
    assert kept == made, f"by hand (no shot makes them): {sorted(kept - made)}; missing: {sorted(made - kept)}"
    e2e = (ROOT / "web" / "frontend" / "e2e" / "table.mjs").read_text(encoding="utf-8")
    tests = (ROOT / "tests" / "web" / "test_browser.py").read_text(encoding="utf-8")
    for shot in script.SHOTS:
        assert re.search(rf"^\s*{re.escape(shot.scenario)}[,:]", e2e, re.M), f"{shot.scenario}: no such scenario"
        assert f'run_scenario("{shot.scenario}"' in tests, f"{shot.scenario}: the browser tests never run it"
    docs = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    for name in sorted(made):
        assert f"(web-screenshots/{name})" in docs, f"docs/web.md does not show {name}"
