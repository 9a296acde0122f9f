"""Headless Chromium driven from the test's own event loop (web/frontend/e2e/driver.mjs through playwright-core),
for browser tests whose server half runs in the test: the real bot on simcord with its web table on,
restarted mid-game, or the Activity inside a fake Discord client. The Node process is an asyncio
subprocess, so the bot and its web server keep running while the browser waits on a page.

Every wait is a condition on the page (`wait`), never a sleep."""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import tempfile
from collections.abc import AsyncIterator
from typing import Any

from tests.web.browser import built, need_chromium
from web.build import FRONTEND

WAIT = 60.0  # seconds a condition may take on a loaded 2-core machine (a test is far quicker on a quiet one)


class BrowserFailed(AssertionError):
    pass


class Browser:
    """Pages by name in one headless Chromium; each call is one command to the driver and its answer."""

    def __init__(self, process: asyncio.subprocess.Process, stderr: Any) -> None:
        self._process, self._stderr, self._next = process, stderr, 0

    async def _call(self, op: str, patience: float = WAIT, **args: Any) -> Any:
        assert self._process.stdin is not None and self._process.stdout is not None
        self._next += 1
        command = {"id": self._next, "op": op, **args}
        self._process.stdin.write((json.dumps(command) + "\n").encode())
        await self._process.stdin.drain()
        while True:
            try:
                line = await asyncio.wait_for(self._process.stdout.readline(), patience + 30)
            except TimeoutError:
                raise BrowserFailed(f"the browser did not answer {op} in {patience + 30} s") from None
            if not line:
                self._stderr.seek(0)
                error = self._stderr.read().decode(errors="replace")
                raise BrowserFailed(f"the browser driver ended during {op}: {error[-2000:]}")
            try:
                answer = json.loads(line)
            except json.JSONDecodeError:
                continue  # not an answer (a library's stray line)
            if answer.get("id") == self._next:
                break
        if not answer["ok"]:
            raise BrowserFailed(f"{op} {json.dumps(args)[:300]}: {answer['error']}")
        return answer["value"]

    async def open(self, page: str, url: str, viewport: dict[str, int] | None = None) -> str:
        return str(await self._call("open", page=page, url=url, viewport=viewport))

    async def eval(self, page: str, fn: str, arg: Any = None, frame: bool = False) -> Any:
        return await self._call("eval", page=page, fn=fn, arg=arg, frame=frame)

    async def wait(self, page: str, fn: str, arg: Any = None, timeout: float = WAIT, frame: bool = False) -> Any:
        """Until `fn(arg)` is truthy in the page; its value."""
        return await self._call("wait", timeout, page=page, fn=fn, arg=arg, timeout=timeout * 1000, frame=frame)

    async def click(self, page: str, selector: str, frame: bool = False) -> None:
        await self._call("click", page=page, selector=selector, frame=frame)

    async def frames(self, page: str) -> list[dict[str, Any]]:
        """Every socket frame the page has received, parsed."""
        return [json.loads(text) for text in await self._call("frames", page=page)]

    async def sockets(self, page: str) -> list[str]:
        """The URL of every socket the page opened, in order."""
        return list(await self._call("sockets", page=page))

    async def errors(self, page: str) -> list[str]:
        """Uncaught errors of the page's scripts."""
        return list(await self._call("errors", page=page))

    async def close(self, page: str) -> None:
        await self._call("close", page=page)

    # -- the table page (window.fivesApp, web/frontend/src/app.ts) ------------------------------------
    async def turn(self, page: str) -> int:
        return int(await self.eval(page, "() => window.fivesApp.state.turn"))

    async def shows(self, page: str, turn: int, timeout: float = WAIT) -> None:
        """Until the page shows move `turn` or a later one."""
        await self.wait(page, "(turn) => window.fivesApp.state && window.fivesApp.state.turn >= turn", turn, timeout)

    async def link(self, page: str, status: str, timeout: float = WAIT) -> None:
        """Until the page's socket is `open`, `lost`..."""
        await self.wait(page, "(status) => window.fivesApp && window.fivesApp.link === status", status, timeout)


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    need_chromium()
    await asyncio.to_thread(built)
    node = shutil.which("node")
    assert node is not None, "node is needed for the browser tests"
    stderr = tempfile.TemporaryFile()  # noqa: SIM115 (closed below; a pipe nobody reads could fill)
    process = await asyncio.create_subprocess_exec(
        node,
        "e2e/driver.mjs",
        cwd=FRONTEND,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=stderr,
        limit=64 * 1024 * 1024,  # a page's socket frames come back as one line
        start_new_session=True,
    )
    try:
        yield Browser(process, stderr)
    finally:
        if process.stdin is not None and process.returncode is None:
            with contextlib.suppress(ConnectionError):
                process.stdin.write(b'{"op": "quit"}\n')
                await process.stdin.drain()
                process.stdin.close()
        try:
            await asyncio.wait_for(process.wait(), 20)
        except TimeoutError:
            process.kill()
            await process.wait()
        stderr.close()
