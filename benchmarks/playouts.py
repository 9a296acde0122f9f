"""Playouts per second, per family: the search's fuel, this tree beside another (today's main) in one run.

    git -C /work/main worktree add --detach /work/wt/ai-base main   # once: the code to compare with
    python benchmarks/playouts.py --base /work/wt/ai-base [--seconds 3]

A playout is what `bot.ai.search` spends its budget on: one candidate action on a copy of a sampled
state, the family's playout policy to the end of the hand, and its value (`search.play_candidate`; in a
tree without it, what its search did: `clone`, `apply`, `playout` and `outcome`). Every legal action of
the seat is played out on the same sample in turn, as the search compares its candidates. The positions
are the same in both trees (seeded games, a few moves into a hand, sampled from the view of the seat to
act); each tree is measured in a child process of its own (its own `bot` on the path), both at once (one
a core, so that other load on the machine weighs on both alike), in rounds, in CPU time. Printed: the
best playouts per second of each tree and their ratio, and the lowest and the median of the rounds'
ratios.

Goal (issue 28): at least twice today's playouts per second in every family.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
GAMES = (("all-fives", 2), ("five-up", 4), ("five-hundred", 4), ("domineren", 4))
# how many moves into a game the positions are taken (the easy level plays them): into the play of a hand,
# past Five Hundred's auction and discard and Domineren's set and type, where most of a search's moves are
MOVES = {"all-fives": (2, 14), "five-up": (2, 14), "five-hundred": (8, 36), "domineren": (6, 30)}


def _measure(seconds: float) -> dict[str, float]:
    """Playouts per CPU second of the tree on sys.path[0], per game."""
    from bot.ai import _module, choose_action
    from bot.ai.search import Family, _Baseline, outcome, playout
    from bot.engine import GameState, determinize, game_info, new_game

    try:  # the search's own step (a tree since issue 28's second session): the family's fast path if any
        from bot.ai.search import play_candidate
    except ImportError:  # an older tree: what its search did for each playout

        def play_candidate(
            world: GameState,
            seat: int,
            action: Any,
            base: _Baseline,
            win: float,
            family: Family,
            rng: random.Random,
            match: bool = False,
        ) -> float:
            state = world.clone()
            state.apply(seat, action)
            return float(outcome(state, base, win, playout(state, base, family, rng)))

    out: dict[str, float] = {}
    for game_id, players in GAMES:
        family = _module(game_info(game_id).family).FAMILY
        rng = random.Random(7)
        starts = []
        for seed in range(60):
            state = new_game(game_id, players, seed=seed)
            for _ in range(rng.randrange(*MOVES[game_id])):
                if state.is_over:
                    break
                seat = state.actors[0]
                state.apply(seat, choose_action(state.view(seat), rng, "easy"))
            if state.is_over:
                continue
            seat = state.actors[0]
            view = state.view(seat)
            if len(view.legal) < 2:
                continue
            world = determinize(view, random.Random(seed))
            starts.append((world, seat, world.legal_actions(seat)[:], family.win_value(world)))
        count = 0
        prng = random.Random(1)
        started = time.process_time()
        while time.process_time() - started < seconds:
            for world, seat, actions, win in starts:
                base = _Baseline(world, seat)
                for action in actions:
                    play_candidate(world, seat, action, base, win, family, prng)
                count += len(actions)
        out[game_id] = count / (time.process_time() - started)
    return out


def _start(tree: Path, seconds: float) -> subprocess.Popen[str]:
    code = (
        f"import sys; sys.path.insert(0, {str(tree)!r}); sys.path.insert(1, {str(HERE / 'benchmarks')!r});"
        f"import json, playouts; print(json.dumps(playouts._measure({seconds})))"
    )
    return subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)


def _result(child: subprocess.Popen[str]) -> dict[str, float]:
    out, _ = child.communicate()
    if child.returncode:
        raise SystemExit(f"a measuring process failed (exit {child.returncode})")
    result: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return result


def main() -> None:
    sys.path.insert(0, str(HERE))
    from benchmarks.arguments import at_least  # (here, not at the top: the child imports this module too)

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", type=Path, required=True, help="the tree to compare with (today's main)")
    parser.add_argument(
        "--seconds", type=at_least(0.01, float), default=0.5, help="CPU seconds a game and tree, a round"
    )
    parser.add_argument("--rounds", type=at_least(1), default=6, help="alternating rounds (the best of each is kept)")
    args = parser.parse_args()
    best: dict[str, dict[str, float]] = {"base": {}, "new": {}}
    ratios: dict[str, list[float]] = {game: [] for game, _ in GAMES}
    for _ in range(args.rounds):
        # both trees at once, one a core, so that whatever else loads the machine loads both alike
        children = {"base": _start(args.base.resolve(), args.seconds), "new": _start(HERE, args.seconds)}
        rates = {name: _result(child) for name, child in children.items()}
        for game, _ in GAMES:
            ratios[game].append(rates["new"][game] / rates["base"][game])
            for name in rates:
                best[name][game] = max(best[name].get(game, 0.0), rates[name][game])
    print(f"{'game':14} {'players':>7} {'base/s':>9} {'new/s':>9} {'ratio':>6} {'round ratios: min':>18} {'median':>7}")
    for game_id, players in GAMES:
        base, new = best["base"][game_id], best["new"][game_id]
        r = sorted(ratios[game_id])
        print(
            f"{game_id:14} {players:>7} {base:>9,.0f} {new:>9,.0f} {new / base:>5.2f}x {r[0]:>17.2f}x "
            f"{r[len(r) // 2]:>6.2f}x"
        )


if __name__ == "__main__":
    main()
