"""Arena: computer levels against each other, in duplicate, with the figures the issue's goals are read
from.

    python benchmarks/arena.py [--deals 40] [--pairing strong:easy] [--game all-fives-2p] [--workers 2]
    python benchmarks/arena.py --pairing strong:reference --game all-fives-2p
    python benchmarks/arena.py --quick      # a smoke run for CI: one short deal per game, normal vs easy
                                            # (Five Hundred: its first hand only)

Levels: `easy`, `normal` and `strong` of `bot.ai`, and the yardstick written apart from it,
`benchmarks/reference.py`: plain perfect-information Monte Carlo, `reference` at 24 sampled worlds a move
(`reference-N` at N, to compare at equal time per move); and `strong-N`, strong's search at N playouts a
move (its least samples scaled alike), to compare strong's method with the reference's at the reference's
small budget of time.

Duplicate format: every deal (a game seed: the same tiles in every hand) is played once per arrangement
of the two levels, A and B: with two sides, A holds side 0 and then side 1 (in Five Up 4p A is the
partnership of seats 0 and 2, then of 1 and 3); with one player a side (Muggins 3p), A sits in each seat
in turn against B in the others, so luck of the deal cancels out. A computer's moves are seeded by the
game seed and the turn, as at the table.

Per game and pairing it prints: games played and hands in them, A's games won with a 95% Wilson interval
(with three players, one in three is the even share), points per hand of A and of B (the hand's end
count and the points made in play; chips in Domineren), and A's milliseconds per move when it had a choice
(p50, p95, max; one process per core, so run it on an otherwise idle machine for the timings; then p50,
p95 and max in CPU time of the process, what one core spends however loaded the machine). Then two measures that are
fair whatever the number of sides, each with a 95% interval over the deals (the games of one deal are
not independent): `ahead`, the share of (A, B) pairs of sides in which A finished with more points
(a tie is half; 50% is even, with two sides it is the games won); and `diff/game`, A's points in a
game minus the mean of B's (Domineren: chips per session; 0 is even); last, B's CPU milliseconds per move
with a choice (p50, p95), beside A's, and the mean CPU milliseconds per move with a choice of A and of B
(equal time per move: equal means). Games whose family has no
search yet are listed as not yet available: their levels all play the easy heuristic.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.reference import reference_for
from bot.ai import BUDGETS, _module, choose_action, searches
from bot.ai.search import Budget
from bot.ai.search import choose as search_choose
from bot.engine import game_info, new_game


def choose(view: Any, rng: random.Random, level: str) -> str:
    """A level of `bot.ai`, `strong-N` (strong's search at N playouts a move, to compare at equal time),
    or the arena's own reference player (`reference`, `reference-N`)."""
    reference = reference_for(level)
    if reference is not None:
        return reference.choose(view, rng)
    scaled = scaled_strong(view.game_id, level)
    if scaled is not None:
        budget, family = scaled
        return search_choose(view, rng, budget, family) if len(view.legal) > 1 else view.legal[0].text
    return choose_action(view, rng, level)


def scaled_strong(game_id: str, level: str) -> tuple[Budget, Any] | None:
    """`strong-N`: strong's budget with N playouts a move and its least samples scaled alike (at least 8;
    the exact search of known endings and the deadline as strong's), and the family's search hooks."""
    if not (level.startswith("strong-") and level[7:].isdigit()):
        return None
    family = game_info(game_id).family
    strong = BUDGETS[family]["strong"]
    playouts = int(level[7:])
    samples = max(8, strong.min_samples * playouts // strong.playouts)
    return replace(strong, playouts=playouts, min_samples=samples), _module(family).FAMILY


def searching(game_id: str, level: str) -> bool:
    return reference_for(level) is not None or scaled_strong(game_id, level) is not None or searches(game_id, level)


@dataclass(frozen=True)
class Entry:
    key: str
    title: str
    game_id: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)
    quick_options: dict[str, Any] = field(default_factory=dict)
    quick_hands: int | None = None  # in --quick, a game stops after this many hands (no shorter target)


ENTRIES = (
    Entry("all-fives-2p", "All Fives 2p", "all-fives", 2, quick_options={"target": 50}),
    Entry("five-up-4p", "Five Up 4p (partners)", "five-up", 4),
    Entry("muggins-3p", "Muggins 3p", "muggins", 3, quick_options={"target": 50}),
    Entry("five-hundred-4p", "Five Hundred 4p (partners)", "five-hundred", 4, quick_hands=1),
    Entry("five-hundred-3p", "Five Hundred 3p", "five-hundred", 3, quick_hands=1),
    Entry("domineren-4p", "Domineren 4p", "domineren", 4, quick_options={"hands": 1}),
)


@dataclass
class GameRecord:
    won: bool
    hands: int
    points_a: float  # per A seat's side, over the game
    points_b: float
    a_sides: int
    b_sides: int
    ms: list[float]
    cpu: list[float]  # the same moves in CPU time of the process: what one core spends, however loaded
    cpu_b: list[float]  # B's moves with a choice, in CPU time
    ahead: float = 0.0  # the share of (A side, B side) pairs where A finished with more points (ties half)
    deal: int = 0


def arrangements(entry: Entry) -> list[tuple[int, ...]]:
    """For each game of a deal, the seats A plays."""
    sides = game_info(entry.game_id).sides(entry.players, {})
    if len(sides) == 2:
        return [tuple(sides[0]), tuple(sides[1])]
    return [(seat,) for seat in range(entry.players)]


def play_game(
    entry: Entry,
    options: dict[str, Any],
    seed: int,
    a_seats: tuple[int, ...],
    a: str,
    b: str,
    max_hands: int | None = None,
) -> GameRecord:
    """One game (or its first `max_hands` hands: then A wins if its side scored more than any other)."""
    state = new_game(entry.game_id, entry.players, options, seed=seed)
    ms: list[float] = []
    cpu: list[float] = []
    cpu_b: list[float] = []
    while not state.is_over and (max_hands is None or len(state.hands) < max_hands):
        for seat in state.actors:
            view = state.view(seat)
            if not view.legal:
                continue
            level = a if seat in a_seats else b
            rng = random.Random(state.seed * 1_000_003 + state.turn)
            started, cpu_started = time.perf_counter(), time.process_time()
            action = choose(view, rng, level)
            if len(view.legal) > 1:
                if seat in a_seats:
                    ms.append((time.perf_counter() - started) * 1000)
                    cpu.append((time.process_time() - cpu_started) * 1000)
                else:
                    cpu_b.append((time.process_time() - cpu_started) * 1000)
            state.apply(seat, action)
            break
    result = state.result
    a_side_ids = {state.side_of[s] for s in a_seats}
    b_side_ids = set(range(len(result.sides))) - a_side_ids
    points = [0.0] * len(result.sides)
    for step in state.steps:
        for side, p in enumerate(step.points):
            points[side] += p
    for hand in result.hands:
        for side, p in enumerate(hand.points):
            points[side] += p
    winner = result.winner
    if winner is None and max_hands is not None:  # cut short (--quick): ahead on points wins
        won = max(points[s] for s in a_side_ids) > max(points[s] for s in b_side_ids)
    else:
        won = winner is not None and any(s in a_side_ids for s in winner)
    scores = result.scores
    pairs = [(x, y) for x in a_side_ids for y in b_side_ids]
    ahead = sum(1.0 if scores[x] > scores[y] else 0.5 if scores[x] == scores[y] else 0.0 for x, y in pairs)
    # Domineren's pool and Billitonnen are entries of `hands` too, but not hands
    hands = sum(1 for hand in result.hands if hand.reason not in ("pool", "billitonnen"))
    # a fives game won in play (a count reaching the target) ends its last hand without a hand result: the
    # hands dealt count it (else a game won in its first hand played none, and its points per hand divide by 0)
    hands = max(hands, getattr(state, "hand_no", 0))
    return GameRecord(
        won,
        hands,
        sum(points[s] for s in a_side_ids),
        sum(points[s] for s in b_side_ids),
        len(a_side_ids),
        len(b_side_ids),
        ms,
        cpu,
        cpu_b,
        ahead / max(1, len(pairs)),
        seed,
    )


def _task(args: tuple[Entry, dict[str, Any], int, tuple[int, ...], str, str, int | None]) -> GameRecord:
    record = play_game(*args)
    entry, _, seed, seats, a, b, _ = args
    print(
        f"  {entry.key} {a}:{b} deal {seed} A in {seats}: {'won' if record.won else 'lost'} "
        f"{record.points_a:.0f}-{record.points_b:.0f} in {record.hands} hands",
        file=sys.stderr,
        flush=True,
    )
    return record


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation), from independent values."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def by_deal(records: list[GameRecord], value: Any) -> list[float]:
    """`value` of each game, averaged over the games of each deal (the deals are the independent units)."""
    deals: dict[int, list[float]] = {}
    for r in records:
        deals.setdefault(r.deal, []).append(value(r))
    return [sum(v) / len(v) for v in deals.values()]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Summary:
    games: int
    hands: int
    wins: int
    low: float
    high: float
    points_a: float
    points_b: float
    p50: float
    p95: float
    max: float
    cpu_p50: float
    cpu_p95: float
    cpu_max: float
    moves: int
    b_cpu_p50: float
    b_cpu_p95: float
    cpu_mean: float = 0.0  # A's and B's mean CPU ms per move with a choice: equal time is read from these
    b_cpu_mean: float = 0.0
    ahead: tuple[float, float, float] = (0.0, 0.0, 0.0)  # mean, 95% interval
    diff: tuple[float, float, float] = (0.0, 0.0, 0.0)  # A's points a game minus B's mean, 95% interval


def summarise(records: list[GameRecord]) -> Summary:
    games = len(records)
    wins = sum(r.won for r in records)
    hands = sum(r.hands for r in records)
    low, high = wilson(wins, games)
    ms = [m for r in records for m in r.ms]
    cpu = [m for r in records for m in r.cpu]
    cpu_b = [m for r in records for m in r.cpu_b]
    per_a = sum(r.points_a / r.a_sides for r in records) / max(1, hands)
    per_b = sum(r.points_b / r.b_sides for r in records) / max(1, hands)
    return Summary(
        games,
        hands,
        wins,
        low,
        high,
        per_a,
        per_b,
        percentile(ms, 0.5),
        percentile(ms, 0.95),
        max(ms, default=0.0),
        percentile(cpu, 0.5),
        percentile(cpu, 0.95),
        max(cpu, default=0.0),
        len(ms),
        percentile(cpu_b, 0.5),
        percentile(cpu_b, 0.95),
        sum(cpu) / max(1, len(cpu)),
        sum(cpu_b) / max(1, len(cpu_b)),
        mean_interval(by_deal(records, lambda r: r.ahead)),
        mean_interval(by_deal(records, lambda r: r.points_a / r.a_sides - r.points_b / r.b_sides)),
    )


def run(
    entries: list[Entry], pairings: list[tuple[str, str]], deals: int, workers: int, quick: bool, first: int = 0
) -> list[str]:
    lines = [
        f"{'game':28} {'A vs B':15} {'games':>5} {'hands':>5} {'A won':>6} {'95% interval':>14} "
        f"{'pts/hand A':>10} {'B':>6} {'A ms p50':>8} {'p95':>6} {'max':>6} "
        f"{'cpu p50':>7} {'p95':>6} {'max':>6} {'moves':>6} "
        f"{'ahead (50% even)':>22} {'diff/game':>22} {'B cpu p50':>9} {'p95':>6} {'cpu mean A':>10} {'B':>5}"
    ]
    print(lines[0], flush=True)
    for entry in entries:
        for a, b in pairings:
            if not (searching(entry.game_id, a) or searching(entry.game_id, b)):
                lines.append(f"{entry.title:28} {a + ' vs ' + b:15} not yet available (no search for this family)")
                print(lines[-1], flush=True)
                continue
            options = {**entry.options, **(entry.quick_options if quick else {})}
            max_hands = entry.quick_hands if quick else None
            tasks = [
                (entry, options, 1000 + deal, seats, a, b, max_hands)
                for deal in range(first, first + deals)
                for seats in arrangements(entry)
            ]
            if workers > 1:
                with ProcessPoolExecutor(workers) as pool:
                    records = list(pool.map(_task, tasks))
            else:
                records = [_task(t) for t in tasks]
            s = summarise(records)
            even = "" if len(arrangements(entry)) == 2 else f" (games won: even {100 / len(arrangements(entry)):.0f}%)"
            ahead, diff = s.ahead, s.diff
            lines.append(
                f"{entry.title:28} {a + ' vs ' + b:15} {s.games:>5} {s.hands:>5} {100 * s.wins / s.games:>5.1f}% "
                f"[{100 * s.low:5.1f}, {100 * s.high:5.1f}] {s.points_a:>10.2f} {s.points_b:>6.2f} "
                f"{s.p50:>8.0f} {s.p95:>6.0f} {s.max:>6.0f} "
                f"{s.cpu_p50:>7.0f} {s.cpu_p95:>6.0f} {s.cpu_max:>6.0f} {s.moves:>6} "
                f"{100 * ahead[0]:>5.1f}% [{100 * ahead[1]:5.1f}, {100 * ahead[2]:5.1f}] "
                f"{diff[0]:>+7.1f} [{diff[1]:+6.1f}, {diff[2]:+6.1f}] {s.b_cpu_p50:>9.0f} {s.b_cpu_p95:>6.0f} "
                f"{s.cpu_mean:>10.1f} {s.b_cpu_mean:>5.1f}{even}"
            )
            print(lines[-1], flush=True)
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40, help="deals per game and pairing (default 40)")
    parser.add_argument("--first", type=int, default=0, help="the first deal (to add deals to a run: default 0)")
    parser.add_argument("--pairing", action="append", help="A:B levels (default strong:easy and normal:easy)")
    parser.add_argument("--game", action="append", choices=[e.key for e in ENTRIES], help="only these games")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    parser.add_argument("--quick", action="store_true", help="smoke run: 1 short deal per game, normal vs easy")
    args = parser.parse_args(argv)
    pairings = (
        [tuple(p.split(":", 1)) for p in args.pairing] if args.pairing else [("strong", "easy"), ("normal", "easy")]
    )
    entries = [e for e in ENTRIES if not args.game or e.key in args.game]
    if args.quick:
        deals, workers = 1, 1
        if not args.pairing:
            pairings = [("normal", "easy")]
    else:
        deals, workers = args.deals, args.workers
    run(entries, pairings, deals, workers, args.quick, args.first)


if __name__ == "__main__":
    main()
