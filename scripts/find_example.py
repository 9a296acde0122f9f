"""Find a real hand (or game) matching a worked example of the rules and write it as a game record.

The worked examples of fives.md §7 give end-of-hand positions (who went out, pips left); this script
plays seeded random games until a hand ends that way and writes that hand, with its deal stacked, as a
record. It is how the example records under tests/records/fives/ were made. It prints the record it
finds and writes nothing unless asked:

    python scripts/find_example.py --list                              # the examples it knows
    python scripts/find_example.py quantette-4p-going-out              # print the record (JSON)
    python scripts/find_example.py --write quantette-4p-going-out      # re-make tests/records/fives/NAME.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.engine import new_game
from bot.engine.tiles import label

OUT = Path(__file__).resolve().parent.parent / "tests" / "records" / "fives"


def _deal_of(state: Any) -> dict[str, Any]:
    return {
        "first_leader": state.leader,
        "hands": [[label(t) for t in hand] for hand in state.in_hand],
        "boneyard": [label(t) for t in reversed(state.boneyard)],
    }


SEEDS = 1_000_000  # how many seeds a search tries before it gives up (--seeds)


class NotFound(Exception):
    """No seed below the limit gives the example."""


def find_hand(
    game: str, players: int, options: dict[str, Any], match: Callable[[Any, Any], bool], first_hand_only: bool = False
) -> dict[str, Any]:
    """The first hand (over seeds 0, 1, ...) for which `match(hand_result, state)` holds, as a record."""
    for seed in range(SEEDS):
        state = new_game(game, players, options, seed=seed)
        rng = random.Random(seed)
        deal, actions = _deal_of(state), []
        while not state.is_over:
            seat = state.current  # (the game runs: `current_seat` is not None)
            action = rng.choice(state.legal_actions())
            hands_before = len(state.hands)
            actions.append({"seat": seat, "action": str(action)})
            state.apply(seat, action)
            if len(state.hands) > hands_before:
                if match(state.hands[-1], state):
                    return {
                        "format": 1,
                        "game": game,
                        "players": players,
                        "options": options,
                        "seed": seed,
                        "deals": [deal],
                        "actions": actions,
                    }
                if first_hand_only:
                    break
                deal, actions = _deal_of(state), []
    raise NotFound(f"no matching hand in seeds 0..{SEEDS - 1}")


def find_game(game: str, players: int, options: dict[str, Any], match: Callable[[Any], bool]) -> dict[str, Any]:
    """The first whole game whose final state satisfies `match`, with every deal stacked."""
    for seed in range(SEEDS):
        state = new_game(game, players, options, seed=seed)
        rng = random.Random(seed)
        deals, actions = [_deal_of(state)], []
        while not state.is_over:
            seat = state.current  # (the game runs: `current_seat` is not None)
            action = rng.choice(state.legal_actions())
            hands_before = len(state.hands)
            actions.append({"seat": seat, "action": str(action)})
            state.apply(seat, action)
            if len(state.hands) > hands_before and not state.is_over:
                deals.append(_deal_of(state))
        if match(state):
            return {
                "format": 1,
                "game": game,
                "players": players,
                "options": options,
                "seed": seed,
                "deals": deals,
                "actions": actions,
            }
    raise NotFound(f"no matching game in seeds 0..{SEEDS - 1}")


def _pips(hand: Any) -> list[int]:
    return hand.detail["pips"]


def _others(hand: Any) -> list[int]:
    return sorted(p for s, p in enumerate(_pips(hand)) if s != hand.detail["goer"])


def _side_totals(hand: Any, state: Any) -> list[int]:
    return sorted(sum(_pips(hand)[s] for s in side) for side in state.sides)


def _quantette_4p_going_out(hand: Any, state: Any) -> bool:
    # A 18, B out, C 20, D 8 with A-D against B-C: the goer's partner holds 20, the opponents 18 and 8.
    if hand.reason != "domino":
        return False
    goer = hand.detail["goer"]
    partner = (goer + 2) % 4
    opponents = sorted(_pips(hand)[s] for s in ((goer + 1) % 4, (goer + 3) % 4))
    return _pips(hand)[partner] == 20 and opponents == [8, 18]


EXAMPLES: dict[str, Callable[[], dict[str, Any]]] = {
    "quantette-4p-going-out": lambda: find_hand("quantette", 4, {}, _quantette_4p_going_out),
    "quantette-3p-going-out": lambda: find_hand(
        "quantette", 3, {}, lambda h, s: h.reason == "domino" and _others(h) == [10, 24]
    ),
    "quantette-5p-going-out": lambda: find_hand(
        "quantette", 5, {}, lambda h, s: h.reason == "domino" and _others(h) == [5, 12, 18, 22]
    ),
    "five-up-3p-domino": lambda: find_hand(
        "five-up", 3, {}, lambda h, s: h.reason == "domino" and _others(h) == [12, 18]
    ),
    "five-up-4p-closed": lambda: find_hand(
        "five-up", 4, {}, lambda h, s: h.reason == "blocked" and _side_totals(h, s) == [23, 31]
    ),
    "five-up-3p-closed": lambda: find_hand(
        "five-up", 3, {}, lambda h, s: h.reason == "blocked" and sorted(_pips(h)) == [7, 12, 21]
    ),
    "five-up-3p-closed-tie": lambda: find_hand(
        "five-up", 3, {}, lambda h, s: h.reason == "blocked" and sorted(_pips(h)) == [7, 7, 20]
    ),
    "quantette-4p-block-20-25": lambda: find_hand(
        "quantette", 4, {}, lambda h, s: h.reason == "blocked" and _side_totals(h, s) == [20, 25]
    ),
    "quantette-4p-block-20-31": lambda: find_hand(
        "quantette", 4, {}, lambda h, s: h.reason == "blocked" and _side_totals(h, s) == [20, 31]
    ),
    "all-fives-lead-5-5-opponents-17": lambda: find_hand(
        "all-fives",
        2,
        {},
        lambda h, s: s.steps[0].action.tile == 20 and h.points[h.detail["winner"]] == 15 and sum(_pips(h)) == 17,
        first_hand_only=True,
    ),
    "all-fives-opponents-23": lambda: find_hand(
        "all-fives", 2, {}, lambda h, s: h.detail["winner"] is not None and sum(_pips(h)) == 23, first_hand_only=True
    ),
    "five-up-2p-game-63-40": lambda: find_game("five-up", 2, {}, lambda s: sorted(s.scores) == [40, 63]),
    "five-up-3p-game-62-50-28": lambda: find_game("five-up", 3, {}, lambda s: sorted(s.scores) == [28, 50, 62]),
}


def main(argv: list[str] | None = None) -> int:
    global SEEDS
    parser = argparse.ArgumentParser(
        prog="python scripts/find_example.py",
        description="Find a real hand or game matching a worked example of fives.md §7 and print its record.",
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help="examples to find (see --list)")
    parser.add_argument("--list", action="store_true", help="list the examples and exit")
    parser.add_argument(
        "--write", action="store_true", help=f"write each record to {OUT.relative_to(OUT.parents[2])}/NAME.json"
    )
    parser.add_argument("--seeds", type=int, default=SEEDS, help=f"seeds to try before giving up ({SEEDS})")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(EXAMPLES))
        return 0
    if not args.names:
        parser.error("name at least one example (--list shows them)")
    unknown = [n for n in args.names if n not in EXAMPLES]
    if unknown:
        parser.error(f"unknown example {', '.join(unknown)} (--list shows them)")
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    SEEDS = args.seeds
    for name in args.names:
        try:
            record = EXAMPLES[name]()
        except NotFound as exc:
            print(f"{name}: {exc}", file=sys.stderr)
            return 1
        text = json.dumps(record, indent=1) + "\n"
        if not args.write:
            sys.stdout.write(text)
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        path = OUT / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        print(f"{path.relative_to(OUT.parents[2])}: seed {record['seed']}, {len(record['actions'])} actions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
