"""Seeded playouts of every Five Hundred variant, checked against a small independent implementation.

Every game must end; at every action the cards are conserved, the public view shows no hidden card and
the legal plays are exactly what following suit allows; every trick goes to the right card and every
hand scores what the Avondale table gives for its contract and tricks.
"""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import choose_action
from bot.engine import game_info, new_game
from bot.engine.five_hundred.cards import NAMES

GAME = "five-hundred"

# -- the independent reference (card names only) --------------------------------------------------------------
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A"]
SAME_COLOUR = {"S": "C", "C": "S", "D": "H", "H": "D"}
TABLE = {
    "6S": 40, "6C": 60, "6D": 80, "6H": 100, "6NT": 120,
    "7S": 140, "7C": 160, "7D": 180, "7H": 200, "7NT": 220,
    "8S": 240, "8C": 260, "8D": 280, "8H": 300, "8NT": 320,
    "9S": 340, "9C": 360, "9D": 380, "9H": 400, "9NT": 420,
    "10S": 440, "10C": 460, "10D": 480, "10H": 500, "10NT": 520,
    "misere": 250,
}  # fmt: skip


def follows_as(card: str, trump: str | None) -> str:
    """The suit a card belongs to: the joker and the left bower are trumps; at NT the joker is alone."""
    if card.startswith("JK"):
        return trump or "joker"
    if trump and card == "J" + SAME_COLOUR[trump]:
        return trump
    return card[-1]


def strength(card: str, trump: str | None) -> int:
    if card.startswith("JK"):
        return 100
    if trump and card == "J" + trump:
        return 99
    if trump and card == "J" + SAME_COLOUR[trump]:
        return 98
    return RANKS.index(card[:-1])


def ref_winner(trick: list[tuple[int, str]], trump: str | None) -> int:
    first = trick[0][1]
    led = first[3] if first.startswith("JK:") else follows_as(first, trump)
    trumps = [(s, c) for s, c in trick if follows_as(c, trump) == (trump or "joker")]
    pool = trumps or [(s, c) for s, c in trick if follows_as(c, trump) == led]
    return max(pool, key=lambda sc: strength(sc[1], trump))[0]


def ref_legal(hand: tuple[str, ...], trick: tuple[tuple[int, str], ...], trump: str | None) -> set[str]:
    if not trick:
        if trump is None and "JK" in hand:
            return (set(hand) - {"JK"}) | {"JK:S", "JK:C", "JK:D", "JK:H"}
        return set(hand)
    first = trick[0][1]
    led = first[3] if first.startswith("JK:") else follows_as(first, trump)
    return {c for c in hand if follows_as(c, trump) == led} or set(hand)


def ref_points(detail: dict[str, Any], sides: tuple[tuple[int, ...], ...], options: dict[str, Any]) -> list[int]:
    side_of = {seat: k for k, side in enumerate(sides) for seat in side}
    tricks = detail["tricks"]
    points = [0] * len(sides)
    contract = detail["contract"]
    if contract is None:
        for seat, t in enumerate(tricks):
            points[side_of[seat]] += 10 * t
        return points
    declarers = [detail["declarer"], *detail["partners"]]
    won = sum(tricks[s] for s in declarers)
    misere = contract in ("misere", "open-misere")
    value = options["open_misere_value"] if contract == "open-misere" else TABLE[contract]
    made = won == 0 if misere else won >= int(contract.rstrip("SCDHNT"))
    if made and value < 250 and won == 10:
        value = 250
    mine = {side_of[s] for s in declarers}
    result = (value if made else -value) / len(mine)
    for side in range(len(sides)):
        if side in mine:
            points[side] = int(result + (0.5 if result > 0 else -0.5))
        elif misere:
            points[side] = 10 * won
        else:
            points[side] = 10 * sum(tricks[s] for s in sides[side])
    return points


# -- what the public view may show ---------------------------------------------------------------------------------
SKIP = frozenset({"auction", "high_bid", "contract", "options", "last", "hands"})


def words(value: Any, skip: frozenset[str] = SKIP):
    """Every word of every string in a view, bids (`7H` the bid is not `7H` the card) and finished hands
    (their cards belong to earlier deals) left out."""
    if isinstance(value, str):
        yield from value.replace(":", " ").split()
    elif is_dataclass(value):
        for f in fields(value):
            if f.name not in skip:
                yield from words(getattr(value, f.name), skip)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from words(v, skip)
    elif isinstance(value, tuple | list):
        for v in value:
            yield from words(v, skip)


def check_public_view(state: Any) -> None:
    view = state.view(None)
    assert view.hand is None and view.discards is None and view.legal == ()
    hidden = {NAMES[c] for h in state.in_hand for c in h} | {
        NAMES[c] for c in state.widow + state.discards + state.dummy
    }
    if view.exposed is not None:
        hidden -= set(view.exposed)
    hidden -= set(view.called)  # naming a card is public; who holds it is not
    leaks = hidden & set(words(view))
    if state.steps and type(state.steps[-1].action).__name__ == "Discard":  # other last actions are public
        leaks |= hidden & set(words(view.last))
    assert not leaks, f"the public view shows hidden cards {leaks}"
    if state.players == 5 and state.options["five_player_partner_reveal"] == "hidden":
        assert set(view.partners) <= state.revealed, "a hidden partner is not public before he plays the card"


def check_conservation(state: Any, played: list[str]) -> None:
    held = [NAMES[c] for h in state.in_hand for c in h] + [NAMES[c] for c in state.widow + state.discards + state.dummy]
    assert sorted(held + played) == sorted(NAMES[c] for c in state.deck)


# -- the driver ----------------------------------------------------------------------------------------------------
def playout(players: int, options: dict[str, Any], seed: int, policy: str = "random", limit: int = 6000) -> Any:
    state = new_game(GAME, players, options, seed=seed)
    rng = random.Random(seed)
    played: list[str] = []
    trick: list[tuple[int, str]] = []
    for _ in range(limit):
        if state.is_over:
            break
        seat = state.current_seat
        check_public_view(state)
        check_conservation(state, played)
        own = state.view(seat)
        assert own.legal and all(state.view(s).legal == () for s in range(players) if s != seat)
        if own.phase == "play":
            assert own.trick == tuple(trick), "the table shows the trick as it was played"
            assert {a.text for a in own.legal} == ref_legal(own.hand, own.trick, own.trump)
        if policy == "ai":
            text = choose_action(own, rng)
        elif own.phase == "auction":  # mostly low bids, so that games run over several hands
            text = "pass" if rng.random() < 0.6 else rng.choice(own.legal[:5]).text
        else:
            text = state.format_action(rng.choice(state.legal_actions()))
        hand_no = own.hand_no
        events = state.apply(seat, text)
        if own.phase == "play":
            trick.append((seat, text))
            played.append(text[:2] if text.startswith("JK") else text)
        for event in events:
            if event.kind == "trick":
                assert event.seat == ref_winner(trick, own.trump), f"trick {trick} under {own.trump}"
                trick = []
            elif event.kind == "hand_end":
                result = event.data
                assert list(result.points) == ref_points(result.detail, state.sides, state.options)
        if state.hand_no != hand_no:
            played, trick = [], []
    assert state.is_over, "the game ends"
    assert state.scores == [sum(h.points[k] for h in state.hands) for k in range(len(state.sides))]
    assert all(step.points == (0,) * len(state.sides) for step in state.steps)
    if options.get("defenders_can_win") == "off" and max(state.scores) >= 500 and min(state.scores) > -500:
        last = state.hands[-1]
        declaring = {state.side_of[s] for s in (last.detail["declarer"], *last.detail["partners"])}
        assert last.reason == "made" and set(state.winner) <= declaring, "pagat: only a made contract wins"
    return state


VARIANTS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"two_player_deck": "25_widow5"}),
    (2, {"joker": "off", "two_player_deck": "25_widow5"}),
    (2, {"joker": "off"}),
    (3, {}),
    (3, {"auction": "uspc_single", "misere_rank": "uspc", "open_misere": "off", "all_pass": "redeal"}),
    (3, {"defenders_can_win": "off"}),
    (4, {}),
    (4, {"joker": "off"}),
    (4, {"auction": "uspc_single"}),
    (4, {"misere_rank": "uspc"}),
    (4, {"misere_rank": "off", "open_misere": "off"}),
    (4, {"open_misere_rank": "pagat", "open_misere_value": 500, "open_misere_expose": "after_first_trick"}),
    (4, {"all_pass": "redeal"}),
    (4, {"defenders_can_win": "off"}),
    (5, {}),
    (5, {"five_player_partner_reveal": "hidden"}),
    (5, {"five_player_two_partners_at_8": "on", "five_player_partner_reveal": "hidden", "joker": "off"}),
    (6, {}),
    (6, {"six_player_teams": "three_of_two"}),
    (6, {"six_player_teams": "three_of_two", "defenders_can_win": "off", "auction": "uspc_single"}),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS, ids=[f"{p}p-{o}" for p, o in VARIANTS])
def test_random_and_computer_playouts(players: int, options: dict[str, Any]) -> None:
    for seed in range(6):
        playout(players, options, seed)
    for seed in (6, 7):
        playout(players, options, seed, policy="ai")


OPTION_VALUES = {spec.id: spec.choices for spec in game_info(GAME).options}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4, 5, 6]),
    options=st.fixed_dictionaries({}, optional={k: st.sampled_from(v) for k, v in OPTION_VALUES.items()}),
    seed=st.integers(0, 2**32),
)
def test_any_options_any_seed(players: int, options: dict[str, Any], seed: int) -> None:
    playout(players, options, seed)
