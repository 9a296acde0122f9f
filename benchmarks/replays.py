"""How long a replay takes to open and to step, and how big its animated hand is.

    python -m benchmarks.replays [--rounds N] [--actions 100]

For each family a seeded game of `--actions` actions (computers playing) is stored in a SQLite file as the
bot stores games, and ended. Then, as `/replay` does:

- open: the store read, the replay built from the log (every position, every seat's holding, every
  play's and hand's notification), the first frame's embed and its board drawn. "cold" is the first
  viewer of a game (a new table service: nothing built yet); "warm" a later viewer of the same game (the
  replay is shared, its first image is drawn again).
- step: one frame further, as ▶ does: the frame's embed and its image (board or score sheet), drawn for
  the first time (a viewer keeps what it has drawn: going back costs nothing).
- GIF: the animated summary of the game's middle-length hand (Animate hand) and of the whole game
  (Animate game): time and size.

Times are wall-clock milliseconds with the process's CPU time beside them (the machine may be shared:
CPU time is the figure to compare). Goals: open under 300 ms, a step under 100 ms (p95), a typical
hand's GIF under 2 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, installed or not

from bot.ai import think
from bot.engine import new_game
from bot.tables import TableService
from bot.tables.replays import GameReplay
from cogs.replays import HAND_GIF_BYTES, frame_embed, frame_image
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


def first_frame(replay: GameReplay) -> None:
    frame_embed(replay, 0, "en")
    frame_image(replay, replay.frames[0], "en")


async def measure(folder: Path, game_id: str, players: int, actions: int, rounds: int) -> None:
    store = await open_store(folder / f"{game_id}.sqlite3")
    try:
        game_no = await store_game(store, game_id, players, actions, seed=7)
        opens, cpu_opens = [], []
        for _ in range(rounds):
            service = TableService(store)  # a new service: nothing built yet

            async def cold(service: TableService = service) -> GameReplay:
                replay = await service.replay(game_no, GUILD)
                first_frame(replay)
                return replay

            replay, wall, cpu = await atimed(cold)
            opens.append(wall)
            cpu_opens.append(cpu)
        _, warm, warm_cpu = timed(lambda: first_frame(replay))
        steps, cpu_steps = [], []
        for k in range(1, len(replay.frames)):

            def step(k: int = k) -> None:
                frame_embed(replay, k, "en")
                frame_image(replay, replay.frames[k], "en")

            _, wall, cpu = timed(step)
            steps.append(wall)
            cpu_steps.append(cpu)
        starts = {replay.hand_start(k) for k in range(len(replay.frames))}
        hands = sorted(starts, key=lambda k: len(replay.hand_positions(k)))
        typical = replay.hand_positions(hands[len(hands) // 2])
        names = [f"Player {s + 1}" for s in range(players)]
        hand_gif, hand_ms, hand_cpu = timed(lambda: render_replay(typical, names, "en", max_bytes=HAND_GIF_BYTES))
        game_gif, game_ms, game_cpu = timed(lambda: render_replay(replay.positions, names, "en"))
    finally:
        await store.close()
    moves = len(replay.positions) - 1
    p95 = statistics.quantiles(steps, n=20)[-1] if len(steps) > 1 else steps[0]
    cpu95 = statistics.quantiles(cpu_steps, n=20)[-1] if len(cpu_steps) > 1 else cpu_steps[0]
    print(
        f"{game_id:13} {players}p {moves:4d} moves {len(replay.frames):4d} frames | "
        f"open cold {statistics.median(opens):6.1f} ms (cpu {statistics.median(cpu_opens):6.1f}) "
        f"warm {warm:5.1f} ms (cpu {warm_cpu:5.1f}) | "
        f"step p50 {statistics.median(steps):5.1f} p95 {p95:5.1f} max {max(steps):5.1f} ms "
        f"(cpu p50 {statistics.median(cpu_steps):5.1f} p95 {cpu95:5.1f}) | "
        f"hand GIF {len(typical) - 1:3d} moves {len(hand_gif) / 1024:6.0f} KB {hand_ms:6.0f} ms "
        f"(cpu {hand_cpu:5.0f}) | "
        f"game GIF {len(game_gif) / 1024:6.0f} KB {game_ms:6.0f} ms (cpu {game_cpu:5.0f})"
    )
    flags = []
    if statistics.median(cpu_opens) > GOAL_OPEN_MS:
        flags.append("open over its goal")
    if cpu95 > GOAL_STEP_MS:
        flags.append("step over its goal")
    if len(hand_gif) > GOAL_HAND_BYTES:
        flags.append("hand GIF over its goal")
    if flags:
        print(f"  !! {game_id}: {', '.join(flags)}")


async def main(rounds: int, actions: int) -> None:
    print(f"replays of {actions}-action games: open (store read, replay built, first frame) and each step")
    with tempfile.TemporaryDirectory() as folder:
        for game_id, players in GAMES:
            await measure(Path(folder), game_id, players, actions, rounds)
    print(f"goals: open < {GOAL_OPEN_MS:.0f} ms, step p95 < {GOAL_STEP_MS:.0f} ms, typical hand GIF < 2 MB")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="cold opens timed per game (the median is printed)")
    parser.add_argument("--actions", type=int, default=100, help="actions per game")
    args = parser.parse_args()
    asyncio.run(main(args.rounds, args.actions))
