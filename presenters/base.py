"""What a game family's presenter says, and what it says unless the family says otherwise.

A presenter turns the table service's notifications and the engine's views into sentences: the line of a
play on the board (written from the events the engine returned for it), a hand's result, where a hand
stands, whose turn it is, the labels of the moves a player may choose. Each family's presenter
(`presenters.fives`, `.five_hundred`, `.domineren`) overrides what its game says its own way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, ClassVar

from bot.engine import Event, Legal, View
from bot.i18n import has, tr, trn

from .common import place_mark, sentences, side_name, side_scores, table_title, word_label

if TYPE_CHECKING:
    from bot.tables import BoardChanged, HandEnded, SideResult

# Where a picture names the ends of a line its own way ("W" -> "left"): Domineren's Billitonnen, whose line
# winds; the caller gets it from the renderer (`rendering.end_names`), since only the drawing knows.
Ends = Mapping[str, str]


def of_kind(events: Sequence[Event], *kinds: str) -> Event | None:
    """The first of `events` of one of `kinds`."""
    return next((e for e in events if e.kind in kinds), None)


class Presenter:
    """The text of one game family. Methods take the seats' `names` as a message shows them and the
    `locale` of its reader."""

    family: ClassVar[str] = ""
    tricks: ClassVar[bool] = False  # a trick game: its board offers the trick before the current one

    # -- the moves a player may choose ----------------------------------------------------------------------
    def move_label(
        self, entry: Legal, locale: str, *, scoring: bool = True, view: View | None = None
    ) -> tuple[str, str | None]:
        """The label and description of a legal move in a select or on a button (`entry` is one of the
        view's `legal`); `scoring`: the game scores in play, so a move scoring nothing says so; `view` (the
        player's) adds what the entry alone cannot say."""
        return word_label(entry.text, locale) or entry.text, None

    def hand_text(self, hand: Sequence[object], locale: str) -> str:
        """A hand as text, where no image shows it."""
        return " ".join(str(x) for x in hand)

    # -- what happened ----------------------------------------------------------------------------------------
    def board_line(self, note: BoardChanged, names: Sequence[str], locale: str, *, ends: Ends | None = None) -> str:
        """One play on the board: who did what, what it scored, what it made happen (from the engine's
        events for it), and whether the bot or the timer did it."""
        player = names[note.seat]
        sentence = self.played(note, public_action(note), names, locale, ends)
        if note.kind == "timeout":
            sentence = tr("line.timeout", locale, player=player, action=sentence)
        elif note.kind == "auto":
            sentence = tr("line.auto", locale, action=sentence)
        return sentences([sentence, *self.news(note, names, locale)])

    def played(self, note: BoardChanged, text: str, names: Sequence[str], locale: str, ends: Ends | None) -> str:
        """The action as a sentence with what it scored (`text`: as everyone may read it)."""
        sentence = self.action_sentence(note, text, names, locale, ends)
        scored = scored_by(note)
        return sentence + trn("line.scores", scored, locale) if scored > 0 else sentence

    def action_sentence(
        self, note: BoardChanged, text: str, names: Sequence[str], locale: str, ends: Ends | None
    ) -> str:
        """The action alone as a sentence ("Alice drew a tile.")."""
        player = names[note.seat]
        return said(text, player, locale) or tr("action.other", locale, player=player, action=text)

    def news(self, note: BoardChanged, names: Sequence[str], locale: str) -> list[str]:
        """What the action made public besides itself, told after it."""
        return []

    # -- hands ------------------------------------------------------------------------------------------------
    def hand_title(self, note: HandEnded, locale: str) -> str:
        """The title of a hand's result."""
        return tr("hand.over.title", locale, table=table_title(note.table, locale), number=note.hand_no)

    def hand_summary(self, note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
        """Why the hand ended, and what it showed."""
        reason = note.result.reason
        return [tr(f"hand.reason.{reason}", locale)] if has(f"hand.reason.{reason}") else []

    def hand_scores(self, note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
        """What each side scored in the hand, and its total."""
        return side_scores(note.table.sides, note.result.scored, note.scores, names, locale)

    def last_hand_name(self, note: HandEnded, locale: str) -> str:
        """The game-over message's field for the hand that ended the game."""
        return tr("result.last_hand", locale, number=note.hand_no)

    def scores_title(self, locale: str, key: str = "board.scores") -> str:
        """The name of a field of scores (`key`: the board's, or a hand's)."""
        return tr(key, locale)

    # -- where the game stands --------------------------------------------------------------------------------
    def status_lines(self, view: View, names: Sequence[str], locale: str) -> list[str]:
        """Where the hand stands, for the board and the hand messages (nothing to say by default)."""
        return []

    def status_title(self, view: View, locale: str) -> str:
        """The name of the board's field of `status_lines` (asked only when they say something)."""
        return ""

    def exposed_hand(self, view: View, names: Sequence[str], locale: str) -> tuple[str, str] | None:
        """A hand laid face up for everyone (a title and its cards), for the board."""
        return None

    def turn_line(self, view: View, names: Sequence[str], locale: str) -> str:
        """The board's word on whose turn it is, and to do what (asked while someone is to act)."""
        assert view.current_seat is not None
        return tr("board.turn", locale, player=names[view.current_seat])

    def deadline_line(self, view: View, when: str, locale: str, *, private: bool) -> str:
        """When the turn runs out: on the board, or (`private`) in the hand of the player to act."""
        return tr("hand.deadline" if private else "board.deadline", locale, when=when)

    def prompt(self, view: View, names: Sequence[str], locale: str) -> list[str]:
        """What the hand message asks of the player to act (their own view)."""
        return [tr("hand.your_turn", locale)]

    # -- the end of the game ----------------------------------------------------------------------------------
    def standings(self, sides: Sequence[SideResult], names: Sequence[str], locale: str) -> list[str]:
        """The final places, best first, with scores and game points."""
        return [self.place_line(side, names, locale) for side in sorted(sides, key=lambda s: (s.place, s.side))]

    def place_line(self, side: SideResult, names: Sequence[str], locale: str) -> str:
        line = tr(
            "result.place",
            locale,
            medal=place_mark(side.place),
            side=side_name(side.seats, names, locale),
            score=side.score,
        )
        if side.game_points is not None:
            line += " " + trn("result.game_points", side.game_points, locale)
        return line


def public_action(note: BoardChanged) -> str:
    """The action as everyone may read it: the public view's own record of it (Five Hundred's discard is
    face down there), never the notification's full text."""
    last = note.view.last
    if last is not None and last[0] == note.seat:
        return str(last[1])
    return note.action.split()[0] if note.action.startswith("discard") else note.action


def scored_by(note: BoardChanged) -> int:
    """What the action scored for the side of the seat that took it."""
    side = next((k for k, members in enumerate(note.table.sides) if note.seat in members), None)
    return note.points[side] if side is not None and side < len(note.points) else 0


ONE_WORD = ("draw", "pass", "claim", "solo")  # said alike by every game that has them


def said(text: str, player: str, locale: str) -> str | None:
    """A one-word action as a sentence ("Alice drew a tile."), None for any other."""
    head = text.split()[0] if text else ""
    return tr(f"action.{head}", locale, player=player) if head in ONE_WORD else None
