"""Benchmark of the table service and the store: many simultaneous games on a real SQLite file (or a
PostgreSQL database).

    python -m benchmarks.table [--games 1000] [--moves 12] [--samples 2000] [--postgres | --database URL]
    python -m benchmarks.table --overhead 9 [--games 100] [--moves 12] [--postgres | --database URL]

`--postgres` starts a throwaway PostgreSQL server (as the tests do, from Debian's package; fsync off, on a
unix socket) and runs there; `--database postgresql://...` runs on an empty database of yours.

1. load: `--games` games (two humans, two computers each) played at once, each human clicking like a user
   (private view, first legal action, with its turn token) for `--moves` clicks; actions per second.
2. latency: then one click at a time across the games: time to apply and commit one action (p50, p99),
   measured around each action (engine apply, log write and commit, notifications). Each click is then
   marked told in the outbox, as the announcer does once it has posted it (part of the throughput).
3. resume: a new store and service over the same file rebuild every active game by replaying its log.
4. memory: the memory held by the resumed games (tracemalloc), per active game.

The process is pinned to one CPU where the OS allows it. Goals: >= 500 actions/s, p99 < 10 ms,
< 100 KB per active game, resume of 1,000 games < 3 s.

`--overhead ROUNDS` measures instead what recording the bot's metrics costs (goal < 3 %): twin services
play the same seeded games, one without metrics and one with them, click for click interleaved, and the
CPU time of this process (`time.process_time`, not wall time: a shared machine's load moves wall time far
more than 3 %) is counted per action on each side. Each round is `--games` new twin games of `--moves`
clicks; the overhead is the median of the rounds' ratios (with / without), printed with their spread.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path
from typing import cast

from benchmarks.arguments import at_least, postgres_url
from bot.tables import (
    BoardChanged,
    GameEnded,
    LobbyChanged,
    Notification,
    Player,
    TableOpened,
    TableOver,
    TableService,
)
from bot.tables.play.turns import Turns
from bot.tables.telling.receipt import Notifications
from data import StoreInterface, open_store

GUILD = 1


def pin_to_one_cpu() -> str:
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        return f"pinned to CPU {cpu}"
    return "not pinned (no sched_setaffinity)"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


class Timed:
    """Wraps Turns.apply (one action: apply, write, commit, notifications) to time each action."""

    def __init__(self) -> None:
        self.samples: list[float] | None = None
        self._original = Turns.apply

    def install(self) -> None:
        original = self._original
        timed = self

        async def apply(turns, table, seat, action, kind, batch):
            if timed.samples is None:
                return await original(turns, table, seat, action, kind, batch)
            start = time.perf_counter()
            try:
                return await original(turns, table, seat, action, kind, batch)
            finally:
                timed.samples.append(time.perf_counter() - start)

        Turns.apply = apply  # type: ignore[method-assign]

    def remove(self) -> None:
        Turns.apply = self._original  # type: ignore[method-assign]


async def start_games(svc: TableService, count: int) -> list[int]:
    games = []
    for i in range(count):
        host = Player(10_000 + 2 * i, f"p{2 * i}")
        guest = Player(10_001 + 2 * i, f"p{2 * i + 1}")
        [opened] = await svc.lobbies.open(GUILD, 1, host, "five-up", {"partners": "by_agreement"})
        assert isinstance(opened, LobbyChanged)
        lobby_id = opened.lobby.lobby_id
        await svc.lobbies.join(lobby_id, guest)
        await svc.lobbies.add_computer(lobby_id, host.user_id)
        await svc.lobbies.add_computer(lobby_id, host.user_id)
        notes = await svc.games.start(lobby_id, host.user_id)
        games.append(next(n for n in notes if isinstance(n, TableOpened)).table.game_no)
    return games


async def told(svc: TableService, game_no: int, notes: Sequence[Notification]) -> None:
    """What the announcer does once it has posted a call's notifications: its receipt (made again if something
    settled the game's outbox since, as the announcer would under its lock) handed back with every key told."""
    receipt = notes.receipts.get(game_no) if isinstance(notes, Notifications) else None
    if receipt is None or not receipt.fresh():
        receipt = await svc.telling.receipt(game_no, notes)
    await svc.telling.told(receipt.posted(done=receipt.keys))


async def click(svc: TableService, game_no: int) -> tuple[int, bool]:
    """One human click in a game: (actions applied, game ended)."""
    table = await svc.tables.info(game_no)
    for seat in table.seats:
        if seat.user_id is None:
            continue
        hand = await svc.tables.private_view(game_no, seat.user_id)
        if hand.your_turn:
            notes = await svc.act(game_no, seat.user_id, hand.view.legal[0].text, hand.turn)
            await told(svc, game_no, notes)
            actions = sum(isinstance(n, BoardChanged) for n in notes)
            return actions, any(isinstance(n, GameEnded) for n in notes)
    raise RuntimeError(f"nobody is to act in game {game_no}")


async def drive(svc: TableService, game_no: int, moves: int) -> int:
    actions = 0
    for _ in range(moves):
        n, over = await click(svc, game_no)
        actions += n
        if over:
            break
    return actions


async def overhead(games: int, moves: int, rounds: int, folder: Path, control: bool = False) -> None:
    """Each round, two services on two fresh SQLite files play the same seeded games click for click, one as
    the bot without metrics and one with them (its store wrapped, recording on), their clicks interleaved
    (one click of a game without, the same click of its twin with, the order swapped at every game) so that
    the machine's changing load falls on both alike; which side is made first swaps every round. Each
    click's CPU time of this process (time.process_time: the event loop and aiosqlite's thread, not waits
    nor other processes) goes to its side. `control`: both sides without metrics, to show what the
    measurement reads when there is no difference."""
    from bot import metrics

    print(
        f"metrics overhead{' (control: no metrics on either side)' if control else ''}: {games} twin games x "
        f"{moves} clicks per round, {rounds} rounds, clicks without and with metrics interleaved; CPU time of "
        f"this process per action; {pin_to_one_cpu()}"
    )
    ratios: list[float] = []
    cpu_total: dict[bool, float] = {False: 0.0, True: 0.0}  # CPU seconds of each side
    actions_total: dict[bool, int] = {False: 0, True: 0}
    for r in range(rounds):
        stores: dict[bool, StoreInterface] = {}
        for on in (False, True) if r % 2 == 0 else (True, False):
            stores[on] = await open_store(folder / f"round-{r}-{on}.sqlite3")
            if on and not control:  # as the bot wraps its store when FIVES_METRICS_PORT is set
                stores[on] = cast(StoreInterface, metrics.TimedStore(stores[on]))
        sides = {on: TableService(store, rng=random.Random(1)) for on, store in sorted(stores.items())}
        try:
            twins = {on: await start_games(svc, games) for on, svc in sides.items()}
            gc.collect()
            spent: dict[bool, float] = {False: 0.0, True: 0.0}
            applied: dict[bool, int] = {False: 0, True: 0}
            live = list(range(games))
            for _ in range(moves):
                for i in list(live):
                    ended = set()
                    for on in (False, True) if (r + i) % 2 == 0 else (True, False):
                        metrics.enable(on and not control)
                        cpu0 = time.process_time()
                        actions, over = await click(sides[on], twins[on][i])
                        spent[on] += time.process_time() - cpu0
                        applied[on] += actions
                        ended.add(over)
                    assert len(ended) == 1, "the twin games diverged"
                    if over:
                        live.remove(i)
        finally:
            metrics.enable(False)
            for store in stores.values():
                await store.close()
        assert applied[False] == applied[True], "the twin games diverged"
        cost = {on: spent[on] / applied[on] for on in spent}
        ratios.append(cost[True] / cost[False])
        for on in sides:
            cpu_total[on] += spent[on]
            actions_total[on] += applied[on]
        print(
            f"  round {r + 1}: {applied[True]} actions a side, CPU per action without "
            f"{1e6 * cost[False]:.1f} us, with {1e6 * cost[True]:.1f} us: {100 * (ratios[-1] - 1):+.2f} %"
        )
    for on, label in ((False, "without metrics"), (True, "with metrics")):
        cpu, actions = cpu_total[on], actions_total[on]
        print(f"  {label}: {actions} actions in {cpu:.2f} s CPU = {actions / cpu:.0f} actions per CPU second")
    low, high = (percentile(ratios, q) for q in (25, 75))
    print(
        f"overhead: median {100 * (statistics.median(ratios) - 1):+.2f} % CPU per action over {rounds} rounds "
        f"(interquartile {100 * (low - 1):+.2f} to {100 * (high - 1):+.2f} %, "
        f"range {100 * (min(ratios) - 1):+.2f} to {100 * (max(ratios) - 1):+.2f} %); goal < 3 %"
    )


async def main(games: int, moves: int, samples: int, target: str | Path, with_metrics: bool = False) -> None:
    path = target
    where = "PostgreSQL" if isinstance(target, str) else "SQLite"
    print(f"table service benchmark on {where}: {games} games of five-up (2 humans + 2 computers), {pin_to_one_cpu()}")
    timer = Timed()
    timer.install()

    store = await open_store(path)
    if with_metrics:  # as the bot runs with FIVES_METRICS_PORT: every action, thought and store call recorded
        from bot import metrics

        metrics.enable()
        store = cast(StoreInterface, metrics.TimedStore(store))
        print("  with metrics recorded (bot.metrics)")
    svc = TableService(store, rng=random.Random(1))
    await svc.resume()
    t0 = time.perf_counter()
    game_nos = await start_games(svc, games)
    started = time.perf_counter() - t0
    print(f"  opened and started {games} lobbies in {started:.2f} s")

    # 1. load: every game at once
    timer.samples = []
    cpu0, t0 = time.process_time(), time.perf_counter()
    counts = await asyncio.gather(*(drive(svc, g, moves) for g in game_nos))
    wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    total = sum(counts)
    under_load = timer.samples
    print(f"load: {total} actions in {wall:.2f} s wall ({cpu:.2f} s CPU) = {total / wall:.0f} actions/s")
    print(
        f"  per action under load (queued behind other games' writes): p50 {1e3 * percentile(under_load, 50):.2f} ms, "
        f"p99 {1e3 * percentile(under_load, 99):.2f} ms"
    )

    # 2. latency: one click at a time
    timer.samples = []
    rng = random.Random(2)
    live = list(game_nos)
    while len(timer.samples) < samples and live:
        game_no = rng.choice(live)
        try:
            _, over = await click(svc, game_no)
        except TableOver:
            over = True
        if over:
            live.remove(game_no)
    latency = timer.samples
    timer.samples = None
    print(
        f"latency: apply + commit one action ({len(latency)} actions): "
        f"p50 {1e3 * statistics.median(latency):.2f} ms, p99 {1e3 * percentile(latency, 99):.2f} ms, "
        f"max {1e3 * max(latency):.2f} ms"
    )
    await store.close()
    timer.remove()

    # 3. resume after a restart
    store = await open_store(path)
    svc = TableService(store)
    t0 = time.perf_counter()
    await svc.resume()
    resumed = time.perf_counter() - t0
    tables = len(svc._tables)
    logged = sum(len(t.state.steps) for t in svc._tables.values())
    print(f"resume: {tables} active games ({logged} logged actions replayed) in {resumed:.2f} s")
    await store.close()
    del svc
    gc.collect()

    # 4. memory per active game
    store = await open_store(path)
    svc = TableService(store)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    await svc.resume()
    # aiosqlite's worker thread keeps its last result (the whole log just replayed) until the next query
    await store.schema_version()
    gc.collect()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    held = sum(s.size_diff for s in after.compare_to(before, "filename"))
    per_game = held / max(1, len(svc._tables))
    print(f"memory: {held / 1e6:.1f} MB for {len(svc._tables)} active games = {per_game / 1024:.1f} KB per game")
    await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=at_least(1), help="games played at once (1000; 100 twins with --overhead)")
    parser.add_argument("--moves", type=at_least(1), default=12, help="human clicks per game in the load phase")
    parser.add_argument("--samples", type=at_least(1), default=2000, help="actions timed one at a time")
    parser.add_argument("--metrics", action="store_true", help="record the bot's metrics, as FIVES_METRICS_PORT does")
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--postgres", action="store_true", help="run on a throwaway PostgreSQL server")
    target.add_argument(
        "--database", type=postgres_url, help="run on this (empty) PostgreSQL database: postgresql://..."
    )
    parser.add_argument(
        "--overhead", type=at_least(1), metavar="ROUNDS", help="measure the metrics' CPU cost per action (SQLite)"
    )
    parser.add_argument("--control", action="store_true", help="with --overhead: no metrics on either side")
    args = parser.parse_args()
    if args.overhead is not None:
        if args.database or args.postgres:
            parser.error("--overhead runs on SQLite files (the CPU counted is this process's alone)")
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(overhead(args.games or 100, args.moves, args.overhead, Path(tmp), args.control))
        raise SystemExit
    args.games = args.games or 1000
    if args.database:
        asyncio.run(main(args.games, args.moves, args.samples, args.database, args.metrics))
    elif args.postgres:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the tests' server, also as a script
        from tests.postgres_server import NOT_FOUND, PostgresServer

        server = PostgresServer.find()
        if server is None:
            raise SystemExit(NOT_FOUND)
        server.start()
        try:
            asyncio.run(main(args.games, args.moves, args.samples, server.url(), args.metrics))
        finally:
            server.stop()
    else:
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(main(args.games, args.moves, args.samples, Path(tmp) / "bench.sqlite3", args.metrics))
