"""The lobby wing as the cogs and the web shell reach it (`TableService.lobbies`): tables opened, seats
taken and left, computers and options set by the host, invitations, before the host starts the game
(`TableService.games.start`).

Each call that changes something returns its notifications in a list, as every call of the service does,
and is refused once a graceful stop has begun (`changes`). Beneath it, `Lobbies` holds the open lobbies
of the process (the other wings open, start and close them too), `SettingsBook` the servers' settings and
`Invitations` the lobby outbox.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from data import StoreError, StoreInterface

from ..errors import UndoNotAllowed
from ..models import LobbyInfo, Player
from ..telling.notifications import LobbyChanged, PlayersInvited
from ..work import Work, changes
from .invitations import Invitations
from .lobbies import Lobbies
from .settings import SettingsBook

log = logging.getLogger(__name__)


class LobbyDesk:
    """The lobbies as the cogs reach them (`TableService.lobbies`; see the module's docstring)."""

    def __init__(
        self,
        store: StoreInterface,
        lobbies: Lobbies,
        settings: SettingsBook,
        invitations: Invitations,
        work: Work,
    ) -> None:
        self._store = store
        self._lobbies = lobbies
        self._settings = settings  # a new table's defaults, and whether the server allows undo
        self._invitations = invitations
        self.work = work

    # -- what is open ---------------------------------------------------------------------------------
    def info(self, lobby_id: int) -> LobbyInfo:
        """An open lobby (LobbyNotFound, LobbyClosed)."""
        return self._lobbies.info(lobby_id)

    def of_guild(self, guild_id: int) -> list[LobbyInfo]:
        """A server's open lobbies."""
        return self._lobbies.of_guild(guild_id)

    # -- opening and inviting -------------------------------------------------------------------------
    @changes
    async def open(
        self,
        guild_id: int,
        channel_id: int,
        host: Player,
        game_id: str,
        options: Mapping[str, Any] | None = None,
        *,
        private: bool = False,
        invited: Sequence[int] = (),
        watching: bool = True,
        undo: bool = False,
    ) -> list[LobbyChanged | PlayersInvited]:
        """A lobby with the host in the first seat; options start from the server's defaults. A private one
        seats only the host and the `invited` (`PlayersInvited` tells them, once its lobby message is posted);
        `watching` False turns watchers away; `undo` lets a player take back their last action when everyone
        else agrees, where the server allows it (UndoNotAllowed)."""
        settings = await self._settings.get(guild_id)
        if undo and not settings.undo_allowed:
            raise UndoNotAllowed(f"server {guild_id} does not allow undo", guild_id=guild_id)
        defaults = settings.default_options.get(game_id, {})
        opened, told = await self._lobbies.open(
            guild_id,
            channel_id,
            host,
            game_id,
            options,
            defaults,
            private=private,
            invited=invited,
            watching=watching,
            undo=undo,
        )
        if told is None:
            return [opened]
        return [opened, self._invitations.written(told, opened.lobby)]

    @changes
    async def invite(self, lobby_id: int, user_id: int, invited: Sequence[int]) -> list[LobbyChanged | PlayersInvited]:
        """The host makes the table private (if it was not) and lets `invited` join it (saved first, as a
        lobby is: a restart keeps the invitation); `PlayersInvited` tells them, through the lobby outbox: the
        teller reports with `invitation_told`, and what it could not tell is told again later."""
        changed, told = await self._lobbies.invite(lobby_id, user_id, invited)
        if told is None:
            return [changed]
        return [changed, self._invitations.written(told, changed.lobby)]

    def invitation_to_tell(self, note: PlayersInvited) -> bool:
        """Whether an invitation is still to be told (False: told meanwhile by another telling of it)."""
        return self._invitations.to_tell(note)

    async def invitation_told(self, note: PlayersInvited, told: bool) -> None:
        """The teller's report of an invitation: told (done), or Discord failed (told again later)."""
        await self._invitations.told(note, told)

    # -- seats ----------------------------------------------------------------------------------------
    @changes
    async def join(self, lobby_id: int, player: Player) -> list[LobbyChanged]:
        """Take a seat (a private table's: if invited); a watcher who joins watches no more."""
        joined = await self._lobbies.join(lobby_id, player)
        try:  # they play it from now on; still listed as a watcher, they would only be sent its digests
            await self._store.unwatch(lobby_id, player.user_id)
        except StoreError:
            log.warning("table %s: user %s joined it and still watches it", lobby_id, player.user_id, exc_info=True)
        return [joined]

    @changes
    async def leave(self, lobby_id: int, user_id: int) -> list[LobbyChanged]:
        return [await self._lobbies.leave(lobby_id, user_id)]

    @changes
    async def add_computer(self, lobby_id: int, user_id: int, level: str | None = None) -> list[LobbyChanged]:
        """The host seats a computer of `level` (None: the server's level, `settings.computer_level`)."""
        return [await self._lobbies.add_computer(lobby_id, user_id, level)]

    @changes
    async def set_computer_level(self, lobby_id: int, user_id: int, computer: int, level: str) -> list[LobbyChanged]:
        """The host changes the level of `Computer {computer}` before the start, keeping its seat."""
        return [await self._lobbies.set_computer_level(lobby_id, user_id, computer, level)]

    @changes
    async def remove_computer(self, lobby_id: int, user_id: int) -> list[LobbyChanged]:
        return [await self._lobbies.remove_computer(lobby_id, user_id)]

    # -- the host's choices ---------------------------------------------------------------------------
    @changes
    async def set_option(self, lobby_id: int, user_id: int, option_id: str, value: Any) -> list[LobbyChanged]:
        return [await self._lobbies.set_option(lobby_id, user_id, option_id, value)]

    @changes
    async def set_hints(self, lobby_id: int, user_id: int, on: bool) -> list[LobbyChanged]:
        """The host offers hints at the table, or not: a game where one is used is unrated."""
        return [await self._lobbies.set_hints(lobby_id, user_id, on)]

    @changes
    async def cancel(self, lobby_id: int, user_id: int) -> list[LobbyChanged]:
        return [await self._lobbies.cancel(lobby_id, user_id)]

    async def set_message(self, lobby_id: int, message_id: int | None) -> None:
        """Where the lobby's message was posted (to redraw it as the lobby changes)."""
        await self._lobbies.set_message(lobby_id, message_id)
