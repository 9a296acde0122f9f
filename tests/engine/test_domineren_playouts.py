"""Seeded random playouts of whole Domineren sessions, every game type and player count, with the
invariants checked after every action; hypothesis varies the options."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.domineren.gametypes import BLANK_ONLY, TYPE_IDS
from bot.engine.domineren.notation import parse
from tests.checks import must
from tests.games import new_domineren


def all_tiles(state: Any) -> Counter:
    if state.billitonnen is not None:
        return Counter(state.billitonnen.tiles())
    placed = [n.tile for n in state.layout.nodes] if state.layout else []
    return Counter(placed + state.talon + [t for hand in state.in_hand for t in hand])


def check(
    state: Any, seat: int, action: Any, could_play: bool, forced: bool, hands_before: int, ledger: list[int]
) -> None:
    n = state.players
    start = state.start_chips
    assert all_tiles(state) == Counter(range(28)), "tiles are conserved"
    if str(action) in ("draw", "pass") and state.steps[-1].seat == seat and not forced:
        assert not could_play, f"seat {seat} {action} while able to play"
    step = state.steps[-1]
    assert sum(step.points) == 0, "every payment is one seat's loss and another's gain"
    for hand in state.hands[hands_before:]:
        expected = {"pool": -hand.detail.get("pool", 0), "billitonnen": hand.detail.get("pool", 0)}
        assert sum(hand.points) == expected.get(hand.reason, 0)
    assert sum(state.scores) + state.pool == n * start
    # scores == start + the steps + the hands, kept as a running sum
    for entry in (step, *state.hands[hands_before:]):
        for i, chips in enumerate(entry.points):
            ledger[i] += chips
    assert ledger == state.scores
    # (what the public view shows and the legal texts of a view are tests/engine/test_conformance.py's)


def play(players: int, options: dict[str, Any], seed: int, target: str | None = None, limit: int = 30_000) -> Any:
    state = new_domineren("domineren", players, options, seed=seed)
    rng = random.Random(seed)
    ledger = [state.start_chips] * players
    for _ in range(limit):
        if state.is_over:
            return state
        seat = must(state.current_seat)
        legal = state.legal_actions(seat)
        assert legal
        action = rng.choice(legal)
        if target and state.phase == "type":
            wanted = [a for a in legal if getattr(a, "type_id", None) == target]
            action = rng.choice(wanted or legal)
        elif target in BLANK_ONLY and state.phase == "set" and "0-0" in map(str, legal):
            action = next(a for a in legal if str(a) == "0-0")
        assert parse(str(action)) == action
        could_play = state.phase == "play" and must(state.layout).can_play(state.in_hand[seat])
        forced = state.phase == "play" and state.turn_no[seat] in state.forced[seat]
        hands_before = len(state.hands)
        state.apply(seat, action)
        check(state, seat, action, could_play, forced, hands_before, ledger)
        for claimant in [s for s in state.actors if s != state.current_seat]:
            if rng.random() < 0.5:  # auto_claim=off: some claims are made out of turn, some lapse
                before = len(state.hands)
                state.apply(claimant, "claim")
                check(state, claimant, "claim", False, False, before, ledger)
    raise AssertionError(f"seed {seed}: the game did not end")


def test_every_type_and_player_count() -> None:
    hands = 0
    declared: Counter = Counter()
    for i, target in enumerate(TYPE_IDS):
        for players in (3, 4, 5):
            seed = 100 * i + players
            # a triangle needs 0-0 as the set, which only some hands offer
            options = {"hands": 99 if target in BLANK_ONLY else 30, "billitonnen": "on" if seed % 3 == 0 else "off"}
            if seed % 2:
                options["auto_claim"] = "off"
            state = play(players, options, seed, target)
            hands += sum(1 for h in state.hands if h.reason not in ("pool", "billitonnen"))
            declared.update(h.detail["type"].split()[1] for h in state.hands if h.detail.get("type"))
    assert hands >= 19 * 3 * 30
    assert set(declared) == set(TYPE_IDS)
    assert all(declared[t] >= 40 for t in TYPE_IDS), declared


type_sets = st.lists(st.sampled_from(TYPE_IDS), min_size=0, max_size=8).map(lambda ts: ["12", *ts])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([3, 4, 5]),
    hands=st.integers(1, 4),
    types=type_sets,
    claim=st.sampled_from(["on", "off"]),
    table=st.sampled_from(["pagat", "leeflang"]),
    order=st.sampled_from(["biggest_loser", "clockwise"]),
    finale=st.sampled_from(["on", "off"]),
    type9=st.sampled_from(["normal_cross", "normal_double_cross"]),
    start=st.integers(-50, 1000),
)
def test_random_options(
    seed: int,
    players: int,
    hands: int,
    types: list[str],
    claim: str,
    table: str,
    order: str,
    finale: str,
    type9: str,
    start: int,
) -> None:
    options = {
        "hands": hands,
        "allowed_types": types,
        "auto_claim": claim,
        "double_bonus_table": table,
        "next_set_player": order,
        "billitonnen": finale,
        "type9_continuation": type9,
        "start_chips": start,
    }
    state = play(players, options, seed)
    assert state.winner and state.game_points == [c - start for c in state.scores]
