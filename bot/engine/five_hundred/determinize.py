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
random but not exactly uniform among consistent deals. What the view alone decides is worked out once for
the last view given (the same object: a search samples one view many times).
"""

from __future__ import annotations

import random
from types import SimpleNamespace
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
    """The places hidden cards go to (a hand, the widow, the dummy, the discards) and their sizes."""

    def __init__(self) -> None:
        self.names: list[Any] = []
        self.room: list[int] = []

    def add(self, name: Any, size: int) -> int:
        self.names.append(name)
        self.room.append(size)
        return len(self.names) - 1


def _prepare(view: FiveHundredView) -> SimpleNamespace:
    """What every sample of one view shares: the hand's public history read once, the unseen cards and
    where each may go."""
    me = view.seat
    n = view.players
    base = _template(view)
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
        mine = sorted(_card(c) for c in view.hand or ())
        hands[me] = mine
        known.update(mine)
    declarer = view.declarer
    exposed = view.exposed is not None
    if exposed and declarer is not None and declarer != me:
        shown = sorted(_card(c) for c in view.exposed or ())
        hands[declarer] = shown
        known.update(shown)
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
    return SimpleNamespace(**locals())


# the view prepared last and what it gave (one tuple, replaced whole): a search samples one view many times
_last: tuple[Any, Any] = (None, None)


def determinize(view: FiveHundredView, rng: random.Random) -> FiveHundredState:
    """A state of the game at this moment consistent with everything `view.seat` knows (the public view:
    everything public), the unseen cards dealt at random as the module docstring says."""
    if view.over:
        raise ValueError("the game is over: there is nothing to determinize")
    global _last
    seen, pub = _last
    if seen is not view:
        pub = _prepare(view)
        _last = (view, pub)
    hands = [None if h is None else h[:] for h in pub.hands]
    steps = pub.steps[:]
    discards = pub.discards
    state = object.__new__(FiveHundredState)
    d = state.__dict__
    d.update(pub.base.__dict__)

    def holders(assigned: dict[int, int]) -> set[int]:
        out_: set[int] = set()
        for c in pub.called:
            if c in pub.played_by:
                out_.add(pub.played_by[c])
            elif c in assigned:
                out_.add(pub.places.names[assigned[c]][1])
            else:
                out_.add(pub.me)
        return out_

    def fits(assigned: dict[int, int]) -> bool:
        if not pub.called:
            return True
        held = holders(assigned)
        # a public call names every partner; a hidden one only those revealed (and the viewer himself)
        return held == pub.partners if pub.public_call else pub.partners <= held

    free = all(len(a) == len(pub.everywhere) for a in pub.allowed.values())
    assigned: dict[int, int] | None = None
    for attempt in range(200):
        if free and not pub.called:
            shuffled = pub.pool[:]
            rng.shuffle(shuffled)
            where: list[int] | None = [p for p, size in enumerate(pub.places.room) for _ in range(size)]
            pool_order = shuffled
        else:
            pool_order = pub.pool
            if attempt < _GREEDY_TRIES or attempt % 2:
                where = greedy(pub.pool, pub.allowed, pub.places.room, rng)
            else:
                where = matching(pub.pool, pub.allowed, pub.places.room, rng)
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
        if p == pub.widow_place:
            widow.append(c)
        elif p == pub.dummy_place:
            dummy.append(c)
        elif p == pub.discard_place:
            dealt_discards.append(c)
        else:
            seat = pub.places.names[p][1]
            if hands[seat] is None:
                hands[seat] = []
            hands[seat].append(c)
    in_hand = [sorted(h or ()) for h in hands]
    rng.shuffle(widow)
    discards = sorted(dealt_discards) if discards is None else discards[:]
    if pub.discard_at >= 0:
        steps[pub.discard_at] = Step(pub.history[pub.discard_at][0], Discard(discards), pub.zero)

    # -- the state ----------------------------------------------------------------------------------------
    earlier = view.turn - len(pub.history)
    pad = []
    if earlier:
        pad = [Step(-1, None, pub.zero)] * (earlier - 1)
        if not pub.history and view.last is not None:
            pad.append(Step(view.last[0], Word(view.last[1]), pub.zero))
        else:
            pad.append(Step(-1, None, pub.zero))
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
    d["discards"] = discards if pub.past_discard else []
    taken: list[int] = []
    if view.phase == DISCARD:
        taken = (
            [_card(c) for c in view.taken]
            if view.taken is not None
            else sorted(rng.sample(in_hand[pub.declarer], pub.lay.widow))
        )
    d["taken"] = taken
    d["discard_count"] = pub.lay.widow if pub.contract is not None else 0
    d["phase"] = view.phase
    d["auction"] = pub.auction[:]
    d["bidding"] = pub.bidding[:]
    d["high"], d["high_seat"], d["high_rank"] = pub.high, pub.high_seat, pub.high_rank
    d["current"] = view.current_seat
    d["contract"] = pub.contract
    d["declarer"] = pub.declarer
    d["called"] = tuple(pub.called)
    d["solo"] = view.solo
    if pub.contract is None:
        declaring: tuple[int, ...] = ()
    elif pub.n == 5:
        declaring = (pub.declarer, *sorted(holders(assigned))) if pub.called else (pub.declarer,)
    else:
        declaring = pub.base.sides[pub.base.side_of[pub.declarer]]
    d["declaring"] = declaring
    if pub.public_call:
        d["revealed"] = set(declaring[1:]) if pub.called else set()
    else:
        d["revealed"] = {pub.played_by[c] for c in pub.called if c in pub.played_by}
    d["out"] = pub.out
    d["exposed"] = pub.exposed
    d["trump"], d["suits"], d["power"] = pub.trump, pub.suits, pub.power
    d["trick"], d["trick_seats"] = pub.trick[:], pub.trick_seats[:]
    d["led"] = pub.led if pub.trick else -1
    d["leader"] = view.leader if view.phase == PLAY else None
    d["tricks_won"] = pub.tricks_won[:]
    d["trick_winners"] = pub.trick_winners[:]
    d["_last_trick"] = pub.last_trick
    if view.phase == PLAY:
        active = [s for s in range(pub.n) if s not in pub.out]
        d["next_seat"] = [active[(active.index(s) + 1) % len(active)] if s in active else -1 for s in range(pub.n)]
    else:
        d["next_seat"] = []
    d["trick_size"] = pub.trick_size
    return state
