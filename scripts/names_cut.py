"""Names cut where their box had room (issue #24 item 1's measure; the goal is 0), over the gallery and the
demos of every game in both languages:

    python scripts/names_cut.py [--seed N] [--level easy|normal|strong] [--players N] [--no-gallery]

Every image cuts names in `rendering.names.distinct`, which records each cut with the room it had
(`names.recording`); a cut "had room" when the whole name would have fitted there at the smallest size
(`names.MIN_SIZE`), so it should have been drawn smaller instead. A drawing that cut a text holding a
player's name with the generic `text.fit`, without laying the name out first, is counted too. Prints
each such cut and the totals; the exit status is 1 when any was found.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

import app.cli as demo_main
from bot.engine import GAMES
from rendering import names as names_module
from rendering import text
from rendering.gallery import COMPUTERS, COMPUTERS_JA, write_gallery


class Watch:
    """What one run cut: names laid out and cut with room, and texts with a name cut by `text.fit`."""

    def __init__(self) -> None:
        self.names: Sequence[str] = ()  # the players of the image being drawn
        self.roomy: set[tuple[str, int, int, str]] = set()
        self.by_fit: set[tuple[str, str]] = set()
        self.texts: set[tuple[str, str]] = set()  # every text `fit` cut, names or not (--texts)
        self.cuts = 0

    @contextlib.contextmanager
    def on(self) -> Iterator[None]:
        fit = text.fit

        def spy_fit(s: str, size: int, bold: bool, width: int) -> str:
            out = fit(s, size, bold, width)
            if out != s:
                self.texts.add((s, out))
                if any(n in s and n not in out for n in self.names):
                    self.by_fit.add((s, out))
            return out

        text.fit = spy_fit  # type: ignore[assignment]  # draw_text looks it up at each call
        try:
            with names_module.recording() as cuts:
                yield
        finally:
            text.fit = fit
        self.cuts = len(cuts)
        self.roomy = {(c.name, c.room, c.size, c.shown) for c in cuts if c.had_room}


def watched(render: Callable[..., bytes], watch: Watch) -> Callable[..., bytes]:
    def draw(view: Any, names: Sequence[str], locale: str = "en", **kw: Any) -> bytes:
        watch.names = names
        return render(view, names, locale, **kw)

    return draw


def run_demo(game: str, locale: str, seed: int, level: str, players: int | None) -> Watch:
    watch = Watch()
    saved = demo_main.render_board, demo_main.render_score_sheet
    demo_main.render_board = watched(saved[0], watch)
    demo_main.render_score_sheet = watched(saved[1], watch)
    try:
        with tempfile.TemporaryDirectory() as out, watch.on(), contextlib.redirect_stdout(io.StringIO()):
            code = asyncio.run(demo_main.demo(game, players, seed, Path(out), locale, level))
    finally:
        demo_main.render_board, demo_main.render_score_sheet = saved
    if code != 0:
        raise SystemExit(f"the {game} demo ({locale}) did not finish")
    return watch


def run_gallery() -> Watch:
    watch = Watch()
    watch.names = (*COMPUTERS, *COMPUTERS_JA)  # the gallery's worst cases; other names are short
    with tempfile.TemporaryDirectory() as out, watch.on(), contextlib.redirect_stdout(io.StringIO()):
        write_gallery(Path(out))
    return watch


def report(label: str, watch: Watch, texts: bool = False) -> int:
    found = len(watch.roomy) + len(watch.by_fit)
    print(f"{label:<32} names cut {watch.cuts:4d}   with room {len(watch.roomy):3d}   by fit {len(watch.by_fit):3d}")
    for name, room, size, shown in sorted(watch.roomy):
        print(f"    cut with room: {name!r} -> {shown!r} (room {room} px at size {size})")
    for whole, shown in sorted(watch.by_fit):
        print(f"    cut by fit: {whole!r} -> {shown!r}")
    for whole, shown in sorted(watch.texts) if texts else ():
        print(f"    text cut: {whole!r} -> {shown!r}")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=("easy", "normal", "strong"), default="easy")
    parser.add_argument("--players", type=int, default=None, help="players of every demo (each game's usual)")
    parser.add_argument("--no-gallery", action="store_true")
    parser.add_argument("--game", action="append", help="only this game's demos (repeatable)")
    parser.add_argument("--texts", action="store_true", help="list every text cut too, names or not")
    args = parser.parse_args(argv)
    total = 0
    if not args.no_gallery:
        total += report("gallery", run_gallery(), args.texts)
    for game in sorted(args.game or GAMES):
        for locale in ("en", "ja"):
            watch = run_demo(game, locale, args.seed, args.level, args.players)
            total += report(f"demo {game} {locale}", watch, args.texts)
    print(f"names cut where the box had room: {total}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
