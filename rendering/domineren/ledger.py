"""The chip ledger beside the Domineren board: a block per player with his chips and their change this
hand, the set player, Nos and Block, the tiles he holds and the doubles he has declared (face up, as
on the table); then the talon and the pool. During Billitonnen each block shows the player's row of
face-down tiles instead (a double put back face up shown face up), the next one to turn marked.

Drawn on the dark strip, 300 pixels wide; `height` says how tall it needs to be: at most 640 pixels
(`MAX_HEIGHT`: five players' Billitonnen rows and the pool).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine.domineren import DominerenView
from bot.i18n import tr, trn

from .. import palette as pal
from ..names import all_names, distinct, shrink
from ..sprites import PLAIN, tile_sprite
from ..text import cap_height, draw_text, text_width
from .common import BODY, SMALL, hand_start, in_billitonnen, signed
from .pieces import back

WIDTH = 300
MAX_HEIGHT = 640
INSET = 14
TITLE_ROW = 36
NAME_ROW = 38
FACT_ROW = 32
DOUBLES_ROW = 32
ROW_TILES = 12  # unit of Billitonnen's row tiles: 24 x 48, nine of them in the column
MINI = 12  # unit of a declared double: 48 x 24, five of them in the column
GAP = 10
FOOT_ROW = 34


def block_height(view: DominerenView, seat: int) -> int:
    if in_billitonnen(view):
        return NAME_ROW + 4 * ROW_TILES + 14 + GAP
    h = NAME_ROW + FACT_ROW + GAP
    if seat < len(view.declared) and view.declared[seat]:
        h += DOUBLES_ROW
    return h


def height(view: DominerenView) -> int:
    foot = (0 if in_billitonnen(view) else FOOT_ROW) + (FOOT_ROW if view.pool else 0)
    return TITLE_ROW + sum(block_height(view, s) for s in range(view.players)) + foot + 8


def changes(view: DominerenView) -> tuple[int, ...] | None:
    start = hand_start(view)
    return None if start is None else tuple(c - s for c, s in zip(view.chips, start, strict=True))


def draw(canvas: Image.Image, view: DominerenView, names: Sequence[str], locale: str, x0: int, y0: int) -> None:
    d = ImageDraw.Draw(canvas)
    left, right = x0 + INSET, x0 + WIDTH - INSET
    delta = changes(view)
    caption = tr("image.dom.ledger.chips", locale)
    if delta is not None:
        caption = tr("image.dom.ledger.chips_change", locale)
    draw_text(canvas, right, y0 + 26, caption, SMALL, pal.GREY, pal.STRIP, align="right", max_width=WIDTH - 2 * INSET)
    y = y0 + TITLE_ROW
    everyone = all_names(names, view.players, locale)
    marks = [
        ("★ " if view.winner is not None and s in view.winner else "") + ("▶" if s == view.current_seat else "")
        for s in range(view.players)
    ]
    rooms = [
        right - left - text_width(str(view.chips[s]), BODY + 4, True) - 12 - text_width(marks[s], BODY, True)
        for s in range(view.players)
    ]
    size = min(shrink([everyone[s]], rooms[s], BODY, True, BODY - 4) for s in range(view.players))
    cut = distinct(everyone, rooms, size, True)
    for seat in range(view.players):
        h = block_height(view, seat)
        current = seat == view.current_seat
        if current:  # a gold bar down the left edge: no other colour is needed behind the text
            d.rectangle((x0 + 3, y + 4, x0 + 7, y + h - GAP - 2), fill=pal.idx(pal.GOLD))
        base = y + 29
        draw_text(canvas, right, base, str(view.chips[seat]), BODY + 4, pal.WHITE, pal.STRIP, bold=True, align="right")
        won = view.winner is not None and seat in view.winner
        colour = pal.GOLD if current or won else pal.WHITE
        draw_text(canvas, left, base, marks[seat] + cut[seat], size, colour, pal.STRIP, bold=True)
        if in_billitonnen(view):
            _draw_row(canvas, view, seat, left, y + NAME_ROW)
        else:
            _draw_facts(canvas, d, view, locale, seat, left, right, y + NAME_ROW, delta)
        y += h
        d.line((left, y - GAP // 2, right, y - GAP // 2), fill=pal.idx(pal.ROW_ALT), width=1)
    base = y + 24
    if view.phase not in ("billitonnen", "over"):
        talon = tr("image.dom.talon", locale, count=view.talon)
        if view.talon:
            talon += " · " + tr("image.dom.drawable", locale, count=view.drawable)
        size = shrink([talon], right - left, SMALL, False)  # smaller rather than its count cut off
        draw_text(canvas, left, base, talon, size, pal.GREY, pal.STRIP, max_width=right - left)
        base += FOOT_ROW
    if view.pool:
        pool = tr("image.dom.pool", locale, chips=view.pool)
        size = shrink([pool], right - left, SMALL + 2, True)
        draw_text(canvas, left, base, pool, size, pal.GOLD, pal.STRIP, bold=True, max_width=right - left)


def _tag(canvas: Image.Image, d: ImageDraw.ImageDraw, x: int, base: int, text: str) -> int:
    """A gold label with dark text (the set player's mark); returns its width."""
    w = text_width(text, SMALL, True) + 12
    top = base - cap_height(SMALL) - 6
    d.rounded_rectangle((x, top, x + w, base + 6), 6, fill=pal.idx(pal.GOLD))
    draw_text(canvas, x + 6, base, text, SMALL, pal.INK, pal.GOLD, bold=True)
    return w


def _draw_facts(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    view: DominerenView,
    locale: str,
    seat: int,
    left: int,
    right: int,
    top: int,
    delta: tuple[int, ...] | None,
) -> None:
    base = top + 22
    if delta is not None:
        change = delta[seat]
        colour = pal.GREEN if change > 0 else pal.RED if change < 0 else pal.GREY
        right -= draw_text(canvas, right, base, signed(change), SMALL, colour, pal.STRIP, bold=True, align="right") + 10
    x = left
    if seat == view.set_player and view.phase != "over":
        x += _tag(canvas, d, x, base, tr("image.dom.set_player", locale)) + 8
    facts: list[tuple[str, pal.RGB]] = []
    if view.nos == seat:
        facts.append((tr("image.dom.nos", locale), pal.GREEN))
    if view.block == seat:
        facts.append((tr("image.dom.block", locale), pal.GOLD))
    if seat < len(view.hand_sizes) and view.nos != seat:  # Nos says he is out
        held = view.hand_sizes[seat]
        facts.append((trn("image.dom.tiles", held, locale) if held else tr("image.dom.out", locale), pal.GREY))
    owed = sum(o.chips for o in view.owed if o.seat == seat)
    if owed:
        facts.append((tr("image.dom.owed", locale, chips=owed), pal.GREEN))
    if seat < len(view.forced_passes) and view.forced_passes[seat]:
        facts.append((tr("image.dom.must_pass", locale), pal.GREY))
    joiner = text_width(" · ", SMALL)
    for k, (text, colour) in enumerate(facts):
        room = right - x - (joiner if k else 0)
        if room < 40:
            break
        if k:
            x += draw_text(canvas, x, base, " · ", SMALL, pal.GREY, pal.STRIP)
        x += draw_text(canvas, x, base, text, SMALL, colour, pal.STRIP, bold=colour != pal.GREY, max_width=room)
    if seat < len(view.declared) and view.declared[seat]:
        x, y = left, top + FACT_ROW
        for hi, lo in view.declared[seat]:
            if x + 4 * MINI > right:
                break
            canvas.paste(tile_sprite(hi, lo, False, MINI, pal.STRIP, PLAIN), (x, y))
            x += 4 * MINI + 5


def _draw_row(canvas: Image.Image, view: DominerenView, seat: int, left: int, top: int) -> None:
    """The seat's face-down row, left to right as the player keeps it: he turns the rightmost next."""
    game = view.billitonnen
    assert game is not None
    row = game.rows[seat] if seat < len(game.rows) else ()
    w = 2 * ROW_TILES + 4
    for k, tile in enumerate(row):
        x = left + k * w
        if tile is None:
            canvas.paste(back(True, ROW_TILES, pal.STRIP), (x, top))
        else:
            canvas.paste(tile_sprite(tile[0], tile[1], True, ROW_TILES, pal.STRIP, PLAIN), (x, top))
    if row and seat == view.current_seat:  # the tile he turns next
        x = left + (len(row) - 1) * w + ROW_TILES
        y = top + 4 * ROW_TILES + 3
        ImageDraw.Draw(canvas).polygon(((x, y), (x - 7, y + 9), (x + 7, y + 9)), fill=pal.idx(pal.GOLD))
