"""What one delivery has to say about one game, and the outbox's books of it."""

from __future__ import annotations

from bot.engine import View
from bot.tables import HandEnded, HandMessage, TableInfo, TableOpened
from bot.tables.telling.outbox import Key

MAX_LINES = 3900  # characters of play lines in one embed (Discord allows 4096)


class Post:
    """What one delivery has to say about one game; it ends in a single board message.

    It also keeps the books of the outbox: the keys of what the messages posted so far have told (`done`),
    of what is waiting for the next message (`keys`), and, once a post has failed, of everything public
    that is left (`failed`): nothing more is posted for this game in this delivery, so that the table never
    shows things out of order, and all of it is told again later."""

    def __init__(self, table: TableInfo, locale: str) -> None:
        self.table = table
        self.locale = locale
        self.view: View | None = None
        self.turn: int | None = None
        self.deadline: float | None = None
        self.lines: list[str] = []
        self.opened: TableOpened | None = None
        self.ended = False  # finished or abandoned: no board, no controls
        self.hand: HandEnded | None = None  # a hand result waiting to see whether the game ended with it
        self.dealt = False  # a hand ended and the game goes on: the new hand needs its board
        self.keys: list[Key] = []  # told by the next public message
        self.done: list[Key] = []
        self.failed: list[Key] = []
        self.blocked = False  # a public post failed: the rest waits for the next try
        self.posted_until: int | None = None  # retold: the last move the table's messages already show
        self.skipping = False  # the results of an action already shown are not shown again
        self.hand_messages: list[HandMessage] = []
        self.forget_hands: list[int] = []
        self.board: tuple[int, int | None] | None = None  # the new live board (message id, its turn), if posted
