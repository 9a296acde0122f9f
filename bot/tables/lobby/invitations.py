"""Invitations to a private table, told through the lobby outbox: the players a host invited are mentioned in
the lobby's channel once, even across a failed post or a crash.

A lobby has no game yet, so its invitations cannot go in the game's outbox (`outbox.py`): each is written with
an entry of the lobby outbox in the transaction that saves it (`StoreInterface.invite_to_table`, see
`data/migrations/0015_lobby_outbox.sql`). Its writer tells it at once and reports back (`told`): told, the
entry is deleted; failed, it is tried again later with a growing delay. What a crash left is claimed by the
sweep (`untold`) under a lease, so that two processes never post the same ping, and told again with the time
it was first written (`PlayersInvited.since`), so that the teller looks for a post a dead process made first.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

from data import LobbyOutboxEntry, StoreError, StoreInterface

from ..errors import StoreFailed, TableError
from ..models import LobbyInfo
from ..telling.notifications import PlayersInvited
from ..telling.outbox import retry_delay
from .lobbies import Lobbies

log = logging.getLogger(__name__)

LobbyKey = tuple[int, str, int]  # (lobby, kind, seq), as in the store


class Invitations:
    """The lobby outbox of the process: its entries mirrored in memory (on SQLite, every entry), so that the
    sweep reads the store only when something is due, or where other processes share it."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float], lobbies: Lobbies, lease: float) -> None:
        self._store = store
        self._clock = clock
        self._lobbies = lobbies
        self._lease = lease
        self._pending: dict[LobbyKey, LobbyOutboxEntry] = {}

    async def load(self) -> None:
        self._pending = {e.key: e for e in await self._store.lobby_outbox()}

    def written(self, written: LobbyOutboxEntry, lobby: LobbyInfo) -> PlayersInvited:
        """The invitation just saved with `written`, to be told now by whoever made it."""
        self._pending[written.key] = written
        return PlayersInvited(lobby, written.by_user_id, written.invited, written.seq)

    def to_tell(self, note: PlayersInvited) -> bool:
        """Whether the invitation is still to be told (False: told meanwhile, by another telling of this
        process); one that was never kept (`seq` 0) is told as it comes."""
        return note.seq == 0 or _key(note) in self._pending

    async def untold(self, now: float, everything: bool) -> list[PlayersInvited]:
        """The invitations due to be told again (with `everything`, at start, all of them), claimed for a lease."""
        if not everything and not self._store.shared and not any(e.due_at <= now for e in self._pending.values()):
            return []
        try:
            claimed = await self._store.claim_lobby_outbox(math.inf if everything else now, self._lease)
        except StoreError:
            log.warning("could not claim the lobby outbox", exc_info=True)
            return []
        out: list[PlayersInvited] = []
        dropped: list[LobbyKey] = []
        for e in claimed:
            self._pending[e.key] = e
            try:
                note = await self._note(e)
            except (StoreFailed, TableError):  # its lease runs out, and it is claimed again then
                log.warning("lobby %s: could not be read to tell its invitation %s", e.lobby_id, e.seq, exc_info=True)
                continue
            if note is None:
                dropped.append(e.key)
            else:
                out.append(note)
        if dropped:
            await self._told(dropped, [])
        return out

    async def _note(self, e: LobbyOutboxEntry) -> PlayersInvited | None:
        """What an entry tells now; None if nothing is left to tell. A table that started or was cancelled
        can no longer be joined (a ping would send its invitees to a lobby whose Join is gone), and a player
        who took a seat since knows of the table: neither is pinged."""
        lobby = await self._lobbies.stored(e.lobby_id)
        if lobby is None or lobby.status != "open":
            return None
        seated = {s.user_id for s in lobby.seats}
        invited = tuple(u for u in e.invited if u not in seated)
        if not invited:
            return None
        return PlayersInvited(lobby, e.by_user_id, invited, e.seq, e.created_at)

    async def told(self, note: PlayersInvited, told: bool) -> None:
        """The teller's report: told (deleted), or Discord failed (tried again later, never dropped)."""
        key = _key(note)
        if key not in self._pending:
            return
        if told:
            await self._told([key], [])
        else:
            attempts = self._pending[key].attempts + 1
            await self._told([], [(key, self._clock() + retry_delay(attempts))])

    async def _told(self, done: list[LobbyKey], retry: list[tuple[LobbyKey, float]]) -> None:
        try:
            await self._store.lobby_told(done, retry)
        except StoreError:
            # Still in the store, so told again after its lease; a post made is found again then, not repeated.
            log.warning("could not record what was told of invitations %s", done or retry, exc_info=True)
            return
        for key in done:
            self._pending.pop(key, None)
        for key, due_at in retry:
            e = self._pending[key]
            self._pending[key] = LobbyOutboxEntry(
                e.lobby_id, e.kind, e.seq, e.by_user_id, e.invited, e.created_at, due_at, e.attempts + 1
            )


def _key(note: PlayersInvited) -> LobbyKey:
    return (note.lobby.lobby_id, "invited", note.seq)
