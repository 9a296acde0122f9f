"""Five Hundred in words: cards and bids, what each action did and made public (a partner now known, an
open-misère hand laid face up, the trick it took), where the hand stands, and a hand's result with the
tricks each side took.

Cards are in record notation (`10H`, `JK`, `JK:H` the joker led at no trump as hearts); a bid and a card
are written alike (`7H`), so what an action was is read from the engine's events for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.engine import Legal, View
from bot.engine.five_hundred import FiveHundredView, LegalAction
from bot.engine.five_hundred.cards import NAMES, SUITS, left_bower
from bot.i18n import tr

from .base import Ends, Presenter, of_kind
from .common import side_name, word_label

if TYPE_CHECKING:
    from bot.tables import BoardChanged, HandEnded

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}


def card(text: str, locale: str) -> str:
    """`10H` -> `10♥`; the joker by name (`JK:H`, the joker led at no trump as hearts: "Joker as ♥")."""
    if text.startswith("JK"):
        suit = text[3:] if text.startswith("JK:") else ""
        if suit:
            return tr("card.joker_as", locale, suit=SUIT_SYMBOLS.get(suit, suit))
        return tr("card.joker", locale)
    return text[:-1] + SUIT_SYMBOLS.get(text[-1:], text[-1:])


def card_label(text: str, locale: str, trump: str | None = None) -> str:
    """A card as a control names it: with trumps known, the left bower says it is one ("J♦ (left bower)")."""
    label = card(text, locale)
    if trump is not None and trump in SUITS and text == NAMES[left_bower(SUITS.index(trump))]:
        return tr("card.left_bower", locale, card=label)
    return label


def cards(hand: Sequence[str], locale: str) -> str:
    return " ".join(card(c, locale) for c in hand)


def bid(text: str, locale: str) -> str:
    if text == "misere":
        return tr("bid.misere", locale)
    if text == "open-misere":
        return tr("bid.open_misere", locale)
    if text.endswith("NT"):
        return tr("bid.no_trumps", locale, number=text[:-2])
    return text[:-1] + SUIT_SYMBOLS.get(text[-1:], text[-1:])


def _players(seats: Sequence[int], names: Sequence[str], locale: str) -> str:
    return tr("side.join", locale).join(f"**{names[s]}**" for s in seats)


class FiveHundredPresenter(Presenter):
    family = "five_hundred"
    tricks = True

    def move_label(
        self, entry: Legal, locale: str, *, scoring: bool = True, view: View | None = None
    ) -> tuple[str, str | None]:
        text = entry.text
        label = word_label(text, locale)
        if label is not None or not isinstance(entry, LegalAction):
            return label or text, None
        if entry.kind == "bid":
            return bid(text, locale), None  # the select says "Bid…"
        if entry.kind == "play":
            return card_label(text, locale, view.trump if isinstance(view, FiveHundredView) else None), None
        if entry.kind == "call":  # the select says "Call a partner card…": the card(s) alone
            return " + ".join(card(c, locale) for c in text.split()[1:]), None
        if entry.kind == "discard":
            return tr("move.discard", locale, cards=cards(text.split()[1:], locale)), None
        return text, None

    def hand_text(self, hand: Sequence[object], locale: str) -> str:
        return cards([str(c) for c in hand], locale)

    # -- what happened ----------------------------------------------------------------------------------------
    def action_sentence(
        self, note: BoardChanged, text: str, names: Sequence[str], locale: str, ends: Ends | None
    ) -> str:
        player = names[note.seat]
        event = of_kind(note.events, "bid", "discard", "call", "play")
        if event is None:  # pass, solo
            return super().action_sentence(note, text, names, locale, ends)
        if event.kind == "bid":
            return tr("action.bid", locale, player=player, bid=bid(event.data["bid"], locale))
        if event.kind == "discard":
            return tr("action.discard", locale, player=player)
        if event.kind == "call":
            return tr("action.call", locale, player=player, cards=cards(event.data["cards"], locale))
        return tr("action.card", locale, player=player, card=card(event.data["card"], locale))

    def news(self, note: BoardChanged, names: Sequence[str], locale: str) -> list[str]:
        """A partner now known, an open-misère hand laid face up, and the trick the action completed."""
        out = []
        partner = of_kind(note.events, "partner")
        if partner is not None and partner.data["seats"]:
            who = _players(partner.data["seats"], names, locale)
            out.append(tr("line.500.partner", locale, players=who, declarer=names[partner.data["declarer"]]))
        exposed = of_kind(note.events, "expose")
        if exposed is not None and exposed.seat is not None:
            out.append(tr("line.500.exposed", locale, player=names[exposed.seat]))
        trick = of_kind(note.events, "trick")
        if trick is not None and trick.seat is not None:
            out.append(tr("line.500.trick", locale, player=names[trick.seat]))
        return out

    # -- hands ------------------------------------------------------------------------------------------------
    def hand_summary(self, note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
        """Whether the contract was made, the partners (five players) and the tricks each side took."""
        result = note.result
        detail = result.detail or {}
        declarer = detail.get("declarer")
        if result.reason in ("made", "set") and declarer is not None:
            contract = bid(str(detail.get("contract")), locale)
            lines = [tr(f"hand.reason.{result.reason}", locale, player=names[declarer], contract=contract)]
        else:
            lines = super().hand_summary(note, names, locale)
        partners = detail.get("partners") or []
        if partners and detail.get("called") and declarer is not None:  # five players: a called partner
            lines.append(
                tr("hand.500.partners", locale, players=_players(partners, names, locale), declarer=names[declarer])
            )
        tricks = detail.get("tricks")
        if isinstance(tricks, list) and any(tricks):
            per_side = [
                tr(
                    "hand.500.side_tricks",
                    locale,
                    side=side_name(side, names, locale),
                    count=sum(tricks[s] for s in side),
                )
                for side in note.table.sides
            ]
            lines.append(tr("hand.500.tricks", locale, tricks=tr("list.join", locale).join(per_side)))
        return lines

    # -- where the hand stands --------------------------------------------------------------------------------
    def status_title(self, view: View, locale: str) -> str:
        return tr("board.500.hand", locale)

    def status_lines(self, view: View, names: Sequence[str], locale: str) -> list[str]:
        """The high bid and who holds it during the auction, then the contract, its declarer and the
        partners the viewer knows."""
        if not isinstance(view, FiveHundredView) or view.over:
            return []
        if view.phase == "auction":
            if view.high_bid is None or view.high_bidder is None:
                return [tr("status.500.no_bid", locale)]
            return [tr("status.500.high_bid", locale, bid=bid(view.high_bid, locale), player=names[view.high_bidder])]
        if view.contract is None or view.declarer is None:
            return [tr("status.500.all_pass", locale)]
        line = tr("status.500.contract", locale, contract=bid(view.contract, locale), player=names[view.declarer])
        if view.partners and view.called:  # five players: the partner called this hand (others sit as partners)
            line += " " + tr("status.500.partners", locale, players=_players(view.partners, names, locale))
        elif view.called:
            line += " " + tr("status.500.called", locale, cards=cards(view.called, locale))
        elif view.solo and view.players == 5:
            line += " " + tr("status.500.solo", locale)
        return [line]

    def exposed_hand(self, view: View, names: Sequence[str], locale: str) -> tuple[str, str] | None:
        """An open-misère hand laid face up (from the public view)."""
        if not isinstance(view, FiveHundredView) or view.over or view.exposed is None or view.declarer is None:
            return None
        return tr("status.500.exposed", locale, player=names[view.declarer]), cards(view.exposed, locale) or "—"
