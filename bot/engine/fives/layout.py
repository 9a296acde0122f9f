"""The layout of the fives family (fives.md C4, C5): lines, crosswise doubles and spinners.

Every tile on the table is a node. A node remembers which end of its parent it covers and the compass
direction it runs in from there (the lead's line runs W-E, so the lead's arms are N and S). Open ends
are kept in a flat list of `(number, node, direction, is_arm)`, and the end count is kept up to date as
tiles are placed, because every play of every game asks for it.

End count (C5): a simple end counts its open number; a double counts both halves, once, while at least
one of its sides is uncovered, and nothing once both sides are covered (its arms count through the
tiles later played on them); a lone lead simple counts both halves.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..tiles import COMPASS, HI, IS_DOUBLE, LO, E, N, S, W

__all__ = ["COMPASS", "SPINNER_POLICIES", "E", "Layout", "N", "Node", "S", "W"]
SPINNER_POLICIES = ("none", "first", "all")


@dataclass(slots=True)
class Node:
    tile: int
    touch: int  # the number touching the parent (-1 for the lead)
    free: int  # the number facing away from the parent (lead simple: its lower half)
    parent: int  # node index (-1 for the lead)
    dir: int  # compass direction from the parent (the lead's axis is E)
    double: bool
    spinner: bool
    sides_open: int  # doubles: uncovered sides


class Layout:
    """A fives-family layout; `ends` and `count` are read directly by the game for speed."""

    __slots__ = ("count", "ends", "node_of_tile", "nodes", "policy", "seen_double")

    def __init__(self, policy: str) -> None:
        if policy not in SPINNER_POLICIES:
            raise ValueError(f"unknown spinner policy {policy!r}")
        self.policy = policy
        self.nodes: list[Node] = []
        self.ends: list[tuple[int, int, int, bool]] = []
        self.count = 0
        self.node_of_tile: dict[int, int] = {}
        self.seen_double = False

    def _is_spinner(self) -> bool:
        policy = self.policy
        return policy == "all" or (policy == "first" and not self.seen_double)

    def clone(self) -> Layout:
        """An independent copy: only doubles change once placed (their uncovered sides), so simple tiles'
        nodes are shared."""
        new = Layout.__new__(Layout)
        new.policy = self.policy
        new.nodes = [
            Node(n.tile, n.touch, n.free, n.parent, n.dir, True, n.spinner, n.sides_open) if n.double else n
            for n in self.nodes
        ]
        new.ends = self.ends[:]
        new.count = self.count
        new.node_of_tile = self.node_of_tile.copy()
        new.seen_double = self.seen_double
        return new

    # -- placing ----------------------------------------------------------------------------------------
    def lead(self, tile: int) -> int:
        lo, hi = LO[tile], HI[tile]
        if lo == hi:
            self.nodes.append(Node(tile, -1, lo, -1, E, True, self._is_spinner(), 2))
            self.seen_double = True
            self.ends = [(lo, 0, W, False), (lo, 0, E, False)]
            self.count = 2 * lo
        else:
            self.nodes.append(Node(tile, -1, lo, -1, E, False, False, 0))
            self.ends = [(hi, 0, W, False), (lo, 0, E, False)]
            self.count = lo + hi
        self.node_of_tile[tile] = 0
        return self.count

    def count_after(self, tile: int, end: int) -> int:
        """The end count if `tile` were placed on open end number `end` (nothing changes)."""
        value, n, _, arm = self.ends[end]
        target = self.nodes[n]
        count = self.count
        if target.double:
            if not arm and target.sides_open == 1:
                count -= 2 * value
        else:
            count -= value
        if IS_DOUBLE[tile]:
            return count + 2 * value
        return count + (HI[tile] if LO[tile] == value else LO[tile])

    def place(self, tile: int, end: int) -> int:
        """Place `tile` on open end number `end` (which it must match); returns the new end count."""
        ends = self.ends
        value, n, direction, arm = ends.pop(end)
        target = self.nodes[n]
        count = self.count
        if target.double:
            if not arm:
                target.sides_open -= 1
                if target.sides_open == 0:
                    count -= 2 * value
                    if target.spinner:
                        axis = target.dir
                        ends.append((value, n, (axis + 1) % 4, True))
                        ends.append((value, n, (axis + 3) % 4, True))
        else:
            count -= value
        index = len(self.nodes)
        if IS_DOUBLE[tile]:
            self.nodes.append(Node(tile, value, value, n, direction, True, self._is_spinner(), 1))
            self.seen_double = True
            ends.append((value, index, direction, False))
            count += 2 * value
        else:
            other = HI[tile] if LO[tile] == value else LO[tile]
            self.nodes.append(Node(tile, value, other, n, direction, False, False, 0))
            ends.append((other, index, direction, False))
            count += other
        self.node_of_tile[tile] = index
        self.count = count
        return count

    # -- questions --------------------------------------------------------------------------------------
    def find_end(self, tile: int, target_tile: int, side: int = -1) -> int:
        """Index of the first open end of `target_tile` that `tile` matches (and runs to `side` if given),
        or -1."""
        n = self.node_of_tile.get(target_tile, -1)
        if n < 0:
            return -1
        lo, hi = LO[tile], HI[tile]
        for i, (value, node, direction, _) in enumerate(self.ends):
            if node == n and (value == lo or value == hi) and (side < 0 or direction == side):
                return i
        return -1

    def arm_waiting(self, target_tile: int, side: int) -> bool:
        """True when `side` is an arm of the spinner `target_tile` that has not opened yet."""
        n = self.node_of_tile.get(target_tile, -1)
        if n < 0:
            return False
        node = self.nodes[n]
        return node.spinner and node.sides_open > 0 and side in ((node.dir + 1) % 4, (node.dir + 3) % 4)

    def open_numbers(self, target_tile: int) -> list[int]:
        n = self.node_of_tile.get(target_tile, -1)
        return [value for value, node, _, _ in self.ends if node == n]
