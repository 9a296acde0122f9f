"""The games this process holds: each active game loaded from the store at its first use (one lock a game
being loaded), caught up with what other processes did before it is read, and read as everyone sees it, or
as a player's list of games shows it.

What the wings above need of a game comes from here (a watcher's digest, a hint, a player's games when
they leave), not from the facade handing its own methods down.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.engine import EngineError, HandResult, View
from bot.engine.records import record_of
from data import StoredGame, StoreError, StoreInterface

from ..errors import GameNotFound, NotAPlayer, StoreFailed, TableOver
from ..models import GameSummary, TableInfo
from ..telling.notifications import HandChanged
from .table import Table, replay
from .turns import Turns

log = logging.getLogger(__name__)

_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A game as everyone may see it: its table, the public view, how far it is (turn, hands ended)."""

    table: TableInfo
    view: View
    turn: int
    hands: tuple[HandResult, ...]
    scores: tuple[int, ...]
    over: bool


class Tables:
    """The active games of the process (`Turns.tables`), loaded on first use; as the cogs reach them
    (`TableService.tables`): their tables, views, lists and records."""

    def __init__(self, store: StoreInterface, turns: Turns) -> None:
        self._store = store
        self._turns = turns
        self.held = turns.tables
        # One lock a game being loaded, not one for all: a process that starts with none in memory loads each
        # game at its first click or timer, and behind one lock every other game's (a dead process's timers
        # too) waited for them all (#23).
        self._loading: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @staticmethod
    def build(stored: StoredGame) -> Table | None:
        """A stored game rebuilt by replaying its log (None, logged, if it does not replay)."""
        try:
            state = replay(stored.row, stored.actions)
        except EngineError:
            log.exception("game %s does not replay; left out", stored.row.game_no)
            return None
        return Table(stored.row, state).loaded(stored)

    async def get(self, game_no: int) -> Table:
        """An active game, loaded from the store if this process does not hold it yet."""
        table = self.held.get(game_no)
        if table is not None:
            return table
        loading = self._loading.get(game_no)
        if loading is None:
            loading = self._loading[game_no] = asyncio.Lock()
        async with loading:
            table = self.held.get(game_no)
            if table is not None:
                return table
            stored = await self._store.load_game(game_no)
            if stored is None:
                raise GameNotFound(f"no game {game_no}", game_no=game_no)
            if stored.row.status != "active":
                raise TableOver(f"game {game_no} is over", game_no=game_no)
            table = self.build(stored)
            if table is None:
                raise GameNotFound(f"game {game_no} cannot be rebuilt", game_no=game_no)
            table.hints = table.lobby_id is not None and await self._store.table_hints(table.lobby_id)
            self.held[game_no] = table
            self._turns.note_due(table)
            if self._turns.automatic_pending(table):
                self._turns.stalled.add(game_no)
            return table

    async def fresh(self, table: Table) -> None:
        """Under the table's lock, where other processes may write the game: caught up with them (one
        read when nothing changed, the game's lock only to catch up)."""
        if not self._store.shared:
            return
        try:
            version = await self._store.game_version(table.game_no)
            if version != table.version:
                async with self._turns.guard(table):
                    pass
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    def check_live(self, table: Table) -> None:
        """Under the lock: the game may have ended while we waited for it."""
        if table.status != "active" or self.held.get(table.game_no) is not table:
            raise TableOver(f"game {table.game_no} is over", game_no=table.game_no)

    # -- reading games ---------------------------------------------------------------------------------
    def in_play(self) -> list[str]:
        """The game id of every game this process holds in play (one entry per game), for the metrics."""
        return [t.game_id for t in self.held.values()]

    async def info(self, game_no: int) -> TableInfo:
        """An active game's table (GameNotFound, TableOver)."""
        return (await self.get(game_no)).info()

    async def public_view(self, game_no: int) -> View:
        """What everyone may see (`view(None)`)."""
        table = await self.get(game_no)
        async with table.lock:  # never a state whose last action is not saved yet
            await self.fresh(table)
            return table.view(None)

    async def private_view(self, game_no: int, user_id: int) -> HandChanged:
        """A player's own view of the game (their hand and, on their turn, their legal actions)."""
        table = await self.get(game_no)
        async with table.lock:
            await self.fresh(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotAPlayer(f"user {user_id} has no seat in game {game_no}", game_no=game_no)
            state = table.state
            return HandChanged(
                table.info(),
                user_id,
                seat,
                state.view(seat),
                seat in table.candidates(),
                state.log_length,
                table.deadline,
            )

    async def export(self, game_no: int) -> dict[str, Any]:
        """The game's record (docs/records.md), active or ended: `python -m bot.engine replay` replays it."""
        table = self.held.get(game_no)
        if table is not None:
            async with table.lock:
                return record_of(table.state, table.deals)
        stored = await self._store.load_game(game_no)
        if stored is None:
            raise GameNotFound(f"no game {game_no}", game_no=game_no)
        return record_of(replay(stored.row, stored.actions), stored.row.deals)

    async def snapshot(self, game_no: int) -> Snapshot:
        """A game as everyone sees it, being played or ended (a watcher's digest, the games they watch)."""
        table = self.held.get(game_no)
        if table is None:
            stored = await self._store.load_game(game_no)
            if stored is None:
                raise GameNotFound(f"no game {game_no}", game_no=game_no)
            if stored.row.status == "active":
                table = await self.get(game_no)
            else:
                state = replay(stored.row, stored.actions)
                info = Table(stored.row, state).info()
                return Snapshot(info, state.view(None), state.log_length, tuple(state.hands), tuple(state.scores), True)
        async with table.lock:
            await self.fresh(table)
            state = table.state
            over = table.status != "active"
            return Snapshot(
                table.info(), table.view(None), state.log_length, tuple(state.hands), tuple(state.scores), over
            )

    async def user_games(self, user_id: int, guild_id: int | None = None) -> list[GameSummary]:
        """A user's active games (all servers, or one), as `/games` lists them. Where other processes share the
        store, the store says which (a game another process started is not in this one's memory), each
        caught up with them; else this process holds every active game."""
        if self._store.shared:
            return await self._shared_games_of(user_id, guild_id)
        return self.games_of(user_id, guild_id)

    def games_of(self, user_id: int, guild_id: int | None = None) -> list[GameSummary]:
        """A user's active games held by this process (all of them on SQLite; see `user_games`)."""
        out = []
        for table in self.held.values():
            if guild_id is not None and table.guild_id != guild_id:
                continue
            seat = table.seat_of(user_id)
            if seat is not None:
                turn = table.state.log_length
                out.append(GameSummary(table.info(), seat, seat in table.candidates(), turn, table.deadline))
        return out

    async def channel_games(self, guild_id: int, channel_id: int) -> list[TableInfo]:
        """The active games of a server played in a channel or in a thread of it, for anyone (the web table's
        Activity, launched in a channel, leads to its game): on a shared store every one the store has,
        whichever process holds it (a browser may reach any process), caught up with what the others did."""
        if not self._store.shared:
            return [
                t.info()
                for t in self.held.values()
                if t.guild_id == guild_id and t.status == "active" and channel_id in (t.channel_id, t.thread_id)
            ]
        return await self._read_listed(self._store.active_games_in(guild_id, channel_id), Table.info)

    async def _shared_games_of(self, user_id: int, guild_id: int | None) -> list[GameSummary]:
        def summary(table: Table) -> GameSummary | None:
            seat = table.seat_of(user_id)
            if seat is None:  # (they may have resigned in another process meanwhile)
                return None
            return GameSummary(table.info(), seat, seat in table.candidates(), table.state.log_length, table.deadline)

        return await self._read_listed(self._store.active_games_of(user_id, guild_id), summary)

    async def _read_listed(self, listed: Awaitable[list[int]], read: Callable[[Table], _T | None]) -> list[_T]:
        """`read` of each game the store `listed`, under its lock and caught up with what other processes did;
        games that ended or cannot be rebuilt since they were listed are left out, as are those `read` skips."""
        try:
            numbers = await listed
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        out = []
        for game_no in numbers:
            try:
                table = await self.get(game_no)
                async with table.lock:
                    await self.fresh(table)
                    self.check_live(table)
                    value = read(table)
            except (TableOver, GameNotFound):
                continue  # ended, or cannot be rebuilt, meanwhile
            if value is not None:
                out.append(value)
        return out

    # -- where a table lives ---------------------------------------------------------------------------
    async def set_channel(self, game_no: int, channel_id: int, thread_id: int | None) -> TableInfo:
        """The channel (and thread) the game's board is posted in."""
        table = await self.get(game_no)
        async with table.lock:
            self.check_live(table)
            try:
                async with self._turns.guard(table):
                    await self._store.set_table(game_no, channel_id, thread_id)
                    table.version += 1
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
            table.channel_id, table.thread_id = channel_id, thread_id
            table.changed()
            return table.info()
