"""The outbox's protocol with the teller (the announcer): what to tell of a game now, what it told, what is
due to be told again, and what this process is still telling.

Every change writes its outbox entries in its own transaction (`outbox.py`); this is the other half. A call
that changes a game hands its teller a `Receipt` (`receipt`): its notifications, with whatever the game left
untold before retold from the log first. The teller posts and hands the receipt back completed (`told`): one
transaction deletes what was told, postpones what failed (never dropped), remembers the hand DMs with live
controls and the table's live board. What failed, or what a crash left, is taken again by a sweep (`untold`)
and retold from the log, oldest first; entries a living teller is still telling are held (`hold`), so that
another process takes over a dead one's within seconds.

It stands above the wings it retells from (the log, through `play.retelling`; a rematch as it is now,
through `community.rematches`): the floor of this module is its own, under the facade.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace

from data import HandMessage, OutboxEntry, StoreError, StoreInterface

from ..community.rematches import Rematches
from ..errors import TableError
from ..lobby.invitations import Invitations
from ..lobby.settings import SettingsBook
from ..play.retelling import retell
from ..play.timers import Tell, at_once
from ..play.turns import Turns
from .notifications import HandChanged, LobbyChanged, Notification, PlayersInvited, Retold, TableNotification
from .outbox import TELL_LEASE, Key, key_of, retry_delay
from .receipt import Receipt

log = logging.getLogger(__name__)


class Teller:
    """The outbox protocol of this process's games (see the module's docstring), as the announcer reaches it
    (`TableService.telling`)."""

    def __init__(
        self,
        store: StoreInterface,
        clock: Callable[[], float],
        turns: Turns,
        settings: SettingsBook,
        rematches: Rematches,
        invitations: Invitations,
    ) -> None:
        self._store = store
        self._clock = clock
        self._outbox = turns.outbox
        self._tables = turns.tables
        self._settings = settings
        self._rematches = rematches
        self._invitations = invitations
        self._alone_seen: set[tuple[int, Key]] | None = None  # untried entries at the last look alone (`_taking`)

    # -- what to tell ----------------------------------------------------------------------------------
    async def receipt(self, game_no: int, notes: Sequence[Notification]) -> Receipt:
        """What to tell of a game after a call that returned `notes` (see `backlog`), with the server's
        language; made as the call ends (or by the teller, for notifications that came without one: a timer's,
        a sweep's, or with one gone stale), good while nothing settles the game's entries (`Receipt.fresh`)."""
        epoch = self._outbox.epoch(game_no)  # before the backlog is read: a settlement meanwhile makes it stale
        told = await self.backlog(game_no, notes)
        guild = next((n.table.guild_id for n in told if not isinstance(n, LobbyChanged | PlayersInvited)), None)
        language = None if guild is None else (await self._settings.get(guild)).language
        keys = tuple(k for k in map(key_of, told) if k is not None)
        return Receipt(game_no, tuple(told), language, keys, _outbox=self._outbox, _epoch=epoch)

    async def backlog(self, game_no: int, notes: Sequence[Notification]) -> list[Notification]:
        """What to tell of a game now, given the notifications of a call: those still untold, and first
        whatever the game left untold before (a failed post, a crash), retold from the log. Call it under
        the teller's lock of that game, so that two tellers never tell the same thing."""
        if not self._outbox.covered_by(game_no, notes):
            return await self.retell(game_no)
        out: list[Notification] = []
        keep = True
        for note in notes:
            key = key_of(note)
            if key is not None and key[0] != "hand":
                keep = self._outbox.is_pending(game_no, key)
            if keep or isinstance(note, HandChanged | LobbyChanged):
                out.append(note)
        return out

    async def retell(self, game_no: int) -> list[Notification]:
        """Everything the game's outbox holds, retold from the log behind a `Retold` marker (nothing if it
        holds nothing); what no longer has anything to tell is settled meanwhile."""
        entries = self._outbox.of(game_no)
        if not entries:
            return []
        of_game = [e for e in entries if e.kind != "rematch"]
        notes: list[TableNotification] = []
        obsolete: list[Key] = []
        if of_game:
            notes, obsolete = await retell(self._store, self._tables.get(game_no), game_no, of_game)
        later = await self._retell_rematch(game_no, [e for e in entries if e.kind == "rematch"], notes, obsolete)
        if obsolete or later:
            await self.told(Receipt(game_no, (), None, (), done=tuple(obsolete), failed=tuple(later)))
        if not notes:
            return []
        first = notes[0]
        assert not isinstance(first, LobbyChanged)  # a game's retelling tells of its table, never of a lobby
        return [Retold(first.table, min(e.created_at for e in entries)), *notes]

    async def _retell_rematch(
        self, game_no: int, entries: list[OutboxEntry], notes: list[TableNotification], obsolete: list[Key]
    ) -> list[Key]:
        """A rematch with untold changes, as it stands now, told by its newest (the question shows that one);
        the keys to tell later: a rematch settled and its table not yet made (the sweep makes it, then tells)."""
        if not entries:
            return []
        newest = max(entries, key=lambda e: e.turn)
        obsolete += [e.key for e in entries if e is not newest]
        try:
            rematch = await self._rematches.retold(game_no)
        except (StoreError, TableError):
            log.warning("game %s: its rematch could not be read", game_no, exc_info=True)
            return [newest.key]
        if rematch is None:
            if await self._store.rematch(game_no) is None:
                obsolete.append(newest.key)  # nothing of it is left to tell
                return []
            return [newest.key]
        notes.append(replace(rematch, step=newest.turn))
        return []

    # -- what was told ---------------------------------------------------------------------------------
    async def told(
        self,
        receipt: Receipt | int,
        done: Iterable[Key] = (),
        failed: Iterable[Key] = (),
        hand_messages: Iterable[HandMessage] = (),
        forget_hand_messages: Iterable[int] = (),
    ) -> None:
        """The teller's receipt, completed with what it posted (`Receipt.posted`): what it told (deleted from
        the outbox), what it could not (tried again later, with a longer wait each time, never dropped), the
        hand DMs with live controls it sent or retired, and the table's new live board: one write. A board of
        an older turn than the stored one (another process posted a newer board meanwhile) is not kept.
        Callers telling by hand may give the game's number and the parts instead (`parts`)."""
        if isinstance(receipt, int):
            receipt = parts(receipt, done, failed, hand_messages, forget_hand_messages)
        game_no = receipt.game_no
        # Only what the store holds is deleted there (a hand told at once never had an entry).
        done = [k for k in receipt.done if self._outbox.is_pending(game_no, k)]
        now = self._clock()
        retry = []
        for key in receipt.failed:
            entry = self._outbox.get(game_no, key)
            retry.append((key, now + retry_delay((entry.attempts if entry else 0) + 1)))
        try:
            kept = await self._store.told(
                game_no, done, retry, receipt.hand_messages, receipt.forget_hands, board=receipt.board
            )
        except StoreError:
            # Still in the store, so told again later; what was posted is recognised then and not repeated.
            log.warning("game %s: could not record what was told", game_no, exc_info=True)
            return
        self._outbox.remove(game_no, done)
        for key, due in retry:
            self._outbox.postpone(game_no, [key], due, now)
        table = self._tables.get(game_no)
        if kept and receipt.board is not None and table is not None:
            table.version += 1  # the board's own change of the game's row
            table.board_message_id = receipt.board[0]
            table.changed()

    # -- told again ------------------------------------------------------------------------------------
    async def untold(
        self, now: float | None = None, everything: bool = False, tell: Tell | None = None
    ) -> list[Notification]:
        """What is due to be told again: entries whose teller failed or vanished (a crash), or with
        `everything` (at start, when nobody else is telling anything) every entry. Each game's untold
        entries are retold from the log, oldest first, behind a `Retold` marker; the caller tells them
        like any notifications, then reports with `told`. With `tell` (the announcer's `deliver`), each game
        is told as soon as it is retold, not after the others (its next player waited for every other game
        of a dead process, then for its turn among them, #23): what is returned is the rest (invitations)."""
        now = self._clock() if now is None else now
        out: list[Notification] = [*await self._invitations.untold(now, everything)]
        # Where other processes share the store, what a dead one left untold is known only there.
        if not everything and not self._store.shared and not self._outbox.due(now):
            return out
        # Taken for a short lease, held while this process tells them (`hold`): should it die, the others take
        # them over within seconds.
        with self._store.urgent():
            due_by = math.inf if everything else now
            untried, choose = False, None
            if self._store.shared:
                alone = await self._alone()
                if not everything:
                    untried, choose = alone, self._taking(now, alone)
                elif not alone:
                    # A start beside living processes: what they are telling is theirs (told twice, and the
                    # next players waited for this retelling, #23); a dead one's is due within a lease.
                    due_by = now
            claimed = await self._store.claim_outbox(now, TELL_LEASE, due_by=due_by, untried=untried, choose=choose)
            self._outbox.add(claimed, claimed_at=now)
            # A dead process's games are many at once: retold a few at a time where processes share the store.
            games = list(dict.fromkeys(e.game_no for e in claimed))
            out += [n for notes in await at_once(games, self.retell, self._store.shared, tell) for n in notes]
        return out

    def _taking(self, now: float, alone: bool) -> Callable[[list[OutboxEntry]], list[OutboxEntry]]:
        """What a sweep takes of the entries the store offers (`claim_outbox`): those due, never one this
        process is telling; and alone on the store, every entry not yet tried that it saw at its last look
        too (alone then as well): nobody else is telling it, so its teller died (a dead process's lease is not
        waited for, the next player's hand told within a sweep or two, #23). Seen twice, never one that this
        process was writing at the first look, committed but not yet known here as its own."""
        if not alone:
            self._alone_seen = None
        seen = self._alone_seen

        def choose(offered: list[OutboxEntry]) -> list[OutboxEntry]:
            held = self._outbox.held()
            mine = [e for e in offered if (e.game_no, e.key) not in held]
            if alone:
                self._alone_seen = {(e.game_no, e.key) for e in mine if e.attempts == 0 and e.due_at > now}
            return [e for e in mine if e.due_at <= now or (seen is not None and (e.game_no, e.key) in seen)]

        return choose

    async def _alone(self) -> bool:
        """Whether this process is the only one serving the store now (the others died or stopped)."""
        try:
            return await self._store.processes() <= 1
        except StoreError:
            log.warning("could not read which processes serve the database", exc_info=True)
            return False

    async def hold(self, now: float | None = None) -> None:
        """Keep what this process is still telling its own (at each tick, before `untold`): entries are
        another process's (or this one's own sweep's) to take `TELL_LEASE` seconds after they were written or
        taken unless held, so that a process that dies mid-telling leaves the next player's hand to the
        others within seconds."""
        now = self._clock() if now is None else now
        held = self._outbox.to_hold(now)
        if not held:
            return
        try:
            with self._store.urgent():  # late, and a living teller's entries are taken from it
                await self._store.hold_outbox(held)
        except StoreError:
            log.warning("could not hold %s outbox entries being told", len(held), exc_info=True)

    # -- what the announcer reads ----------------------------------------------------------------------
    async def hand_messages(self, game_no: int, user_id: int | None = None) -> list[HandMessage]:
        """Where the hand DMs with live controls of a game (of one player) are."""
        return await self._store.hand_messages(game_no, user_id)

    def urgent(self) -> AbstractContextManager[None]:
        """Around a timer tick and its telling: the store's calls meanwhile take connections of their own, not
        waiting behind the clicks of a busy process (a dead one's games are taken over there, #23)."""
        return self._store.urgent()

    @property
    def shared(self) -> bool:
        """Whether other processes serve the same database (PostgreSQL): what one leaves untold, another tells."""
        return self._store.shared

    def stats(self) -> tuple[int, float | None]:
        """Entries still to be told of this process's games, and when the oldest was written (the metrics)."""
        return self._outbox.stats()


def parts(
    game_no: int,
    done: Iterable[Key] = (),
    failed: Iterable[Key] = (),
    hand_messages: Iterable[HandMessage] = (),
    forget_hand_messages: Iterable[int] = (),
) -> Receipt:
    """A receipt of what was told, from its parts (callers that tell by hand: tests, benchmarks, scripts)."""
    return Receipt(
        game_no,
        (),
        None,
        (),
        done=tuple(done),
        failed=tuple(failed),
        hand_messages=tuple(hand_messages),
        forget_hands=tuple(forget_hand_messages),
    )
