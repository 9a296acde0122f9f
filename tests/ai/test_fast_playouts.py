"""The fast playout paths of the searches (`Family.rollout`, `Family.play_out`) against the checked engine:
from random positions of random games, the fast path reaches the same hand's end as the family's policy
played move by move (through the checked `apply`, or the family's step), with the same random generator:
the same points, the same winner, the same hands left where the fast path keeps them."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import _module, choose_action
from bot.ai.fives import greedy, greedy_play
from bot.ai.fives import play_out as fives_play_out
from bot.ai.fives import rollout as fives_rollout
from bot.ai.search import Family, _Baseline, outcome, playout
from bot.engine import game_info, new_game
from bot.engine.domineren.notation import Play as DominerenPlay
from bot.engine.fives import FivesState, Play
from bot.engine.fives.rules import RULES

# every scoring, spinner rule and muggins unit of the family, a claimed muggins, the double-nine set
FIVES = [
    *((game_id, players, {}) for game_id in RULES for players in (2, 4) if players in RULES[game_id].players),
    ("muggins", 3, {"muggins_claim": "call"}),
    ("all-fives", 2, {"tile_set": "d9"}),
]


def _position(game_id: str, players: int, options: dict[str, Any], seed: int, moves: int) -> Any:
    state = new_game(game_id, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def _both(family: Family, state: Any, seed: int) -> tuple[Any, Any, float, float]:
    seat = state.current
    slow, fast = state.clone(), state.clone()
    base = _Baseline(state, seat)
    slow.deal_next_hand = fast.deal_next_hand = False
    hands = len(state.hands)
    rng = random.Random(seed)
    assert family.step is not None and family.rollout is not None
    while slow.winner is None and len(slow.hands) == hands:
        family.step(slow, rng)
    extra = family.rollout(fast, random.Random(seed))
    return slow, fast, outcome(slow, base, 100.0), outcome(fast, base, 100.0, extra)


def _same_end(slow: Any, fast: Any) -> None:
    assert fast.scores == slow.scores
    assert fast.winner == slow.winner
    assert fast.in_hand == slow.in_hand
    assert [(h.reason, h.points) for h in fast.hands] == [(h.reason, h.points) for h in slow.hands]


def _checked_fives_step(state: FivesState, rng: random.Random) -> None:
    """The fives playout policy's move as a player would send it, through the engine's checked `apply`:
    the tile `greedy_play` picks as text naming the open end's side (`TILE@TARGET:SIDE`), else the
    policy's lead, or the draw or pass the rules leave."""
    seat = state.current
    if not state.layout.nodes:
        state.apply(seat, str(greedy(state, rng)))
        return
    move = greedy_play(state, rng)
    if move is None:
        state.apply(seat, str(state.legal_actions(seat)[0]))
        return
    tile, end, points = move
    value, n, side, _ = state.layout.ends[end]
    node = state.layout.nodes[n]
    state.apply(seat, str(Play(tile, value, node.tile, node.touch, side, state.call_muggins and points > 0)))


def _checked_to_the_end(state: FivesState, rng: random.Random) -> None:
    state.deal_next_hand = False
    hands = len(state.hands)
    while state.winner is None and len(state.hands) == hands:
        _checked_fives_step(state, rng)


def _same_fives_end(slow: FivesState, fast: FivesState) -> None:
    """The same end of the hand: the same scores (the points in play and those of the hand's end on what
    was left in the hands, which the fast path counts without changing the hands or recording the hand's
    result), the same winner and game points."""
    assert fast.scores == slow.scores
    assert fast.winner == slow.winner
    assert fast.game_points == slow.game_points and fast.hand_play_points == slow.hand_play_points
    assert fast.parties == slow.parties


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(FIVES), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_fives_rollout_reaches_the_checked_engines_end(
    config: tuple[str, int, dict[str, Any]], seed: int, moves: int
) -> None:
    game_id, players, options = config
    state = _position(game_id, players, options, seed, moves)
    if state.is_over:
        return
    seat = state.current
    base = _Baseline(state, seat)
    slow, fast = state.clone(), state.clone()
    _checked_to_the_end(slow, random.Random(seed))
    fast.deal_next_hand = False
    extra = fives_rollout(fast, random.Random(seed))
    _same_fives_end(slow, fast)
    assert outcome(fast, base, 100.0, extra) == outcome(slow, base, 100.0)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(FIVES), seed=st.integers(0, 10**6), moves=st.integers(1, 60))
def test_fives_play_out_is_apply_then_the_checked_engine(
    config: tuple[str, int, dict[str, Any]], seed: int, moves: int
) -> None:
    """The search's fast path (`play_out`: each candidate on a shared copy, no checks) against the candidate
    and the policy's moves through `apply`, for every legal play of the seat; the sample is left as it was."""
    game_id, players, options = config
    world = _position(game_id, players, options, seed, moves)
    if world.is_over or not world.layout.nodes:
        return
    seat = world.current
    before = (
        [h[:] for h in world.in_hand],
        world.boneyard[:],
        len(world.steps),
        world.layout.ends[:],
        world.scores[:],
        world.hands[:],
        world.parties[:],
    )
    base = _Baseline(world, seat)
    for k, action in enumerate(world.legal_actions(seat)):
        done = fives_play_out(world, seat, action, random.Random(seed + k))
        if not isinstance(action, Play):
            assert done is None  # a draw or a pass: the search applies it the checked way
            continue
        assert done is not None
        fast, extra = done
        slow = world.clone()
        slow.deal_next_hand = False
        hands = len(slow.hands)
        slow.apply(seat, str(action))
        if slow.winner is None and len(slow.hands) == hands:
            _checked_to_the_end(slow, random.Random(seed + k))
        _same_fives_end(slow, fast)
        assert outcome(fast, base, 100.0, extra) == outcome(slow, base, 100.0)
    after = (
        world.in_hand,
        world.boneyard,
        len(world.steps),
        world.layout.ends,
        world.scores,
        world.hands,
        world.parties,
    )
    assert after == before


def _easy_position(game_id: str, players: int, options: dict[str, Any], seed: int, moves: int) -> Any:
    """A position `moves` into a game played by the easy level (random actions would bid nonsense)."""
    state = new_game(game_id, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.actors[0]
        state.apply(seat, choose_action(state.view(seat), rng, "easy"))
    return state


CARDS = [
    ("five-hundred", 4, {}),
    ("five-hundred", 3, {}),
    ("five-hundred", 5, {}),
    ("five-hundred", 2, {}),
    ("five-hundred", 4, {"open_misere": "on"}),
]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CARDS), seed=st.integers(0, 10**6), moves=st.integers(0, 45))
def test_five_hundred_rollout_reaches_the_checked_engines_end(
    config: tuple[str, int, dict[str, Any]], seed: int, moves: int
) -> None:
    game_id, players, options = config
    state = _easy_position(game_id, players, options, seed, moves)
    if state.is_over:
        return
    family = _module(game_info(game_id).family).FAMILY
    slow, fast, slow_value, fast_value = _both(family, state, seed)
    _same_end(slow, fast)
    assert fast.tricks_won == slow.tricks_won and fast.hands[-1].detail == slow.hands[-1].detail
    assert fast_value == slow_value


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(0, 10**6), moves=st.integers(0, 60))
def test_domineren_playout_steps_reach_the_checked_engines_end(players: int, seed: int, moves: int) -> None:
    """Domineren's fast step (`play_at`, `draw_or_pass`) against its policy's actions through `apply`."""
    state = _easy_position("domineren", players, {}, seed, moves)
    if state.is_over:
        return
    family = _module("domineren").FAMILY
    seat = state.current
    base = _Baseline(state, seat)
    slow, fast = state.clone(), state.clone()
    slow.deal_next_hand = fast.deal_next_hand = False
    hands = len(state.hands)
    slow_rng, fast_rng = random.Random(seed), random.Random(seed)
    assert family.step is not None
    while slow.winner is None and len(slow.hands) == hands:
        slow.apply(slow.current, family.policy(slow, slow_rng))
    while fast.winner is None and len(fast.hands) == hands:
        family.step(fast, fast_rng)
    _same_end(slow, fast)
    assert [s.points for s in fast.steps] == [s.points for s in slow.steps]
    assert outcome(fast, base, 0.0) == outcome(slow, base, 0.0)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(0, 10**6), moves=st.integers(0, 80))
def test_domineren_policy_move_by_move_claims_what_is_owed_as_the_step_does(
    players: int, seed: int, moves: int
) -> None:
    """auto_claim off: the search's playout by the policy alone, move by move through the checked `apply`
    (a family without its fast step or rollout), claims every payment owed before the next tile is played,
    as the step does; it used to play the seat to play at once, and the payments owed to other seats
    lapsed (other chips, another value to the search)."""
    state = _easy_position("domineren", players, {"auto_claim": "off"}, seed, moves)
    if state.is_over:
        return
    family = _module("domineren").FAMILY
    by_policy = dataclasses.replace(family, step=None, rollout=None, play_out=None)
    by_step = dataclasses.replace(family, rollout=None, play_out=None)
    base = _Baseline(state, state.current)
    slow, fast = state.clone(), state.clone()
    playout(slow, base, by_policy, random.Random(seed))
    playout(fast, base, by_step, random.Random(seed))
    _same_end(slow, fast)
    assert [(s.seat, s.points) for s in fast.steps] == [(s.seat, s.points) for s in slow.steps]
    assert outcome(fast, base, 0.0) == outcome(slow, base, 0.0)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.sampled_from([(3, {}), (4, {}), (5, {}), (4, {"auto_claim": "off"})]),
    seed=st.integers(0, 10**6),
    moves=st.integers(0, 80),
)
def test_domineren_rollout_is_the_checked_engines_playout(
    config: tuple[int, dict[str, Any]], seed: int, moves: int
) -> None:
    """Domineren's whole-hand rollout (bit sets of the hands, no step recorded), and the search's
    `play_out` (the candidate tile too, unchecked), against the policy's actions through the checked
    `apply`, after every legal action of the seat: the same hands left, the same chips, the same value to
    the search."""
    players, options = config
    state = _easy_position("domineren", players, options, seed, moves)
    if state.is_over:
        return
    family = _module("domineren").FAMILY
    assert family.rollout is not None
    seat = state.actors[0]
    base = _Baseline(state, seat)
    hands = len(state.hands)
    steps, in_hand = len(state.steps), [h[:] for h in state.in_hand]
    # (the rollout updates the options of the layout it plays on in place: never those of the sample's)
    layout = (state.layout.ends[:], state.layout.options()[:]) if state.layout and state.layout.plan else None
    for k, action in enumerate(state.legal_actions(seat)[:8]):
        slow, fast = state.clone(), state.clone()
        slow.deal_next_hand = fast.deal_next_hand = False
        slow.apply(seat, action)
        fast.apply(seat, action)
        slow_rng = random.Random(seed + k)
        while slow.winner is None and len(slow.hands) == hands:
            if slow.claims:  # auto_claim off: a playout claims every payment owed at once, seat by seat
                for payee in list(slow.claims):
                    slow.apply(payee, "claim")
                continue
            slow.apply(slow.current, family.policy(slow, slow_rng))
        extra = None
        if fast.winner is None and len(fast.hands) == hands:
            extra = family.rollout(fast, random.Random(seed + k))
        assert fast.in_hand == slow.in_hand
        assert fast.scores == slow.scores
        assert outcome(fast, base, 0.0, extra) == outcome(slow, base, 0.0)
        if fast.layout is not None and slow.layout is not None:
            # (the rollout places most tiles itself, the layout's options updated in place at the end)
            assert fast.layout.nodes == slow.layout.nodes and fast.layout.ends == slow.layout.ends
            assert fast.layout.options() == slow.layout.options()
        # the search's hook: a tile of the seat's normal turn and the rest of the hand, without `apply`
        assert family.play_out is not None
        done = family.play_out(state, seat, action, random.Random(seed + k))
        if done is not None:
            assert isinstance(action, DominerenPlay) and state.phase == "play"
            assert done[0].in_hand == slow.in_hand and done[0].scores == slow.scores
            assert done[0].board.nodes == slow.board.nodes and done[0].board.ends == slow.board.ends
            assert done[0].board.options() == slow.board.options()
            assert outcome(done[0], base, 0.0, done[1]) == outcome(slow, base, 0.0)
    assert len(state.steps) == steps and state.in_hand == in_hand  # the sample is left as it was
    if layout is not None:
        assert state.board.ends == layout[0] and state.board.options() == layout[1]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from((3, 4, 5)), seed=st.integers(0, 10**6), moves=st.integers(0, 80))
def test_domineren_playout_place_keeps_the_options_place_works_out(players: int, seed: int, moves: int) -> None:
    """`Layout.playout_place` (the options kept, updated at the end played on) against `place` (the
    options worked out again for every end), for every tile the seat may play: the same layout after it
    and the same options."""
    state = _easy_position("domineren", players, {}, seed, moves)
    if state.is_over or state.phase != "play":
        return
    seat = state.current
    plays = [a for a in state.legal_actions(seat) if isinstance(a, DominerenPlay) and not a.block]
    for action in plays:
        index = state._where[(action.tile, action.touch, action.target, action.side)]
        fast, slow = state.board.clone(), state.board.clone()
        fast.options()  # (a playout asks them before it places)
        placed = fast.playout_place(action.tile, index, action.touch, seat)
        assert placed == slow.place(action.tile, index, action.touch, False, seat)
        assert fast.ends == slow.ends and fast.nodes == slow.nodes and fast.arm_len == slow.arm_len
        assert fast.queue == slow.queue and fast.arm_rule == slow.arm_rule
        assert fast.options() == slow.options()
