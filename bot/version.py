"""The bot's version, from one source: the package's metadata (pyproject.toml's `version`, as installed)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version


def bot_version() -> str:
    try:
        return version("fives")
    except PackageNotFoundError:  # run from a checkout that was never installed (`pip install -e .`)
        return "unknown"
