"""Seeded random playouts of every fives-family game, with the invariants checked after every action.

Thousands of hands in all: every game id, every allowed player count, both tile sets where allowed,
and (with hypothesis) random combinations of every option.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import GAMES
from bot.engine.fives.rules import RULES
from bot.engine.tiles import HI, LO, tile_set
from tests.checks import must
from tests.games import new_fives

CONFIGS = [
    (game, players, tiles) for game, rules in RULES.items() for players in rules.players for tiles in rules.tile_sets
]


def check_invariants(state: Any, seat: int, action: Any, could_play: bool, hand_ended: bool) -> None:
    # tiles are conserved: every tile of the set is in exactly one hand, the boneyard or the layout
    placed = [n.tile for n in state.layout.nodes]
    everything = Counter(placed + state.boneyard + [t for hand in state.in_hand for t in hand])
    assert everything == Counter(tile_set(state.tile_set)), "tiles must be conserved"
    # a player who can play never draws or passes
    if str(action) in ("draw", "pass"):
        assert not could_play, f"seat {seat} {action}ed while holding a playable tile"
    # scores are exactly the points of the steps and the finished hands (of the current partie)
    first_hand = state.partie_hands_from
    expected = [0] * len(state.sides)
    for hand in state.hands[first_hand:]:
        for side, p in enumerate(hand.points):
            expected[side] += p
    steps_from = getattr(state, "_partie_steps_from", 0)
    for step in state.steps[steps_from:]:
        for side, p in enumerate(step.points):
            expected[side] += p
    assert expected == state.scores
    # (what the public view and the events may show is tests/engine/test_conformance.py's)
    # a seat's own view shows exactly its own hand
    own = state.view(seat)
    assert sorted(own.hand) == sorted((HI[t], LO[t]) for t in state.in_hand[seat])


def can_play(state: Any, seat: int) -> bool:
    """Worked out from the open ends, independently of `legal_actions`."""
    hand = state.in_hand[seat]
    if not state.layout.nodes:
        return True
    values = {v for v, _, _, _ in state.layout.ends}
    return any(LO[t] in values or HI[t] in values for t in hand)


def run(game: str, players: int, options: dict[str, Any], seed: int, max_actions: int = 20_000) -> Any:
    state = new_fives(game, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if state.is_over:
            return state
        seat = must(state.current_seat)
        partie_before, hands_before = len(state.parties), len(state.hands)
        could_play = can_play(state, seat)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        if len(state.parties) > partie_before and not state.is_over:
            # a new partie starts its scores from zero (the test's own mark on the state, read by `check`)
            setattr(state, "_partie_steps_from", len(state.steps))  # noqa: B010
        if len(state.hands) > hands_before:
            hand = state.hands[-1]
            assert sum(hand.detail["pips"]) == sum(
                int(x) for tiles in hand.detail["hands"] for t in tiles for x in t.split("-")
            )
        check_invariants(state, seat, action, could_play, len(state.hands) > hands_before)
    raise AssertionError(f"{game} with seed {seed} did not end in {max_actions} actions")


def test_every_game_player_count_and_tile_set_plays_to_the_end() -> None:
    hands = 0
    for game, players, tiles in CONFIGS:
        options = {"tile_set": tiles} if game == "all-fives" else {}
        for seed in range(10):
            state = run(game, players, options, seed)
            assert state.winner
            hands += len(state.hands)
    assert hands > 2000, hands


def _options(game: str) -> st.SearchStrategy[dict[str, Any]]:
    specs = GAMES[game].options
    return st.fixed_dictionaries(
        {},
        optional={
            spec.id: st.sampled_from(spec.choices) if spec.choices else st.integers(spec.minimum or 1, 3)
            for spec in specs
        },
    )


@st.composite
def configurations(draw: Any) -> tuple[str, int, dict[str, Any], int]:
    game = draw(st.sampled_from(sorted(RULES)))
    players = draw(st.sampled_from(RULES[game].players))
    options = draw(_options(game))
    seed = draw(st.integers(0, 2**32))
    return game, players, options, seed


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configurations())
def test_random_options_and_seeds_keep_every_invariant(config: tuple[str, int, dict[str, Any], int]) -> None:
    game, players, options, seed = config
    state = run(game, players, options, seed)
    assert state.is_over and state.current_seat is None and state.legal_actions() == []
