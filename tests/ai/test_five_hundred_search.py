"""The searching Five Hundred computers (normal and strong): legal in every variant, deciding from the view
alone and the same way twice; their samples agree with the view and lean towards what the bids said; the
playout policy plays only legal cards; the auction, the discard and the call are sensible."""

from __future__ import annotations

import gc
import random
from collections import Counter
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import BUDGETS, choose_action, searches
from bot.ai.five_hundred import FAMILY, candidates
from bot.ai.five_hundred_inference import sample
from bot.ai.five_hundred_playouts import choose_play, step
from bot.ai.search import Budget
from bot.engine import GameState, determinize
from bot.engine.five_hundred import FiveHundredState
from bot.engine.five_hundred.cards import SUIT_TABLES
from bot.engine.five_hundred.rules import BIDS
from tests.checks import is_a, must
from tests.engine.test_five_hundred_determinize import CONFIGS, all_cards, position, revoked, seen_by
from tests.engine.test_five_hundred_rules import play, stacked
from tests.games import new_five_hundred

GAME = "five-hundred"
SMALL = Budget(playouts=40, min_samples=3)
VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"two_player_deck": "25_widow5"}),
    (3, {}),
    (4, {}),
    (4, {"joker": "off", "misere_rank": "uspc", "auction": "uspc_single", "all_pass": "redeal"}),
    (4, {"open_misere_rank": "pagat", "open_misere_expose": "after_first_trick", "defenders_can_win": "off"}),
    (5, {}),
    (5, {"five_player_partner_reveal": "hidden", "five_player_two_partners_at_8": "on"}),
    (6, {}),
    (6, {"six_player_teams": "three_of_two"}),
]


def test_five_hundred_searches_at_normal_and_strong() -> None:
    assert searches(GAME, "normal") and searches(GAME, "strong") and not searches(GAME, "easy")
    assert BUDGETS["five_hundred"]["strong"].playouts > BUDGETS["five_hundred"]["normal"].playouts


@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=[f"{p}p-{o}" for p, o in VARIANTS])
def test_the_playout_policy_plays_only_legal_cards_and_as_apply_would(players: int, options: dict[str, Any]) -> None:
    rng = random.Random(players)
    for seed in range(4):
        state = new_five_hundred(GAME, players, options, seed=seed)
        while not state.is_over:
            seat = state.current
            if state.phase == "play":
                legal = {(a.card, a.named) for a in state.legal_actions(seat)}
                assert choose_play(state) in legal
                turn = state.turn
                twin = state.clone()
                step(state, rng)  # play_card: no checks, no events
                assert state.steps[turn].seat == seat
                twin.apply(seat, state.steps[turn].action)
                assert [twin.view(s) for s in (None, *range(players))] == [
                    state.view(s) for s in (None, *range(players))
                ]
                assert (twin.current, twin.revealed, twin.scores, twin.winner) == (
                    state.current,
                    state.revealed,
                    state.scores,
                    state.winner,
                )
            else:
                step(state, rng)


@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=[f"{p}p-{o}" for p, o in VARIANTS])
def test_normal_plays_every_variant_legally(
    players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(BUDGETS["five_hundred"], "normal", SMALL)
    state = new_five_hundred(GAME, players, options, seed=players + 10)
    rng = random.Random(players)
    phases: Counter[str] = Counter()
    while not state.is_over and len(state.hands) < 3:
        seat = must(state.current_seat)
        view = state.view(seat)
        text = choose_action(view, rng, "normal" if seat % 2 == 0 else "easy")
        assert text in {a.text for a in view.legal}
        phases[view.phase] += 1
        state.apply(must(seat), text)
    assert phases["auction"] and phases["play"]


def test_the_same_view_and_seed_give_the_same_move() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        state = new_five_hundred(GAME, 4, seed=seed)
        for _ in range(rng.randrange(0, 30)):
            state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
        view = state.view(state.current_seat)
        if len(view.legal) < 2:
            continue
        moves = {choose_action(view, random.Random(77), "normal") for _ in range(2)}
        assert len(moves) == 1
        checked += 1
    assert checked >= 3


def _first(players: int, options: dict[str, Any], phase: str, seed: int) -> FiveHundredState:
    """A position of a seeded game where `phase` begins (the easy level plays up to there)."""
    for s in range(seed, seed + 200):
        state = new_five_hundred(GAME, players, options, seed=s)
        rng = random.Random(s)
        while not state.is_over and state.hand_no == 1:
            if state.phase == phase and len(state.legal_actions()) > 1:
                return state
            state.apply(must(state.current_seat), choose_action(state.view(state.current_seat), rng))
    raise AssertionError(f"no {phase} position")


def _reachable_states(view: Any) -> bool:
    reachable, todo = set(), [view]
    while todo:
        obj = todo.pop()
        if id(obj) in reachable or isinstance(obj, type | ModuleType | FunctionType | BuiltinFunctionType):
            continue
        reachable.add(id(obj))
        if isinstance(obj, GameState):
            return True
        todo.extend(gc.get_referents(obj))
    return False


@pytest.mark.parametrize("phase", ["auction", "play"])
def test_strong_decides_from_the_view_alone(phase: str) -> None:
    """Two real games that differ only in what the seat cannot see get the same strong move, and the view
    it is given leads to no state."""
    state = _first(4, {}, phase, seed=phase == "play")
    if phase == "play":
        for _ in range(5):  # into the hand: some cards are seen, some suits maybe revoked
            if len(state.legal_actions()) > 1 and state.trick:
                break
            state.apply(must(state.current_seat), state.legal_actions()[0])
    seat = state.current_seat
    view = state.view(seat)
    other = is_a(FiveHundredState, determinize(view, random.Random(9)))
    assert other.in_hand != state.in_hand
    assert other.view(seat) == view
    a = choose_action(view, random.Random(1), "strong")
    b = choose_action(other.view(seat), random.Random(1), "strong")
    assert a == b and a in {m.text for m in view.legal}
    assert not _reachable_states(view), "the view leads to a state"


def test_strong_discards_and_calls_legally() -> None:
    for players, options in ((4, {}), (3, {}), (5, {}), (5, {"five_player_two_partners_at_8": "on"})):
        state = _first(players, options, "discard", seed=players)
        view = state.view(state.current_seat)
        text = choose_action(view, random.Random(2), "strong")
        assert text in {a.text for a in view.legal}
        state.apply(must(state.current_seat), text)
        if state.phase == "call":
            view = state.view(state.current_seat)
            text = choose_action(view, random.Random(2), "strong")
            assert text in {a.text for a in view.legal}


def test_discard_and_call_candidates_are_few_legal_and_start_with_the_rule() -> None:
    for players, options in ((4, {}), (2, {"two_player_deck": "25_widow5"}), (5, {})):
        state = _first(players, options, "discard", seed=3)
        view = state.view(state.current_seat)
        texts = candidates(view, random.Random(0))
        legal = {a.text for a in view.legal}
        assert 1 < len(texts) <= 24 and set(texts) <= legal and len(set(texts)) == len(texts)
    state = _first(5, {"five_player_two_partners_at_8": "on"}, "call", seed=1)
    view = state.view(state.current_seat)
    texts = candidates(view, random.Random(0))
    assert set(texts) <= {a.text for a in view.legal} and "solo" in texts and len(texts) <= 11


# -- the bidding --------------------------------------------------------------------------------------------
STRONG_HEARTS = ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "AS", "AC", "AD"]
WEAK = ["5S", "6S", "8S", "5C", "6C", "8C", "4D", "6D", "4H", "6H"]
LOW = ["5S", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "4H", "5H"]


def test_strong_bids_a_big_hand_in_its_suit_and_passes_a_weak_one() -> None:
    state = new_five_hundred(
        GAME,
        4,
        {"misere_rank": "off", "open_misere": "off"},
        seed=0,
        deal=stacked(4, {1: STRONG_HEARTS, 2: WEAK}, dealer=0),
    )
    bid = choose_action(state.view(1), random.Random(0), "strong")
    assert bid.endswith("H") and int(bid[:-1]) >= 8, "a hand of eight trumps and three aces bids high in hearts"
    play(state, bid)
    assert choose_action(state.view(2), random.Random(0), "strong") == "pass"


def test_strong_bids_misere_with_a_hand_of_low_cards() -> None:
    state = new_five_hundred(GAME, 4, {"open_misere": "off"}, seed=0, deal=stacked(4, {1: LOW}, dealer=0))
    play(state)
    assert choose_action(state.view(1), random.Random(0), "strong") == "misere"


def test_strong_does_not_overbid_a_partner_with_nothing_to_add() -> None:
    hearts = ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "AC", "7C"]
    support = ["8H", "7H", "AS", "KS", "QS", "10S", "9S", "4D", "5C", "6C"]
    state = new_five_hundred(GAME, 4, seed=0, deal=stacked(4, {2: hearts, 3: support}, dealer=0))
    play(state, "pass", "pass")
    assert choose_action(state.view(3), random.Random(0), "strong").endswith("S"), "alone it bids its spades"
    state = new_five_hundred(GAME, 4, seed=0, deal=stacked(4, {1: hearts, 3: support}, dealer=0))
    play(state, "7H", "pass")
    assert choose_action(state.view(3), random.Random(0), "strong") == "pass", "its partner plays hearts"


def test_strong_keeps_its_trumps_and_aces_and_sheds_the_joker_in_misere() -> None:
    hand = ["JK", "JH", "AH", "KH", "QH", "10H", "9H", "AS", "5S", "4D"]
    state = new_five_hundred(GAME, 4, seed=0, deal=stacked(4, {1: hand}, ["5C", "6C", "KC"], dealer=0))
    play(state, "8H", "pass", "pass", "pass")
    shed = choose_action(state.view(1), random.Random(0), "strong").split()[1:]
    assert not {"JK", "JH", "AH", "KH", "QH", "AS"} & set(shed)
    low = ["JK", "5S", "6S", "7S", "5C", "6C", "7C", "4D", "5D", "4H"]
    state = new_five_hundred(GAME, 4, seed=0, deal=stacked(4, {1: low}, ["5H", "6H", "AD"], dealer=0))
    play(state, "misere", "pass", "pass", "pass")
    shed = choose_action(state.view(1), random.Random(0), "strong").split()[1:]
    assert "JK" in shed and "AD" in shed, "the joker always takes a trick in misère, the ace likely does"


# -- the samples ----------------------------------------------------------------------------------------------
def check_sample(real: FiveHundredState, seat: int, rng: random.Random) -> FiveHundredState:
    view = real.view(seat)
    det = sample(view, rng)
    assert det.in_hand[seat] == real.in_hand[seat]
    suits = SUIT_TABLES[real.trump]
    for s, gone in enumerate(revoked(real)):
        assert not [c for c in det.in_hand[s] if suits[c] in gone], f"seat {s} holds a suit it revoked"
    seen = seen_by(real, seat)
    for s in range(real.players):
        if s != seat and not (real.exposed and s == real.declarer):
            assert not seen & set(det.in_hand[s]), "a seen card is dealt to a hidden hand"
    assert not seen & set(det.widow + det.dummy)
    if seat == real.declarer:
        assert det.discards == real.discards
    assert all_cards(det) == all_cards(real), "the same cards, each once"
    assert all(h == sorted(h) for h in det.in_hand)
    assert det.view(None) == real.view(None)
    assert det.view(seat) == view
    if seat == real.current_seat:
        assert det.legal_actions(seat) == real.legal_actions(seat)
    if real.called and real.options["five_player_partner_reveal"] == "immediate":
        assert det.declaring == real.declaring
    return det


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.integers(0, len(CONFIGS) - 1), seed=st.integers(0, 10**6), actions=st.integers(0, 75))
def test_samples_weighted_by_the_bids_agree_with_everything_the_viewer_knows(
    config: int, seed: int, actions: int
) -> None:
    real = position(config, seed, actions)
    if real is None:
        return
    rng = random.Random(seed)
    for seat in range(real.players):
        check_sample(real, seat, rng)


def test_samples_lean_towards_what_the_bids_said() -> None:
    """Seat 3 bid 7 hearts after seat 2 passed: in the weighted samples seat 3 holds more hearts than in the
    plain ones, seat 2 fewer high cards, and still never a card it cannot hold."""
    state = new_five_hundred(GAME, 4, seed=3)
    play(state, "pass", "7H")
    view = state.view(0)
    hearts = SUIT_TABLES[3]
    rng = random.Random(1)

    def mean_hearts(draw: Any, seat: int) -> float:
        return sum(sum(1 for c in draw(view, rng).in_hand[seat] if hearts[c] == 3) for _ in range(400)) / 400

    assert mean_hearts(sample, 3) > mean_hearts(determinize, 3) + 0.3
    assert FAMILY.sample is sample


def test_a_search_copy_declares_at_once_and_stops_at_the_end_of_the_hand() -> None:
    state = new_five_hundred(GAME, 5, seed=1)
    copy = state.clone()
    copy.declare(3, BIDS["8H"])
    assert (copy.phase, copy.declarer, str(copy.contract), copy.current) == ("discard", 3, "8H", 3)
    assert len(copy.in_hand[3]) == 13 and copy.widow == [] and copy.discard_count == 3
    assert state.phase == "auction" and state.declarer is None, "the original is untouched"
    copy.deal_next_hand = False
    rng = random.Random(1)
    while not copy.hands:
        step(copy, rng)
    assert copy.hands[0].detail["contract"] == "8H" and copy.hands[0].detail["declarer"] == 3
    assert copy.hand_no == 1 and copy.scores == list(copy.hands[0].points), "scored, and no next deal"


def test_open_misere_only_with_a_hand_that_ducks_every_lead() -> None:
    from bot.ai.five_hundred_bidding import safe_open_misere
    from bot.engine.five_hundred.cards import parse_card

    def hand(text: str) -> list[int]:
        return [parse_card(c) for c in text.split()]

    assert safe_open_misere(hand("2S 3S 5S 4C 6C 2D 7D 3H 5H 8H")), "one card too high may be discarded"
    assert not safe_open_misere(hand("2S 3S 5S 4C 6C 2D 7D 3H 5H 9H")), "two are too many"
    assert not safe_open_misere(hand("6S 8S 10S 4C 6C 2D 4D 3H 5H 7H")), "a lone 6 of spades is led under"
    assert not safe_open_misere(hand("2S 3S 5S 4C 6C 2D 4D 3H 5H JK")), "the joker always wins its trick"
