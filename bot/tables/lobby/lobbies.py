"""Lobbies: seats in join order, options from the rules, computers and their levels, the host. Every change is
saved before memory changes, so a refused or failed call leaves the lobby as it was and a restart finds it
again."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any, Protocol

from bot.ai import LEVELS
from bot.engine import BadOptions, GameInfo, OptionSpec, game_info
from bot.engine.errors import brief
from bot.engine.options import resolve_options
from data import LobbyOutboxEntry, LobbyRow, SeatRow, StoreError, StoreInterface, TableAccessRow

from ..errors import (
    AlreadyJoined,
    AlreadySeated,
    BadOption,
    LobbyClosed,
    LobbyFull,
    LobbyNotFound,
    NotAComputer,
    NotAPlayer,
    NotHost,
    NotHostToInvite,
    NotInvited,
    StoreFailed,
    TooManyLobbies,
    UnknownLevel,
)
from ..models import SAVED_WITHOUT_LEVEL, LobbyInfo, Player, Seat
from ..telling.notifications import LobbyChanged
from ..telling.outbox import GRACE_SECONDS

log = logging.getLogger(__name__)

MAX_OPEN_LOBBIES = 3  # per host and server: a spammed /play opens no more than this


class Lobby:
    """An open lobby in memory; `options` holds only the values chosen (the rest follow the rules'
    defaults for the seat count at start)."""

    __slots__ = (
        "access",
        "channel_id",
        "created_at",
        "default_level",
        "game_id",
        "guild_id",
        "hints",
        "host_id",
        "lobby_id",
        "lock",
        "message_id",
        "options",
        "seats",
        "status",
        "undo",
    )

    def __init__(self, row: LobbyRow) -> None:
        assert row.lobby_id is not None
        self.lobby_id = row.lobby_id
        self.guild_id = row.guild_id
        self.channel_id = row.channel_id
        self.message_id = row.message_id
        self.host_id = row.host_id
        self.game_id = row.game_id
        self.options = dict(row.options)
        self.seats = _seats(row)
        self.status = row.status
        self.created_at = row.created_at
        self.lock = asyncio.Lock()
        self.default_level = SAVED_WITHOUT_LEVEL  # the server's level, as last read (`Lobbies._changed`)
        self.access: TableAccessRow | None = None  # who may join and watch (None: anyone)
        self.undo = False  # opened with undo by agreement
        self.hints = False  # hints offered (the host's choice)

    @property
    def game(self) -> GameInfo:
        return game_info(self.game_id)

    def row(self, **changes: Any) -> LobbyRow:
        """The lobby as it would be saved with `changes` (seats as a list of Seat)."""
        values: dict[str, Any] = {
            "host_id": self.host_id,
            "options": self.options,
            "seats": self.seats,
            "status": self.status,
            "message_id": self.message_id,
        }
        values.update(changes)
        return LobbyRow(
            lobby_id=self.lobby_id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            host_id=values["host_id"],
            game_id=self.game_id,
            options=values["options"],
            seats=tuple(SeatRow(s.user_id, s.name, s.computer, level=s.level) for s in values["seats"]),
            status=values["status"],
            created_at=self.created_at,
            message_id=values["message_id"],
        )

    def apply(self, row: LobbyRow) -> None:
        self.host_id = row.host_id
        self.options = dict(row.options)
        self.seats = _seats(row)
        self.status = row.status
        self.message_id = row.message_id

    def info(self, game_no: int | None = None) -> LobbyInfo:
        allowed = self.game.players
        count = len(self.seats)
        shown = count if count in allowed else min((p for p in allowed if p >= count), default=max(allowed))
        return LobbyInfo(
            lobby_id=self.lobby_id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            message_id=self.message_id,
            host_id=self.host_id,
            game_id=self.game_id,
            options=resolve_options(self.game_id, self.game.options, shown, self.options),
            seats=tuple(self.seats),
            allowed_players=allowed,
            status=self.status,
            game_no=game_no,
            default_level=self.default_level,
            private=self.access is not None and self.access.private,
            invited=() if self.access is None else self.access.invited,
            watching=self.access is None or self.access.watching,
            undo=self.undo,
            hints=self.hints,
        )

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)


def _seats(row: LobbyRow) -> list[Seat]:
    return [Seat(i, s.user_id, s.name, s.computer, level=s.level) for i, s in enumerate(row.seats)]


def check_level(level: object) -> str:
    """A computer level as given, or UnknownLevel."""
    if not isinstance(level, str) or level not in LEVELS:
        raise UnknownLevel(f"{brief(level)} is not a computer level", level=brief(level), levels=", ".join(LEVELS))
    return level


def option_spec(info: GameInfo, option_id: str) -> OptionSpec:
    spec = next((o for o in info.options if o.id == option_id), None)
    if spec is None:
        raise BadOption(f"{info.id} has no option {option_id!r}", option=option_id, value=None, allowed="")
    return spec


def check_option(info: GameInfo, option_id: str, value: Any) -> Any:
    """The value normalised as the rules write it, or BadOption."""
    spec = option_spec(info, option_id)
    try:
        return spec.check(value, info.id)
    except BadOptions as exc:
        allowed = ", ".join(map(str, spec.choices)) if spec.choices else spec.range_text
        # the value comes back to the player: the engine's own (the one item refused, cut short), else a short form
        listed = ", ".join(brief(v) for v in value[:10]) if isinstance(value, list | tuple) else value
        shown = exc.params.get("value", brief(listed))
        refusal = BadOption(str(exc), option=option_id, value=shown, allowed=allowed)
        if exc.key == "option_needs_one_of":  # not a value refused but a set lacking one: say which it needs
            refusal.key = exc.key
            refusal.params.update(exc.params)
        raise refusal from None


class Levels(Protocol):
    """Where a server's level of computers added without one comes from (the settings, `SettingsBook`)."""

    async def computer_level(self, guild_id: int) -> str: ...


class Lobbies:
    """The open lobbies of the process. `levels` gives a server's level of computers added without one (its
    `/settings` level, else the bot's)."""

    def __init__(self, store: StoreInterface, clock: Callable[[], float], levels: Levels) -> None:
        self._store = store
        self._clock = clock
        self._levels = levels
        self._open: dict[int, Lobby] = {}

    async def load(self) -> None:
        self._open = {row.lobby_id: Lobby(row) for row in await self._store.open_lobbies() if row.lobby_id}
        for lobby in self._open.values():
            lobby.default_level = await self._levels.computer_level(lobby.guild_id)
            lobby.access = await self._store.table_access(lobby.lobby_id)
            lobby.undo = await self._store.table_undo(lobby.lobby_id)
            lobby.hints = await self._store.table_hints(lobby.lobby_id)

    def get(self, lobby_id: int) -> Lobby:
        lobby = self._open.get(lobby_id)
        if lobby is None:
            raise LobbyNotFound(f"no open lobby {lobby_id}", lobby_id=lobby_id)
        return lobby

    def seated(self, user_id: int) -> list[int]:
        """The open lobbies held here where `user_id` has a seat."""
        return [k for k, lobby in self._open.items() if lobby.seat_of(user_id) is not None]

    def info(self, lobby_id: int) -> LobbyInfo:
        return self.get(lobby_id).info()

    def of_guild(self, guild_id: int) -> list[LobbyInfo]:
        return [lobby.info() for lobby in self._open.values() if lobby.guild_id == guild_id]

    @asynccontextmanager
    async def locked(self, lobby_id: int) -> AsyncIterator[Lobby]:
        """The lobby under its lock, still open. Where processes share the store, the lock is also the
        lobby's row lock in the database, and the lobby is as committed there (another process may have
        seated someone, started or cancelled it): joins and a start racing from two processes take turns."""
        if not self._store.shared:
            lobby = self.get(lobby_id)
            async with lobby.lock:
                if lobby.status != "open" or self._open.get(lobby_id) is not lobby:
                    raise LobbyClosed(f"lobby {lobby_id} is closed", lobby_id=lobby_id)
                yield lobby
            return
        # This process's calls take turns in the order they came (the in-memory lock first, as on SQLite),
        # then the lobby's row lock orders them against the other processes'.
        known = self._open.get(lobby_id)  # a lobby closed while we waited is "closed", a gone one "not found"
        async with known.lock if known is not None else contextlib.nullcontext():
            try:
                async with self._store.locked_lobby(lobby_id) as row:
                    held = self._open.get(lobby_id) or known
                    if row is None or (row.status != "open" and held is None):
                        raise LobbyNotFound(f"no open lobby {lobby_id}", lobby_id=lobby_id)
                    if row.status != "open":
                        assert held is not None
                        self.close(held)
                        raise LobbyClosed(f"lobby {lobby_id} is closed", lobby_id=lobby_id)
                    if held is None:
                        held = Lobby(row)
                    else:
                        held.apply(row)
                    self._open[lobby_id] = held
                    yield held
            except StoreError as exc:
                raise StoreFailed(f"lobby {lobby_id} could not be saved: {exc}") from exc

    def close(self, lobby: Lobby) -> None:
        self._open.pop(lobby.lobby_id, None)

    async def _save(self, lobby: Lobby, row: LobbyRow) -> LobbyChanged:
        try:
            await self._store.save_lobby(row)
        except StoreError as exc:
            raise StoreFailed(f"lobby {lobby.lobby_id} could not be saved: {exc}") from exc
        lobby.apply(row)
        if lobby.status != "open":
            self.close(lobby)
        return await self._changed(lobby)

    async def _changed(self, lobby: Lobby) -> LobbyChanged:
        # The level the Add computer control offers first follows the server's setting as it is now.
        lobby.default_level = await self._levels.computer_level(lobby.guild_id)
        return LobbyChanged(lobby.info())

    # -- the calls ------------------------------------------------------------------------------------
    async def open(
        self,
        guild_id: int,
        channel_id: int,
        host: Player,
        game_id: str,
        options: Mapping[str, Any] | None,
        defaults: Mapping[str, Any],
        private: bool = False,
        invited: Sequence[int] = (),
        watching: bool = True,
        undo: bool = False,
    ) -> tuple[LobbyChanged, LobbyOutboxEntry | None]:
        """A lobby with the host in the first seat. A private one seats only the host and whom they invite;
        `watching` False turns watchers away (both are saved before anyone sees the lobby). Those invited are
        saved with the lobby outbox entry that tells them (returned: None if nobody was invited)."""
        try:
            info = game_info(game_id)
        except BadOptions as exc:
            raise BadOption(str(exc), option="game", value=game_id, allowed="") from None
        hosted = sum(1 for lobby in self._open.values() if lobby.guild_id == guild_id and lobby.host_id == host.user_id)
        if hosted >= MAX_OPEN_LOBBIES:
            raise TooManyLobbies(
                f"user {host.user_id} already hosts {hosted} open lobbies on server {guild_id}", count=MAX_OPEN_LOBBIES
            )
        chosen: dict[str, Any] = {}
        for option_id, value in defaults.items():
            try:
                chosen[option_id] = check_option(info, option_id, value)
            except BadOption:
                continue  # a server default the rules no longer allow falls back to the rules' default
        for option_id, value in (options or {}).items():
            chosen[option_id] = check_option(info, option_id, value)
        row = LobbyRow(
            lobby_id=None,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host.user_id,
            game_id=game_id,
            options=chosen,
            seats=(SeatRow(host.user_id, host.name),),
            status="open",
            created_at=self._clock(),
        )
        try:
            lobby_id = await self._store.create_lobby(row)
        except StoreError as exc:
            raise StoreFailed(f"the lobby could not be saved: {exc}") from exc
        lobby = Lobby(replace(row, lobby_id=lobby_id))
        told: LobbyOutboxEntry | None = None
        if private or not watching:
            to_tell = tuple(dict.fromkeys(u for u in invited if u != host.user_id))
            access = TableAccessRow(lobby_id, private, tuple(sorted(to_tell)), watching)
            try:
                if private and to_tell:
                    told = await self._store.invite_to_table(
                        access, invitation(lobby_id, host.user_id, to_tell, self._clock())
                    )
                else:
                    await self._store.set_table_access(access)
            except StoreError as exc:  # never a private table that anyone may join: it is not opened
                with contextlib.suppress(StoreError):
                    await self._store.save_lobby(lobby.row(status="cancelled"))
                raise StoreFailed(f"the lobby could not be saved: {exc}") from exc
            lobby.access = access
        if undo:
            try:
                await self._store.set_table_undo(lobby_id, True, self._clock())
            except StoreError as exc:
                with contextlib.suppress(StoreError):
                    await self._store.save_lobby(lobby.row(status="cancelled"))
                raise StoreFailed(f"the lobby could not be saved: {exc}") from exc
            lobby.undo = True
        self._open[lobby_id] = lobby
        return await self._changed(lobby), told

    async def invite(
        self, lobby_id: int, user_id: int, invited: Sequence[int]
    ) -> tuple[LobbyChanged, LobbyOutboxEntry | None]:
        """The host of a private table invites more players (they may join it from now on); inviting someone
        seated (the host too) is refused (AlreadySeated), and one invited already is invited again. They are
        saved with the lobby outbox entry that tells them (returned: None if nobody but the host was picked)."""
        async with self.locked(lobby_id) as lobby:
            if user_id != lobby.host_id:
                raise NotHostToInvite(f"only the host may invite to lobby {lobby_id}", lobby_id=lobby_id)
            seated = [seat for seat in lobby.seats if seat.user_id is not None and seat.user_id in invited]
            if seated:
                names = ", ".join(seat.name or str(seat.user_id) for seat in seated)
                raise AlreadySeated(f"already seated at lobby {lobby_id}: {names}", players=names)
            access = await self._access(lobby)
            if access is None or not access.private:
                access = TableAccessRow(lobby_id, True, (), True if access is None else access.watching)
            to_tell = tuple(dict.fromkeys(u for u in invited if u != lobby.host_id))
            access = replace(access, private=True, invited=tuple(sorted(set(access.invited) | set(to_tell))))
            told: LobbyOutboxEntry | None = None
            try:
                if to_tell:
                    told = await self._store.invite_to_table(
                        access, invitation(lobby_id, user_id, to_tell, self._clock())
                    )
                else:
                    await self._store.set_table_access(access)
            except StoreError as exc:
                raise StoreFailed(f"lobby {lobby_id} could not be saved: {exc}") from exc
            lobby.access = access
            return await self._changed(lobby), told

    async def _access(self, lobby: Lobby) -> TableAccessRow | None:
        """Who may join and watch: as committed, where another process may have invited someone."""
        if self._store.shared:
            try:
                lobby.access = await self._store.table_access(lobby.lobby_id)
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
        return lobby.access

    async def open_seated(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        game_id: str,
        options: Mapping[str, Any],
        seats: Sequence[SeatRow],
        origin: str | None = None,
        hints: bool = False,
    ) -> LobbyChanged:
        """A lobby with its seats taken already (a rematch: the players and computers of a game), with the
        options of that game that the rules still allow (the others follow the rules' defaults). `origin`
        names where a table the bot opens itself comes from (`tournament:3:2:1`, `rematch:41`): a table
        opened with that key before (a crash, or a slower process, between making it and noting its number)
        is given back as it is, open or started (its `game_no` set), and no second one is made. `hints`: the
        table offers hints, as the game it follows did."""
        info = game_info(game_id)
        chosen: dict[str, Any] = {}
        for option_id, value in options.items():
            with contextlib.suppress(BadOption):
                chosen[option_id] = check_option(info, option_id, value)
        row = LobbyRow(
            None, guild_id, channel_id, host_id, game_id, chosen, tuple(seats), "open", self._clock(), origin=origin
        )
        try:
            if origin is None:
                row = replace(row, lobby_id=await self._store.create_lobby(row))
            else:
                row, made = await self._store.create_lobby_once(row)
                if not made:
                    return await self._opened_before(row)
        except StoreError as exc:
            raise StoreFailed(f"the lobby could not be saved: {exc}") from exc
        lobby = Lobby(row)
        if hints:  # a table left without (a failed write) is the host's to turn them on again in its Rules
            try:
                await self._store.set_table_hints(lobby.lobby_id, True, self._clock())
                lobby.hints = True
            except StoreError:
                log.warning("lobby %s: its hints could not be saved", lobby.lobby_id, exc_info=True)
        self._open[lobby.lobby_id] = lobby
        return await self._changed(lobby)

    async def _opened_before(self, row: LobbyRow) -> LobbyChanged:
        """The table an origin key opened before: as this process holds it while it is open, else as it was
        read. That read may be stale already (it was started meanwhile), so it is never taken back into memory:
        a start finds what became of it under the lobby's lock (`Games.start_opened`)."""
        assert row.lobby_id is not None
        held = self._open.get(row.lobby_id)
        lobby = held if held is not None else Lobby(row)
        lobby.default_level = await self._levels.computer_level(lobby.guild_id)
        return LobbyChanged(lobby.info(None if held is not None else row.game_no))

    async def stored(self, lobby_id: int) -> LobbyInfo | None:
        """A lobby as it is now, open (as this process holds it) or not (as stored; started: with its game's
        number); None if there is none."""
        if lobby_id in self._open and not self._store.shared:
            return self._open[lobby_id].info()
        try:
            async with self._store.locked_lobby(lobby_id) as row:
                pass
            if row is None:
                return None
            lobby = Lobby(row)
            lobby.default_level = await self._levels.computer_level(lobby.guild_id)
            lobby.access = await self._store.table_access(lobby_id)
            lobby.undo = await self._store.table_undo(lobby_id)
            lobby.hints = await self._store.table_hints(lobby_id)
        except StoreError as exc:
            raise StoreFailed(f"lobby {lobby_id} could not be read: {exc}") from exc
        return lobby.info(row.game_no)

    async def started(self, lobby_id: int) -> LobbyInfo | None:
        """A lobby as stored if it was started (with its game's number), else None."""
        try:
            async with self._store.locked_lobby(lobby_id) as row:
                pass
        except StoreError as exc:
            raise StoreFailed(f"lobby {lobby_id} could not be read: {exc}") from exc
        if row is None or row.status != "started" or row.game_no is None:
            return None
        return Lobby(row).info(row.game_no)

    async def join(self, lobby_id: int, player: Player) -> LobbyChanged:
        async with self.locked(lobby_id) as lobby:
            if lobby.seat_of(player.user_id) is not None:
                raise AlreadyJoined(f"{player.name} is already in lobby {lobby_id}", lobby_id=lobby_id)
            access = await self._access(lobby)
            if access is not None and access.private and player.user_id not in access.invited:
                raise NotInvited(f"user {player.user_id} is not invited to lobby {lobby_id}", lobby_id=lobby_id)
            _check_room(lobby)
            seats = [*lobby.seats, Seat(len(lobby.seats), player.user_id, player.name)]
            return await self._save(lobby, lobby.row(seats=seats))

    async def leave(self, lobby_id: int, user_id: int) -> LobbyChanged:
        """Leave; a leaving host hands the lobby to the next human, and a lobby without humans closes."""
        async with self.locked(lobby_id) as lobby:
            if lobby.seat_of(user_id) is None:
                raise NotAPlayer(f"user {user_id} is not in lobby {lobby_id}", lobby_id=lobby_id)
            seats = [s for s in lobby.seats if s.user_id != user_id]
            humans = [s.user_id for s in seats if s.user_id is not None]
            host = lobby.host_id
            if host == user_id and humans:
                host = humans[0]
            status = lobby.status if humans else "cancelled"
            return await self._save(lobby, lobby.row(seats=seats, host_id=host, status=status))

    async def add_computer(self, lobby_id: int, user_id: int, level: str | None = None) -> LobbyChanged:
        """A computer in the next seat, of `level` (None: the server's default level)."""
        async with self.locked(lobby_id) as lobby:
            _check_host(lobby, user_id)
            _check_room(lobby)
            level = check_level(await self._levels.computer_level(lobby.guild_id) if level is None else level)
            seats = [*lobby.seats, Seat(len(lobby.seats), None, None, computer=True, level=level)]
            return await self._save(lobby, lobby.row(seats=seats))

    async def set_computer_level(self, lobby_id: int, user_id: int, computer: int, level: str) -> LobbyChanged:
        """Change the level of `Computer {computer}` (the lobby numbers its computers 1, 2, ... in seat order)
        in place: its seat, and so its partner, stay as they are."""
        async with self.locked(lobby_id) as lobby:
            _check_host(lobby, user_id)
            level = check_level(level)
            computers = [s for s in lobby.seats if s.computer]
            if not isinstance(computer, int) or not 1 <= computer <= len(computers):
                raise NotAComputer(f"lobby {lobby_id} has no computer {brief(computer)}", computer=brief(computer))
            seat = computers[computer - 1]
            seats = [replace(s, level=level) if s is seat else s for s in lobby.seats]
            return await self._save(lobby, lobby.row(seats=seats))

    async def remove_computer(self, lobby_id: int, user_id: int) -> LobbyChanged:
        """Take away the last computer seated."""
        async with self.locked(lobby_id) as lobby:
            _check_host(lobby, user_id)
            last = max((i for i, s in enumerate(lobby.seats) if s.computer), default=None)
            if last is None:
                raise NotAPlayer(f"lobby {lobby_id} has no computer player", lobby_id=lobby_id)
            seats = lobby.seats[:last] + lobby.seats[last + 1 :]
            return await self._save(lobby, lobby.row(seats=seats))

    async def set_option(self, lobby_id: int, user_id: int, option_id: str, value: Any) -> LobbyChanged:
        """Set an option (None: back to the rules' default)."""
        async with self.locked(lobby_id) as lobby:
            _check_host(lobby, user_id)
            options = dict(lobby.options)
            if value is None:
                option_spec(lobby.game, option_id)
                options.pop(option_id, None)
            else:
                options[option_id] = check_option(lobby.game, option_id, value)
            return await self._save(lobby, lobby.row(options=options))

    async def set_hints(self, lobby_id: int, user_id: int, on: bool) -> LobbyChanged:
        """The host offers hints at the table, or not (off by default): saved with the lobby, read at Start."""
        async with self.locked(lobby_id) as lobby:
            _check_host(lobby, user_id)
            try:
                await self._store.set_table_hints(lobby_id, on, self._clock())
            except StoreError as exc:
                raise StoreFailed(f"lobby {lobby_id} could not be saved: {exc}") from exc
            lobby.hints = on
            return await self._changed(lobby)

    async def cancel(self, lobby_id: int, user_id: int) -> LobbyChanged:
        async with self.locked(lobby_id) as lobby:
            _check_host(lobby, user_id)
            return await self._save(lobby, lobby.row(status="cancelled"))

    async def set_message(self, lobby_id: int, message_id: int | None) -> None:
        async with self.locked(lobby_id) as lobby:
            row = lobby.row(message_id=message_id)
            try:
                await self._store.save_lobby(row)
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
            lobby.apply(row)


def invitation(lobby_id: int, by_user_id: int, invited: tuple[int, ...], now: float) -> LobbyOutboxEntry:
    """The lobby outbox entry of an invitation (the store numbers it), its writer given `GRACE_SECONDS` to tell
    it before a sweep takes it over (see `invitations.py`)."""
    return LobbyOutboxEntry(lobby_id, "invited", 0, by_user_id, invited, now, now + GRACE_SECONDS)


def _check_host(lobby: Lobby, user_id: int) -> None:
    if user_id != lobby.host_id:
        raise NotHost(f"only the host may do this in lobby {lobby.lobby_id}", lobby_id=lobby.lobby_id)


def _check_room(lobby: Lobby) -> None:
    most = max(lobby.game.players)
    if len(lobby.seats) >= most:
        raise LobbyFull(f"lobby {lobby.lobby_id} is full ({most} players)", lobby_id=lobby.lobby_id, players=most)
