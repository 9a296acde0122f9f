"""Where the page was built elsewhere (the container image builds it in a Node stage and has no Node),
`FIVES_WEB_DIST` names the folder: it is served as it is, and nothing asks for npm."""

from __future__ import annotations

from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from tests.web.conftest import SECRET, Web
from web.build import dist_folder, ensure_built, prebuilt
from web.server import make_app
from web.sessions import Signer


async def test_a_prebuilt_page_is_served_without_node(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, web_table: Web
) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>prebuilt</title>", encoding="utf-8")
    (tmp_path / "assets" / "index-abc.js").write_text("console.log(1)", encoding="utf-8")
    monkeypatch.setenv("FIVES_WEB_DIST", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm, no node: building would fail
    assert ensure_built() == tmp_path

    client = TestClient(TestServer(make_app(web_table.harness.service, Signer(SECRET))))
    await client.start_server()
    try:
        page = await client.get("/table/1")
        assert page.status == 200 and "prebuilt" in await page.text()
        script = await client.get("/web/assets/index-abc.js")
        assert script.status == 200 and await script.text() == "console.log(1)"
    finally:
        await client.close()

    monkeypatch.setenv("FIVES_WEB_DIST", str(tmp_path / "nothing-here"))  # a wrong folder is not taken
    assert prebuilt() is None and dist_folder() != tmp_path / "nothing-here"
