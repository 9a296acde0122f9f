"""How long each image takes to make, PNG encoding included, and how big it is.

    python benchmarks/render.py [--rounds N] [--starts N] [--no-community]

For each image kind, typical and worst-case positions from seeded games are rendered `rounds` times
(after one warm-up pass that fills the sprite caches, as a running bot's are); the 50th and 95th
percentile times (CPU time of the process, `time.process_time`: the machine's load does not stretch
it as it does wall-clock time) and the largest PNG are printed. Rows marked "no text cached" empty the text caches
before every render, as for names and scores drawn for the first time; "nothing cached" also forgets
the placements of earlier boards, as for the first board drawn after a restart (normally a board is
the last one plus a tile, and its placement costs one tile). Rows starting "500" are Five Hundred tables
(cards on the table, the previous trick, the fullest six-player trick, an exposed open misère), hands and
score sheets. Rows starting "dom" are Domineren: mid-hand boards and the longest layout of every game
type, Billitonnen's tables, hands and session-end score sheets. Goals (one core): a late, branching board under
15 ms and a hand under 5 ms at p95, each under 150 KB; any image with nothing cached under 15 ms (the
rows that forget caches; "not even glyphs" also forgets the characters the start-up warm-up draws; a
Five Hundred board has no placement to forget, so its "nothing cached" is its text). The first render
in a fresh process, which draws its sprites, is printed apart; then the first image of a fresh process
that ran the bot's start-up warm-up (`rendering.warm`), for each family's worst board and the largest
hand, in `starts` processes each (goal: under 15 ms, issue #26 item 9).

Then the community pictures (`--community` runs only these): the animated summary (GIF) of the longest
hand of each family and of whole games (all moves, or sampled to the default frame limit), each timed
over a few rounds with its size, its frame count and the same frames as an APNG for comparison (goal:
under 4 MB for the longest hand of each family, under 2 MB for a typical one); rating charts (one
point, a year of games, several series) and tournament pictures (4- and 32-entrant brackets, Swiss
standings of 12 and 32 players).
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from bot.engine.domineren import TYPE_IDS
from rendering import render_board, render_hand, render_score_sheet, text
from rendering.fives import geometry
from rendering.gallery import NAMES, NAMES_500, NAMES_500_JA, NAMES_JA, hand_boards, play, play_500, play_domineren

GOALS_MS = {"board": 15.0, "hand": 5.0}
FIRST_MS = 15.0  # any image with nothing cached (issue #26 item 9): the rows that forget caches
GOAL_BYTES = 150 * 1024


def boards(game_id: str, players: int, seeds: Sequence[int], options: dict[str, Any] | None = None) -> dict:
    """Middle-of-hand boards (typical) and each game's longest board (worst) over `seeds`."""
    typical, worst = [], []
    for seed in seeds:
        for hand in hand_boards(game_id, players, seed, options):
            played = [v for v in hand if v.layout]
            if played:
                typical.append(played[len(played) // 2])
                worst.append(max(played, key=lambda v: len(v.layout)))
    worst.sort(key=lambda v: -len(v.layout))
    return {"typical": typical[:40], "worst": worst[:10]}


def frame_count(data: bytes) -> int:
    """Frames of an animated image (a still image has one)."""
    return int(getattr(Image.open(io.BytesIO(data)), "n_frames", 1))  # only animated formats define it


def hands(game_id: str, players: int, seeds: Sequence[int], options: dict[str, Any] | None = None) -> dict:
    """Seats' views on their turn: the first few of each game (typical) and the largest hands (worst)."""
    typical: list[Any] = []
    worst: list[Any] = []
    for seed in seeds:
        for state in play(game_id, players, seed, options):
            seat = state.current_seat
            if seat is None:
                continue
            view = state.view(seat)
            if len(typical) < 40 * (seed + 1) and view.layout:
                typical.append(view)
            worst.append(view)
    worst.sort(key=lambda v: -len(v.hand))
    return {"typical": typical[:40], "worst": worst[:10]}


def sheets(game_id: str, players: int, seeds: Sequence[int]) -> dict:
    ends = [hand_boards(game_id, players, seed)[-1][-1] for seed in seeds]
    ends.sort(key=lambda v: -len(v.hands))
    return {"typical": ends[len(ends) // 2 :], "worst": ends[:3]}


def five_hundred(players: int, seeds: Sequence[int], options: dict[str, Any] | None = None, bold: bool = False) -> dict:
    """Five Hundred positions of the computer player: public views with cards on the table (typical),
    the fullest tables (worst: a trick one card short of complete, or an open misère hand exposed),
    seats' views on their turn and the largest hands (the declarer's, with the widow)."""
    boards, hands_ = [], []
    for seed in seeds:
        for state in play_500(players, seed, options, bold):
            boards.append(state.view(None))
            if state.current_seat is not None:
                hands_.append(state.view(state.current_seat))
    playing = [v for v in boards if v.trick]
    worst = sorted(playing, key=lambda v: -(len(v.trick) + (10 if v.exposed else 0)))
    on_turn = [v for v in hands_ if v.phase == "play"]
    return {
        "typical": playing[:: max(1, len(playing) // 40)][:40],
        "worst": worst[:10],
        "hands": on_turn[:: max(1, len(on_turn) // 40)][:40],
        "big_hands": sorted(hands_, key=lambda v: -len(v.hand))[:10],
        "ends": [v for v in boards if v.over],
    }


def domineren(seeds: Sequence[int]) -> dict:
    """Domineren positions of the computer player: boards in the middle of a hand of every game type at
    3, 4 and 5 players (typical), the longest layout of each (worst), Billitonnen's tables, seats' views
    on their turn and the largest hands (three players after a run of draws), and the ends of sessions."""
    typical, worst, hands_, ends, rows = [], [], [], [], []
    for k, type_id in enumerate(TYPE_IDS):
        for seed in seeds[:2]:
            views = []
            for state in play_domineren(3 + (k + seed) % 3, seed, type_id, {"hands": 1, "billitonnen": "off"}):
                view = state.view(None)
                if view.game_type is not None and view.game_type.id == type_id and view.layout:
                    views.append(view)
                    if state.current_seat is not None:
                        hands_.append(state.view(state.current_seat))
            if views:
                typical.append(views[len(views) // 2])
                worst.append(max(views, key=lambda v: len(v.layout)))
    for seed in seeds:
        for state in play_domineren(4 + seed % 2, seed, options={"hands": 1}):
            if state.phase == "billitonnen":
                rows.append(state.view(None))
                if state.current_seat is not None and len(rows) % 4 == 0:
                    hands_.append(state.view(state.current_seat))
        ends.append(state.view(None))
    worst.sort(key=lambda v: -len(v.layout))
    on_turn = [v for v in hands_ if v.phase == "play"]
    return {
        "typical": typical,
        "worst": worst[:12],
        "billitonnen": rows[:: max(1, len(rows) // 40)],
        "hands": on_turn[:: max(1, len(on_turn) // 40)],
        "big_hands": sorted(hands_, key=lambda v: -len(v.hand or ()))[:10],
        "row_hands": [v for v in hands_ if v.phase == "billitonnen"],
        "ends": ends,
    }


def forget_text() -> None:
    """Empty the caches of rendered text, as for names and scores a bot has not drawn before."""
    for cached in (text.fit, text.text_width, text.runs, text._coverage, text._inked):
        cached.cache_clear()


def forget_all() -> None:
    """Text and placements: a board first drawn after a restart, with no earlier board of its hand."""
    forget_text()
    geometry._CACHE.clear()


def forget_glyphs() -> None:
    """All that and the characters' coverage too, which the bot's start-up warm-up draws (a process
    that skipped it)."""
    forget_all()
    text._glyph.cache_clear()


def measure(
    fn: Callable[[Any], bytes], views: Sequence[Any], rounds: int, forget: Callable[[], None] | None = None
) -> tuple[float, float, int, int]:
    for view in views:  # warm-up: sprites and glyphs a running bot would already have cached
        fn(view)
    times, sizes = [], []
    for k in range(rounds):
        view = views[k % len(views)]
        if forget is not None:
            forget()
        start = time.process_time()
        data = fn(view)
        times.append((time.process_time() - start) * 1000)
        sizes.append(len(data))
    q = statistics.quantiles(times, n=100)
    return q[49], q[94], max(sizes), round(statistics.mean(sizes))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--starts", type=int, default=3, help="fresh processes for each first image after a start")
    parser.add_argument("--community", action="store_true", help="only the replays, charts and tournaments")
    parser.add_argument("--no-community", action="store_true", help="only the boards, hands and score sheets")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the goals say
    if not args.community:
        pictures(args.rounds)
        first_after_start(args.starts)
    if not args.no_community:
        community()


def pictures(rounds: int) -> None:

    seeds = range(8)
    first_view = hand_boards("five-up", 4, 100)[0][5]
    start = time.process_time()
    render_board(first_view, NAMES)
    cold = (time.process_time() - start) * 1000
    first_500 = next(s.view(None) for s in play_500(4, 100) if len(s.trick) == 3)
    start = time.process_time()
    render_board(first_500, NAMES_500)
    cold_500 = (time.process_time() - start) * 1000
    first_dom = next(v for v in (s.view(None) for s in play_domineren(4, 100, "13a")) if len(v.layout) > 8)
    start = time.process_time()
    render_board(first_dom, NAMES)
    cold_dom = (time.process_time() - start) * 1000

    cases: list[tuple[str, str, Callable[[Any], bytes], Sequence[Any], Callable[[], None] | None]] = []
    five_up = boards("five-up", 4, seeds)
    d9 = boards("all-fives", 3, seeds, {"tile_set": "d9"})
    rocks = boards("seven-rocks", 4, seeds)
    draw5 = boards("draw", 5, seeds)
    board = lambda v: render_board(v, NAMES)  # noqa: E731
    board_ja = lambda v: render_board(v, NAMES_JA, "ja")  # noqa: E731
    cases += [
        ("board", "typical: five-up 4p, mid-hand", board, five_up["typical"], None),
        ("board", "worst: five-up 4p, longest", board, five_up["worst"], None),
        ("board", "worst: seven-rocks, longest", board, rocks["worst"], None),
        ("board", "worst: seven-rocks, nothing cached", board, rocks["worst"], forget_all),
        ("board", "worst: draw 5p, longest, ja", board_ja, draw5["worst"], None),
        ("board", "worst: all-fives d9 3p, longest", board, d9["worst"], None),
        ("board", "worst: d9 3p, no text cached", board, d9["worst"], forget_text),
        ("board", "worst: d9 3p, nothing cached", board, d9["worst"], forget_all),
        ("board", "worst: d9 3p, not even glyphs", board, d9["worst"], forget_glyphs),
    ]
    hand = lambda v: render_hand(v, NAMES)  # noqa: E731
    big_hands = hands("all-fives", 3, seeds, {"tile_set": "d9"})["worst"]
    cases += [
        ("hand", "typical: five-up 4p", hand, hands("five-up", 4, seeds)["typical"], None),
        ("hand", "worst: all-fives d9 3p, largest", hand, big_hands, None),
        ("hand", "worst: d9 3p, no text cached", hand, big_hands, forget_text),
    ]
    sheet = lambda v: render_score_sheet(v, NAMES)  # noqa: E731
    five_up_sheets = sheets("five-up", 3, range(12))
    cases += [
        ("sheet", "typical: five-up 3p, game end", sheet, five_up_sheets["typical"], None),
        ("sheet", "worst: five-up 3p, most hands", sheet, five_up_sheets["worst"], None),
        ("sheet", "worst: most hands, no text cached", sheet, five_up_sheets["worst"], forget_text),
    ]

    board_500 = lambda v: render_board(v, NAMES_500)  # noqa: E731
    board_500_ja = lambda v: render_board(v, NAMES_500_JA, "ja")  # noqa: E731
    previous_500 = lambda v: render_board(v, NAMES_500, show_previous=True)  # noqa: E731
    hand_500 = lambda v: render_hand(v, NAMES_500)  # noqa: E731
    sheet_500 = lambda v: render_score_sheet(v, NAMES_500)  # noqa: E731
    four, six = five_hundred(4, seeds), five_hundred(6, seeds)
    exposed = five_hundred(3, seeds, bold=True)
    widow5 = five_hundred(2, seeds, {"two_player_deck": "25_widow5"})
    cases += [
        ("board", "500 typical: 4p, cards on the table", board_500, four["typical"], None),
        ("board", "500 typical: 4p, previous trick", previous_500, four["typical"], None),
        ("board", "500 worst: 6p, fullest trick, ja", board_500_ja, six["worst"], None),
        ("board", "500 worst: 3p, open misère exposed", board_500, exposed["worst"], None),
        ("board", "500 worst: 6p, nothing cached", board_500_ja, six["worst"], forget_all),
        ("hand", "500 typical: 4p, on turn to play", hand_500, four["hands"], None),
        ("hand", "500 worst: 2p, 15 cards with the widow", hand_500, widow5["big_hands"], None),
        ("hand", "500 worst: 2p, 15 cards, no text cached", hand_500, widow5["big_hands"], forget_text),
        ("sheet", "500: 4p and 6p, game end", sheet_500, four["ends"] + six["ends"], None),
        ("sheet", "500: game end, no text cached", sheet_500, four["ends"] + six["ends"], forget_text),
    ]

    board_dom = lambda v: render_board(v, NAMES)  # noqa: E731
    board_dom_ja = lambda v: render_board(v, NAMES_JA, "ja")  # noqa: E731
    hand_dom = lambda v: render_hand(v, NAMES)  # noqa: E731
    sheet_dom = lambda v: render_score_sheet(v, NAMES)  # noqa: E731
    dom = domineren(seeds)
    cases += [
        ("board", "dom typical: every type, mid-hand", board_dom, dom["typical"], None),
        ("board", "dom worst: longest layouts, ja", board_dom_ja, dom["worst"], None),
        ("board", "dom worst: longest, nothing cached", board_dom, dom["worst"], forget_all),
        ("board", "dom worst: longest, not even glyphs", board_dom, dom["worst"], forget_glyphs),
        ("board", "dom: Billitonnen, 4p and 5p rows", board_dom, dom["billitonnen"], None),
        ("hand", "dom typical: on turn to play", hand_dom, dom["hands"], None),
        ("hand", "dom worst: 3p, largest hands", hand_dom, dom["big_hands"], None),
        ("hand", "dom worst: largest, no text cached", hand_dom, dom["big_hands"], forget_text),
        ("hand", "dom: Billitonnen, the own row", hand_dom, dom["row_hands"], None),
        ("sheet", "dom: 4p and 5p, session end", sheet_dom, dom["ends"], None),
        ("sheet", "dom: session end, no text cached", sheet_dom, dom["ends"], forget_text),
    ]

    print(f"first board in a fresh process (draws its sprites): {cold:.1f} ms")
    print(f"first Five Hundred board after it (draws its card sprites): {cold_500:.1f} ms")
    print(f"first Domineren board after them (its band, markers and ledger): {cold_dom:.1f} ms")
    print(f"{'kind':<6} {'positions':<40} {'p50 ms':>7} {'p95 ms':>7} {'max KB':>7} {'mean KB':>8}  goal")
    for kind, label, fn, views, forget in cases:
        p50, p95, biggest, mean = measure(fn, views, rounds, forget)
        goal = FIRST_MS if forget is not None else GOALS_MS.get(kind)
        ok = "" if goal is None else ("ok" if p95 < goal and biggest < GOAL_BYTES else "MISSED")
        print(f"{kind:<6} {label:<40} {p50:7.2f} {p95:7.2f} {biggest / 1024:7.1f} {mean / 1024:8.1f}  {ok}")


WARMED_START = """
import pickle, sys, time
from rendering import render_board, render_hand
from rendering.warm import warm_up
kind, view, names, locale = pickle.loads(sys.stdin.buffer.read())
warm_up()
start = time.process_time()
(render_board if kind == "board" else render_hand)(view, names, locale)
print((time.process_time() - start) * 1000)
"""


def warmed_start(kind: str, view: Any, names: Sequence[str], locale: str = "en") -> float:
    """The CPU ms of the first image of a fresh process that ran `rendering.warm.warm_up()` first, as the
    bot does at start: nothing of the image itself cached (its names, its placement, its position are new
    to the process, as a first game's after a restart are)."""
    import pickle
    import subprocess

    root = Path(__file__).resolve().parent.parent
    out = subprocess.run(
        [sys.executable, "-c", WARMED_START],
        cwd=root,
        input=pickle.dumps((kind, view, list(names), locale)),
        capture_output=True,
        check=True,
    )
    return float(out.stdout.split()[-1])


def first_after_start(starts: int) -> None:
    """Each family's first board after a start (its worst layout: the longest, the fullest trick), and the
    largest hand, each in `starts` fresh processes."""
    seeds, d9 = range(8), {"tile_set": "d9"}
    cases = [
        ("board", "five-up 4p, some tiles in", hand_boards("five-up", 4, 100)[0][5], NAMES, "en"),
        ("board", "all-fives d9 3p, longest", boards("all-fives", 3, seeds, d9)["worst"][0], NAMES, "en"),
        ("board", "seven-rocks 4p, longest", boards("seven-rocks", 4, seeds)["worst"][0], NAMES, "en"),
        ("board", "draw 5p, longest, ja", boards("draw", 5, seeds)["worst"][0], NAMES_JA, "ja"),
        ("board", "500 6p, fullest trick, ja", five_hundred(6, seeds)["worst"][0], NAMES_500_JA, "ja"),
        ("board", "dom, longest layout", domineren(seeds)["worst"][0], NAMES, "en"),
        ("hand", "all-fives d9 3p, largest", hands("all-fives", 3, seeds, d9)["worst"][0], NAMES, "en"),
    ]
    print(f"first image of a fresh process after the start-up warm-up ({starts} starts each), CPU ms")
    print(f"{'kind':<6} {'position':<40} {'median':>7} {'max':>7}  goal")
    for kind, label, view, names, locale in cases:
        times = [warmed_start(kind, view, names, locale) for _ in range(starts)]
        worst = max(times)
        ok = "ok" if worst < FIRST_MS else "MISSED"
        print(f"{kind:<6} {label:<40} {statistics.median(times):7.1f} {worst:7.1f}  {ok}")


def community() -> None:
    """Replays, rating charts and tournament pictures (each timed over a few rounds: they take longer)."""
    from bot.engine.records import hand_positions, public_positions, record_of
    from rendering.gallery_community import PLAYERS, rating_walk, sample_bracket, sample_standings
    from rendering.rating_chart import RatingPoint, RatingSeries, SeasonMark, render_rating_chart
    from rendering.replay import MAX_FRAMES, render_replay
    from rendering.tournament import render_bracket, render_standings

    def timed(fn: Callable[[], bytes], rounds: int) -> tuple[float, bytes]:
        fn()  # warm-up
        times, data = [], b""
        for _ in range(rounds):
            start = time.perf_counter()
            data = fn()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times), data

    print(f"{'animation (GIF)':<44} {'positions':>9} {'frames':>6} {'ms':>7} {'ms/frame':>8} {'KB':>7} {'APNG KB':>8}")
    games = [
        ("five-up 4p", lambda s: play("five-up", 4, s), NAMES),
        ("all-fives d9 3p", lambda s: play("all-fives", 3, s, {"tile_set": "d9"}), NAMES),
        ("five-hundred 4p", lambda s: play_500(4, s), NAMES_500),
        ("five-hundred 6p", lambda s: play_500(6, s), NAMES_500),
        ("domineren 4p", lambda s: play_domineren(4, s, options={"hands": 3}), NAMES),
    ]
    for label, game, names in games:
        longest: list[Any] = []
        whole: list[Any] = []
        for seed in range(4):
            *_, end = game(seed)
            views = public_positions(record_of(end))
            whole = max(whole, views, key=len)
            for n in {v.hand_no for v in views}:
                longest = max(longest, hand_positions(views, n), key=len)
        cases: list[tuple[str, list[Any], int | None]] = [
            (f"{label}: longest hand", longest, None),
            (f"{label}: whole game, sampled", whole, None),
            (f"{label}: whole game, every move", whole, len(whole) + 1),
        ]
        for case, views, most in cases:
            draw = (
                partial(render_replay, views, names)
                if most is None
                else partial(render_replay, views, names, max_frames=most)
            )
            ms, gif = timed(draw, 2)
            frames = frame_count(gif)
            print(
                f"{case:<44} {len(views):>9} {frames:>6} {ms:7.0f} {ms / frames:8.1f} {len(gif) / 1024:7.0f}"
                f" {len(_as_apng(gif)) / 1024:8.0f}"
            )
    print(f"(frame limit {MAX_FRAMES}; a game with more positions is sampled, hand ends kept)")

    start = datetime(2026, 1, 5, tzinfo=UTC)
    seasons = [SeasonMark(start + timedelta(days=90 * k), f"Season {k}") for k in range(1, 4)]
    one = [RatingSeries("", (RatingPoint(start, 1.0),))]
    year = [RatingSeries("", rating_walk(1, 700, 0.5))]
    several = [RatingSeries(f"Game {k}", rating_walk(k, 150, 2.0)) for k in range(6)]
    tables = [
        ("rating chart: one point", lambda: render_rating_chart("Alice", one)),
        ("rating chart: 700 points, 3 seasons", lambda: render_rating_chart("Alice", year, seasons=seasons)),
        ("rating chart: 6 series of 150, ja", lambda: render_rating_chart("さくら", several, "ja")),
        ("bracket: 4 entrants", lambda: render_bracket(sample_bracket(PLAYERS[:4], 1, "Cup"))),
        ("bracket: 32 entrants, long names", lambda: render_bracket(sample_bracket(PLAYERS[:32], 3, "Open"))),
        ("standings: Swiss, 12 players, 5 rounds", lambda: render_standings(sample_standings(PLAYERS[:12], 5, 5, "S"))),
        ("standings: Swiss, 32 players, 9 rounds", lambda: render_standings(sample_standings(PLAYERS[:32], 9, 9, "S"))),
    ]
    print(f"{'picture (PNG)':<44} {'size':>10} {'ms':>7} {'KB':>7}")
    for label, fn in tables:
        ms, png = timed(fn, 20)
        size = "x".join(map(str, Image.open(io.BytesIO(png)).size))
        print(f"{label:<44} {size:>10} {ms:7.1f} {len(png) / 1024:7.1f}")


def _as_apng(gif: bytes) -> bytes:
    """The same frames and timings as an animated PNG, to compare sizes."""
    from rendering.replay import _full_palette

    image = Image.open(io.BytesIO(gif))
    frames, durations = [], []
    for k in range(frame_count(gif)):
        image.seek(k)
        # Pillow hands GIF frames after the first as RGB: back to the house palette, exactly (the same colours)
        frames.append(image.convert("RGB").quantize(palette=_full_palette(), dither=Image.Dither.NONE))
        durations.append(image.info.get("duration", 100))
    out = io.BytesIO()
    frames[0].save(out, "PNG", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return out.getvalue()


if __name__ == "__main__":
    main()
