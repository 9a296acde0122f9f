"""What the fives search's sampled worlds keep of the seat's evidence: the hard evidence of draws and
passes (never a tile that fit the ends a player passed or drew on), and the soft evidence of plays (a
player who passed up points seldom held the tile that would have made them)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.ai import fives_evidence
from bot.ai.fives import FAMILY, greedy
from bot.engine.fives.determinize import determinize
from bot.engine.fives.layout import Layout
from bot.engine.fives.notation import DRAW, PASS, Play
from bot.engine.fives.rules import RULES
from bot.engine.fives.state import FivesState
from bot.engine.fives.view import FivesView
from bot.engine.tiles import HI, LO
from tests.checks import is_a, must
from tests.games import new_fives


def _view(state: FivesState) -> FivesView:
    return is_a(FivesView, state.view(must(state.current_seat)))


def _replay_passes(state: FivesState, viewer: int) -> list[tuple[int, set[int], int]]:
    """(seat, the open end numbers, its step in the hand) of each pass by another seat than `viewer` with
    no draw of that seat after it in the hand: the tiles that seat holds now were all in its hand then."""
    layout = Layout(RULES[state.game_id].spinners)
    steps = state.steps[state.hand_start :]
    found: list[tuple[int, set[int], int]] = []
    for k, step in enumerate(steps):
        action = step.action
        if action is PASS and step.seat != viewer:
            later_draw = any(s.seat == step.seat and s.action is DRAW for s in steps[k + 1 :])
            if not later_draw:
                found.append((step.seat, {value for value, _, _, _ in layout.ends}, k))
        elif isinstance(action, Play):
            if action.target < 0:
                layout.lead(action.tile)
            else:
                layout.place(action.tile, layout.find_end(action.tile, action.target, action.side))
    return found


def test_a_sampled_world_never_gives_a_passer_a_tile_that_fits_the_ends_it_passed_on() -> None:
    checked = 0
    for seed in range(40):
        state = new_fives("five-up", 4, seed=seed)
        rng = random.Random(seed)
        hands = len(state.hands)
        # greedy players until another seat than the one to move has passed in this first hand
        while not state.is_over and len(state.hands) == hands and not _replay_passes(state, must(state.current_seat)):
            state.apply(must(state.current_seat), greedy(state, rng))
        if state.is_over or len(state.hands) != hands:
            continue
        view = _view(state)
        passes = _replay_passes(state, must(view.seat))
        sampler = random.Random(seed)
        for _ in range(30):
            world = is_a(FivesState, must(FAMILY.sample)(view, sampler))
            for seat, ends, _ in passes:
                held = world.in_hand[seat]
                assert not [t for t in held if LO[t] in ends or HI[t] in ends], (seed, seat, ends)
        checked += 1
    assert checked >= 5  # enough positions with a pass to mean something


def _missed_points(state: FivesState) -> bool:
    view = is_a(FivesView, state.view(must(state.current_seat)))
    return bool(fives_evidence.plays(view))


def _views_after_missed_points() -> Iterator[tuple[int, FivesView]]:
    """For seeds 0-29, a seat's view once a player playing at random passed up points it could have made
    (it often does), where the hand got that far: the seed and the view."""
    for seed in range(30):
        state = new_fives("all-fives", 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and not (state.steps[state.hand_start :] and _missed_points(state)):
            seat = must(state.current_seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over:
            yield seed, _view(state)


def test_a_player_who_passed_up_points_seldom_holds_the_tile_that_would_have_made_them() -> None:
    """In the worlds the search samples, a seat that played for fewer points than some tile would have
    made holds such a tile clearly less often than in the engine's plain samples (the soft weight)."""
    plain_missed = kept_missed = positions = 0
    for seed, view in _views_after_missed_points():
        evidence = fives_evidence.plays(view)
        positions += 1
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(40):
            plain_missed += fives_evidence.weight(determinize(view, a), evidence) < 1.0
            kept_missed += fives_evidence.weight(fives_evidence.sample(view, b), evidence) < 1.0
    assert positions >= 10
    assert plain_missed > 0
    assert kept_missed < 0.6 * plain_missed, (kept_missed, plain_missed)


def test_the_evidence_sample_is_the_same_for_the_same_seed() -> None:
    state = new_fives("all-fives", 2, seed=3)
    rng = random.Random(3)
    for _ in range(9):
        seat = must(state.current_seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = _view(state)
    one = fives_evidence.sample(view, random.Random(11))
    two = fives_evidence.sample(view, random.Random(11))
    assert one.in_hand == two.in_hand and one.boneyard == two.boneyard


def test_weighted_worlds_carry_the_likelihood_of_the_plays_seen() -> None:
    """The search's weighted sampler draws each world once (the engine's sampler, the same generator
    draws) and weighs it by the soft evidence: a world where a seat held a tile that would have scored
    more than its play weighs `MISSED` per such play, any other world 1."""
    weighed = below = 0
    for seed, view in _views_after_missed_points():
        evidence = fives_evidence.plays(view)
        a, b = random.Random(seed), random.Random(seed)
        for _ in range(20):
            world, w = fives_evidence.weighted_sample(view, a)
            plain = determinize(view, b)
            assert world.in_hand == plain.in_hand and world.boneyard == plain.boneyard
            assert w == fives_evidence.weight(world, evidence)
            assert any(abs(w - fives_evidence.MISSED**k) < 1e-12 for k in range(len(evidence) + 1))
            weighed += 1
            below += w < 1.0
    assert weighed >= 200
    assert 0 < below < weighed  # both kinds of world are drawn


def test_a_view_without_missed_points_weighs_every_world_alike() -> None:
    state = new_fives("all-fives", 2, seed=4)
    view = _view(state)
    assert not fives_evidence.plays(view)
    rng = random.Random(2)
    assert {fives_evidence.weighted_sample(view, rng)[1] for _ in range(10)} == {1.0}
