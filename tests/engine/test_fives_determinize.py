"""A fives state sampled from one seat's view (`bot.engine.determinize`) is a state that could be the real
one: the seat's own hand, everything public and the legal actions are the real ones, and no seat is given
a tile it showed it lacks by drawing or passing. `clone()` is independent of its original."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import GAMES, determinize
from bot.engine.fives import redeal
from bot.engine.fives.state import FivesState
from bot.engine.tiles import HI, IS_DOUBLE, LO, tile_id
from tests.checks import is_a, must
from tests.games import new_fives

History = list[tuple[int, str, int | None, frozenset[int]]]  # (seat, action, tile or None, ends) of a hand
FIVES = [(g, n) for g, info in GAMES.items() if info.family == "fives" for n in info.players]


def _ends(state: FivesState) -> frozenset[int]:
    return frozenset(e[0] for e in state.view(None).ends)


def _could_have_played(history: History, seat: int, hand_now: frozenset[int]) -> bool:
    """Going back from `hand_now` through the seat's own actions of the hand (plays add their tile back,
    a draw takes back one of the tiles held after it), is there a way in which the seat never held a tile
    fitting the open ends when it drew or passed? `history` holds (seat, action, tile or None, ends)."""
    mine = [h for h in history if h[0] == seat]

    @cache
    def back(i: int, hand: frozenset[int]) -> bool:
        if i < 0:
            return True
        _, action, tile, ends = mine[i]
        if action == "draw" or action == "pass":
            candidates = [hand - {t} for t in hand] if action == "draw" else [hand]
            return any(
                not any(LO[t] in ends or HI[t] in ends for t in before) and back(i - 1, before) for before in candidates
            )
        return back(i - 1, hand | {tile})

    return back(len(mine) - 1, hand_now)


def _play(game: str, players: int, seed: int, moves: int) -> tuple[FivesState, History, random.Random]:
    """The real game after up to `moves` random actions, with its hand's history and the ends at each."""
    state = new_fives(game, players, seed=seed)
    rng = random.Random(seed)
    history: History = []
    hand_no = state.hand_no
    for _ in range(moves):
        if state.is_over:
            break
        seat = must(state.current_seat)
        action = rng.choice(state.legal_actions(seat))
        tile = getattr(action, "tile", None)
        history.append((seat, str(action), tile, _ends(state)))
        state.apply(seat, action)
        if state.hand_no != hand_no or state.is_over:
            history, hand_no = [], state.hand_no
    return state, history, rng


def _check(
    state: FivesState, history: History, viewer: int, rng: random.Random, samples: int = 3, again: bool = False
) -> None:
    """`again`: the samples after the first are dealt again from it (`redeal`, the search's cheap worlds)."""
    view = state.view(viewer)
    public = state.view(None)
    on_table = {tile_id(t.a, t.b) for t in public.layout}
    first: FivesState | None = None
    for _ in range(samples):
        if again and first is not None:
            d = redeal(first, view, rng)
        else:
            d = first = is_a(FivesState, determinize(view, rng))
        assert d.view(viewer) == view
        assert d.view(None) == public
        assert d.turn == state.turn and d.current_seat == state.current_seat
        if state.current_seat == viewer:
            assert [str(a) for a in d.legal_actions(viewer)] == [str(a) for a in state.legal_actions(viewer)]
        assert sorted(d.in_hand[viewer]) == sorted(state.in_hand[viewer])
        tiles = [t for h in d.in_hand for t in h] + d.boneyard + sorted(on_table)
        assert sorted(tiles) == sorted(d.all_tiles), "every tile once"
        for seat in range(state.players):
            if seat == viewer:
                continue
            assert not set(d.in_hand[seat]) & on_table
            assert _could_have_played(history, seat, frozenset(d.in_hand[seat])), (
                f"seat {seat} holds a tile it showed it lacks"
            )
        if not public.layout and d.forced_lead >= 0:
            doubles = [t for h in d.in_hand for t in h if IS_DOUBLE[t]]
            assert d.forced_lead == max(doubles) and d.forced_lead in d.in_hand[d.leader]


def test_every_fives_game_is_sampled_consistently_along_a_game() -> None:
    for game, players in FIVES:
        for seed in (1, 2):
            for moves in (0, 7, 19, 33, 60):
                state, history, rng = _play(game, players, seed, moves)
                if state.is_over:
                    continue
                for viewer in range(players):
                    _check(state, history, viewer, rng, samples=2)


# a position of a random game: (game, players), the game's seed, the moves played, the viewer (mod players)
POSITIONS = (st.sampled_from(FIVES), st.integers(0, 10_000), st.integers(0, 120), st.integers(0, 4))


@settings(max_examples=120, deadline=None)
@given(*POSITIONS)
def test_sampled_states_are_consistent_with_the_view(case: tuple[str, int], seed: int, moves: int, viewer: int) -> None:
    game, players = case
    state, history, rng = _play(game, players, seed, moves)
    if state.is_over:
        return
    _check(state, history, viewer % players, rng)


@settings(max_examples=80, deadline=None)
@given(*POSITIONS)
def test_worlds_dealt_again_are_consistent_with_the_view(
    case: tuple[str, int], seed: int, moves: int, viewer: int
) -> None:
    """The search's later worlds of a view (`redeal`) keep everything `determinize`'s do: the seat's hand,
    everything public, its legal actions, every tile once, no seat given a tile it showed it lacks."""
    game, players = case
    state, history, rng = _play(game, players, seed, moves)
    if state.is_over:
        return
    _check(state, history, viewer % players, rng, samples=4, again=True)


def test_a_world_dealt_again_leaves_the_first_as_it_was_and_differs_from_it() -> None:
    state, _, rng = _play("five-up", 4, 3, 6)
    view = state.view(1)
    first = is_a(FivesState, determinize(view, rng))
    hands, boneyard = [h[:] for h in first.in_hand], first.boneyard[:]
    again = [redeal(first, view, rng) for _ in range(20)]
    for world in again:
        played = world.clone()
        played.apply(must(played.current_seat), played.legal_actions()[0])
    assert first.in_hand == hands and first.boneyard == boneyard, "the first world is never changed"
    assert first.view(1) == view and all(w.view(1) == view for w in again)
    assert any(w.in_hand != first.in_hand for w in again), "the hidden tiles are dealt again"
    a, b = random.Random(8), random.Random(8)
    for _ in range(10):
        dealt, drawn = redeal(first, view, a), is_a(FivesState, determinize(view, b))
        assert (dealt.in_hand, dealt.boneyard) == (drawn.in_hand, drawn.boneyard), "the deal determinize makes"


def test_a_draw_game_where_players_drew_keeps_them_off_the_ends() -> None:
    """Two-player All Fives draws a lot: find positions after several draws and check them closely."""
    found = 0
    for seed in range(40):
        state, history, rng = _play("all-fives", 2, seed, 25)
        if state.is_over or sum(1 for h in history if h[1] == "draw") < 3:
            continue
        found += 1
        _check(state, history, must(state.current_seat), rng, samples=20)
    assert found >= 5


def test_a_determinized_state_plays_on_to_the_end_of_the_game() -> None:
    state, _, rng = _play("five-up", 4, 5, 30)
    d = is_a(FivesState, determinize(state.view(state.current_seat), rng))
    while not d.is_over:
        d.apply(must(d.current_seat), rng.choice(d.legal_actions()))
    assert d.winner is not None
    assert not state.is_over


def test_clone_is_independent_of_the_original() -> None:
    for game, players in FIVES:
        state, _, rng = _play(game, players, 3, 15)
        if state.is_over:
            continue
        views = [state.view(s) for s in (None, *range(players))]
        legal = list(state.legal_actions())
        copy = state.clone()
        assert [copy.view(s) for s in (None, *range(players))] == views
        while not copy.is_over and copy.turn < state.turn + 200:
            copy.apply(must(copy.current_seat), rng.choice(copy.legal_actions()))
        assert [state.view(s) for s in (None, *range(players))] == views
        assert state.legal_actions() == legal
        # and the original goes on exactly as before: the clone drew from its own generator
        twin = state.clone()
        a, b = random.Random(9), random.Random(9)
        while not state.is_over:
            x, y = a.choice(state.legal_actions()), b.choice(twin.legal_actions())
            state.apply(must(state.current_seat), x)
            twin.apply(must(twin.current_seat), y)
        assert state.result == twin.result


def test_the_history_is_the_hand_so_far_and_public() -> None:
    state, history, _ = _play("all-fives", 2, 4, 20)
    view = state.view(None)
    assert view.history == tuple((seat, action) for seat, action, _, _ in history)
    assert all(action in ("draw", "pass") or "@" in action or "-" in action for _, action in view.history)
    assert state.view(0).history == view.history == state.view(1).history


def test_the_public_view_is_determinized_too() -> None:
    for game, players in FIVES:
        state, history, rng = _play(game, players, 8, 21)
        if state.is_over:
            continue
        public = state.view(None)
        d = is_a(FivesState, determinize(public, rng))
        assert d.view(None) == public
        for seat in range(players):
            assert _could_have_played(history, seat, frozenset(d.in_hand[seat]))
