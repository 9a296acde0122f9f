"""Samples of a Five Hundred deal that agree with what the bidding said, not only with the rules.

`bot.engine.determinize` deals the unseen cards uniformly among the deals the rules allow: a seat that bid
8 hearts is as likely as any other to hold no heart. A human reads the auction, so the searching levels do
too, by sampling-importance-resampling: a few deals are drawn from the view, each is weighted by how
likely the auction is given its hands, and one is picked in proportion to its weight.

The model of a bidder is deliberately loose (other players bid in their own ways): the easy level's trick
count of the hand in each denomination, with a partner's help and the widow. A bid of k tricks is likely
when the count for its denomination reaches about k, a pass when no legal bid is counted as made, misère
with few high cards; every action keeps a floor of likelihood, so a surprising hand is rarer, never
impossible. The hand a seat bid with is rebuilt from what it holds in the sample and what it has played
(the declarer's widow and discard included, an approximation).
"""

from __future__ import annotations

import math
import random
from operator import sub
from typing import Any

from bot.engine.five_hundred import FiveHundredState, FiveHundredView, determinize, rules
from bot.engine.five_hundred.cards import ACE, JOKER, KING, NT, POWER_TABLES, QUEEN, SUIT_TABLES, parse_card
from bot.engine.five_hundred.notation import Play, parse
from bot.engine.five_hundred.rules import BIDS, MISERE

_FLOOR = 0.05  # the least likelihood of any action, whatever the hand
_SCALE = 0.5  # tricks: how sharply a bidder's count decides
PARTNER_HELP = 1.0  # tricks a bidder counts on from a partner (half that from a five-player call)

# The easy level's count of a hand in all five denominations at once, as one integer per card: field t
# (10 bits each, in tenths of a trick) is what the card counts with trump t, field 5 counts high cards
# (queen and above, the joker); a guarded plain king adds `_KING[c]` (half a trick where it is no trump).
_BITS = 10
_PACK = [0] * (JOKER + 1)
_KING = [0] * (JOKER + 1)
for _t in range(NT + 1):
    _suits, _power = SUIT_TABLES[_t], POWER_TABLES[_t]
    for _c in range(JOKER + 1):
        if _suits[_c] == _t:
            _PACK[_c] += (10 if _power[_c] >= 200 + ACE or _t == NT else 7) << (_BITS * _t)
        elif _c >> 2 == ACE:
            _PACK[_c] += 10 << (_BITS * _t)
        elif _c >> 2 == KING:
            _KING[_c] += 5 << (_BITS * _t)
for _c in range(JOKER + 1):
    if _c == JOKER or POWER_TABLES[NT][_c] >= QUEEN:
        _PACK[_c] += 1 << (_BITS * 5)
_SUIT = [c & 3 for c in range(JOKER)] + [4]  # printed suits, the joker apart
_MASK = (1 << _BITS) - 1


def strengths(hand: list[int]) -> tuple[list[float], int]:
    """The easy level's trick count in each denomination (S C D H NT), a king's guard counted in its
    printed suit, and the high cards (queen and above, and the joker) that make misère dangerous."""
    total = 0
    lengths = [0, 0, 0, 0, 0]
    kings = []
    for c in hand:
        total += _PACK[c]
        lengths[_SUIT[c]] += 1
        if _KING[c]:
            kings.append(c)
    for c in kings:
        if lengths[c & 3] >= 2:
            total += _KING[c]
    return [((total >> (_BITS * t)) & _MASK) / 10 for t in range(NT + 1)], total >> (_BITS * 5)


class _Counts:
    """`strengths` of a hand kept up to date card by card: the packed counts, the suits' lengths, the kings
    whose guard decides."""

    __slots__ = ("kings", "lengths", "total")

    def __init__(self, hand: list[int], played: list[int]) -> None:
        self.total = 0
        self.lengths = [0, 0, 0, 0, 0]
        self.kings: list[int] = []
        for cards in (hand, played):
            for c in cards:
                self.total += _PACK[c]
                self.lengths[_SUIT[c]] += 1
                if _KING[c]:
                    self.kings.append(c)

    def swapped(self, out: int, into: int) -> _Counts:
        """A copy with card `out` traded for `into`."""
        new = _Counts.__new__(_Counts)
        new.total = self.total - _PACK[out] + _PACK[into]
        lengths = self.lengths[:]
        lengths[_SUIT[out]] -= 1
        lengths[_SUIT[into]] += 1
        new.lengths = lengths
        kings = self.kings
        if _KING[out]:
            kings = kings[:]
            kings.remove(out)
        if _KING[into]:
            kings = [*kings, into]
        new.kings = kings
        return new

    def strengths(self) -> tuple[list[float], int]:
        """What `strengths` says of the hand."""
        total = self.total
        lengths = self.lengths
        for c in self.kings:
            if lengths[c & 3] >= 2:
                total += _KING[c]
        return [((total >> (_BITS * t)) & _MASK) / 10 for t in range(NT + 1)], total >> (_BITS * 5)


_PASS, _MISERE = -1, -2  # kinds of action in `_Auction.model` (a bid's kind is its denomination)


class _Auction:
    """What one view says: per other seat, its auction actions with the lowest legal level of each
    denomination at that moment, its partner's help, the cards it has played this hand and the suits it
    did not follow; and which places of a sample hold cards the viewer cannot see."""

    def __init__(self, view: FiveHundredView) -> None:
        n = view.players
        me = view.seat
        ladder = list(rules.ladder(view.options))
        self.acts: list[list[tuple[Any, list[int]]]] = [[] for _ in range(n)]
        high = -1
        for seat, text in view.auction:
            bid = None if text == "pass" else BIDS[text]
            lowest = [99] * 7
            for b in ladder[high + 1 :]:
                if lowest[b[1]] == 99:
                    lowest[b[1]] = b[0]
            if seat != me:
                self.acts[seat].append((bid, lowest))
            if bid is not None:
                high = ladder.index(bid)
        self.help = []
        for seat in range(n):
            team = next(side for side in view.sides if seat in side)
            self.help.append((PARTNER_HELP if len(team) > 1 else PARTNER_HELP / 2 if n == 5 else 0.0) + 0.5)
        contract = None if view.contract is None else BIDS[view.contract]
        suits = SUIT_TABLES[NT if contract is None else contract.trump]
        self.suits = suits
        self.played: list[list[int]] = [[] for _ in range(n)]
        self.voids: list[set[int]] = [set() for _ in range(n)]
        size = n - len(view.out)
        trick: list[int] = []
        led = -1
        for seat, text in view.history[len(view.auction) :]:
            if text.startswith(("discard", "call", "solo")):
                continue
            action = parse(text)
            if not isinstance(action, Play):
                continue
            c = action.card
            self.played[seat].append(c)
            if not trick:
                led = action.named if action.named >= 0 else suits[c]
            elif suits[c] != led:
                self.voids[seat].add(led)
            trick.append(c)
            if len(trick) == size:
                trick = []
        self.seats = [s for s in range(n) if self.acts[s]]
        # per seat and action, what `likelihood` compares the hand's counts with
        self.model: list[list[tuple[int, Any]]] = [[] for _ in range(n)]
        for seat in self.seats:
            help_ = self.help[seat]
            for bid, lowest in self.acts[seat]:
                if bid is None:
                    self.model[seat].append((_PASS, [lowest[d] - help_ for d in range(NT + 1)]))
                elif bid[1] >= MISERE:  # few high cards: fewer than 2.5 for misère, none open
                    self.model[seat].append((_MISERE, 2.5 if bid[1] == MISERE else 0.5))
                else:  # the count in its denomination about its level
                    self.model[seat].append((bid[1], bid[0] - help_ - 0.5))
        self.declarer = view.declarer
        self.called = {JOKER if c.startswith("JK") else parse_card(c) for c in view.called}
        exposed = view.exposed is not None
        self.hidden = [s for s in range(n) if s != me and not (exposed and s == view.declarer)]
        self.discards_hidden = view.declarer is not None and view.declarer != me

    def likelihood(self, seat: int, hand: list[int]) -> float:
        """How likely `seat` was to bid as it did with `hand` (what it holds and has played)."""
        return self._judge(seat, strengths(hand + self.played[seat] if self.played[seat] else hand))

    def _judge(self, seat: int, strength: tuple[list[float], int]) -> float:
        counts, high = strength
        w = 1.0
        for kind, need in self.model[seat]:
            if kind == _PASS:  # the best denomination's count short of its cheapest level
                x = -max(map(sub, counts, need)) - 0.25
            elif kind == _MISERE:
                x = need - high
            else:
                x = counts[kind] - need
            w *= _FLOOR + (1 - _FLOOR) / (1.0 + math.exp(-x / _SCALE))
        return w

    def walk(self, state: FiveHundredState, rng: random.Random, steps: int) -> None:
        """Metropolis steps over the sample: two unseen cards in different places trade places when the
        rules allow it (no card into a suit its new holder did not follow, called cards stay), kept with
        the odds of the auction's likelihood after and before (the walk's proposal is symmetric, so the
        deals are drawn in proportion to the rules' uniform sampling times the likelihood)."""
        places: list[list[int]] = [state.in_hand[s] for s in self.hidden]
        owners: list[int] = list(self.hidden)
        for extra in (state.widow, state.dummy, state.discards if self.discards_hidden else []):
            if extra:
                places.append(extra)
                owners.append(-1)
        informative = [i for i, s in enumerate(owners) if s >= 0 and self.acts[s]]
        if not informative or len(places) < 2:
            return
        declarer = self.declarer
        discards = state.discards
        lik = [1.0] * len(places)
        # per informative place, its `_Counts` (with the declarer's discards and the seat's played cards):
        # each swap updates them by two cards instead of counting the whole hand again
        tally: list[_Counts | None] = [None] * len(places)
        for i in informative:
            seat = owners[i]
            counted = _Counts(places[i] + discards if seat == declarer else places[i], self.played[seat])
            tally[i] = counted
            lik[i] = self._judge(seat, counted.strengths())
        # the discards (when they are a place of their own) count for a hidden declarer's hand too
        discard_place = len(places) - 1 if self.discards_hidden and discards else -1
        declarer_place = owners.index(declarer) if discard_place >= 0 and declarer in owners else -1
        if declarer_place >= 0 and tally[declarer_place] is None:
            declarer_place = -1
        voids, suits, called = self.voids, self.suits, self.called
        count = len(places)
        for _ in range(steps):
            a = informative[int(rng.random() * len(informative))]
            b = int(rng.random() * (count - 1))
            if b >= a:
                b += 1
            pa, pb = places[a], places[b]
            i = int(rng.random() * len(pa))
            j = int(rng.random() * len(pb))
            x, y = pa[i], pb[j]
            if x in called or y in called:
                continue
            sa, sb = owners[a], owners[b]
            if (sb >= 0 and suits[x] in voids[sb]) or (sa >= 0 and suits[y] in voids[sa]):
                continue
            pa[i], pb[j] = y, x
            # (a is informative; a swap between the declarer's hand and the discards leaves its count)
            ta = tally[a]
            assert ta is not None
            moved_a = ta if a == declarer_place and b == discard_place else ta.swapped(x, y)
            new_a = self._judge(sa, moved_a.strengths())
            new_b = lik[b]
            tb = tally[b]
            moved_b = None
            if tb is not None:
                moved_b = tb if b == declarer_place and a == discard_place else tb.swapped(y, x)
                new_b = self._judge(sb, moved_b.strengths())
            before = lik[a] * lik[b]
            after = new_a * new_b
            if after >= before or rng.random() * before < after:
                lik[a], lik[b] = new_a, new_b
                tally[a] = moved_a
                if moved_b is not None:
                    tally[b] = moved_b
                if b == discard_place and declarer_place >= 0 and declarer_place != a:
                    # the declarer's discards changed: its count follows (its likelihood is judged when
                    # its own place is next drawn, as before)
                    td = tally[declarer_place]
                    assert td is not None
                    tally[declarer_place] = td.swapped(y, x)
            else:
                pa[i], pb[j] = x, y
        for place in places:
            place.sort()


_last: tuple[Any, Any] = (None, None)
WALK = 24  # Metropolis steps per sample


def sample(view: FiveHundredView, rng: random.Random, steps: int = WALK) -> FiveHundredState:
    """A deal consistent with the view, walked towards what the auction says (the module docstring)."""
    global _last
    seen, auction = _last
    if seen is not view:
        auction = _Auction(view)
        _last = (view, auction)
    state = determinize(view, rng)
    if auction.seats and steps:
        auction.walk(state, rng, steps)
    return state
