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
from typing import Any

from bot.engine.five_hundred import FiveHundredState, FiveHundredView, determinize, rules
from bot.engine.five_hundred.cards import ACE, JOKER, KING, NT, POWER_TABLES, QUEEN, SUIT_TABLES, parse_card
from bot.engine.five_hundred.notation import Play, parse
from bot.engine.five_hundred.rules import BIDS, MISERE, OPEN_MISERE

_FLOOR = 0.05  # the least likelihood of any action, whatever the hand
_SCALE = 0.5  # tricks: how sharply a bidder's count decides

# per denomination (0-3 a trump suit, NT), per card: what it counts towards tricks, and whether it is a
# plain king (worth half a trick when guarded)
_VALUE: list[list[float]] = []
_PLAIN_KING: list[list[bool]] = []
for _t in range(NT + 1):
    _suits, _power = SUIT_TABLES[_t], POWER_TABLES[_t]
    values, kings = [], []
    for _c in range(JOKER + 1):
        if _suits[_c] == _t:
            values.append(1.0 if _power[_c] >= 200 + ACE or _t == NT else 0.7)
            kings.append(False)
        else:
            values.append(1.0 if _c >> 2 == ACE else 0.0)
            kings.append(_c >> 2 == KING)
    _VALUE.append(values)
    _PLAIN_KING.append(kings)


def strengths(hand: list[int]) -> tuple[list[float], int]:
    """The easy level's trick count in each denomination (S C D H NT), and the high cards (queen and
    above, and the joker) that make misère dangerous."""
    lengths = [0, 0, 0, 0, 0]
    for c in hand:
        lengths[c & 3 if c != JOKER else 4] += 1
    out = []
    for t in range(NT + 1):
        value, kings = _VALUE[t], _PLAIN_KING[t]
        total = 0.0
        for c in hand:
            v = value[c]
            if v:
                total += v
            elif kings[c] and lengths[c & 3] >= 2:
                total += 0.5
        out.append(total)
    power = POWER_TABLES[NT]
    high = sum(1 for c in hand if c == JOKER or power[c] >= QUEEN)
    return out, high


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


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
            self.help.append((1.5 if len(team) > 1 else 1.0 if n == 5 else 0.0) + 0.5)
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
        self.declarer = view.declarer
        self.called = {JOKER if c.startswith("JK") else parse_card(c) for c in view.called}
        exposed = view.exposed is not None
        self.hidden = [s for s in range(n) if s != me and not (exposed and s == view.declarer)]
        self.discards_hidden = view.declarer is not None and view.declarer != me

    def likelihood(self, seat: int, hand: list[int]) -> float:
        """How likely `seat` was to bid as it did with `hand` (what it holds and has played)."""
        hand = hand + self.played[seat]
        counts, high = strengths(hand)
        help_ = self.help[seat]
        w = 1.0
        for bid, lowest in self.acts[seat]:
            if bid is None:
                margin = max(counts[d] + help_ - lowest[d] for d in range(NT + 1))
                like = _sigmoid((-margin - 0.25) / _SCALE)
            elif bid[1] == MISERE:
                like = _sigmoid((2.5 - high) / _SCALE)
            elif bid[1] == OPEN_MISERE:
                like = _sigmoid((0.5 - high) / _SCALE)
            else:
                like = _sigmoid((counts[bid[1]] + help_ - bid[0] + 0.5) / _SCALE)
            w *= _FLOOR + (1 - _FLOOR) * like
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
        for i in informative:
            seat = owners[i]
            lik[i] = self.likelihood(seat, places[i] + discards if seat == declarer else places[i])
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
            new_a = self.likelihood(sa, pa + discards if sa == declarer else pa)
            new_b = lik[b]
            if sb >= 0 and self.acts[sb]:
                new_b = self.likelihood(sb, pb + discards if sb == declarer else pb)
            before = lik[a] * lik[b]
            after = new_a * new_b
            if after >= before or rng.random() * before < after:
                lik[a], lik[b] = new_a, new_b
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
