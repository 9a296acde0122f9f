"""Pieces shared by the Five Hundred images: lines of text with card and bid tags in them, the header
strip (game, hand, whose turn, a chip per side with its score) and the last action in words."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine import HandResult
from bot.engine.five_hundred import FiveHundredView
from bot.i18n import tr

from .. import palette as pal
from ..chips import draw_chips, header_height, seat_name, side_of
from ..fives.common import BODY, PAD, SMALL, TITLE
from ..names import joined, say
from ..text import cap_height, draw_text, text_width
from .cards import bid_parts, card_parts, tag_sprite

__all__ = ["BODY", "PAD", "SMALL", "TITLE", "header_height", "seat_name", "side_of"]

WIDTH = 960  # board images; Discord shows them about 400 px wide on a phone, so text is 22 px or more
TARGET = 500
Tag = tuple[str, ...]  # a tag's parts, as `cards.tag_sprite` takes them
Item = str | Tag
_SLOT = "\x00"  # stands for the tag in a translated sentence, which is then cut round it


def tag_height(size: int) -> int:
    return round(size * 1.3)


def bid_tag(bid: str, locale: str) -> Tag:
    return bid_parts(bid, tr("image.500.misere", locale), tr("image.500.open_misere", locale))


def cards_tag(cards: Sequence[str]) -> Tag:
    """One tag for one or two cards (the five-player call of two partners)."""
    parts: list[str] = []
    for k, card in enumerate(cards):
        if k:
            parts.append("·")
        parts.extend(card_parts(card))
    return tuple(parts)


def contract_tricks(bid: str) -> int:
    """The tricks a contract needs (0 for the misères, which need none)."""
    digits = bid[:-2] if bid.endswith("NT") else bid[:-1]
    return int(digits) if digits.isdigit() else 0


def sentence(key: str, locale: str, tag: Tag | None = None, **params: object) -> list[Item]:
    """The sentence `key` with its `{tag}` placeholder drawn as `tag`."""
    text = tr(key, locale, tag=_SLOT, **params)
    before, _, after = text.partition(_SLOT)
    items: list[Item] = [before] if before else []
    if tag is not None and _SLOT in text:
        items.append(tag)
    if after:
        items.append(after)
    return items


def line_width(items: Sequence[Item], size: int, bold: bool = False) -> int:
    h = tag_height(size)
    return sum(
        text_width(item, size, bold) if isinstance(item, str) else tag_sprite(item, h, pal.STRIP).width
        for item in items
    )


def draw_line(
    canvas: Image.Image,
    x: float,
    baseline: float,
    items: Sequence[Item],
    size: int,
    fg: pal.RGB,
    bg: pal.RGB,
    *,
    bold: bool = False,
    align: str = "left",
    max_width: int | None = None,
) -> int:
    """Text and tags on one line, like `draw_text` (the tags centred on the capitals). Cut at `max_width`:
    the text that crosses it ends in an ellipsis, a tag that crosses it is left out. Returns the width."""
    if align != "left":
        width = line_width(items, size, bold)
        if max_width is not None:
            width = min(width, max_width)
        x -= width if align == "right" else width / 2
    h = tag_height(size)
    top = round(baseline - cap_height(size) / 2 - h / 2)
    start = x
    for item in items:
        room = None if max_width is None else max_width - round(x - start)
        if room is not None and room <= 0:
            break
        if isinstance(item, str):
            x += draw_text(canvas, x, baseline, item, size, fg, bg, bold=bold, max_width=room)
        else:
            sprite = tag_sprite(item, h, bg)
            if room is not None and sprite.width > room:
                break
            canvas.paste(sprite, (round(x), top))
            x += sprite.width
    return round(x - start)


def names_of(seats: Sequence[int], names: Sequence[str], locale: str, size: int, bold: bool, room: int) -> str:
    """Players by name, joined, each cut to its share of `room` pixels (no two alike)."""
    return joined(seats, names, locale, size, bold, room)


def turn_text(view: FiveHundredView, names: Sequence[str], locale: str, width: int = 1 << 20) -> tuple[int, str]:
    """Who is to do what now; at SMALL bold, or smaller, or with the name cut, if wider than `width` (`say`)."""
    if view.current_seat is None:
        return SMALL, ""
    keys = {"auction": "image.500.turn.bid", "discard": "image.500.turn.discard", "call": "image.500.turn.call"}
    key = keys.get(view.phase) or ("image.turn" if view.trick else "image.board.to_lead")
    return say(key, locale, view.current_seat, names, SMALL, True, width)


def last_action(view: FiveHundredView, names: Sequence[str], locale: str) -> list[Item] | None:
    """The last action in words, with the trick's winner once it completes a trick."""
    if view.last is None:
        return None
    seat, text = view.last
    # two names may share the footer (who played, who took the trick): each keeps to a third of it
    player = names_of((seat,), names, locale, BODY, False, 300)
    if text == "pass":
        return [tr("image.last.pass", locale, player=player)]
    if text == "solo":
        return [tr("image.500.last.solo", locale, player=player)]
    if text.startswith("discard"):
        return [tr("image.500.last.discard", locale, player=player)]
    if text.startswith("call "):
        return sentence("image.500.last.call", locale, cards_tag(text.split()[1:]), player=player)
    # `7H` is both a bid and a card: it is a play when it is the last card of a trick on the table
    played = (view.trick[-1:] or view.last_trick[-1:]) == (view.last,)
    if not played and view.auction and view.auction[-1] == view.last:
        return sentence("image.500.last.bid", locale, bid_tag(text, locale), player=player)
    items = sentence("image.500.last.play", locale, card_parts(text), player=player)
    if played and not view.trick and view.last_trick_winner is not None:
        winner = names_of((view.last_trick_winner,), names, locale, BODY, False, 300)
        items.append(" · " + tr("image.500.last.trick", locale, player=winner))
    return items


# -- the header ---------------------------------------------------------------------------------------------
def draw_header(canvas: Image.Image, view: FiveHundredView, names: Sequence[str], locale: str, width: int) -> int:
    """Game, hand and target, whose turn; a chip per side with its players and score. Returns its height."""
    height = header_height(view)
    ImageDraw.Draw(canvas).rectangle((0, 0, width - 1, height - 1), fill=pal.idx(pal.STRIP))
    base = 38
    right = width - PAD
    size, turn = turn_text(view, names, locale, 360)
    if turn:
        right -= draw_text(
            canvas, right, base, turn, size, pal.GOLD, pal.STRIP, bold=True, align="right", max_width=360
        )
        right -= 18
    elif view.over:
        right -= draw_text(
            canvas, right, base, tr("image.board.over", locale), SMALL, pal.GOLD, pal.STRIP, bold=True, align="right"
        )
        right -= 18
    x = PAD
    game = tr(f"game.{view.game_id}.name", locale)
    x += draw_text(canvas, x, base, game, TITLE, pal.WHITE, pal.STRIP, bold=True, max_width=320)
    facts = " · ".join((tr("image.hand_no", locale, number=view.hand_no), tr("image.target", locale, target=TARGET)))
    if right - x - 16 > 40:
        draw_text(canvas, x + 16, base, facts, SMALL, pal.GREY, pal.STRIP, max_width=right - x - 16)
    draw_chips(canvas, view, names, locale, width)
    return height


def hand_summary(view: FiveHundredView, names: Sequence[str], locale: str, result: HandResult) -> list[Item]:
    """How a finished hand went, in one line: "Hand 3: Alice made 8♥ (+280)"."""
    detail = result.detail
    number = tr("image.hand_no", locale, number=detail.get("hand", len(view.hands)))
    contract, declarer = detail.get("contract"), detail.get("declarer")
    if contract is None or declarer is None:
        key = "image.500.summary.all_pass" if any(detail.get("tricks", ())) else "image.500.summary.redeal"
        return [tr(key, locale, hand=number)]
    player = seat_name(names, declarer, locale)
    points = result.points[side_of(view, declarer)]
    key = "image.500.summary.made" if detail.get("made") else "image.500.summary.set"
    return sentence(key, locale, bid_tag(contract, locale), hand=number, player=player, points=f"{points:+d}")
