"""The Five Hundred score sheet: a row per finished hand (the contract as a tag, its declarer and partners,
made or set and the tricks they took; each side's points and its running total), the totals, and at
the end the winner.

Size: 720 pixels wide; the height grows with the rows, at most 1060 pixels (`MAX_HEIGHT`): past
`MAX_HAND_ROWS` hands the earliest are summed into one row. Points below zero are red, a set contract's
line too; a made one's is green.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PIL import Image, ImageDraw

from bot.engine.five_hundred import FiveHundredView
from bot.i18n import tr, trn

from .. import palette as pal
from ..domino_sheet import draw_heads, head_height
from ..names import MIN_SIZE, SLOT, fill, heads, together
from ..text import draw_text, text_width
from .common import BODY, PAD, SMALL, TITLE, Item, bid_tag, draw_line, line_width, names_of

WIDTH = 720
MAX_HEIGHT = 1060
MAX_HAND_ROWS = 14
ROW = 58
HEAD_ROW = 40
LABEL_W = 270
TOP = 76
WINNER = 56


class Row(NamedTuple):
    label: str  # the hand's number, or "1–5" for hands summed into one row
    contract: list[Item]  # the contract and who played it (empty for a summed row)
    size: int  # of the contract's line: smaller than SMALL only to keep the names whole
    outcome: tuple[str, pal.RGB] | None  # "made · 9 tricks" in green, "set · 6 tricks" in red...
    points: tuple[int, ...]  # per side, scored in that hand
    totals: tuple[int, ...]  # per side after that hand
    room: int  # for the contract and outcome lines, beside the hand's number


def _outcome(view: FiveHundredView, detail: dict, locale: str) -> tuple[str, pal.RGB]:
    tricks = detail.get("tricks") or [0] * view.players
    if detail.get("contract") is None or detail.get("declarer") is None:
        if any(tricks):
            return tr("image.500.sheet.all_pass", locale), pal.GREY
        return tr("image.500.sheet.redeal", locale), pal.GREY
    won = sum(tricks[s] for s in (detail["declarer"], *detail.get("partners", ())))
    if detail.get("made"):
        return trn("image.500.sheet.made", won, locale), pal.GREEN
    return trn("image.500.sheet.set", won, locale), pal.RED


def rows(view: FiveHundredView, names: Sequence[str], locale: str) -> list[Row]:
    """A row per finished hand, the earliest summed into one when there are more than `MAX_HAND_ROWS`."""
    out: list[Row] = []
    running = [0] * len(view.sides)
    for k, result in enumerate(view.hands):
        detail = result.detail
        running = [t + p for t, p in zip(running, result.points, strict=False)]
        contract: list[Item] = []
        label = str(detail.get("hand", k + 1))
        room = _room(label, result.points[0], running[0], len(view.sides))
        if detail.get("contract") is not None and detail.get("declarer") is not None:
            players = (detail["declarer"], *detail.get("partners", ())) if view.players == 5 else (detail["declarer"],)
            size, contract = _contract(room, bid_tag(detail["contract"], locale), players, names, locale)
        else:
            size = SMALL
        outcome = _outcome(view, detail, locale)
        out.append(Row(label, contract, size, outcome, tuple(result.points), tuple(running), room))
    if len(out) > MAX_HAND_ROWS:
        cut = len(out) - MAX_HAND_ROWS + 1
        merged = tuple(sum(r.points[s] for r in out[:cut]) for s in range(len(view.sides)))
        label = f"{out[0].label}–{out[cut - 1].label}"
        room = _room(label, merged[0], out[cut - 1].totals[0], len(view.sides))
        out = [Row(label, [], SMALL, None, merged, out[cut - 1].totals, room), *out[cut:]]
    return out


def _room(label: str, points: int, total: int, sides: int) -> int:
    """What a row leaves its contract beside the hand's number (as `render` draws them): the label
    column, and the first column's width that its own figures (right-aligned) do not take."""
    col_w = (WIDTH - 2 * PAD - LABEL_W) // sides
    figures = max(text_width(_signed(points)[0], BODY, points != 0), text_width(str(total), SMALL))
    free = max(0, col_w - 8 - figures - 16)
    return LABEL_W - 18 - text_width(label, SMALL, True) - 12 + free


def _contract(
    room: int, tag: Item, players: Sequence[int], names: Sequence[str], locale: str
) -> tuple[int, list[Item]]:
    """The contract's tag and its players' names, whole at the largest size that fits the row's `room`,
    down to `MIN_SIZE`; only then their names cut to what the tag leaves."""
    whole = [tag, " " + together(players, names, locale)]
    for size in range(SMALL, MIN_SIZE - 1, -2):
        if line_width(whole, size) <= room:
            return size, whole
    left = room - line_width([tag, " "], MIN_SIZE)
    return MIN_SIZE, [tag, " " + names_of(players, names, locale, MIN_SIZE, False, left)]


def height(view: FiveHundredView, names: Sequence[str] = (), locale: str = "en") -> int:
    shown = min(len(view.hands), MAX_HAND_ROWS)
    room = (WIDTH - 2 * PAD - LABEL_W) // len(view.sides) - 12
    size, lines = heads(view.sides, names, locale, SMALL, room, _lines(view))
    head = head_height(lines, size)
    return min(TOP + (WINNER if view.over else 0) + head + shown * ROW + ROW + 16, MAX_HEIGHT)


def _signed(points: int) -> tuple[str, pal.RGB]:
    if points > 0:
        return f"+{points}", pal.WHITE
    if points < 0:
        return f"−{-points}", pal.RED
    return "–", pal.GREY


def render(view: FiveHundredView, names: Sequence[str], locale: str) -> Image.Image:
    canvas = pal.new_canvas((WIDTH, height(view, names, locale)), pal.STRIP)
    d = ImageDraw.Draw(canvas)
    sides = len(view.sides)
    draw_text(canvas, PAD, 46, tr("image.sheet.title", locale), TITLE, pal.WHITE, pal.STRIP, bold=True)
    game = tr(f"game.{view.game_id}.name", locale)
    draw_text(canvas, WIDTH - PAD, 46, game, SMALL, pal.GREY, pal.STRIP, align="right", max_width=WIDTH // 2 - PAD)
    y = TOP
    if view.over and view.winner:
        members = [s for side in view.winner for s in view.sides[side]]
        text = "★ " + trn("image.sheet.winner", len(members), locale, players=SLOT)
        size, text = fill(text, members, names, locale, TITLE, True, WIDTH - 2 * PAD)
        draw_text(canvas, PAD, y + 34, text, size, pal.GOLD, pal.STRIP, bold=True)
        y += WINNER
    col_w = (WIDTH - 2 * PAD - LABEL_W) // sides
    right = [PAD + LABEL_W + (k + 1) * col_w - 8 for k in range(sides)]
    size, lines = heads(view.sides, names, locale, SMALL, col_w - 12, _lines(view))  # each side's players
    y = draw_heads(canvas, y, lines, size, right)
    d.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=pal.idx(pal.GREY), width=1)
    for n, row in enumerate(rows(view, names, locale)):
        bg = pal.ROW_ALT if n % 2 == 0 else pal.STRIP
        if bg != pal.STRIP:
            d.rectangle((PAD, y, WIDTH - PAD, y + ROW - 1), fill=pal.idx(bg))
        x = PAD + 10
        x += draw_text(canvas, x, y + 26, row.label, SMALL, pal.GREY, bg, bold=True) + 12
        room = row.room
        if row.contract:
            draw_line(canvas, x, y + 26, row.contract, row.size, pal.WHITE, bg, max_width=room)
        if row.outcome is not None:
            draw_text(canvas, x, y + 50, row.outcome[0], SMALL, row.outcome[1], bg, max_width=room)
        for k in range(sides):
            text, colour = _signed(row.points[k])
            draw_text(canvas, right[k], y + 27, text, BODY, colour, bg, bold=row.points[k] != 0, align="right")
            total = str(row.totals[k])
            draw_text(
                canvas, right[k], y + 50, total, SMALL, pal.RED if row.totals[k] < 0 else pal.GREY, bg, align="right"
            )
        y += ROW
    d.line((PAD, y + 2, WIDTH - PAD, y + 2), fill=pal.idx(pal.GREY), width=1)
    draw_text(canvas, PAD + 10, y + 36, tr("image.sheet.total", locale), BODY, pal.WHITE, pal.STRIP, bold=True)
    for k in range(sides):
        score = view.scores[k]
        colour = pal.RED if score < 0 else pal.GOLD if view.winner and k in view.winner else pal.WHITE
        draw_text(canvas, right[k], y + 36, str(score), BODY + 2, colour, pal.STRIP, bold=True, align="right")
    return canvas


def _lines(view: FiveHundredView) -> int:
    """Lines a side's head may take: a player a line, up to the three of a six-player side."""
    return max(2, *(len(side) for side in view.sides))
