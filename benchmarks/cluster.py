"""Benchmark of several bot processes on one PostgreSQL database: K processes of the table service (no
Discord: the calls a click makes after the cog) drive N games at once, each click sent to a random
process, some sent to two processes at once (racing clicks on the same game).

    python -m benchmarks.cluster [--processes 2] [--games 1000] [--moves 12] [--race 0.05] [--kill]
                                 [--samples 1000] [--rate CLICKS_PER_S] [--database postgresql://...]

A throwaway PostgreSQL server is started (as the tests do: Debian's package, fsync off, a unix socket)
unless `--database` names an empty database of yours. The games (five-up, two humans and two computers
each) are opened by this process; then:

1. load: every game gets `--moves` human clicks, each to a random process (with probability `--race` to two
   processes at once: one applies, the other refuses the stale control). The process clicks like a user on
   the move select of the hand DM the last answer sent (its first legal action, with its turn token): the
   cog's `act`, then what was told is marked told; without such a DM (its process was killed, a timer played)
   the user opens their hand first (`private_view`). Prints
   actions/s and the time of each apply + commit (the game's database lock, catching up, the engine, the
   log write, the commit) p50/p99, measured in the processes. `--kill` kills one process with SIGKILL
   halfway: the clicks it had in hand get no answer, the others carry on every game. `--rate` paces the
   clicks (e.g. at half the cluster's capacity) instead of sending each game's next click as soon as its
   last is answered, which keeps every connection busy and measures mostly queueing. Then `--samples`
   clicks one at a time, each to a random process: apply + commit p50/p99 without queueing (as
   benchmarks/table.py measures it on one process).
2. timers: every process ticks at once at a time when every reminder is due, then every deadline (and
   every computer turn a killed process left pending): each timer must fire once across the processes.
3. check: every game's log replays (every action legal where it stands), every action a process answered
   for is in the log once and where it said (0 lost), no action was answered twice (0 doubled), and every
   process, asked for each game, reports the state the log replays to.

The machine's other load is not controlled: say what it was doing with the figures. Goals (issue #12):
>= 1,500 actions/s with 2 processes and 1,000 games, p99 apply + commit < 15 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import os
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the tests' server and the bot, also when run as a script

from benchmarks.arguments import at_least, postgres_url, share  # noqa: E402
from benchmarks.table import told  # noqa: E402
from bot.engine.records import record_of  # noqa: E402
from bot.tables import (  # noqa: E402
    BoardChanged,
    GameEnded,
    HandChanged,
    LobbyChanged,
    NotYourTurnAtTable,
    Player,
    StaleControl,
    TableOpened,
    TableOver,
    TableService,
    TurnReminder,
)
from bot.tables.models import MIN_TURN_SECONDS  # noqa: E402
from bot.tables.play.table import Table, replay  # noqa: E402
from bot.tables.play.turns import CARRY_ON_SECONDS, Turns  # noqa: E402
from data import open_store  # noqa: E402

GUILD = 1
Acked = tuple[int, int, int, str, str]  # game, turn, seat, action, kind


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def digest(record: dict[str, Any]) -> str:
    return hashlib.sha1(json.dumps(record, sort_keys=True, default=str).encode()).hexdigest()


def tree_cpu(pid: int | None) -> float:
    """CPU seconds used by a process and its children, live and ended (Linux /proc), 0 elsewhere: the
    PostgreSQL server's postmaster and its backends."""
    if pid is None:
        return 0.0
    tick = os.sysconf("SC_CLK_TCK")

    def fields(p: int) -> list[str]:
        with open(f"/proc/{p}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()

    try:
        own = fields(pid)
    except OSError:
        return 0.0
    total = sum(int(own[i]) for i in (11, 12, 13, 14))  # utime, stime, cutime, cstime
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError, IndexError):
                f = fields(int(entry))
                if int(f[1]) == pid:
                    total += sum(int(f[i]) for i in (11, 12, 13, 14))
    return total / tick


# -- a worker process: one table service on the shared database -----------------------------------------------
class Worker:
    def __init__(self, svc: TableService) -> None:
        self.svc = svc
        self.samples: list[float] = []
        self._time_commits()

    def _time_commits(self) -> None:
        """Each guard in which an action was applied: lock, catch up, apply, append and commit."""
        guard = Turns.guard
        samples = self.samples

        @asynccontextmanager
        async def timed_guard(turns: Turns, table: Table) -> AsyncIterator[bool]:
            start = time.perf_counter()
            before = table.state.turn
            async with guard(turns, table) as moved:
                yield moved
            if table.state.turn != before and not moved:
                samples.append(time.perf_counter() - start)

        Turns.guard = timed_guard  # type: ignore[method-assign,assignment]

    async def click(self, game_no: int, dm: list[Any] | None = None) -> dict[str, Any]:
        """A player's click on the move select of their hand DM (`dm`: user, action, turn, as the DM showed
        them): what the cog does with it, `act`, then telling. Without a DM at hand (the process that sent it
        was killed, or a timer played the turn) the player opens their hand first (`private_view`)."""
        svc = self.svc
        try:
            if dm is None:
                dm = await self.hand_at(game_no)
                if dm is None:
                    return {"idle": 1}  # a computer is to act (a killed process left it): a timer sweep plays it
            user_id, action, turn = dm
            try:
                notes = await svc.act(game_no, user_id, action, turn)
            except (StaleControl, NotYourTurnAtTable):
                return {"refused": 1}
            await told(svc, game_no, notes)
            return {
                "acked": acked(game_no, notes),
                "over": any(isinstance(n, GameEnded) for n in notes),
                "dm": next_dm(game_no, notes),
            }
        except TableOver:
            return {"over": True}

    async def hand_at(self, game_no: int) -> list[Any] | None:
        """The hand of the human to act, as `/hand` shows it (None when no human is to act)."""
        table = await self.svc.tables.info(game_no)
        for seat in table.seats:
            if seat.user_id is not None:
                hand = await self.svc.tables.private_view(game_no, seat.user_id)  # caught up with the other processes
                if hand.your_turn:
                    return [seat.user_id, hand.view.legal[0].text, hand.turn]
        return None

    async def tick(self, now: float) -> dict[str, Any]:
        notes = await self.svc.tick(now)
        reminders = [[n.table.game_no, n.turn] for n in notes if isinstance(n, TurnReminder)]
        return {"reminders": reminders, "acked": acked(None, notes)}

    async def report(self, games: list[int]) -> dict[str, Any]:
        """The state this process holds of each game, caught up (a digest of its record), or its end."""
        out: dict[str, Any] = {}
        for game_no in games:
            try:
                await self.svc.tables.public_view(game_no)
                out[str(game_no)] = digest(await self.svc.tables.export(game_no))
            except TableOver:
                out[str(game_no)] = "over"
        return out


def next_dm(game_no: int, notes: Sequence[Any]) -> list[Any] | None:
    """What the DM sent with these notes offers the human now to act (its first move), if any."""
    for n in reversed(notes):
        if isinstance(n, HandChanged) and n.table.game_no == game_no and n.your_turn and n.view.legal:
            return [n.user_id, n.view.legal[0].text, n.turn]
    return None


def acked(game_no: int | None, notes: Sequence[Any]) -> list[Acked]:
    return [
        (n.table.game_no, n.turn - 1, n.seat, n.action, n.kind)
        for n in notes
        if isinstance(n, BoardChanged) and (game_no is None or n.table.game_no == game_no)
    ]


async def serve(url: str) -> None:
    """The worker's loop: a JSON request a line on stdin, a JSON answer a line on stdout, as they finish."""
    store = await open_store(url)
    worker = Worker(TableService(store, rng=random.Random(os.getpid())))
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    out = sys.stdout
    tasks: set[asyncio.Task[None]] = set()

    async def answer(request: dict[str, Any]) -> None:
        op = request["op"]
        if op == "click":
            reply = await worker.click(request["game"], request.get("dm"))
        elif op == "tick":
            reply = await worker.tick(request["now"])
        elif op == "report":
            reply = await worker.report(request["games"])
        else:  # samples: what was timed since the last ask, and the CPU this process has used
            reply = {"samples": list(worker.samples), "cpu": time.process_time()}
            worker.samples.clear()
        out.write(json.dumps({"id": request["id"], **reply}) + "\n")
        out.flush()

    print(json.dumps({"ready": os.getpid()}), flush=True)
    while line := await reader.readline():
        task = asyncio.create_task(answer(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    await store.close()


# -- the driver ------------------------------------------------------------------------------------------------
class Process:
    """A worker process and its requests in flight; `on_event` takes the lines it writes unasked (`event`)."""

    def __init__(
        self, proc: asyncio.subprocess.Process, on_event: Callable[[dict[str, Any]], None] | None = None
    ) -> None:
        self.proc = proc
        self.on_event = on_event
        self.pending: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.next_id = 0
        self.alive = True
        self.reader = asyncio.create_task(self._read())

    @classmethod
    async def start(
        cls, url: str, module: str = "benchmarks.cluster", on_event: Callable[[dict[str, Any]], None] | None = None
    ) -> Process:
        """A worker of `module` (run with `--worker URL`) on the database at `url`."""
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            module,
            "--worker",
            url,
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            limit=2**26,
        )
        assert proc.stdout is not None
        ready = json.loads(await proc.stdout.readline())
        assert "ready" in ready, ready
        return cls(proc, on_event)

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        while line := await self.proc.stdout.readline():
            reply = json.loads(line)
            if "event" in reply:
                if self.on_event is not None:
                    self.on_event(reply)
                continue
            future = self.pending.pop(reply.pop("id"), None)
            if future is not None and not future.done():
                future.set_result(reply)
        self.alive = False
        for future in self.pending.values():  # killed: what it had in hand gets no answer
            if not future.done():
                future.set_result({"lost": 1})
        self.pending.clear()

    async def ask(self, **request: Any) -> dict[str, Any]:
        if not self.alive:
            return {"lost": 1}
        self.next_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps({"id": self.next_id, **request}) + "\n").encode())
        return await future

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.proc.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.alive and self.proc.stdin is not None:
            self.proc.stdin.close()
        with contextlib.suppress(ProcessLookupError):
            await asyncio.wait_for(self.proc.wait(), 30)


async def open_games(url: str, count: int, answered: list[Acked], dms: dict[int, list[Any] | None]) -> list[int]:
    """The games, started by this process (the computers' first turns are `answered` by it; the first hand
    DMs are kept in `dms`)."""
    store = await open_store(url)
    svc = TableService(store, rng=random.Random(1))
    await svc.settings.update(GUILD, turn_seconds=MIN_TURN_SECONDS)  # timers due soon after the load
    games = []
    for i in range(count):
        host, guest = Player(10_000 + 2 * i, f"p{2 * i}"), Player(10_001 + 2 * i, f"p{2 * i + 1}")
        [opened] = await svc.lobbies.open(GUILD, 1, host, "five-up", {"partners": "by_agreement"})
        assert isinstance(opened, LobbyChanged)
        lobby_id = opened.lobby.lobby_id
        await svc.lobbies.join(lobby_id, guest)
        await svc.lobbies.add_computer(lobby_id, host.user_id)
        await svc.lobbies.add_computer(lobby_id, host.user_id)
        notes = await svc.games.start(lobby_id, host.user_id)
        game_no = next(n for n in notes if isinstance(n, TableOpened)).table.game_no
        games.append(game_no)
        answered += acked(None, notes)
        dms[game_no] = next_dm(game_no, notes)
    await store.close()
    return games


async def run(
    url: str,
    processes: int,
    games: int,
    moves: int,
    race: float,
    kill: bool,
    seed: int,
    samples_wanted: int,
    rate: float = 0.0,
    server_pid: int | None = None,
) -> int:
    rng = random.Random(seed)
    print(
        f"cluster benchmark: {processes} processes on one PostgreSQL, {games} games of five-up (2 humans + 2 "
        f"computers), {moves} clicks each, {race:.0%} of clicks raced from 2 processes"
        + (", one process killed -9 halfway" if kill else "")
        + (f", clicks paced at {rate:.0f}/s" if rate else ", clicks as fast as they are answered")
    )
    t0 = time.perf_counter()
    answered: list[Acked] = []
    dms: dict[int, list[Any] | None] = {}  # the hand DM each game's human to act has in front of them
    game_nos = await open_games(url, games, answered, dms)
    print(f"  opened and started {games} games in {time.perf_counter() - t0:.2f} s")
    workers = [await Process.start(url) for _ in range(processes)]
    started = len(answered)
    refused = lost = idle = 0
    done_clicks = 0
    total_clicks = games * moves
    victim = workers[-1] if kill and processes > 1 else None

    pace = {"next": time.perf_counter()}

    async def paced() -> None:
        """With `--rate`: the clicks of all games spread evenly at that rate (an open load, short of the
        cluster's capacity, where the time of one apply + commit is not the time spent queueing)."""
        if rate:
            pace["next"] = max(pace["next"] + 1 / rate, time.perf_counter())
            await asyncio.sleep(pace["next"] - time.perf_counter())

    async def drive(game_no: int) -> None:
        nonlocal refused, lost, idle, done_clicks
        for _ in range(moves):
            await paced()
            live = [w for w in workers if w.alive]
            targets = rng.sample(live, 2) if len(live) > 1 and rng.random() < race else [rng.choice(live)]
            dm = dms[game_no]
            replies = await asyncio.gather(*(w.ask(op="click", game=game_no, dm=dm) for w in targets))
            dms[game_no] = next((r["dm"] for r in replies if "dm" in r), None)
            done_clicks += 1
            if victim is not None and victim.alive and done_clicks >= total_clicks // 2:
                victim.kill()
            over = False
            for reply in replies:
                answered.extend(tuple(a) for a in reply.get("acked", ()))
                refused += reply.get("refused", 0)
                lost += reply.get("lost", 0)
                idle += reply.get("idle", 0)
                over = over or bool(reply.get("over"))
            if over:
                return

    cpu_before = [(await w.ask(op="samples"))["cpu"] for w in workers]
    pg_before, driver_before = tree_cpu(server_pid), time.process_time()
    t0 = time.perf_counter()
    await asyncio.gather(*(drive(g) for g in game_nos))
    wall = time.perf_counter() - t0
    pg_cpu, driver_cpu = tree_cpu(server_pid) - pg_before, time.process_time() - driver_before
    actions = len(answered) - started
    survivors = [w for w in workers if w.alive]
    replies = [await w.ask(op="samples") for w in survivors]
    samples = [s for reply in replies for s in reply["samples"]]
    workers_cpu = sum(r["cpu"] - cpu_before[workers.index(w)] for w, r in zip(survivors, replies, strict=True))
    print(f"load: {actions} actions answered in {wall:.2f} s = {actions / wall:.0f} actions/s")
    if not kill and actions:
        # What the machine's other load cannot blur: the CPU each action cost, and the rate that makes on
        # dedicated cores (the table-service processes, PostgreSQL, and this driver, which stands for the
        # Discord gateway and is counted too).
        per = [1e3 * c / actions for c in (workers_cpu, pg_cpu, driver_cpu)]
        cores = os.cpu_count() or 1
        print(
            f"  CPU per action: table service {per[0]:.2f} ms, PostgreSQL {per[1]:.2f} ms, driver {per[2]:.2f} ms "
            f"= {sum(per):.2f} ms: {cores * 1e3 / sum(per):.0f} actions/s on {cores} dedicated cores"
            + ("" if server_pid else " (PostgreSQL's own not counted: --database)")
        )
    print(
        f"  apply + commit under load ({len(samples)} actions in the surviving processes, queued behind the other "
        f"games for a connection and the CPU): p50 {1e3 * percentile(samples, 50):.2f} ms, "
        f"p99 {1e3 * percentile(samples, 99):.2f} ms"
    )
    print(
        f"  racing clicks refused as stale: {refused}; clicks with a computer to act: {idle}; "
        f"clicks without an answer (in the killed process): {lost}"
    )

    # latency: one click at a time, each to a random process (its game caught up from the others' actions)
    live = list(game_nos)
    clicks = 0
    while clicks < samples_wanted and live:
        game_no = rng.choice(live)
        reply = await rng.choice(survivors).ask(op="click", game=game_no, dm=dms[game_no])
        dms[game_no] = reply.get("dm")
        answered.extend(tuple(a) for a in reply.get("acked", ()))
        clicks += 1
        if reply.get("over") or "acked" not in reply:
            live.remove(game_no)
    one_at_a_time = [s for w in survivors for s in (await w.ask(op="samples"))["samples"]]
    print(
        f"latency: apply + commit one click at a time ({len(one_at_a_time)} actions): "
        f"p50 {1e3 * percentile(one_at_a_time, 50):.2f} ms, p99 {1e3 * percentile(one_at_a_time, 99):.2f} ms"
    )

    # 2. timers: reminders, then deadlines and pending computer turns, every process ticking at once
    later = time.time() + MIN_TURN_SECONDS * 3 / 4  # every reminder (half the turn time) due, no deadline yet
    replies = await asyncio.gather(*(w.ask(op="tick", now=later) for w in survivors))
    reminders = Counter(tuple(r) for reply in replies for r in reply["reminders"])
    fired = [tuple(a) for reply in replies for a in reply["acked"]]  # deadlines already due (a long load)
    much_later = time.time() + MIN_TURN_SECONDS + CARRY_ON_SECONDS
    replies = await asyncio.gather(*(w.ask(op="tick", now=much_later) for w in survivors))
    fired += [tuple(a) for reply in replies for a in reply["acked"]]
    answered.extend(fired)
    timeouts = Counter((a[0], a[1]) for a in fired if a[4] == "timeout")
    print(
        f"timers: {len(reminders)} reminders, {sum(reminders.values()) - len(reminders)} sent twice; "
        f"{len(timeouts)} turns timed out, {sum(timeouts.values()) - len(timeouts)} twice; "
        f"{sum(1 for a in fired if a[4] != 'timeout')} computer turns played after them"
    )

    # 3. check: the logs against what the processes answered and what they hold
    store = await open_store(url)
    logged: dict[tuple[int, int], tuple[int, str, str]] = {}
    records: dict[int, str] = {}
    bad_logs = 0
    for game_no in game_nos:
        stored = await store.load_game(game_no)
        assert stored is not None
        try:
            state = replay(stored.row, stored.actions)
        except Exception:
            bad_logs += 1
            continue
        records[game_no] = "over" if stored.row.status != "active" else digest(record_of(state, stored.row.deals))
        for turn, ((seat, action), kind) in enumerate(zip(stored.actions, stored.kinds, strict=True)):
            logged[game_no, turn] = (seat, action, kind)
    await store.close()
    counted = Counter((a[0], a[1]) for a in answered)
    doubled = sum(n - 1 for n in counted.values())
    missing = sum(1 for (g, t, s, a, k) in answered if logged.get((g, t)) != (s, a, k))
    unanswered = sum(1 for key in logged if key not in counted)
    reports = await asyncio.gather(*(w.ask(op="report", games=game_nos) for w in survivors))
    differ = sum(1 for report in reports for g, d in report.items() if records.get(int(g)) not in (d, None))
    print(
        f"check: {len(logged)} logged actions in {games} games; logs that do not replay: {bad_logs}; "
        f"answered but not in the log (lost): {missing}; answered twice (doubled): {doubled}; "
        f"logged without an answer: {unanswered}{' (the killed process was applying them)' if kill else ''}; "
        f"processes whose state differs from the log: {differ} of {len(reports) * games} reports"
    )
    for w in workers:
        await w.stop()
    failures = bad_logs + missing + doubled + differ + (sum(reminders.values()) - len(reminders))
    failures += sum(timeouts.values()) - len(timeouts) + (0 if kill else unanswered)
    print("OK: 0 lost, 0 doubled" if failures == 0 else f"FAILED: {failures} problems")
    return 0 if failures == 0 else 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cluster", description=__doc__.split("\n")[0])
    parser.add_argument("--processes", type=at_least(1), default=2)
    parser.add_argument("--games", type=at_least(1), default=1000)
    parser.add_argument("--moves", type=at_least(1), default=12, help="human clicks per game")
    parser.add_argument("--race", type=share, default=0.05, help="share of clicks sent to two processes at once")
    parser.add_argument("--kill", action="store_true", help="kill one process with SIGKILL halfway")
    parser.add_argument("--samples", type=at_least(1), default=1000, help="clicks timed one at a time after the load")
    parser.add_argument(
        "--rate",
        type=at_least(0.0, float),
        default=0.0,
        help="clicks per second over all games (default: as fast as answered)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", type=postgres_url, help="an empty PostgreSQL database of yours: postgresql://...")
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)  # a process of the cluster
    args = parser.parse_args(argv)
    if args.worker:
        asyncio.run(serve(args.worker))
        return 0
    if args.kill and args.processes < 2:
        parser.error("--kill needs --processes 2 or more (the others carry on)")
    bench = (args.processes, args.games, args.moves, args.race, args.kill, args.seed, args.samples, args.rate)
    if args.database:
        return asyncio.run(run(args.database, *bench))
    from tests.postgres_server import NOT_FOUND, PostgresServer

    server = PostgresServer.find()
    if server is None:
        raise SystemExit(NOT_FOUND)
    server.start()
    try:
        return asyncio.run(run(server.url(), *bench, server_pid=server.process.pid if server.process else None))
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
