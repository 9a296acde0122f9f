"""Engine speed: random full hands per second for every game id at its default player count, and the
cost of `legal_actions` + `apply` per action, on one core, through the public API only.

    python benchmarks/engine.py [--seconds 2] [--game five-up ...]

Goals (issue 2 and 6): at least 5,000 random four-player Five Up hands/s; at least 3,000 random
four-player Five Hundred hands/s (auction, widow, ten tricks).
"""

from __future__ import annotations

import argparse
import random
import time

from bot.engine import GAMES, new_game


def measure(game_id: str, players: int, seconds: float) -> tuple[float, float, float]:
    """(hands per second, microseconds per legal_actions + apply, seconds measured)."""
    rng = random.Random(1)
    hands = actions = 0
    playing = 0.0
    seed = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = new_game(game_id, players, seed=seed)
        seed += 1
        choice = rng.choice
        t0 = time.perf_counter()
        while not state.is_over:
            seat = state.current_seat
            state.apply(seat, choice(state.legal_actions(seat)))
            actions += 1
        playing += time.perf_counter() - t0
        hands += len(state.hands)
    elapsed = time.perf_counter() - started
    return hands / elapsed, playing / actions * 1e6, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each game (default 2)")
    parser.add_argument("--game", action="append", help="only these game ids")
    args = parser.parse_args()
    print(f"{'game':18} {'players':>7} {'hands/s':>10} {'us/action':>10}")
    for game_id, info in GAMES.items():
        if args.game and game_id not in args.game:
            continue
        rate, per_action, _ = measure(game_id, info.default_players, args.seconds)
        print(f"{game_id:18} {info.default_players:>7} {rate:>10,.0f} {per_action:>10.2f}")


if __name__ == "__main__":
    main()
