"""Pieces shared by the fives-family images: names, sides, the last action in words, the header."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine.fives import FivesView
from bot.i18n import tr

from .. import palette as pal
from ..chips import draw_chips, header_height, seat_name, side_of
from ..names import all_names, joined, say
from ..text import draw_text

WIDTH = 960  # board images; Discord shows it about 400 px wide on a phone, so text is 22 px or more
PAD = 20
TITLE = 30
BODY = 26
SMALL = 22


def side_label(view: FivesView, names: Sequence[str], side: int, locale: str, size: int, max_width: int) -> str:
    """The side's players by name, each cut to its share of `max_width` (no two alike)."""
    return joined(view.sides[side], all_names(names, view.players, locale), locale, size, True, max_width)


def end_values(view: FivesView) -> list[int | None]:
    """What each open end adds to the end count (fives.md C5), in `view.ends` order; None for a spinner's
    arm, which counts nothing until a tile is played on it. A double with one side open counts both
    halves there (6 for the 3-3); a lead double's two open sides count a half each, so that the values
    always add up to `view.end_count`."""
    sides: dict[int, int] = {}
    for _, index, _, arm in view.ends:
        if not arm:
            sides[index] = sides.get(index, 0) + 1
    out: list[int | None] = []
    for number, index, _, arm in view.ends:
        if arm:
            out.append(None)
        elif view.layout[index].double and sides[index] == 1:
            out.append(2 * number)
        else:
            out.append(number)
    return out


def count_sum(view: FivesView) -> str:
    """The end count as the sum it is: "6 + 2 + 3 = 11" (just "11" for a single end)."""
    counted = [str(v) for v in end_values(view) if v is not None]
    return f"{' + '.join(counted)} = {view.end_count}" if len(counted) > 1 else str(view.end_count)


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


def draw_header(canvas: Image.Image, view: FivesView, names: Sequence[str], locale: str, width: int) -> int:
    """Game, hand, target, whose turn and the boneyard on one line; a chip per side with its score.
    Returns the height used."""
    height = header_height(view)
    ImageDraw.Draw(canvas).rectangle((0, 0, width - 1, height - 1), fill=pal.idx(pal.STRIP))
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
        size, who = say("image.turn", locale, view.current_seat, names, SMALL, True, 300)
        right -= draw_text(canvas, right, base, who, size, pal.GOLD, pal.STRIP, bold=True, align="right", max_width=300)
        right -= 18
    elif view.over:  # as Five Hundred's and Domineren's last boards say it
        over = tr("image.board.over", locale)
        right -= draw_text(canvas, right, base, over, SMALL, pal.GOLD, pal.STRIP, bold=True, align="right") + 18
    x = PAD
    x += draw_text(canvas, x, base, game_name(view, locale), TITLE, pal.WHITE, pal.STRIP, bold=True, max_width=360)
    rounds = view.options.get("rounds")  # Draw: a set number of hands, so the header says how far in
    if isinstance(rounds, int):
        facts = [tr("image.hand_of", locale, number=view.hand_no, total=rounds)]
    else:
        facts = [tr("image.hand_no", locale, number=view.hand_no)]
    if view.target:
        facts.append(tr("image.target", locale, target=view.target))
    room = right - x - 16
    if room > 40:
        draw_text(canvas, x + 16, base, " · ".join(facts), SMALL, pal.GREY, pal.STRIP, max_width=room)
    draw_chips(canvas, view, names, locale, width)
    return height
