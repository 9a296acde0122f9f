"""Where Five Hundred's searching levels differ, and whether the auction's simulations are honest.

    python -m benchmarks.five_hundred_decisions [--games 20] [--first 7000] [--times 4] [--hands 4]

Issue 28 asks `strong` to be clearly ahead of `normal` in every family; in Five Hundred it is not (200
duplicate games: 51.5%), though it spends 2.7 times normal's playouts. This prints why, so that the next
attempt starts from figures, not guesses:

1. *Decisions.* Positions from games among normal seats (every auction, discard and call with a choice,
   a quarter of the plays, the first `--hands` hands of each game); at each, the choice of normal, of
   strong, and of strong's search at `--times` its playouts (no deadline). Per phase: how often two agree,
   and their CPU milliseconds. Where strong agrees with normal about as often as with the far bigger
   search, its extra playouts change few decisions and only close calls: the search is limited by what
   its playouts know (a fixed policy playing every seat), not by how many it runs.
2. *The auction's calibration.* For every hand of those games whose contract the search bid, the share
   of the declarer's simulated samples in which that contract was made, against whether it was, per kind
   of contract, with a 95% Wilson interval of the share made. A bidder whose estimates run below (or
   above) what its contracts make passes up (or takes on) contracts it should not.

CPU time, one process: run it on a quiet core for the milliseconds; the agreement and the calibration
do not depend on the machine (every choice is seeded by the game and the turn, as at the table).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, cast

from benchmarks.arena import wilson
from bot.ai import BUDGETS, choose_action
from bot.ai.five_hundred import FAMILY, win_value
from bot.ai.five_hundred_bidding import simulate
from bot.ai.five_hundred_inference import sample
from bot.ai.search import choose
from bot.engine import new_game
from bot.engine.five_hundred import FiveHundredView
from bot.engine.five_hundred.rules import BIDS

PLAY_SHARE = 0.25  # the plays looked at (they are most of the positions, and the cheapest to agree on)
PHASES = ("auction", "discard", "call", "play")


@dataclass
class Agreement:
    positions: int = 0
    normal_strong: int = 0
    strong_big: int = 0
    normal_big: int = 0
    cpu: tuple[float, float, float] = (0.0, 0.0, 0.0)


@dataclass
class Estimate:
    contracts: int = 0
    estimated: float = 0.0  # sum of the declarers' estimated chances
    made: int = 0


def _kind(contract: str) -> str:
    if "misere" in contract:
        return contract
    level = contract.rstrip("SCDHNT")
    return ("no trump " if contract.endswith("NT") else "suit ") + level


def _timed(decide: Callable[..., str], *args: Any) -> tuple[str, float]:
    """What `decide(*args)` chose, and the CPU seconds it took."""
    started = time.process_time()
    return decide(*args), time.process_time() - started


def measure(games: int, first: int, times: float, hands: int) -> tuple[dict[str, Agreement], dict[str, Estimate]]:
    normal = BUDGETS["five_hundred"]["normal"]
    strong = BUDGETS["five_hundred"]["strong"]
    big = replace(strong, playouts=int(strong.playouts * times), deadline=0.0)
    agreement: dict[str, Agreement] = defaultdict(Agreement)
    calibration: dict[str, Estimate] = defaultdict(Estimate)
    for g in range(games):
        state = new_game("five-hundred", 4, {}, seed=first + g)
        estimates: dict[tuple[Any, Any], float] = {}  # (seat, bid) of this hand: the share of samples made
        while not state.is_over and len(state.hands) < hands:
            seat = state.actors[0]
            view = cast(FiveHundredView, state.view(seat))
            seed = state.seed * 1_000_003 + state.turn
            if len(view.legal) > 1 and (view.phase != "play" or random.Random(seed).random() < PLAY_SHARE):
                n, cpu_n = _timed(choose_action, view, random.Random(seed), "normal")
                s, cpu_s = _timed(choose_action, view, random.Random(seed), "strong")
                b, cpu_b = _timed(choose, view, random.Random(seed), big, FAMILY)
                row = agreement[view.phase]
                row.positions += 1
                row.normal_strong += n == s
                row.strong_big += s == b
                row.normal_big += n == b
                row.cpu = (row.cpu[0] + cpu_n, row.cpu[1] + cpu_s, row.cpu[2] + cpu_b)
                action = n
            else:
                action = choose_action(view, random.Random(seed), "normal")
            if view.phase == "auction" and action != "pass":
                # the very simulation the normal seat's bid came from (the same seed, so the same samples)
                found = simulate(view, random.Random(seed), normal, sample, win_value)
                if found is not None and found.samples:
                    estimates[(seat, action)] = found.made[BIDS[action]] / found.samples
            before = len(state.hands)
            state.apply(seat, action)
            if len(state.hands) > before:
                detail = state.hands[-1].detail
                key = (detail.get("declarer"), detail.get("contract"))
                if detail.get("made") is not None and key in estimates:
                    row_c = calibration[_kind(str(key[1]))]
                    row_c.contracts += 1
                    row_c.estimated += estimates[key]
                    row_c.made += bool(detail["made"])
                estimates = {}
    return agreement, calibration


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games among normal seats (default 20)")
    parser.add_argument("--first", type=int, default=7000, help="the first game seed (default 7000)")
    parser.add_argument("--times", type=float, default=4.0, help="the big search's playouts, times strong's")
    parser.add_argument("--hands", type=int, default=4, help="hands looked at per game (default 4)")
    args = parser.parse_args(argv)
    agreement, calibration = measure(args.games, args.first, args.times, args.hands)
    big = f"strong x{args.times:g}"
    print(f"Five Hundred 4p, {args.games} games among normal seats from seed {args.first}, {args.hands} hands each")
    print(
        f"{'phase':8} {'positions':>9} {'normal=strong':>14} {'strong=' + big:>17} {'normal=' + big:>17}"
        f"   CPU ms a move: normal strong {big}"
    )
    for phase in PHASES:
        row = agreement.get(phase)
        if row is None or not row.positions:
            continue
        n = row.positions
        ms = [1000 * c / n for c in row.cpu]
        print(
            f"{phase:8} {n:9} {row.normal_strong / n:14.0%} {row.strong_big / n:17.0%} {row.normal_big / n:17.0%}"
            f"   {ms[0]:6.0f} {ms[1]:6.0f} {ms[2]:6.0f}"
        )
    print("\nthe auction's calibration: contracts the search bid, the declarer's estimated chance against made")
    print(f"{'contract':14} {'contracts':>9} {'estimated':>9} {'made':>6}   95% interval of made")
    total = Estimate()
    for kind in sorted(calibration):
        row_c = calibration[kind]
        total.contracts += row_c.contracts
        total.estimated += row_c.estimated
        total.made += row_c.made
        _row(kind, row_c)
    if total.contracts:
        _row("all", total)


def _row(kind: str, row: Estimate) -> None:
    low, high = wilson(row.made, row.contracts)
    print(
        f"{kind:14} {row.contracts:9} {row.estimated / row.contracts:9.0%} {row.made / row.contracts:6.0%}"
        f"   [{100 * low:.0f}%, {100 * high:.0f}%]"
    )


if __name__ == "__main__":
    main()
