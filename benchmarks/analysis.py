"""Post-game analysis of a long game, its moves spread over worker processes (issue 28: a 60-move game with
2 worker processes in under 60 s).

    nice -n 10 python benchmarks/analysis.py [--moves 60] [--workers 2] [--game five-up] [--players 2]

A whole game is played by the `easy` computers from `--seed` until one seat has `--moves` decisions with a
real choice (several games are played if one is not long enough: the first long enough is taken); that
seat's first `--moves` decisions are analysed by `bot.ai.analysis.analyse_move` with the default budget,
in a ProcessPoolExecutor of `--workers` processes, one move a task. Printed: the wall time (pool start
included), the CPU time of the parent and of the workers, the time per move, and the check that the result
is the same as the same analysis in one process (`--check`, which runs it again serially).
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.arguments import at_least
from bot.ai import choose_action
from bot.ai.analysis import Budget, MoveAnalysis, Position, analyse_move, positions
from bot.engine import new_game
from bot.engine.records import record_of


def long_game(game_id: str, players: int, moves: int, seed: int) -> tuple[dict[str, Any], list[Position]]:
    """The record of the first game from `seed` on whose seat 0 has at least `moves` real choices."""
    for s in range(seed, seed + 50):
        state = new_game(game_id, players, {}, seed=s)
        rng = random.Random(s)
        while not state.is_over:
            seat = state.current_seat
            assert seat is not None
            state.apply(seat, choose_action(state.view(seat), rng, "easy"))
        record = record_of(state)
        found = positions(record, 0)
        if len(found) >= moves:
            return record, found[:moves]
    raise SystemExit(f"no {game_id} game from seed {seed} gives seat 0 {moves} choices in 50 tries")


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _cpu_self() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=at_least(1), default=60)
    parser.add_argument("--workers", type=at_least(1), default=2)
    parser.add_argument("--game", default="five-up")
    parser.add_argument("--players", type=at_least(2), default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=at_least(1), default=Budget().playouts)
    parser.add_argument("--check", action="store_true", help="also analyse in one process and compare")
    args = parser.parse_args()
    budget = Budget(playouts=args.playouts)

    record, found = long_game(args.game, args.players, args.moves, args.seed)
    print(
        f"{args.game} {args.players}p seed {args.seed}: {len(record['actions'])} actions, "
        f"seat 0's first {len(found)} choices analysed, {budget.playouts} playouts a move, {args.workers} workers"
    )
    cpu0, children0, wall0 = _cpu_self(), _cpu_children(), time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results: list[MoveAnalysis] = list(pool.map(analyse_move, found, [0] * len(found), [budget] * len(found)))
    wall = time.perf_counter() - wall0
    cpu_parent, cpu_workers = _cpu_self() - cpu0, _cpu_children() - children0
    print(
        f"wall {wall:.2f} s (goal < 60 s), CPU: workers {cpu_workers:.2f} s, parent {cpu_parent:.2f} s; "
        f"{1000 * cpu_workers / len(found):.0f} ms of CPU a move"
    )
    costly = sorted(results, key=lambda m: -m.cost)[:3]
    print("costliest:", "; ".join(f"#{m.index} {m.made} (best {m.best}, -{m.cost:.1f})" for m in costly))
    if args.check:
        serial = [analyse_move(p, 0, budget) for p in found]
        print("same as in one process:", serial == results)


if __name__ == "__main__":
    main()
