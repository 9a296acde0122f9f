"""The fast Five Hundred policy that the search plays its samples out with, on a full state.

A playout plays every seat of a sampled deal, so this policy may look at every hand (as double-dummy
playouts do in bridge programs): it is what makes it both quick and decent, and the decision at the root
is still taken from the seat's view only (bot.ai.search). A variant that judged only by the cards unseen
to the player did no better (normal level, 80 duplicate deals head to head: 13.6 ± 11.1 points a hand
worse). In play:

- on lead, the declaring side draws trumps while it holds the top one and the other side still has some;
  anyone cashes a card no opponent can beat or ruff; otherwise a low card of the longest plain suit; the
  joker at no trump is kept (it always takes a trick) and named as the leader's longest suit when led;
- following, a seat whose partner is winning plays low (never ruffing a partner's winner); otherwise it wins
  as cheaply as it can when no later opponent can beat that card (last to play: the cheapest winner), else
  plays low; low means the lowest plain card before any trump;
- in misère the declarer plays the highest card that still loses and leads where an opponent must go
  over him; the defenders keep under his card once he has played, and play low before him.

The auction, the discard and the five-player call use quick hand-strength rules on a state (the easy
level's, without building views), for playouts that start before the play: the bidding simulations of
bot.ai.five_hundred_bidding and the searches of the discard and the call.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine.five_hundred import FiveHundredState
from bot.engine.five_hundred.cards import ACE, JOKER, KING, NT, POWER_TABLES, SUIT_TABLES
from bot.engine.five_hundred.notation import PASS, SOLO, Call, Discard
from bot.engine.five_hundred.rules import MISERE, OPEN_MISERE, TRICKS

_TOP_TRUMP = 200 + ACE  # the ace of trumps and everything above it


# -- play ---------------------------------------------------------------------------------------------------
def _allies(state: FiveHundredState, seat: int) -> list[bool]:
    """Per seat, whether it plays on `seat`'s side this hand: the declaring seats together against the rest
    (the defenders of three or five players help each other), or the sides after an all-pass."""
    if state.contract is None:
        side_of = state.side_of
        mine = side_of[seat]
        return [side_of[s] == mine for s in range(state.players)]
    declaring = state.declaring
    me = seat in declaring
    return [(s in declaring) == me for s in range(state.players)]


def _low(cards: list[int], suits: list[int], power: list[int], trump: int) -> int:
    """The card to throw away: the lowest plain card, else the lowest trump."""
    best, best_key = cards[0], 10_000
    for c in cards:
        key = power[c] + (1000 if suits[c] == trump else 0)
        if key < best_key:
            best, best_key = c, key
    return best


def choose_play(state: FiveHundredState, allies_of: list[list[bool]] | None = None) -> tuple[int, int]:
    """(card, named suit or -1) for the seat to play; `allies_of`: `_allies` of every seat, worked out
    once for a whole playout (they do not change in the play)."""
    seat = state.current
    hand = state.in_hand[seat]
    suits, power, trump = state.suits, state.power, state.trump
    trick = state.trick
    if len(hand) == 1:
        c = hand[0]
        if not trick and c == JOKER and trump == NT:
            return c, _joker_suit(hand, suits)
        return c, -1
    contract = state.contract
    misere = contract is not None and contract[1] >= MISERE
    if not trick:
        if misere:
            return _misere_lead(state, seat, hand, suits, power), -1
        return _lead(state, seat, hand, suits, power, trump, allies_of)
    led = state.led
    legal = [c for c in hand if suits[c] == led] or hand
    if len(legal) == 1:
        return legal[0], -1
    # who wins the trick so far
    top, top_seat = -1, -1
    for c, s in zip(trick, state.trick_seats, strict=True):
        sc = suits[c]
        p = power[c] if sc == led or sc == trump else 0
        if p > top:
            top, top_seat = p, s
    if misere:
        return _misere_follow(state, seat, legal, suits, power, led, trump, top, top_seat), -1
    allies = allies_of[seat] if allies_of is not None else _allies(state, seat)
    return _follow(state, seat, hand, suits, power, trump, top, top_seat, allies, state.in_hand), -1


def _joker_suit(hand: list[int], suits: list[int]) -> int:
    """The suit a joker led at no trump is named: the leader's longest plain suit (drawing the others')."""
    counts = [0, 0, 0, 0]
    for c in hand:
        if c != JOKER:
            counts[c & 3] += 1
    return counts.index(max(counts))


def _lead(
    state: FiveHundredState,
    seat: int,
    hand: list[int],
    suits: list[int],
    power: list[int],
    trump: int,
    allies_of: list[list[bool]] | None = None,
) -> tuple[int, int]:
    allies = allies_of[seat] if allies_of is not None else _allies(state, seat)
    n = state.players
    out = state.out
    in_hand = state.in_hand
    # the best card of each suit the opponents hold, and which suits some opponent cannot follow
    opp_top = [0, 0, 0, 0, 0]
    opp_has = [False] * 5
    void_with_trump = [False] * 5
    for s in range(n):
        if allies[s] or s in out:
            continue
        held = [False] * 5
        for c in in_hand[s]:
            sc = suits[c]
            held[sc] = True
            if power[c] > opp_top[sc]:
                opp_top[sc] = power[c]
        if held[trump]:
            for k in range(5):
                if not held[k]:
                    void_with_trump[k] = True
        for k in range(5):
            if held[k]:
                opp_has[k] = True
    declaring = state.contract is not None and seat in state.declaring
    mine_top = [-1, -1, -1, -1, -1]
    mine_card = [-1, -1, -1, -1, -1]
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        sc = suits[c]
        counts[sc] += 1
        if power[c] > mine_top[sc]:
            mine_top[sc], mine_card[sc] = power[c], c
    # trumps: the declaring side draws them while it holds the top one
    if trump < NT and counts[trump] and opp_has[trump] and mine_top[trump] > opp_top[trump] and declaring:
        return mine_card[trump], -1
    # cash a plain card nobody can beat or ruff
    for k in range(4):
        if k == trump or not counts[k]:
            continue
        if mine_top[k] > opp_top[k] and not void_with_trump[k]:
            return mine_card[k], -1
    # a low card of the longest plain suit (a trump when nothing else is left)
    best_suit, best_len = -1, 0
    for k in range(4):
        if k != trump and counts[k] > best_len:
            best_suit, best_len = k, counts[k]
    if best_suit < 0:
        if trump == NT:  # only the joker is left
            return JOKER, _joker_suit(hand, suits)
        return min((c for c in hand if suits[c] == trump), key=power.__getitem__), -1
    return min((c for c in hand if suits[c] == best_suit), key=power.__getitem__), -1


def _misere_lead(state: FiveHundredState, seat: int, hand: list[int], suits: list[int], power: list[int]) -> int:
    declarer = state.declarer
    in_hand = state.in_hand
    plain = [c for c in hand if c != JOKER] or hand
    if seat == declarer:
        # a card every opponent holding its suit must go over; the highest such sheds the most danger
        lowest = [1000] * 5
        for s in range(state.players):
            if s == seat or s in state.out:
                continue
            for c in in_hand[s]:
                if power[c] < lowest[suits[c]]:
                    lowest[suits[c]] = power[c]
        safe = [c for c in plain if power[c] < lowest[suits[c]] < 1000]
        if safe:
            return max(safe, key=power.__getitem__)
        return min(plain, key=power.__getitem__)
    # a defender leads low in a suit where the declarer holds only higher cards
    low = [1000] * 5
    for c in in_hand[declarer]:  # type: ignore[index]
        if power[c] < low[suits[c]]:
            low[suits[c]] = power[c]
    under = [c for c in plain if power[c] < low[suits[c]] < 1000]
    if under:
        return min(under, key=power.__getitem__)
    return min(plain, key=power.__getitem__)


def _misere_follow(
    state: FiveHundredState,
    seat: int,
    legal: list[int],
    suits: list[int],
    power: list[int],
    led: int,
    trump: int,
    top: int,
    top_seat: int,
) -> int:
    def eff(c: int) -> int:
        return power[c] if suits[c] == led or suits[c] == trump else 0

    declarer = state.declarer
    if seat == declarer:
        losing = [c for c in legal if eff(c) < top]
        if losing:
            return max(losing, key=lambda c: power[c] if c != JOKER else -1)
        return min(legal, key=power.__getitem__)  # must win: as low as possible, in case someone goes over
    if declarer in state.trick_seats:
        if top_seat == declarer:
            under = [c for c in legal if eff(c) < top]
            if under:
                return max(under, key=power.__getitem__)  # keep the low cards to duck under him later
        return max(legal, key=power.__getitem__)  # he is not winning it: shed a high card
    return min(legal, key=power.__getitem__)


# -- the auction, the discard and the call, quickly --------------------------------------------------------
def estimate(hand: list[int], trump: int) -> float:
    """Tricks a hand should take on its own with `trump` (NT: no trump): the easy level's count."""
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    lengths = [0] * 5
    for c in hand:
        lengths[suits[c]] += 1
    tricks = 0.0
    for c in hand:
        s = suits[c]
        if s == trump:
            tricks += 1.0 if power[c] >= _TOP_TRUMP or trump == NT else 0.7
        else:
            rank = c >> 2
            if rank == ACE:
                tricks += 1.0
            elif rank == KING and lengths[s] >= 2:
                tricks += 0.5
    return tricks


def partner_help(state: FiveHundredState, seat: int) -> float:
    team = state.sides[state.side_of[seat]]
    return 1.5 if len(team) > 1 else 1.0 if state.players == 5 else 0.0


def quick_bid(state: FiveHundredState, seat: int) -> Any:
    """The easy level's bid on a state: the cheapest legal bid its trick count supports in its best
    denomination, misère with a hand of no king, ace or joker, else pass."""
    hand = state.in_hand[seat]
    help_ = partner_help(state, seat) + 0.5
    estimates = [estimate(hand, t) + help_ for t in range(NT + 1)]
    best = max(range(NT + 1), key=estimates.__getitem__)
    weak = not any(c == JOKER or (c >> 2) >= KING for c in hand)
    for bid in state.ladder[state.high_rank + 1 :]:
        if bid[1] == MISERE and weak:
            return bid
        if bid[1] == best and bid[0] <= estimates[best]:
            return bid
    return PASS


def keep_order(hand: list[int], trump: int, misere: bool) -> list[int]:
    """The hand, the cards to discard first: in misère the most dangerous (the joker, then the highest);
    otherwise plain cards before trumps, short suits before long ones (to void them), aces last."""
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    if misere:
        return sorted(hand, key=lambda c: -power[c])
    lengths = [0] * 5
    for c in hand:
        lengths[suits[c]] += 1

    def key(c: int) -> tuple[int, int, int, int]:
        s = suits[c]
        if s == trump:
            return (2, 0, 0, power[c])
        rank = c >> 2
        high = rank == ACE or (rank == KING and lengths[s] >= 2)
        return (1 if high else 0, lengths[s] if trump < NT else 0, rank, s)

    return sorted(hand, key=key)


def quick_discard(state: FiveHundredState, seat: int) -> Discard:
    contract = state.contract
    misere = contract is not None and contract[1] >= MISERE
    order = keep_order(state.in_hand[seat], state.trump, misere)
    return Discard(sorted(order[: state.discard_count]))


def quick_call(state: FiveHundredState, seat: int) -> Any:
    """The highest card the declarer lacks outside trumps (an ace when one is free), in his longest suit."""
    acts = state.legal_actions(seat)
    hand = state.in_hand[seat]
    lengths = [0] * 5
    suits = state.suits
    for c in hand:
        lengths[suits[c]] += 1
    best: Any = SOLO
    best_key = (-1, -1)
    for a in acts:
        if type(a) is Call and len(a) == 1:
            c = a[0]
            key = (c >> 2, lengths[suits[c]])
            if key > best_key:
                best, best_key = a, key
    return best


# -- the search's hooks -------------------------------------------------------------------------------------
def policy(state: FiveHundredState, rng: random.Random) -> Any:
    """The playout policy's action for the seat to act."""
    phase = state.phase
    seat = state.current
    if phase == "play":
        card, named = choose_play(state)
        return next(a for a in state.legal_actions(seat) if a.card == card and (named < 0 or a.named == named))
    if phase == "auction":
        return quick_bid(state, seat)
    if phase == "discard":
        return quick_discard(state, seat)
    return quick_call(state, seat)


def step(state: FiveHundredState, rng: random.Random) -> None:
    """One move of `policy`, a card played straight on the state (`play_card`, no checks)."""
    seat = state.current
    if state.phase == "play":
        card, named = choose_play(state)
        state.play_card(seat, card, named)
        return
    state.apply(seat, policy(state, rng))


def rollout(state: FiveHundredState, rng: random.Random) -> list[int]:
    """`step` to the end of the hand, the play on the state's own lists without a step or an event per
    card: the same cards as `step` plays (cross-checked in the tests), about twice as fast. The auction,
    discard and call (a playout that starts before the play) go through `step`. The hand's end is scored
    by the engine (`_score_hand`); no play scores on its own, so no points are returned beside it. What
    it leaves is for a throwaway copy: the steps of the play are not recorded."""
    zero = [0] * len(state.sides)
    hands = len(state.hands)
    while state.phase != "play":
        step(state, rng)
        if state.winner is not None or len(state.hands) != hands:
            return zero
    allies_of = [_allies(state, s) for s in range(state.players)]
    in_hand = state.in_hand
    suits = state.suits
    next_seat = state.next_seat
    trick = state.trick
    seats = state.trick_seats
    trump = state.trump
    size = state.trick_size
    tricks_won = state.tricks_won
    winners = state.trick_winners
    called = state.called
    contract = state.contract
    expose = contract is not None and contract[1] == OPEN_MISERE and not state.expose_first
    misere = contract is not None and contract[1] >= MISERE
    power = state.power
    # the card winning the trick so far (its power as it counts in this trick) and its seat, kept as cards
    # are played instead of worked out again for every card
    top, top_seat = -1, -1
    for c, s in zip(trick, seats, strict=True):
        sc = suits[c]
        p = power[c] if sc == state.led or sc == trump else 0
        if p > top:
            top, top_seat = p, s
    while True:
        seat = state.current
        hand = in_hand[seat]
        if trick and not misere:
            card = _follow(state, seat, hand, suits, power, trump, top, top_seat, allies_of[seat], in_hand)
            named = -1
        else:
            card, named = choose_play(state, allies_of)
        hand.remove(card)
        if not trick:
            state.led = named if named >= 0 else suits[card]
        trick.append(card)
        seats.append(seat)
        sc = suits[card]
        p = power[card] if sc == state.led or sc == trump else 0
        if p > top:
            top, top_seat = p, seat
        if called and card in called:
            state.revealed.add(seat)
        if len(trick) < size:
            state.current = next_seat[seat]
            continue
        winner = top_seat  # as `trick_winner` finds it, from the same powers
        top, top_seat = -1, -1
        led = state.led
        tricks_won[winner] += 1
        winners.append(winner)
        if len(winners) == TRICKS:
            state._last_trick = (trick[:], seats[:], led)
            trick.clear()
            seats.clear()
            state._score_hand([])
            return zero
        trick.clear()
        seats.clear()
        state.current = state.leader = winner
        if expose and len(winners) == 1:
            state._expose([])


def _follow(
    state: FiveHundredState,
    seat: int,
    hand: list[int],
    suits: list[int],
    power: list[int],
    trump: int,
    top: int,
    top_seat: int,
    allies: list[bool],
    in_hand: list[list[int]],
) -> int:
    """`choose_play` following to a trick outside misère, with the trick's winner so far given."""
    if len(hand) == 1:
        return hand[0]
    led = state.led
    legal = [c for c in hand if suits[c] == led] or hand
    if len(legal) == 1:
        return legal[0]
    if allies[top_seat]:
        return _low(legal, suits, power, trump)
    winners = [c for c in legal if (suits[c] == led or suits[c] == trump) and power[c] > top]
    if not winners:
        return _low(legal, suits, power, trump)
    threat = 0
    later = state.trick_size - len(state.trick) - 1
    s = seat
    next_seat = state.next_seat
    for _ in range(later):
        s = next_seat[s]
        if allies[s]:
            continue
        follow = 0
        ruff = 0
        for c in in_hand[s]:
            sc = suits[c]
            if sc == led:
                if power[c] > follow:
                    follow = power[c]
            elif sc == trump and power[c] > ruff:
                ruff = power[c]
        best = follow if follow else ruff
        if best > threat:
            threat = best
    safe = [c for c in winners if power[c] > threat]
    if safe:
        return min(safe, key=power.__getitem__)
    if later == 0:
        return min(winners, key=power.__getitem__)
    return _low(legal, suits, power, trump)
