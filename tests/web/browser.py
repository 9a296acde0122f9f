"""Helpers of the browser tests: the browser demo as a real subprocess (`python -m bot --demo GAME --web`,
as a user starts it) and the Node script web/frontend/e2e/table.mjs that drives headless Chromium through
playwright-core. Chromium is Debian's (/usr/bin/chromium); .ci/run installs it."""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from web.build import FRONTEND, ensure_built

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("FIVES_CHROMIUM", "/usr/bin/chromium"))
STARTUP = 120.0  # seconds: a loaded 2-core machine may build the front end and start Python slowly


def need_chromium() -> None:
    """Skip, loudly, only where there is no Chromium at all (CI installs it, so there they run)."""
    if not CHROMIUM.exists():
        message = f"BROWSER TESTS NOT RUN: no Chromium at {CHROMIUM} (apt-get install -y chromium; .ci/run does)"
        warnings.warn(message, stacklevel=2)
        print(f"\n*** {message} ***", file=sys.stderr)
        pytest.skip(message)


def built() -> None:
    ensure_built()  # npm ci + vite build when missing or older than the sources


@dataclass
class Demo:
    process: subprocess.Popen[str]
    url: str
    watch_url: str
    lines: list[str] = field(default_factory=list)

    def stop(self, timeout: float = 30.0) -> int:
        """Ctrl-C, as a user stops it; the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"the demo did not stop within {timeout} s of Ctrl-C") from None


def start_demo(*args: str) -> Demo:
    command = [sys.executable, "-m", "bot", "--demo", *args, "--web"]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    seen: list[str] = []
    deadline = time.monotonic() + STARTUP
    url = watch = None
    while watch is None:
        try:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
        except queue.Empty:
            process.kill()
            raise AssertionError(f"the demo printed no address in {STARTUP} s: {seen}") from None
        if line is None:
            raise AssertionError(f"the demo ended before serving: {''.join(seen)}")
        seen.append(line)
        text = line.strip()
        if text.startswith("http://127.0.0.1:") and url is None:
            url = text
        elif text.startswith("watch as a spectator: "):
            watch = text.removeprefix("watch as a spectator: ")
    assert url is not None, seen
    demo = Demo(process, url, watch, seen)

    def rest() -> None:  # keep reading, so the pipe never fills and the last lines are kept
        while (line := lines.get()) is not None:
            demo.lines.append(line)

    threading.Thread(target=rest, daemon=True).start()
    return demo


def run_scenario(
    scenario: str, demo: Demo, shot: Path | None = None, timeout: float = 240.0, env: dict[str, str] | None = None
) -> dict[str, Any]:
    node = shutil.which("node")
    assert node is not None, "node is needed for the browser tests"
    command = [node, "e2e/table.mjs", scenario, demo.url, demo.watch_url]
    if shot is not None:
        command.append(str(shot))
    result = subprocess.run(
        command,
        cwd=FRONTEND,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, **(env or {})},
    )
    last = (result.stdout.strip().splitlines() or ["{}"])[-1]
    try:
        report: dict[str, Any] = json.loads(last)
    except json.JSONDecodeError:
        report = {"ok": False, "message": last}
    assert result.returncode == 0 and report.get("ok"), f"{scenario}: {report} {result.stderr[-2000:]}"
    return report
