"""The search of the `normal` and `strong` computers, for every game family: decide from a seat's view by
playing many possible worlds out.

Method: determinized Monte Carlo with shared samples. Each *sample* is a full state drawn from the view by
`bot.engine.determinize` (every hidden tile or card placed consistently with what the seat knows); every
candidate action is applied on a clone of the same sample and played out to the end of the hand by a
fast policy; the action with the best mean outcome is chosen. The playouts are spent by sequential
halving: in rounds, each dropping the worse half of the candidates, so that most go to the close calls;
a level may also stop a move early once its leader is clearly ahead (`Budget.race`), which leaves the
clear choices cheap and lets the level's count be set higher for the same mean time a move.
Where the position is fully known (two sides, nothing hidden: a two-player dominoes ending with an empty
boneyard) it is searched exactly (alpha-beta on the same outcome) within a node budget, and falls back to
sampling if that is exceeded.

Why this and not information-set MCTS: the budgets that fit a second of Python per move are a few
thousand playouts, spread over a handful of candidate actions; at that size a tree above the root gains
little, while comparing every candidate on the *same* samples (common random numbers) removes most of
the noise between them, which is what decides close choices. Strategy fusion (acting as if one knew the
sample) barely matters when the playout policy is a fixed heuristic that does not peek. The families
plug in what differs (a fast playout policy on a state and the size of a game's win) through `Family`;
where needed also the few candidates worth searching, a sampler of their own, or their own decision for
some moves (Five Hundred's auction).

Everything is counted: a budget is a number of playouts (one candidate on one sample) and of exact-search
nodes, so a move depends only on the view and the random generator given, and a game resumed after a
restart replays the same computer moves. A budget may also carry a deadline in CPU seconds, a safety
net set above what the counted work costs: it only cuts a search short on a machine slower than planned.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import GameState, determinize


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a level searches per move."""

    playouts: int  # candidate actions played out, over all samples
    min_samples: int = 8  # at least this many samples, however many candidates there are
    exact_nodes: int = 0  # node budget of the exact search of fully known positions (0: never)
    # CPU seconds a move may take at most (0: no limit). A safety net, not the measure of effort: the
    # counted budget decides and the deadline is set above what it costs on an ordinary core, so a move
    # is the same for the same seed unless the machine is so slow that the deadline cuts the search short
    # (then it compares what it has played out so far, on the same samples for every candidate)
    deadline: float = 0.0
    # stop a move's search early once its leader is ahead of the runner-up by this many standard errors
    # of their paired difference (0: never), looked at every `RACE_EVERY` samples: the playouts a clear
    # choice does not need are not spent, so a level can be given more for the close ones at the same
    # mean time per move
    race: float = 0.0


def _random_policy(state: GameState, rng: random.Random) -> Any:
    return rng.choice(state.legal_actions())


@dataclass(frozen=True, slots=True)
class Family:
    """What a game family gives the search."""

    # (states are typed Any: each family's hooks take its own GameState subclass)
    policy: Callable[[Any, random.Random], Any] = _random_policy  # fast, on a full state
    # one playout move played on the state (default: apply the policy's action); a family may do it faster
    step: Callable[[Any, random.Random], None] | None = None
    # the whole playout at once, the same moves as `step` (cross-checked in the tests) on the family's own
    # plain lists, much faster: returns the points per side scored in play that the state's steps do not
    # hold (the state is left for the throwaway copy it is: the hand's end scored, not every step recorded)
    rollout: Callable[[Any, random.Random], list[int]] | None = None
    win_value: Callable[[Any], float] = lambda state: 0.0  # what winning the game is worth, in points
    fully_known: Callable[[Any], bool] = lambda view: False  # the view hides nothing that matters
    # the legal action texts worth comparing in this view (default, or an empty list: all of them); the search
    # never plays one that is not in the list, so a family can leave out moves it knows to be bad or
    # equivalent (the Five Hundred discard has hundreds); the first is the family's own choice, played if the
    # budget is too small
    candidates: Callable[[Any, random.Random], list[str]] | None = None
    # a family's own decision for some moves (the Five Hundred auction), or None to search as usual
    decide: Callable[[Any, random.Random, Budget], str | None] | None = None
    # a full state drawn for the view (default `bot.engine.determinize`), e.g. weighted by what bids say
    sample: Callable[[Any, random.Random], GameState] | None = None
    # the candidate and the rest of the hand at once, on a throwaway copy of the sample that the family
    # makes and plays without the engine's checks (the same game as `apply` then `rollout`, cross-checked
    # in the tests): (the copy at the hand's end, the points per side scored beside its steps), or None
    # where it does not (a lead, a draw...: then `clone`, `apply` and `playout`)
    play_out: Callable[[Any, int, Any, random.Random], tuple[Any, list[int]] | None] | None = None
    # how much of the budget this view deserves (1: the level's playouts), for decisions made once per hand
    # among many candidates; counted like the rest, so the move stays the same after a restart
    effort: Callable[[Any], float] = lambda view: 1.0
    # what a playout's end is worth to the seat's side, in place of `outcome`'s points (state at the end,
    # the side, `outcome`'s value): the match's objective, e.g. the chance to reach the target first
    objective: Callable[[Any, int, float], float] | None = None
    # the seat whose move `policy` gives, applied move by move (default: the seat to play): where players
    # may act out of turn (Domineren's claims, auto_claim off), the one the family's `step` moves first,
    # so that the policy move by move plays the same game as `step` and `rollout`
    mover: Callable[[Any], int] | None = None
    # a world drawn for the view with its importance weight (the likelihood of what the view has seen, by
    # the family's soft evidence), in place of `sample`: the search weights the world's playouts by it
    # instead of rejecting unlikely worlds, one draw of the sampler per world whatever the evidence
    weighted_sample: Callable[[Any, random.Random], tuple[GameState, float]] | None = None
    # the seat's legal actions are the same objects in every sampled world (they depend only on what the
    # view shows: the seat's own hand and the table), so the search names them once per move, not per world
    view_actions: bool = False


class _Baseline:
    """Where a playout starts from, to measure what each side gained by its end."""

    __slots__ = ("hands", "side", "steps")

    def __init__(self, state: GameState, seat: int) -> None:
        self.steps = len(state.steps)
        self.hands = len(state.hands)
        self.side = state.side_of[seat]


def outcome(state: GameState, base: _Baseline, win: float, extra: list[int] | None = None) -> float:
    """Points the seat's side gained since `base` minus the mean gained by the other sides, plus `win`
    if the game ended with the seat's side among the winners (minus it if not); `extra`: points per side
    a rollout scored beside the steps."""
    gained = extra or [0] * len(state.sides)
    # (a fast playout records nothing: its points are all in `extra`, read as they are)
    if len(state.steps) > base.steps or len(state.hands) > base.hands:
        gained = gained[:]  # `extra` is the caller's
        for step in state.steps[base.steps :]:
            for side, p in enumerate(step.points):
                gained[side] += p
        for hand in state.hands[base.hands :]:
            for side, p in enumerate(hand.points):
                gained[side] += p
    mine = gained[base.side]
    others = (sum(gained) - mine) / max(1, len(gained) - 1)
    value = mine - others
    if state.winner is not None and win:
        value += win if base.side in state.winner else -win
    return value


def playout(state: GameState, base: _Baseline, family: Family, rng: random.Random) -> list[int] | None:
    """Play `state` on to the end of the hand (or of the game) with the family's fast policy; the points
    per side a rollout scored beside the state's steps (None: all are in the steps)."""
    hands = base.hands
    if hasattr(state, "deal_next_hand"):
        state.deal_next_hand = False  # the playout ends with the hand: no next deal to make
    if family.rollout is not None:
        if state.winner is None and len(state.hands) == hands:
            return family.rollout(state, rng)
        return None
    step = family.step
    if step is None:
        policy, mover = family.policy, family.mover
        while state.winner is None and len(state.hands) == hands:
            state.apply(state.current if mover is None else mover(state), policy(state, rng))
        return None
    while state.winner is None and len(state.hands) == hands:
        step(state, rng)
    return None


def play_candidate(
    world: GameState,
    seat: int,
    action: Any,
    base: _Baseline,
    win: float,
    family: Family,
    rng: random.Random,
    match: bool = False,
) -> float:
    """One playout of the candidate `action` of `seat` on a copy of the sample `world`, and its value
    (`outcome`): the family's `play_out` where it has one for this action, else `clone`, `apply` and
    `playout`. The world is left as it was. `match`: valued by the family's `objective` where it has one
    (the search's choice), else in the hand's points (what the analysis reports)."""
    objective = family.objective if match else None
    if family.play_out is not None:
        done = family.play_out(world, seat, action, rng)
        if done is not None:
            value = outcome(done[0], base, win, done[1])
            return objective(done[0], base.side, value) if objective else value
    state = world.clone()
    state.apply(seat, action)
    value = outcome(state, base, win, playout(state, base, family, rng))
    return objective(state, base.side, value) if objective else value


def choose(view: Any, rng: random.Random, budget: Budget, family: Family) -> str:
    """The action text this search picks for the seat whose view it is."""
    texts = [m.text for m in view.legal]
    if len(texts) == 1:
        return texts[0]
    if family.decide is not None:
        decided = family.decide(view, rng, budget)
        if decided is not None:
            return decided
    if family.candidates is not None:
        texts = family.candidates(view, rng) or texts  # none: every legal action
        if len(texts) == 1:
            return texts[0]
    sample = family.sample or determinize
    # apply parses the texts itself where the legal actions far outnumber the candidates (hundreds of
    # discards): cheaper than listing and formatting every one of them in every sample
    by_text = len(view.legal) <= 4 * len(texts) + 16
    playouts = int(budget.playouts * family.effort(view))
    seat = view.seat
    if budget.exact_nodes and family.fully_known(view):
        state = determinize(view, rng)
        best = exact_choice(state, seat, budget.exact_nodes, family)
        if best is not None:
            return best
    # Sequential halving: the budget is split over ceil(log2(k)) rounds; after each round the worse half
    # of the candidates is dropped, so the close ones at the top get most of the playouts. The survivors
    # have always been played out on the same samples, so their totals compare like for like.
    alive = list(range(len(texts)))
    totals = [0.0] * len(texts)
    rounds = max(1, math.ceil(math.log2(len(texts))))
    clock = Deadline(budget.deadline)
    weighted = family.weighted_sample
    actions: dict[str, Any] | None = None
    race = budget.race
    values: list[list[float]] = [[] for _ in texts] if race else []  # per candidate, per sample (weighted)
    for r in range(rounds):
        samples = max(-(-budget.min_samples // rounds), int(playouts / rounds) // len(alive))
        for k in range(samples):
            if k and clock.passed((r + 1) / rounds):  # this round's share of the time is spent
                break
            if weighted is not None:
                world, w = weighted(view, rng)
            else:
                world, w = sample(view, rng), 1.0
            base = _Baseline(world, seat)
            win = family.win_value(world)
            if actions is None or not family.view_actions:
                actions = _actions_by_text(world, seat) if by_text else {}
            if not w:
                continue
            for i in alive:
                value = play_candidate(world, seat, actions.get(texts[i], texts[i]), base, win, family, rng, True)
                totals[i] += w * value
                if race:
                    values[i].append(w * value)
            if race and len(values[alive[0]]) % RACE_EVERY == 0:
                leader = _clear_leader(alive, totals, values, race)
                if leader is not None:
                    return texts[leader]
        alive.sort(key=lambda i: (-totals[i], i))
        if r < rounds - 1:
            del alive[(len(alive) + 1) // 2 :]  # keep the better half, rounded up
    return texts[alive[0]]


RACE_EVERY = 8  # samples between two looks at whether the leader is clear (`Budget.race`)


def _clear_leader(alive: list[int], totals: list[float], values: list[list[float]], z: float) -> int | None:
    """The candidate ahead of every other alive one by `z` standard errors of its paired difference with
    the runner-up (every alive candidate has been played out on the same samples), or None."""
    ranked = sorted(alive, key=lambda i: (-totals[i], i))
    diffs = [a - b for a, b in zip(values[ranked[0]], values[ranked[1]], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return ranked[0] if mean > 0 and mean * mean * n > z * z * spread else None


class Deadline:
    """CPU time of this process since the move began, against the budget's deadline (0: never passes)."""

    __slots__ = ("limit", "start")

    def __init__(self, limit: float) -> None:
        self.limit = limit
        self.start = time.process_time() if limit else 0.0

    def passed(self, share: float = 1.0) -> bool:
        """Whether `share` of the deadline is spent."""
        return bool(self.limit) and time.process_time() - self.start > self.limit * share


def _actions_by_text(state: GameState, seat: int) -> dict[str, Any]:
    fmt = state.format_action
    return {fmt(a): a for a in state.legal_actions(seat)}


class _OutOfNodes(Exception):
    pass


def exact_choice(state: GameState, seat: int, nodes: int, family: Family) -> str | None:
    """Alpha-beta over a fully known two-sided position to the end of the hand; None if it needs more
    than `nodes` positions (the caller samples instead)."""
    if len(state.sides) != 2:
        return None
    base = _Baseline(state, seat)
    win = family.win_value(state)
    left = [nodes]
    if hasattr(state, "deal_next_hand"):
        state.deal_next_hand = False  # the search ends with the hand

    def search(node: GameState, alpha: float, beta: float) -> float:
        if node.winner is not None or len(node.hands) != base.hands:
            return outcome(node, base, win)
        left[0] -= 1
        if left[0] < 0:
            raise _OutOfNodes
        mover = node.current
        acts = node.legal_actions(mover)
        maximize = node.side_of[mover] == base.side
        if len(acts) == 1:
            child = node.clone()
            child.apply(mover, acts[0])
            return search(child, alpha, beta)
        best = -1e18 if maximize else 1e18
        for act in acts:
            child = node.clone()
            child.apply(mover, act)
            value = search(child, alpha, beta)
            if maximize:
                best = max(best, value)
                alpha = max(alpha, value)
            else:
                best = min(best, value)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return best

    acts = state.legal_actions(seat)
    fmt = state.format_action
    try:
        best_text, best_value = None, -1e18
        for act in acts:
            child = state.clone()
            child.apply(seat, act)
            value = search(child, best_value, 1e18)
            if value > best_value:
                best_text, best_value = fmt(act), value
    except _OutOfNodes:
        return None
    return best_text
