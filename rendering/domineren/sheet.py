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
from ..domino_sheet import (
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
from ..names import MIN_SIZE, SLOT, fill, heads
from ..text import draw_text, text_width
from .common import BODY, PAD, SMALL, TITLE, game_name, signed

SUB = 32  # a line of a hand's block: paid in play, the settlement, the chips after it
LABEL = 200


class Row(NamedTuple):
    label: str  # the hand ("Hand 3"), or the hands summed into one block ("Hands 1–9")
    points: tuple[int, ...]  # the settlement (§14)
    chips: tuple[int, ...] | None  # each player's chips after it, when known
    number: int  # the (last) hand's number
    played: tuple[int, ...] | None  # chips paid and won in play: the set, doubles, Nos, Block (with `chips`)


def hand_rows(view: DominerenView, locale: str, most: int | None = None) -> list[Row]:
    """A block per finished hand, the earliest summed into one when there are more than `most`."""
    out: list[Row] = []
    before = [view.start_chips] * view.players
    for k, result in enumerate(view.hands):
        if result.reason in ("pool", "billitonnen"):
            continue
        number = result.detail.get("hand", k + 1)
        chips = result.detail.get("chips")
        played = None
        if chips is not None:
            played = tuple(c - b - p for c, b, p in zip(chips, before, result.points, strict=True))
            before = list(chips)
        label = tr("image.hand_no", locale, number=number)
        out.append(Row(label, tuple(result.points), None if chips is None else tuple(chips), number, played))
    most = MAX_HAND_ROWS if most is None else max(1, most)
    if len(out) > most:
        cut = len(out) - most + 1
        merged = tuple(sum(r.points[s] for r in out[:cut]) for s in range(view.players))
        played = None
        if all(r.played is not None for r in out[:cut]):
            played = tuple(sum(r.played[s] for r in out[:cut] if r.played) for s in range(view.players))
        label = tr("image.dom.sheet.hands", locale, first=out[0].number, last=out[cut - 1].number)
        out = [Row(label, merged, out[cut - 1].chips, out[cut - 1].number, played), *out[cut:]]
    return out


def in_play(view: DominerenView, rows: Sequence[Row]) -> list[int] | None:
    """Chips moved during play that no row accounts for (the hand being played, or hands without their
    chips recorded), counted from the last hand that recorded its chips (or from the start)."""
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


def _block(row: Row) -> int:
    return 3 * SUB if row.played is not None else 2 * SUB


def _fixed(view: DominerenView, names: Sequence[str], locale: str) -> int:
    """The height of all but the hands' blocks."""
    size, lines = _heads(view, names, locale)
    lines_below = 1 + 1 + _extra(view) + 2  # start, in play, pool/Billitonnen, chips, result
    h = 76 + (56 if view.over else 0) + head_height(lines, size) + lines_below * ROW + 24
    if _last_hand(view) is not None:
        h += 48 + view.players * SEAT_ROW
    return h + 12


def _heads(view: DominerenView, names: Sequence[str], locale: str) -> tuple[int, list[list[str]]]:
    col_w = (WIDTH - 2 * PAD - LABEL) // view.players
    return heads([(s,) for s in range(view.players)], names, locale, SMALL, col_w - 12)


def rows_and_height(view: DominerenView, names: Sequence[str], locale: str) -> tuple[list[Row], int]:
    """The hands' blocks, as many as fit in `MAX_HEIGHT` with the rest of the sheet, and its height."""
    fixed = _fixed(view, names, locale)
    rows = hand_rows(view, locale, max(1, (MAX_HEIGHT - fixed) // (3 * SUB)))
    return rows, min(fixed + sum(map(_block, rows)), MAX_HEIGHT)


def height(view: DominerenView, names: Sequence[str] = (), locale: str = "en") -> int:
    return rows_and_height(view, names, locale)[1]


def render(view: DominerenView, names: Sequence[str], locale: str) -> Image.Image:
    rows, total_h = rows_and_height(view, names, locale)
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
        text = "★ " + trn("image.sheet.winner", len(view.winner), locale, players=SLOT)
        size, text = fill(text, view.winner, names, locale, TITLE, True, WIDTH - 2 * PAD)
        draw_text(canvas, PAD, y + 34, text, size, pal.GOLD, pal.STRIP, bold=True)
        y += 56
    col_w = (WIDTH - 2 * PAD - LABEL) // n
    col_x = [PAD + LABEL + k * col_w for k in range(n)]
    size, lines = _heads(view, names, locale)
    y = draw_heads(canvas, y, lines, size, [x + col_w - 8 for x in col_x])
    d.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=pal.idx(pal.GREY), width=1)
    start = [str(view.start_chips)] * n
    y = plain_row(canvas, y, tr("image.dom.sheet.start", locale), start, col_x, col_w, pal.GREY, label_w=LABEL)
    for r, row in enumerate(rows):
        y = _draw_block(canvas, d, y, row, col_x, col_w, pal.ROW_ALT if r % 2 == 0 else pal.STRIP, locale)
    missing = in_play(view, rows)
    if missing is not None:
        label = tr("image.dom.sheet.payments", locale, number=view.hand_no)
        y = _signed_row(canvas, y, label, missing, col_x, col_w)
    for result in view.hands:
        if result.reason == "pool":
            y = _signed_row(canvas, y, tr("image.dom.sheet.pool", locale), list(result.points), col_x, col_w)
        elif result.reason == "billitonnen":
            y = _signed_row(canvas, y, tr("image.dom.sheet.billitonnen", locale), list(result.points), col_x, col_w)
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=pal.idx(pal.GREY), width=1)
    chips = [str(c) for c in view.chips]
    y = plain_row(canvas, y + 4, tr("image.dom.sheet.chips", locale), chips, col_x, col_w, pal.WHITE, True, LABEL)
    change = view.game_points or tuple(c - view.start_chips for c in view.chips)
    label = tr("image.dom.sheet.result", locale, start=view.start_chips)
    colour = pal.GOLD if view.over else pal.GREY
    y = plain_row(canvas, y, label, [signed(p) for p in change], col_x, col_w, colour, view.over, LABEL)
    last = _last_hand(view)
    if last is not None and y + 48 + SEAT_ROW <= total_h:
        _draw_last_hand(canvas, view, names, locale, last, y + 16, total_h)
    return canvas


def _draw_block(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    y: int,
    row: Row,
    col_x: list[int],
    col_w: int,
    bg: pal.RGB,
    locale: str,
) -> int:
    """A hand's block: what play paid each player, what the settlement paid, and the chips after it; each
    line labelled, so that a player can add it up."""
    lines: list[tuple[str, tuple[int, ...], str]] = []  # label, values, what they are
    if row.played is not None:
        lines.append((tr("image.dom.sheet.played", locale), row.played, "played"))
    lines.append((tr("image.dom.sheet.settled", locale), row.points, "settled"))
    if row.chips is not None:
        lines.append((tr("image.dom.sheet.after", locale), row.chips, "after"))
    top = y
    if bg != pal.STRIP:
        d.rectangle((PAD, y, WIDTH - PAD, y + SUB * len(lines) - 1), fill=pal.idx(bg))
    # the hand ("第1〜7ハンド") and its first line's kind share a line: both smaller before either is cut
    size = SMALL
    while size > MIN_SIZE and (
        text_width(row.label, size, True) + 10 + text_width(lines[0][0], min(size, SMALL - 2)) > LABEL - 14
    ):
        size -= 2
    hand_w = draw_text(canvas, PAD + 10, y + 23, row.label, size, pal.WHITE, bg, bold=True) + 10
    for k, (kind, values, what) in enumerate(lines):
        base = y + 23
        room = LABEL - 14 - (hand_w if k == 0 else 0)
        kind_size = min(size, SMALL - 2) if k == 0 else SMALL - 2
        draw_text(canvas, PAD + LABEL - 8, base, kind, kind_size, pal.GREY, bg, align="right", max_width=room)
        for c, value in enumerate(values):
            right = col_x[c] + col_w - 8
            if what == "after":  # the running total
                draw_text(canvas, right, base, str(value), SMALL, pal.WHITE, bg, align="right")
                continue
            colour = pal.GREEN if value > 0 else pal.RED if value < 0 else pal.GREY
            text = signed(value) if value else "–"
            size = SMALL + 2 if what == "settled" else SMALL
            draw_text(canvas, right, base, text, size, colour, bg, bold=what == "settled", align="right")
        y += SUB
    return top + SUB * len(lines)


def _signed_cell(canvas: Image.Image, right: int, base: int, chips: int, bg: pal.RGB) -> int:
    colour = pal.GREEN if chips > 0 else pal.RED if chips < 0 else pal.GREY
    text = signed(chips) if chips else "–"
    return draw_text(canvas, right, base, text, BODY, colour, bg, bold=bool(chips), align="right")


def _signed_row(canvas: Image.Image, y: int, label: str, cells: list[int], col_x: list[int], col_w: int) -> int:
    draw_text(canvas, PAD + 10, y + 28, label, SMALL, pal.GREY, pal.STRIP, max_width=LABEL - 14)
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
