"""The text of the game: what the bot says about a play, a hand, a game and its options, in the reader's
language (through `bot.i18n`). Plain strings only, no Discord type, so that the cogs post them and the
command-line demo prints the same sentences.

One presenter per game family, registered in `PRESENTERS` by the engine's family name (as `rendering`
registers its drawers by view type), so that the shell asks for a game's presenter and never which family
it is:

    words = presenter(table.game_id)
    words.board_line(note, names, locale)      # a BoardChanged, told from the engine's events for it
    words.hand_summary(note, names, locale)    # a HandEnded
    words.status_lines(view, names, locale)    # where the hand stands
    words.move_label(entry, locale, view=view) # a legal move in a select

`presenters.fives` (the fives family and Draw), `.five_hundred` and `.domineren` hold each family's text,
`presenters.dominoes` what the domino families say alike, `presenters.common` what every game shares
(names, titles, options, results) and `presenters.base` what a presenter says unless its family says
otherwise. Values of the rules come from the view or the events, never worked out again here.
"""

from __future__ import annotations

from bot.engine import game_info

from .base import Ends, Presenter
from .domineren import DominerenPresenter
from .five_hundred import FiveHundredPresenter
from .fives import FivesPresenter

PRESENTERS: dict[str, Presenter] = {
    p.family: p for p in (FivesPresenter(), FiveHundredPresenter(), DominerenPresenter())
}


class NoPresenter(LookupError):
    """A game family has no presenter: it cannot be told in words."""


def presenter(game_id: str) -> Presenter:
    """The presenter of a game id's family."""
    family = game_info(game_id).family
    try:
        return PRESENTERS[family]
    except KeyError:
        raise NoPresenter(f"no presenter for the {family} family ({game_id})") from None


__all__ = ["PRESENTERS", "Ends", "NoPresenter", "Presenter", "presenter"]
