"""What a seat may know of a Five Hundred game (`view(seat)`), and what everyone may know (`view(None)`).

Views are plain frozen data (ints, strings, tuples; cards in record notation such as `10H` and `JK`) so
that the table and the renderer never touch the state, and a test can scan a public view for hidden cards:
other hands, the widow, the discards, the dummy and a hidden partner never appear in `view(None)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..base import Step
from ..results import HandResult
from ..view import Card, Legal, View
from .cards import NAMES, NT, SUITS, sort_hand
from .notation import Action, Call, Discard, Play
from .rules import Bid, bid_value


class FiveHundredState(Protocol):
    """What a view is built from: the members of `state.FiveHundredState` it reads, named here so that
    this module does not import the state that imports it (the state hands itself to `build_view`, and
    mypy checks that it has them)."""

    game_id: str
    players: int
    options: dict[str, Any]
    steps: list[Step]
    hands: list[HandResult]
    scores: list[int]
    winner: tuple[int, ...] | None
    hand_no: int
    hand_start: int
    dealer: int
    in_hand: list[list[int]]
    widow: list[int]
    discards: list[int]
    taken: list[int]
    discard_count: int
    phase: str
    auction: list[tuple[int, Action]]
    high: Bid | None
    high_seat: int | None
    current: int
    contract: Bid | None
    declarer: int | None
    called: tuple[int, ...]
    solo: bool
    out: tuple[int, ...]
    exposed: bool
    trump: int
    leader: int | None
    tricks_won: list[int]
    trick_winners: list[int]

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]: ...

    @property
    def current_seat(self) -> int | None: ...

    @property
    def turn(self) -> int: ...

    @property
    def last_trick(self) -> tuple[tuple[int, str], ...]: ...

    def legal_actions(self, seat: int | None = None) -> list[Any]: ...

    def known_partners(self, seat: int | None) -> tuple[int, ...]: ...

    def shown_trick(self) -> tuple[tuple[int, str], ...]: ...


@dataclass(frozen=True, slots=True)
class LegalAction(Legal):
    kind: str  # bid | pass | discard | call | solo | play
    cards: tuple[str, ...] = ()  # the cards it plays, discards or calls


@dataclass(frozen=True, slots=True, kw_only=True)
class FiveHundredView(View):
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    phase: str  # auction | discard | call | play | over
    auction: tuple[tuple[int, str], ...]  # this hand's bids and passes in order
    high_bid: str | None  # the highest bid so far (the contract once the auction is over)
    high_bidder: int | None
    contract: str | None  # None during the auction and in an all-pass hand
    contract_value: int | None  # its Avondale value
    declarer: int | None
    trump: str | None  # S C D H, or None at no trump and in misère (the joker is then the only trump)
    called: tuple[str, ...]  # the five-player partner card(s)
    solo: bool
    partners: tuple[int, ...]  # the declarer's partners, as far as this viewer knows them
    out: tuple[int, ...]  # seats sitting out (the declarer's partners in misère)
    leader: int | None  # who led the current trick
    trick: tuple[tuple[int, str], ...]  # (seat, card) in playing order; a joker led at NT as JK:H
    last_trick: tuple[tuple[int, str], ...]
    last_trick_winner: int | None
    tricks: tuple[int, ...]  # tricks won per seat this hand
    hand_sizes: tuple[int, ...]
    widow_size: int  # cards still in the widow
    discard_count: int  # how many cards the declarer discards now (0 outside the discard)
    hand: tuple[Card, ...] | None  # the viewer's own cards; None in the public view
    discards: tuple[str, ...] | None  # the declarer's own discards, in his view only
    taken: tuple[str, ...] | None  # the widow cards just taken, in the declarer's view while he discards
    exposed: tuple[str, ...] | None  # the open-misère declarer's cards once exposed
    legal: tuple[LegalAction, ...]  # the viewer's legal actions when it is the viewer's turn
    last: tuple[int, str] | None  # (seat, action) of the last action; others' discards as `discard`
    # `history` shows others' discards as `discard` too


def _legal_action(action: Any) -> LegalAction:
    if isinstance(action, Play):
        return LegalAction(str(action), "play", (NAMES[action.card],))
    if isinstance(action, Bid):
        return LegalAction(str(action), "bid")
    if isinstance(action, Discard | Call):
        kind = "discard" if isinstance(action, Discard) else "call"
        return LegalAction(str(action), kind, tuple(NAMES[c] for c in action))
    return LegalAction(str(action), str(action))  # pass, solo


def build_view(state: FiveHundredState, seat: int | None) -> FiveHundredView:
    if seat is not None and (type(seat) is not int or not 0 <= seat < state.players):
        raise ValueError(f"no seat {seat} in a {state.players}-player game")
    over = state.winner is not None
    trump = state.trump
    legal: tuple[LegalAction, ...] = ()
    hand = discards = exposed = None
    if seat is not None:
        hand = tuple(NAMES[c] for c in sort_hand(state.in_hand[seat], trump))
        if seat == state.declarer and state.discards:
            discards = tuple(NAMES[c] for c in state.discards)
        if not over and seat == state.current:
            legal = tuple(_legal_action(a) for a in state.legal_actions(seat))
    if state.exposed and state.declarer is not None:
        exposed = tuple(NAMES[c] for c in sort_hand(state.in_hand[state.declarer], trump))
    contract = state.contract
    last = None
    if state.steps:
        step = state.steps[-1]
        text = str(step.action)
        if isinstance(step.action, Discard) and seat != step.seat:
            text = "discard"  # the discarded cards are face down
        last = (step.seat, text)
    return FiveHundredView(
        game_id=state.game_id,
        players=state.players,
        seat=seat,
        sides=state.sides,
        options=dict(state.options),
        scores=tuple(state.scores),
        hand_no=state.hand_no,
        dealer=state.dealer,
        current_seat=state.current_seat,
        turn=state.turn,
        over=over,
        winner=state.winner,
        phase="over" if over else state.phase,
        auction=tuple((s, str(a)) for s, a in state.auction),
        high_bid=None if state.high is None else str(state.high),
        high_bidder=state.high_seat,
        contract=None if contract is None else str(contract),
        contract_value=None if contract is None else bid_value(contract, state.options),
        declarer=state.declarer,
        trump=SUITS[trump] if contract is not None and trump < NT else None,
        called=tuple(NAMES[c] for c in state.called),
        solo=state.solo,
        partners=state.known_partners(seat),
        out=state.out,
        leader=state.leader if state.phase == "play" else None,
        trick=state.shown_trick(),
        last_trick=state.last_trick,
        last_trick_winner=state.trick_winners[-1] if state.trick_winners else None,
        tricks=tuple(state.tricks_won),
        hand_sizes=tuple(len(h) for h in state.in_hand),
        widow_size=len(state.widow),
        discard_count=state.discard_count if state.phase == "discard" and not over else 0,
        hand=hand,
        discards=discards,
        taken=(
            tuple(NAMES[c] for c in state.taken)
            if seat is not None and seat == state.declarer and state.phase == "discard" and not over
            else None
        ),
        exposed=exposed,
        legal=legal,
        last=last,
        hands=tuple(state.hands),
        history=tuple(
            (step.seat, "discard" if type(step.action) is Discard and seat != step.seat else str(step.action))
            for step in state.steps[state.hand_start :]
        ),
    )
