"""Five Hundred actions and their text (docs/records.md, "Action notation").

Bids `6S`..`10NT`, `misere`, `open-misere` and `pass`; the declarer's `discard 4H 5H JC`; the five-player
`call AS` (`call AS KH` for two partners) or `solo`; a play is the card, `JK:H` when the joker is led at no
trump and named a heart. `7H` is both a bid and a card: the auction reads it as a bid, play as a card.
"""

from __future__ import annotations

from typing import NamedTuple

from ..base import PASS, Word
from ..errors import BadNotation, quoted
from .cards import JOKER, NAMES, SUITS, parse_card
from .rules import BIDS, Bid


class Play(NamedTuple):
    """A card played; `named` is the suit (0-3) a joker led at no trump stands for, else -1."""

    card: int
    named: int = -1

    def __str__(self) -> str:
        return NAMES[self.card] if self.named < 0 else f"JK:{SUITS[self.named]}"


PLAYS = [Play(c) for c in range(JOKER + 1)]
JOKER_LEADS = [Play(JOKER, s) for s in range(4)]


class Discard(tuple):
    """The declarer's discard: card ids in ascending order, so that any written order is the same action."""

    __slots__ = ()

    def __str__(self) -> str:
        return "discard " + " ".join(NAMES[c] for c in self)


class Call(tuple):
    """The five-player partner call: the named cards, highest first."""

    __slots__ = ()

    def __str__(self) -> str:
        return "call " + " ".join(NAMES[c] for c in self)


SOLO = Word("solo")

Action = Bid | Play | Discard | Call | Word


def _cards(words: list[str], raw: str) -> list[int]:
    cards = [parse_card(w) for w in words]
    if len(set(cards)) != len(cards):
        raise BadNotation(f"{quoted(raw)} names a card twice", "card_twice", text=raw)
    return cards


def _bid(text: str) -> Bid | None:
    text = text.replace("è", "e").replace(" ", "-")
    if text == "nullo":
        text = "misere"
    return BIDS.get(text.upper() if text[:1].isdigit() else text)


def parse(text: str, bidding: bool = False) -> Action:
    """Action text to an action (syntax only). `bidding` says the auction is on, where `7H` is a bid."""
    raw = text
    text = " ".join(str(text).strip().lower().split())
    if text == "pass" or text == "solo":
        return PASS if text == "pass" else SOLO
    head, _, rest = text.partition(" ")
    if head in ("discard", "call"):
        if not rest:
            raise BadNotation(f"{quoted(raw)} names no card", "no_cards", text=raw)
        cards = _cards(rest.split(), raw)
        return Discard(sorted(cards)) if head == "discard" else Call(sorted(cards, reverse=True))
    if head == "bid":
        bid = _bid(rest)
        if bid is None:
            raise BadNotation(f"{quoted(raw)} is not a bid (6S..10NT, misere, open-misere)", "bad_bid", text=raw)
        return bid
    bid = _bid(text)
    if bid is not None and (bidding or text.endswith("nt") or bid.misere):
        return bid
    if text.startswith("jk:"):
        suit = SUITS.find(text[3:].upper()) if len(text) == 4 else -1
        if suit < 0:
            raise BadNotation(
                f"{quoted(raw)}: name the joker's suit with S, C, D or H (JK:H)", "bad_joker_suit", text=raw
            )
        return JOKER_LEADS[suit]
    try:
        return PLAYS[parse_card(text)]
    except BadNotation:
        if bid is not None:
            return bid
        raise BadNotation(
            f"{quoted(raw)} is not a Five Hundred action (try 7H, pass, discard 4H 5H JC, call AS or a card like 10H)",
            "bad_action",
            text=raw,
        ) from None
