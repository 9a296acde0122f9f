"""Pieces shared by the fives-family images: names, sides, the last action in words, the header."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine.fives import FivesView
from bot.i18n import tr

from .. import palette as pal
from ..text import draw_text, fit, text_width

WIDTH = 960  # board images; Discord shows it about 400 px wide on a phone, so text is 22 px or more
PAD = 20
TITLE = 30
BODY = 26
SMALL = 22


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    if 0 <= seat < len(names) and names[seat].strip():
        return " ".join(names[seat].split())
    return tr("image.seat", locale, seat=seat + 1)


def side_of(view: FivesView, seat: int) -> int:
    return next(k for k, members in enumerate(view.sides) if seat in members)


def side_label(view: FivesView, names: Sequence[str], side: int, locale: str, size: int, max_width: int) -> str:
    """The side's players by name, each cut to its share of `max_width`."""
    members = view.sides[side]
    if len(members) == 1:
        return fit(seat_name(names, members[0], locale), size, True, max_width)
    joiner = tr("image.side.join", locale)
    share = (max_width - text_width(joiner, size, True) * (len(members) - 1)) // len(members)
    return joiner.join(fit(seat_name(names, s, locale), size, True, share) for s in members)


def game_name(view: FivesView, locale: str) -> str:
    return tr(f"game.{view.game_id}.name", locale)


def last_action(view: FivesView, names: Sequence[str], locale: str) -> tuple[str, int] | None:
    """The last action in words and the points it scored for the actor's side."""
    if view.last is None:
        return None
    seat, action, points = view.last
    player = seat_name(names, seat, locale)
    text = action.removesuffix(" muggins")
    if text == "draw":
        words = tr("image.last.draw", locale, player=player)
    elif text == "pass":
        words = tr("image.last.pass", locale, player=player)
    elif "@" in text:
        tile, _, target = text.partition("@")
        target = target.partition(":")[0]
        words = tr("image.last.play", locale, player=player, tile=tile, target=target)
    else:
        words = tr("image.last.lead", locale, player=player, tile=text)
    return words, points[side_of(view, seat)]


def chip_rows(sides: int) -> tuple[int, int]:
    """(rows, columns) of the score chips: up to three sides in a row."""
    cols = sides if sides <= 3 else (sides + 1) // 2
    return (sides + cols - 1) // cols, cols


ROW1 = 54
CHIP_H = 50
CHIP_GAP = 8


def header_height(view: FivesView) -> int:
    rows, _ = chip_rows(len(view.sides))
    return ROW1 + rows * (CHIP_H + CHIP_GAP) + CHIP_GAP


def draw_header(canvas: Image.Image, view: FivesView, names: Sequence[str], locale: str, width: int) -> int:
    """Game, hand, target, whose turn and the boneyard on one line; a chip per side with its score.
    Returns the height used."""
    height = header_height(view)
    d = ImageDraw.Draw(canvas)
    d.rectangle((0, 0, width - 1, height - 1), fill=pal.idx(pal.STRIP))
    base = 38
    right = width - PAD
    if view.boneyard or view.drawable:
        right -= (
            draw_text(
                canvas,
                right,
                base,
                tr("image.boneyard", locale, count=view.boneyard),
                SMALL,
                pal.GREY,
                pal.STRIP,
                align="right",
            )
            + 18
        )
    if view.current_seat is not None:
        who = tr("image.turn", locale, player=seat_name(names, view.current_seat, locale))
        right -= draw_text(
            canvas, right, base, who, SMALL, pal.GOLD, pal.STRIP, bold=True, align="right", max_width=300
        )
        right -= 18
    x = PAD
    x += draw_text(canvas, x, base, game_name(view, locale), TITLE, pal.WHITE, pal.STRIP, bold=True, max_width=360)
    facts = [tr("image.hand_no", locale, number=view.hand_no)]
    if view.target:
        facts.append(tr("image.target", locale, target=view.target))
    room = right - x - 16
    if room > 40:
        draw_text(canvas, x + 16, base, " · ".join(facts), SMALL, pal.GREY, pal.STRIP, max_width=room)
    _, cols = chip_rows(len(view.sides))
    chip_w = (width - 2 * PAD - (cols - 1) * CHIP_GAP) // cols
    turn_side = None if view.current_seat is None else side_of(view, view.current_seat)
    winners = set(view.winner or ())
    for side in range(len(view.sides)):
        r, c = divmod(side, cols)
        x0 = PAD + c * (chip_w + CHIP_GAP)
        y0 = ROW1 + r * (CHIP_H + CHIP_GAP)
        box = (x0, y0, x0 + chip_w, y0 + CHIP_H)
        _draw_chip(canvas, d, view, names, locale, side, box, side == turn_side, side in winners)
    return height


def _draw_chip(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    view: FivesView,
    names: Sequence[str],
    locale: str,
    side: int,
    box: tuple[int, int, int, int],
    turn: bool,
    won: bool,
) -> None:
    bg = pal.CHIP_TURN if turn else pal.CHIP
    outline = pal.idx(pal.GOLD) if turn or won else None
    d.rounded_rectangle(box, 10, fill=pal.idx(bg), outline=outline, width=3 if outline is not None else 0)
    x0, y0, x1, y1 = box
    base = y0 + (y1 - y0) // 2 + 10
    score = str(view.scores[side])
    score_w = draw_text(canvas, x1 - 14, base + 2, score, 32, pal.WHITE, bg, bold=True, align="right")
    x = x0 + 14
    if won:
        x += draw_text(canvas, x, base, "★ ", BODY, pal.GOLD, bg, bold=True)
    room = x1 - 14 - score_w - 12 - x
    members = view.sides[side]
    joiner = tr("image.side.join", locale)
    join_w = text_width(joiner, SMALL + 2, True)
    share = (room - join_w * (len(members) - 1)) // len(members)
    for k, seat in enumerate(members):
        if k:
            x += draw_text(canvas, x, base, joiner, SMALL + 2, pal.GREY, bg, bold=True)
        current = seat == view.current_seat
        name = seat_name(names, seat, locale)
        if current:
            name = "▶" + name
        colour = pal.GOLD if current else pal.WHITE
        x += draw_text(canvas, x, base, name, SMALL + 2, colour, bg, bold=True, max_width=share)
