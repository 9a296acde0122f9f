"""Stacked deals and scripted games for the Domineren tests (no tests of its own).

`Script` keeps a game and its record side by side, so a test can apply actions, look at the state, and
then replay exactly the same record through `python -m bot.engine replay`.
"""

from __future__ import annotations

import copy
from typing import Any

from bot.engine.records import summary
from bot.engine.tiles import label, parse_tile
from tests.checks import must
from tests.games import new_domineren

ALL_TILES = [label(t) for t in range(28)]


def norm(text: str) -> str:
    return label(parse_tile(text))


def full_deal(
    hands: list[list[str]], talon: list[str] | tuple[str, ...] = (), bottom: list[str] | tuple[str, ...] = ()
) -> dict[str, Any]:
    """A complete deal: the given hands, the talon starting with `talon` (drawn first), then every tile
    not named yet in set order, then `bottom` (the last tiles, never drawn)."""
    used = {norm(t) for hand in hands for t in hand} | {norm(t) for t in (*talon, *bottom)}
    rest = [t for t in ALL_TILES if t not in used]
    return {"hands": [list(h) for h in hands], "boneyard": [*talon, *rest, *bottom]}


def rotate(hands: list[list[str]], first: int) -> list[list[str]]:
    """Hands listed from seat `first` clockwise, turned into hands by seat."""
    n = len(hands)
    return [hands[(seat - first) % n] for seat in range(n)]


class Script:
    first_set_player: int  # the set player of its first hand, where a test notes it (test_domineren_flow)

    def __init__(
        self, players: int, deals: list[dict[str, Any]], options: dict[str, Any] | None = None, seed: int = 0
    ) -> None:
        opts = {"hands": 1, "billitonnen": "off"}
        opts.update(options or {})
        self.record: dict[str, Any] = {
            "format": 1,
            "game": "domineren",
            "players": players,
            "options": opts,
            "seed": seed,
            "deals": copy.deepcopy(deals),
            "actions": [],
        }
        self.state = new_domineren("domineren", players, opts, seed=seed, deal=deals)

    def act(self, seat: int, action: str) -> Any:
        events = self.state.apply(seat, action)
        self.record["actions"].append({"seat": seat, "action": action})
        return events

    def acts(self, *moves: tuple[int, str]) -> None:
        for seat, action in moves:
            self.act(seat, action)

    def chips_of_last(self) -> list[int]:
        return list(self.state.steps[-1].points)

    def finish_hand(self) -> None:
        """Play the current hand to its end, each seat taking its first legal action."""
        finished = len(self.state.hands)
        while not self.state.is_over and len(self.state.hands) == finished:
            seat = must(self.state.current_seat)
            self.act(seat, str(self.state.legal_actions(seat)[0]))

    def summary(self) -> dict[str, Any]:
        return summary(self.state)


def second_hand(
    players: int,
    hands: list[list[str]],
    talon: list[str] | tuple[str, ...] = (),
    options: dict[str, Any] | None = None,
    seed: int = 3,
    bottom: list[str] | tuple[str, ...] = (),
) -> tuple[Script, int]:
    """A game whose first hand comes from `seed` and is played out, and whose second hand is stacked with
    `hands` listed from its set player clockwise (the set player rotates: next_set_player=clockwise).
    Returns the script and the second hand's set player."""
    opts = {"hands": 2, "next_set_player": "clockwise"}
    opts.update(options or {})
    probe = new_domineren("domineren", players, opts, seed=seed, deal=[{}])
    set_player = (probe.set_player + 1) % players
    script = Script(players, [{}, full_deal(rotate(hands, set_player), talon, bottom)], opts, seed)
    script.finish_hand()
    assert script.state.hand_no == 2 and script.state.set_player == set_player
    return script, set_player
