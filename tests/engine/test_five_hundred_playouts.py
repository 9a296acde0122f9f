"""Seeded playouts of every Five Hundred variant, checked against a small independent implementation.

Every game must end; at every action the cards are conserved, no view shows a card its viewer may not
see (the public view none at all), the auction gives the turn and ends as §4 says with exactly the bids
the options rank above the high bid, and the legal plays are exactly what following suit allows; every
trick goes to the right card, every hand scores what the Avondale table gives for its contract and tricks,
and the game ends (or goes on) as §9 says. Now and then an action the seat may not take is tried: it must
be refused and change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import fields, is_dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai import choose_action
from bot.engine import game_info
from bot.engine.five_hundred.cards import NAMES
from tests.checks import must
from tests.games import new_five_hundred

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


def ref_ladder(options: dict[str, Any]) -> list[str]:
    """Every bid, lowest first (§4; misère and open misère where §0.1's options put them)."""
    bids = [f"{t}{d}" for t in range(6, 11) for d in ("S", "C", "D", "H", "NT")]
    if options["misere_rank"] == "parlett":
        bids.insert(bids.index("7NT") + 1, "misere")
    elif options["misere_rank"] == "uspc":
        bids.insert(bids.index("8S") + 1, "misere")
    if options["open_misere"] == "on":
        if options["open_misere_rank"] == "pagat":
            bids.insert(bids.index("10D") + 1, "open-misere")
        else:
            bids.append("open-misere")
    return bids


class RefAuction:
    """§4: left of the dealer first, clockwise; Parlett: a passed player is out and the auction ends when
    all others have passed after a bid (or all pass); USPC: everyone acts exactly once."""

    def __init__(self, players: int, dealer: int, options: dict[str, Any]) -> None:
        self.n, self.dealer, self.options = players, dealer, options
        self.ladder = ref_ladder(options)
        self.log: list[tuple[int, str]] = []
        self.high: tuple[int, str] | None = None

    def to_act(self) -> int:
        if not self.log:
            return (self.dealer + 1) % self.n
        seat = (self.log[-1][0] + 1) % self.n
        passed = {s for s, a in self.log if a == "pass"}
        while self.options["auction"] == "parlett" and seat in passed:
            seat = (seat + 1) % self.n
        return seat

    def legal(self) -> list[str]:
        start = 0 if self.high is None else self.ladder.index(self.high[1]) + 1
        return [*self.ladder[start:], "pass"]

    def act(self, seat: int, action: str) -> bool:
        """Record an action; True when the auction is over."""
        self.log.append((seat, action))
        if action != "pass":
            self.high = (seat, action)
        if self.options["auction"] == "uspc_single":
            return len(self.log) == self.n
        passed = {s for s, a in self.log if a == "pass"}
        if self.high is None:
            return len(passed) == self.n
        return passed == set(range(self.n)) - {self.high[0]}


def ref_game_winner(
    before: list[int], hand: Any, trick_seats: list[int], sides: tuple[tuple[int, ...], ...], options: dict[str, Any]
) -> list[int] | None:
    """§9 after a hand: 500 wins, -500 loses; two sides both at 500: the declaring side (after an all-pass
    hand the higher score); three or more sides: the declaring side at 500, else the first side at 500 in
    trick order (then the higher score; equal: play on); pagat: only a made contract wins at 500."""
    side_of = {seat: k for k, side in enumerate(sides) for seat in side}
    n = len(sides)
    scores = [b + p for b, p in zip(before, hand.points, strict=True)]
    if not trick_seats:  # thrown in
        return None
    detail = hand.detail
    declaring = set()
    if detail["contract"] is not None:
        declaring = {side_of[s] for s in (detail["declarer"], *detail["partners"])}
    high = [k for k in range(n) if scores[k] >= 500]
    low = [k for k in range(n) if scores[k] <= -500]
    home = sorted(k for k in declaring if scores[k] >= 500)
    if options["defenders_can_win"] == "off":
        if hand.reason == "made" and home:
            return home
    elif high:
        if n == 2:
            if len(high) == 1:
                return high
            if declaring:
                return sorted(declaring)
            return None if scores[0] == scores[1] else [scores.index(max(scores))]
        if home:
            return home
        running = list(before)
        first = {k: 0 for k in range(n) if running[k] >= 500}
        misere = detail["contract"] in ("misere", "open-misere")
        for i, winner in enumerate(trick_seats, 1):
            if misere:
                if winner == detail["declarer"]:
                    for k in range(n):
                        running[k] += 0 if k in declaring else 10
            elif side_of[winner] not in declaring:
                running[side_of[winner]] += 10
            for k in range(n):
                if running[k] >= 500:
                    first.setdefault(k, i)
        soonest = min(first.get(k, 99) for k in high)
        tied = [k for k in high if first.get(k, 99) == soonest]
        best = [k for k in tied if scores[k] == max(scores[t] for t in tied)]
        return best if len(best) == 1 else None
    if low:
        return [k for k in range(n) if k not in low] or None
    return None


# -- what the public view may show ---------------------------------------------------------------------------------
SKIP = frozenset({"auction", "high_bid", "contract", "options", "last", "hands", "history"})


def words(value: Any, skip: frozenset[str] = SKIP) -> Iterator[str]:
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


def check_public_view(state: Any) -> Any:
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
    # the history's bids read like cards (`7D`): only what follows the auction is scanned
    leaks |= hidden & set(words(view.history[len(view.auction) :]))
    assert not leaks, f"the public view shows hidden cards {leaks}"
    if state.players == 5 and state.options["five_player_partner_reveal"] == "hidden":
        assert set(view.partners) <= state.revealed, "a hidden partner is not public before he plays the card"
    return view


def check_private_view(state: Any, seat: int, public: Any) -> None:
    """A seat sees its own hand (and, declaring, its widow and discards), the exposed open-misère hand,
    and nothing else; a hidden five-player partner is known only to himself until he plays the card."""
    exposed = set(public.exposed or ())
    view = state.view(seat)
    mine = set(view.hand) | set(view.discards or ())
    assert mine == {NAMES[c] for c in state.in_hand[seat]} | (
        {NAMES[c] for c in state.discards} if seat == state.declarer else set()
    )
    hidden = {NAMES[c] for s, h in enumerate(state.in_hand) if s != seat for c in h} | {
        NAMES[c] for c in state.widow + state.dummy
    }
    if seat != state.declarer:
        hidden |= {NAMES[c] for c in state.discards}
    hidden -= exposed | set(view.called)
    leaks = hidden & set(words(view, SKIP | {"legal"}))  # its legal bids are bids, its plays its cards
    if state.steps and type(state.steps[-1].action).__name__ == "Discard":
        leaks |= hidden & set(words(view.last))
    assert not leaks, f"seat {seat} sees hidden cards {leaks}"
    if state.players == 5 and state.options["five_player_partner_reveal"] == "hidden":
        assert set(view.partners) <= state.revealed | {seat}


def check_conservation(state: Any, played: list[str]) -> None:
    held = [NAMES[c] for h in state.in_hand for c in h] + [NAMES[c] for c in state.widow + state.discards + state.dummy]
    assert sorted(held + played) == sorted(NAMES[c] for c in state.deck)


# -- the driver ----------------------------------------------------------------------------------------------------
def playout(players: int, options: dict[str, Any], seed: int, policy: str = "random", limit: int = 6000) -> Any:
    state = new_five_hundred(GAME, players, options, seed=seed)
    options = state.options
    rng = random.Random(seed)
    played: list[str] = []
    trick: list[tuple[int, str]] = []
    trick_seats: list[int] = []
    auction = RefAuction(players, state.view(None).dealer, options)
    for _ in range(limit):
        if state.is_over:
            break
        seat = must(state.current_seat)
        public = check_public_view(state)
        check_private_view(state, state.turn % players, public)  # every seat in turn, its hand at every stage
        check_conservation(state, played)
        own = state.view(seat)
        assert own.legal and all(state.view(s).legal == () for s in range(players) if s != seat)
        if own.phase == "auction":
            assert seat == auction.to_act(), f"auction {auction.log}: seat {auction.to_act()} bids next"
            assert [a.text for a in own.legal] == auction.legal()
        if own.phase == "play":
            assert own.trick == tuple(trick), "the table shows the trick as it was played"
            assert {a.text for a in own.legal} == ref_legal(must(own.hand), own.trick, own.trump)
        if policy == "ai":
            text = choose_action(own, rng)
        elif own.phase == "auction":  # mostly low bids, so that games run over several hands
            text = "pass" if rng.random() < 0.6 else rng.choice(own.legal[:5]).text
        else:
            text = state.format_action(rng.choice(state.legal_actions()))
        hand_no = own.hand_no
        before = list(state.scores)
        events = state.apply(seat, text)
        if own.phase == "auction" and auction.act(seat, text):
            view = state.view(None)
            if auction.high is not None:
                assert (view.declarer, view.contract) == auction.high and view.phase == "discard"
                declarer = state.view(view.declarer)  # §5: the widow joins his hand, as many cards go out
                assert declarer.discard_count == state.layout.widow == len(must(declarer.taken))
                assert len(must(declarer.hand)) == 10 + state.layout.widow and view.widow_size == 0
            elif options["all_pass"] == "play_no_trump":
                assert view.phase == "play" and view.leader == (auction.dealer + 1) % players
                assert view.contract is None and view.trump is None and view.widow_size == state.layout.widow
            else:
                assert state.hands[-1].reason == "all-pass" and state.hands[-1].points == (0,) * len(state.sides)
        if own.phase == "play":
            trick.append((seat, text))
            played.append(text[:2] if text.startswith("JK") else text)
        for event in events:
            if event.kind == "trick":
                assert event.seat == ref_winner(trick, own.trump), f"trick {trick} under {own.trump}"
                trick_seats.append(event.seat)
                trick = []
            elif event.kind == "hand_end":
                result = event.data
                assert list(result.points) == ref_points(result.detail, state.sides, state.options)
                expected = ref_game_winner(before, result, trick_seats, state.sides, options)
                assert state.winner == (None if expected is None else tuple(expected)), (
                    f"{before} + {result.points} after tricks {trick_seats}"
                )
        if state.hand_no != hand_no:
            played, trick, trick_seats = [], [], []
            auction = RefAuction(players, state.view(None).dealer, options)
            assert auction.dealer == (own.dealer + 1) % players, "the deal passes clockwise"
    assert state.is_over, "the game ends"
    assert state.scores == [sum(h.points[k] for h in state.hands) for k in range(len(state.sides))]
    assert all(step.points == (0,) * len(state.sides) for step in state.steps)
    if options.get("defenders_can_win") == "off" and max(state.scores) >= 500 and min(state.scores) > -500:
        last = state.hands[-1]
        declaring = {state.side_of[s] for s in (last.detail["declarer"], *last.detail["partners"])}
        assert last.reason == "made" and set(must(state.winner)) <= declaring, "pagat: only a made contract wins"
    return state


USPC = {"auction": "uspc_single", "misere_rank": "uspc", "open_misere": "off", "all_pass": "redeal"}  # §10 old rules
PAGAT = {
    "open_misere_rank": "pagat",
    "open_misere_value": 500,
    "open_misere_expose": "after_first_trick",
    "defenders_can_win": "off",
}  # §11

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
    (4, USPC),
    (5, {**USPC, "five_player_two_partners_at_8": "on"}),
    (4, PAGAT),
    (5, {**PAGAT, "five_player_partner_reveal": "hidden"}),
    (6, {**PAGAT, "joker": "off"}),
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
