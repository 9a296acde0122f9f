"""The front end's own unit tests (Vitest) and what the server serves of the build: the page at
/table/{no} under the CSP, its external script and styles, and the script's size."""

from __future__ import annotations

import gzip
import os
import re
import shutil
import subprocess

from tests.web.conftest import Web
from web.build import FRONTEND, ensure_built

BUDGET = 250 * 1024  # the page's JavaScript, gzipped (issue #27)


def test_the_front_end_unit_tests_pass() -> None:
    ensure_built()  # installs the node packages too
    npx = shutil.which("npx")
    assert npx is not None, "node and npm are needed"
    # Vitest colours its report when it thinks a terminal or a CI runner is watching; the colour codes
    # sit between "Tests" and the count, so ask for none and strip any that come anyway.
    env = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0"}
    result = subprocess.run(
        [npx, "vitest", "run"], cwd=FRONTEND, capture_output=True, text=True, timeout=300, check=False, env=env
    )
    report = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout)
    assert result.returncode == 0, report[-4000:] + result.stderr[-2000:]
    assert re.search(r"Tests\s+\d+ passed", report), report[-2000:]


def test_the_built_page_has_no_inline_code_and_its_script_is_small() -> None:
    dist = ensure_built()
    index = (dist / "index.html").read_text()
    assert "<style" not in index and " style=" not in index
    assert all(" src=" in tag for tag in re.findall(r"<script[^>]*>", index)), "an inline script breaks the CSP"
    scripts = list((dist / "assets").glob("*.js"))
    assert scripts
    size = sum(len(gzip.compress(p.read_bytes())) for p in scripts)
    assert size < BUDGET, f"the page's JavaScript is {size} bytes gzipped"


async def test_the_table_page_and_its_assets_are_served_under_the_csp(web_table: Web) -> None:
    dist = ensure_built()
    page = await web_table.client.get("/table/1")
    assert page.status == 200
    assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
    html = await page.text()
    [script] = re.findall(r'src="(/web/assets/[^"]+\.js)"', html)
    asset = await web_table.client.get(script)
    assert asset.status == 200
    assert (await asset.read()) == (dist / script.removeprefix("/web/")).read_bytes()
    assert "immutable" in asset.headers["Cache-Control"]
    assert (await web_table.client.get("/web/assets/..%2Fsecret")).status == 404
    assert (await web_table.client.get("/web/assets/nothing.js")).status == 404
