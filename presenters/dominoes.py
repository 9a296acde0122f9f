"""What the domino families (the fives family and Domineren) say alike: tiles, and plays written in the
engine's notation (`5-5` a lead or a set, `5-3@5-5`, `5-3@5-5:N`, with a trailing word: `muggins`,
`block`) turned into words."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import has, tr

from .common import sentences


def tiles(hand: Sequence[object]) -> str:
    """Tiles as text: `6-4 5-5` (pairs, as views hold them)."""
    return " ".join(f"{t[0]}-{t[1]}" if isinstance(t, tuple) else str(t) for t in hand)


def play_label(text: str, locale: str) -> str:
    """A play as a move's label: "5-3 on 5-5 (north)" with what is said with it (Muggins, Block)."""
    words = text.split()
    play, extra = words[0], words[1:]
    if "@" in play:
        tile, target = play.split("@", 1)
        side = ""
        if ":" in target:
            target, side = target.split(":", 1)
        out = tr("move.on", locale, tile=tile, target=target)
        if side:
            out += " " + tr("move.side", locale, side=tr(f"compass.{side}", locale) if has(f"compass.{side}") else side)
    else:
        out = tr("move.lead", locale, tile=play)
    for word in extra:
        out += " · " + (tr(f"move.word.{word}", locale) if has(f"move.word.{word}") else word)
    return out


def is_play(text: str) -> bool:
    """Whether an action's text is a tile put on the table (a play, a lead or a set)."""
    head = text.split()[0] if text else ""
    return head[:1].isdigit() and "-" in head


def play_sentence(text: str, player: str, locale: str, *, first: str = "action.lead") -> str:
    """A play as a sentence ("Alice played 5-3 on 5-5."); a tile on nothing is said by `first` (a lead, or
    Domineren's set)."""
    words = text.split()
    head = words[0]
    if "@" in head:
        tile, target = head.split("@", 1)
        sentence = tr("action.play", locale, player=player, tile=tile, target=target.split(":")[0])
    else:
        sentence = tr(first, locale, player=player, tile=head)
    return with_words(sentence, words[1:], locale)


def with_words(sentence: str, extra: Sequence[str], locale: str) -> str:
    """A play's sentence and what was said with it (Muggins!, Block!)."""
    for word in extra:
        if has(f"action.word.{word}"):
            sentence = sentences([sentence, tr(f"action.word.{word}", locale)])
    return sentence
