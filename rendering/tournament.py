"""Tournament pictures (PNG): a knockout bracket and a Swiss standings table.

    render_bracket(Bracket(...), locale)      # rounds left to right, the winner in the last column
    render_standings(Standings(...), locale)  # rank, name or team, points, tie-break, a cell per round

The inputs are the frozen dataclasses below, in plain values (names as shown, indices, numbers), so that
the tournament service maps its own rows onto them and this module decides nothing: who meets whom, who
went through and in what order the table stands are the service's. A bracket of 4 to 64 entrants (a
power of two of first-round places; a place without an entrant is a bye) is drawn as wide as its rounds
need (a 32-entrant bracket is 1388 x 1262 pixels); the standings are 960 wide, wider with many rounds.
Names are cut, never wrapped, by `rendering.names` (whole if they fit, and no two cut alike).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from PIL import Image, ImageDraw

from bot.i18n import tr

from . import encode
from . import palette as pal
from .names import distinct, shrink
from .text import cap_height, draw_text, fit, text_width

PAD = 24
TITLE = 30
BODY = 22
SMALL = 18

# --- the bracket -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entrant:
    name: str  # a player's display name, or a team's ("Alice & Carol")
    seed: int | None = None  # drawn before the name when given


@dataclass(frozen=True, slots=True)
class Match:
    top: int | None  # index in `Bracket.entrants`; None: a bye (first round) or not known yet
    bottom: int | None
    winner: int | None = None  # the entrant that went through, once decided (a bye's entrant at once)
    score: tuple[str, str] | None = None  # what top and bottom scored, as the service words it


@dataclass(frozen=True, slots=True)
class Bracket:
    title: str
    entrants: tuple[Entrant, ...]
    rounds: tuple[tuple[Match, ...], ...]  # the first round first; each has half the matches of the one before


COL = 200  # a round's column
GAP = 28  # between columns, where the lines run
ROW = 30  # one entrant's line in a match
MATCH_GAP = 12  # between the first round's matches
HEAD = 100  # title and round names above the first match


def render_bracket(bracket: Bracket, locale: str = "en") -> bytes:
    """The bracket as it stands: every round's matches, winners in gold and the losers greyed, rounds not
    yet played empty, byes said, the winner at the right once the final is decided. ValueError when the
    rounds do not make a bracket."""
    _check_bracket(bracket)
    rounds = bracket.rounds
    first = len(rounds[0])
    width = 2 * PAD + (len(rounds) + 1) * COL + len(rounds) * GAP
    height = HEAD + first * (2 * ROW + MATCH_GAP) - MATCH_GAP + PAD
    canvas = pal.new_canvas((width, height), pal.STRIP)
    draw = ImageDraw.Draw(canvas)
    draw_text(canvas, PAD, PAD + cap_height(TITLE), bracket.title, TITLE, pal.WHITE, pal.STRIP, bold=True,
              max_width=width - 2 * PAD)  # fmt: skip
    size, names = _entrant_names(bracket)
    centres: list[float] = [HEAD + k * (2 * ROW + MATCH_GAP) + ROW for k in range(first)]
    for r, matches in enumerate(rounds):
        x = PAD + r * (COL + GAP)
        draw_text(canvas, x + COL / 2, HEAD - 14, _round_name(r, len(rounds), locale), SMALL, pal.GREY, pal.STRIP,
                  align="centre", max_width=COL + GAP)  # fmt: skip
        for k, match in enumerate(matches):
            _match(canvas, draw, match, x, centres[k], bracket, (size, names), r == 0, locale)
            if r + 1 < len(rounds):
                target = (centres[k - k % 2] + centres[k - k % 2 + 1]) / 2
                colour = pal.GOLD if match.winner is not None else pal.CHIP
                mid = x + COL + GAP / 2
                draw.line((x + COL, centres[k], mid, centres[k]), fill=pal.idx(colour), width=2)
                draw.line((mid, centres[k], mid, target), fill=pal.idx(colour), width=2)
                if k % 2 == 0:
                    draw.line((mid, target, x + COL + GAP, target), fill=pal.idx(pal.GREY), width=2)
        centres = [(centres[2 * k] + centres[2 * k + 1]) / 2 for k in range(len(matches) // 2)]
    champion = rounds[-1][0].winner
    x = PAD + len(rounds) * (COL + GAP)
    draw_text(canvas, x + COL / 2, HEAD - 14, tr("image.bracket.champion", locale), SMALL, pal.GOLD, pal.STRIP,
              align="centre")  # fmt: skip
    y = HEAD + (first * (2 * ROW + MATCH_GAP) - MATCH_GAP) / 2
    final_x = x - GAP
    draw.line((final_x, y, x, y), fill=pal.idx(pal.GOLD if champion is not None else pal.CHIP), width=2)
    box = (x, round(y - ROW), x + COL, round(y + ROW))
    draw.rounded_rectangle(box, 8, fill=pal.idx(pal.CHIP_TURN if champion is not None else pal.CHIP))
    if champion is not None:
        text = fit("★ " + bracket.entrants[champion].name, BODY, True, COL - 20)
        draw_text(canvas, x + 10, y + cap_height(BODY) / 2, text, BODY, pal.GOLD, pal.CHIP_TURN, bold=True)
    return encode(canvas)


def _check_bracket(bracket: Bracket) -> None:
    rounds = bracket.rounds
    if not rounds or len(rounds[-1]) != 1:
        raise ValueError("a bracket ends with one match, the final")
    for r in range(1, len(rounds)):
        if len(rounds[r]) * 2 != len(rounds[r - 1]):
            raise ValueError(f"round {r + 1} has {len(rounds[r])} matches; it needs half of round {r}'s")
    if len(rounds[0]) > 32:
        raise ValueError("at most 64 places in the first round")
    for r, matches in enumerate(rounds):
        for k, m in enumerate(matches):
            for slot in (m.top, m.bottom, m.winner):
                if slot is not None and not 0 <= slot < len(bracket.entrants):
                    raise ValueError(f"round {r + 1}, match {k + 1}: no entrant {slot}")
            if m.winner is not None and m.winner not in (m.top, m.bottom):
                raise ValueError(f"round {r + 1}, match {k + 1}: the winner is not in the match")


def _round_name(r: int, rounds: int, locale: str) -> str:
    left = rounds - r  # 1: the final
    if left == 1:
        return tr("image.bracket.final", locale)
    if left == 2:
        return tr("image.bracket.semifinal", locale)
    if left == 3:
        return tr("image.bracket.quarterfinal", locale)
    return tr("image.bracket.round", locale, number=r + 1)


def _seed_width(bracket: Bracket) -> int:
    return max((text_width(f"{e.seed}", SMALL) + 8 for e in bracket.entrants if e.seed is not None), default=0)


def _entrant_names(bracket: Bracket) -> tuple[int, tuple[str, ...]]:
    """The size of the entrants' names (smaller if that keeps them whole) and each name as a match line
    (less its seed and score) shows it: cut only if it does not fit even at the smallest size, no two
    alike."""
    seed_w = _seed_width(bracket)
    score_w = max((text_width(s, SMALL) + 8 for r in bracket.rounds for m in r if m.score for s in m.score), default=0)
    room = COL - 20 - seed_w - score_w
    names = [" ".join(e.name.split()) or "?" for e in bracket.entrants]
    size = shrink(names, room, BODY, True)  # bold is the wider: a winner's name fits too
    return size, distinct(names, [room] * len(names), size, True)


def _match(
    canvas: Image.Image,
    draw: ImageDraw.ImageDraw,
    match: Match,
    x: int,
    centre: float,
    bracket: Bracket,
    shown: tuple[int, Sequence[str]],
    first_round: bool,
    locale: str,
) -> None:
    size, names = shown
    seed_w = _seed_width(bracket)
    for line, (slot, score) in enumerate(zip((match.top, match.bottom), match.score or (None, None), strict=True)):
        y0 = round(centre - ROW + line * ROW)
        won = match.winner is not None and slot == match.winner
        lost = match.winner is not None and not won
        bg = pal.CHIP_TURN if won else pal.CHIP
        draw.rectangle((x, y0, x + COL, y0 + ROW - 1), fill=pal.idx(bg))
        baseline = y0 + (ROW + cap_height(BODY)) // 2
        if slot is None:
            if first_round:
                draw_text(canvas, x + 10, baseline, tr("image.bracket.bye", locale), SMALL, pal.GREY, bg)
            continue
        fg = pal.GOLD if won else pal.GREY if lost else pal.WHITE
        tx = x + 10
        seed = bracket.entrants[slot].seed
        if seed is not None:
            draw_text(canvas, tx, baseline, str(seed), SMALL, pal.GREY, bg)
            tx += seed_w
        draw_text(canvas, tx, baseline, names[slot], size, fg, bg, bold=won)
        if score:
            draw_text(canvas, x + COL - 8, baseline, score, SMALL, fg, bg, align="right")
    draw.line((x, round(centre), x + COL, round(centre)), fill=pal.idx(pal.STRIP), width=1)


# --- Swiss standings ---------------------------------------------------------------------------------

Outcome = Literal["win", "loss", "draw", "bye", "absent"]


@dataclass(frozen=True, slots=True)
class RoundResult:
    outcome: Outcome  # absent: did not play (withdrew, or lost a no-show)
    opponent: int | None = None  # the opponent's rank in this table, drawn after the outcome


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int  # equal ranks are drawn as given
    name: str  # a player's display name, or a team's
    points: float
    tiebreak: float
    results: tuple[RoundResult | None, ...]  # one per round so far; None: no game that round


@dataclass(frozen=True, slots=True)
class Standings:
    title: str
    rounds: int  # how many rounds the tournament has
    played: int  # how many are finished
    rows: tuple[StandingRow, ...]  # in the order to draw them


SROW = 40
RANK_W = 64
NUM_W = 96
TIE_W = 124
ROUND_W = 60
NAME_MIN = 260
TOP = 104
_COLOURS: dict[str, pal.RGB] = {"win": pal.GREEN, "loss": pal.RED, "draw": pal.WHITE, "bye": pal.GREY}


def render_standings(standings: Standings, locale: str = "en") -> bytes:
    """The Swiss table after a round: rank, name, points, tie-break and each round's outcome (with the
    opponent's rank), the leaders' ranks in gold. ValueError for a row with more results than rounds."""
    rounds = max(standings.rounds, standings.played, *(len(r.results) for r in standings.rows), 1)
    if any(len(r.results) > standings.rounds for r in standings.rows):
        raise ValueError("a row has more results than the tournament has rounds")
    heads = [tr("image.swiss.round", locale, number=k + 1) for k in range(rounds)]
    round_w = max(ROUND_W, *(text_width(h, SMALL) + 14 for h in heads))
    tie_w = max(TIE_W, text_width(tr("image.swiss.tiebreak", locale), SMALL) + 20)
    num_w = max(NUM_W, text_width(tr("image.swiss.points", locale), SMALL) + 20)
    width = max(960, 2 * PAD + RANK_W + NAME_MIN + num_w + tie_w + rounds * round_w)
    name_w = width - 2 * PAD - RANK_W - num_w - tie_w - rounds * round_w
    height = TOP + SROW * max(1, len(standings.rows)) + PAD
    canvas = pal.new_canvas((width, height), pal.STRIP)
    draw = ImageDraw.Draw(canvas)
    draw_text(canvas, PAD, PAD + cap_height(TITLE), standings.title, TITLE, pal.WHITE, pal.STRIP, bold=True,
              max_width=width - 2 * PAD)  # fmt: skip
    after = tr("image.swiss.after", locale, round=standings.played, rounds=standings.rounds)
    draw_text(canvas, width - PAD, PAD + cap_height(TITLE), after, SMALL, pal.GREY, pal.STRIP, align="right")
    x_name = PAD + RANK_W
    x_points = x_name + name_w + num_w  # right edges of the number columns
    x_tie = x_points + tie_w
    x_rounds = x_tie
    head = TOP - 14
    draw_text(canvas, PAD + RANK_W - 16, head, tr("image.swiss.rank", locale), SMALL, pal.GREY, pal.STRIP,
              align="right")  # fmt: skip
    draw_text(canvas, x_name, head, tr("image.swiss.name", locale), SMALL, pal.GREY, pal.STRIP)
    draw_text(canvas, x_points - 8, head, tr("image.swiss.points", locale), SMALL, pal.GREY, pal.STRIP, align="right")
    draw_text(canvas, x_tie - 8, head, tr("image.swiss.tiebreak", locale), SMALL, pal.GREY, pal.STRIP, align="right")
    for k, h in enumerate(heads):
        draw_text(canvas, x_rounds + k * round_w + round_w / 2, head, h, SMALL, pal.GREY, pal.STRIP, align="centre")
    names = [" ".join(r.name.split()) or "?" for r in standings.rows]
    size = shrink(names, name_w - 12, BODY, False, smallest=BODY - 4)
    shown = distinct(names, [name_w - 12] * len(names), size, False)
    best = min((r.rank for r in standings.rows), default=0)
    for i, row in enumerate(standings.rows):
        y0 = TOP + i * SROW
        bg = pal.ROW_ALT if i % 2 else pal.STRIP
        draw.rectangle((PAD, y0, width - PAD, y0 + SROW - 1), fill=pal.idx(bg))
        baseline = y0 + (SROW + cap_height(BODY)) // 2
        lead = row.rank == best
        draw_text(canvas, PAD + RANK_W - 16, baseline, str(row.rank), BODY, pal.GOLD if lead else pal.WHITE, bg,
                  align="right", bold=lead)  # fmt: skip
        draw_text(canvas, x_name, baseline, shown[i], size, pal.WHITE, bg, bold=lead)
        draw_text(canvas, x_points - 8, baseline, _number(row.points), BODY, pal.WHITE, bg, align="right", bold=True)
        draw_text(canvas, x_tie - 8, baseline, _number(row.tiebreak), BODY, pal.GREY, bg, align="right")
        for k, result in enumerate(row.results):
            if result is not None:
                _cell(canvas, result, x_rounds + k * round_w, round_w, baseline, bg, locale)
    return encode(canvas)


def _number(value: float) -> str:
    """2 for 2.0, 2.5 as it is, at most two decimals."""
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")


def _cell(canvas: Image.Image, result: RoundResult, x: float, w: int, baseline: int, bg: pal.RGB, locale: str) -> None:
    mark = {
        "win": tr("image.swiss.win", locale),
        "loss": tr("image.swiss.loss", locale),
        "draw": tr("image.swiss.draw", locale),
        "bye": tr("image.swiss.bye", locale),
        "absent": tr("image.swiss.absent", locale),
    }[result.outcome]
    opponent = "" if result.opponent is None else str(result.opponent)
    total = text_width(mark, BODY, True) + (2 + text_width(opponent, SMALL) if opponent else 0)
    left = x + (w - total) / 2
    fg = _COLOURS.get(result.outcome, pal.GREY)
    left += draw_text(canvas, left, baseline, mark, BODY, fg, bg, bold=True) + 2
    if opponent:
        draw_text(canvas, left, baseline, opponent, SMALL, pal.GREY, bg)


__all__ = [
    "Bracket",
    "Entrant",
    "Match",
    "Outcome",
    "RoundResult",
    "StandingRow",
    "Standings",
    "render_bracket",
    "render_standings",
]
