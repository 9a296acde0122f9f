"""A seat's private Five Hundred hand: its cards face up in rows, each labelled as the action select
names it (`10H`, `JS`, `JK`).

Size: always 780 pixels wide (Discord shows it about 400 px wide on a phone, a card then 49 px wide);
up to 7 cards a row, so a hand of 10 takes two rows of 5 and the declarer's hand with a five-card widow
(15 cards) three rows of 5. At most 820 pixels high (`MAX_HEIGHT`) for any hand up to `MAX_CARDS`.

Cards are grouped by the suit they follow as, the groups in alternating colours, high to low. Once the
contract is known the trumps form the last group, the joker and the left bower with them, each but the
joker (purple, with its own star) marked with a brass star. On the seat's turn to play the cards it may
play are raised and ringed in gold and the others greyed (not when it may play any card); during the
declarer's discard the cards just taken from the widow are marked under their labels (from the view's
`taken`). The status line says what to do, and a line under it gives the
contract and the trumps, or during the auction the high bid.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image

from bot.engine.five_hundred import FiveHundredView
from bot.i18n import tr

from .. import palette as pal
from ..names import say
from ..text import draw_text
from .cards import DIM, PLAIN, card_height, card_sprite, display_order, ring, ringed_card, starred
from .common import BODY, PAD, SMALL, Item, bid_tag, draw_line, names_of, sentence, turn_text

WIDTH = 780
MAX_HEIGHT = 820
MAX_CARDS = 15  # ten dealt and the largest widow (five, in the two-player 25-card game with the joker)
CARD_W = 96  # 134 high
PER_ROW = 7
GAP = 10
RAISE = 16
LABEL = 24
MARK = 24  # the line under a label that marks a widow card
HEAD = 132


@dataclass(frozen=True, slots=True)
class Frame:
    """Where everything of one hand image goes, in pixels."""

    width: int
    height: int
    cards: tuple[str, ...]  # in display order
    boxes: tuple[tuple[int, int, int, int], ...]  # each card's box as drawn (playable ones raised)
    playable: frozenset[str]  # on the seat's turn to play, the cards it may play
    raised: frozenset[str]  # the playable cards, when there are others: ringed and raised, the others greyed
    taken: frozenset[str]  # widow cards marked during the discard


def frame(view: FiveHundredView) -> Frame:
    cards = tuple(display_order(view.hand or (), view.trump, view.contract is not None))
    rows = max(1, -(-len(cards) // PER_ROW))
    per_row = max(1, -(-len(cards) // rows))
    my_turn = view.current_seat == view.seat and bool(view.legal)
    playable = frozenset(c for a in view.legal if a.kind == "play" for c in a.cards) if my_turn else frozenset()
    playable = frozenset(c.partition(":")[0] for c in playable)
    raised = playable if len(playable) < len(cards) else frozenset()  # a free lead: nothing to pick out
    taken = frozenset(view.taken or ()) if view.phase == "discard" else frozenset()
    h = card_height(CARD_W)
    row_h = RAISE + h + 10 + LABEL + (MARK if taken else 0) + 14
    boxes = []
    for k in range(len(cards)):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(cards) - row * per_row)
        left = (WIDTH - (in_row * CARD_W + (in_row - 1) * GAP)) // 2
        x = left + col * (CARD_W + GAP)
        y = HEAD + row * row_h + (0 if cards[k] in raised else RAISE)
        boxes.append((x, y, x + CARD_W, y + h))
    return Frame(WIDTH, HEAD + rows * row_h + 6, cards, tuple(boxes), playable, raised, taken)


def _status(view: FiveHundredView, names: Sequence[str], locale: str, playable: int) -> tuple[str, bool]:
    if view.over:
        return tr("image.board.over", locale), False
    if view.seat in view.out:
        return tr("image.500.hand.sits_out", locale), False
    if view.current_seat != view.seat or not view.legal:
        return turn_text(view, names, locale)[1], False
    if view.phase == "auction":
        return tr("image.500.hand.bid", locale), True
    if view.phase == "discard":
        return tr("image.500.hand.discard", locale, count=view.discard_count), True
    if view.phase == "call":
        return tr("image.500.hand.call", locale), True
    return tr("image.hand.your_turn", locale, count=playable), True


def _contract_line(view: FiveHundredView, names: Sequence[str], locale: str) -> list[Item]:
    if view.phase == "auction":
        if view.high_bid is None or view.high_bidder is None:
            return [tr("image.500.band.no_bids", locale)]
        player = names_of((view.high_bidder,), names, locale, SMALL, False, 260)
        return sentence("image.500.band.high_bid", locale, bid_tag(view.high_bid, locale), player=player)
    if view.contract is None or view.declarer is None:
        return [tr("image.500.band.all_pass", locale)]
    player = names_of((view.declarer,), names, locale, SMALL, False, 260)
    items = sentence("image.500.band.contract", locale, bid_tag(view.contract, locale), player=player)
    trumps = tr("image.500.trumps", locale, suit=tr(f"suit.{view.trump}", locale)) if view.trump else None
    items.append(" · " + (trumps or tr("image.500.no_trumps", locale)))
    return items


def render(view: FiveHundredView, names: Sequence[str], locale: str) -> Image.Image:
    if view.seat is None:
        raise ValueError("the hand image takes a seat's own view (view(seat))")
    f = frame(view)
    canvas = pal.new_canvas((f.width, f.height), pal.STRIP)
    count = tr("image.500.hand.cards", locale, count=len(f.cards))
    count_w = draw_text(canvas, WIDTH - PAD, 44, count, SMALL, pal.GREY, pal.STRIP, align="right")
    title_room = WIDTH - 3 * PAD - count_w
    # cut the name, not the words round it, so that a long name still reads as "...'s hand"
    size, title = say("image.500.hand.title", locale, view.seat, names, BODY + 2, True, title_room)
    draw_text(canvas, PAD, 44, title, size, pal.WHITE, pal.STRIP, bold=True, max_width=title_room)
    status, urgent = _status(view, names, locale, len(f.playable))
    colour = pal.GOLD if urgent else pal.GREY
    draw_text(canvas, PAD, 82, status, SMALL, colour, pal.STRIP, bold=urgent, max_width=WIDTH - 2 * PAD)
    draw_line(
        canvas, PAD, 116, _contract_line(view, names, locale), SMALL, pal.GREY, pal.STRIP, max_width=WIDTH - 2 * PAD
    )
    dimmed = bool(f.raised)
    r = ring(CARD_W)
    for card, (x, y, x1, y1) in zip(f.cards, f.boxes, strict=True):
        trump = starred(card, view.trump)
        playable = card in f.raised
        if playable:
            sprite, mask = ringed_card(card, CARD_W, pal.STRIP, trump)
            canvas.paste(sprite, (x - r, y - r), mask)
        else:
            canvas.paste(card_sprite(card, CARD_W, pal.STRIP, DIM if dimmed else PLAIN, trump), (x, y))
        cx = (x + x1) / 2
        base = (y1 if playable else y1 - RAISE) + RAISE + 10 + LABEL - 2
        colour = pal.GREY if dimmed and not playable else pal.WHITE
        draw_text(canvas, cx, base, card, LABEL, colour, pal.STRIP, bold=True, align="centre")
        if card in f.taken:
            mark = tr("image.500.hand.widow", locale)
            draw_text(
                canvas,
                cx,
                base + MARK,
                mark,
                SMALL,
                pal.GREEN,
                pal.STRIP,
                bold=True,
                align="centre",
                max_width=CARD_W + GAP,
            )
    return canvas
