"""The score sheet of a fives-family game: a row per finished hand, running totals, the winner.

Size: 720 pixels wide; the height grows with the rows, at most 1200 pixels (`MAX_HEIGHT`): past
`MAX_HAND_ROWS` hands, the earliest are summed into one row. Below the table, the tiles each player was
left holding at the end of the last hand, with their pips, since that is what the hand's points came from.

Running totals come from `detail["totals"]` of each hand when the engine gives them (the scores after
that hand, points made in play included). Without them a hand's row shows only its end-of-hand points,
and an "in play" row makes up the difference to the current scores, so the total is always right.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.engine.fives import FivesView
from bot.i18n import tr, trn

from .. import palette as pal
from ..domino_sheet import (
    LABEL_W,
    MAX_HAND_ROWS,
    MAX_HEIGHT,
    ROW,
    SEAT_ROW,
    WIDTH,
    draw_heads,
    draw_tiles_left,
    head_height,
    plain_row,
)
from ..names import SLOT, fill, heads
from ..text import draw_text
from .common import BODY, PAD, SMALL, TITLE, game_name, seat_name


class Row(NamedTuple):
    label: str  # the hand's number, or "1–29" for hands summed into one row
    points: tuple[int, ...]  # per side, scored in that hand (in play too when the engine tells)
    totals: tuple[int, ...] | None  # per side after that hand, when the engine tells


def rows(view: FivesView) -> list[Row]:
    """A row per finished hand, the earliest summed into one when there are more than `MAX_HAND_ROWS`."""
    out: list[Row] = []
    for k, result in enumerate(view.hands):
        number = result.detail.get("hand", k + 1)
        totals = result.detail.get("totals")
        points = result.scored if totals is not None else tuple(result.points)
        out.append(Row(str(number), points, None if totals is None else tuple(totals)))
    if len(out) > MAX_HAND_ROWS:
        cut = len(out) - MAX_HAND_ROWS + 1
        merged = tuple(sum(r.points[s] for r in out[:cut]) for s in range(len(view.sides)))
        out = [Row(f"{out[0].label}–{out[cut - 1].label}", merged, out[cut - 1].totals), *out[cut:]]
    return out


def in_play(view: FivesView, table: list[Row]) -> list[int] | None:
    """Points the rows do not account for (scored in play, when the engine gives no totals), or None.
    Not shown across Le Quantette parties, whose scores start again from nothing."""
    known = table[-1].totals if table else None
    if known is not None and tuple(known) == tuple(view.scores):
        return None
    sides = range(len(view.sides))
    base = list(known) if known is not None else [sum(r.points[k] for r in table) for k in sides]
    missing = [view.scores[k] - base[k] for k in sides]
    return missing if any(missing) and not view.parties else None


def _height(view: FivesView, names: Sequence[str], locale: str) -> int:
    rows = min(len(view.hands), MAX_HAND_ROWS)
    extra = 1 + (1 if view.game_points else 0) + 1 + len(view.parties)  # in play, game points, total, parties
    size, lines = heads(view.sides, names, locale, SMALL, (WIDTH - 2 * PAD - LABEL_W) // len(view.sides) - 12)
    h = 76 + (56 if view.over else 0) + head_height(lines, size) + (rows + extra) * ROW + 16
    if view.hands and view.hands[-1].detail.get("hands"):
        h += 48 + view.players * SEAT_ROW
    return min(h + 12, MAX_HEIGHT)


def render(view: FivesView, names: Sequence[str], locale: str) -> Image.Image:
    height = _height(view, names, locale)
    canvas = pal.new_canvas((WIDTH, height), pal.STRIP)
    d = ImageDraw.Draw(canvas)
    sides = len(view.sides)
    draw_text(canvas, PAD, 46, tr("image.sheet.title", locale), TITLE, pal.WHITE, pal.STRIP, bold=True)
    draw_text(
        canvas,
        WIDTH - PAD,
        46,
        game_name(view, locale),
        SMALL,
        pal.GREY,
        pal.STRIP,
        align="right",
        max_width=WIDTH // 2 - PAD,
    )
    y = 76
    if view.over and view.winner:
        members = [s for side in view.winner for s in view.sides[side]]
        text = "★ " + trn("image.sheet.winner", len(members), locale, players=SLOT)
        size, text = fill(text, members, names, locale, TITLE, True, WIDTH - 2 * PAD)
        draw_text(canvas, PAD, y + 34, text, size, pal.GOLD, pal.STRIP, bold=True)
        y += 56
    col_w = (WIDTH - 2 * PAD - LABEL_W) // sides
    col_x = [PAD + LABEL_W + k * col_w for k in range(sides)]
    size, lines = heads(view.sides, names, locale, SMALL, col_w - 12)  # each side's players
    y = draw_heads(canvas, y, lines, size, [x + col_w - 8 for x in col_x])
    d.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=pal.idx(pal.GREY), width=1)
    table = rows(view)
    for n, row in enumerate(table):
        bg = pal.ROW_ALT if n % 2 == 0 else pal.STRIP
        if bg != pal.STRIP:
            d.rectangle((PAD, y, WIDTH - PAD, y + ROW - 1), fill=pal.idx(bg))
        label = tr("image.hand_no", locale, number=row.label)
        draw_text(canvas, PAD + 10, y + 28, label, SMALL, pal.GREY, bg, max_width=LABEL_W - 14)
        for k in range(sides):
            right = col_x[k] + col_w - 8
            if row.totals is not None:
                right -= draw_text(canvas, right, y + 28, str(row.totals[k]), SMALL, pal.GREY, bg, align="right") + 12
            points = row.points[k]
            text = f"+{points}" if points else "–"
            draw_text(
                canvas,
                right,
                y + 28,
                text,
                BODY,
                pal.WHITE if points else pal.GREY,
                bg,
                bold=bool(points),
                align="right",
            )
        y += ROW
    missing = in_play(view, table)
    if missing is not None:
        cells = [f"+{p}" if p > 0 else str(p) if p else "–" for p in missing]
        y = plain_row(canvas, y, tr("image.sheet.in_play", locale), cells, col_x, col_w, pal.GREY)
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=pal.idx(pal.GREY), width=1)
    y = plain_row(
        canvas,
        y + 4,
        tr("image.sheet.total", locale),
        [str(s) for s in view.scores],
        col_x,
        col_w,
        pal.WHITE,
        bold=True,
    )
    for k, partie in enumerate(view.parties):
        cells = [
            f"{sc} ({pt:+d})" if pt else str(sc) for sc, pt in zip(partie["scores"], partie["points"], strict=False)
        ]
        y = plain_row(canvas, y, tr("image.sheet.partie", locale, number=k + 1), cells, col_x, col_w, pal.GREY)
    if view.game_points:
        y = plain_row(
            canvas,
            y,
            tr("image.sheet.game_points", locale),
            [f"{p:+d}" if p else "0" for p in view.game_points],
            col_x,
            col_w,
            pal.GOLD,
            bold=True,
        )
    if view.hands and view.hands[-1].detail.get("hands"):
        _draw_last_hand(canvas, view, names, locale, y + 16, height)
    return canvas


def _draw_last_hand(
    canvas: Image.Image, view: FivesView, names: Sequence[str], locale: str, y: int, bottom: int
) -> None:
    last = view.hands[-1]
    detail = last.detail
    number = detail.get("hand", len(view.hands))
    goer = detail.get("goer")
    if last.reason == "domino" and goer is not None:
        how = tr("image.sheet.domino", locale, player=seat_name(names, goer, locale))
    else:
        how = tr("image.sheet.blocked", locale)
    title = tr("image.hand_no", locale, number=number) + " · " + how
    pips = detail.get("pips", [])
    counts = [trn("image.sheet.pips", pips[seat] if seat < len(pips) else 0, locale) for seat in range(view.players)]
    draw_tiles_left(canvas, names, locale, title, detail["hands"], counts, y, bottom)
