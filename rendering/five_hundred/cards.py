"""Playing cards and card-notation tags, drawn once in RGB with anti-aliasing, matched to the palette and
cached (as the domino sprites are).

A card is `width` pixels wide and `card_height(width)` high (the 5:7 of a poker card). Its face shows
the rank in the top-left corner over a small suit sign, and a large suit sign in the middle of the lower
half: at the smallest size used (60 px, a phone showing it 26 px wide) the rank is still 11 px high.
Hearts and diamonds are red, spades and clubs black; the joker is purple with a star and `JK`. A trump
carries a brass star in its top-right corner, so that the left bower reads as a trump at a glance.

The bundled fonts have no suit glyphs (♠♣♦♥), so the suits are drawn as shapes, here and in the small
ivory tags that stand for a card or a bid in a line of text (`tag_sprite`).
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.five_hundred.cards import NT, SUIT_TABLES, SUITS, parse_card

from .. import palette as pal
from ..palette import RGB
from ..sprites import SUPERSAMPLE
from ..text import font

RED: RGB = pal.PIPS[3]
BLACK: RGB = pal.INK
JOKER_INK: RGB = pal.PIPS[7]
PLAIN, HIGHLIGHT, DIM = "plain", "highlight", "dim"
SIGNS = frozenset(SUITS)  # the tag parts drawn as a suit's sign
RATIO = 1.4


def card_height(width: int) -> int:
    return round(width * RATIO)


def ring(width: int) -> int:
    """How far a HIGHLIGHT card's gold ring reaches beyond its box."""
    return max(3, width // 18)


def split(name: str) -> tuple[str, str]:
    """`10H` -> ("10", "H"); the joker -> ("JK", ""); `JK:H` (a joker led at no trump) -> ("JK", "")."""
    if name.startswith("JK"):
        return "JK", ""
    return name[:-1], name[-1]


def suit_colour(suit: str) -> RGB:
    return RED if suit in ("D", "H") else BLACK


def starred(card: str, trump: str | None) -> bool:
    """Whether `card` carries the trump star: a trump of a suit contract, the left bower included. Not the
    joker, whose own star says it is the highest trump in every contract."""
    if trump is None or card.startswith("JK"):
        return False
    c = parse_card(card)
    t = SUITS.index(trump)
    return SUIT_TABLES[t][c] == t


def draw_suit(d: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, size: float, fill: RGB) -> None:
    """A suit sign `size` high centred on (cx, cy)."""
    h = size / 2
    if suit == "D":
        d.polygon([(cx, cy - h), (cx + 0.78 * h, cy), (cx, cy + h), (cx - 0.78 * h, cy)], fill=fill)
    elif suit == "H":
        r = 0.52 * h
        for sx in (-1, 1):
            d.ellipse((cx + sx * 0.47 * h - r, cy - 0.42 * h - r, cx + sx * 0.47 * h + r, cy - 0.42 * h + r), fill=fill)
        d.polygon([(cx - 0.98 * h, cy - 0.3 * h), (cx + 0.98 * h, cy - 0.3 * h), (cx, cy + h)], fill=fill)
    elif suit == "S":
        r = 0.46 * h
        for sx in (-1, 1):
            d.ellipse((cx + sx * 0.44 * h - r, cy + 0.2 * h - r, cx + sx * 0.44 * h + r, cy + 0.2 * h + r), fill=fill)
        d.polygon([(cx - 0.9 * h, cy + 0.1 * h), (cx + 0.9 * h, cy + 0.1 * h), (cx, cy - h)], fill=fill)
        d.polygon([(cx, cy + 0.2 * h), (cx - 0.34 * h, cy + h), (cx + 0.34 * h, cy + h)], fill=fill)
    elif suit == "C":
        r = 0.4 * h
        for ox, oy in ((0.0, -0.5), (-0.5, 0.22), (0.5, 0.22)):
            x, y = cx + ox * h, cy + oy * h
            d.ellipse((x - r, y - r, x + r, y + r), fill=fill)
        d.rectangle((cx - 0.12 * h, cy - 0.3 * h, cx + 0.12 * h, cy + 0.5 * h), fill=fill)
        d.polygon([(cx, cy + 0.1 * h), (cx - 0.36 * h, cy + h), (cx + 0.36 * h, cy + h)], fill=fill)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, size: float, fill: RGB) -> None:
    """A five-pointed star `size` across."""
    outer, inner = size / 2, size / 2 * 0.42
    points = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle) + size * 0.05))
    d.polygon(points, fill=fill)


@lru_cache(maxsize=2048)
def card_sprite(name: str, width: int, bg: RGB, style: str = PLAIN, trump: bool = False) -> Image.Image:
    """The face of card `name` (`10H`, `JK`, or `JK:H` for the joker led at no trump as a heart), `width`
    wide; HIGHLIGHT adds a gold ring `ring(width)` pixels thick all round, outside the card's box."""
    s = SUPERSAMPLE
    w, h = width, card_height(width)
    pad = ring(width) if style == HIGHLIGHT else 0
    im = Image.new("RGB", ((w + 2 * pad) * s, (h + 2 * pad) * s), bg)
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = pad * s, pad * s, (pad + w) * s - 1, (pad + h) * s - 1
    radius = max(4, w // 11) * s
    if pad:
        d.rounded_rectangle((0, 0, im.width - 1, im.height - 1), radius + pad * s, fill=pal.GOLD)
    d.rounded_rectangle((x0, y0, x1, y1), radius, fill=pal.IVORY_EDGE)
    edge = max(1, w // 40) * s
    body = pal.IVORY_DIM if style == DIM else pal.IVORY
    d.rounded_rectangle((x0 + edge, y0 + edge, x1 - edge, y1 - edge), radius - edge, fill=body)
    rank, suit = split(name)
    ink = JOKER_INK if not suit else suit_colour(suit)
    col = x0 + (0.24 if len(rank) == 2 else 0.2) * w * s  # the centre line of the corner index
    if rank == "JK":
        f = font(round(0.3 * w) * s, True)
        d.text((x0 + 0.08 * w * s, y0 + 0.06 * w * s), "JK", font=f, fill=ink, anchor="lt")
        named = name[3:] if ":" in name else ""
        if named:  # led at no trump as this suit: the suit under the index, the star a little smaller
            draw_suit(d, named, x0 + 0.22 * w * s, y0 + 0.52 * w * s, 0.24 * w * s, suit_colour(named))
            _star(d, x0 + 0.58 * w * s, y0 + 0.9 * w * s, 0.62 * w * s, ink)
        else:
            _star(d, x0 + 0.5 * w * s, y0 + 0.8 * w * s, 0.74 * w * s, ink)
    else:
        size = 0.34 if len(rank) == 2 else 0.42
        f = font(round(size * w) * s, True)
        d.text((col, y0 + 0.38 * w * s), rank, font=f, fill=ink, anchor="ms")
        draw_suit(d, suit, col, y0 + 0.56 * w * s, 0.26 * w * s, ink)
        draw_suit(d, suit, x0 + 0.58 * w * s, y0 + 0.94 * w * s, 0.58 * w * s, ink)
        if trump:
            _star(d, x1 - 0.2 * w * s, y0 + 0.2 * w * s, 0.26 * w * s, pal.BRASS)
    return pal.to_palette(im.reduce(s))


@lru_cache(maxsize=16)
def back_sprite(width: int, bg: RGB) -> Image.Image:
    """A face-down card: an ivory border round a brass lattice."""
    s = SUPERSAMPLE
    w, h = width * s, card_height(width) * s
    im = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(im)
    radius = max(4, width // 11) * s
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius, fill=pal.IVORY_EDGE)
    edge = max(1, width // 40) * s
    d.rounded_rectangle((edge, edge, w - 1 - edge, h - 1 - edge), radius - edge, fill=pal.IVORY)
    inset = round(width * 0.1) * s
    lattice = Image.new("RGB", (w - 2 * inset, h - 2 * inset), pal.BRASS)
    ld = ImageDraw.Draw(lattice)
    step = round(width * 0.16) * s
    for k in range(-(h // step), (w + h) // step + 1):  # ivory diagonals both ways
        ld.line([(k * step, 0), (k * step + h, h)], fill=pal.IVORY, width=max(1, width // 40) * s)
        ld.line([(k * step, 0), (k * step - h, h)], fill=pal.IVORY, width=max(1, width // 40) * s)
    im.paste(lattice, (inset, inset))
    return pal.to_palette(im.reduce(s))


@lru_cache(maxsize=256)
def ringed_card(name: str, width: int, bg: RGB, trump: bool = False) -> tuple[Image.Image, Image.Image]:
    """A HIGHLIGHT card and the mask of what it covers, so that its ring's rounded corners leave what lies
    under them as it is."""
    sprite = card_sprite(name, width, bg, HIGHLIGHT, trump)
    background = pal.idx(bg)
    mask = Image.frombytes("L", sprite.size, bytes(0 if i == background else 255 for i in sprite.tobytes()))
    return sprite, mask


TAG_SIZES: set[tuple[int, RGB]] = set()  # the heights and backgrounds tags were drawn at, for rendering.warm


@lru_cache(maxsize=2048)
def tag_sprite(parts: tuple[str, ...], height: int, bg: RGB) -> Image.Image:
    """A small ivory tag reading `parts` left to right: a one-letter suit (`S C D H`) is drawn as its sign,
    anything else as text (`8`, `NT`, `Misère`, `JK`). Stands for a bid or a card in a line of text."""
    TAG_SIZES.add((height, bg))
    s = SUPERSAMPLE
    size = round(height * 0.62)
    f = font(size * s, True)
    pieces: list[tuple[str, float]] = []
    for part in parts:
        width = size * 0.92 * s if part in SIGNS else f.getlength(part)
        pieces.append((part, width))
    inner = sum(wd for _, wd in pieces) + 0.12 * size * s * (len(pieces) - 1)
    pad_x = round(height * 0.28) * s
    w = round(inner + 2 * pad_x)
    h = height * s
    im = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0, 0, w - 1, h - 1), round(height * 0.22) * s, fill=pal.IVORY_EDGE)
    b = max(1, height // 20) * s
    d.rounded_rectangle((b, b, w - 1 - b, h - 1 - b), round(height * 0.22) * s - b, fill=pal.IVORY)
    x: float = pad_x
    base = h / 2 + 0.36 * size * s
    suits = [p for p in parts if p in SIGNS]
    ink = suit_colour(suits[0]) if suits else (JOKER_INK if "JK" in parts else BLACK)
    for part, width in pieces:
        if part in SIGNS:
            draw_suit(d, part, x + width / 2, h / 2, 0.8 * size * s, suit_colour(part))
        else:
            d.text((x, base), part, font=f, fill=ink, anchor="ls")
        x += width + 0.12 * size * s
    return pal.to_palette(im.reduce(s))


def card_parts(name: str) -> tuple[str, ...]:
    """A card's tag: rank and suit sign (`JK:H`, a joker led as a heart, reads "JK ♥")."""
    if name.startswith("JK"):
        return ("JK", name[3:]) if ":" in name else ("JK",)
    rank, suit = split(name)
    return rank, suit


def bid_parts(bid: str, misere: str, open_misere: str) -> tuple[str, ...]:
    """A bid's tag (`8H` -> "8 ♥", `7NT`, misère in the player's language)."""
    if bid == "misere":
        return (misere,)
    if bid == "open-misere":
        return (open_misere,)
    tricks, denom = bid[:-2] if bid.endswith("NT") else bid[:-1], bid[-2:] if bid.endswith("NT") else bid[-1]
    return tricks, denom


# Display order of the suits, trumps last: each list alternates red and black so neighbouring groups
# never share a colour.
_ORDER = {None: "SDCH", "S": "DCHS", "C": "HSDC", "D": "SHCD", "H": "SDCH"}


def display_order(cards: tuple[str, ...], trump: str | None, known: bool) -> list[str]:
    """`cards` grouped by the suit they follow as, high to low inside a group, the groups in alternating
    colours. Once the contract is known (`known`), trumps come last as one group, the joker and the left
    bower with them; before it, every jack sits in its printed suit and the joker at the end."""
    t = SUITS.index(trump) if trump else NT
    if not known:
        t = NT
    suits, order = SUIT_TABLES[t], _ORDER[trump if known else None]
    # rank order inside a group: the joker, then the bowers, then A K Q J 13 12 11 10 ... 2
    rank_of = {"JK": 100, "A": 17, "K": 16, "Q": 15, "J": 14}

    def key(name: str) -> tuple[int, int]:
        c = parse_card(name.partition(":")[0])
        group = suits[c]
        rank, _ = split(name)
        power = rank_of.get(rank, 0) or int(rank)
        if t < NT and rank == "J" and group == t:
            power = 99 if SUITS[t] == name[-1] else 98
        return (4 if group == NT else order.index(SUITS[group]), -power)

    return sorted(cards, key=key)
