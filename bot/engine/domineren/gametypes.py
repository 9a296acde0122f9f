"""The 18 game types the set player may declare (domineren.md §5, §17, §18), their parameters and the
plan of the layout each one sets up.

Type ids are the spec's numbers as strings: "1" .. "12", "13a" (Volapük cross), "13b" (Volapük double
cross), "14" .. "18". A declaration is written `type ID [PARAMETERS]` (docs/domineren.md):

    type 11 normal a:W           directed opening on type 1, the W end first, then the E end
    type 11 russian b:E:3 switch on type 4, the next 3 tiles to the E, then the normal rule
    type 12 normal:W b:E:2       Volapük, W normal and E Russian, the next 2 tiles to the E
    type 13a normal:NS           Volapük cross, the N-S axis normal, the W-E axis Russian
    type 18 double-cross         split cross continued as a normal double cross
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from ..errors import BadNotation, quoted
from ..tiles import COMPASS, IS_DOUBLE, E, N, S, W
from .matching import ANY, BLANK_DOUBLE, DOUBLE, DOUBLE_OR_MATADOR, NORMAL, RULE_NAMES, RUSSIAN

TYPE_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13a", "13b", "14", "15", "16", "17", "18")

NAMES = {
    "1": "Normal dominoes",
    "2": "Normal cross",
    "3": "Normal double cross",
    "4": "Russian dominoes",
    "5": "Russian cross",
    "6": "Russian double cross",
    "7": "Normal cross, then Russian cross",
    "8": "Normal cross, then Russian double cross",
    "9": "Russian cross, then normal cross",
    "10": "Russian cross, then normal double cross",
    "11": "Directed opening",
    "12": "Volapük",
    "13a": "Volapük cross",
    "13b": "Volapük double cross",
    "14": "Triangle",
    "15": "Triangle with doubles",
    "16": "Triangle, then normal",
    "17": "Triangle cross",
    "18": "Split cross",
}

# What the set must be (§18 table).
ANY_SET = frozenset({"1", "4", "11", "12"})
NOT_BLANK = frozenset({"5", "6", "9", "10"})  # a double other than 0-0
BLANK_ONLY = frozenset({"14", "15", "16", "17"})  # 0-0
NO_SPECIALS = frozenset({"12", "13a", "13b"})  # §8: no special double plays in Volapük (Rec. also 13a/13b)
WITH_PARAMETERS = frozenset({"11", "12", "13a", "13b", "18"})  # declared with parameters (`Declaration.__str__`)

LINE, CROSS, TRIANGLE = 0, 1, 2
OPPOSITE = {W: E, E: W, N: S, S: N}


class Declaration(NamedTuple):
    """A declared game type with its parameters (unused ones keep their defaults)."""

    type_id: str
    base: int = -1  # type 11: the rule of the line (NORMAL or RUSSIAN)
    cond: str = ""  # type 11: "a" or "b"; type 12: "b" or ""
    end: int = -1  # conditions a and b: the end of the set named first (W or E)
    count: int = 0  # type: ignore[assignment]  # (shadows tuple.count, never called on a Declaration) condition b: how many tiles go that way (1-4)
    switch: bool = False  # type 11 condition c: swap the rule once a or b is fulfilled
    normal: int = -1  # type 12: the normal direction (W or E); 13a/13b: the normal axis (E: W-E, N: N-S)
    double_cross: bool = False  # type 18: continued as a normal double cross

    def __str__(self) -> str:
        words = ["type", self.type_id]
        t = self.type_id
        if t == "11":
            words.append(RULE_NAMES[self.base])
        elif t == "12":
            words.append(f"normal:{COMPASS[self.normal]}")
        elif t in ("13a", "13b"):
            words.append("normal:WE" if self.normal == E else "normal:NS")
        elif t == "18":
            words.append("double-cross" if self.double_cross else "cross")
        if self.cond == "a":
            words.append(f"a:{COMPASS[self.end]}")
        elif self.cond == "b":
            words.append(f"b:{COMPASS[self.end]}:{self.count}")
        if self.switch:
            words.append("switch")
        return " ".join(words)


def parse_declaration(text: str) -> Declaration:
    """`type ...` text to a Declaration (syntax only; whether the set allows it is the state's question)."""
    words = text.lower().split()
    if len(words) < 2 or words[0] != "type":
        raise BadNotation(f"{quoted(text)} is not a type declaration (try: type 1)", "bad_declaration", text=text)
    type_id, params = words[1], words[2:]
    if type_id not in TYPE_IDS:
        raise BadNotation(
            f"{quoted(text)}: there is no game type {quoted(type_id)} (types are 1-12, 13a, 13b, 14-18)",
            "unknown_type",
            text=text,
            type=type_id,
        )
    fields: dict[str, object] = {}
    for word in params:
        key, _, value = word.partition(":")
        if word in RULE_NAMES and type_id == "11" and "base" not in fields:
            fields["base"] = RULE_NAMES.index(word)
        elif word == "switch" and type_id == "11" and not fields.get("switch"):
            fields["switch"] = True
        elif word in ("cross", "double-cross") and type_id == "18" and "double_cross" not in fields:
            fields["double_cross"] = word == "double-cross"
        elif key == "normal" and type_id == "12" and value in ("w", "e") and "normal" not in fields:
            fields["normal"] = COMPASS.index(value.upper())
        elif (
            key == "normal"
            and type_id in ("13a", "13b")
            and value in ("we", "ew", "ns", "sn")
            and "normal" not in fields
        ):
            fields["normal"] = E if "w" in value else N
        elif key in ("a", "b") and "cond" not in fields and _condition_allowed(type_id, key):
            end, _, count = value.partition(":")
            if (
                end not in ("w", "e")
                or (key == "a") != (count == "")
                or (key == "b" and count not in ("1", "2", "3", "4"))
            ):
                raise BadNotation(
                    f"{quoted(text)}: write condition a as a:W or a:E, condition b as b:W:3 (1 to 4 tiles)",
                    "bad_condition",
                    text=text,
                )
            fields.update(cond=key, end=COMPASS.index(end.upper()), count=int(count or 0))
        else:
            raise BadNotation(
                f"{quoted(text)}: {quoted(word)} is not a parameter of type {type_id}",
                "bad_type_param",
                text=text,
            )
    required = {"11": ("base", "cond"), "12": ("normal",), "13a": ("normal",), "13b": ("normal",)}
    required["18"] = ("double_cross",)
    missing = [name for name in required.get(type_id, ()) if name not in fields]
    if missing or (fields.get("switch") and "cond" not in fields):
        raise BadNotation(
            f"{quoted(text)}: type {type_id} needs its parameters ({example(type_id)})",
            "missing_type_param",
            text=text,
            example=example(type_id),
        )
    return Declaration(type_id, **fields)  # type: ignore[arg-type]


def _condition_allowed(type_id: str, cond: str) -> bool:
    return type_id == "11" or (type_id == "12" and cond == "b")


def example(type_id: str) -> str:
    return {
        "11": "type 11 normal a:W",
        "12": "type 12 normal:W",
        "13a": "type 13a normal:WE",
        "13b": "type 13b normal:NS",
        "18": "type 18 cross",
    }.get(type_id, f"type {type_id}")


def set_allows(type_id: str, set_tile: int) -> bool:
    if type_id in ANY_SET:
        return True
    if type_id in BLANK_ONLY:
        return set_tile == BLANK_DOUBLE
    if type_id in NOT_BLANK:
        return IS_DOUBLE[set_tile] and set_tile != BLANK_DOUBLE
    return IS_DOUBLE[set_tile]


@cache
def declarations(set_tile: int, allowed: tuple[str, ...]) -> tuple[Declaration, ...]:
    """Every declaration the set player may make after `set_tile`, in type order (kept per set and
    options: every hand, and every search that replays one, asks it again)."""
    out: list[Declaration] = []
    ends = (W, E)
    for t in allowed:
        if not set_allows(t, set_tile):
            continue
        if t == "11":
            for base in (NORMAL, RUSSIAN):
                for switch in (False, True):
                    out.extend(Declaration(t, base, "a", end, 0, switch) for end in ends)
                    out.extend(Declaration(t, base, "b", end, k, switch) for end in ends for k in range(1, 5))
        elif t == "12":
            for normal in ends:
                out.append(Declaration(t, normal=normal))
                out.extend(Declaration(t, -1, "b", end, k, False, normal) for end in ends for k in range(1, 5))
        elif t in ("13a", "13b"):
            out.extend(Declaration(t, normal=axis) for axis in (E, N))
        elif t == "18":
            out.extend(Declaration(t, double_cross=dc) for dc in (False, True))
        else:
            out.append(Declaration(t))
    return tuple(out)


@dataclass(slots=True)
class Plan:
    """How the layout of a declared type grows. Rules and needs are per compass side of the set."""

    shape: int
    arm_rule: list[int]  # the rule of each arm's tiles after its first (LINE: every tile of the arm)
    arm_need: list[int]  # what the second tile of each arm must be (double crosses, type 15)
    side_rule: list[int]  # CROSS: the rule of the tile put on each side of the set
    side_order: tuple[int, ...] = ()  # type 18: the rule of the k-th tile put on the set, by order
    fourth_side: bool = False  # type 17: the triangle's 4th side is played (normal) before the arms
    specials: bool = True  # §8 special double plays on the set
    queue: tuple[int, ...] = ()  # conditions a/b: the arms the next tiles must go to, in order
    switch: bool = False  # condition c

    def side_rule_for(self, side: int, placed: int) -> int:
        return self.side_order[placed] if self.side_order else self.side_rule[side]


def _per_side(rule: int) -> list[int]:
    return [rule] * 4


def _needs(rules: list[int], double_cross: bool) -> list[int]:
    if not double_cross:
        return _per_side(ANY)
    return [DOUBLE if r == NORMAL else DOUBLE_OR_MATADOR for r in rules]


def plan_for(decl: Declaration, type9_double_cross: bool) -> Plan:
    """The layout plan of a declaration (the set requirement is checked before)."""
    t = decl.type_id
    no_needs = _per_side(ANY)
    if t in ("1", "4", "11", "12"):
        if t == "12":
            rules = _per_side(RUSSIAN)
            rules[decl.normal] = NORMAL
        else:
            rules = _per_side({"1": NORMAL, "4": RUSSIAN, "11": decl.base}[t])
        if decl.cond == "a":
            queue: tuple[int, ...] = (decl.end, OPPOSITE[decl.end])
        else:
            queue = (decl.end,) * decl.count
        return Plan(LINE, rules, no_needs, rules[:], specials=t != "12", queue=queue, switch=decl.switch)
    if t in BLANK_ONLY:
        arms = _per_side(RUSSIAN if t in ("14", "15") else NORMAL)
        needs = _per_side(DOUBLE) if t == "15" else no_needs
        return Plan(TRIANGLE, arms, needs, _per_side(RUSSIAN), fourth_side=t == "17")
    if t in ("13a", "13b"):
        rules = [NORMAL if side % 2 == decl.normal % 2 else RUSSIAN for side in range(4)]
        return Plan(CROSS, rules, _needs(rules, t == "13b"), rules[:], specials=False)
    if t == "18":
        arms = _per_side(NORMAL)
        order = (RUSSIAN, RUSSIAN, NORMAL, NORMAL)
        return Plan(CROSS, arms, _needs(arms, decl.double_cross), arms[:], side_order=order)
    side, arm, double_cross = {
        "2": (NORMAL, NORMAL, False),
        "3": (NORMAL, NORMAL, True),
        "5": (RUSSIAN, RUSSIAN, False),
        "6": (RUSSIAN, RUSSIAN, True),
        "7": (NORMAL, RUSSIAN, False),
        "8": (NORMAL, RUSSIAN, True),
        "9": (RUSSIAN, NORMAL, type9_double_cross),
        "10": (RUSSIAN, NORMAL, True),
    }[t]
    arms = _per_side(arm)
    return Plan(CROSS, arms, _needs(arms, double_cross), _per_side(side))


SET_SIDES = {LINE: (W, E), CROSS: (W, E, N, S), TRIANGLE: (W, E, N, S)}
