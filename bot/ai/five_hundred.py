"""Five Hundred computer players, deciding from their seat's view only.

`easy` is `choose` below. `normal` and `strong` search (bot.ai.search, with `FAMILY` at the end of this
module): the play by determinized Monte Carlo over samples drawn towards what the auction said
(bot.ai.five_hundred_inference), each candidate card played out by the fast policy of
bot.ai.five_hundred_playouts; the discard and the five-player call the same way among a few candidates
(`candidates`); the auction by simulated contract results (bot.ai.five_hundred_bidding). The two levels
differ only in their budget of playouts (bot.ai.BUDGETS).

The easy level: bidding counts likely tricks (trumps, aces, guarded kings, a partner's help) and bids the
cheapest legal contract the count supports, else passes; the discard sheds the lowest non-trumps (the
highest cards in misère); the five-player call names the highest card it lacks outside trumps (an ace
when one is free); in play it follows with the lowest card that wins, or the lowest card when it cannot
win or a partner already wins (the misère declarer instead plays the highest card that loses).
"""

from __future__ import annotations

import random
from itertools import combinations

from bot.engine.five_hundred import FiveHundredState, FiveHundredView, LegalAction
from bot.engine.five_hundred.cards import ACE, JOKER, KING, NAMES, NT, POWER_TABLES, SUIT_TABLES, SUITS, parse_card

from .five_hundred_bidding import choose_bid
from .five_hundred_bit_playouts import play_out
from .five_hundred_inference import sample
from .five_hundred_playouts import keep_order, policy, rollout, step
from .search import Budget, Family

_TOP_TRUMP = 200 + ACE  # the ace of trumps and everything above it
_MISERE_WORDS = ("misere", "open-misere")


def choose(view: FiveHundredView, rng: random.Random) -> str:
    if view.phase == "auction":
        return _bid(view)
    if view.phase == "discard":
        return _discard(view)
    if view.phase == "call":
        return _call(view)
    return _play(view, rng)


def _trump(view: FiveHundredView) -> int:
    return SUITS.index(view.trump) if view.trump else NT


def _estimate(hand: list[int], trump: int) -> float:
    """Tricks this hand should take with `trump` (NT: no trump) on its own."""
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    tricks = 0.0
    for c in hand:
        if suits[c] == trump:
            tricks += 1.0 if power[c] >= _TOP_TRUMP or trump == NT else 0.7
        else:
            rank = c >> 2
            length = sum(1 for d in hand if suits[d] == suits[c])
            if rank == ACE:
                tricks += 1.0
            elif rank == KING and length >= 2:
                tricks += 0.5
    return tricks


def _bid(view: FiveHundredView) -> str:
    hand = [parse_card(c) for c in view.hand or ()]
    seat = view.seat if view.seat is not None else 0
    team = next(side for side in view.sides if seat in side)
    help_ = 1.5 if len(team) > 1 else 1.0 if view.players == 5 else 0.0
    estimates = [_estimate(hand, t) + help_ + 0.5 for t in range(NT + 1)]  # 0.5: the widow
    best = max(range(NT + 1), key=lambda t: estimates[t])
    weak = not any(c == JOKER or (c >> 2) >= KING for c in hand)
    for action in view.legal:  # lowest first: the cheapest bid the count supports in the best denomination
        if action.text == "misere" and weak:
            return action.text
        if action.kind != "bid" or action.text in _MISERE_WORDS:
            continue
        denom = action.text.lstrip("0123456789")
        tricks = int(action.text[: -len(denom)])
        if (NT if denom == "NT" else SUITS.index(denom)) == best and tricks <= estimates[best]:
            return action.text
    return "pass"


def _discard(view: FiveHundredView) -> str:
    hand = [parse_card(c) for c in view.hand or ()]
    trump = _trump(view)
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    if view.contract in _MISERE_WORDS:
        order = sorted(hand, key=lambda c: -power[c])  # shed the cards most likely to win a trick
    else:
        order = sorted(hand, key=lambda c: (suits[c] == trump, power[c]))
    return "discard " + " ".join(NAMES[c] for c in sorted(order[: view.discard_count]))


def _call(view: FiveHundredView) -> str:
    singles = [a for a in view.legal if a.kind == "call" and len(a.cards) == 1]
    if not singles:
        return "solo"
    return max(singles, key=lambda a: parse_card(a.cards[0]) >> 2).text


def _play(view: FiveHundredView, rng: random.Random) -> str:
    trump = _trump(view)
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    plays: list[tuple[LegalAction, int]] = [(a, parse_card(a.cards[0])) for a in view.legal]
    misere_declarer = view.contract in _MISERE_WORDS and view.seat == view.declarer
    if not view.trick:
        if misere_declarer:
            return min(plays, key=lambda p: power[p[1]])[0].text
        best = max(power[c] for _, c in plays)
        return rng.choice([a for a, c in plays if power[c] == best]).text
    first = view.trick[0][1]
    led = SUITS.index(first[3]) if first.startswith("JK:") else suits[parse_card(first)]

    def key(c: int) -> int:
        return power[c] if suits[c] == led or suits[c] == trump else 0

    keys = [key(parse_card(card.partition(":")[0])) for _, card in view.trick]
    top = max(keys)
    leader = view.trick[keys.index(top)][0]
    lowest = min(plays, key=lambda p: (suits[p[1]] == trump, power[p[1]]))[0]
    if misere_declarer:
        losing = [p for p in plays if key(p[1]) < top]
        return max(losing, key=lambda p: power[p[1]])[0].text if losing else lowest.text
    team = next(side for side in view.sides if view.seat in side)
    declaring = (view.declarer, *view.partners)
    if leader in team or (view.seat in declaring and leader in declaring):
        return lowest.text
    winning = [p for p in plays if key(p[1]) > top]
    if winning:
        return min(winning, key=lambda p: key(p[1]))[0].text
    return lowest.text


# -- what the search (bot.ai.search) needs ----------------------------------------------------------------
def win_value(state: FiveHundredState) -> float:
    """Winning the game is worth half of the 500 it takes (it ends every further gain)."""
    return 250.0


def candidates(view: FiveHundredView, rng: random.Random) -> list[str]:
    """The discards and calls worth searching (hundreds are legal), the easy level's own choice first;
    every legal action otherwise."""
    texts = [a.text for a in view.legal]
    if view.phase == "discard":
        return _discard_candidates(view)
    if view.phase == "call":
        return _call_candidates(view)
    return texts


def _discard_candidates(view: FiveHundredView) -> list[str]:
    """Discards made of the cards least worth keeping (the playout rule's order): every way to take the
    discard from the `count + 3` weakest, the likeliest first, at most 24."""
    hand = [parse_card(c) for c in view.hand or ()]
    count = view.discard_count
    misere = view.contract in _MISERE_WORDS
    order = keep_order(hand, _trump(view), misere)
    weakest = order[: count + 3]
    rank = {c: i for i, c in enumerate(order)}
    combos = sorted(combinations(weakest, count), key=lambda combo: sum(rank[c] for c in combo))
    return ["discard " + " ".join(NAMES[c] for c in sorted(combo)) for combo in combos[:24]]


def _call_candidates(view: FiveHundredView) -> list[str]:
    """The highest card the declarer lacks in each plain suit (pairs of them where two may be called), and
    solo."""
    texts = {a.text for a in view.legal}
    tops: list[str] = []
    seen_suits: set[str] = set()
    for action in view.legal:  # highest first
        if action.kind == "call" and len(action.cards) == 1:
            suit = action.cards[0][-1]
            if suit not in seen_suits:
                seen_suits.add(suit)
                tops.append(action.cards[0])
    out = [f"call {c}" for c in tops]
    for i, a in enumerate(tops):
        for b in tops[i + 1 :]:
            pair = f"call {a} {b}"
            if pair in texts:
                out.append(pair)
    if "solo" in texts:
        out.append("solo")
    return out


def decide(view: FiveHundredView, rng: random.Random, budget: Budget) -> str | None:
    """The auction is decided by simulated contract results (bot.ai.five_hundred_bidding); the rest is
    searched."""
    if view.phase != "auction":
        return None
    return choose_bid(view, rng, budget, sample, win_value)


FAMILY = Family(
    policy=policy,
    step=step,
    rollout=rollout,
    play_out=play_out,
    win_value=win_value,
    candidates=candidates,
    decide=decide,
    sample=sample,
)
