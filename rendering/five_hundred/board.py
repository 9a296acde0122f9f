"""The public table image of Five Hundred, seen from above.

Size: always 960 pixels wide (Discord shows it about 400 px wide on a phone); 860 to at most 1060
pixels high (`MIN_HEIGHT`, `MAX_HEIGHT`): the header grows by a row of score chips for four or more
sides, and an exposed open-misère hand adds its own strip.

From top to bottom: the header (game, hand, whose turn, a chip per side with its players and score);
the contract band (the contract as a tag, its declarer and partners, the trumps and the tricks the
declaring side has against those it needs; during the auction the high bid); the table with a plate
per seat round it (name, dealer's disc, tricks won, the contract on the declarer's plate, the partners
marked, a sitting-out partner greyed) and in front of each seat its card in the current trick, the
card winning so far ringed in gold, or during the auction its bids so far; the open-misère hand face
up once exposed; and the footer with the last action.

Seat 0 sits at the bottom and play goes clockwise, as round a real table: seat 1 on its left (the
image's left), and so on. `render(..., show_previous=True)` draws the previous trick instead of the
current one (its winner ringed), for a "last trick" button.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.five_hundred import FiveHundredView
from bot.engine.five_hundred.cards import NT, SUIT_TABLES, SUITS, parse_card, trick_winner
from bot.i18n import tr

from .. import palette as pal
from ..names import MIN_SIZE, all_names, distinct, seat_name, shrink
from ..sprites import badge_sprite
from ..text import breaks, draw_text, text_width
from .cards import (
    PLAIN,
    back_sprite,
    card_height,
    card_sprite,
    ring,
    ringed_card,
    starred,
    tag_sprite,
)
from .common import (
    BODY,
    PAD,
    SMALL,
    WIDTH,
    Item,
    bid_tag,
    cards_tag,
    contract_tricks,
    draw_header,
    draw_line,
    hand_summary,
    header_height,
    last_action,
    line_width,
    names_of,
    sentence,
    side_of,
    tag_height,
)

BAND = 64  # the contract band
TABLE = 620  # the felt round which the seats sit
EXPOSED = 136  # the strip of an exposed open-misère hand
FOOTER = 56
MIN_HEIGHT = 120 + BAND + TABLE + FOOTER  # two sides: one row of chips
MAX_HEIGHT = 178 + BAND + TABLE + EXPOSED + FOOTER  # four or more sides and an exposed hand
PLATE_W, PLATE_H = 240, 74
CARD_W = 90  # a card in the trick; 126 high
CARD_REACH = (165, 145)  # how far from the table's centre a seat's trick card lies, across and down
EXPOSED_W = 60
WIDOW_W = 26  # the widow's backs in the contract band
BUBBLE_H, BUBBLE_PAD = 46, 10  # the bubble of a seat's bids during the auction
BID_HALF = 200
BID_REACHES = (210, 190, 165, 150, 135, 120, 105)
MARGIN = 12


Box = tuple[int, int, int, int]
Closing = tuple[tuple[tuple[int, str], ...], int | None, int]  # a hand's last trick, its winner, the hand


@dataclass(frozen=True, slots=True)
class Frame:
    """Where everything of one table image goes, in pixels."""

    width: int
    height: int
    header: int
    table_top: int
    exposed_top: int | None  # None when no hand is exposed
    plates: tuple[Box, ...]  # per seat
    spots: tuple[tuple[int, int], ...]  # per seat, the centre of its trick card
    bids: tuple[tuple[int, int, int], ...]  # per seat, the centre of its bids and how wide they may be

    def card_box(self, seat: int) -> Box:
        cx, cy = self.spots[seat]
        h = card_height(CARD_W)
        return cx - CARD_W // 2, cy - h // 2, cx - CARD_W // 2 + CARD_W, cy - h // 2 + h

    def bubble_box(self, seat: int, width: int) -> Box:
        """The dark bubble holding a seat's bids, `width` wide inside."""
        cx, cy, _ = self.bids[seat]
        x = cx - width // 2
        return x - BUBBLE_PAD, cy - BUBBLE_H // 2, x + width + BUBBLE_PAD, cy + BUBBLE_H // 2


def seat_angle(seat: int, players: int) -> float:
    """Seat 0 at the bottom, then clockwise as seen from above (y grows downwards)."""
    return math.radians(90 + seat * 360 / players)


def _squircle(t: float) -> float:
    # a rounder-cornered ellipse, so that seats at the diagonals sit out in the felt's corners, clear of
    # the cards in front of them
    return math.copysign(abs(t) ** 0.5, t)


def _bid_room(x: int, y: int, plates: Sequence[Box], others: Sequence[tuple[int, int]]) -> int:
    """How wide a row of bids centred on (x, y) may be, clear of the plates and of bids level with it
    (each of two neighbours takes half the space between them)."""
    half = BID_HALF
    for x0, y0, x1, y1 in plates:
        if y0 < y + BUBBLE_H // 2 + 6 and y1 > y - BUBBLE_H // 2 - 6:
            if x0 < x < x1:
                return 0
            half = min(half, x - x1 - 8 if x1 <= x else x0 - x - 8)
    for ox, oy in others:
        if abs(oy - y) < BUBBLE_H + 6:
            half = min(half, abs(ox - x) // 2 - 4)
    return 2 * (half - BUBBLE_PAD)


@lru_cache(maxsize=8)
def _layout(players: int) -> tuple[tuple[Box, ...], tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]]:
    """Plates, trick cards and bids round a table centred on (0, 0)."""
    rx, ry = WIDTH // 2 - MARGIN - PLATE_W // 2, TABLE // 2 - MARGIN - PLATE_H // 2
    plates, spots, directions = [], [], []
    for seat in range(players):
        a = seat_angle(seat, players)
        c, s = math.cos(a), math.sin(a)
        px, py = round(rx * _squircle(c)), round(ry * _squircle(s))
        plates.append((px - PLATE_W // 2, py - PLATE_H // 2, px - PLATE_W // 2 + PLATE_W, py - PLATE_H // 2 + PLATE_H))
        spots.append((round(CARD_REACH[0] * c), round(CARD_REACH[1] * s)))
        directions.append((c, s))
    # the bids lie on the same line as the cards, as far in as gives them the most room (a seat at the
    # side of the table has its plate level with them)
    bids: list[tuple[int, int, int]] = []
    for seat, (c, s) in enumerate(directions):
        best = (0, 0, -1)
        for reach in BID_REACHES:
            x, y = round(reach * c), round(CARD_REACH[1] * s)
            room = _bid_room(x, y, plates, [(bx, by) for bx, by, _ in bids] + spots[seat + 1 :])
            if room > best[2]:
                best = (x, y, room)
        bids.append(best)
    # now that every row of bids has its place, the room of each is half the way to its neighbours
    bids = [
        (x, y, _bid_room(x, y, plates, [(bx, by) for bx, by, _ in bids[:seat] + bids[seat + 1 :]]))
        for seat, (x, y, _) in enumerate(bids)
    ]
    return tuple(plates), tuple(spots), tuple(bids)


def frame(view: FiveHundredView) -> Frame:
    head = header_height(view)
    top = head + BAND
    exposed = view.exposed is not None
    height = top + TABLE + (EXPOSED if exposed else 0) + FOOTER
    cx, cy = WIDTH // 2, top + TABLE // 2
    plates, spots, bids = _layout(view.players)
    return Frame(
        WIDTH,
        height,
        head,
        top,
        top + TABLE if exposed else None,
        tuple((x0 + cx, y0 + cy, x1 + cx, y1 + cy) for x0, y0, x1, y1 in plates),
        tuple((x + cx, y + cy) for x, y in spots),
        tuple((x + cx, y + cy, room) for x, y, room in bids),
    )


def trump_index(view: FiveHundredView) -> int:
    return SUITS.index(view.trump) if view.trump else NT


def winning(trick: Sequence[tuple[int, str]], trump: int) -> int | None:
    """Index in `trick` of the card winning it so far (a joker led at no trump counts as its named suit)."""
    if not trick:
        return None
    cards = [parse_card(card.partition(":")[0]) for _, card in trick]
    lead = trick[0][1]
    led = SUITS.index(lead[3]) if lead.startswith("JK:") else SUIT_TABLES[trump][cards[0]]
    return trick_winner(cards, led, trump)


def render(view: FiveHundredView, names: Sequence[str], locale: str, *, show_previous: bool = False) -> Image.Image:
    if view.seat is not None:
        raise ValueError("the table image takes the public view (view(None)), not a seat's view")
    f = frame(view)
    canvas = pal.new_canvas((f.width, f.height), pal.FELT)
    draw_header(canvas, view, names, locale, f.width)
    _draw_band(canvas, view, names, locale, f.header)
    for seat in range(view.players):
        _draw_plate(canvas, view, names, locale, seat, f.plates[seat])
    closing = closing_trick(view)
    if closing is not None and (show_previous or view.over or not view.auction):
        # the hand's tenth trick, until the first bid of the next deal (or for good at the game's end)
        _draw_trick(canvas, view, closing[0], closing[1], f)
        _draw_centre(canvas, _closing_caption(closing, names, locale), f, closing[0])
    elif view.phase == "auction":
        _draw_bids(canvas, view, locale, f)
    elif show_previous:
        _draw_trick(canvas, view, view.last_trick, view.last_trick_winner, f)
        _draw_centre(canvas, _previous_caption(view, names, locale), f, view.last_trick)
    else:
        trick = view.trick
        best = winning(trick, trump_index(view))
        _draw_trick(canvas, view, trick, None if best is None else trick[best][0], f)
        _draw_centre(canvas, _centre_caption(view, names, locale), f, trick)
    if f.exposed_top is not None:
        _draw_exposed(canvas, view, names, locale, f.exposed_top)
    _draw_footer(canvas, view, names, locale, f.height - FOOTER)
    return canvas


# -- the contract band --------------------------------------------------------------------------------------
def _band_left(view: FiveHundredView, names: Sequence[str], locale: str, room: int) -> tuple[int, list[Item]]:
    """The contract and its players at the size that fits `room` with whole names, down to `MIN_SIZE`;
    only then their names cut (no two alike) as far as it takes."""
    whole = 1 << 20
    for size in range(BODY, MIN_SIZE - 1, -2):
        items = _band_words(view, names, locale, size, whole)
        if line_width(items, size, True) <= room:
            return size, items
    for each in range(300, 40, -10):
        items = _band_words(view, names, locale, MIN_SIZE, each)
        if line_width(items, MIN_SIZE, True) <= room:
            break
    return MIN_SIZE, items


def _band_words(view: FiveHundredView, names: Sequence[str], locale: str, size: int, each: int) -> list[Item]:
    if view.phase == "auction":
        if view.high_bid is None or view.high_bidder is None:
            return [tr("image.500.band.no_bids", locale)]
        player = names_of((view.high_bidder,), names, locale, size, True, each)
        return sentence("image.500.band.high_bid", locale, bid_tag(view.high_bid, locale), player=player)
    if view.contract is None or view.declarer is None:
        return [tr("image.500.band.all_pass", locale)]
    player = names_of((view.declarer,), names, locale, size, True, each)
    items = sentence("image.500.band.contract", locale, bid_tag(view.contract, locale), player=player)
    if view.called:
        if view.partners:
            who = names_of(view.partners, names, locale, size, True, each * len(view.partners))
            items += sentence("image.500.band.called_by", locale, cards_tag(view.called), players=who)
        else:
            items += sentence("image.500.band.called", locale, cards_tag(view.called))
    elif view.solo and view.players == 5:
        items.append(tr("image.500.band.solo", locale))
    elif view.partners:
        who = names_of(view.partners, names, locale, size, True, each * len(view.partners))
        items.append(tr("image.500.band.with", locale, players=who))
    return items


def _band_right(view: FiveHundredView, locale: str) -> str:
    """The trumps and the tricks the declaring side has taken against those it needs."""
    if view.phase == "auction":
        return ""
    if view.contract is None or view.declarer is None:
        return ""  # all passed: the left of the band says it all
    trumps = tr("image.500.trumps", locale, suit=tr(f"suit.{view.trump}", locale)) if view.trump else ""
    won = sum(view.tricks[s] for s in (view.declarer, *view.partners))
    need = contract_tricks(view.contract)
    if need:
        tricks = tr("image.500.band.tricks", locale, won=won, need=need)
    else:
        tricks = tr("image.500.band.misere_tricks", locale, won=won)
    return f"{trumps or tr('image.500.no_trumps', locale)} · {tricks}"


def _draw_band(canvas: Image.Image, view: FiveHundredView, names: Sequence[str], locale: str, top: int) -> None:
    d = ImageDraw.Draw(canvas)
    box = (MARGIN, top + 10, WIDTH - MARGIN, top + BAND - 6)
    d.rounded_rectangle(box, 10, fill=pal.idx(pal.FELT_DARK))
    base = (box[1] + box[3]) // 2 + 9
    right_text = _band_right(view, locale)
    right = box[2] - 16
    if view.phase == "auction":
        right -= _draw_widow(canvas, view, locale, right, base) + 20
    # the trumps and tricks give way (smaller) before the contract's players are cut
    small = SMALL
    whole = _band_words(view, names, locale, MIN_SIZE, 1 << 20)
    while right_text and small > MIN_SIZE:
        rest = min(440, text_width(right_text, small, True)) + 20
        if line_width(whole, MIN_SIZE, True) <= right - rest - box[0] - 16:
            break
        small -= 2
    if right_text:
        right -= draw_text(
            canvas, right, base, right_text, small, pal.GOLD, pal.FELT_DARK, bold=True, align="right", max_width=440
        )
        right -= 20
    size, items = _band_left(view, names, locale, right - box[0] - 16)
    draw_line(
        canvas,
        box[0] + 16,
        base,
        items,
        size,
        pal.WHITE,
        pal.FELT_DARK,
        bold=True,
        max_width=right - box[0] - 16,
    )


# -- seats --------------------------------------------------------------------------------------------------
def plate_names(view: FiveHundredView, names: Sequence[str], locale: str) -> tuple[int, tuple[str, ...]]:
    """The size of the names on the plates (one for all, smaller if that keeps them whole) and each
    seat's name as its plate shows it: cut to the room beside the dealer's disc and the turn's arrow, no
    two alike."""
    everyone = all_names(names, view.players, locale)
    arrow = text_width("▶", BODY - 2, True)
    rooms = [
        PLATE_W - 28 - (36 if s == view.dealer else 0) - (arrow if s == view.current_seat else 0)
        for s in range(view.players)
    ]
    size = min(shrink([everyone[s]], rooms[s], BODY - 2, True) for s in range(view.players))
    return size, distinct(everyone, rooms, size, True)


def _role(view: FiveHundredView, seat: int, locale: str) -> Item | None:
    """What the seat's plate says of its part in the contract."""
    if seat == view.declarer and view.contract is not None:
        return bid_tag(view.contract, locale)
    if seat in view.partners:
        return cards_tag(view.called) if view.called else tr("image.500.partner", locale)
    return None


def _draw_plate(
    canvas: Image.Image,
    view: FiveHundredView,
    names: Sequence[str],
    locale: str,
    seat: int,
    box: tuple[int, int, int, int],
) -> None:
    d = ImageDraw.Draw(canvas)
    turn = seat == view.current_seat
    out = seat in view.out
    bg = pal.CHIP_TURN if turn else pal.CHIP
    won = view.winner is not None and side_of(view, seat) in view.winner
    outline = pal.idx(pal.GOLD) if turn or won else None
    d.rounded_rectangle(box, 12, fill=pal.idx(bg), outline=outline, width=3 if outline is not None else 0)
    x0, y0, x1, y1 = box
    right = x1 - 12
    if seat == view.dealer:
        disc = 28
        canvas.paste(badge_sprite(tr("image.500.dealer", locale), disc, pal.IVORY, pal.INK, bg), (right - disc, y0 + 9))
        right -= disc + 8
    size, shown = plate_names(view, names, locale)
    colour = pal.GOLD if turn else pal.GREY if out else pal.WHITE
    draw_text(canvas, x0 + 12, y0 + 32, ("▶" if turn else "") + shown[seat], size, colour, bg, bold=True)
    base = y1 - 14
    if out:
        draw_text(canvas, x0 + 12, base, tr("image.500.sits_out", locale), SMALL, pal.GREY, bg, max_width=PLATE_W - 24)
        return
    role = _role(view, seat, locale)
    right = x1 - 12
    if view.phase == "auction":  # no tricks yet: how many cards (the same for all, but for a new deal)
        count, fg = tr("image.500.hand.cards", locale, count=view.hand_sizes[seat]), pal.GREY
    else:
        count, fg = tr("image.500.tricks", locale, count=view.tricks[seat]), pal.WHITE
    # the count and the role share the line: both smaller before either is cut ("0トリ…" beside パートナー)
    size = SMALL
    while size > MIN_SIZE and text_width(count, size) + 8 + _role_width(role, size) > x1 - x0 - 24:
        size -= 2
    if isinstance(role, tuple):
        right -= draw_line(canvas, right, base, [role], size, pal.WHITE, bg, align="right") + 8
    elif role:
        right -= draw_text(canvas, right, base, role, size, pal.GREEN, bg, bold=True, align="right", max_width=110) + 8
    draw_text(canvas, x0 + 12, base, count, size, fg, bg, max_width=right - x0 - 12)


def _role_width(role: Item | None, size: int) -> int:
    if isinstance(role, tuple):
        return line_width([role], size)
    return min(110, text_width(role, size, True)) if role else 0


# -- the middle of the table --------------------------------------------------------------------------------
def _draw_trick(
    canvas: Image.Image, view: FiveHundredView, trick: Sequence[tuple[int, str]], winner: int | None, f: Frame
) -> None:
    for seat, card in trick:
        x0, y0, _, _ = f.card_box(seat)
        trump = starred(card, view.trump)
        if seat == winner:
            r = ring(CARD_W)
            sprite, mask = ringed_card(card, CARD_W, pal.FELT, trump)
            canvas.paste(sprite, (x0 - r, y0 - r), mask)
        else:
            canvas.paste(card_sprite(card, CARD_W, pal.FELT, PLAIN, trump), (x0, y0))


def _draw_bids(canvas: Image.Image, view: FiveHundredView, locale: str, f: Frame) -> None:
    """Each seat's bids and passes so far, in order, in front of it (the earliest left out if they do
    not fit)."""
    d = ImageDraw.Draw(canvas)
    h = tag_height(SMALL)
    for seat in range(view.players):
        room = f.bids[seat][2]
        items: list[Item] = []
        for s, bid in view.auction:
            if s == seat:
                items.append(tr("image.500.pass", locale) if bid == "pass" else bid_tag(bid, locale))
        while len(items) > 1 and bids_width(items) > room:
            items.pop(0)
        if not items:
            continue
        box = f.bubble_box(seat, min(room, bids_width(items)))
        d.rounded_rectangle(box, 12, fill=pal.idx(pal.FELT_DARK))
        x, cy = box[0] + BUBBLE_PAD, (box[1] + box[3]) // 2
        for item in items:
            if isinstance(item, str):
                x += draw_text(canvas, x, cy + 8, item, SMALL, pal.GREY, pal.FELT_DARK, bold=True, max_width=room) + 8
            else:
                sprite = tag_sprite(item, h, pal.FELT_DARK)
                canvas.paste(sprite, (x, cy - h // 2))
                x += sprite.width + 8


def bids_width(items: Sequence[Item]) -> int:
    """How wide a row of bids is drawn (tags and the word "pass", 8 pixels apart)."""
    h = tag_height(SMALL)
    widths = [
        text_width(i, SMALL, True) if isinstance(i, str) else tag_sprite(i, h, pal.FELT_DARK).width for i in items
    ]
    return sum(widths) + 8 * (len(widths) - 1)


def _draw_widow(canvas: Image.Image, view: FiveHundredView, locale: str, right: int, base: int) -> int:
    """The widow face down at the right of the band while the auction decides who takes it. Returns the
    width used."""
    count = view.widow_size
    if not count:
        return 0
    step = WIDOW_W * 2 // 3
    h = card_height(WIDOW_W)
    x = right - WIDOW_W - step * (count - 1)
    for k in range(count):
        canvas.paste(back_sprite(WIDOW_W, pal.FELT_DARK), (x + k * step, base - 9 - h // 2))
    label = tr("image.500.widow", locale)
    return (
        right
        - x
        + 10
        + draw_text(canvas, x - 10, base, label, SMALL, pal.GREY, pal.FELT_DARK, bold=True, align="right")
    )


def _centre_caption(view: FiveHundredView, names: Sequence[str], locale: str) -> list[str]:
    if view.over:
        return [tr("image.board.over", locale)]
    player = "" if view.current_seat is None else seat_name(names, view.current_seat, locale)
    if view.phase == "discard":
        return [
            tr("image.500.centre.discard", locale, player=player),
            tr("image.500.centre.discard_count", locale, count=view.discard_count),
        ]
    if view.phase == "call":
        return [tr("image.500.centre.call", locale, player=player)]
    if view.phase == "play" and not view.trick and view.current_seat is not None:
        return [tr("image.board.to_lead", locale, player=player)]
    return []


def closing_trick(view: FiveHundredView) -> Closing | None:
    """The last trick of the hand just finished, its winner and the hand's number: on a new deal's
    table before anyone bids (the engine has cleared it, the hand result keeps it) and at the game's end."""
    if not isinstance(view, FiveHundredView):
        return None
    if view.over and view.last_trick and not view.trick:
        return view.last_trick, view.last_trick_winner, view.hand_no
    if view.phase != "auction" or not view.hands:
        return None
    detail = view.hands[-1].detail
    trick = tuple((int(seat), str(card)) for seat, card in detail.get("last_trick") or ())
    if not trick:
        return None
    return trick, detail.get("last_trick_winner"), int(detail.get("hand", view.hand_no - 1))


def _closing_caption(closing: Closing, names: Sequence[str], locale: str) -> list[str]:
    _, winner, number = closing
    lines = [tr("image.hand_no", locale, number=number), tr("image.500.closing", locale)]
    if winner is not None:
        player = seat_name(names, winner, locale)
        lines.append(tr("image.500.previous.won", locale, player=player))
    return lines


def _previous_caption(view: FiveHundredView, names: Sequence[str], locale: str) -> list[str]:
    if not view.last_trick or view.last_trick_winner is None:
        return [tr("image.500.previous.none", locale)]
    winner = seat_name(names, view.last_trick_winner, locale)
    return [tr("image.500.previous", locale), tr("image.500.previous.won", locale, player=winner)]


def _centre_room(f: Frame, trick: Sequence[tuple[int, str]], lines: int) -> tuple[int, int]:
    """The first line's centre and half the width that `lines` lines of text in the middle of the table
    have, between the cards round them."""
    cx, cy = WIDTH // 2, f.table_top + TABLE // 2 - 16 * (lines - 1)
    top, bottom = cy - 20, cy + 32 * (lines - 1) + 12
    half = WIDTH // 2 - PLATE_W - 2 * MARGIN
    for seat, _ in trick:
        x0, y0, x1, y1 = f.card_box(seat)
        if y0 - 8 < bottom and y1 + 8 > top:
            near = 0 if x0 < cx < x1 else min(abs(x0 - cx), abs(x1 - cx))
            half = min(half, near - 12)
    return cy, half


def _wrapped(line: str) -> list[str]:
    """`line` in two where the line-breaking rules allow, at the place that leaves the wider half
    narrowest ("won by" / "Computer 1"); whole if it has no such place."""
    places = breaks(line)
    if not places:
        return [line]
    wide = lambda k: max(text_width(line[:k].rstrip(), MIN_SIZE, True), text_width(line[k:], MIN_SIZE, True))  # noqa: E731
    k = min(places, key=wide)
    return [line[:k].rstrip(), line[k:].lstrip()]


def _draw_centre(canvas: Image.Image, lines: Sequence[str], f: Frame, trick: Sequence[tuple[int, str]]) -> None:
    """Lines of text in the middle of the table, as wide as the cards round them leave room for; the last
    of several is gold (who won the trick). They name players in full: smaller, then a line too wide
    even at the smallest size in two, and only then cut."""
    if not lines:
        return
    gold = [k == len(lines) - 1 and k > 0 for k in range(len(lines))]
    shown = list(zip(lines, gold, strict=True))
    cy, half = _centre_room(f, trick, len(shown))
    if any(text_width(line, MIN_SIZE, True) > 2 * half for line in lines):
        wide = lambda line: text_width(line, MIN_SIZE, True) > 2 * half  # noqa: E731
        shown = [(part, g) for line, g in shown for part in (_wrapped(line) if wide(line) else [line])]
        cy, half = _centre_room(f, trick, len(shown))
    size = shrink([line for line, _ in shown], 2 * half, BODY - 2, True)
    for k, (line, g) in enumerate(shown):
        colour = pal.GOLD if g else pal.WHITE
        draw_text(
            canvas,
            WIDTH // 2,
            cy + 9 + 32 * k,
            line,
            size,
            colour,
            pal.FELT,
            bold=True,
            align="centre",
            max_width=2 * half,
        )


def _draw_exposed(canvas: Image.Image, view: FiveHundredView, names: Sequence[str], locale: str, top: int) -> None:
    cards = view.exposed or ()
    d = ImageDraw.Draw(canvas)
    d.line((MARGIN, top, WIDTH - MARGIN, top), fill=pal.idx(pal.FELT_DARK), width=2)
    player = names_of((view.declarer or 0,), names, locale, SMALL, True, 300)
    draw_text(
        canvas,
        PAD,
        top + 30,
        tr("image.500.exposed", locale, player=player),
        SMALL,
        pal.WHITE,
        pal.FELT,
        bold=True,
        max_width=WIDTH - 2 * PAD,
    )
    step = min(EXPOSED_W + 6, (WIDTH - 2 * PAD - EXPOSED_W) // max(1, len(cards) - 1)) if len(cards) > 1 else 0
    x = PAD
    for card in cards:
        canvas.paste(card_sprite(card, EXPOSED_W, pal.FELT, PLAIN, starred(card, view.trump)), (x, top + 42))
        x += step


def _draw_footer(canvas: Image.Image, view: FiveHundredView, names: Sequence[str], locale: str, top: int) -> None:
    ImageDraw.Draw(canvas).rectangle((0, top, WIDTH - 1, top + FOOTER - 1), fill=pal.idx(pal.STRIP))
    base = top + FOOTER // 2 + 10
    items = last_action(view, names, locale)
    if ((view.phase == "auction" and not view.auction) or view.over) and view.hands:  # how the last hand went
        items = hand_summary(view, names, locale, view.hands[-1])
    if items is not None:
        draw_line(canvas, PAD, base, items, BODY, pal.WHITE, pal.STRIP, max_width=WIDTH - 2 * PAD)
