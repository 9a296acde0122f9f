"""One receipt per telling: what a call on a game hands its teller, and what the teller hands back.

A call that changes a game (a click's `act`) returns its notifications as always, and with them, per game,
a `Receipt`: what to tell now (the call's own notifications, or, when the game left something untold
before, that retold from the log first: the backlog folded in), the server's language for public
messages, and the outbox keys the telling covers. The teller posts, then hands the same receipt back,
completed with what it posted (`Receipt.posted`): the keys told and failed, the hand DMs with live controls
sent and retired, and the new live board. The table service writes all of it in one transaction
(`TableService.telling.told`): a click is two database writes (its action, then what was told) and one call back
into the service.

A receipt is worked out when the call ends, outside the teller's lock of the game; it stays good while
nothing else settled any of the game's outbox entries since (`fresh`: another telling reported, a sweep
took entries over, a player was forgotten). A teller that finds it stale asks for the backlog again, under
its lock, as before (`TableService.telling.receipt`), so that nothing is told twice or out of order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from data import HandMessage

from .notifications import Notification
from .outbox import Key, Outbox


@dataclass(frozen=True, slots=True)
class Receipt:
    game_no: int
    notes: tuple[Notification, ...]  # to tell now, in order (the backlog folded in)
    language: str | None  # the server's language of public messages (None: Discord's preferred one)
    keys: tuple[Key, ...]  # the outbox entries these notes tell
    # -- what the teller posted (`posted`) --------------------------------------------------------------
    done: tuple[Key, ...] = ()
    failed: tuple[Key, ...] = ()
    hand_messages: tuple[HandMessage, ...] = ()  # hand DMs sent with live controls
    forget_hands: tuple[int, ...] = ()  # users whose hand DM lost its controls
    board: tuple[int, int | None] | None = None  # the new live board: (message id, the turn it shows)
    # -- whether it is still good: the outbox's count of settlements of this game when it was made ---------
    _outbox: Outbox | None = None
    _epoch: int = 0

    def fresh(self) -> bool:
        """Whether nothing settled any of the game's outbox entries since this receipt was made (then its
        notes are what the backlog would be now). In memory: no store, no lock, no wait."""
        return self._outbox is not None and self._outbox.epoch(self.game_no) == self._epoch

    def posted(
        self,
        done: Sequence[Key] = (),
        failed: Sequence[Key] = (),
        hand_messages: Sequence[HandMessage] = (),
        forget_hands: Sequence[int] = (),
        board: tuple[int, int | None] | None = None,
    ) -> Receipt:
        """This receipt completed with what the teller posted, to hand back (`TableService.telling.told`)."""
        return Receipt(  # (made whole: `dataclasses.replace` costs more than the rest of the click's telling)
            self.game_no,
            self.notes,
            self.language,
            self.keys,
            tuple(done),
            tuple(failed),
            tuple(hand_messages),
            tuple(forget_hands),
            board,
            self._outbox,
            self._epoch,
        )


class Notifications(list[Notification]):
    """A call's notifications (a list, as every call returns), with the receipt of each game they tell of."""

    def __init__(self, notes: Sequence[Notification] = (), receipts: Sequence[Receipt] = ()) -> None:
        super().__init__(notes)
        self.receipts: dict[int, Receipt] = {r.game_no: r for r in receipts}
