"""How long a replay takes to open and to step, how much a kept replay weighs, and how big its animated hand is.

    python -m benchmarks.replays [--rounds N] [--actions 100]

For each family a seeded game of `--actions` actions (computers playing) is stored in a SQLite file as the
bot stores games, and ended. Then, as `/replay` and a viewer's buttons do:

- open: the store read, the replay built from the log (every position, every seat's holding, every
  play's and hand's notification), the first frame's message (embed, board, buttons). "cold" is the first
  viewer of a game (a new table service: nothing built yet); "warm" a later viewer of the same game (the
  replay is kept by the table service and shared).
- step: a click on ▶, frame after frame: the replay looked up (kept: nothing replayed), the frame's embed,
  its image (board or score sheet) and its buttons. A viewer keeps nothing: every click draws its frame.
- after a restart: the first click on a viewer's button in a process that has not built the game's replay
  yet (a new table service), at the game's middle frame: the store read and the replay built, then the
  frame drawn. Every later click of any viewer of the game is a "step".
- kept: the memory one built replay holds (traced), and so the most the table service's replays can hold
  for games of this length (the newest, within `CACHED` replays and `KEPT_POSITIONS` positions).
- GIF: the animated summary of the game's middle-length hand (Animate hand) and of the whole game
  (Animate game): time and size.

Times are wall-clock milliseconds with the process's CPU time beside them (the machine may be shared:
CPU time is the figure to compare). Goals: open under 300 ms, a step under 100 ms (p95; after a restart
too), a typical hand's GIF under 2 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from benchmarks.arguments import at_least
from bot.ai import think
from bot.engine import new_game
from bot.tables import TableService
from bot.tables.play.replays import CACHED, KEPT_POSITIONS
from cogs.controls.replays import HAND_GIF_BYTES, Page, viewer_page
from data import ActionWrite, GameRow, SeatRow, open_store
from rendering.replay import render_replay

GAMES = (("five-up", 4), ("all-fives", 2), ("draw", 3), ("five-hundred", 4), ("domineren", 4))
GUILD = 1
GOAL_OPEN_MS, GOAL_STEP_MS, GOAL_HAND_BYTES = 300.0, 100.0, 2_000_000


def timed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    """What `run` returns, with its wall and CPU milliseconds."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = run()
    return out, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


async def atimed(run: Callable[[], Any]) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    out = await run()
    return out, (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


async def store_game(store: Any, game_id: str, players: int, actions: int, seed: int) -> int:
    """A seeded game of `actions` actions (fewer if it ends first), stored and ended as the bot would."""
    state = new_game(game_id, players, {}, seed=seed)
    seats = tuple(SeatRow(100 + s, f"Player {s + 1}") for s in range(players))
    options = dict(state.options)
    row = GameRow(None, None, GUILD, 2, 100, game_id, players, options, seed, None, None, seats, "active", 0.0)
    game_no = await store.create_game(row)
    for turn in range(actions):
        if state.is_over:
            break
        seat = state.current_seat
        assert seat is not None
        state.apply(seat, think(state.view(seat), turn, "easy"))
        text = state.format_action(state.steps[-1].action)
        await store.append_action(ActionWrite(game_no, turn, seat, text, "player", float(turn), None, None))
    await store.end_game(game_no, "finished" if state.is_over else "abandoned", float(actions))
    return game_no


async def click(service: TableService, game_no: int, frame: int) -> Page:
    """What a viewer's button does: the replay looked up (built if this service has not yet), a frame drawn."""
    replay = await service.replays.open(game_no, GUILD)
    return viewer_page(replay, frame, "en", opener=None)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


async def measure(folder: Path, game_id: str, players: int, actions: int, rounds: int) -> None:
    store = await open_store(folder / f"{game_id}.sqlite3")
    try:
        game_no = await store_game(store, game_id, players, actions, seed=7)
        opens, cpu_opens = [], []
        for _ in range(rounds):
            service = TableService(store)  # a new service: nothing built yet
            _, wall, cpu = await atimed(partial(click, service, game_no, 0))
            opens.append(wall)
            cpu_opens.append(cpu)
        replay = await service.replays.open(game_no, GUILD)
        _, warm, warm_cpu = await atimed(partial(click, service, game_no, 0))
        steps, cpu_steps = [], []
        for k in range(1, len(replay.frames)):
            _, wall, cpu = await atimed(partial(click, service, game_no, k))
            steps.append(wall)
            cpu_steps.append(cpu)
        middle = len(replay.frames) // 2
        restarts, cpu_restarts = [], []
        for _ in range(rounds):
            fresh = TableService(store)  # the process after a restart
            _, wall, cpu = await atimed(partial(click, fresh, game_no, middle))
            restarts.append(wall)
            cpu_restarts.append(cpu)
        tracemalloc.start()
        traced = await TableService(store).replays.open(game_no, GUILD)
        kept = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        del traced
        starts = {replay.hand_start(k) for k in range(len(replay.frames))}
        hands = sorted(starts, key=lambda k: len(replay.hand_positions(k)))
        typical = replay.hand_positions(hands[len(hands) // 2])
        names = [f"Player {s + 1}" for s in range(players)]
        hand_gif, hand_ms, hand_cpu = timed(lambda: render_replay(typical, names, "en", max_bytes=HAND_GIF_BYTES))
        game_gif, game_ms, game_cpu = timed(lambda: render_replay(replay.positions, names, "en"))
    finally:
        await store.close()
    moves = len(replay.positions) - 1
    cpu95 = p95(cpu_steps)
    most = min(CACHED, max(1, KEPT_POSITIONS // len(replay.positions)))  # replays of this length kept at once
    print(
        f"{game_id:13} {players}p {moves:4d} moves {len(replay.frames):4d} frames | "
        f"open cold {statistics.median(opens):6.1f} ms (cpu {statistics.median(cpu_opens):6.1f}) "
        f"warm {warm:5.1f} ms (cpu {warm_cpu:5.1f}) | "
        f"step p50 {statistics.median(steps):5.1f} p95 {p95(steps):5.1f} max {max(steps):5.1f} ms "
        f"(cpu p50 {statistics.median(cpu_steps):5.1f} p95 {cpu95:5.1f}) | "
        f"after a restart {statistics.median(restarts):6.1f} ms (cpu {statistics.median(cpu_restarts):6.1f}) | "
        f"kept {kept / 1024:6.0f} KB (at most {most:2d} kept: {most * kept / 2**20:5.1f} MB) | "
        f"hand GIF {len(typical) - 1:3d} moves {len(hand_gif) / 1024:6.0f} KB {hand_ms:6.0f} ms "
        f"(cpu {hand_cpu:5.0f}) | "
        f"game GIF {len(game_gif) / 1024:6.0f} KB {game_ms:6.0f} ms (cpu {game_cpu:5.0f})"
    )
    flags = []
    if statistics.median(cpu_opens) > GOAL_OPEN_MS:
        flags.append("open over its goal")
    if cpu95 > GOAL_STEP_MS:
        flags.append("step over its goal")
    if statistics.median(cpu_restarts) > GOAL_STEP_MS:
        flags.append("a step after a restart over its goal")
    if len(hand_gif) > GOAL_HAND_BYTES:
        flags.append("hand GIF over its goal")
    if flags:
        print(f"  !! {game_id}: {', '.join(flags)}")


async def main(rounds: int, actions: int) -> None:
    print(
        f"replays of {actions}-action games: open (store read, replay built, first frame), each step, a step "
        "after a restart (the replay built again), the memory a kept replay holds"
    )
    with tempfile.TemporaryDirectory() as folder:
        for game_id, players in GAMES:
            await measure(Path(folder), game_id, players, actions, rounds)
    print(
        f"goals: open < {GOAL_OPEN_MS:.0f} ms, step p95 < {GOAL_STEP_MS:.0f} ms (after a restart too), "
        "typical hand GIF < 2 MB"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--rounds", type=at_least(1), default=5, help="cold opens timed per game (the median is printed)"
    )
    parser.add_argument("--actions", type=at_least(1), default=100, help="actions per game")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.actions))
