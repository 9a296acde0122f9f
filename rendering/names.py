"""Players' names in the space an image has for them: every image cuts names here, and only here.

Discord display names run to 32 characters in any script, and several players often share most of
theirs ("Computer 1", "Computer 2"). So a name is first drawn whole, smaller if need be (`shrink`);
cut, it keeps what tells it apart from the other names at the table: "Computer 1" and "Computer 2"
cut to "Comp… 1" and "Comp… 2", never both to "Comp…" (`distinct`). Should even that not tell them
apart, the seat number leads ("2·Co…"). A sentence about a player ("Computer 2 to play") cuts the name
in it rather than its end (`say`). Whatever an image cuts, `legend` lists in full for the image's foot,
and the messages that go with the images always name players in full.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import NamedTuple

from bot.i18n import tr

from .text import ELLIPSIS, breaks, fit, text_width

MIN_SIZE = 18  # smaller than this a name is no longer read on a phone (a 960-pixel image shown 400 wide)


def seat_name(names: Sequence[str], seat: int, locale: str) -> str:
    """The seat's display name, spaces tidied; "Seat 3" for a seat without one."""
    if 0 <= seat < len(names) and names[seat].strip():
        return " ".join(names[seat].split())
    return tr("image.seat", locale, seat=seat + 1)


def all_names(names: Sequence[str], players: int, locale: str) -> tuple[str, ...]:
    return tuple(seat_name(names, s, locale) for s in range(players))


def _telling_tail(name: str, others: Sequence[str]) -> str:
    """The shortest end of `name` that no other name ends with, widened to its whole last word when
    that is short ("1" of "Computer 1", "Smith" of "Ann Smith")."""
    k = 1
    while k < len(name) and any(o != name and o[-k:] == name[-k:] for o in others):
        k += 1
    start = len(name) - k
    word = name.rfind(" ", 0, start + 1)
    if word >= 0 and len(name) - word <= max(k, 8):
        return name[word:]  # with its space: "Comp… 1" reads as two words
    return name[start:]


def _cut_keeping(name: str, tail: str, size: int, bold: bool, width: int) -> str | None:
    """`name`'s longest start that fits with an ellipsis and `tail`; None when not even the tail fits."""
    room = width - text_width(ELLIPSIS + tail, size, bold)
    if room < 0:
        return None
    head = name[: len(name) - len(tail)]
    lo, hi = 0, len(head)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(head[:mid].rstrip(), size, bold) <= room:
            lo = mid
        else:
            hi = mid - 1
    return head[:lo].rstrip() + ELLIPSIS + tail


def _common(a: str, b: str) -> int:
    """How many characters `a` and `b` start with alike."""
    k = 0
    while k < min(len(a), len(b)) and a[k] == b[k]:
        k += 1
    return k


def _window(name: str, others: Sequence[str], size: int, bold: bool, width: int) -> str | None:
    """`name`'s start, then the word where it parts from `others`, between ellipses ("Alex…Great…" for
    "Alexander the Great of Macedon" beside "Alexander the Small of Macedon"); None if that is too wide."""
    d = max(_common(name, o) for o in others)
    start = name.rfind(" ", 0, d) + 1
    end = name.find(" ", d)
    word = name[start : end if end >= 0 else len(name)]
    if not word:
        return None
    cut = _cut_keeping(name[:start] + word, word, size, bold, width - text_width(ELLIPSIS, size, bold))
    return None if cut is None or cut.startswith(ELLIPSIS + ELLIPSIS) else cut + ELLIPSIS


def _numbered(seat: int, name: str, size: int, bold: bool, width: int) -> str:
    mark = f"{seat + 1}·"
    return mark + fit(name, size, bold, max(0, width - text_width(mark, size, bold)))


def _readers(shown: str, name: str, names: Sequence[str]) -> list[str]:
    """The other names that `shown` (a cut of `name`: its start, an ellipsis, maybe its end) could be
    read as."""
    if shown == name or ELLIPSIS not in shown:
        return []
    if shown.count(ELLIPSIS) == 2:  # start…word…
        head, word, _ = shown.split(ELLIPSIS)
        return [n for n in names if n != name and n.startswith(head) and word in n[len(head) :]]
    head, _, tail = shown.rpartition(ELLIPSIS)
    return [n for n in names if n != name and n.startswith(head) and n.endswith(tail)]


@lru_cache(maxsize=1024)
def _distinct(names: tuple[str, ...], widths: tuple[int, ...], size: int, bold: bool) -> tuple[str, ...]:
    out = [fit(n, size, bold, w) for n, w in zip(names, widths, strict=True)]
    for i, name in enumerate(names):
        alike = _readers(out[i], name, names)
        if alike:  # keep the end, or else the word, that tells it from the names it could be read as
            tail = _cut_keeping(name, _telling_tail(name, alike), size, bold, widths[i])
            out[i] = tail or _window(name, alike, size, bold, widths[i]) or out[i]
    for i, name in enumerate(names):
        if _readers(out[i], name, names) or any(j != i and out[j] == out[i] for j in range(len(out))):
            out[i] = _numbered(i, name, size, bold, widths[i])  # the seat number tells them apart
    return tuple(out)


def distinct(names: Sequence[str], widths: Sequence[int], size: int, bold: bool) -> tuple[str, ...]:
    """Every name cut to its width (`widths[seat]`), no two different names alike."""
    out = _distinct(tuple(names), tuple(widths), size, bold)
    for cuts in _RECORDERS:
        cuts.extend(Cut(n, w, size, bold, o) for n, w, o in zip(names, widths, out, strict=True) if o != n)
    return out


class Cut(NamedTuple):
    """A name an image cut: the whole name, the room (pixels) it was given, at what size, and what was drawn."""

    name: str
    room: int
    size: int
    bold: bool
    shown: str

    @property
    def had_room(self) -> bool:
        """Whether the name would have fitted whole in its room at the smallest size: then cutting it was
        wrong (`shrink` first), the measure of issue #24 item 1."""
        return text_width(self.name, MIN_SIZE, self.bold) <= self.room


_RECORDERS: list[list[Cut]] = []


@contextmanager
def recording() -> Iterator[list[Cut]]:
    """Every name cut while inside (by `distinct`, where every image cuts names), for the measure of names
    cut where their box had room (tests/rendering/test_names_room.py, scripts/names_cut.py)."""
    cuts: list[Cut] = []
    _RECORDERS.append(cuts)
    try:
        yield cuts
    finally:
        _RECORDERS.remove(cuts)


def shrink(texts: Sequence[str], width: int, size: int, bold: bool, smallest: int = MIN_SIZE) -> int:
    """The largest size from `size` down to `smallest` (2 pixels a step) at which every text fits in
    `width`; `smallest` if none."""
    while size > smallest and any(text_width(t, size, bold) > width for t in texts):
        size -= 2
    return max(size, smallest)


def shares(needs: Sequence[int], room: int) -> list[int]:
    """Room for several texts on one line (`needs` their whole widths): a text that needs less than an
    equal share keeps only what it needs, and the rest goes to the wider ones ("Player & Computer 2"
    gives "Player" its 70 pixels and "Computer 2" all the others)."""
    out = [0] * len(needs)
    left = list(range(len(needs)))
    while left:
        share = room // len(left)
        small = [i for i in left if needs[i] <= share]
        if not small:
            for i in left:
                out[i] = share
            break
        for i in small:
            out[i] = needs[i]
            room -= needs[i]
        left = [i for i in left if i not in small]
    return out


def _widths(everyone: Sequence[str], shown: dict[int, int], size: int, bold: bool) -> list[int]:
    """Widths for `distinct`: the seats in `shown` get theirs; the others are not drawn, so they keep
    their whole width (they only tell the drawn ones apart)."""
    return [shown.get(s, text_width(n, size, bold)) for s, n in enumerate(everyone)]


def joined(seats: Sequence[int], names: Sequence[str], locale: str, size: int, bold: bool, width: int) -> str:
    """Players by name joined ("Alice & Carol"), each cut to its share of `width` (`shares`), no two
    alike."""
    everyone = all_names(names, max(len(names), max(seats, default=0) + 1), locale)
    joiner = tr("image.side.join", locale)
    room = width - text_width(joiner, size, bold) * (len(seats) - 1)
    rooms = shares([text_width(everyone[s], size, bold) for s in seats], room)
    cut = distinct(everyone, _widths(everyone, dict(zip(seats, rooms, strict=True)), size, bold), size, bold)
    return joiner.join(cut[s] for s in seats)


def together(seats: Sequence[int], names: Sequence[str], locale: str) -> str:
    """The players of `seats` by their whole names, joined ("Alice & Carol")."""
    everyone = all_names(names, max(len(names), max(seats, default=0) + 1), locale)
    return tr("image.side.join", locale).join(everyone[s] for s in seats)


def say(
    key: str,
    locale: str,
    seat: int,
    names: Sequence[str],
    size: int,
    bold: bool,
    width: int,
    **params: object,
) -> tuple[int, str]:
    """The sentence `key` about the player of `seat` (its `{player}`) and the size to draw it at: whole
    at `size` or, if it is wider than `width`, at the largest size down to `MIN_SIZE` that fits it
    whole; only then cut, in the name, not at its end."""
    everyone = all_names(names, max(len(names), seat + 1), locale)
    text = tr(key, locale, player=everyone[seat], **params)
    size = shrink([text], width, size, bold)
    if text_width(text, size, bold) <= width:
        return size, text
    rest = text_width(tr(key, locale, player="", **params), size, bold)
    room = max(width - rest, text_width("M" + ELLIPSIS + "M", size, bold))
    cut = distinct(everyone, _widths(everyone, {seat: room}, size, bold), size, bold)
    return size, tr(key, locale, player=cut[seat], **params)


def legend(shown: dict[str, str]) -> list[str]:
    """ "cut = full name" for each name an image cut (`shown` maps what was drawn to the name)."""
    return [f"{cut} = {full}" for cut, full in shown.items() if cut != full]


def halves(name: str) -> tuple[str, str] | None:
    """`name` in two lines, at the place the line-breaking rules allow (`text.breaks`: a space, never
    inside a word) nearest its middle; None where there is no such place."""
    places = breaks(name)
    if not places:
        return None
    k = min(places, key=lambda k: (not _seam(name, k), abs(2 * k - len(name))))
    return name[:k].rstrip(), name[k:].lstrip()


def _script(ch: str) -> str:
    return "kana" if "\u3040" <= ch <= "\u309f" else "kata" if "\u30a0" <= ch <= "\u30ff" else "other"


def _seam(name: str, k: int) -> bool:
    """Whether a break at `k` falls between words rather than between two letters of one: at a space,
    after a "・", or where the script changes (ひらがな, カタカナ, 漢字)."""
    a, b = name[k - 1], name[k]
    okurigana = "\u4e00" <= a <= "\u9fff" and _script(b) == "kana"  # 長い: a kanji and its kana ending
    return " " in (a, b) or a == "・" or (_script(a) != _script(b) and not okurigana)


def _stack(parts: Sequence[str], joiner: str, lines: int, size: int) -> list[str]:
    """Joined `parts` one a line or, when there are more than `lines`, as few lines as that, split where
    the widest line is narrowest; each line but the last ends with the joiner."""
    if len(parts) <= lines:
        groups = [[p] for p in parts]
    else:
        splits = [(k,) for k in range(1, len(parts))] if lines == 2 else [(len(parts) // 2,)]
        wide = lambda part: text_width(joiner.join(part) + joiner, size, True)  # noqa: E731
        k = min(splits, key=lambda c: max(wide(parts[: c[0]]), wide(parts[c[0] :])))[0]
        groups = [list(parts[:k]), list(parts[k:])]
    return [joiner.join(g) + (joiner.rstrip() if n < len(groups) - 1 else "") for n, g in enumerate(groups)]


def heads(
    groups: Sequence[Sequence[int]], names: Sequence[str], locale: str, size: int, width: int, lines: int = 2
) -> tuple[int, list[list[str]]]:
    """Column heads of a score sheet, a group of seats each (a side): the size and each head's lines.
    Whole names on one line, smaller if need be; then on up to `lines` lines (a side's players one
    under another, or one long name in two); then, one player a side, every other head a line up (each
    has two columns' room); only then cut, no two alike."""
    players = max([len(names), *(s + 1 for g in groups for s in g)])
    everyone = all_names(names, players, locale)
    joiner = tr("image.side.join", locale)
    whole = [joiner.join(everyone[s] for s in g) for g in groups]
    smaller = shrink(whole, width, size, True)
    if all(text_width(t, smaller, True) <= width for t in whole):
        return smaller, [[t] for t in whole]
    stacked: list[list[str]] = []
    for g, text in zip(groups, whole, strict=True):
        if text_width(text, size, True) <= width:
            stacked.append([text])
        elif len(g) > 1:
            stacked.append(_stack([everyone[s] for s in g], joiner, lines, size))
        else:
            two = halves(everyone[g[0]])
            stacked.append(list(two) if two else [everyone[g[0]]])
    flat = [line for head in stacked for line in head]
    smaller = shrink(flat, width, size, True)
    # a head stacked at the first size that fits whole at the smaller one goes back on one line
    stacked = [
        [t] if len(h) > 1 and text_width(t, smaller, True) <= width else h for h, t in zip(stacked, whole, strict=True)
    ]
    if all(len(head) <= lines for head in stacked) and all(text_width(t, smaller, True) <= width for t in flat):
        return smaller, stacked
    if lines >= 2 and len(groups) > 1 and all(len(g) == 1 for g in groups):
        # every other head one line up: each then has two columns' room (`width` is a column's, columns
        # `width + 12` apart), the next head on its line being two columns away ("コンピューター1" has no
        # place to break, and five of them do not fit side by side)
        room = 2 * width + 12
        staggered = shrink(whole, room, size, True)
        if all(text_width(t, staggered, True) <= room for t in whole):
            return staggered, [[t, ""] if k % 2 == 0 else [t] for k, t in enumerate(whole)]
    size = shrink(whole, width, size, True)
    per = max(len(g) for g in groups)
    if per > 1 and per <= lines:  # one player a line, each cut to the column, none alike
        cut = distinct(everyone, [width - text_width(joiner, size, True)] * players, size, True)
        return size, [[cut[s] + (joiner.rstrip() if k < len(g) - 1 else "") for k, s in enumerate(g)] for g in groups]
    return size, [[joined(g, names, locale, size, True, width)] for g in groups]


SLOT = "\x00"  # where the players go in a sentence made with `tr(..., players=SLOT)`


def fill(
    sentence: str, seats: Sequence[int], names: Sequence[str], locale: str, size: int, bold: bool, width: int
) -> tuple[int, str]:
    """`sentence` with the players of `seats` (joined) in its `SLOT`, and the size to draw it at: the
    largest down to `MIN_SIZE` at which it fits whole in `width`; only then are their names cut."""
    whole = sentence.replace(SLOT, together(seats, names, locale))
    size = shrink([whole], width, size, bold)
    rest = text_width(sentence.replace(SLOT, ""), size, bold)
    room = max(width - rest, 60 * len(seats))
    return size, sentence.replace(SLOT, joined(seats, names, locale, size, bold, room))
