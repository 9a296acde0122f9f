"""Five Hundred as data: the options of five-hundred.md §0.1, the sides, what is dealt, and the bids in
auction order with their Avondale values (§4, §7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..options import SWITCH, OptionSpec
from .cards import NT, SUITS

GAME_ID = "five-hundred"
PLAYERS = (2, 3, 4, 5, 6)
DEFAULT_PLAYERS = 4
HAND_SIZE = 10
TRICKS = 10
TARGET = 500

# `players` of §0.1 is GameInfo.players/default_players, not an option (resolve_options checks it).
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("joker", SWITCH, "on"),
    OptionSpec("auction", ("parlett", "uspc_single"), "parlett"),
    OptionSpec("misere_rank", ("parlett", "uspc", "off"), "parlett"),
    OptionSpec("open_misere", SWITCH, "on"),
    OptionSpec("open_misere_value", (520, 500), 520),
    OptionSpec("open_misere_rank", ("highest", "pagat"), "highest"),
    OptionSpec("open_misere_expose", ("before_first_lead", "after_first_trick"), "before_first_lead"),
    OptionSpec("all_pass", ("play_no_trump", "redeal"), "play_no_trump"),
    OptionSpec("defenders_can_win", SWITCH, "on"),
    OptionSpec("five_player_partner_reveal", ("immediate", "hidden"), "immediate"),
    OptionSpec("five_player_two_partners_at_8", SWITCH, "off"),
    OptionSpec("six_player_teams", ("two_of_three", "three_of_two"), "two_of_three"),
    OptionSpec("two_player_deck", ("33_dummy", "25_widow5"), "33_dummy"),
    OptionSpec("nt_joker", ("void_only",), "void_only"),
)


def sides_for(players: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    """4 players: partners opposite; 6: two teams of three (alternate seats) or three of two (opposite);
    2, 3 and 5 players: everyone for himself (the 5p partner is chosen anew each hand)."""
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        if options.get("six_player_teams", "two_of_three") == "three_of_two":
            return ((0, 3), (1, 4), (2, 5))
        return ((0, 2, 4), (1, 3, 5))
    return tuple((s,) for s in range(players))


@dataclass(frozen=True, slots=True)
class Layout:
    """What is dealt: the hands that play, a dummy hand set aside (2p USPC) and the widow's size."""

    hands: int
    dummy: bool
    widow: int


def layout(players: int, options: dict[str, Any]) -> Layout:
    joker = options["joker"] == "on"
    if players == 2 and options["two_player_deck"] == "25_widow5":
        return Layout(2, False, 5 if joker else 4)
    return Layout(players, players == 2, 3 if joker else 2)


# -- bids -----------------------------------------------------------------------------------------------------
MISERE = 5  # denominations after S C D H NT
OPEN_MISERE = 6


class Bid(tuple):
    """A bid: (tricks, denomination); misère and open misère have tricks 0. Compares as a plain tuple."""

    __slots__ = ()

    @property
    def tricks(self) -> int:
        return self[0]

    @property
    def denom(self) -> int:
        return self[1]

    @property
    def misere(self) -> bool:
        return self[1] >= MISERE

    @property
    def trump(self) -> int:
        """The trump suit (0-3), or NT for no trump and both misères (§6 Rec.: the joker the only trump)."""
        return self[1] if self[1] < NT else NT

    def __str__(self) -> str:
        if self[1] == MISERE:
            return "misere"
        if self[1] == OPEN_MISERE:
            return "open-misere"
        return f"{self[0]}{'NT' if self[1] == NT else SUITS[self[1]]}"

    def __repr__(self) -> str:
        return f"Bid({self})"


REGULAR_BIDS = tuple(Bid((t, d)) for t in range(6, 11) for d in range(NT + 1))
MISERE_BID = Bid((0, MISERE))
OPEN_MISERE_BID = Bid((0, OPEN_MISERE))
BIDS = {str(b): b for b in (*REGULAR_BIDS, MISERE_BID, OPEN_MISERE_BID)}


def ladder(options: dict[str, Any]) -> tuple[Bid, ...]:
    """Every bid the options allow, lowest first (§4; §10 old USPC for Nullo; §11.2 for open misère)."""
    bids = list(REGULAR_BIDS)
    if options["misere_rank"] == "parlett":
        bids.insert(bids.index(BIDS["7NT"]) + 1, MISERE_BID)
    elif options["misere_rank"] == "uspc":
        bids.insert(bids.index(BIDS["8S"]) + 1, MISERE_BID)
    if options["open_misere"] == "on":
        if options["open_misere_rank"] == "pagat":
            bids.insert(bids.index(BIDS["10D"]) + 1, OPEN_MISERE_BID)
        else:
            bids.append(OPEN_MISERE_BID)
    return tuple(bids)


def bid_value(bid: Bid, options: dict[str, Any]) -> int:
    """The Avondale table (§7): 40 + 100·(tricks − 6) + 20·suit; misère 250; open misère 520 or 500."""
    if bid[1] == MISERE:
        return 250
    if bid[1] == OPEN_MISERE:
        return int(options["open_misere_value"])
    return 40 + 100 * (bid[0] - 6) + 20 * bid[1]
