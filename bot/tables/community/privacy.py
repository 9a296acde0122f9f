"""Players' own data and the servers the bot leaves (docs/privacy.md).

`/privacy forget` is two steps, so that what is posted of a player before they are forgotten is posted with
their name and nothing drawn afterwards has it: `leave_everything` resigns their games in play (a computer
takes each seat, as a resignation does) and takes them out of the open lobbies they sit in, returning what
to tell; once that is told, `forget` removes their id and names from the store (`data.sql.privacy`) and from
the tables and lobbies this process holds, so that every board, replay and sheet drawn after it names an
anonymous player.

A server the bot was removed from: `leave_guild` ends its games in play as abandoned (unrated) and tells
each of their players once by DM, through the outbox; what is kept of the server goes `KEPT_SECONDS` after,
by `purge_left_guilds` (called by the sweep), unless the bot was added back to it meanwhile.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AsyncExitStack
from typing import Any

from data import Forgotten, StoreError, StoreInterface

from ..errors import NotAPlayer, StoreFailed, TableOver
from ..lobby.lobbies import Lobbies
from ..play.games import Games
from ..play.tables import Tables
from ..play.undos import Retelling
from ..telling.notifications import Notification
from ..telling.outbox import Outbox

log = logging.getLogger(__name__)

KEPT_SECONDS = 30 * 24 * 3600.0  # what a server leaves is kept this long: the bot may be added back
PURGE_EVERY_SECONDS = 3600.0  # how often the sweep looks for servers whose time is up


class Privacy:
    """What the bot keeps of a player, shown, exported and forgotten; and the servers it left."""

    def __init__(
        self,
        store: StoreInterface,
        clock: Callable[[], float],
        tables: Tables,
        lobbies: Lobbies,
        outbox: Outbox,
        games: Games,
        teller: Retelling,
    ) -> None:
        self._store = store
        self._clock = clock
        self._games = tables  # the games this process holds, and a player's
        self._tables = tables.held
        self._lobbies = lobbies
        self._outbox = outbox
        self._seats = games  # a player's games resigned
        self._teller = teller  # a server's games told again as they end, when the bot leaves it
        self._purged_at = 0.0

    async def data(self, user_id: int) -> dict[str, list[dict[str, Any]]]:
        """Everything stored about a player, by kind (`/privacy show` counts it, `/privacy export` sends it)."""
        try:
            return await self._store.export_user(user_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    async def leave_everything(self, user_id: int) -> list[Notification]:
        """Before forgetting: the player resigns every game they play (on every server) and leaves every open
        lobby they sit in (a host's lobby goes to the next player, or closes)."""
        out: list[Notification] = []
        for game in await self._games.user_games(user_id):
            try:
                out += await self._seats.resign(game.table.game_no, user_id)
            except (TableOver, NotAPlayer):
                continue  # ended, or resigned elsewhere, meanwhile
        for lobby in self._lobbies.seated(user_id):
            try:
                out.append(await self._lobbies.leave(lobby, user_id))
            except NotAPlayer:
                continue
        return out

    async def forget(self, user_id: int) -> Forgotten:
        """Remove the player's id and names everywhere (call `leave_everything` first and tell what it
        returned). The tables held here are read back under their locks: their seats are the anonymous
        player's from now on, and what their outbox holds is as the store rewrote it."""
        try:
            games = {g["game"] for g in (await self._store.export_user(user_id))["games"]}
            forgotten = await self._store.forget_user(user_id)
            for game_no in sorted(games):
                table = self._tables.get(game_no)
                if table is not None:
                    async with table.lock:
                        stored = await self._store.load_game(game_no)
                        if stored is not None:
                            table.refresh(stored.row)
                            table.host_id = stored.row.host_id
                if self._outbox.of(game_no):
                    self._outbox.replace_game(game_no, await self._store.outbox(game_no))
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        log.info("user %s forgotten: %s", user_id, forgotten.counts)
        return forgotten

    # -- servers left -----------------------------------------------------------------------------------
    async def leave_guild(self, guild_id: int) -> list[Notification]:
        """The bot was removed from a server: its games in play end as abandoned (unrated), with what to tell
        each of their players (a DM: the server's channels are gone), and its open lobbies close."""
        tables = sorted((t for t in self._tables.values() if t.guild_id == guild_id), key=lambda t: t.game_no)
        async with AsyncExitStack() as stack:
            for table in tables:  # in one order, so that two callers never wait on each other
                await stack.enter_async_context(table.lock)
            try:
                left = await self._store.leave_guild(guild_id, self._clock())
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
            for table in tables:
                table.status = "abandoned"
                table.changed()
                self._tables.pop(table.game_no, None)
        for info in self._lobbies.of_guild(guild_id):
            self._lobbies.close(self._lobbies.get(info.lobby_id))
        for game_no in left.games:
            self._outbox.replace_game(game_no, [e for e in left.tell if e.game_no == game_no])
        log.info("left guild %s: games %s abandoned, %s players to tell", guild_id, left.games, len(left.tell))
        out: list[Notification] = []
        for game_no in left.games:
            out += await self._teller.retell(game_no)
        return out

    async def guild_joined(self, guild_id: int) -> None:
        """The bot is on a server (again): what was kept of it since it left stays."""
        try:
            if await self._store.guild_rejoined(guild_id):
                log.info("back in guild %s: what was kept of it stays", guild_id)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    async def purge_left_guilds(self, now: float | None = None) -> list[int]:
        """Delete what is kept of the servers left `KEPT_SECONDS` ago (at most once per `PURGE_EVERY_SECONDS`:
        cheap to call every tick)."""
        now = self._clock() if now is None else now
        if now - self._purged_at < PURGE_EVERY_SECONDS:
            return []
        self._purged_at = now
        try:
            purged = await self._store.purge_left_guilds(now - KEPT_SECONDS)
        except StoreError:
            log.warning("could not purge the servers left", exc_info=True)
            return []
        if purged:
            log.info("purged what was kept of the guilds left %s", purged)
        return purged
