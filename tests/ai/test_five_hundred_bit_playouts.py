"""Five Hundred's playout on bit sets (`play_out`, the search's hook) against the checked engine: from
positions of games the easy level plays, and from samples drawn for the seat's view, every legal card of
the seat played through `apply` and the list policy's cards through `apply` to the end of the hand reach
the same hand: the same tricks, the same scores, the same winner, the same value to the search; the
sample is left as it was."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import choose_action
from bot.ai.five_hundred_bit_playouts import play_out
from bot.ai.five_hundred_playouts import choose_play
from bot.ai.search import _Baseline, outcome
from bot.engine import determinize, new_game
from bot.engine.five_hundred import FiveHundredState, Play

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (3, {}),
    (5, {}),
    (2, {}),
    (6, {}),
    (4, {"open_misere": "on", "open_misere_expose": "after_first_trick"}),
    (4, {"joker": "off"}),
    (5, {"five_player_two_partners_at_8": "on"}),
]


def _in_play(players: int, options: dict[str, Any], seed: int, moves: int) -> FiveHundredState | None:
    """A position `moves` into a game of the easy level, at a card to play (None if it is not one)."""
    state = new_game("five-hundred", players, options, seed=seed)
    assert isinstance(state, FiveHundredState)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            return None
        seat = state.actors[0]
        state.apply(seat, choose_action(state.view(seat), rng, "easy"))
    return state if not state.is_over and state.phase == "play" else None


def _checked_to_the_end(state: FiveHundredState, hands: int) -> None:
    """The list policy's cards as a player sends them, through the engine's checked `apply`, until the
    hand that was the `hands`-th is over."""
    while state.winner is None and len(state.hands) == hands:
        card, named = choose_play(state)
        state.apply(state.current, str(Play(card, named)))


def _snapshot(state: FiveHundredState) -> tuple[Any, ...]:
    return (
        [h[:] for h in state.in_hand],
        state.trick[:],
        state.trick_seats[:],
        state.tricks_won[:],
        state.trick_winners[:],
        state.scores[:],
        len(state.steps),
        len(state.hands),
        state.winner,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), moves=st.integers(0, 60), sampled=st.booleans())
def test_play_out_is_apply_then_the_checked_engine(
    config: tuple[int, dict[str, Any]], seed: int, moves: int, sampled: bool
) -> None:
    players, options = config
    state = _in_play(players, options, seed, moves)
    if state is None:
        return
    seat = state.current
    world = determinize(state.view(seat), random.Random(seed)) if sampled else state
    assert isinstance(world, FiveHundredState)
    before = _snapshot(world)
    base = _Baseline(world, seat)
    for action in world.legal_actions(seat):
        done = play_out(world, seat, action, random.Random(seed))
        assert done is not None
        fast, points = done
        slow = world.clone()
        slow.deal_next_hand = False
        slow.apply(seat, str(action))
        _checked_to_the_end(slow, len(world.hands))
        assert fast.scores == slow.scores
        assert fast.winner == slow.winner
        assert fast.tricks_won == slow.tricks_won and fast.trick_winners == slow.trick_winners
        assert tuple(points) == slow.hands[-1].points
        assert outcome(fast, base, 250.0, points) == outcome(slow, base, 250.0)
    assert _snapshot(world) == before


def test_play_out_leaves_the_auction_to_the_checked_path() -> None:
    state = new_game("five-hundred", 4, seed=3)
    assert isinstance(state, FiveHundredState) and state.phase == "auction"
    seat = state.current
    assert play_out(state, seat, state.legal_actions(seat)[0], random.Random(0)) is None
