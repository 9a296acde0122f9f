"""Engine speed: random full hands per second for every game id at its default player count, and the
cost of `legal_actions` + `apply` per action, on one core, through the public API only.

    python benchmarks/engine.py [--seconds 2] [--game five-up ...] [--search]

`--search` prints instead what a view-only search pays per sample, per game at its default player count,
on positions a few actions into a hand: `copy.deepcopy` of a state (what a search had before `clone`),
`clone()`, `determinize(view)` from the seat to act, and one random playout to the end of the hand.

Goals (issue 2 and 6): at least 5,000 random four-player Five Up hands/s; at least 3,000 random
four-player Five Hundred hands/s (auction, widow, ten tricks).
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable
from functools import partial
from operator import methodcaller
from typing import Any

from bot.engine import GAMES, GameState, determinize, new_game


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
            assert seat is not None  # a game not over has a seat to act
            state.apply(seat, choice(state.legal_actions(seat)))
            actions += 1
        playing += time.perf_counter() - t0
        hands += len(state.hands)
    elapsed = time.perf_counter() - started
    return hands / elapsed, playing / actions * 1e6, elapsed


def _positions(game_id: str, players: int, count: int) -> list[GameState]:
    rng = random.Random(7)
    out = []
    for seed in range(count):
        state = new_game(game_id, players, seed=seed)
        for _ in range(rng.randrange(2, 12)):
            if state.is_over:
                break
            seat = state.current_seat
            assert seat is not None
            state.apply(seat, rng.choice(state.legal_actions()))
        if not state.is_over:
            out.append(state)
    return out


def _per_call(fn: Callable[[Any], object], items: list[Any], seconds: float) -> float:
    """Microseconds per call of fn(item), cycling over items for about `seconds`."""
    calls = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for item in items:
            fn(item)
        calls += len(items)
    return (time.perf_counter() - started) / calls * 1e6


def _playout(state: GameState) -> None:
    hands = len(state.hands)
    choice = random.choice
    while not state.is_over and len(state.hands) == hands:
        seat = state.current_seat
        assert seat is not None
        state.apply(seat, choice(state.legal_actions()))


def _sample(view: Any, rng: random.Random) -> GameState:
    return determinize(view, rng)


def search_costs(seconds: float, games: list[str] | None) -> None:
    print(f"{'game':18} {'players':>7} {'deepcopy us':>12} {'clone us':>9} {'determinize us':>15} {'playout us':>11}")
    for game_id, info in GAMES.items():
        if games and game_id not in games:
            continue
        positions = _positions(game_id, info.default_players, 40)
        deep = _per_call(copy.deepcopy, positions, seconds / 4)
        try:
            cloned = _per_call(methodcaller("clone"), positions, seconds / 4)
        except NotImplementedError:
            print(f"{game_id:18} {info.default_players:>7} {deep:>12.1f} {'not yet':>9}")
            continue
        views = [s.view(s.current_seat) for s in positions]
        rng = random.Random(1)
        try:
            sampled = _per_call(partial(_sample, rng=rng), views, seconds / 4)
        except (AttributeError, NotImplementedError):
            sampled = float("nan")
        played = _per_call(lambda s: _playout(s.clone()), positions, seconds / 4) - cloned
        print(f"{game_id:18} {info.default_players:>7} {deep:>12.1f} {cloned:>9.1f} {sampled:>15.1f} {played:>11.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each game (default 2)")
    parser.add_argument("--game", action="append", help="only these game ids")
    parser.add_argument("--search", action="store_true", help="the costs of a view-only search instead")
    args = parser.parse_args()
    if not args.seconds > 0:  # NaN, zero or less: no time to measure in
        parser.error(f"--seconds must be more than 0, not {args.seconds}")
    if args.search:
        search_costs(args.seconds, args.game)
        return
    print(f"{'game':18} {'players':>7} {'hands/s':>10} {'us/action':>10}")
    for game_id, info in GAMES.items():
        if args.game and game_id not in args.game:
            continue
        rate, per_action, _ = measure(game_id, info.default_players, args.seconds)
        print(f"{game_id:18} {info.default_players:>7} {rate:>10,.0f} {per_action:>10.2f}")


if __name__ == "__main__":
    main()
