"""The band that closes a fives-family game's last board: who won, and how the last hand ended (who
went out and what that scored), as Five Hundred's and Domineren's last boards say it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.engine.fives import FivesView
from bot.i18n import tr, trn

from .. import palette as pal
from ..chips import side_of
from ..names import SLOT, fill, say
from ..text import draw_text, text_width
from .common import BODY, PAD, SMALL, WIDTH

HEIGHT = 56  # the band, below the footer, on the last board only
GAP = 24  # between the winners and the hand's line


class Ending(NamedTuple):
    winner: str  # "★ Ann & Cy win"
    hand: str | None  # how the last hand ended; None when the game ended in play, mid-hand
    size: int = BODY  # the winners' (smaller only to keep their names whole)
    hand_size: int = SMALL  # the hand's line's (likewise)


def ending(view: FivesView, names: Sequence[str], locale: str) -> Ending | None:
    """What the last board says of the end of the game; None before the game is over."""
    if not view.over or not view.winner:
        return None
    band = WIDTH - 2 * PAD
    whole = _last_hand(view, names, locale, band)
    # the winners come first: they take what the hand's line leaves, or at least two thirds of the band;
    # the hand's line then takes the rest, cut in a name rather than in its points
    room = band - (min(text_width(whole[1], whole[0], False), band // 3) + GAP if whole is not None else 0)
    members = [s for side in view.winner for s in view.sides[side]]
    winner = "★ " + trn("image.sheet.winner", len(members), locale, players=SLOT)
    size, winner = fill(winner, members, names, locale, BODY, True, room)
    hand = _last_hand(view, names, locale, band - text_width(winner, size, True) - GAP)
    if hand is None:
        return Ending(winner, None, size)
    return Ending(winner, hand[1], size, hand[0])


def _last_hand(view: FivesView, names: Sequence[str], locale: str, room: int) -> tuple[int, str] | None:
    # All Fives can end on a play that reaches the target: the hand in play then never ended
    if not view.hands or len(view.hands) < view.hand_no:
        return None
    result = view.hands[-1]
    points, goer = result.points, (result.detail or {}).get("goer")
    if result.reason == "domino" and isinstance(goer, int):
        gained = points[side_of(view, goer)]
        if gained > 0:
            return say("image.final.went_out.points", locale, goer, names, SMALL, False, room, points=gained)
        if sum(points) > 0:  # Draw: going out scores the pips the others still hold against them
            pips = trn("pips", sum(points), locale)
            return say("image.final.went_out.held", locale, goer, names, SMALL, False, room, pips=pips)
        return say("image.final.went_out", locale, goer, names, SMALL, False, room)
    if result.reason == "blocked":
        best = max(range(len(points)), key=lambda k: points[k])
        if points[best] > 0:
            sentence = tr("image.final.blocked.points", locale, players=SLOT, points=points[best])
            return fill(sentence, view.sides[best], names, locale, SMALL, False, room)
        return SMALL, tr("image.final.blocked", locale)
    return None


def draw_ending(canvas: Image.Image, view: FivesView, names: Sequence[str], locale: str, top: int) -> None:
    said = ending(view, names, locale)
    if said is None:
        return
    ImageDraw.Draw(canvas).rectangle((0, top, WIDTH - 1, top + HEIGHT - 1), fill=pal.idx(pal.STRIP))
    base = top + HEIGHT // 2 + 10
    x = PAD + draw_text(canvas, PAD, base, said.winner, said.size, pal.GOLD, pal.STRIP, bold=True)
    if said.hand is not None:
        draw_text(
            canvas,
            WIDTH - PAD,
            base,
            said.hand,
            said.hand_size,
            pal.WHITE,
            pal.STRIP,
            align="right",
            max_width=WIDTH - PAD - x - GAP,
        )
