"""The fives-family games as data: who plays, what is dealt, which doubles spin, how hands score.

Everything here is read off `docs/rules/fives.md` §0, §0.1 and §1-§6; where the rules leave something
open (∅) the recommended default is taken and the reason given next to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..options import MAX_LENGTH, SWITCH, OptionSpec


@dataclass(frozen=True, slots=True)
class FivesRules:
    id: str
    players: tuple[int, ...]
    scoring: str  # five-up | le-quantette | draw | quantette | all-fives
    spinners: str  # none | first | all
    muggins: str  # fifth (E/5) | face (E) | none
    hand_size: Callable[[int, dict[str, Any]], int]
    leave: Callable[[int, dict[str, Any]], int]
    boneyard: bool = True
    partners_at_4: bool = True
    first_leader: str = "draw"  # draw (C3) | highest_double
    later_leader: str = "rotate"  # rotate (clockwise) | winner
    tile_sets: tuple[str, ...] = ("d6",)


# -- hand sizes and leave counts ----------------------------------------------------------------------------
def _ida_hand(n: int, o: dict[str, Any]) -> int:
    return {"ida": 7 if n == 2 else 5, "clay": 5, "leeflang": 8 - n}[o["hand_size"]]


def _ida_leave(n: int, o: dict[str, Any]) -> int:
    return {"ida": 2 if n == 2 else 1, "clay": 1 if n == 3 else 2, "europe": 2}[o["leave"]]


def _kusaba_hand(n: int, o: dict[str, Any]) -> int:
    return 9 - n


def _kusaba_leave(n: int, o: dict[str, Any]) -> int:
    return 1 if n % 2 else 2


def _table_hand(sizes: dict[int, int]) -> Callable[[int, dict[str, Any]], int]:
    return lambda n, o: sizes[n]


def _all_fives_hand(n: int, o: dict[str, Any]) -> int:
    # d9 with three players is silent in S3; 8 sits between its 2p 9 and 4p 7 as the d6 3p hand of 6
    # sits between 7 and 5 (Sniff, which S3 equates with Yahoo's game).
    return {"d6": {2: 7, 3: 6, 4: 5}, "d9": {2: 9, 3: 8, 4: 7}}[o["tile_set"]][n]


def _option_leave(n: int, o: dict[str, Any]) -> int:
    return int(o["leave"])


def _no_leave(n: int, o: dict[str, Any]) -> int:
    return 0


RULES: dict[str, FivesRules] = {
    "five-up": FivesRules("five-up", (2, 3, 4), "five-up", "all", "fifth", _ida_hand, _ida_leave),
    "le-quantette": FivesRules("le-quantette", (2, 3, 4), "le-quantette", "all", "fifth", _ida_hand, _ida_leave),
    "draw": FivesRules("draw", (2, 3, 4, 5), "draw", "all", "none", _kusaba_hand, _kusaba_leave, partners_at_4=False),
    # Quantette with two players is ∅ in S1; fives.md recommends the 4p rules with one player a side.
    "quantette": FivesRules("quantette", (2, 3, 4, 5), "quantette", "all", "fifth", _kusaba_hand, _kusaba_leave),
    "all-fives": FivesRules(
        "all-fives",
        (2, 3, 4),
        "all-fives",
        "first",
        "face",
        _all_fives_hand,
        _option_leave,
        first_leader="highest_double",
        later_leader="winner",
        tile_sets=("d6", "d9"),
    ),
    "muggins": FivesRules(
        "muggins",
        (2, 3, 4),
        "all-fives",
        "none",
        "face",
        _table_hand({2: 7, 3: 5, 4: 5}),
        _option_leave,
        first_leader="highest_double",
        later_leader="winner",
    ),
    "sniff": FivesRules(
        "sniff",
        (2, 3, 4),
        "all-fives",
        "first",
        "face",
        _table_hand({2: 7, 3: 6, 4: 5}),
        _option_leave,
        first_leader="highest_double",
        later_leader="winner",
    ),
    "horse-race": FivesRules(
        "horse-race",
        (2, 3, 4),
        "all-fives",
        "all",
        "face",
        _table_hand({2: 7, 3: 6, 4: 5}),
        _option_leave,
        partners_at_4=False,
        first_leader="highest_double",
        later_leader="winner",
    ),
    "seven-toed-pete": FivesRules(
        "seven-toed-pete",
        (4,),
        "all-fives",
        "first",
        "face",
        _table_hand({4: 7}),
        _no_leave,
        boneyard=False,
        first_leader="highest_double",
        later_leader="winner",
    ),
    "seven-rocks": FivesRules(
        "seven-rocks",
        (4,),
        "all-fives",
        "all",
        "face",
        _table_hand({4: 7}),
        _no_leave,
        boneyard=False,
        first_leader="highest_double",
        later_leader="winner",
    ),
}

DEFAULT_PLAYERS = 4

_PARTNERS = OptionSpec("partners", ("by_draw", "by_agreement"), "by_draw")
_ROUNDING = OptionSpec("rounding", ("nearest", "truncate"), "nearest")
_CLOSE = OptionSpec("three_player_close", ("literal", "pairwise"), "literal")
_TARGETS_ALL_FIVES = OptionSpec("target", (50, 100, 250, 500), 250)
_LEAVE_0_2 = OptionSpec("leave", (0, 2), 0)

OPTIONS: dict[str, tuple[OptionSpec, ...]] = {
    "five-up": (
        _PARTNERS,
        OptionSpec("hand_size", ("ida", "clay", "leeflang"), "ida"),
        OptionSpec("leave", ("ida", "clay", "europe"), "ida"),
        _ROUNDING,
        _CLOSE,
        OptionSpec("winner_bonus_10", SWITCH, "off"),
        OptionSpec("skunk", ("off", "plus10", "double"), "off"),
        OptionSpec("domino_bonus_2", SWITCH, "off"),
        OptionSpec("target", (61,), 61),
    ),
    "le-quantette": (
        _PARTNERS,
        OptionSpec("hand_size", ("ida", "clay", "leeflang"), "clay"),
        OptionSpec("leave", ("ida", "clay", "europe"), "clay"),
        OptionSpec("rounding", ("nearest", "truncate"), "truncate"),
        _CLOSE,
        OptionSpec("demi_score", SWITCH, "off"),
        OptionSpec("parties_to_win", (), 1, minimum=1, maximum=MAX_LENGTH),
        OptionSpec("target", (35,), 35),
    ),
    "draw": (OptionSpec("rounds", (), {2: 2, 3: 3, 4: 4, 5: 5}, minimum=1, maximum=MAX_LENGTH),),
    "quantette": (
        _PARTNERS,
        OptionSpec("going_out_bonus", (0, 1), 1),
        OptionSpec("block_diff_5", ("literal", "plain"), "literal"),
        OptionSpec("target", (35,), 35),
    ),
    "all-fives": (OptionSpec("tile_set", ("d6", "d9"), "d6"), _LEAVE_0_2, _TARGETS_ALL_FIVES),
    "muggins": (_LEAVE_0_2, _TARGETS_ALL_FIVES, OptionSpec("muggins_claim", ("auto", "call"), "auto")),
    "sniff": (_LEAVE_0_2, _TARGETS_ALL_FIVES),
    "horse-race": (_LEAVE_0_2, _TARGETS_ALL_FIVES),
    "seven-toed-pete": (_TARGETS_ALL_FIVES,),
    "seven-rocks": (_TARGETS_ALL_FIVES,),
}


def has_partners(rules: FivesRules, players: int) -> bool:
    return players == 4 and rules.partners_at_4
