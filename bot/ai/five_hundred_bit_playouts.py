"""The Five Hundred playout of the play on bit sets: the same cards as the policy of
bot.ai.five_hundred_playouts (`choose_play`, `rollout`: cross-checked in tests/ai), several times faster.

Why bit sets: the list policy spends most of a playout scanning hands card by card (the opponents' best
card of a suit, the lowest card that still wins, whether a later seat can beat it). Here every card of the
deck has a *position* under the hand's trump, ordered as the list policy compares cards: trumps above all
plain cards, each group by power, cards of equal power (the same rank in two plain suits) by card id, as
they lie in a sorted hand. A hand is an int with a bit per position and a suit is a mask, so "the lowest
card" is the lowest bit, "the highest of a suit" its top bit, "beats the trick's winner" a comparison of
positions, and "the first of the highest" (Python's `max` on a sorted hand) the lowest bit of the top
bit's group of equal power. Nothing here is checked: the candidate comes from `legal_actions` and the
policy picks among legal cards by construction; the table path (`apply`) is untouched.

`play_out` is the search's hook (`Family.play_out`): the candidate card and the rest of the play on a
`playout_copy` of the sample, scored by the engine's `end_playout_hand`.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine.five_hundred import FiveHundredState, Play
from bot.engine.five_hundred.cards import JOKER, NT, POWER_TABLES, SUIT_TABLES
from bot.engine.five_hundred.rules import MISERE, TRICKS

_SUITS = range(5)  # the four suits and NT, the joker's own at no trump


class _Tables:
    """The positions of a deck's cards under one trump, and the masks the policy works with."""

    __slots__ = ("group", "joker", "pos", "suit_at", "suits")

    def __init__(self, deck: list[int], trump: int) -> None:
        suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
        order = sorted(deck, key=lambda c: (power[c] + (1000 if suits[c] == trump else 0), c))
        self.pos = {c: i for i, c in enumerate(order)}
        self.suit_at = [suits[c] for c in order]
        self.suits = [sum(1 << i for i, c in enumerate(order) if suits[c] == k) for k in _SUITS]
        # per position, the mask of the positions of equal power (a rank's cards of the plain suits)
        self.group = [sum(1 << j for j, d in enumerate(order) if power[d] == power[c]) for c in order]
        self.joker = 1 << self.pos[JOKER] if JOKER in self.pos else 0


_TABLES: dict[tuple[int, tuple[int, ...]], _Tables] = {}


def _tables(deck: list[int], trump: int) -> _Tables:
    key = (trump, tuple(deck))
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = _Tables(deck, trump)
    return found


def _first_highest(m: int, group: list[int]) -> int:
    """The position of the card `max(..., key=power)` picks from a sorted hand: the highest power, and of
    equal powers the first (the lowest card id)."""
    g = m & group[m.bit_length() - 1]
    return (g & -g).bit_length() - 1


class _Start:
    """What every candidate on one sample shares: the hands as bit sets and the seats' relations."""

    __slots__ = (
        "allies",
        "declarer",
        "declaring",
        "hands",
        "led",
        "misere",
        "next_seat",
        "opponents",
        "size",
        "t",
        "top",
        "top_seat",
        "trick",
        "trump",
        "world",
    )

    def __init__(self, world: FiveHundredState) -> None:
        self.world = world
        t = self.t = _tables(world.deck, world.trump)
        pos = t.pos
        self.trump = world.trump
        self.hands = [sum(1 << pos[c] for c in hand) for hand in world.in_hand]
        contract = world.contract
        self.misere = contract is not None and contract[1] >= MISERE
        n = world.players
        out = world.out
        if contract is None:
            side_of = world.side_of
            allies = [[side_of[s] == side_of[me] for s in range(n)] for me in range(n)]
        else:
            declaring = world.declaring
            allies = [[(s in declaring) == (me in declaring) for s in range(n)] for me in range(n)]
        self.allies = allies
        self.declaring = [contract is not None and s in world.declaring for s in range(n)]
        self.declarer = world.declarer
        if self.misere:  # the misère declarer plays against every seat in the play
            self.opponents = [[s for s in range(n) if s != me and s not in out] for me in range(n)]
        else:
            self.opponents = [[s for s in range(n) if not allies[me][s] and s not in out] for me in range(n)]
        self.next_seat = world.next_seat
        self.size = world.trick_size
        self.trick = [(pos[c], s) for c, s in zip(world.trick, world.trick_seats, strict=True)]
        self.led = world.led
        # the trick's winner so far: the highest position of the suit led or of trumps
        both = t.suits[world.led] | t.suits[world.trump] if self.trick else 0
        self.top, self.top_seat = -1, -1
        for p, s in self.trick:
            if (1 << p) & both and p > self.top:
                self.top, self.top_seat = p, s


_last: list[Any] = [None, -1, None]  # (world, its steps, its _Start): the candidates of a sample share it


def _start(world: FiveHundredState) -> _Start:
    if _last[0] is world and _last[1] == len(world.steps):
        start: _Start = _last[2]
        return start
    start = _Start(world)
    _last[:] = [world, len(world.steps), start]
    return start


def _joker_suit(h: int, suits: list[int]) -> int:
    """`_joker_suit` of the list policy (at no trump, where a card's suit is its printed one)."""
    counts = [(h & suits[k]).bit_count() for k in range(4)]
    return counts.index(max(counts))


def _lead(st: _Start, seat: int, hands: list[int]) -> tuple[int, int]:
    """`_lead` of the list policy (outside misère): (position, named suit or -1)."""
    h = hands[seat]
    t = st.t
    suits = t.suits
    trump = st.trump
    tm = suits[trump]
    opponents = st.opponents[seat]
    u = 0
    for s in opponents:
        u |= hands[s]
    ht = h & tm
    # trumps: the declaring side draws them while it holds the top one
    if trump < NT and ht and st.declaring[seat]:
        ut = u & tm
        if ut and ht.bit_length() > ut.bit_length():
            return ht.bit_length() - 1, -1
    # cash a plain card nobody can beat or ruff
    best_suit, best_len = -1, 0
    for k in range(4):
        if k == trump:
            continue
        sk = suits[k]
        hk = h & sk
        if not hk:
            continue
        if hk.bit_length() > (u & sk).bit_length():
            for s in opponents:
                o = hands[s]
                if o & tm and not o & sk:
                    break  # an opponent ruffs it
            else:
                return hk.bit_length() - 1, -1
    # a low card of the longest plain suit (a trump when nothing else is left)
    for k in range(4):
        if k != trump:
            count = (h & suits[k]).bit_count()
            if count > best_len:
                best_suit, best_len = k, count
    if best_suit < 0:
        if trump == NT:  # only the joker is left
            return t.joker.bit_length() - 1, _joker_suit(h, suits)
        return (ht & -ht).bit_length() - 1, -1
    m = h & suits[best_suit]
    return (m & -m).bit_length() - 1, -1


def _misere_lead(st: _Start, seat: int, hands: list[int]) -> int:
    """`_misere_lead` of the list policy."""
    t = st.t
    suits = t.suits
    h = hands[seat]
    plain = h & ~t.joker or h
    if seat == st.declarer:
        # a card every opponent holding its suit must go over; the highest such sheds the most danger
        u = 0
        for s in st.opponents[seat]:
            u |= hands[s]
        safe = 0
        for k in _SUITS:
            uk = u & suits[k]
            if uk:
                safe |= plain & suits[k] & ((uk & -uk) - 1)
        if safe:
            return _first_highest(safe, t.group)
        return (plain & -plain).bit_length() - 1
    # a defender leads low in a suit where the declarer holds only higher cards
    d = hands[st.declarer]  # type: ignore[index]
    under = 0
    for k in _SUITS:
        dk = d & suits[k]
        if dk:
            under |= plain & suits[k] & ((dk & -dk) - 1)
    m = under or plain
    return (m & -m).bit_length() - 1


def _misere_follow(st: _Start, seat: int, legal: int, both: int, top: int, top_seat: int, declarer_in: bool) -> int:
    """`_misere_follow` of the list policy; `both`: the mask of the suit led and trumps."""
    # the cards that lose to the trick's winner: off the suit led and trumps, or below it (never the joker)
    losing = legal & (~both | ((1 << top) - 1))
    declarer = st.declarer
    if seat == declarer:
        if losing:
            return _first_highest(losing, st.t.group)
        return (legal & -legal).bit_length() - 1  # must win: as low as possible
    if declarer_in:
        if top_seat == declarer and losing:
            return _first_highest(losing, st.t.group)  # keep the low cards to duck under him later
        return _first_highest(legal, st.t.group)  # he is not winning it: shed a high card
    return (legal & -legal).bit_length() - 1


def play(st: _Start, seat: int, first: int, named: int) -> tuple[list[int], list[int]]:
    """The card at position `first` (`named`: the suit a joker led at no trump stands for) played by
    `seat`, whose turn it is, then the policy's cards to the end of the play: (tricks won per seat, the
    winners of all the hand's tricks in order)."""
    world = st.world
    hands = st.hands[:]
    tricks_won = world.tricks_won[:]
    winners = world.trick_winners[:]
    t = st.t
    suits = t.suits
    suit_at = t.suit_at
    trump = st.trump
    tm = suits[trump]
    next_seat = st.next_seat
    allies_of = st.allies
    size = st.size
    misere = st.misere
    declarer = st.declarer
    played = len(st.trick)
    declarer_in = any(s == declarer for _, s in st.trick)
    led = st.led
    both = suits[led] | tm if played else 0
    top, top_seat = st.top, st.top_seat
    p = first
    while True:
        if p < 0:  # the policy's card
            h = hands[seat]
            if not played:
                if not h & (h - 1):  # a single card
                    p = h.bit_length() - 1
                    if trump == NT and 1 << p == t.joker:
                        named = _joker_suit(h, suits)
                elif misere:
                    p = _misere_lead(st, seat, hands)
                else:
                    p, named = _lead(st, seat, hands)
            else:
                legal = h & suits[led] or h
                if not legal & (legal - 1):
                    p = legal.bit_length() - 1
                elif misere:
                    p = _misere_follow(st, seat, legal, both, top, top_seat, declarer_in)
                else:
                    # `_follow` of the list policy
                    allies = allies_of[seat]
                    if allies[top_seat]:
                        b = legal & -legal  # partner is winning: play low
                    else:
                        wins = legal & both & ~((1 << (top + 1)) - 1)
                        if not wins:
                            b = legal & -legal
                        else:
                            # the best card a later opponent can bring: his top of the suit led, else
                            # his top trump
                            threat = -1
                            later = size - played - 1
                            s = seat
                            for _ in range(later):
                                s = next_seat[s]
                                if allies[s]:
                                    continue
                                o = hands[s]
                                f = o & suits[led] or o & tm
                                if f.bit_length() > threat + 1:
                                    threat = f.bit_length() - 1
                            safe = wins & ~((1 << (threat + 1)) - 1)
                            if safe:
                                b = safe & -safe
                            elif later == 0:
                                b = wins & -wins
                            else:
                                b = legal & -legal
                    p = b.bit_length() - 1
        bit = 1 << p
        hands[seat] ^= bit
        if not played:
            led = named if named >= 0 else suit_at[p]
            both = suits[led] | tm
            declarer_in = False
        named = -1
        played += 1
        if seat == declarer:
            declarer_in = True
        if bit & both and p > top:
            top, top_seat = p, seat
        p = -1
        if played < size:
            seat = next_seat[seat]
            continue
        tricks_won[top_seat] += 1
        winners.append(top_seat)
        if len(winners) == TRICKS:
            return tricks_won, winners
        seat = top_seat
        played, top, top_seat = 0, -1, -1


def play_out(
    world: FiveHundredState, seat: int, action: Any, rng: random.Random
) -> tuple[FiveHundredState, list[int]] | None:
    """The search's candidate `action` (a legal card of `seat`, whose turn it is in the play) and the rest
    of the play with the policy, on bit sets; the hand ended by the engine on a `playout_copy` of the
    sample (left as it was): (the copy, the hand's points per side, which no hand result records). None
    outside the play."""
    if type(action) is not Play or world.phase != "play" or world.winner is not None:
        return None
    st = _start(world)
    tricks_won, winners = play(st, seat, st.t.pos[action.card], action.named)
    state = world.playout_copy()
    return state, state.end_playout_hand(tricks_won, winners)
