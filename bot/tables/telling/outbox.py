"""The outbox: what the players must be told, kept in the store until it has been told.

Every change that players must hear of (an action, a new table, a reminder, a resignation, an abandoned
game, a request to take back an action and each change of it, a watcher whose DMs are closed, a rematch
asked after a game and each change of it) writes its outbox entries in the same transaction as the change
itself (see `data/migrations/0002_outbox.sql`, `0012_told_through_the_outbox.sql` and `0013_rematch_told.sql`).
The announcer tells them and reports back (`TableService.telling.told`, with the receipt of its telling: `receipt.py`,
`teller.py`): what was told is deleted, what failed is
retried later with a growing delay, never dropped. A crash between the commit and the telling leaves the
entries in the store; they are told after the restart.

A lobby has no game yet: the invitations to a private table have an outbox of their own (`invitations.py`).

`Outbox` mirrors the store's entries in memory so that the usual path (a move, told at once) reads
nothing back; `key_of` says which entry a notification tells.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from data import OutboxEntry

from .notifications import (
    BoardChanged,
    GameAbandoned,
    HandChanged,
    Notification,
    Rematch,
    SeatHandedToComputer,
    ServerLeft,
    TableOpened,
    TurnReminder,
    UndoRequested,
    WatcherDMsClosed,
)

Key = tuple[str, int, int]  # (kind, user_id, turn), as in the store

# A new entry (or one a sweep took) is its teller's for TELL_LEASE seconds; while it is still telling, the
# teller holds it at each of its timer ticks (`Outbox.to_hold`), up to GRACE_SECONDS after it took it. So a
# teller that dies leaves its entries to any process's sweep within seconds (the next player's hand DM with
# them), while a living one that is slow (a rate limit) or lost an entry is left as long as before. Where
# processes share the database, each ticks every HOLD_EVERY seconds; alone on SQLite, every 5 s.
TELL_LEASE = 5.0
HOLD_EVERY = 1.5
GRACE_SECONDS = 60.0  # the longest a living writer holds an entry before a sweep takes it over
RETRY_SECONDS = (5.0, 15.0, 60.0, 300.0, 900.0, 1800.0)  # after the 1st, 2nd... failed attempt


# Games a teller tells at once where one delivery holds several (a timer tick's, a sweep's retelling), each
# under its game's own teller lock: told one after another, a dead process's games taken over at one tick
# left the last of their next players waiting for every other game's posts (#23).
TOLD_AT_ONCE = 4

G = TypeVar("G")


async def tell_each(games: Sequence[G], tell: Callable[[G], Awaitable[None]]) -> None:
    """`tell` for each of a delivery's games: up to TOLD_AT_ONCE at a time (one alone at once). `tell` takes
    the game's teller lock itself: one teller a game, whatever the delivery."""
    if len(games) < 2:
        for game in games:
            await tell(game)
        return
    gate = asyncio.Semaphore(TOLD_AT_ONCE)

    async def gated(game: G) -> None:
        async with gate:
            await tell(game)

    await asyncio.gather(*(gated(game) for game in games))


def key_of(note: Notification) -> Key | None:
    """The outbox entry a notification tells (None: it goes with the action before it, or is not kept)."""
    if isinstance(note, BoardChanged):
        return ("action", 0, note.turn - 1)
    if isinstance(note, HandChanged):
        return ("hand", note.user_id, note.turn)
    if isinstance(note, TableOpened):
        return ("opened", 0, 0)
    if isinstance(note, TurnReminder):
        return ("reminder", note.user_id, note.turn)
    if isinstance(note, SeatHandedToComputer):
        return ("resigned", note.user_id, note.turn)
    if isinstance(note, GameAbandoned):
        return ("abandoned", note.by_user_id, note.turn)
    if isinstance(note, ServerLeft):
        return ("left", note.user_id, note.turn)
    if isinstance(note, UndoRequested):  # each change of a request has an entry of its own
        return ("undo", note.request, note.step)
    if isinstance(note, WatcherDMsClosed):
        return ("watcher", note.user_id, note.turn)
    if isinstance(note, Rematch):  # each change of a rematch has an entry of its own (in its game's outbox)
        return ("rematch", 0, note.step)
    return None


def retry_delay(attempts: int) -> float:
    """Seconds before the next try of an entry that failed `attempts` times."""
    return RETRY_SECONDS[min(max(attempts, 1), len(RETRY_SECONDS)) - 1]


def entry(game_no: int, kind: str, turn: int, now: float, user_id: int = 0) -> OutboxEntry:
    return OutboxEntry(game_no, kind, turn, user_id, created_at=now, due_at=now + TELL_LEASE)


class Outbox:
    """The store's outbox entries of this process's games, by game and key."""

    def __init__(self) -> None:
        self._pending: dict[int, dict[Key, OutboxEntry]] = {}
        # The entries this process is telling (it wrote them, or a sweep of its own took them), and until
        # when it holds them: never those it only read (at start), which are other processes' to tell.
        self._held: dict[tuple[int, Key], float] = {}
        # Per game, how many times its entries were settled otherwise than by being written: told, postponed,
        # taken by a sweep, replaced. A receipt made at one count is still good at the same (`Receipt.fresh`).
        self._epochs: dict[int, int] = {}

    def load(self, entries: Iterable[OutboxEntry]) -> None:
        """Every entry of the store, as read at start: known, not held (another process may be telling them)."""
        self._pending.clear()
        self._held.clear()
        for e in entries:
            self._pending.setdefault(e.game_no, {})[e.key] = e

    def add(self, entries: Iterable[OutboxEntry], claimed_at: float | None = None) -> None:
        """Entries this process wrote (held from when they were written), or took with a sweep at
        `claimed_at` (held from then): it tells them."""
        for e in entries:
            if claimed_at is not None:  # taken over: a receipt made before would tell them a second time
                self._settled(e.game_no)
            self._pending.setdefault(e.game_no, {})[e.key] = e
            self._held[(e.game_no, e.key)] = (e.created_at if claimed_at is None else claimed_at) + GRACE_SECONDS

    def replace_game(self, game_no: int, entries: Iterable[OutboxEntry]) -> None:
        """A game's entries as the store now has them (after a change made there: a player forgotten), known
        and not held, as at start."""
        self._settled(game_no)
        self._pending.pop(game_no, None)
        for key in [k for k in self._held if k[0] == game_no]:
            del self._held[key]
        for e in entries:
            self._pending.setdefault(e.game_no, {})[e.key] = e

    def epoch(self, game_no: int) -> int:
        """The game's count of settlements (see `__init__`)."""
        return self._epochs.get(game_no, 0)

    def _settled(self, game_no: int) -> None:
        self._epochs[game_no] = self._epochs.get(game_no, 0) + 1

    def stats(self) -> tuple[int, float | None]:
        """How many entries are still to be told, and when the oldest was written (None: none)."""
        count, oldest = 0, None
        for pending in self._pending.values():
            count += len(pending)
            for e in pending.values():
                if oldest is None or e.created_at < oldest:
                    oldest = e.created_at
        return count, oldest

    def of(self, game_no: int) -> list[OutboxEntry]:
        return list(self._pending.get(game_no, {}).values())

    def due(self, now: float) -> bool:
        """Whether any entry is due to be told again by `now` (cheap: the sweep asks every few seconds)."""
        return any(e.due_at <= now for pending in self._pending.values() for e in pending.values())

    def to_hold(self, now: float) -> list[tuple[OutboxEntry, float]]:
        """The entries this process is telling: each due a lease from now (never past its grace), with the
        due time it had. Held in the store with them, no other process
        takes them while this one lives to tell them."""
        held = []
        for (game_no, key), until in list(self._held.items()):
            e = self._pending.get(game_no, {}).get(key)
            if e is None or until <= now:
                del self._held[(game_no, key)]  # told, or held long enough: a sweep takes it if still untold
                continue
            due = min(now + TELL_LEASE, until)
            if e.due_at >= due:
                continue
            self._pending[game_no][key] = new = replace(e, due_at=due)
            held.append((new, e.due_at))
        return held

    def held(self) -> set[tuple[int, Key]]:
        """The entries this process is telling, by game and key."""
        return set(self._held)

    def get(self, game_no: int, key: Key) -> OutboxEntry | None:
        return self._pending.get(game_no, {}).get(key)

    def postpone(self, game_no: int, keys: Iterable[Key], due_at: float, now: float) -> None:
        """Entries that could not be told, to be tried again at `due_at` (a hand whose action was told
        gets an entry of its own)."""
        self._settled(game_no)
        pending = self._pending.setdefault(game_no, {})
        for key in keys:
            kind, user_id, turn = key
            e = pending.get(key) or OutboxEntry(game_no, kind, turn, user_id, now, due_at)
            pending[key] = OutboxEntry(game_no, kind, turn, user_id, e.created_at, due_at, e.attempts + 1)
            self._held.pop((game_no, key), None)  # due when it is to be tried again, by whoever sweeps first

    def remove(self, game_no: int, keys: Iterable[Key]) -> None:
        """Forget what was told: a player's hand told at turn t settles their hands of earlier turns too."""
        self._settled(game_no)
        pending = self._pending.get(game_no)
        if pending is None:
            return
        for kind, user_id, turn in keys:
            if kind == "hand":
                for k in [k for k in pending if k[0] == "hand" and k[1] == user_id and k[2] <= turn]:
                    del pending[k]
            else:
                pending.pop((kind, user_id, turn), None)
        if not pending:
            del self._pending[game_no]

    def is_pending(self, game_no: int, key: Key) -> bool:
        pending = self._pending.get(game_no, {})
        if key[0] == "hand":  # any older hand of that player: this newer one tells it
            return any(k[0] == "hand" and k[1] == key[1] and k[2] <= key[2] for k in pending)
        return key in pending

    def covered_by(self, game_no: int, notes: Sequence[Notification]) -> bool:
        """Whether `notes` tell everything pending for the game (else the backlog must be told first)."""
        keys = [k for k in map(key_of, notes) if k is not None]
        hands = {(k[1], k[2]) for k in keys if k[0] == "hand"}
        for key in self._pending.get(game_no, {}):
            if key[0] == "hand":
                if not any(user == key[1] and turn >= key[2] for user, turn in hands):
                    return False
            elif key not in keys:
                return False
        return True
