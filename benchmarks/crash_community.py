"""The crash test (benchmarks/crash.py) of the community features: the child keeps tables going as there, at
tables opened with undo by agreement, and also runs knockout tournaments of four, DM digests to watchers and a
weekly season schedule, on a clock that jumps hours ahead as it plays (so seasons end, requests expire and
digests fall due within seconds). It is killed with SIGKILL at random moments and restarted, many times.

    python -m benchmarks.crash_community [--kills 300] [--games 6] [--seed 1]

What it would post goes to the sink, following the bot's protocols: a tournament's round picture, winner or
cancellation claimed (`claim`), posted, then `told`; a season's champions claimed by the sweep, posted, then
`announced`; a digest claimed by the sweep, sent, then `told`; a request's question and each change of it
through the outbox (`backlog`, then `told`), posted once and redrawn after.

After the last kill a final child jumps the clock past every lease and deadline, tells what was left and
stops; then the parent checks the games as crash.py does, and: every tournament match has one table (by its
origin), a finished tournament has its winner, each round's picture is posted at most once and the winner
exactly once; every request ended in one outcome, its question posted at most once and showing that outcome,
an accepted one is an `undo` in the log at its turn; no digest is sent twice for the same state of a game,
nor two within the digest period without a hand's or the game's end; each ended season's champions are
announced exactly once, and exactly one season runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from benchmarks.arguments import at_least
from benchmarks.crash import GUILD, DiskTeller, Report, _parse, check, kill_again_and_again

CHANNEL = 1
UNDO_GAMES: tuple[tuple[str, dict[str, Any]], ...] = (("muggins", {}), ("draw", {}))  # two humans each
TOURNAMENT_GAME = ("draw", {"rounds": 1})  # a single hand: a round is over in seconds
TOURNAMENTS_LIVE = 2
ORGANISER = 1
CANCEL_CHANCE = 0.001  # a step's chance that a running tournament is cancelled
WATCHERS = range(900, 904)
JUMP = 12 * 3600.0  # the clock jumps this far every JUMP_EVERY steps: a weekly season lasts 14 jumps
JUMP_EVERY = 10
SWEEP_EVERY = 4  # steps between sweeps (the bot's run every few seconds)
MODULE = "benchmarks.crash_community"


class JumpingClock:
    """Real time plus an offset that only grows, kept in a file so that a restarted child goes on from where
    the killed one was (written whole by a rename: a kill leaves the old offset or the new)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = float(path.read_text()) if path.exists() else 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def jump(self, seconds: float) -> None:
        self.offset += seconds
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(repr(self.offset))
        os.replace(tmp, self.path)


class CommunityTeller(DiskTeller):
    """The disk teller, telling also what the community cogs post. A claim taken again after an unsettled one
    looks in the sink (the channel, here) for what that one may have posted, as the cogs look among their
    messages (`cogs.posted`), and settles it instead of posting it twice."""

    def __init__(self, service: Any, sink: Path, clock: JumpingClock) -> None:
        super().__init__(service, sink)
        self.clock = clock
        self.posted: set[tuple[Any, ...]] = set()  # ("season", id), ("tournament", id, due)
        self.sent: defaultdict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)  # (lobby, user): digests
        if sink.exists():
            for line in sink.read_text(encoding="utf-8").splitlines():
                entry = _parse(line)
                if entry is not None:
                    self._seen(entry)

    def _seen(self, entry: dict[str, Any]) -> None:
        if "season" in entry:
            self.posted.add(("season", entry["season"]))
        elif "tournament" in entry:
            self.posted.add(("tournament", entry["tournament"], entry["due"]))
        elif "digest" in entry:
            self.sent[entry["lobby"], entry["digest"]].append(entry)

    def _write(self, entry: dict[str, Any]) -> None:
        super()._write(entry)
        self._seen(entry)

    async def tournaments(self) -> None:
        """As `cogs.tournaments.Tournaments.advance_all` does."""
        tournaments = self.service.tournaments
        for t, notes in await tournaments.sweep():
            if notes:
                await self.deliver(notes)
            await self.tournament(t.tournament_id)

    async def tournament(self, tournament_id: int) -> None:
        """A round's picture, the winner or a cancellation, claimed, posted, told (`Tournaments.tell`)."""
        from bot.tables.community.tournaments import _due

        tournaments = self.service.tournaments
        news = await tournaments.claim_news(tournament_id)
        if news is not None:
            claimed = news.tournament
            key = ("tournament", claimed.tournament_id, _due(claimed))
            if not news.retold or key not in self.posted:
                entry = {"tournament": claimed.tournament_id, "due": _due(claimed), "status": claimed.status}
                self._write({**entry, "winner": claimed.winner, "rounds": claimed.rounds})
            await tournaments.told(claimed)

    async def seasons(self) -> None:
        """As `cogs.seasons.Seasons.announce_due` does."""
        for ended in await self.service.seasons.sweep():
            if not ended.retold or ("season", ended.season.season_id) not in self.posted:
                following = None if ended.next is None else ended.next.season_id
                champions = len(ended.champions)
                self._write({"season": ended.season.season_id, "next": following, "champions": champions})
            await self.service.seasons.announced(ended.season.season_id)

    def _digest(self, digest: Any) -> None:
        snap = digest.snapshot
        entry = {"digest": digest.user_id, "lobby": digest.lobby_id, "game": snap.table.game_no, "turn": snap.turn}
        self._write({**entry, "hands": len(snap.hands), "over": snap.over, "first": digest.first, "at": self.clock()})

    async def digests(self) -> None:
        """As `cogs.watching.Spectators.send_due` does (every DM goes through)."""
        watchers = self.service.watchers
        for digest in await watchers.sweep():
            game = digest.snapshot.table.game_no
            found = [
                e
                for e in self.sent.get((digest.lobby_id, digest.user_id), [])
                if digest.since is not None and e["game"] == game and e["at"] >= digest.since - 1
            ]
            if found:  # sent before a crash: counted from it
                await watchers.told(digest, (found[-1]["turn"], found[-1]["hands"]))
                continue
            self._digest(digest)
            await watchers.told(digest)


async def child(work: Path, games: int, seed: int, drain: bool) -> None:
    from bot.tables import Player, TableError, TableOpened, TableService, UndoRequested
    from data import Store

    clock = JumpingClock(work / "clock")
    store = await Store.open(work / "fives.sqlite3")
    service = TableService(store, clock=clock, rng=random.Random(seed))
    await service.resume()
    teller = CommunityTeller(service, work / "sink.jsonl", clock)
    print("ready", flush=True)
    await teller.deliver(await service.telling.untold(everything=True))
    if drain:  # past every lease and deadline: whatever a kill left claimed or open is due now
        clock.jump(24 * 3600.0)
        await teller.deliver(await service.tick())
        await teller.tournaments()
        await teller.seasons()
        await teller.digests()
        await teller.deliver(await service.telling.untold(everything=True))
        await store.close()
        return
    await service.settings.update(GUILD, undo_allowed=True)
    if await service.seasons.schedule(GUILD) is None:
        await service.seasons.set_schedule(GUILD, CHANNEL, 1, "weekly")
    rng = random.Random(seed)
    acks = (work / "ack.jsonl").open("a", encoding="utf-8")
    players = list(range(100, 100 + 2 * games))
    open_requests: dict[int, Any] = {}  # game -> the request waiting for answers, as last told here
    step = 0
    while True:
        step += 1
        if step % JUMP_EVERY == 0:
            clock.jump(JUMP)
            await teller.deliver(await service.tick())
        if step % SWEEP_EVERY == 0:
            await teller.tournaments()
            await teller.seasons()
            await teller.digests()
        live = [t for t in await service.tournaments.of_guild(GUILD) if t.status == "running"]
        if len(live) < TOURNAMENTS_LIVE:
            await _new_tournament(service, teller, rng)
            continue
        if rng.random() < CANCEL_CHANCE:  # its organiser cancels one; the channel is told at once
            cancelled = await service.tournaments.cancel(rng.choice(live).tournament_id, ORGANISER)
            await teller.tournament(cancelled.tournament_id)
            continue
        humans = players + [u for t in live for e in t.entrants for u in e.users]
        playing = {s.table.game_no for u in players for s in service.tables.games_of(u)}
        if len(playing) < games:
            game_id, options = rng.choice(UNDO_GAMES)
            host, guest = rng.sample(players, 2)
            for left in service.lobbies.of_guild(GUILD):  # a kill before its start left it open: its host gives it up
                if left.host_id == host and left.status == "open" and left.undo:  # ours, not a tournament's
                    await service.lobbies.cancel(left.lobby_id, host)
            [opened] = await service.lobbies.open(GUILD, CHANNEL, Player(host, f"p{host}"), game_id, options, undo=True)
            lobby = opened.lobby.lobby_id
            await service.lobbies.join(lobby, Player(guest, f"p{guest}"))
            notes = await service.games.start(lobby, host)
            await teller.deliver([n for n in notes if hasattr(n, "table")])
            game_no = next(n.table.game_no for n in notes if isinstance(n, TableOpened))
            if rng.random() < 0.5:
                _, first = await service.watchers.watch_game(game_no, rng.choice(WATCHERS), "dm")
                if first is not None:  # sent, then told (a kill between: looked for after the lease)
                    teller._digest(first)
                    await service.watchers.told(first)
            continue
        notes = []
        try:
            waiting = [r for r in open_requests.values() if r.waiting]
            if waiting and rng.random() < 0.5:  # a request answered
                request = rng.choice(waiting)
                del open_requests[request.table.game_no]
                accept = rng.random() < 0.6
                notes = await service.undos.answer(request.table.game_no, request.waiting[0], accept, request.request)
            else:
                turns = [(s.table.game_no, u) for u in humans for s in service.tables.games_of(u) if s.your_turn]
                if not turns:
                    await asyncio.sleep(0.01)
                    continue
                game_no, user = rng.choice(turns)
                hand = await service.tables.private_view(game_no, user)
                action = rng.choice(hand.view.legal).text
                notes = await service.act(game_no, user, action, hand.turn)
                acks.write(json.dumps({"game": game_no, "turn": hand.turn, "action": action}) + "\n")
                acks.flush()
                if game_no in playing and rng.random() < 0.3:  # and asked to be taken back
                    await teller.deliver(notes)
                    notes = await service.undos.ask(game_no, user)
        except TableError:  # over, stale, refused: as a click would be answered
            pass
        for note in notes:
            if isinstance(note, UndoRequested):
                if note.status == "open":
                    open_requests[note.table.game_no] = note
                else:
                    open_requests.pop(note.table.game_no, None)
        await teller.deliver(notes)


async def _new_tournament(service: Any, teller: CommunityTeller, rng: random.Random) -> None:
    """A knockout of four new players, begun at once (its first round's tables opened)."""
    from bot.tables import Player

    tournaments = service.tournaments
    game_id, options = TOURNAMENT_GAME
    t = await tournaments.create(GUILD, CHANNEL, ORGANISER, game_id, "knockout", options=options)
    first = 10_000 + 4 * t.tournament_id  # players of their own
    for user in rng.sample(range(first, first + 4), 4):
        await tournaments.sign_up(t.tournament_id, [Player(user, f"t{user}")])
    _, notes = await tournaments.begin(t.tournament_id, ORGANISER)
    await teller.deliver(notes)


# -- the parent: check --------------------------------------------------------------------------------------
@dataclass
class CommunityReport:
    games: Report = field(default_factory=Report)
    tournaments: int = 0
    finished: int = 0
    matches: int = 0
    duplicate_tables: int = 0  # a match with more than one table, or its table not the one its origin has
    no_winner: int = 0  # finished without a winner
    rounds_twice: int = 0  # a round's picture (or the winner, or a cancellation) posted more than once
    winner_untold: int = 0  # finished, its winner never posted
    not_finished: int = 0  # its winner posted, yet still running
    rounds_skipped: int = 0  # a round's picture never posted, the next one's was (it shows both): not a fault
    cancelled: int = 0
    cancel_untold: int = 0  # cancelled, never said so (or said twice: counted in rounds_twice)
    undos: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    undo_open: int = 0  # still open after the final child
    question_twice: int = 0  # a question posted more than once
    wrong_outcome: int = 0  # its question shows another outcome, or several, or the log disagrees
    digests: int = 0
    digest_twice: int = 0  # the same state of a game sent twice to a watcher
    digest_early: int = 0  # two within the period with no hand's or game's end between
    seasons: int = 0
    season_untold: int = 0
    season_twice: int = 0
    running_seasons: int = 0
    details: list[str] = field(default_factory=list)  # what was found twice, to look into

    @property
    def faults(self) -> tuple[int, ...]:
        return (
            self.duplicate_tables,
            self.no_winner,
            self.rounds_twice,
            self.winner_untold,
            self.not_finished,
            self.cancel_untold,
            self.undo_open,
            self.question_twice,
            self.wrong_outcome,
            self.digest_twice,
            self.digest_early,
            self.season_untold,
            self.season_twice,
            self.running_seasons != 1,
        )

    @property
    def ok(self) -> bool:
        return self.games.ok and not any(self.faults)

    def lines(self) -> list[str]:
        outcomes = ", ".join(f"{k} {v}" for k, v in sorted(self.outcomes.items()))
        return [
            self.games.line(),
            f"tournaments: {self.tournaments} ({self.finished} finished, {self.cancelled} cancelled), "
            f"{self.matches} matches; a second table {self.duplicate_tables}, finished without a winner "
            f"{self.no_winner}, a round posted twice {self.rounds_twice}, winner untold {self.winner_untold}, "
            f"winner told and still running {self.not_finished}, cancellation untold {self.cancel_untold} "
            f"(a round's picture left for the next one's {self.rounds_skipped})",
            f"undo requests: {self.undos} ({outcomes}); open at the end {self.undo_open}, "
            f"question posted twice {self.question_twice}, outcome wrong or told two ways {self.wrong_outcome}",
            f"digests: {self.digests}; the same sent twice {self.digest_twice}, two within the period "
            f"{self.digest_early}",
            f"seasons: {self.seasons} ended; champions untold {self.season_untold}, announced twice "
            f"{self.season_twice}; running now {self.running_seasons}",
        ]


def run(kills: int, games: int, seed: int, work: Path, *, longest: float = 0.25, least: int = 0) -> CommunityReport:
    report = CommunityReport()
    kill_again_and_again(kills, games, seed, work, report.games, longest=longest, module=MODULE, least=least)
    check(work, report.games)
    check_community(work, report)
    return report


def check_community(work: Path, report: CommunityReport) -> None:
    """Read back from the database file and the sink (the parent's read-only look, after the last child)."""
    from bot.tables.community.watchers import DIGEST_SECONDS

    sink = [e for line in (work / "sink.jsonl").read_text().splitlines() if (e := _parse(line)) is not None]
    db = sqlite3.connect(f"file:{work / 'fives.sqlite3'}?mode=ro", uri=True)
    _tournaments(db, sink, report)
    _undos(db, sink, report)
    digests = [e for e in sink if "digest" in e]
    report.digests = len(digests)
    by_watcher: defaultdict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in digests:
        by_watcher[e["lobby"], e["digest"]].append(e)
    for sent in by_watcher.values():
        seen = Counter((e["turn"], e["hands"], e["over"]) for e in sent)
        report.digest_twice += sum(n - 1 for n in seen.values())
        report.details += [f"digest sent twice: {[e for e in sent if seen[e['turn'], e['hands'], e['over']] > 1]}"] * (
            any(n > 1 for n in seen.values())
        )
        for before, after in pairwise(sent):
            ended = after["hands"] > before["hands"] or after["over"]
            report.digest_early += not ended and after["at"] - before["at"] < DIGEST_SECONDS
    ended = [
        s for (s,) in db.execute("SELECT season_id FROM seasons WHERE guild_id = ? AND ended_at IS NOT NULL", (GUILD,))
    ]
    report.seasons = len(ended)
    told = Counter(e["season"] for e in sink if "season" in e)
    report.season_untold = sum(1 for s in ended if told[s] == 0)
    report.season_twice = sum(n - 1 for n in told.values() if n > 1)
    report.details += [f"champions announced twice: {[e for e in sink if told.get(e.get('season'), 0) > 1]}"] * (
        report.season_twice > 0
    )
    (report.running_seasons,) = db.execute("SELECT count(*) FROM seasons WHERE ended_at IS NULL").fetchone()
    db.close()


def _tournaments(db: sqlite3.Connection, sink: list[dict[str, Any]], report: CommunityReport) -> None:
    from data import CANCELLED_ROUND

    tables: defaultdict[str, list[int | None]] = defaultdict(list)
    for origin, game_no in db.execute(
        "SELECT l.origin, g.game_no FROM lobbies l LEFT JOIN games g ON g.lobby_id = l.lobby_id "
        "WHERE l.origin LIKE 'tournament:%'"
    ):
        tables[origin].append(game_no)
    posted = Counter((e["tournament"], e["due"]) for e in sink if "tournament" in e)
    report.rounds_twice = sum(n - 1 for n in posted.values() if n > 1)
    for tid, status, rounds, state in db.execute("SELECT tournament_id, status, rounds, state FROM tournaments"):
        report.tournaments += 1
        state = json.loads(state)
        for r, matches in enumerate(state.get("rounds", ()), start=1):
            for m, match in enumerate(matches, start=1):
                if match["b"] is None:
                    continue  # a bye: no table
                report.matches += 1
                made = tables.get(f"tournament:{tid}:{r}:{m}", [])
                report.duplicate_tables += len(made) > 1 or (match.get("game") is not None and made != [match["game"]])
        if status == "finished":
            report.finished += 1
            report.no_winner += state.get("winner") is None
            report.winner_untold += posted[tid, rounds + 1] == 0
            report.rounds_skipped += sum(1 for r in range(1, rounds) if posted[tid, r] == 0)
        elif status == "running":
            report.not_finished += posted[tid, rounds + 1] > 0
        elif status == "cancelled":
            report.cancelled += 1
            report.cancel_untold += posted[tid, CANCELLED_ROUND] == 0


def _undos(db: sqlite3.Connection, sink: list[dict[str, Any]], report: CommunityReport) -> None:
    shown: defaultdict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for e in sink:
        if "question" in e:
            shown[e["game"], e["question"]].append(e)
    logs: dict[int, list[tuple[int, str]]] = {}
    for game_no, seat, action in db.execute("SELECT game_no, seat, action FROM actions ORDER BY game_no, turn"):
        logs.setdefault(game_no, []).append((seat, action))
    for game_no, request, turn, seat, status in db.execute(
        "SELECT game_no, request, turn, seat, status FROM undo_requests"
    ):
        report.undos += 1
        report.outcomes[status] += 1
        report.undo_open += status == "open"
        told = shown.get((game_no, request), [])
        report.question_twice += sum(1 for e in told if e["post"]) > 1
        outcomes = {e["status"] for e in told if e["status"] != "open"}
        log = logs.get(game_no, [])
        undone = len(log) > turn and log[turn] == (seat, "undo")
        report.wrong_outcome += (told and outcomes != {status}) or (undone != (status == "accepted"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kills", type=at_least(0), default=300)
    parser.add_argument("--games", type=at_least(1), default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--longest", type=at_least(0.0, float), default=0.25, help="the latest a child is killed, in seconds"
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--drain", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        asyncio.run(child(args.child, args.games, args.seed, args.drain))
        return
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        report = run(args.kills, args.games, args.seed, Path(tmp), longest=args.longest)
        for line in report.lines():
            print(line)
        for broken in [*report.games.broken, *report.games.shown_twice, *report.details]:
            print("  " + broken)
        print(f"  ({time.perf_counter() - started:.0f} s)")
    sys.exit(0 if report.ok else 1)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
