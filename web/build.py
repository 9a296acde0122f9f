"""Builds the web table's front end when it is not built: `npm ci` (from package-lock.json) and
`npm run build` in web/frontend, which write web/frontend/dist. `python -m web.build` does it by hand
(`--force`: again, even if built); the browser demo and the bot with the web table on call `ensure_built`.
Where the files were built elsewhere (the container image builds them in a Node stage of its own and has no
Node), `FIVES_WEB_DIST` names their folder: it is served as it is and nothing is built. Nothing runs at
import."""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

FRONTEND = Path(__file__).resolve().parent / "frontend"
DIST = FRONTEND / "dist"
DIST_ENV = "FIVES_WEB_DIST"
SOURCES = ("src", "index.html", "package.json", "package-lock.json", "tsconfig.json", "vite.config.ts")


class BuildError(Exception):
    """The front end could not be built (no npm, or npm failed); the message says what to do."""


def prebuilt() -> Path | None:
    """The folder `FIVES_WEB_DIST` names, when it holds a built page (the container image's)."""
    folder = os.environ.get(DIST_ENV, "").strip()
    return Path(folder) if folder and (Path(folder) / "index.html").is_file() else None


def dist_folder() -> Path:
    """Where the built page is served from: the prebuilt folder, else web/frontend/dist."""
    return prebuilt() or DIST


def _newest(paths: Sequence[Path]) -> float:
    times = [0.0]
    for path in paths:
        if path.is_dir():
            times.extend(p.stat().st_mtime for p in path.rglob("*") if p.is_file())
        elif path.exists():
            times.append(path.stat().st_mtime)
    return max(times)


def is_built(frontend: Path = FRONTEND) -> bool:
    """Built, and not older than any source (a checkout that changed the sources builds again)."""
    index = frontend / "dist" / "index.html"
    return index.is_file() and index.stat().st_mtime >= _newest([frontend / name for name in SOURCES])


def _run(command: list[str], folder: Path, quiet: bool) -> None:
    result = subprocess.run(command, cwd=folder, capture_output=quiet, text=True, check=False)
    if result.returncode != 0:
        tail = (result.stderr or result.stdout or "")[-2000:] if quiet else ""
        raise BuildError(f"`{' '.join(command)}` in {folder} failed ({result.returncode}){': ' + tail if tail else ''}")


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("the web table's front end needs Node.js and npm to build (install them, then run again)")
    return npm


def install(frontend: Path = FRONTEND, quiet: bool = True) -> None:
    """`npm ci` unless node_modules already holds what package-lock.json names."""
    lock = frontend / "package-lock.json"
    installed = frontend / "node_modules" / ".package-lock.json"
    if not installed.is_file() or installed.stat().st_mtime < lock.stat().st_mtime:
        _run([_npm(), "ci", "--no-audit", "--no-fund"], frontend, quiet)


@contextlib.contextmanager
def _building(frontend: Path) -> Iterator[None]:
    """One build at a time on this machine (two processes at once: the tests on every core, two bot
    processes at start), so that nobody serves or installs a half-written folder."""
    with (frontend / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _build(frontend: Path, quiet: bool) -> None:
    """Install and build; the caller holds the build lock."""
    install(frontend, quiet)
    _run([_npm(), "run", "build"], frontend, quiet)


def build(frontend: Path = FRONTEND, quiet: bool = False) -> Path:
    with _building(frontend):
        _build(frontend, quiet)
    return frontend / "dist"


def ensure_built(frontend: Path = FRONTEND, quiet: bool = True) -> Path:
    """The built folder, built first if needed (never where `FIVES_WEB_DIST` names a built one)."""
    if frontend == FRONTEND and (ready := prebuilt()) is not None:
        return ready
    if is_built(frontend):
        return frontend / "dist"
    with _building(frontend):
        if not is_built(frontend):  # another process may have built it while this one waited
            print("building the web table's front end (npm ci && npm run build in web/frontend)...", file=sys.stderr)
            _build(frontend, quiet)
    return frontend / "dist"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m web.build", description=__doc__)
    parser.add_argument("--force", action="store_true", help="build even if the built files are up to date")
    args = parser.parse_args(argv)
    try:
        folder = build(quiet=False) if args.force else ensure_built(quiet=False)
    except BuildError as error:
        print(f"python -m web.build: {error}", file=sys.stderr)
        return 1
    print(f"built: {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
