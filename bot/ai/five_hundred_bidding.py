"""The Five Hundred auction of the searching levels: bids chosen by simulated contract results.

Design. Searching the auction the way the play is searched (each candidate bid applied to a sample and the
whole hand played out) would cost one playout per bid per sample, with up to 27 bids: far over budget.
But in Five Hundred the play of a hand does not depend on the level bid, only on who declares and in what
denomination, and a contract scores its table value, made or failed. So one playout per *denomination*
per sample prices every level of it at once:

1. Denominations are pruned by hand strength first: a suit or no trump whose trick count (the easy level's,
   with the partner's help and the widow) falls well short of its cheapest legal level is not simulated,
   nor misère with more than three high cards (queen and above, the joker), nor open misère with more
   than one; at most three trump denominations.
2. Each sample (bot.ai.five_hundred_inference: a deal consistent with the view, leaning towards what the
   bids and passes so far say of the hands) is played once per kept denomination with this seat declaring
   (`FiveHundredState.declare`): the declarer takes the widow and discards by the playout policy's rule, a
   five-player declarer calls by it, and the hand is played out by the playout policy. Every legal bid of
   that denomination is then scored from the tricks taken, with the engine's own scoring and end-of-game
   rule: our side's points minus the others' mean, and the value of a won or lost game.
3. Passing is simulated on the same samples: this seat passes, the others finish the auction by the easy
   level's bidding rule (a partner's bid included), and the hand is played out, whoever declares.
4. The bid with the best mean wins if it beats passing by a margin (more when the partner already holds the
   contract, so that a partner is not overbid for nothing); otherwise pass.

What it leaves out: a bid is priced as if it ended the auction. If someone bids over it, the seat decides
again at its next turn with that bid known (the Parlett auction comes back to it), so the cost is small,
while simulating everyone's later bids for every candidate would multiply the playouts again. Those who
bid after a pass are modelled by the easy level's rule, the most common kind of bidder at a table.

Playouts are counted: the level's budget of playouts is spread evenly over the samples, one per kept
denomination plus one for passing, so a move is the same after a restart. The bid levels cost nothing
extra, and a weak hand with nothing worth simulating passes at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine.five_hundred import FiveHundredState, FiveHundredView
from bot.engine.five_hundred.cards import JOKER, NT, POWER_TABLES, QUEEN, parse_card
from bot.engine.five_hundred.rules import BIDS, MISERE, OPEN_MISERE, Bid
from bot.engine.five_hundred.scoring import contract_points, game_winner

from .five_hundred_playouts import estimate, rollout
from .search import Budget, Deadline

PASS_MARGIN = 5.0  # points a bid must gain over passing (sampling noise)
PARTNER_MARGIN = 25.0  # the same when the partner holds the contract
_MAX_TRUMPS = 3  # trump denominations simulated at most


def _card(text: str) -> int:
    return JOKER if text.startswith("JK") else parse_card(text)


def plausible(view: FiveHundredView, hand: list[int], bids: list[Bid]) -> list[int]:
    """The denominations worth simulating among those of the legal `bids`, best first."""
    lowest: dict[int, int] = {}
    for b in bids:
        lowest.setdefault(b[1], b[0])
    seat = view.seat if view.seat is not None else 0
    team = next(side for side in view.sides if seat in side)
    help_ = (1.5 if len(team) > 1 else 1.0 if view.players == 5 else 0.0) + 0.5
    trumps = []
    for d in range(NT + 1):
        if d in lowest:
            tricks = estimate(hand, d) + help_
            if tricks >= lowest[d] - 1.5:
                trumps.append((tricks - lowest[d], d))
    trumps.sort(reverse=True)
    kept = [d for _, d in trumps[:_MAX_TRUMPS]]
    power = POWER_TABLES[NT]
    high = sum(1 for c in hand if c == JOKER or power[c] >= QUEEN)
    if MISERE in lowest and high <= 3:
        kept.append(MISERE)
    if OPEN_MISERE in lowest and high <= 1 and safe_open_misere(hand):
        kept.append(OPEN_MISERE)
    return kept


def safe_open_misere(hand: list[int]) -> bool:
    """Whether a hand laid open can duck every trick: in each suit its k-th lowest card (from 0) is at
    most a 4 + 2k (2-4, then 6, 8, 10...), so that the defenders, who see it, cannot lead under it; one
    card above that may go with the discard, the joker never (it wins whatever it is played to).
    The simulations alone bid open misère on hands a defence that reads the open hand sets: their
    playouts defend by a fixed rule, not by the exposed cards (issue 28: set twice in 14 hands, -520)."""
    if JOKER in hand:
        return False
    spare = 1
    for suit in range(4):
        ranks = sorted(c >> 2 for c in hand if c & 3 == suit)
        for k, rank in enumerate(ranks):
            if rank > 4 + 2 * k:
                spare -= 1
    return spare >= 0


class _Scorer:
    """What a contract's tricks are worth to the seat: our side's points minus the others' mean, plus or
    minus the game's value if the hand ends it (the engine's scoring and end rules)."""

    def __init__(self, world: FiveHundredState, seat: int, win: float) -> None:
        self.options = world.options
        self.side_of = world.side_of
        self.sides = len(world.sides)
        self.side = world.side_of[seat]
        self.scores = list(world.scores)
        self.win = win
        self.can_win = world.options["defenders_can_win"] == "on"

    def played(self, state: FiveHundredState) -> float:
        """The same for a hand played out to its end (whoever declared, or nobody)."""
        points = state.hands[-1].points
        mine = points[self.side]
        value = mine - (sum(points) - mine) / max(1, self.sides - 1)
        if state.winner is not None and self.win:
            value += self.win if self.side in state.winner else -self.win
        return value

    def value(self, bid: Bid, tricks: list[int], declaring: tuple[int, ...]) -> tuple[float, bool]:
        """(the value, whether the contract was made)."""
        points, made = contract_points(bid, self.options, tricks, self.side_of, self.sides, declaring)
        mine = points[self.side]
        value = mine - (sum(points) - mine) / max(1, self.sides - 1)
        if self.win:
            scores = [s + p for s, p in zip(self.scores, points, strict=True)]
            declaring_sides = {self.side_of[s] for s in declaring}
            winner = game_winner(scores, declaring_sides, made, [None] * self.sides, self.can_win)
            if winner is not None:
                value += self.win if self.side in winner else -self.win
        return value, bool(made)


def _play_out(state: FiveHundredState, rng: random.Random) -> None:
    """The hand played out by the playout policy (its fast rollout: the same cards as step by step)."""
    state.deal_next_hand = False
    if state.winner is None:
        rollout(state, rng)


@dataclass
class Simulation:
    """What the auction's simulations found for one decision, summed over its samples."""

    totals: dict[Bid, float]  # per bid simulated, its value to the seat (`_Scorer.value`)
    made: dict[Bid, int]  # per bid, the samples in which it was made
    passing: float  # the value of passing
    samples: int

    def best(self) -> Bid:
        """The simulated bid of the best total (the cheaper of equal ones)."""
        return max(self.totals, key=lambda b: (self.totals[b], -b[0]))


def simulate(
    view: FiveHundredView,
    rng: random.Random,
    budget: Budget,
    sample: Callable[[FiveHundredView, random.Random], FiveHundredState],
    win_value: Callable[[FiveHundredState], float],
) -> Simulation | None:
    """Steps 1-3 of the module docstring for the seat whose turn it is in the auction, or None where no
    bid is worth simulating (a pass)."""
    seat = view.seat
    assert seat is not None
    bids = [BIDS[a.text] for a in view.legal if a.text != "pass"]
    if not bids:
        return None
    hand = [_card(c) for c in view.hand or ()]
    denoms = plausible(view, hand, bids)
    if not denoms:
        return None
    by_denom: dict[int, list[Bid]] = {}
    for b in bids:
        by_denom.setdefault(b[1], []).append(b)
    samples = max(budget.min_samples, budget.playouts // (len(denoms) + 1))
    simulated = [b for d in denoms for b in by_denom[d]]
    found = Simulation(dict.fromkeys(simulated, 0.0), dict.fromkeys(simulated, 0), 0.0, 0)
    totals, made = found.totals, found.made
    clock = Deadline(budget.deadline)
    for _ in range(samples):
        if found.samples and clock.passed():
            break
        found.samples += 1
        world = sample(view, rng)
        scorer = _Scorer(world, seat, win_value(world))
        for d in denoms:
            state = world.clone()
            state.declare(seat, by_denom[d][0])
            _play_out(state, rng)
            tricks = state.tricks_won
            declaring = state.declaring
            for b in by_denom[d]:
                value, won = scorer.value(b, tricks, declaring)
                totals[b] += value
                made[b] += won
        state = world.clone()
        state.apply(seat, "pass")
        _play_out(state, rng)
        found.passing += scorer.played(state)
    return found


def choose_bid(
    view: FiveHundredView,
    rng: random.Random,
    budget: Budget,
    sample: Callable[[FiveHundredView, random.Random], FiveHundredState],
    win_value: Callable[[FiveHundredState], float],
) -> str:
    """The bid (or pass) for the seat whose turn it is in the auction, as the module docstring says."""
    found = simulate(view, rng, budget, sample, win_value)
    if found is None:
        return "pass"
    best = found.best()
    margin = PARTNER_MARGIN if _partner_holds(view) else PASS_MARGIN
    if found.totals[best] > found.passing + margin * found.samples:
        return str(best)
    return "pass"


def _partner_holds(view: FiveHundredView) -> bool:
    high = view.high_bidder
    if high is None or high == view.seat:
        return False
    return any(view.seat in side and high in side for side in view.sides)
