"""The score sheet of a Domineren session: chips per player, hand by hand, then the pool, Billitonnen and
the result (chips − the starting chips).

Size: 720 pixels wide; the height grows with the rows, at most 1200 pixels (`MAX_HEIGHT`): past
`MAX_HAND_ROWS` hands the earliest are summed into one row. A hand's row shows its settlement (§14) and,
when the engine records them (`detail["chips"]`), each player's chips after it. Payments made during
play (the set, declared doubles, doubles on the previous tile, Nos, Block) are not in the settlement, so
without those records a "payments in play" row makes up the difference to the current chips, and the
chips row is always right. Below the table, the tiles each player was left holding at the end of the
last hand, with the count that was settled (0-0 counts 14).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.engine import HandResult
from bot.engine.domineren import DominerenView
from bot.i18n import tr, trn

from .. import palette as pal
from ..domino_sheet import LABEL_W, MAX_HAND_ROWS, MAX_HEIGHT, ROW, SEAT_ROW, WIDTH, draw_tiles_left, plain_row
from ..text import draw_text
from .common import BODY, PAD, SMALL, TITLE, game_name, seat_name, signed


class Row(NamedTuple):
    label: str
    points: tuple[int, ...]  # the settlement
    chips: tuple[int, ...] | None  # each player's chips after it, when known
    number: int  # the hand's number


def hand_rows(view: DominerenView, locale: str) -> list[Row]:
    """A row per finished hand, the earliest summed into one when there are more than `MAX_HAND_ROWS`."""
    out: list[Row] = []
    for k, result in enumerate(view.hands):
        if result.reason in ("pool", "billitonnen"):
            continue
        number = result.detail.get("hand", k + 1)
        declared = str(result.detail.get("type", "")).split()
        if len(declared) > 1:  # "type 13a normal:WE": the type's number tells it
            label = tr("image.dom.sheet.hand", locale, number=number, type=declared[1])
        else:
            label = tr("image.hand_no", locale, number=number)
        chips = result.detail.get("chips")
        out.append(Row(label, tuple(result.points), None if chips is None else tuple(chips), number))
    if len(out) > MAX_HAND_ROWS:
        cut = len(out) - MAX_HAND_ROWS + 1
        merged = tuple(sum(r.points[s] for r in out[:cut]) for s in range(view.players))
        label = tr("image.dom.sheet.hands", locale, first=out[0].number, last=out[cut - 1].number)
        out = [Row(label, merged, out[cut - 1].chips, out[cut - 1].number), *out[cut:]]
    return out


def in_play(view: DominerenView, rows: Sequence[Row]) -> list[int] | None:
    """Chips moved during play that no row accounts for, counted from the last hand that recorded its
    chips (or from the start)."""
    recorded = [k for k, r in enumerate(rows) if r.chips is not None]
    if recorded:
        base, later = list(rows[recorded[-1]].chips or ()), [r.points for r in rows[recorded[-1] + 1 :]]
    else:
        base, later = [view.start_chips] * view.players, [r.points for r in rows]
    later += [h.points for h in view.hands if h.reason in ("pool", "billitonnen")]
    missing = [c - b - sum(p[s] for p in later) for s, (c, b) in enumerate(zip(view.chips, base, strict=True))]
    return missing if any(missing) else None


def _extra(view: DominerenView) -> int:
    return sum(1 for h in view.hands if h.reason in ("pool", "billitonnen"))


def _last_hand(view: DominerenView) -> HandResult | None:
    finished = [h for h in view.hands if h.reason not in ("pool", "billitonnen")]
    return finished[-1] if finished and finished[-1].detail.get("hands") else None


def height(view: DominerenView, rows: Sequence[Row]) -> int:
    lines = 1 + len(rows) + 1 + _extra(view) + 2  # start, hands, in play, pool/Billitonnen, chips, result
    h = 76 + (56 if view.over else 0) + ROW + lines * ROW + 24
    if _last_hand(view) is not None:
        h += 48 + view.players * SEAT_ROW
    return min(h + 12, MAX_HEIGHT)


def render(view: DominerenView, names: Sequence[str], locale: str) -> Image.Image:
    rows = hand_rows(view, locale)
    total_h = height(view, rows)
    canvas = pal.new_canvas((WIDTH, total_h), pal.STRIP)
    d = ImageDraw.Draw(canvas)
    n = view.players
    draw_text(canvas, PAD, 46, tr("image.sheet.title", locale), TITLE, pal.WHITE, pal.STRIP, bold=True)
    draw_text(
        canvas,
        WIDTH - PAD,
        46,
        game_name(locale),
        SMALL,
        pal.GREY,
        pal.STRIP,
        align="right",
        max_width=WIDTH // 2 - PAD,
    )
    y = 76
    if view.over and view.winner:
        who = tr("image.side.join", locale).join(seat_name(names, s, locale) for s in view.winner)
        text = "★ " + trn("image.sheet.winner", len(view.winner), locale, players=who)
        draw_text(canvas, PAD, y + 34, text, TITLE, pal.GOLD, pal.STRIP, bold=True, max_width=WIDTH - 2 * PAD)
        y += 56
    col_w = (WIDTH - 2 * PAD - LABEL_W) // n
    col_x = [PAD + LABEL_W + k * col_w for k in range(n)]
    for k in range(n):
        name = seat_name(names, k, locale)
        draw_text(
            canvas,
            col_x[k] + col_w - 8,
            y + 28,
            name,
            SMALL,
            pal.WHITE,
            pal.STRIP,
            bold=True,
            align="right",
            max_width=col_w - 12,
        )
    y += ROW
    d.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=pal.idx(pal.GREY), width=1)
    start = [str(view.start_chips)] * n
    y = plain_row(canvas, y, tr("image.dom.sheet.start", locale), start, col_x, col_w, pal.GREY)
    for r, row in enumerate(rows):
        bg = pal.ROW_ALT if r % 2 == 0 else pal.STRIP
        if bg != pal.STRIP:
            d.rectangle((PAD, y, WIDTH - PAD, y + ROW - 1), fill=pal.idx(bg))
        draw_text(canvas, PAD + 10, y + 28, row.label, SMALL, pal.GREY, bg, max_width=LABEL_W - 14)
        for k in range(n):
            right = col_x[k] + col_w - 8
            if row.chips is not None:
                right -= draw_text(canvas, right, y + 28, str(row.chips[k]), SMALL, pal.GREY, bg, align="right") + 10
            _signed_cell(canvas, right, y + 28, row.points[k], bg)
        y += ROW
    missing = in_play(view, rows)
    if missing is not None:
        y = _signed_row(canvas, y, tr("image.dom.sheet.payments", locale), missing, col_x, col_w)
    for result in view.hands:
        if result.reason == "pool":
            y = _signed_row(canvas, y, tr("image.dom.sheet.pool", locale), list(result.points), col_x, col_w)
        elif result.reason == "billitonnen":
            y = _signed_row(canvas, y, tr("image.dom.sheet.billitonnen", locale), list(result.points), col_x, col_w)
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=pal.idx(pal.GREY), width=1)
    y = plain_row(
        canvas,
        y + 4,
        tr("image.dom.sheet.chips", locale),
        [str(c) for c in view.chips],
        col_x,
        col_w,
        pal.WHITE,
        bold=True,
    )
    result = view.game_points or tuple(c - view.start_chips for c in view.chips)
    label = tr("image.dom.sheet.result", locale, start=view.start_chips)
    colour = pal.GOLD if view.over else pal.GREY
    y = plain_row(canvas, y, label, [signed(p) for p in result], col_x, col_w, colour, bold=view.over)
    last = _last_hand(view)
    if last is not None and y + 48 + SEAT_ROW <= total_h:
        _draw_last_hand(canvas, view, names, locale, last, y + 16, total_h)
    return canvas


def _signed_cell(canvas: Image.Image, right: int, base: int, chips: int, bg: pal.RGB) -> int:
    colour = pal.GREEN if chips > 0 else pal.RED if chips < 0 else pal.GREY
    text = signed(chips) if chips else "–"
    return draw_text(canvas, right, base, text, BODY, colour, bg, bold=bool(chips), align="right")


def _signed_row(canvas: Image.Image, y: int, label: str, cells: list[int], col_x: list[int], col_w: int) -> int:
    draw_text(canvas, PAD + 10, y + 28, label, SMALL, pal.GREY, pal.STRIP, max_width=LABEL_W - 14)
    for k, chips in enumerate(cells):
        _signed_cell(canvas, col_x[k] + col_w - 8, y + 28, chips, pal.STRIP)
    return y + ROW


def _draw_last_hand(
    canvas: Image.Image, view: DominerenView, names: Sequence[str], locale: str, last: HandResult, y: int, bottom: int
) -> None:
    detail = last.detail
    title = tr("image.dom.sheet.left", locale, number=detail.get("hand", view.hand_no))
    totals = detail.get("totals", [])
    counts = [
        tr("image.dom.sheet.count", locale, count=totals[seat] if seat < len(totals) else 0)
        if labels
        else tr("image.dom.out", locale)
        for seat, labels in enumerate(detail["hands"])
    ]
    draw_tiles_left(canvas, names, locale, title, detail["hands"], counts, y, bottom)
