"""A search that may read only a seat's view rebuilds Five Hundred states from it (`determinize`): for random
positions of real games, every variant, every viewer, the rebuilt state gives the viewer exactly his hand,
never gives a seat a card of a suit it failed to follow (the bowers and the joker counted as trumps), never
a card already seen, keeps the declarer's discards where he knows them, looks the same as the real game
in the viewer's view and the public one, offers the same actions, and plays on to the end of the hand.
A `clone()` is independent of its original and continues it exactly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import determinize
from bot.engine.five_hundred import FiveHundredState
from bot.engine.five_hundred.cards import NT, SUIT_TABLES
from bot.engine.five_hundred.notation import Discard, Play
from tests.checks import is_a, must
from tests.games import new_five_hundred

GAME = "five-hundred"
CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (4, {}),
    (3, {}),
    (2, {}),
    (2, {"two_player_deck": "25_widow5"}),
    (5, {}),
    (5, {"five_player_partner_reveal": "hidden", "five_player_two_partners_at_8": "on"}),
    (5, {"five_player_two_partners_at_8": "on"}),
    (6, {}),
    (6, {"six_player_teams": "three_of_two"}),
    (4, {"joker": "off", "all_pass": "redeal", "auction": "uspc_single", "misere_rank": "uspc"}),
    (4, {"open_misere_expose": "after_first_trick", "open_misere_rank": "pagat"}),
]


def position(config: int, seed: int, actions: int) -> FiveHundredState | None:
    """A game of the config played at random for `actions` actions (None if it ended before)."""
    players, options = CONFIGS[config]
    state = new_five_hundred(GAME, players, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over:
            return None
        seat = must(state.current_seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return None if state.is_over else state


def revoked(state: FiveHundredState) -> list[set[int]]:
    """Per seat, the suits (as the hand's trump counts them) it did not follow this hand."""
    suits = state.suits
    out: list[set[int]] = [set() for _ in range(state.players)]
    led = -1
    in_trick = 0
    size = state.trick_size
    for step in state.steps[state.hand_start :]:
        if type(step.action) is not Play:
            continue
        c = step.action.card
        if in_trick == 0:
            led = step.action.named if step.action.named >= 0 else suits[c]
        elif suits[c] != led:
            out[step.seat].add(led)
        in_trick = (in_trick + 1) % size
    return out


def seen_by(state: FiveHundredState, seat: int | None) -> set[int]:
    seen = {s.action.card for s in state.steps[state.hand_start :] if type(s.action) is Play}
    if state.exposed:
        seen.update(state.in_hand[must(state.declarer)])
    if seat is not None:
        seen.update(state.in_hand[seat])
        if seat == state.declarer:
            seen.update(state.discards)
    return seen


def all_cards(state: FiveHundredState) -> Counter:
    played = [s.action.card for s in state.steps[state.hand_start :] if type(s.action) is Play]
    held = [c for h in state.in_hand for c in h]
    return Counter(held + state.widow + state.dummy + list(state.discards) + played)


def check_determinized(real: FiveHundredState, seat: int | None, rng: random.Random) -> FiveHundredState:
    view = real.view(seat)
    det = is_a(FiveHundredState, determinize(view, rng))
    assert isinstance(det, FiveHundredState)
    # (a) the viewer's own hand exactly
    if seat is not None:
        assert det.in_hand[seat] == real.in_hand[seat]
    # (b) no revoked suit, no seen card in anyone's hidden hand
    suits = SUIT_TABLES[real.trump]
    for s, gone in enumerate(revoked(real)):
        assert not [c for c in det.in_hand[s] if suits[c] in gone], f"seat {s} holds a suit it revoked"
    seen = seen_by(real, seat)
    for s in range(real.players):
        if s != seat and not (real.exposed and s == real.declarer):
            assert not seen & set(det.in_hand[s])
    assert not seen & set(det.widow + det.dummy)
    if seat is not None and seat == real.declarer:
        assert det.discards == real.discards  # the declarer knows his discards
    assert all_cards(det) == all_cards(real), "the same cards, each once"
    # (c) the same public view and the same view for the viewer; (d) the same actions
    assert det.view(None) == real.view(None)
    assert det.view(seat) == view
    if seat is not None and seat == real.current_seat:
        assert det.legal_actions(seat) == real.legal_actions(seat)
    # a called partner is who the table knows him to be
    if real.called and real.options["five_player_partner_reveal"] == "immediate":
        assert det.declaring == real.declaring
    return det


def play_out_hand(state: FiveHundredState, rng: random.Random) -> None:
    hand = state.hand_no
    while not state.is_over and state.hand_no == hand:
        seat = must(state.current_seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 10**6),
    actions=st.integers(0, 75),
)
def test_a_determinized_state_agrees_with_everything_its_viewer_knows(config: int, seed: int, actions: int) -> None:
    real = position(config, seed, actions)
    if real is None:
        return
    rng = random.Random(seed)
    for seat in (None, *range(real.players)):
        det = check_determinized(real, seat, rng)
        play_out_hand(det, rng)  # the rebuilt state plays on like any state


def test_positions_cover_voids_bowers_discards_and_every_phase() -> None:
    """The property above is not vacuous: the seeded positions reach every phase, revoked trumps (the
    left bower and the joker then go elsewhere), a declarer's hidden discards and partner calls."""
    phases: Counter = Counter()
    trump_voids = hidden_discards = calls = 0
    rng = random.Random(5)
    for seed in range(150):
        config = seed % len(CONFIGS)
        real = position(config, seed, rng.randrange(0, 75))
        if real is None:
            continue
        phases[real.phase] += 1
        trump_voids += real.trump != NT and any(real.trump in gone for gone in revoked(real))
        hidden_discards += bool(real.discards)
        calls += bool(real.called)
        viewer = (real.declarer or 0) + 1 if real.declarer is not None else 0
        det = check_determinized(real, viewer % real.players, rng)
        if real.discards and viewer % real.players != real.declarer:
            assert sorted(det.discards) != [] and len(det.discards) == len(real.discards)
    assert set(phases) >= {"auction", "discard", "play"}
    assert trump_voids and hidden_discards and calls


def test_a_five_player_declarer_calling_his_partner_is_determinized_for_every_seat() -> None:
    rng = random.Random(4)
    reached = 0
    for seed in range(12):
        state = new_five_hundred(GAME, 5, CONFIGS[5 + seed % 2][1], seed=seed)
        while state.phase != "call":  # the first bidder bids the lowest bid, everyone else passes
            seat = state.current_seat
            actions = state.legal_actions(seat)
            state.apply(must(seat), actions[0] if state.phase == "auction" and state.high is None else actions[-1])
        reached += 1
        for seat in (None, *range(5)):
            check_determinized(state, seat, rng)
    assert reached == 12


def test_a_determinized_discard_phase_shows_the_declarer_what_he_took() -> None:
    real = position(0, 3, 0)
    assert real is not None
    rng = random.Random(1)
    while real.phase != "discard":  # everyone bids on, then passes: the last bidder takes the widow
        seat = must(real.current_seat)
        real.apply(seat, real.legal_actions(seat)[0])
    declarer = must(real.declarer)
    det = check_determinized(real, declarer, rng)
    assert det.view(declarer).taken == real.view(declarer).taken
    other = (declarer + 1) % real.players
    det = check_determinized(real, other, rng)
    assert len(det.in_hand[declarer]) == 13


def test_clone_is_independent_and_continues_the_game_exactly() -> None:
    rng = random.Random(2)
    for config in range(len(CONFIGS)):
        real = position(config, 11 + config, 20)
        if real is None:
            continue
        before = [real.view(s) for s in (None, *range(real.players))]
        copy = real.clone()
        twin = real.clone()
        moves = []
        while not copy.is_over and copy.hand_no <= real.hand_no + 1:
            seat = must(copy.current_seat)
            action = rng.choice(copy.legal_actions(seat))
            moves.append((seat, action))
            copy.apply(seat, action)
        assert [real.view(s) for s in (None, *range(real.players))] == before
        for seat, action in moves:  # the same actions give the same game, the next deal included
            twin.apply(seat, action)
        assert twin.view(None) == copy.view(None)
        assert twin.in_hand == copy.in_hand


def test_history_shows_the_discard_to_the_declarer_only() -> None:
    real = position(0, 8, 0)
    assert real is not None
    while real.phase != "play":
        seat = must(real.current_seat)
        real.apply(seat, real.legal_actions(seat)[0])
    declarer = must(real.declarer)
    own = dict(real.view(declarer).history)
    texts = [text for _, text in real.view(None).history]
    assert "discard" in texts
    assert own[declarer].startswith("discard ") and own[declarer] == str(
        next(s.action for s in real.steps if type(s.action) is Discard)
    )


SAME_COLOUR = {"S": "C", "C": "S", "D": "H", "H": "D"}


def first_position(predicate: Any, config: int = 0) -> FiveHundredState:
    for seed in range(400):
        players, options = CONFIGS[config]
        state = new_five_hundred(GAME, players, options, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.hand_no == 1:
            if predicate(state):
                return state
            seat = must(state.current_seat)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no such position in 400 seeded games")


def test_a_seat_out_of_trumps_is_dealt_neither_the_joker_nor_the_left_bower() -> None:
    def out_of_trumps(state: FiveHundredState) -> bool:
        if state.trump == NT or state.phase != "play" or not state.trick:
            return False
        unseen = {"JK", "J" + SAME_COLOUR["SCDH"[state.trump]]} - {c for _, c in state.view(None).history}
        return state.trump in revoked(state)[must(state.current_seat)] and bool(unseen)

    real = first_position(out_of_trumps)
    seat = must(real.current_seat)
    trump = "SCDH"[real.trump]
    rng = random.Random(1)
    viewer = (seat + 1) % real.players
    for _ in range(40):
        held = det_names(is_a(FiveHundredState, determinize(real.view(viewer), rng)), seat)
        assert "JK" not in held and "J" + SAME_COLOUR[trump] not in held
        assert not [c for c in held if c.endswith(trump)]


def test_at_no_trump_a_seat_that_did_not_follow_may_still_hold_the_joker() -> None:
    def void_at_nt(state: FiveHundredState) -> bool:
        if state.contract is None or state.trump != NT or state.contract.misere or state.phase != "play":
            return False
        gone = revoked(state)
        joker_unseen = all(72 not in h for s, h in enumerate(state.in_hand) if s == 0) and "JK" not in {
            c.split(":")[0] for _, c in state.view(None).history
        }
        return joker_unseen and any(gone[s] for s in range(1, state.players))

    real = first_position(void_at_nt)
    rng = random.Random(2)
    void_seat = next(s for s in range(1, real.players) if revoked(real)[s])
    holders: Counter[int | None] = Counter()
    for _ in range(200):
        det = is_a(FiveHundredState, determinize(real.view(0), rng))
        holders[next((s for s in range(real.players) if "JK" in det_names(det, s)), None)] += 1
    assert holders[void_seat] > 0, "the joker is no suit at no trump: a void seat may hold it"


def det_names(state: FiveHundredState, seat: int) -> set[str]:
    return set(state.view(seat).hand or ())
