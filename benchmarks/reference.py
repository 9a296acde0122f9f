"""The arena's yardstick: a plain perfect-information Monte Carlo player, written apart from `bot.ai`.

It imports only the rules engine, so whatever `bot.ai` gets wrong (or right) it does not share. A move:

- sample `worlds` full states consistent with the seat's view (`bot.engine.determinize`: the engine's own
  sampler, which keeps every hidden tile or card where the view allows it);
- on each world, apply every candidate action (every legal action, but in Five Hundred's auction, discard
  and call, where the greedy policy's fixed rule decides) and play the hand out once with the greedy policy
  below, through the engine's checked `apply`;
- keep the candidate whose mean outcome is best: the points (chips in Domineren) the seat's side gained to
  the end of the hand minus the mean the other sides gained. No win bonus, no target: the hand's points.

The greedy policy, one per family, sees the whole sampled state (that is what "perfect information" means
here) but uses it only as a table player would use their own cards: fives take the most points now and
shed the heaviest tile; Five Hundred wins a trick as cheaply as it can unless a partner holds it, else
plays low, leads its highest card, bids the cheapest contract its count of trumps and aces supports; in
Domineren it claims and declares what is owed, sets its highest double, takes the chips a play earns, then
sheds its heaviest tile, never declares Block, and turns Billitonnen's tiles at random.

The budget is fixed (24 worlds, one playout per candidate per world): `Reference(worlds=N)` for others,
the arena's level `reference` or `reference-N`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.engine import GameState, determinize, game_info
from bot.engine.domineren.matching import half_value, hand_count
from bot.engine.domineren.notation import CLAIM, DECLARE
from bot.engine.domineren.notation import Play as DominoPlay
from bot.engine.domineren.rules import NOS
from bot.engine.five_hundred.cards import ACE, NT, POWER_TABLES, SUIT_TABLES
from bot.engine.five_hundred.notation import PASS as BID_PASS
from bot.engine.five_hundred.notation import SOLO, Call, Discard
from bot.engine.five_hundred.rules import MISERE
from bot.engine.tiles import IS_DOUBLE, PIPS

WORLDS = 24

Policy = Callable[[GameState, random.Random], tuple[int, Any]]


# -- the greedy policies, on a full state -------------------------------------------------------------------
def fives_greedy(state: Any, rng: random.Random) -> tuple[int, Any]:
    seat = state.current
    acts = state.legal_actions(seat)
    best_key, best = -1, []
    for a in acts:
        if isinstance(a, str):  # draw or pass: the only action then
            return seat, a
        key = state.points_of(a) * 64 + PIPS[a.tile] if (a.claim or not state.call_muggins) else PIPS[a.tile]
        if key > best_key:
            best_key, best = key, [a]
        elif key == best_key:
            best.append(a)
    return seat, best[0] if len(best) == 1 else rng.choice(best)


def _count_tricks(hand: list[int], trump: int) -> float:
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    tricks = 0.0
    for c in hand:
        if suits[c] == trump:
            tricks += 1.0 if power[c] >= 200 + ACE or trump == NT else 0.6  # the ace of trumps and above
        elif c >> 2 == ACE:
            tricks += 1.0
    return tricks


def _fh_bid(state: Any, seat: int) -> Any:
    team = state.sides[state.side_of[seat]]
    help_ = 1.5 if len(team) > 1 else 0.5
    hand = state.in_hand[seat]
    counts = [_count_tricks(hand, t) + help_ for t in range(NT + 1)]
    best = max(range(NT + 1), key=counts.__getitem__)
    for bid in state.legal_actions(seat):
        if bid is BID_PASS or bid == BID_PASS:
            continue
        if bid[1] == best and bid[0] <= counts[best]:
            return bid
    return BID_PASS


def _fh_discard(state: Any, seat: int) -> Discard:
    suits, power, trump = state.suits, state.power, state.trump
    hand = state.in_hand[seat]
    if state.contract is not None and state.contract[1] >= MISERE:
        order = sorted(hand, key=lambda c: -power[c])
    else:
        order = sorted(hand, key=lambda c: (suits[c] == trump, power[c]))
    return Discard(sorted(order[: state.discard_count]))


def _fh_call(state: Any, seat: int) -> Any:
    singles = [a for a in state.legal_actions(seat) if type(a) is Call and len(a) == 1]
    return singles[0] if singles else SOLO  # the highest card the declarer lacks


def _fh_play(state: Any, seat: int) -> Any:
    acts = state.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    suits, power, trump = state.suits, state.power, state.trump
    misere = state.contract is not None and state.contract[1] >= MISERE and seat == state.declarer
    trick = state.trick
    if not trick:
        if misere:
            return min(acts, key=lambda a: power[a.card])
        top = max(power[a.card] for a in acts)
        return next(a for a in acts if power[a.card] == top)  # (a joker at no trump names the first suit)
    led = state.led

    def eff(c: int) -> int:
        return power[c] if suits[c] == led or suits[c] == trump else 0

    keys = [eff(c) for c in trick]
    top = max(keys)
    winner = state.trick_seats[keys.index(top)]
    lowest = min(acts, key=lambda a: (suits[a.card] == trump, power[a.card]))
    if misere:
        losing = [a for a in acts if eff(a.card) < top]
        return max(losing, key=lambda a: power[a.card]) if losing else lowest
    if state.contract is None:
        partners = state.side_of[winner] == state.side_of[seat]
    else:
        partners = (winner in state.declaring) == (seat in state.declaring)
    if partners:
        return lowest
    winning = [a for a in acts if eff(a.card) > top]
    return min(winning, key=lambda a: eff(a.card)) if winning else lowest


def five_hundred_greedy(state: Any, rng: random.Random) -> tuple[int, Any]:
    seat = state.current
    phase = state.phase
    if phase == "play":
        return seat, _fh_play(state, seat)
    if phase == "auction":
        return seat, _fh_bid(state, seat)
    if phase == "discard":
        return seat, _fh_discard(state, seat)
    return seat, _fh_call(state, seat)


_WEIGHT = [hand_count([t]) for t in range(28)]


def domineren_greedy(state: Any, rng: random.Random) -> tuple[int, Any]:
    if state.claims:
        return next(iter(state.claims)), CLAIM
    seat = state.current
    acts = state.legal_actions(seat)
    if len(acts) == 1:
        return seat, acts[0]
    phase = state.phase
    if phase == "declare":
        return seat, DECLARE
    if phase in ("set", "special"):
        plays = [a for a in acts if type(a) is DominoPlay]
        return seat, max(plays, key=lambda a: half_value(a.tile)) if plays else acts[0]
    if phase == "type":
        return seat, rng.choice(acts)
    if phase != "play":
        return seat, rng.choice(acts)  # Billitonnen
    plays = [a for a in acts if type(a) is DominoPlay and not a.block]
    if not plays:
        return seat, acts[0]  # draw or pass (never concede while drawing is allowed: draw comes first)
    prev = state.prev_node
    prev_tile = state.board.nodes[prev].tile if prev >= 0 and state.in_hand[state.prev_seat] else -1
    going_out = len(state.in_hand[seat]) == 1 and state.nos < 0
    best_key, best = -1, []
    for a in plays:
        gain = half_value(a.tile) if IS_DOUBLE[a.tile] and a.target == prev_tile else 0
        if going_out:
            gain += NOS * (state.players - 1)
        key = gain * 1000 + _WEIGHT[a.tile] * 4 + (1 if IS_DOUBLE[a.tile] else 0)
        if key > best_key:
            best_key, best = key, [a]
        elif key == best_key:
            best.append(a)
    return seat, best[0] if len(best) == 1 else rng.choice(best)


POLICIES: dict[str, Policy] = {
    "fives": fives_greedy,
    "five_hundred": five_hundred_greedy,
    "domineren": domineren_greedy,
}


# -- the search ---------------------------------------------------------------------------------------------
def _candidates(view: Any, family: str) -> list[str] | None:
    """The actions compared, or None when a fixed rule decides (Five Hundred's auction, discard and call:
    searched over perfect-information playouts, whose greedy defenders never hunt a misère down, the
    auction bid open misère on hands that were then set for -500, every game over in one hand)."""
    texts = [m.text for m in view.legal]
    if family != "five_hundred":
        return texts
    if view.phase in ("discard", "call", "auction"):
        return None
    return texts


def outcome(state: GameState, side: int, before: list[int]) -> float:
    gained = [s - b for s, b in zip(state.scores, before, strict=True)]
    mine = gained[side]
    return mine - (sum(gained) - mine) / max(1, len(gained) - 1)


def playout(state: GameState, policy: Policy, rng: random.Random) -> None:
    hands = len(state.hands)
    state.deal_next_hand = False  # type: ignore[attr-defined]  # every family's state has it
    while state.winner is None and len(state.hands) == hands:
        seat, action = policy(state, rng)
        state.apply(seat, action)


class Reference:
    """The plain PIMC player at a fixed budget of sampled worlds."""

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds

    def choose(self, view: Any, rng: random.Random) -> str:
        family = game_info(view.game_id).family
        texts = [m.text for m in view.legal]
        if len(texts) == 1:
            return texts[0]
        candidates = _candidates(view, family)
        policy = POLICIES[family]
        seat = view.seat
        if candidates is None:  # a fixed rule: on any sample, the seat's own cards are its own
            world = determinize(view, rng)
            return world.format_action(policy(world, rng)[1])
        totals = [0.0] * len(candidates)
        for _ in range(self.worlds):
            world = determinize(view, rng)
            side = world.side_of[seat]
            before = list(world.scores)
            for i, text in enumerate(candidates):
                state = world.clone()
                state.apply(seat, text)
                playout(state, policy, rng)
                totals[i] += outcome(state, side, before)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]


def reference_for(level: str) -> Reference | None:
    """The arena's level names for this player: `reference` (24 worlds) or `reference-N` (N worlds)."""
    if level == "reference":
        return Reference()
    if level.startswith("reference-") and level[10:].isdigit():
        return Reference(int(level[10:]))
    return None
