"""Games begun, played, left and ended (`TableService.games`): a lobby's table started (by its host, or one the
bot opened itself: a rematch's, a tournament's round), a player's move checked and played (`play`, the move of
`TableService.act`), a player leaving a game (a computer of the server's level plays their seat), and a game
abandoned.

The wings above start and resign through here, the cogs' calls too, each as a change a graceful stop
waits for (`Work`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.engine import new_game
from data import GameRow, StoreError, StoreInterface

from ..errors import (
    LobbyClosed,
    LobbyNotFound,
    MovedOn,
    NotAPlayer,
    NotHost,
    NotYourTurnAtTable,
    StaleControl,
    StoreFailed,
    WrongPlayerCount,
)
from ..lobby.lobbies import Lobbies
from ..lobby.settings import SettingsBook
from ..models import Seat
from ..seating import draw_seats, draws_for_seats, seating_json
from ..telling.notifications import GameAbandoned, LobbyChanged, Notification, SeatHandedToComputer, TableOpened
from ..telling.outbox import entry as outbox_entry
from ..work import Work
from .seeds import game_seed
from .table import Table, seat_row
from .tables import Tables
from .timers import Timers
from .turns import Batch, Turns


class Games:
    """See the module's docstring. The other wings start tables and take seats back through it too
    (`start_opened`, `withdraw`)."""

    def __init__(
        self,
        store: StoreInterface,
        clock: Callable[[], float],
        rng: random.Random,
        turns: Turns,
        tables: Tables,
        timers: Timers,
        lobbies: Lobbies,
        settings: SettingsBook,
        work: Work,
    ) -> None:
        self._store = store
        self._clock = clock
        self._rng = rng
        self._turns = turns
        self._tables = tables
        self._timers = timers
        self._lobbies = lobbies
        self._settings = settings
        self.work = work
        self._outbox = turns.outbox

    async def start(self, lobby_id: int, user_id: int) -> list[Notification]:
        """The host starts the game: seats in join order (or drawn, for partners by draw), the first
        hands dealt, and the computers play until a human is to act."""
        with self.work.change():
            return await self._start(lobby_id, user_id)

    async def _start(self, lobby_id: int, user_id: int) -> list[Notification]:
        async with self._lobbies.locked(lobby_id) as lobby:
            if user_id != lobby.host_id:
                raise NotHost(f"only the host may start lobby {lobby_id}", lobby_id=lobby_id)
            info = lobby.game
            players = len(lobby.seats)
            if players not in info.players:
                raise WrongPlayerCount(
                    f"{info.id} is played by {', '.join(map(str, info.players))} players, not {players}",
                    players=players,
                    allowed=", ".join(map(str, info.players)),
                )
            seed = game_seed(self._rng)
            seats = list(lobby.seats)
            deals: list[dict[str, Any]] | None = None
            seating = None
            resolved = lobby.info().options
            if draws_for_seats(info, players, resolved):
                order, seating = draw_seats(seats, self._rng)
                seats = [seats[i] for i in order]
                deals = [{"first_leader": 0}]
            # An option the engine refuses at Start (none is known to reach here: the lobby checks each one)
            # comes out as the engine's own refusal, with its message key and details.
            state = new_game(info.id, players, lobby.options, seed=seed, deal=deals)
            now = self._clock()
            row = GameRow(
                game_no=0,
                lobby_id=lobby_id,
                guild_id=lobby.guild_id,
                channel_id=lobby.channel_id,
                host_id=lobby.host_id,
                game_id=info.id,
                players=players,
                options=dict(state.options),
                seed=seed,
                deals=deals,
                seating=None if seating is None else seating_json(seating),
                seats=tuple(seat_row(s) for s in seats),
                status="active",
                created_at=now,
            )
            table = Table(row, state)
            # as stored, not as this process last saw it: the host may have chosen it in another one
            table.hints = await self._store.table_hints(lobby_id)
            deadline, reminder_at = await self._turns.timer(table, now)
            row = replace(row, deadline=deadline, reminder_at=reminder_at)
            opened = outbox_entry(0, "opened", 0, now)
            try:
                game_no = await self._store.create_game(row, tell=[opened])
            except StoreError as exc:
                raise StoreFailed(f"the game could not be saved: {exc}") from exc
            self._outbox.add([replace(opened, game_no=game_no)])
            table.game_no = game_no
            table.deadline, table.reminder_at = deadline, reminder_at
            lobby.status = "started"
            self._lobbies.close(lobby)
            self._tables.held[game_no] = table
            self._turns.note_due(table)
            out: list[Notification] = [
                LobbyChanged(lobby.info(game_no)),
                TableOpened(table.info(), table.view(None), state.log_length, table.seating),
            ]
        out += await self._turns.carry_on(table, dealt=True)
        return out

    async def start_opened(self, lobby_id: int, user_id: int) -> list[Notification]:
        """Start a table the bot opened itself (a rematch's, a tournament's round). Opened again by its origin
        key after a crash or by a slower process, it may have been started already: then its lobby as it is,
        with the game's number, and nothing more to tell (what the first start told, or was to tell, is in
        the game's outbox)."""
        try:
            return await self.start(lobby_id, user_id)
        except (LobbyClosed, LobbyNotFound):
            started = await self._lobbies.started(lobby_id)
            if started is None:
                raise
            return [LobbyChanged(started)]

    async def resign(self, game_no: int, user_id: int) -> list[Notification]:
        """The player leaves; a computer of the server's level plays their seat from now on (they are still
        rated for it)."""
        with self.work.change():
            return await self.withdraw(game_no, user_id)

    async def withdraw(self, game_no: int, user_id: int) -> list[Notification]:
        """`resign`, not counted as a change of its own (a tournament's withdrawn entrant leaves its table)."""
        table = await self._tables.get(game_no)
        level = await self._settings.computer_level(table.guild_id)
        async with table.lock:
            self._tables.check_live(table)
            try:
                async with self._turns.guard(table):
                    seat = table.seat_of(user_id)
                    if seat is None:
                        raise NotAPlayer(f"user {user_id} has no seat in game {game_no}", game_no=game_no)
                    old = table.seats[seat]
                    new = Seat(seat, None, old.name, computer=True, replaced_user_id=user_id, level=level)
                    turn = table.state.log_length
                    told = outbox_entry(game_no, "resigned", turn, self._clock(), user_id)
                    await self._store.set_seat(game_no, seat, seat_row(new), tell=[told])
                    table.version += 1
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
            self._outbox.add([told])
            table.seats = tuple(new if s.index == seat else s for s in table.seats)
            table.changed()
            batch = Batch()
            batch.out.append(SeatHandedToComputer(table.info(), seat, user_id, turn))
            await self._turns.play_automatic(table, batch)
            if table.status == "active" and table.deadline is not None and table.human_to_act() is None:
                await self._timers.set(table, None, None)
            return self._turns.finish(table, batch) if batch.touched else batch.out

    # -- playing and ending ----------------------------------------------------------------------------
    async def play(
        self, game_no: int, user_id: int, action: str, turn: int | None, sent_at: float | None = None
    ) -> list[Notification]:
        """A player's action (`TableService.act`, which counts it as a change and adds the game's receipt).
        `turn` is the token the control was made for: a control made for another turn is refused as stale, so
        a repeated or late click does nothing. A move typed without one (None) is for the position as it was
        when it was `sent_at` (the interaction's time): refused if the game moved on after that, never tried
        on a later turn the sender did not see."""
        table = await self._tables.get(game_no)
        async with table.lock:
            self._tables.check_live(table)

            def check() -> int:  # on the game as the database has it (another process may have moved it)
                seat = table.seat_of(user_id)
                if seat is None:
                    raise NotAPlayer(f"user {user_id} has no seat in game {game_no}", game_no=game_no)
                state = table.state
                if turn is not None and turn != state.log_length:
                    raise StaleControl(
                        f"that control was for turn {turn}; the game is at turn {state.log_length}",
                        game_no=game_no,
                        turn=turn,
                        current=state.log_length,
                    )
                if turn is None and sent_at is not None and table.acted_at > sent_at:
                    raise MovedOn(
                        f"a move typed at {sent_at} reached game {game_no} after its move at {table.acted_at}",
                        game_no=game_no,
                    )
                if seat not in state.actors:
                    current = state.current_seat
                    raise NotYourTurnAtTable(
                        f"it is seat {current}'s turn in game {game_no}",
                        game_no=game_no,
                        seat=current,
                        user_id=None if current is None else table.seats[current].user_id,
                    )
                return seat

            return await self._turns.play(table, check, action, "player")

    async def abandon(self, game_no: int, user_id: int, is_admin: bool = False) -> list[Notification]:
        """End a game without results: the host, or a server admin (the cog knows who is one)."""
        with self.work.change():
            table = await self._tables.get(game_no)
            async with table.lock:
                self._tables.check_live(table)
                if user_id != table.host_id and not is_admin:
                    raise NotHost(f"only the host or an admin may abandon game {game_no}", game_no=game_no)
                try:
                    async with self._turns.guard(table):
                        now, turn = self._clock(), table.state.log_length
                        told = outbox_entry(game_no, "abandoned", turn, now, user_id)
                        await self._store.end_game(game_no, "abandoned", now, tell=[told])
                except StoreError as exc:
                    raise StoreFailed(str(exc)) from exc
                self._outbox.add([told])
                table.status = "abandoned"
                table.changed()
                self._tables.held.pop(game_no, None)
                return [GameAbandoned(table.info(), user_id, turn)]
