"""Crash test of a real process: the table service under load in a child process, killed with SIGKILL at
random moments and started again over the same database, many times.

    python -m benchmarks.crash [--kills 300] [--games 8] [--seed 1]

The child plays like a server full of players: it keeps `--games` tables going (Draw, Five Up and Five
Hundred, each with two humans and two computers), and its humans play random legal moves through the
same calls a click takes (`private_view`, then `act` with the turn token). After each move the table
service has acknowledged, it appends the move to an *ack* file. What it tells the players goes through
the outbox to a *sink* file that stands in for Discord: one line per public message (the moves it shows,
and the move its footer names) and one per DM (whose hand, at which turn). The teller follows the bot's
protocol (`backlog`, then `told`; after a crash it looks at what the table already shows before posting
again), so a kill anywhere, inside a commit or between a commit and a post, tests what a player would see.

After the last kill a final child tells whatever was left and stops; then the parent checks, for every
game: its log replays (a half-written or missing action would not); every acknowledged move is in the log
at its turn; every action of the log was shown in exactly one public message; every
game still on has its next human called (a DM with controls for the current turn); the outbox is empty.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.arguments import at_least

GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("draw", {}),
    ("five-up", {"partners": "by_agreement"}),
    ("five-hundred", {}),
)
GUILD = 1


# -- the child: a table service under load ---------------------------------------------------------------------
class DiskTeller:
    """Tells the table service's notifications into a file, as the bot's announcer tells them into Discord."""

    def __init__(self, service: Any, sink: Path) -> None:
        self.service = service
        self.sink = sink.open("a", encoding="utf-8")
        self.shown: dict[int, int] = {}  # game -> the newest move its messages show
        self.questions: dict[tuple[int, int], int] = {}  # (game, request) -> the newest step its question shows
        if sink.exists():
            for line in sink.read_text(encoding="utf-8").splitlines():
                entry = _parse(line)
                if entry is not None and entry.get("public"):
                    self.shown[entry["game"]] = max(self.shown.get(entry["game"], -1), entry["move"])
                elif entry is not None and "question" in entry:
                    self.questions[entry["game"], entry["question"]] = entry["step"]

    def _write(self, entry: dict[str, Any]) -> None:
        self.sink.write(json.dumps(entry) + "\n")
        self.sink.flush()  # in the kernel: a SIGKILL of this process cannot lose it

    def _question(self, note: Any) -> None:
        """A request to take back an action, as the announcer's `Questions.show` tells it: posted the first
        time (found among the table's messages after a crash: here, in the sink), redrawn after; a request
        settled before it was ever shown is not posted (the board says what became of the action)."""
        key = (note.table.game_no, note.request)
        shown = self.questions.get(key)
        if shown is not None and shown > note.step:
            return
        if shown is None and note.status != "open":
            return
        entry = {"question": note.request, "game": key[0], "step": note.step, "status": note.status}
        self._write({**entry, "post": shown is None})
        self.questions[key] = note.step

    async def deliver(self, notes: list[Any]) -> None:
        from bot.tables import BoardChanged, HandChanged, Retold, UndoRequested
        from bot.tables.telling.outbox import key_of

        by_game: dict[int, list[Any]] = {}
        for note in notes:
            if hasattr(note, "table"):
                by_game.setdefault(note.table.game_no, []).append(note)
        for game_no, game_notes in by_game.items():
            todo = await self.service.telling.backlog(game_no, game_notes)
            shown: int | None = None
            pending, done, moves, hands, questions = [], [], [], [], []
            move = None
            for note in todo:
                key = key_of(note)
                if isinstance(note, Retold):
                    shown = self.shown.get(game_no)
                elif isinstance(note, BoardChanged):
                    if shown is not None and note.turn <= shown:
                        done.append(key)  # posted just before a crash: not twice
                        continue
                    moves.append(note.turn - 1)
                    move = note.turn
                    pending.append(key)
                elif isinstance(note, HandChanged):
                    hands.append(note)
                elif isinstance(note, UndoRequested):
                    questions.append(note)
                elif key is not None:
                    if shown is not None and key[0] == "opened":
                        done.append(key)
                        continue
                    pending.append(key)
            if pending:
                move = move if move is not None else self.shown.get(game_no, 0)
                self._write({"public": True, "game": game_no, "move": move, "actions": moves})
                self.shown[game_no] = max(self.shown.get(game_no, -1), move)
                done += pending
            for note in questions:  # after the board, about what it shows
                self._question(note)
                done.append(key_of(note))
            for note in hands:
                self._write({"dm": note.user_id, "game": game_no, "turn": note.turn, "controls": note.your_turn})
                done.append(key_of(note))
            await self.service.telling.told(game_no, done)


def _parse(line: str) -> dict[str, Any] | None:
    try:
        return json.loads(line)
    except ValueError:
        return None  # a line torn by the kill: not posted


async def child(db: Path, sink: Path, ack: Path, games: int, seed: int, drain: bool) -> None:
    from bot.tables import Restarting, TableService
    from data import Store

    store = await Store.open(db)
    service = TableService(store, clock=time.time, rng=random.Random(seed))
    await service.resume()
    teller = DiskTeller(service, sink)
    # The bot's graceful stop (app.lifecycle) on the table service and this teller: no new change, the call in
    # flight ends, what is untold is told, the store closed.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, service.stop_taking)
    print("ready", flush=True)  # the parent kills from now on: during the telling of what was left, or the load
    await teller.deliver(await service.telling.untold(everything=True))
    if drain:
        await store.close()
        return
    rng = random.Random(seed)
    acks = ack.open("a", encoding="utf-8")
    users = list(range(100, 100 + 2 * games))
    with contextlib.suppress(Restarting):  # refused: the stop has begun
        await play(service, teller, acks, users, games, rng)
    await service.quiesce(5.0)
    await teller.deliver(await service.telling.untold(everything=True))
    left, _ = service.telling.stats()
    await store.close()
    print(f"stopped {left}", flush=True)


async def play(service: Any, teller: DiskTeller, acks: Any, users: list[int], games: int, rng: random.Random) -> None:
    from bot.tables import LobbyChanged, Player, StaleControl, TableOpened, TableOver

    while not service.stopping:
        playing = {s.table.game_no for u in users for s in service.tables.games_of(u)}
        if len(playing) < games:  # a table ended: open another one
            game_id, options = rng.choice(GAMES)
            host, guest = rng.sample(users, 2)
            for left in service.lobbies.of_guild(GUILD):  # a kill before its start left it open: its host gives it up
                if left.host_id == host and left.status == "open":
                    await service.lobbies.cancel(left.lobby_id, host)
            [opened] = await service.lobbies.open(GUILD, 1, Player(host, f"p{host}"), game_id, options)
            assert isinstance(opened, LobbyChanged)
            lobby = opened.lobby.lobby_id
            await service.lobbies.join(lobby, Player(guest, f"p{guest}"))
            for _ in range(2):
                await service.lobbies.add_computer(lobby, host)
            notes = await service.games.start(lobby, host)
            await teller.deliver([n for n in notes if isinstance(n, TableOpened) or hasattr(n, "table")])
            continue
        turns = [(s.table.game_no, u) for u in users for s in service.tables.games_of(u) if s.your_turn]
        if not turns:
            await asyncio.sleep(0.01)
            continue
        game_no, user = rng.choice(turns)
        try:
            hand = await service.tables.private_view(game_no, user)
            action = rng.choice(hand.view.legal).text
            notes = await service.act(game_no, user, action, hand.turn)
        except (TableOver, StaleControl):
            continue
        acks.write(json.dumps({"game": game_no, "turn": hand.turn, "action": action}) + "\n")
        acks.flush()
        await teller.deliver(notes)


# -- the parent: kill, restart, check ---------------------------------------------------------------------------
@dataclass
class Report:
    kills: int = 0
    games: int = 0
    actions: int = 0
    acked: int = 0
    lost: int = 0  # acknowledged, not in the log (or not at its turn)
    unannounced: int = 0
    doubled: int = 0  # actions shown in more than one public message
    uncalled: int = 0  # games on whose next human has no DM with controls for the current turn
    left_untold: int = 0
    broken: list[str] = field(default_factory=list)  # games that do not replay
    shown_twice: list[str] = field(default_factory=list)  # which actions were shown twice, to look into

    @property
    def ok(self) -> bool:
        faults = (self.lost, self.unannounced, self.doubled, self.uncalled, self.left_untold, len(self.broken))
        return not any(faults)

    def line(self) -> str:
        return (
            f"crash test: {self.kills} kills, {self.games} games, {self.actions} actions ({self.acked} acknowledged); "
            f"lost {self.lost}, unannounced {self.unannounced}, announced twice "
            f"{self.doubled}, next human not called {self.uncalled}, left untold {self.left_untold}, "
            f"not replaying (half-written) {len(self.broken)}"
        )


def _spawn(
    work: Path, games: int, seed: int, drain: bool = False, module: str = "benchmarks.crash"
) -> subprocess.Popen[bytes]:
    args = [sys.executable, "-m", module, "--child", str(work), "--games", str(games), "--seed", str(seed)]
    if drain:
        args.append("--drain")
    return subprocess.Popen(args, cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE)


def run(kills: int, games: int, seed: int, work: Path, *, longest: float = 0.25, least: int = 0) -> Report:
    """Start, kill and restart the child `kills` times (each killed at a random moment up to `longest`
    seconds after it has resumed its games, and after `least` actions acknowledged), drain, and check
    everything."""
    report = Report()
    kill_again_and_again(kills, games, seed, work, report, longest=longest, least=least)
    check(work, report)
    return report


def _acked(work: Path) -> int:
    """How far the children have got: the actions they acknowledged (a line each)."""
    try:
        return (work / "ack.jsonl").read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def kill_again_and_again(
    kills: int,
    games: int,
    seed: int,
    work: Path,
    report: Report,
    *,
    longest: float,
    module: str = "benchmarks.crash",
    least: int = 0,
) -> None:
    """The parent's part: start the child `module`, kill it at a random moment, again and again; then drain.

    With `least`, each child is also let acknowledge that many actions before its kill (at most
    30 s more): a busy machine makes less progress in the same seconds, and a test that needs a tournament
    finished must not depend on how busy its machine is."""
    rng = random.Random(seed)
    for k in range(kills):
        process = _spawn(work, games, seed + k, module=module)
        assert process.stdout is not None
        if process.stdout.readline().strip() != b"ready":
            raise RuntimeError(f"the child did not start (exit {process.wait()})")
        start = _acked(work)
        time.sleep(rng.uniform(0, longest))
        patience = time.monotonic() + 30
        while _acked(work) - start < least and time.monotonic() < patience and process.poll() is None:
            time.sleep(0.01)
        if process.poll() is not None:
            raise RuntimeError(f"the child stopped by itself (exit {process.returncode})")
        process.send_signal(signal.SIGKILL)
        process.wait()
        report.kills += 1
    process = _spawn(work, games, seed + kills, drain=True, module=module)
    if process.wait(timeout=120) != 0:
        raise RuntimeError("the final child failed")


def terminate_again_and_again(
    stops: int, games: int, seed: int, work: Path, report: Report, *, longest: float
) -> list[tuple[float, int]]:
    """Like `kill_again_and_again`, with SIGTERM: each child stops gracefully. The seconds each stop took
    (signal to exit) and the notifications it left untold, as the child said."""
    rng = random.Random(seed)
    stopped: list[tuple[float, int]] = []
    for k in range(stops):
        process = _spawn(work, games, seed + k)
        assert process.stdout is not None
        if process.stdout.readline().strip() != b"ready":
            raise RuntimeError(f"the child did not start (exit {process.wait()})")
        time.sleep(rng.uniform(0, longest))
        if process.poll() is not None:
            raise RuntimeError(f"the child stopped by itself (exit {process.returncode})")
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        out = process.stdout.read()
        if process.wait(timeout=30) != 0:
            raise RuntimeError(f"the child did not stop cleanly (exit {process.returncode})")
        took = time.monotonic() - sent
        words = out.decode().split()
        stopped.append((took, int(words[-1]) if words[-2:-1] == ["stopped"] else -1))
        report.kills += 1
    process = _spawn(work, games, seed + stops, drain=True)
    if process.wait(timeout=120) != 0:
        raise RuntimeError("the final child failed")
    return stopped


def check(work: Path, report: Report) -> None:
    asyncio.run(_check(work, report))


async def _check(work: Path, report: Report) -> None:
    """Everything read back through the store, as a restarted bot would read it."""
    from bot.engine import EngineError
    from bot.tables.play.table import replay
    from data import Store

    store = await Store.open(work / "fives.sqlite3")
    sink = [e for line in (work / "sink.jsonl").read_text().splitlines() if (e := _parse(line)) is not None]
    acks = [e for line in (work / "ack.jsonl").read_text().splitlines() if (e := _parse(line)) is not None]
    shown = Counter((e["game"], t) for e in sink if e.get("public") for t in e["actions"])
    report.acked = len(acks)
    report.left_untold = len(await store.outbox())
    logs: dict[int, list[tuple[int, str]]] = {}
    game_no = 1
    while (stored := await store.load_game(game_no)) is not None:
        logs[game_no] = log = stored.actions
        report.games += 1
        report.actions += len(log)
        for turn in range(len(log)):
            count = shown.get((game_no, turn), 0)
            report.unannounced += count == 0
            report.doubled += count > 1
            if count > 1:
                posts = [e for e in sink if e.get("public") and e["game"] == game_no and turn in e["actions"]]
                report.shown_twice.append(f"game {game_no} action {turn} {log[turn]}: {posts}")
        try:
            state = replay(stored.row, log)  # a half-written action would not replay
        except EngineError as exc:
            report.broken.append(f"game {game_no}: {exc}")
        else:
            if stored.row.status == "active":  # called for the log's length (an undo's entries count too)
                seats = [s.user_id for s in stored.row.seats]
                for user in (seats[s] for s in state.actors if seats[s] is not None):
                    report.uncalled += not any(
                        e.get("dm") == user and e["game"] == game_no and e["turn"] == state.log_length and e["controls"]
                        for e in sink
                    )
        game_no += 1
    await store.close()
    report.lost = sum(
        1
        for a in acks
        if not (a["turn"] < len(logs.get(a["game"], ())) and logs[a["game"]][a["turn"]][1] == a["action"])
    )
    # A turn in the sink or the acks beyond every game in the store would be a game lost whole.
    report.lost += sum(1 for a in acks if a["game"] not in logs)


def sigterm_line(stops: list[tuple[float, int]]) -> str:
    times = sorted(t for t, _ in stops)
    left = sum(max(0, n) for _, n in stops)
    return (
        f"stops: {len(stops)}, signal to exit median {times[len(times) // 2]:.2f} s, longest {times[-1]:.2f} s; "
        f"left untold at a stop {left}; children that did not say {sum(n < 0 for _, n in stops)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=at_least(0), default=300)
    parser.add_argument("--games", type=at_least(1), default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sigterm", type=int, metavar="STOPS", help="stop gracefully STOPS times (SIGTERM) instead")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--drain", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        work = args.child
        asyncio.run(
            child(work / "fives.sqlite3", work / "sink.jsonl", work / "ack.jsonl", args.games, args.seed, args.drain)
        )
        return
    if args.sigterm is not None:
        with tempfile.TemporaryDirectory() as tmp:
            report = Report()
            stops = terminate_again_and_again(args.sigterm, args.games, args.seed, Path(tmp), report, longest=1.0)
            check(Path(tmp), report)
            print(report.line().replace("kills", "graceful stops (SIGTERM)"))
            print(sigterm_line(stops))
        sys.exit(0 if report.ok and all(0 <= t < 10 and left == 0 for t, left in stops) else 1)
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        report = run(args.kills, args.games, args.seed, Path(tmp))
        print(report.line())
        for broken in [*report.broken, *report.shown_twice]:
            print("  " + broken)
        print(f"  ({time.perf_counter() - started:.0f} s)")
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
