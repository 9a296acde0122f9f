"""Races between a player's two ways in, across two processes on one PostgreSQL database, with kills.

    python -m benchmarks.cluster_races [--games 40] [--clicks 1000] [--kill-every 4] [--restart-after 8] [--seed 1]
                                       [--first-kill-after CLICKS] [--database postgresql://...]

Two table-service processes (no Discord: what the cogs call) serve games of one human and three computers, so the
human is at once to act again after each move (the worst case for a move meant for an earlier turn). Each process
tells what it writes as the bot does: the acting process at once, and every 1.5 s a sweep (the timers, then
`untold`) that takes over what a dead process left, each game told as soon as it is fired or retold (`tell=`, as
the bot's Timers cog asks), reporting each hand DM with live controls it sends; beside it, every 1.5 s, it holds
what it is still telling (`hold_telling`). Every human move is a click on the DM's move select (with its turn
token) sent to one process, raced at the same moment on the other process by one of: the board's My hand
(`private_view`), `/move` picked from its list (the turn in its value), or `/move` typed by hand (no turn; sent at
the moment the DM was shown). Every `--kill-every` seconds from the kill before (never both down: a kill waits for
the restart of the one before, so the kills actually done are printed, with their rate and a restart's start-up)
one process, either, is killed with SIGKILL and started again `--restart-after` seconds later (at start it tells
whatever was left untold, as the bot does); meanwhile the other process alone serves every game and must take over
what the dead one left. With `--first-kill-after`, the first kill comes once that many clicks are made if that is
sooner (a short run's games may all end within a second).

Printed, against #23's goals:
- clicks refused because a write failed ("could not be saved": a deadlock shows here): goal 0;
- typed moves played on a turn other than the one their sender saw: goal 0;
- for every human move written, the time from the click to the next hand DM with live controls reaching
  the player (from the answer, or from a sweep or a restart when the process died), p50/p99/max: goal p99
  < 10 s with processes killed; and for the moves whose process was killed under them, the time from the
  kill, and how the slowest DMs came (the answer, another process's timer or sweep, a restart's start);
- check: every game's log replays.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bot.tables import (  # noqa: E402
    BoardChanged,
    GameEnded,
    HandChanged,
    LobbyChanged,
    Player,
    StoreFailed,
    TableError,
    TableOpened,
    TableOver,
    TableService,
)
from bot.tables.play.table import replay  # noqa: E402
from bot.tables.telling.outbox import HOLD_EVERY, key_of, tell_each  # noqa: E402
from bot.tables.telling.receipt import Notifications  # noqa: E402
from data import open_store  # noqa: E402

from .cluster import Process  # noqa: E402

GUILD = 1
log = logging.getLogger("benchmarks.cluster_races")
NEVER = 60.0  # seconds after which a move whose next hand DM has not come counts as never told
Dm = list[Any]  # user, action, turn: a hand DM's first move and the turn its controls are for


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def dms_in(notes: Sequence[Any]) -> list[dict[str, Any]]:
    """The hand DMs with live controls these notifications send."""
    return [
        {"game": n.table.game_no, "user": n.user_id, "action": n.view.legal[0].text, "turn": n.turn}
        for n in notes
        if isinstance(n, HandChanged) and n.your_turn and n.view.legal
    ]


# -- a worker process ----------------------------------------------------------------------------------------
async def serve(url: str) -> None:
    logging.basicConfig(
        level=logging.WARNING, stream=sys.stderr, format=f"worker {os.getpid()} %(levelname)s %(name)s: %(message)s"
    )
    store = await open_store(url)
    svc = TableService(store, rng=random.Random(os.getpid()))
    out = sys.stdout

    def emit(message: dict[str, Any]) -> None:
        out.write(json.dumps(message) + "\n")
        out.flush()

    async def tell(notes: Sequence[Any], via: str) -> None:
        """What the announcer does, game by game (a few at once, as it tells a delivery's games: `tell_each`):
        what is to be told now, with whatever the game left untold before (the receipt, or `telling`), sent, then
        recorded in one `told`."""
        by_game: dict[int, list[Any]] = {}
        for n in notes:
            table = getattr(n, "table", None)
            if table is not None and table.game_no is not None:
                by_game.setdefault(table.game_no, []).append(n)
        receipts = notes.receipts if isinstance(notes, Notifications) else {}

        async def tell_game(game: tuple[int, list[Any]]) -> None:
            game_no, of_game = game
            receipt = receipts.get(game_no)
            if receipt is None or not receipt.fresh():  # as the announcer: asked again under its lock
                receipt = await svc.telling.receipt(game_no, of_game)
            told = receipt.notes
            for dm in dms_in(told):
                emit({"event": "dm", "at": time.time(), "via": via, **dm})
            if any(isinstance(n, GameEnded) for n in told):  # its final board: no next hand to wait for
                emit({"event": "ended", "at": time.time(), "via": via, "game": game_no})
            await svc.telling.told(receipt.posted(done=receipt.keys))

        await tell_each(list(by_game.items()), tell_game)

    async def hold() -> None:
        """What the bot's Timers cog does every HOLD_EVERY seconds, however long its sweep takes."""
        while True:
            await asyncio.sleep(HOLD_EVERY)
            try:
                with svc.telling.urgent():
                    await svc.telling.hold()
            except Exception:
                log.exception("holding failed")

    async def timers() -> None:
        while True:
            await asyncio.sleep(HOLD_EVERY)
            try:
                with svc.telling.urgent():  # what the bot's Timers cog does at each tick
                    await tell(await svc.tick(tell=lambda notes: tell(notes, "timer")), "timer")
            except Exception:  # as the bot's Timers cog: logged, and the next tick tries again
                log.exception("a tick failed")

    async def sweep() -> None:
        # at start, as the bot's announcer does: each game told as soon as it is retold
        await tell(await svc.telling.untold(everything=True, tell=lambda notes: tell(notes, "start")), "start")
        while True:  # and every HOLD_EVERY seconds, beside the timers, as the bot's Timers cog does
            await asyncio.sleep(HOLD_EVERY)
            try:
                with svc.telling.urgent():
                    await tell(await svc.telling.untold(tell=lambda notes: tell(notes, "sweep")), "sweep")
            except Exception:
                log.exception("a sweep failed")

    async def answer(request: dict[str, Any]) -> None:
        op, game_no = request["op"], request["game"]
        reply: dict[str, Any]
        try:
            if op == "hand":  # the board's My hand
                hand = await svc.tables.private_view(game_no, request["user"])
                reply = {"turn": hand.turn}
            else:  # a click (turn token), a pick from /move's list (the same), or a move typed by hand
                notes = await svc.act(game_no, request["user"], request["action"], request["turn"], request.get("sent"))
                played = [n.turn - 1 for n in notes if isinstance(n, BoardChanged) and n.kind == "player"]
                reply = {"played": played[0] if played else None, "over": any(isinstance(n, GameEnded) for n in notes)}
                await tell(notes, "answer")
        except StoreFailed as exc:
            reply = {"failed": str(exc)}
        except TableOver:
            reply = {"over": True}
        except TableError as exc:
            reply = {"refused": exc.key}
        emit({"id": request["id"], **reply})

    emit({"ready": os.getpid()})
    running = [asyncio.create_task(each()) for each in (sweep, timers, hold)]
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    tasks: set[asyncio.Task[None]] = set()
    while line := await reader.readline():
        task = asyncio.create_task(answer(json.loads(line)))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    for each in running:
        each.cancel()
    await store.close()


# -- the driver ----------------------------------------------------------------------------------------------
async def open_games(url: str, count: int) -> tuple[list[int], dict[int, Dm]]:
    store = await open_store(url)
    svc = TableService(store, rng=random.Random(1))
    games, dms = [], {}
    for i in range(count):
        host = Player(20_000 + i, f"p{i}")
        [opened] = await svc.lobbies.open(GUILD, 1, host, "five-up", None)
        assert isinstance(opened, LobbyChanged)
        for _ in range(3):
            await svc.lobbies.add_computer(opened.lobby.lobby_id, host.user_id)
        notes = await svc.games.start(opened.lobby.lobby_id, host.user_id)
        game_no = next(n for n in notes if isinstance(n, TableOpened)).table.game_no
        games.append(game_no)
        [dm] = dms_in(notes)
        dms[game_no] = [dm["user"], dm["action"], dm["turn"]]
        keys = [k for k in map(key_of, notes) if k is not None]
        await svc.telling.told(game_no, keys)
    await store.close()
    return games, dms


@dataclass
class Races:
    """What a run measured."""

    games: int
    counts: dict[str, int]
    waits: list[float]  # every human move written: seconds from the click to the next live hand DM
    taken_over: list[float]  # moves whose process was killed under them: seconds from the kill to that DM
    paths: Counter[str]  # how the slowest 2 % of those DMs came: the answer, another's timer or sweep, a start
    elapsed: float
    kill_every: float
    restart_after: float
    startups: list[float]
    bad: int

    @property
    def ok(self) -> bool:
        c = self.counts
        return not (c["failed"] or c["typed_unseen"] or c["no_dm"] or self.bad) and percentile(self.waits, 99) < 10

    def lines(self) -> list[str]:
        c, waits, kills, taken = self.counts, self.waits, self.counts["kills"], self.taken_over
        start_up = sum(self.startups) / max(len(self.startups), 1)
        return [
            f"{c['clicks']} clicks ({c['raced']} raced on the other process) in {self.elapsed:.0f} s over "
            f"{self.games} games, 2 processes; {c['refused']} refused (stale or not your turn), {c['lost']} lost "
            "with a killed process",
            f"kills done: {kills} (SIGKILL, either process), one every {self.elapsed / max(kills, 1):.1f} s (asked: "
            f"every {self.kill_every:g} s, each down {self.restart_after:g} s, then its start-up: {start_up:.1f} s)",
            f"refused because a write failed (deadlock): {c['failed']} (goal 0)",
            f"typed moves played: {c['typed']}, on a turn their sender did not see: {c['typed_unseen']} (goal 0)",
            f"next live hand DM after a move: {len(waits)} moves, p50 {percentile(waits, 50):.2f} s, "
            f"p99 {percentile(waits, 99):.2f} s, max {max(waits, default=float('nan')):.2f} s (goal p99 < 10 s); "
            f"never told within {NEVER:g} s: {c['no_dm']} (counted {NEVER:g} s above)",
            f"  of moves whose process was killed under them, from the kill: {len(taken)}, p50 "
            f"{percentile(taken, 50):.2f} s, p99 {percentile(taken, 99):.2f} s, max {max(taken, default=0):.2f} s; "
            f"the slowest 2 % told by: {', '.join(f'{k} {n}' for k, n in self.paths.most_common())}",
            f"check: games whose log does not replay: {self.bad}",
            "OK" if self.ok else "NOT OK",
        ]


async def run(
    url: str, games: int, clicks: int, kill_every: float, restart_after: float, seed: int, first_kill_after: int = 0
) -> Races:
    rng = random.Random(seed)
    game_nos, dms = await open_games(url, games)
    newest: dict[int, tuple[float, Dm]] = {}  # game: (when, newest DM) reported by any process
    arrived = {g: asyncio.Event() for g in game_nos}

    vias: dict[int, str] = {}  # game: how its newest DM came
    slow: list[tuple[float, str]] = []  # wait, how the DM came
    kill_times: list[float] = []
    taken_over: list[float] = []

    ended: dict[int, float] = {}  # game: when its end was told (its last moves were the computers')

    def on_dm(message: dict[str, Any]) -> None:
        game_no = message["game"]
        if message["event"] == "ended":
            if game_no not in ended:
                ended[game_no] = message["at"]
                vias[game_no] = f"{message['via']} (the game's end)"
                arrived[game_no].set()
            return
        dm = [message["user"], message["action"], message["turn"]]
        if game_no in newest and newest[game_no][1][2] >= dm[2]:
            return
        newest[game_no] = (message["at"], dm)
        vias[game_no] = message["via"]
        arrived[game_no].set()

    workers = [await Process.start(url, "benchmarks.cluster_races", on_dm) for _ in range(2)]
    counts = dict.fromkeys(
        ("no_dm", "raced", "clicks", "failed", "typed", "typed_unseen", "refused", "lost", "kills"), 0
    )
    waits: list[float] = []
    done = asyncio.Event()
    clicking = asyncio.Event()  # `first_kill_after` clicks made

    async def moved_on(game_no: int, user: int, turn: int) -> bool | None:
        """Whether the game is past `turn` in the database (the driver's look, told to nobody); None: over."""
        while True:
            alive = [w for w in workers if w.alive]
            if alive:
                reply = await alive[0].ask(op="hand", game=game_no, user=user)
                if "turn" in reply:
                    return bool(reply["turn"] > turn)
                if reply.get("over"):
                    return None
            await asyncio.sleep(0.2)

    def record(at: float, sent: float, game_no: int, replies: Sequence[dict[str, Any]]) -> None:
        waits.append(max(0.0, at - sent))
        lost = any(r.get("lost") for r in replies)
        killed = min((k for k in kill_times if k >= sent), default=None)
        if lost and killed is not None:
            taken_over.append(at - killed)
        slow.append((at - sent, vias[game_no] + (" after a kill" if lost else "")))

    async def play(game_no: int) -> None:
        dm: Dm | None = dms[game_no]
        while counts["clicks"] < clicks and dm is not None:
            user, action, turn = dm
            alive = [w for w in workers if w.alive]
            if not alive:
                await asyncio.sleep(0.2)
                continue
            a, b = rng.sample(alive, 2) if len(alive) == 2 else (alive[0], None)
            rival = rng.choice(("hand", "picked", "typed"))
            sent = time.time()
            arrived[game_no].clear()
            click = a.ask(op="act", game=game_no, user=user, action=action, turn=turn)
            other: Awaitable[dict[str, Any]]
            if b is None:  # one process is down: the click alone, to the other
                other = asyncio.sleep(0, {})
            elif rival == "hand":
                other = b.ask(op="hand", game=game_no, user=user)
            else:  # /move: picked from its list (turn in the value) or typed by hand (as it was sent)
                typed_turn = turn if rival == "picked" else None
                other = b.ask(op="act", game=game_no, user=user, action=action, turn=typed_turn, sent=sent - 0.001)
            replies = await asyncio.gather(click, other)
            counts["clicks"] += 1
            counts["raced"] += b is not None
            if counts["clicks"] >= first_kill_after:
                clicking.set()
            next_dm: Dm | None = None
            for i, reply in enumerate(replies):
                if reply.get("failed"):
                    counts["failed"] += 1
                if reply.get("lost"):
                    counts["lost"] += 1
                if reply.get("refused"):
                    counts["refused"] += 1
                if reply.get("over"):
                    return
                if i == 1 and b is not None and rival != "hand" and reply.get("played") is not None:
                    counts["typed"] += 1
                    counts["typed_unseen"] += reply["played"] != turn
            played = any(r.get("played") is not None for r in replies)
            moved: bool | None = False
            if game_no in newest and newest[game_no][1][2] > turn:
                at, next_dm = newest[game_no]
                record(at, sent, game_no, replies)
            elif played or (any(r.get("lost") for r in replies) and (moved := await moved_on(game_no, user, turn))):
                # Written (by a process killed before it could tell): the next DM comes from a sweep.
                try:
                    if game_no not in ended:
                        await asyncio.wait_for(arrived[game_no].wait(), NEVER)
                except TimeoutError:
                    counts["no_dm"] += 1  # a move written, and its player never told of the next turn
                    waits.append(NEVER)  # at least that long: counted in the percentiles too
                    if any(r.get("lost") for r in replies):
                        taken_over.append(NEVER)
                    return
                if game_no in newest and newest[game_no][1][2] > turn:
                    at, next_dm = newest[game_no]
                    record(at, sent, game_no, replies)
                elif game_no in ended:  # the computers that followed ended it: its end is what is told
                    record(ended[game_no], sent, game_no, replies)
                    return
                elif not played:
                    next_dm = dm  # nothing was written: the DM the player has is still live
            elif moved is None:
                return
            else:
                next_dm = dm
            dm = next_dm
        if counts["clicks"] >= clicks:  # the run's clicks are made (not one game's hand left untold: the
            done.set()  # kills go on for the other games, and that hand is counted never told)

    startups: list[float] = []  # seconds from a restart to its process serving again
    starting: list[asyncio.Future[Process]] = []

    async def killer() -> None:
        """A kill every `kill_every` seconds from the one before, not after the restart (its downtime and
        start-up would stretch the interval), but never of the last process up: a kill waits for the
        restart of the one before."""
        next_at = time.perf_counter() + kill_every
        first = first_kill_after > 0
        while not done.is_set():
            if first:  # the first kill as soon as that many clicks are made, if before `kill_every` seconds
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(clicking.wait(), max(0.0, next_at - time.perf_counter()))
                first, next_at = False, min(next_at, time.perf_counter())
            await asyncio.sleep(max(0.0, next_at - time.perf_counter()))
            if done.is_set():
                return
            i = rng.randrange(len(workers))  # either process: the one clicks go to, or the other
            workers[i].kill()
            kill_times.append(time.time())
            counts["kills"] += 1
            next_at += kill_every
            await asyncio.sleep(restart_after)  # meanwhile the other process carries every game on
            if done.is_set():
                return
            began = time.perf_counter()
            start = asyncio.ensure_future(Process.start(url, "benchmarks.cluster_races", on_dm))
            starting.append(start)  # stopped at the end even if the run ends while it starts
            workers[i] = await asyncio.shield(start)
            startups.append(time.perf_counter() - began)

    started = time.perf_counter()
    kills = asyncio.create_task(killer())
    await asyncio.gather(*(play(g) for g in game_nos))
    done.set()
    kills.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await kills
    for start in starting:
        if (started_late := await start) not in workers:
            await started_late.stop()
    elapsed = time.perf_counter() - started
    for w in workers:
        await w.stop()

    store = await open_store(url)
    bad = 0
    for game_no in game_nos:
        stored = await store.load_game(game_no)
        assert stored is not None
        try:
            replay(stored.row, stored.actions)
        except Exception:
            bad += 1
    await store.close()

    late = sorted(slow, reverse=True)[: max(1, len(slow) // 50)]
    paths = Counter(path for _, path in late)
    return Races(games, counts, waits, taken_over, paths, elapsed, kill_every, restart_after, startups, bad)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.cluster_races", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--clicks", type=int, default=1000, help="racing clicks in all")
    parser.add_argument(
        "--kill-every", type=float, default=4.0, help="seconds from a kill to the next (later if a restart is slower)"
    )
    parser.add_argument(
        "--restart-after", type=float, default=8.0, help="seconds a killed process stays down (the other tells)"
    )
    parser.add_argument(
        "--first-kill-after",
        type=int,
        default=0,
        metavar="CLICKS",
        help="the first kill once this many clicks are made, if sooner than --kill-every (a short run: its games "
        "may all end before the first kill on an idle machine)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", help="an empty PostgreSQL database of yours: postgresql://...")
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        asyncio.run(serve(args.worker))
        return 0
    url = args.database
    server = None
    if url is None:
        from tests.postgres_server import NOT_FOUND, PostgresServer

        server = PostgresServer.find()
        if server is None:
            raise SystemExit(NOT_FOUND)
        server.start()
        url = server.url()
    try:
        races = asyncio.run(
            run(url, args.games, args.clicks, args.kill_every, args.restart_after, args.seed, args.first_kill_after)
        )
    finally:
        if server is not None:
            server.stop()
    print("\n".join(races.lines()))
    return 0 if races.ok else 1


if __name__ == "__main__":
    sys.exit(main())
