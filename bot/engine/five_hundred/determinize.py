"""A full Five Hundred state consistent with what one seat knows, for searches that may only read a view.

`determinize(view, rng)` rebuilds the public part of the game from the view and its `history` (the
auction, the contract, the call, the tricks so far) and deals the cards the viewer cannot see among the
places they may be: the other hands, the widow before the declarer takes it, the declarer's discards
(known to him only), the two-player dummy. It keeps only the rules' hard facts, not what the bidding
suggests:

- the viewer's own hand, and the declarer's discards when the viewer is the declarer;
- every card played, and an open-misère hand once exposed, are known;
- a seat that did not follow the suit led holds none of it, suits counted as the hand's trump makes them
  (the left bower and the joker are trumps in a suit contract; at no trump the joker is alone);
- a five-player called card is in a hand other than the declarer's (never among his discards), in the
  hand of a partner everyone knows of where the call is public, and its holders are the partners shown;
- hand, widow, dummy and discard sizes.

Sampling: most-constrained cards first, each put in a random free place it may go (weighted by the room
left), retried on a dead end; after a few failures an exact matching of cards to places, then the same
checks. The real deal satisfies every constraint, so a consistent deal always exists; the result is
random but not exactly uniform among consistent deals.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Step, Word
from ..sampling import greedy, matching
from .cards import JOKER, NT, POWER_TABLES, SUIT_TABLES, deck, parse_card, trick_winner
from .notation import PASS, SOLO, Discard, parse
from .rules import BIDS, HAND_SIZE, layout
from .state import CALL, DISCARD, PLAY, FiveHundredState
from .view import FiveHundredView

_TEMPLATES: dict[tuple[Any, ...], FiveHundredState] = {}
_GREEDY_TRIES = 12


def _template(view: FiveHundredView) -> FiveHundredState:
    """A state of the same game (players, options) whose per-game constants are reused: a fresh game is
    built once per options and only its hand fields are replaced."""
    key = (view.players, tuple(sorted(view.options.items())))
    state = _TEMPLATES.get(key)
    if state is None:
        state = FiveHundredState(view.game_id, view.players, dict(view.options), 0, ())
        _TEMPLATES[key] = state
    return state


def _card(text: str) -> int:
    return JOKER if text.startswith("JK") else parse_card(text)


class _Places:
    """The places hidden cards go to, with their sizes, and which places each card may go to."""

    def __init__(self) -> None:
        self.names: list[Any] = []
        self.room: list[int] = []

    def add(self, name: Any, size: int) -> int:
        self.names.append(name)
        self.room.append(size)
        return len(self.names) - 1


def determinize(view: FiveHundredView, rng: random.Random) -> FiveHundredState:
    """A state of the game at this moment consistent with everything `view.seat` knows (the public view:
    everything public), the unseen cards dealt at random as the module docstring says."""
    if view.over:
        raise ValueError("the game is over: there is nothing to determinize")
    me = view.seat
    n = view.players
    base = _template(view)
    state = object.__new__(FiveHundredState)
    d = state.__dict__
    d.update(base.__dict__)
    lay = layout(n, view.options)
    contract = None if view.contract is None else BIDS[view.contract]
    trump = NT if contract is None else contract.trump
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]

    # -- the public history of the hand -----------------------------------------------------------------
    history = view.history
    steps: list[Step] = []
    auction: list[tuple[int, Any]] = []
    bidding = [True] * n
    high = high_seat = None
    high_rank = -1
    voids: list[set[int]] = [set() for _ in range(n)]
    played: list[int] = []
    played_by: dict[int, int] = {}
    trick: list[int] = []
    trick_seats: list[int] = []
    trick_winners: list[int] = []
    tricks_won = [0] * n
    led = -1
    last_trick: tuple[Any, ...] = ()
    discard_at = -1
    out = view.out
    trick_size = n - len(out)
    zero = base.zero
    for k, (seat, text) in enumerate(history):
        if k < len(view.auction):
            action: Any = parse(text, bidding=True)
            auction.append((seat, action))
            if action == PASS:
                bidding[seat] = False
            else:
                high, high_seat, high_rank = action, seat, base.bid_rank[action]
        elif text.startswith("discard"):
            action = None  # filled once the discards are known or dealt
            discard_at = k
        elif text.startswith("call") or text == "solo":
            action = SOLO if text == "solo" else parse(text)
        else:
            action = parse(text)
            c = action.card
            played.append(c)
            played_by[c] = seat
            if not trick:
                led = action.named if action.named >= 0 else suits[c]
            elif suits[c] != led:
                voids[seat].add(led)
            trick.append(c)
            trick_seats.append(seat)
            if len(trick) == trick_size:
                winner = trick_seats[trick_winner(trick, led, trump)]
                tricks_won[winner] += 1
                trick_winners.append(winner)
                last_trick = (trick, trick_seats, led)
                trick, trick_seats = [], []
        steps.append(Step(seat, action, zero))

    # -- where the unseen cards may be ------------------------------------------------------------------
    known: set[int] = set(played)
    hands: list[list[int] | None] = [None] * n
    if me is not None:
        hands[me] = sorted(_card(c) for c in view.hand or ())
        known.update(hands[me])
    declarer = view.declarer
    exposed = view.exposed is not None
    if exposed and declarer is not None and declarer != me:
        hands[declarer] = sorted(_card(c) for c in view.exposed or ())
        known.update(hands[declarer])
    discards: list[int] | None = None
    past_discard = contract is not None and view.phase in (CALL, PLAY)
    if past_discard and declarer == me:
        discards = sorted(_card(c) for c in view.discards or ())
        known.update(discards)
    pool = [c for c in deck(n, view.options["joker"] == "on", view.options["two_player_deck"]) if c not in known]

    places = _Places()
    hand_place = [-1] * n
    for seat in range(n):
        if hands[seat] is None:
            hand_place[seat] = places.add(("hand", seat), view.hand_sizes[seat])
    widow_place = places.add("widow", view.widow_size) if view.widow_size else -1
    dummy_place = places.add("dummy", HAND_SIZE) if lay.dummy else -1
    discard_place = places.add("discards", lay.widow) if past_discard and discards is None else -1
    if sum(places.room) != len(pool):
        raise ValueError("the view's card counts do not add up")

    everywhere = list(range(len(places.names)))
    allowed: dict[int, list[int]] = {}
    for c in pool:
        allowed[c] = [
            p for p in everywhere if not (places.names[p][0] == "hand" and suits[c] in voids[places.names[p][1]])
        ]
    called = [_card(c) for c in view.called]
    partners = set(view.partners)
    public_call = view.options["five_player_partner_reveal"] == "immediate"
    for c in called:
        if c in allowed:  # still unseen: in another player's hand, a known partner's where the call is public
            allowed[c] = [
                p
                for p in allowed[c]
                if places.names[p][0] == "hand"
                and places.names[p][1] != declarer
                and (not public_call or places.names[p][1] in partners)
            ]

    def holders(assigned: dict[int, int]) -> set[int]:
        out_: set[int] = set()
        for c in called:
            if c in played_by:
                out_.add(played_by[c])
            elif c in assigned:
                out_.add(places.names[assigned[c]][1])
            else:
                out_.add(me)  # type: ignore[arg-type]
        return out_

    def fits(assigned: dict[int, int]) -> bool:
        if not called:
            return True
        held = holders(assigned)
        # a public call names every partner; a hidden one only those revealed (and the viewer himself)
        return held == partners if public_call else partners <= held

    free = all(len(a) == len(everywhere) for a in allowed.values())
    assigned: dict[int, int] | None = None
    for attempt in range(200):
        if free and not called:
            shuffled = pool[:]
            rng.shuffle(shuffled)
            where: list[int] | None = [p for p, size in enumerate(places.room) for _ in range(size)]
            pool_order = shuffled
        else:
            pool_order = pool
            if attempt < _GREEDY_TRIES or attempt % 2:
                where = greedy(pool, allowed, places.room, rng)
            else:
                where = matching(pool, allowed, places.room, rng)
        if where is not None:
            candidate = dict(zip(pool_order, where, strict=True))
            if fits(candidate):
                assigned = candidate
                break
    if assigned is None:
        raise RuntimeError("no deal consistent with the view was found")

    widow: list[int] = []
    dummy: list[int] = []
    dealt_discards: list[int] = []
    for c, p in assigned.items():
        if p == widow_place:
            widow.append(c)
        elif p == dummy_place:
            dummy.append(c)
        elif p == discard_place:
            dealt_discards.append(c)
        else:
            seat = places.names[p][1]
            if hands[seat] is None:
                hands[seat] = []
            hands[seat].append(c)  # type: ignore[union-attr]
    in_hand = [sorted(h or ()) for h in hands]
    rng.shuffle(widow)
    if discards is None:
        discards = sorted(dealt_discards)
    if discard_at >= 0:
        steps[discard_at] = Step(history[discard_at][0], Discard(discards), zero)

    # -- the state ----------------------------------------------------------------------------------------
    earlier = view.turn - len(history)
    pad = []
    if earlier:
        pad = [Step(-1, None, zero)] * (earlier - 1)
        if not history and view.last is not None:
            pad.append(Step(view.last[0], Word(view.last[1]), zero))
        else:
            pad.append(Step(-1, None, zero))
    d["seed"] = 0
    d["rng"] = random.Random(rng.getrandbits(64))
    d["_rng_shared"] = False
    d["_stacked"] = []
    d["steps"] = pad + steps
    d["hands"] = list(view.hands)
    d["scores"] = list(view.scores)
    d["winner"] = None
    d["game_points"] = None
    d["hand_no"] = view.hand_no
    d["hand_start"] = earlier
    d["_legal"] = []
    d["_legal_turn"] = -1
    d["dealer"] = view.dealer
    d["in_hand"] = in_hand
    d["widow"] = widow
    d["dummy"] = sorted(dummy)
    d["discards"] = discards if past_discard else []
    taken: list[int] = []
    if view.phase == DISCARD:
        taken = (
            [_card(c) for c in view.taken]
            if view.taken is not None
            else sorted(rng.sample(in_hand[declarer], lay.widow))
        )
    d["taken"] = taken
    d["discard_count"] = lay.widow if contract is not None else 0
    d["phase"] = view.phase
    d["auction"] = auction
    d["bidding"] = bidding
    d["high"], d["high_seat"], d["high_rank"] = high, high_seat, high_rank
    d["current"] = view.current_seat
    d["contract"] = contract
    d["declarer"] = declarer
    d["called"] = tuple(called)
    d["solo"] = view.solo
    if contract is None:
        declaring: tuple[int, ...] = ()
    elif n == 5:
        declaring = (declarer, *sorted(holders(assigned))) if called else (declarer,)
    else:
        declaring = base.sides[base.side_of[declarer]]
    d["declaring"] = declaring
    if public_call:
        d["revealed"] = set(declaring[1:]) if called else set()
    else:
        d["revealed"] = {played_by[c] for c in called if c in played_by}
    d["out"] = out
    d["exposed"] = exposed
    d["trump"], d["suits"], d["power"] = trump, suits, power
    d["trick"], d["trick_seats"] = trick, trick_seats
    d["led"] = led if trick else -1
    d["leader"] = view.leader if view.phase == PLAY else None
    d["tricks_won"] = tricks_won
    d["trick_winners"] = trick_winners
    d["_last_trick"] = last_trick
    if view.phase == PLAY:
        active = [s for s in range(n) if s not in out]
        d["next_seat"] = [active[(active.index(s) + 1) % len(active)] if s in active else -1 for s in range(n)]
    else:
        d["next_seat"] = []
    d["trick_size"] = trick_size
    return state
