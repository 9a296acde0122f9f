"""The Domineren layout: the set, the sides it offers under the declared type, and straight arms.

Every tile on the table is a node that remembers the compass direction it runs in (the set's line runs
W-E, so a cross's extra arms run N and S) and the arm it belongs to, named by the side of the set the arm
leaves from. Open ends are `(number, node, direction, arm)`; what may be played on an end (which rule,
whether it must be a double or a matador, whether it is open yet) follows from the plan of the declared
type and how far the layout has grown, so nothing but the nodes and ends has to be stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import HI, LO
from .gametypes import CROSS, LINE, SET_SIDES, TRIANGLE, Plan
from .matching import ANY, FIT, IS_MATADOR, MATADOR, NORMAL, RUSSIAN, fit_key

End = tuple[int, int, int, int]  # (open number, node index, direction, arm)


@dataclass(slots=True)
class Node:
    tile: int
    touch: int  # the half touching the parent (-1 for the set)
    free: int  # the half facing away (-1 for the set, whose open numbers are in the ends)
    parent: int  # node index (-1 for the set)
    dir: int  # compass direction from the parent
    arm: int  # the side of the set this arm leaves from (-1 for the set)
    rule: int  # the rule it was placed under (-1 for the set)
    special: bool  # played out of turn on the set (§8)
    seat: int


class Layout:
    """The table of one hand; `ends` and `nodes` are read directly by the state and the view."""

    __slots__ = (
        "_options",
        "arm_len",
        "arm_rule",
        "arms_open",
        "ends",
        "node_of_tile",
        "nodes",
        "plan",
        "queue",
        "sides",
    )

    def __init__(self, set_tile: int, seat: int) -> None:
        self.nodes = [Node(set_tile, -1, -1, -1, 0, -1, -1, False, seat)]
        self.node_of_tile = {set_tile: 0}
        self.ends: list[End] = []  # none until the type is declared
        self.plan: Plan | None = None
        self.sides = 0  # tiles put on the set
        self.arm_len = [0, 0, 0, 0]
        self.arm_rule = [NORMAL] * 4
        self.arms_open = False
        self.queue: list[int] = []
        self._options: list[tuple[int, int, int, int, int, bool]] | None = None  # until the layout changes

    def declare(self, plan: Plan) -> None:
        """Open the set's sides under the declared type: W and E for a line, all four otherwise."""
        tile = self.nodes[0].tile
        self.plan = plan
        self._options = None
        self.arm_rule = plan.arm_rule[:]  # condition c may swap them
        self.queue = list(plan.queue)
        self.arms_open = plan.shape == LINE
        # a single set shows its higher half to the W (the convention of the whole engine)
        self.ends = [(HI[tile] if side != 0 else LO[tile], 0, side, side) for side in SET_SIDES[plan.shape]]

    def clone(self) -> Layout:
        """An independent copy (nodes are never changed once placed, so they are shared)."""
        new = Layout.__new__(Layout)
        new.nodes = self.nodes[:]
        new.node_of_tile = dict(self.node_of_tile)
        new.ends = self.ends[:]
        new.plan = self.plan
        new.sides = self.sides
        new.arm_len = self.arm_len[:]
        new.arm_rule = self.arm_rule[:]
        new.arms_open = self.arms_open
        new.queue = self.queue[:]
        new._options = self._options  # never changed in place, only dropped
        return new

    # -- what may go where ------------------------------------------------------------------------------
    def end_rule(self, end: End) -> tuple[int, int] | None:
        """(rule, need) for the next tile on `end`, or None while that end is not open yet."""
        _, node, side, arm = end
        plan = self.plan
        assert plan is not None
        if node == 0:
            if plan.shape == LINE:
                return self.arm_rule[side], ANY
            if plan.shape == CROSS:
                return plan.side_rule_for(side, self.sides), ANY
            return (RUSSIAN, MATADOR) if self.sides < 3 else (NORMAL, ANY)  # 17's fourth side
        if not self.arms_open:
            return None
        if self.arm_len[arm] == 1:
            return self.arm_rule[arm], plan.arm_need[arm]
        return self.arm_rule[arm], ANY

    def options(self, special: bool = False) -> list[tuple[int, int, int, int, int, bool]]:
        """The ends a tile may go to now: (end index, open number, fit key, node, direction, is the
        directed end). A normal play must follow conditions a/b; a special double goes on the set only,
        on either end (§18.11). Every hand and every blocked-hand test asks this of the same layout, so
        a normal play's list is kept until the next tile is placed: treat it as read-only."""
        if not special and self._options is not None:
            return self._options
        out = []
        head = self.queue[0] if self.queue else -1
        nodes = self.nodes
        arms_open, arm_rule, arm_len = self.arms_open, self.arm_rule, self.arm_len
        plan = self.plan
        for i, end in enumerate(self.ends):
            value, node, side, arm = end
            if special:
                if node != 0:
                    continue
            elif head >= 0 and arm != head:
                continue
            if node:  # an arm's end: `end_rule` inline (every playout move asks this of every end)
                if not arms_open:
                    continue
                assert plan is not None  # (an end exists once the type is declared)
                rule, need = arm_rule[arm], plan.arm_need[arm] if arm_len[arm] == 1 else ANY
            else:
                state = self.end_rule(end)
                if state is None:
                    continue
                rule, need = state
            key = fit_key(rule, need, IS_MATADOR[nodes[node].tile])
            out.append((i, value, key, node, side, arm == head))
        if not special:
            self._options = out
        return out

    def can_play(self, hand: list[int]) -> bool:
        for _, value, key, _, _, _ in self.options():
            fits = FIT[key][value]
            for t in hand:
                if fits[t]:
                    return True
        return False

    # -- placing ----------------------------------------------------------------------------------------
    def place(self, tile: int, index: int, touch: int, special: bool, seat: int) -> int:
        """Put `tile` on end number `index` with `touch` touching (a legal placement); returns its node."""
        end = self.ends[index]
        _, node, side, arm = end
        state = self.end_rule(end)
        assert state is not None
        self._options = None
        free = HI[tile] if touch == LO[tile] else LO[tile]
        new = len(self.nodes)
        self.nodes.append(Node(tile, touch, free, node, side, arm, state[0], special, seat))
        self.node_of_tile[tile] = new
        self.ends[index] = (free, new, side, arm)
        self.arm_len[arm] += 1
        plan = self.plan
        assert plan is not None
        if node == 0:
            self.sides += 1
            if plan.shape == CROSS and self.sides == 4:
                self.arms_open = True
            elif plan.shape == TRIANGLE:
                if self.sides == 3 and not plan.fourth_side:
                    self.ends = [e for e in self.ends if e[1] != 0]  # 14-16: the 4th side stays closed
                    self.arms_open = True
                elif self.sides == 4:
                    self.arms_open = True
        # conditions a/b: a normal play goes to the head of the queue; a special double (§18.11) counts for
        # the end it lies on wherever that end stands in the queue, so that under condition a two special
        # doubles fulfil the order whichever of their players is asked first
        if arm in self.queue and (special or arm == self.queue[0]):
            self.queue.remove(arm)
            if not self.queue and plan.switch:
                self.arm_rule = [RUSSIAN - r for r in self.arm_rule]
        return new

    def playout_place(self, tile: int, index: int, touch: int, seat: int) -> int:
        """`place` for a search's playout (a normal play, legal): the same layout, but where the tile goes
        on an arm outside conditions a/b's order (most playout moves), nothing but the end played on can
        change what `options` says, so the options kept are updated at that end instead of being worked
        out again for every end by the next `options` (cross-checked in tests/ai). bot.ai.domineren_playouts'
        rollout writes the same out in its loop, beside the policy's tables it keeps per option."""
        _, node, side, arm = self.ends[index]
        old = self._options
        if node == 0 or old is None or arm in self.queue:
            return self.place(tile, index, touch, False, seat)
        rule = self.arm_rule[arm]  # `end_rule` of an arm's end, open (the play is legal), past its first tile
        free = HI[tile] if touch == LO[tile] else LO[tile]
        new = len(self.nodes)
        self.nodes.append(Node(tile, touch, free, node, side, arm, rule, False, seat))
        self.node_of_tile[tile] = new
        self.ends[index] = (free, new, side, arm)
        self.arm_len[arm] += 1
        options = old[:]  # (a clone may share the old list: never changed in place)
        for k, option in enumerate(options):
            if option[0] == index:
                options[k] = (index, free, fit_key(rule, ANY, IS_MATADOR[tile]), new, side, option[5])
                self._options = options
                return new
        self._options = None  # (the end was not among the options: worked out again when asked)
        return new
