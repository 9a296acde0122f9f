"""Spectators: anyone who does not play a table may watch it, from its lobby or its board, in one of two ways:
in its thread (the cog adds them there, where the public boards are posted), or by a DM digest, for games that
last days: the public board as it stands, sent when the game has moved on and at most once per
`DIGEST_SECONDS`, at once when a hand or the game ends, never for nothing. A watcher never gets a hand:
everything a digest holds is the public view (`view(None)`) and the public results.

A table's host may open it private (only the invited join) and may close it to watchers. Who watches what is
in the store (a restart keeps it); a digest is claimed by one process with a lease
(`StoreInterface.claim_digests`), counted as told once sent, and sent again after the lease if it was not
(Discord failed, the process died), so that across processes each is sent once. A digest Discord refuses
for good (the watcher's DMs are closed) is not lost silently: the watcher follows the table in its thread
from then on, and is told so there, once, through the outbox (`dms_closed`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import HandResult
from data import DigestClaim, StoreError, StoreInterface, WatcherRow

from ..errors import StoreFailed, TableError
from ..lobby.lobbies import Lobbies
from ..models import TableInfo
from ..play.tables import Snapshot, Tables
from ..telling.notifications import Notification, WatcherDMsClosed
from ..telling.outbox import Outbox
from ..telling.outbox import entry as outbox_entry

log = logging.getLogger(__name__)

MODES = ("thread", "dm")
DIGEST_SECONDS = 60 * 60.0  # at most one digest an hour per watcher and game, but at a hand's or game's end
DIGEST_LEASE = 300.0  # a claimed digest not told by then (a crash, Discord down) is claimed again


class PlayerCannotWatch(TableError):
    """A player of the table sees it as a player: watching it is refused."""

    key = "watch_player"


class WatchingClosed(TableError):
    """The host closed the table to watchers."""

    key = "watch_closed"


class NotWatching(TableError):
    key = "watch_not_watching"


class CannotWatch(TableError):
    """A game that was not opened from a lobby (none is, today) has nobody to watch it."""

    key = "watch_unavailable"


@dataclass(frozen=True, slots=True)
class Watching:
    """Someone now watches a table: `game_no` once it started, and the thread to add them to."""

    lobby_id: int
    user_id: int
    mode: str
    guild_id: int
    game_no: int | None
    thread_id: int | None


@dataclass(frozen=True, slots=True)
class Digest:
    """What a DM watcher is told: the game as everyone sees it now, what happened since their last digest
    (plays, hands ended, with each hand's public result), and whether it is over (the last digest)."""

    user_id: int
    lobby_id: int
    snapshot: Snapshot
    plays: int
    new_hands: tuple[tuple[int, HandResult], ...]  # (hand number, its result) ended since the last digest
    first: bool  # the first they get (when they start watching, or the first play after)
    since: float | None = None  # claimed again: a digest sent since then (the last one told) may be this one

    @property
    def over(self) -> bool:
        return self.snapshot.over


class Watchers:
    """The table service's spectators (`TableService.watchers`). `snapshot(game_no)` gives a game as everyone
    sees it, ended or not; `seats(game_no)` its table (an active game's)."""

    def __init__(
        self,
        store: StoreInterface,
        clock: Callable[[], float],
        lobbies: Lobbies,
        tables: Tables,
        outbox: Outbox,
        digest_seconds: float = DIGEST_SECONDS,
    ) -> None:
        self._store = store
        self._clock = clock
        self._lobbies = lobbies
        self._tables = tables  # a game as everyone sees it (`snapshot`)
        self._outbox = outbox
        self.digest_seconds = digest_seconds

    # -- watching -------------------------------------------------------------------------------------
    async def may_watch_lobby(self, lobby_id: int, user_id: int) -> None:
        """Refused (PlayerCannotWatch, WatchingClosed) before they choose how to watch, or nothing."""
        lobby = self._lobbies.get(lobby_id)
        await self._check(lobby_id, {s.user_id for s in lobby.seats if s.user_id is not None}, user_id)

    async def may_watch_game(self, game_no: int, user_id: int) -> None:
        table = (await self._tables.snapshot(game_no)).table
        if table.lobby_id is None:
            raise CannotWatch(f"game {game_no} has no lobby to watch", game=game_no)
        await self._check(table.lobby_id, {s.user_id for s in table.seats if s.user_id is not None}, user_id)

    async def _check(self, lobby_id: int, players: set[int], user_id: int) -> None:
        if user_id in players:
            raise PlayerCannotWatch(f"user {user_id} plays at table {lobby_id}", lobby_id=lobby_id)
        try:
            access = await self._store.table_access(lobby_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        if access is not None and not access.watching:
            raise WatchingClosed(f"table {lobby_id} takes no watchers", lobby_id=lobby_id)

    async def watch_lobby(self, lobby_id: int, user_id: int, mode: str) -> tuple[Watching, Digest | None]:
        """Watch a table from its lobby, before its game starts."""
        lobby = self._lobbies.get(lobby_id)
        players = {s.user_id for s in lobby.seats if s.user_id is not None}
        return await self._watch(lobby_id, lobby.guild_id, None, None, players, user_id, mode)

    async def watch_game(self, game_no: int, user_id: int, mode: str) -> tuple[Watching, Digest | None]:
        """Watch a table from its board (or its lobby message, once started). In DM mode, the first digest
        (the board as it stands) comes back to be sent now."""
        snap = await self._tables.snapshot(game_no)
        table = snap.table
        if table.lobby_id is None:
            raise CannotWatch(f"game {game_no} has no lobby to watch", game=game_no)
        players = {s.user_id for s in table.seats if s.user_id is not None}
        return await self._watch(table.lobby_id, table.guild_id, snap, table.thread_id, players, user_id, mode)

    async def _watch(
        self,
        lobby_id: int,
        guild_id: int,
        snap: Snapshot | None,
        thread_id: int | None,
        players: set[int],
        user_id: int,
        mode: str,
    ) -> tuple[Watching, Digest | None]:
        if mode not in MODES:
            raise ValueError(f"no watching mode {mode!r}")
        await self._check(lobby_id, players, user_id)
        try:
            now = self._clock()
            # From the lobby, the first digest comes with the game's first play; from the game, they see the
            # board now (claimed by this process: told once sent, else sent again after the lease, as a
            # first one, and looked for first), and the next one when it has moved on.
            row = WatcherRow(lobby_id, user_id, mode, now)
            if snap is not None and mode == "dm" and not snap.over:
                row = WatcherRow(lobby_id, user_id, mode, now, claimed_until=now + DIGEST_LEASE)
            elif snap is not None:
                row = WatcherRow(lobby_id, user_id, mode, now, snap.turn, len(snap.hands), now)
            await self._store.watch(row)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        game_no = None if snap is None else snap.table.game_no
        watching = Watching(lobby_id, user_id, mode, guild_id, game_no, thread_id)
        first = None
        if snap is not None and mode == "dm" and not snap.over:
            first = Digest(user_id, lobby_id, snap, 0, (), first=True)  # `told` once sent
        return watching, first

    async def unwatch_lobby(self, lobby_id: int, user_id: int) -> None:
        try:
            gone = await self._store.unwatch(lobby_id, user_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        if not gone:
            raise NotWatching(f"user {user_id} does not watch table {lobby_id}", lobby_id=lobby_id)

    async def unwatch_game(self, game_no: int, user_id: int) -> TableInfo:
        """Stop watching a game; its table (to take them out of its thread)."""
        snap = await self._tables.snapshot(game_no)
        if snap.table.lobby_id is None:
            raise NotWatching(f"user {user_id} does not watch game {game_no}", game=game_no)
        await self.unwatch_lobby(snap.table.lobby_id, user_id)
        return snap.table

    async def in_thread(self, lobby_id: int | None) -> list[int]:
        """Who watches a table in its thread (to add them there when it opens)."""
        if lobby_id is None:
            return []
        try:
            return [w.user_id for w in await self._store.watchers(lobby_id) if w.mode == "thread"]
        except StoreError:
            log.warning("table %s: its watchers could not be read", lobby_id, exc_info=True)
            return []

    async def watched(self, user_id: int, guild_id: int | None = None) -> list[TableInfo]:
        """The games a user watches that are still played."""
        try:
            numbers = await self._store.watched_games(user_id, guild_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        out = []
        for game_no in numbers:
            try:
                out.append((await self._tables.snapshot(game_no)).table)
            except TableError:
                continue  # ended meanwhile
        return out

    # -- digests --------------------------------------------------------------------------------------
    async def sweep(self, now: float | None = None) -> list[Digest]:
        """The DM digests due now, claimed by this process: send each, then `told`."""
        now = self._clock() if now is None else now
        try:
            claims = await self._store.claim_digests(now, self.digest_seconds, DIGEST_LEASE)
        except StoreError:
            log.warning("the digests due could not be claimed", exc_info=True)
            return []
        out = []
        for claim in claims:
            try:
                out.append(await self._digest(claim))
            except TableError:
                log.warning("game %s: no digest for user %s", claim.game_no, claim.watcher.user_id, exc_info=True)
        return out

    async def _digest(self, claim: DigestClaim) -> Digest:
        w = claim.watcher
        snap = await self._tables.snapshot(claim.game_no)
        new_hands = tuple((i + 1, h) for i, h in enumerate(snap.hands) if i >= w.told_hands)
        first = w.told_at == 0  # never told: watching from the lobby, or the first digest failed
        # Re-claimed: any digest sent after the last one told (or since they began watching) is an unsettled
        # claim's, however many claims in a row died since, so the look goes back that far, not to the last
        # claim. The digest told was sent before its `told_at`: the second more keeps it out of the look (whose
        # margin is a second).
        since = None if claim.previous is None else (w.told_at + 1 if w.told_at else w.since)
        plays = max(0, snap.turn - w.told_turn)
        return Digest(w.user_id, w.lobby_id, snap, plays, new_hands, first=first, since=since)

    async def told(self, digest: Digest, shown: tuple[int, int] | None = None) -> None:
        """A digest was sent (or can never be: the watcher takes no DMs): the next counts from here. `shown`:
        the (turn, hands ended) that an earlier claim's digest showed, found sent after a crash, when the game
        has moved on since: the next counts from there."""
        snap = digest.snapshot
        turn, hands = (snap.turn, len(snap.hands)) if shown is None else shown
        over = snap.over and (turn, hands) == (snap.turn, len(snap.hands))
        try:
            await self._store.digest_told(digest.lobby_id, digest.user_id, turn, hands, self._clock(), over)
        except StoreError:  # claimed still: sent again after the lease
            log.warning("game %s: the digest to %s could not be recorded", snap.table.game_no, digest.user_id)

    async def first_failed(self, digest: Digest) -> None:
        """The first digest could not be sent just now (Discord failed): it is due again at the next sweep,
        as a first one, once the game has a play to show."""
        try:
            await self._store.digest_told(digest.lobby_id, digest.user_id, 0, 0, 0.0, False)
        except StoreError:
            log.warning("table %s: the first digest to %s stays unsent", digest.lobby_id, digest.user_id, exc_info=True)

    async def dms_closed(self, digest: Digest, *, tell: bool = True) -> list[Notification]:
        """Discord refused a digest for good (the watcher's DMs are closed): they follow the table where it is
        played from now on (of a game that is over, they watch nothing more), and with `tell` they are told so
        there, once, through the outbox (the notification returned). Without `tell` (they chose DM digests
        just now and were answered that their DMs are closed) nothing more is said."""
        snap = digest.snapshot
        game_no = snap.table.game_no
        told = [outbox_entry(game_no, "watcher", snap.turn, self._clock(), digest.user_id)] if tell else []
        try:
            moved = await self._store.watcher_dms_closed(digest.lobby_id, digest.user_id, snap.over, tell=told)
        except StoreError:  # claimed still: tried again after the lease
            log.warning("game %s: watcher %s could not be moved to the thread", game_no, digest.user_id, exc_info=True)
            return []
        if not moved or not tell:
            return []
        self._outbox.add(told)
        return [WatcherDMsClosed(snap.table, digest.user_id, snap.turn, snap.over)]
