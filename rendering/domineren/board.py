"""The public board image of Domineren, and of Billitonnen at the end of a session.

Size: always 960 pixels wide (Discord shows it about 400 px wide on a phone, so no text is under 22 px);
the height grows with the layout and the ledger, from 480 to at most 1200 pixels (`MAX_HEIGHT`). The
felt is 660 pixels wide, the chip ledger beside it 300 (`rendering.domineren.ledger`). Tiles shrink in
steps (a quarter-tile unit of 30 down to 9 px) only when a layout does not fit at the larger size; the
longest Domineren layout is 26 tiles, Billitonnen's line 28.

From top to bottom: the header (game, hand, whose turn and to do what; the declared game type with its
parameters), the felt with the layout beside the ledger, a legend of the marks on the felt, and the
footer with the last action and the chips it moved. On the felt every tile lies as the engine placed it;
the arms that follow the Russian rule lie on a dark red band, and every open end has a marker with its
number: ivory under the normal rule, red under the Russian rule, grey-green while its arm waits for the
set's sides, a gold rim on the end the next tile must go to, and what the next tile must be (D a double,
D/M a double or a matador, M a matador). The tile just played is ringed in gold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from bot.engine.domineren import DominerenView
from bot.i18n import tr, trn

from .. import palette as pal
from ..fives.board import BADGE_ROOM, UNITS
from ..fives.geometry import Placement
from ..names import MIN_SIZE, SLOT, all_names, distinct, fill, say, shrink
from ..sprites import HIGHLIGHT, ring, ringed_sprite
from ..text import draw_text, text_width
from . import ledger, pieces
from .common import (
    BODY,
    PAD,
    SMALL,
    TITLE,
    game_name,
    in_billitonnen,
    last_words,
    need_text,
    payments,
    signed,
    tile_text,
    turn_text,
    type_details,
    type_name,
)
from .layout import E as E_END
from .layout import (
    End,
    GeoTile,
    banded,
    branching,
    ends_of,
    geo_layout,
    line_ends,
    line_layout,
    marker_centre,
    marker_text,
    place,
    sides_shown,
)
from .layout import W as W_END

WIDTH = 960
FELT_W = WIDTH - ledger.WIDTH
MIN_HEIGHT = 480
MAX_HEIGHT = 1200
HEADER = 100
FOOTER = 56
PAY_ROW = 34  # the footer's second line, with the chips the last action moved
MARGIN = 16
LEGEND_ROW = 36
PANEL = 140  # the summary on an empty felt, and Billitonnen's turned tile
AMOUNT_GAP = 32  # between the lines of a settlement


@dataclass(frozen=True, slots=True)
class Frame:
    """Where everything of one board image goes, in pixels."""

    width: int
    height: int
    felt_top: int
    felt_bottom: int  # above the legend
    footer: int  # its height
    unit: int
    geo: tuple[GeoTile, ...]
    placement: Placement | None  # None with nothing on the felt
    ox: int  # pixel position of grid point (0, 0)
    oy: int
    legend: tuple[tuple[tuple[str, str], ...], ...]  # rows of (icon, text)
    ends: tuple[End, ...]
    bands: tuple[bool, ...]

    def tile_box(self, index: int) -> tuple[int, int, int, int]:
        """The pixel box of layout tile `index` (its sprite, without a highlight ring)."""
        assert self.placement is not None
        s, u = self.placement.spots[index], self.unit
        return self.ox + s.x0 * u, self.oy + s.y0 * u, self.ox + s.x1 * u, self.oy + s.y1 * u


def legend_entries(
    view: DominerenView, ends: Sequence[End], bands: Sequence[bool], locale: str
) -> list[tuple[str, str]]:
    kinds = {e.kind for e in ends}
    out = []
    if "russian" in kinds or any(bands):
        out.append(("russian", tr("image.dom.legend.russian", locale)))
        if "normal" in kinds:
            out.append(("normal", tr("image.dom.legend.normal", locale)))
    if "waiting" in kinds:
        out.append(("waiting", tr("image.dom.legend.waiting", locale)))
    if any(e.directed for e in ends):
        out.append(("directed", tr("image.dom.legend.directed", locale)))
    for need in ("double", "double-or-matador", "matador"):
        if any(e.need == need and e.kind != "waiting" for e in ends):
            out.append(("need:" + need, tr(f"image.dom.legend.{need}", locale)))
    return out


def _icon_width(icon: str, locale: str) -> int:
    if icon.startswith("need:"):
        return text_width(need_text(icon[5:], locale), SMALL, True) + 8
    return 44 if icon == "russian" else 30


def legend_rows(entries: Sequence[tuple[str, str]], locale: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The entries flowed into rows across the felt."""
    rows: list[list[tuple[str, str]]] = []
    room = FELT_W - 2 * MARGIN - 24
    x = room
    for icon, text in entries:
        w = _icon_width(icon, locale) + 8 + text_width(text, SMALL) + 22
        if x + w > room and (not rows or rows[-1]):
            rows.append([])
            x = 0
        rows[-1].append((icon, text))
        x += w
    return tuple(tuple(r) for r in rows)


def frame(view: DominerenView, locale: str = "en") -> Frame:
    footer = FOOTER + (PAY_ROW if payments(view) else 0)
    if in_billitonnen(view):
        game = view.billitonnen
        assert game is not None
        geo, ends, bands = line_layout(game), line_ends(game), (False,) * len(game.line)
    else:
        geo, ends = geo_layout(view.layout, branching(view)), ends_of(view)
        bands = banded(view)
    legend = legend_rows(legend_entries(view, ends, bands, locale), locale)
    legend_h = len(legend) * LEGEND_ROW + (12 if legend else 0)
    panel = panel_height(view)
    least = max(ledger.height(view), MIN_HEIGHT - HEADER - footer)
    unit, placement, ox, oy = UNITS[0], None, 0, 0
    felt_h = max(least, legend_h + panel + 2 * MARGIN)
    if geo:
        room_h = MAX_HEIGHT - HEADER - footer - legend_h - panel - 2 * MARGIN
        unit, placement = place(geo, FELT_W - 2 * MARGIN, room_h)
        x0, y0, x1, y1 = placement.bbox
        tiles_h = (y1 - y0 + 2 * BADGE_ROOM) * unit
        felt_h = min(max(least, tiles_h + panel + 2 * MARGIN + legend_h), MAX_HEIGHT - HEADER - footer)
        area_h = felt_h - legend_h - panel - 2 * MARGIN
        ox = (FELT_W - (x1 - x0) * unit) // 2 - x0 * unit
        oy = HEADER + MARGIN + panel + (area_h - tiles_h) // 2 + BADGE_ROOM * unit - y0 * unit
    bottom = HEADER + felt_h - legend_h
    return Frame(
        WIDTH, HEADER + felt_h + footer, HEADER, bottom, footer, unit, geo, placement, ox, oy, legend, ends, bands
    )


def highlighted(view: DominerenView) -> int:
    """Index of the tile just put on the table (the set, a play, or Billitonnen's placed tile), or -1."""
    if view.last is None:
        return -1
    seat, action, _ = view.last
    if in_billitonnen(view):
        game = view.billitonnen
        assert game is not None
        head = action.split()[0] if action else ""
        went_on = view.current_seat == seat or (view.over and game.winner == seat and not game.rows[seat])
        placed = head == "place" or (head == "turn" and game.turned is None and went_on)
        return len(game.line) - 1 if placed and len(game.line) > 1 else -1
    if not view.layout or view.layout[-1].seat != seat:
        return -1
    if "@" in action or action[:1].isdigit() or (action == "draw" and view.phase == "type"):
        return len(view.layout) - 1
    return -1


def render(view: DominerenView, names: Sequence[str], locale: str) -> Image.Image:
    f = frame(view, locale)
    canvas = pal.new_canvas((f.width, f.height), pal.FELT)
    d = ImageDraw.Draw(canvas)
    _draw_header(canvas, d, view, names, locale)
    felt_bottom = f.height - f.footer
    d.rectangle((FELT_W, HEADER, WIDTH - 1, felt_bottom - 1), fill=pal.idx(pal.STRIP))
    ledger.draw(canvas, view, names, locale, FELT_W, HEADER)
    if panel_kind(view) is not None:
        _draw_panel(canvas, d, view, names, locale, f)
    if f.placement is not None:
        _draw_bands(d, f)
        _draw_tiles(canvas, view, f)
        _draw_markers(canvas, f, locale)
    if f.legend:
        _draw_legend(canvas, d, f, locale)
    _draw_footer(canvas, d, view, names, locale, felt_bottom, f.footer)
    return canvas


def _draw_header(
    canvas: Image.Image, d: ImageDraw.ImageDraw, view: DominerenView, names: Sequence[str], locale: str
) -> None:
    d.rectangle((0, 0, WIDTH - 1, HEADER - 1), fill=pal.idx(pal.STRIP))
    right = WIDTH - PAD
    size, turn = turn_text(view, names, locale, 420)
    if turn:
        right -= (
            draw_text(canvas, right, 38, turn, size, pal.GOLD, pal.STRIP, bold=True, align="right", max_width=420) + 18
        )
    x = PAD + draw_text(canvas, PAD, 38, game_name(locale), TITLE, pal.WHITE, pal.STRIP, bold=True, max_width=300)
    if view.phase in ("billitonnen", "over"):
        where = tr("image.dom.billitonnen" if view.phase == "billitonnen" else "image.board.over", locale)
    else:
        where = tr("image.dom.hand_of", locale, number=view.hand_no, total=view.hands_total)
    if right - x - 16 > 40:
        draw_text(canvas, x + 16, 38, where, SMALL, pal.GREY, pal.STRIP, max_width=right - x - 16)
    base = 82
    if view.phase == "billitonnen":
        stake = tr("image.dom.stake", locale, chips=view.pool)
        draw_text(canvas, PAD, base, stake, BODY, pal.GOLD, pal.STRIP, bold=True, max_width=WIDTH - 2 * PAD)
        return
    if view.over:
        _draw_result(canvas, view, names, locale, base)
        return
    if view.game_type is None:
        draw_text(canvas, PAD, base, tr("image.dom.no_type", locale), SMALL, pal.GREY, pal.STRIP)
        return
    x = PAD + draw_text(
        canvas,
        PAD,
        base,
        type_name(view.game_type.id, locale),
        BODY,
        pal.WHITE,
        pal.STRIP,
        bold=True,
        max_width=WIDTH - 2 * PAD,
    )
    details = " · ".join(type_details(view, locale))
    if details and WIDTH - PAD - x > 60:
        draw_text(canvas, x + 14, base, details, SMALL, pal.GREY, pal.STRIP, max_width=WIDTH - PAD - x - 14)


def _draw_result(canvas: Image.Image, view: DominerenView, names: Sequence[str], locale: str, base: int) -> None:
    """The winners of the session, and who won Billitonnen's pool."""
    x = PAD
    if view.winner:
        text = "★ " + trn("image.sheet.winner", len(view.winner), locale, players=SLOT)
        size, text = fill(text, view.winner, names, locale, BODY, True, (WIDTH - 2 * PAD) // 2)
        x += draw_text(canvas, x, base, text, size, pal.GOLD, pal.STRIP, bold=True)
    won = next((h for h in view.hands if h.reason == "billitonnen"), None)
    if won is not None and WIDTH - PAD - x > 80:
        seat, pool = won.detail.get("winner", 0), won.detail.get("pool", 0)
        room = WIDTH - PAD - x - 16
        size, text = say("image.dom.billitonnen_won", locale, seat, names, SMALL, False, room, chips=pool)
        draw_text(canvas, x + 16, base, text, size, pal.GREY, pal.STRIP, max_width=room)


def _band_pad(unit: int) -> int:
    return max(ring(unit) + 2, unit // 4)


def _draw_bands(d: ImageDraw.ImageDraw, f: Frame) -> None:
    """The dark red band under the tiles of the Russian arms: each tile's box grown a little, so that
    an arm's boxes run together into one band."""
    pad = _band_pad(f.unit)
    band = pal.idx(pal.BAND)
    for i, on in enumerate(f.bands):
        if on:
            x0, y0, x1, y1 = f.tile_box(i)
            d.rectangle((x0 - pad, y0 - pad, x1 + pad - 1, y1 + pad - 1), fill=band)


def _draw_tiles(canvas: Image.Image, view: DominerenView, f: Frame) -> None:
    assert f.placement is not None
    hl = highlighted(view)
    u = f.unit
    for i, s in enumerate(f.placement.spots):
        if i != hl:
            canvas.paste(pieces.tile(s.first, s.second, s.vertical, u, f.bands[i]), (f.ox + s.x0 * u, f.oy + s.y0 * u))
    if hl >= 0:
        s = f.placement.spots[hl]
        r = ring(u)
        sprite, mask = pieces.ringed(s.first, s.second, s.vertical, u, f.bands[hl])
        canvas.paste(sprite, (f.ox + s.x0 * u - r, f.oy + s.y0 * u - r), mask)


def marker_height(unit: int) -> int:
    return max(26, round(unit * 1.5))


def markers(f: Frame, locale: str) -> list[tuple[End, Image.Image, int, int]]:
    """Each open end's marker sprite and the pixel position of its top-left corner: just beyond the end,
    kept on the felt."""
    assert f.placement is not None
    h = marker_height(f.unit)
    shown = sides_shown(f.ends)
    out = []
    for end in f.ends:
        sprite = pieces.marker(marker_text(end, shown, locale), h, end.kind, end.directed, pal.FELT)
        cx, cy = marker_centre(f.geo, f.placement, end, max(sprite.size) / f.unit)
        x = min(max(4, f.ox + round(cx * f.unit) - sprite.width // 2), FELT_W - 4 - sprite.width)
        y = min(max(f.felt_top + 4, f.oy + round(cy * f.unit) - h // 2), f.felt_bottom - 4 - h)
        out.append((end, sprite, x, y))
    return out


def end_sides(view: DominerenView) -> dict[str, str]:
    """Billitonnen's two ends ("W", "E" in the notation) named as the table image shows them: "left" and
    "right", or "top" and "bottom" once the line has wound so that its ends lie more above each other
    than side by side. The line winds, so its west end may well be drawn going east."""
    game = view.billitonnen
    if game is None or len(game.line) < 2:
        return {"W": "left", "E": "right"}
    f = frame(view)
    if f.placement is None:
        return {"W": "left", "E": "right"}
    centres = {end.arm: (x + s.width / 2, y + s.height / 2) for end, s, x, y in markers(f, "en")}
    (wx, wy), (ex, ey) = centres[W_END], centres[E_END]
    if abs(wx - ex) >= abs(wy - ey):
        return {"W": "left", "E": "right"} if wx <= ex else {"W": "right", "E": "left"}
    return {"W": "top", "E": "bottom"} if wy <= ey else {"W": "bottom", "E": "top"}


def _draw_markers(canvas: Image.Image, f: Frame, locale: str) -> None:
    for _, sprite, x, y in markers(f, locale):
        canvas.paste(sprite, (x, y), pieces.marker_mask(sprite, pal.FELT))


def _draw_legend(canvas: Image.Image, d: ImageDraw.ImageDraw, f: Frame, locale: str) -> None:
    top = f.felt_bottom
    d.rounded_rectangle(
        (MARGIN, top, FELT_W - MARGIN, top + len(f.legend) * LEGEND_ROW + 4), 10, fill=pal.idx(pal.FELT_DARK)
    )
    for r, row in enumerate(f.legend):
        x = MARGIN + 12
        mid = top + r * LEGEND_ROW + LEGEND_ROW // 2 + 2
        for icon, text in row:
            x += _draw_icon(canvas, d, icon, x, mid, locale) + 8
            x += (
                draw_text(canvas, x, mid + 8, text, SMALL, pal.WHITE, pal.FELT_DARK, max_width=FELT_W - MARGIN - x) + 22
            )


def _draw_icon(canvas: Image.Image, d: ImageDraw.ImageDraw, icon: str, x: int, mid: int, locale: str) -> int:
    if icon.startswith("need:"):
        return draw_text(canvas, x, mid + 8, need_text(icon[5:], locale), SMALL, pal.GOLD, pal.FELT_DARK, bold=True)
    if icon == "russian":  # a piece of band with a red marker on it
        d.rectangle((x, mid - 9, x + 44, mid + 9), fill=pal.idx(pal.BAND))
        sprite = pieces.marker("", 22, "russian", False, pal.FELT_DARK)
        canvas.paste(sprite, (x + 11, mid - 11), pieces.marker_mask(sprite, pal.FELT_DARK))
        return 44
    kind = "normal" if icon == "directed" else icon
    sprite = pieces.marker("", 26, kind, icon == "directed", pal.FELT_DARK)
    canvas.paste(sprite, (x + 2, mid - 13), pieces.marker_mask(sprite, pal.FELT_DARK))
    return 30


def panel_kind(view: DominerenView) -> str | None:
    """What the panel at the top of the felt shows: the hand just finished (on the felt it left empty),
    or the tile turned in Billitonnen that fits both ends and waits to be placed."""
    if in_billitonnen(view):
        game = view.billitonnen
        return "turned" if game is not None and game.turned is not None else None
    if view.layout or view.over:
        return None
    finished = [h for h in view.hands if h.reason not in ("pool", "billitonnen")]
    if view.phase == "set" and finished and finished[-1].detail.get("hand") == view.hand_no - 1:
        return "summary"
    return None


def panel_height(view: DominerenView) -> int:
    """The panel's height: a line more for the summary that also says what was drawn for the set player,
    so that its settlement keeps two lines (every name whole) on the felt the hand left empty."""
    kind = panel_kind(view)
    if kind is None:
        return 0
    return PANEL + (AMOUNT_GAP if kind == "summary" and view.set_draw else 0)


def _draw_panel(
    canvas: Image.Image, d: ImageDraw.ImageDraw, view: DominerenView, names: Sequence[str], locale: str, f: Frame
) -> None:
    top = f.felt_top + MARGIN
    box = (MARGIN, top, FELT_W - MARGIN, top + panel_height(view) - MARGIN)
    d.rounded_rectangle(box, 12, fill=pal.idx(pal.STRIP))
    room = box[2] - box[0] - 28
    x = box[0] + 14
    if panel_kind(view) == "turned":
        game = view.billitonnen
        assert game is not None and game.turned is not None
        hi, lo = game.turned
        sprite, mask = ringed_sprite(hi, lo, False, 20, pal.STRIP, HIGHLIGHT)
        mid = (box[1] + box[3]) // 2
        canvas.paste(sprite, (x, mid - sprite.height // 2), mask)
        text = tr("image.dom.turned", locale, tile=tile_text(game.turned))
        width = sprite.width + 16
        draw_text(canvas, x + width, mid + 10, text, BODY, pal.WHITE, pal.STRIP, bold=True, max_width=room - width)
        return
    result = [h for h in view.hands if h.reason not in ("pool", "billitonnen")][-1]
    number = result.detail.get("hand", view.hand_no - 1)
    title = tr(f"image.dom.end.{result.reason.replace('-', '_')}", locale, number=number)
    draw_text(canvas, x, top + 40, title, BODY, pal.WHITE, pal.STRIP, bold=True, max_width=room)
    label_w = draw_text(canvas, x, top + 78, tr("image.dom.settlement", locale), SMALL, pal.GREY, pal.STRIP)
    amounts = list(enumerate(result.points))
    used = _draw_amounts(canvas, x + label_w + 12, top + 78, amounts, names, locale, box[2] - 14, 2, AMOUNT_GAP)
    if view.set_draw:
        cut = distinct(all_names(names, view.players, locale), [200] * view.players, SMALL, False)
        drawn = " · ".join(f"{cut[s]} {tile_text(t)}" for s, t in view.set_draw)
        text = tr("image.dom.set_draw", locale, tiles=drawn)
        size = shrink([text], room, SMALL, False)  # smaller before a name is cut
        draw_text(canvas, x, top + 78 + used * AMOUNT_GAP, text, size, pal.GREY, pal.STRIP, max_width=room)


def _draw_amounts(
    canvas: Image.Image,
    x: int,
    base: int,
    amounts: list[tuple[int, int]],
    names: Sequence[str],
    locale: str,
    right: int,
    lines: int = 1,
    gap: int = 32,
) -> int:
    """Names with signed chips, green for a gain and red for a loss, between `x` and `right` on at most
    `lines` lines `gap` apart. Every seat's figure shows: the entries wrap (never between a name and
    its figure), then shrink, and only then are names cut, all alike. Returns the lines used."""
    players = max(len(names), max((s for s, _ in amounts), default=0) + 1)
    full = all_names(names, players, locale)
    for size in range(SMALL, MIN_SIZE - 1, -1):
        rows = _flow(amounts, full, size, right - x, lines)
        if rows is not None:
            break
    else:  # even the smallest size needs cut names: the same room for each, kept apart by `distinct`
        size = MIN_SIZE
        per_line = -(-len(amounts) // lines)
        joiner = text_width(" · ", size)
        widest = max((text_width(signed(c), size, True) for _, c in amounts), default=0)
        room = max(40, (right - x - (per_line - 1) * joiner) // per_line - widest - text_width(" ", size))
        cut = distinct(full, [room] * players, size, False)
        rows = _flow(amounts, cut, size, right - x, lines, force=True)
        assert rows is not None
    for k, row in enumerate(rows):
        at = x
        for j, (_seat, chips, name) in enumerate(row):
            if j:
                at += draw_text(canvas, at, base + k * gap, " · ", size, pal.GREY, pal.STRIP)
            at += draw_text(canvas, at, base + k * gap, name + " ", size, pal.WHITE, pal.STRIP)
            colour = pal.GREEN if chips > 0 else pal.RED if chips < 0 else pal.GREY
            at += draw_text(canvas, at, base + k * gap, signed(chips), size, colour, pal.STRIP, bold=True)
    return len(rows)


def _flow(
    amounts: list[tuple[int, int]], shown: Sequence[str], size: int, width: int, lines: int, force: bool = False
) -> list[list[tuple[int, int, str]]] | None:
    """The entries "name +N" broken into lines no wider than `width`, or None if they need more than
    `lines` lines (with `force`, the same number of entries on each line, however wide)."""
    if force:
        per_line = -(-len(amounts) // lines)
        return [[(s, c, shown[s]) for s, c in amounts[k : k + per_line]] for k in range(0, len(amounts), per_line)]
    rows: list[list[tuple[int, int, str]]] = [[]]
    used = 0
    joiner = text_width(" · ", size)
    for seat, chips in amounts:
        entry = text_width(shown[seat] + " ", size) + text_width(signed(chips), size, True)
        if rows[-1] and used + joiner + entry > width:
            rows.append([])
            used = 0
        if entry > width or len(rows) > lines:
            return None
        used += (joiner if rows[-1] else 0) + entry
        rows[-1].append((seat, chips, shown[seat]))
    return rows


def _draw_footer(
    canvas: Image.Image,
    d: ImageDraw.ImageDraw,
    view: DominerenView,
    names: Sequence[str],
    locale: str,
    top: int,
    height: int,
) -> None:
    d.rectangle((0, top, WIDTH - 1, top + height - 1), fill=pal.idx(pal.STRIP))
    base = top + 38
    words = last_words(view, names, locale, end_sides(view) if in_billitonnen(view) else None)
    if words is None:
        if view.current_seat is not None:
            draw_text(canvas, PAD, base, tr("image.last.none", locale), SMALL, pal.GREY, pal.STRIP)
        return
    draw_text(canvas, PAD, base, words, BODY, pal.WHITE, pal.STRIP, max_width=WIDTH - 2 * PAD)
    moved = payments(view)
    if moved:
        _draw_amounts(canvas, PAD, base + PAY_ROW, moved, names, locale, WIDTH - PAD)
