"""The table service: lobbies, games, turns, computer players, timers, results and ratings.

Every call that changes something returns notifications (`bot.tables.telling.notifications`) in the order things
happened; refusals raise a `TableError` and change nothing. The action log is the game: an action is
applied to the in-memory state (all-or-nothing in the engine), appended to the log in one transaction,
and only then announced; if the write fails the game is rebuilt from the store, so memory never runs
ahead of the log. Computer turns, automatic draws/passes and timed-out turns take the same path.
"""

from __future__ import annotations

import gc
import logging
import random
import time
from collections.abc import Callable, Coroutine, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from bot.engine import View, game_info
from bot.engine.records import record_of
from data import HandMessage, StoreError, StoreInterface

from .community.privacy import Privacy
from .community.rematches import Rematches
from .community.tournaments import Tournaments
from .community.watchers import Watchers
from .errors import (
    GameNotFound,
    GameNotOver,
    MovedOn,
    NotAPlayer,
    NotHost,
    NotYourTurnAtTable,
    StaleControl,
    StoreFailed,
    TableError,
    WrongPlayerCount,
)
from .lobby.invitations import Invitations
from .lobby.lobbies import Lobbies
from .lobby.settings import UNSET, SettingsBook
from .models import (
    GameHistory,
    GameSummary,
    LeaderboardEntry,
    LobbyInfo,
    Player,
    PlayerRecord,
    ServerSettings,
    TableInfo,
)
from .play.analyses import Analyses, PlayerAnalysis
from .play.games import Games
from .play.hints import HintGiven, Hints
from .play.replays import GameReplay, Replays
from .play.table import Table, replay
from .play.tables import Snapshot, Tables
from .play.thinking import Thinking
from .play.timers import Timers
from .play.turns import Turns
from .play.undos import UndoNotAllowed, Undos
from .play.work import Work
from .standings.profiles import Profile, profile
from .standings.ratings import (
    pool_game,
    ranked_by_final_score,
    rated_per_player_count,
    rating_pool,
    shared_places,
    side_results,
)
from .standings.seasons import Seasons, is_season_pool, season_pool
from .telling.notifications import (
    GameAbandoned,
    HandChanged,
    LobbyChanged,
    Notification,
    PlayersInvited,
)
from .telling.outbox import Key
from .telling.outbox import entry as outbox_entry
from .telling.receipt import Notifications, Receipt
from .telling.teller import Teller
from .telling.teller import parts as told_parts

log = logging.getLogger(__name__)

UNDO_SWEEP_SECONDS = 60.0  # how often requests to take back an action are looked for past their deadline
LEASE_SECONDS = 120.0  # an entry taken to be told again is not taken again before this

_P = ParamSpec("_P")
_R = TypeVar("_R")
_T = TypeVar("_T")


def _work(
    method: Callable[Concatenate[TableService, _P], Coroutine[Any, Any, _R]],
) -> Callable[Concatenate[TableService, _P], Coroutine[Any, Any, _R]]:
    """A call that changes something: refused (`Restarting`) once the service is stopping, and counted while
    it runs, so that a graceful stop waits for the calls in flight (see `TableService.stop_taking`)."""

    @wraps(method)
    async def run(self: TableService, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with self._work.change():
            return await method(self, *args, **kwargs)

    return run


class TableService:
    """See docs/tables.md. `clock` gives Unix seconds (tests pass a fake one); `rng` draws game seeds and
    seats (a seeded one makes whole games reproducible)."""

    def __init__(
        self,
        store: StoreInterface,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
        thinking: Thinking | None = None,
    ) -> None:
        self._store = store
        self._clock = clock
        self._rng = rng or random.SystemRandom()
        self._lobbies = Lobbies(store, clock, self.computer_level)
        self._settings = SettingsBook(store)
        self._turns = Turns(store, clock, self._settings)
        if thinking is not None:  # else computers think in place (tests, scripts)
            self._turns.thinking = thinking
        self._games = Tables(store, self._turns)  # the games this process holds, loaded on first use
        self._timers = Timers(self._turns, self._games)
        self._tables = self._turns.tables
        self._outbox = self._turns.outbox
        self._replays = Replays(store)
        self._analyses = Analyses(store, clock)
        self._hints = Hints(store, clock, self._games)  # the search's move for a learner, on their turn
        self.seasons = Seasons(store, clock)  # a server's seasons: started, ended, their champions
        # a game played again (told through its outbox)
        self._work = Work()  # the changes in flight, which a graceful stop waits for
        # games begun and seats left, for the facade and the wings above it
        self._starts = Games(
            store, clock, self._rng, self._turns, self._games, self._timers, self._lobbies, self._settings, self._work
        )
        self.rematches = Rematches(store, clock, self._lobbies, self._starts, self._outbox)
        # rounds of tables, to a winner
        self.tournaments = Tournaments(store, clock, self._lobbies, self._starts)
        self.watchers = Watchers(store, clock, self._lobbies, self._games, self._outbox)  # spectators, digests
        self._undos = Undos(store, clock, self._turns)  # takings back by agreement
        self._invitations = Invitations(store, clock, self._lobbies, LEASE_SECONDS)  # told through the lobby outbox
        # the outbox's protocol with the announcer: receipts, what was told, what is told again
        self._teller = Teller(store, clock, self._turns, self._settings, self.rematches, self._invitations)
        # players' own data, and the servers left
        self.privacy = Privacy(
            store, clock, self._games, self._lobbies, self._outbox, self._starts, self._teller.retell
        )

    # -- operating: what the metrics read, and a graceful stop ----------------------------------------
    @property
    def stopping(self) -> bool:
        """A graceful stop has begun: changes are refused (`_work`)."""
        return self._work.stopping

    def games_in_play(self) -> list[str]:
        """The game id of every game this process holds in play (one entry per game)."""
        return [t.game_id for t in self._tables.values()]

    def outbox_stats(self) -> tuple[int, float | None]:
        """Entries still to be told of this process's games, and when the oldest was written."""
        return self._outbox.stats()

    def stop_taking(self) -> None:
        """Refuse every new change from now on (`Restarting`, told to the player in their language); the
        calls already in flight go on to their end (`quiesce`)."""
        self._work.stopping = True

    async def quiesce(self, timeout: float) -> bool:
        """After `stop_taking`: wait for the calls in flight (a computer thinking inside one too) for at most
        `timeout` seconds; whether they all ended. One cut short by the caller's stop loses nothing: its
        action was either committed (told after the restart) or not (a computer's turn is played again by
        `resume`, the same move from the same seed)."""
        return await self._work.quiesce(timeout)

    # -- start-up -------------------------------------------------------------------------------------
    async def resume(self) -> list[Notification]:
        """Rebuild every open lobby and active game from the store (replaying the action logs), then play
        any computer turn a crash left pending. Call once at start-up."""
        await self._lobbies.load()
        self._outbox.load(await self._store.outbox())
        await self._invitations.load()
        tables: dict[int, Table] = {}
        stored_games = await self._store.active_games()
        # Replaying every log builds millions of small objects that all live on: the collector would walk
        # them again and again as they pile up (40 % of a resume of 10,000 games). None of them is garbage.
        collecting = gc.isenabled()
        gc.disable()
        try:
            for stored in stored_games:
                table = self._games.build(stored)
                if table is not None:
                    tables[table.game_no] = table
        finally:
            if collecting:
                gc.enable()
        hinted = await self._store.hinted_active_lobbies()
        for table in tables.values():
            table.hints = table.lobby_id in hinted
        del stored_games
        self._tables.clear()
        self._tables.update(tables)
        self._turns.recompute_due()
        out: list[Notification] = []
        for table in list(tables.values()):
            if self._turns.automatic_pending(table):
                out += await self._turns.carry_on(table)
        return out

    # -- settings -------------------------------------------------------------------------------------
    async def settings(self, guild_id: int) -> ServerSettings:
        return await self._settings.get(guild_id)

    @_work
    async def update_settings(
        self,
        guild_id: int,
        *,
        turn_seconds: int = UNSET,
        auto_play: bool = UNSET,
        language: str | None = UNSET,
        computer_level: str | None = UNSET,
        undo_allowed: bool = UNSET,
    ) -> ServerSettings:
        """Change some settings: the turn timer in seconds (60 s to 30 days; from the next turn on),
        auto-play of forced draws and passes, the language of public messages (None: the server's), the
        level of computers added from now on and of resigned players' seats (None: the bot's default), and
        whether tables may be opened with undo by agreement (every game is rated: off by default)."""
        return await self._settings.update(
            guild_id,
            turn_seconds=turn_seconds,
            auto_play=auto_play,
            language=language,
            computer_level=computer_level,
            undo_allowed=undo_allowed,
        )

    async def computer_level(self, guild_id: int) -> str:
        """The level of a computer the server's tables take without naming one (Add computer's first choice,
        a resigned player's seat): the server's setting, else the bot's (`FIVES_COMPUTER_LEVEL`)."""
        return await self._starts.computer_level(guild_id)

    @_work
    async def set_default_option(self, guild_id: int, game_id: str, option_id: str, value: Any) -> ServerSettings:
        """A server's default for one option of one game (None: back to the rules' default)."""
        return await self._settings.set_default_option(guild_id, game_id, option_id, value)

    # -- timers ---------------------------------------------------------------------------------------
    async def tick(self, now: float | None = None) -> list[Notification]:
        """Turn timers: reminders at half time, and expired turns played by the computer (the board says
        so), and requests to take back an action past their deadline. Cheap when nothing is due: call it
        every few seconds."""
        if self.stopping:  # a turn run out is played by the next process
            return []
        now = self._clock() if now is None else now
        with self._store.urgent():  # a dead process's games among them: not behind this one's clicks (#23)
            out = await self._timers.tick(now)
        await self.privacy.purge_left_guilds(now)
        return out + await self._expire_undos(now)

    # -- undo by agreement ----------------------------------------------------------------------------
    @_work
    async def ask_undo(self, game_no: int, user_id: int) -> list[Notification]:
        """A player asks to take back their last action (see bot/tables/undos.py): every other human is
        asked (`UndoRequested`), or with nobody to ask it is taken back at once."""
        table = await self._games.get(game_no)
        async with table.lock:
            self._games.check_live(table)
            return await self._undos.ask(table, user_id)

    @_work
    async def answer_undo(self, game_no: int, user_id: int, accept: bool, request: int | None) -> list[Notification]:
        """Another human accepts or refuses request number `request` (its buttons' token); the last acceptance
        takes the action back (the board and every hand are told again)."""
        table = await self._games.get(game_no)
        async with table.lock:
            self._games.check_live(table)
            return await self._undos.answer(table, user_id, accept, request)

    async def set_undo_message(self, game_no: int, request: int, channel_id: int, message_id: int) -> None:
        """Where a request's question was posted (to redraw it as the request changes). Not written (a store
        down), a restart finds the question among the table's messages."""
        try:
            await self._store.set_undo_message(game_no, request, channel_id, message_id)
        except StoreError:
            log.warning("game %s: could not record where request %s was asked", game_no, request, exc_info=True)

    async def _expire_undos(self, now: float) -> list[Notification]:
        """Requests past their deadline end, keeping the action. Reads the store once a minute at most while
        none this process asked is due (a request asked before a restart, or by another process, too)."""
        undos = self._undos
        if now < undos.next_due:
            return []
        for game_no in [g for g, at in undos.deadlines.items() if at <= now]:
            del undos.deadlines[game_no]
        undos.next_due = min([now + UNDO_SWEEP_SECONDS, *undos.deadlines.values()])
        try:
            due = await self._store.due_undo_requests(now)
        except StoreError:
            log.warning("could not read the undo requests due", exc_info=True)
            return []
        out: list[Notification] = []
        for game_no in due:
            try:
                table = await self._games.get(game_no)
                async with table.lock:
                    out += await undos.expire(table, now)
            except TableError:  # its game ended: nothing to ask any more, as its question now says
                try:
                    if await undos.void(game_no, now):
                        out += await self._retell(game_no)
                except StoreError:
                    log.warning("game %s: its request could not be ended", game_no, exc_info=True)
        return out

    # -- telling: the outbox (bot/tables/telling/teller.py) ----------------------------------------------
    async def untold(self, now: float | None = None, *, everything: bool = False) -> list[Notification]:
        """What is due to be told again: entries whose teller failed or vanished (a crash), or with
        `everything` (at start, when nobody else is telling anything) every entry. Each game's untold
        entries are retold from the log, oldest first, behind a `Retold` marker; the caller tells them
        like any notifications, then reports with `told`."""
        return await self._teller.untold(self._clock() if now is None else now, everything)

    def urgent(self) -> AbstractContextManager[None]:
        """Around a timer tick and its telling: the store's calls meanwhile take connections of their own, not
        waiting behind the clicks of a busy process (a dead one's games are taken over there, #23)."""
        return self._store.urgent()

    @property
    def shared(self) -> bool:
        """Whether other processes serve the same database (PostgreSQL): what one leaves untold, another tells."""
        return self._store.shared

    async def hold_telling(self, now: float | None = None) -> None:
        """Keep what this process is still telling its own (at each tick, before `untold`): entries are
        another process's (or this one's own sweep's) to take `TELL_LEASE` seconds after they were written or
        taken unless held, so that a process that dies mid-telling leaves the next player's hand to the
        others within seconds."""
        await self._teller.hold(self._clock() if now is None else now)

    async def telling(self, game_no: int, notes: Sequence[Notification]) -> Receipt:
        """The receipt of a game's telling, for notifications that came without a fresh one (`Receipt.fresh`):
        the backlog (see `backlog`) and the server's language. Call it under the teller's lock of that game."""
        return await self._teller.receipt(game_no, notes)

    async def backlog(self, game_no: int, notes: Sequence[Notification]) -> list[Notification]:
        """What to tell of a game now, given the notifications of a call: those still untold, and first
        whatever the game left untold before (a failed post, a crash), retold from the log. Call it under
        the teller's lock of that game, so that two tellers never tell the same thing."""
        return await self._teller.backlog(game_no, notes)

    async def _retell(self, game_no: int) -> list[Notification]:
        return await self._teller.retell(game_no)

    async def told(
        self,
        receipt: Receipt | int,
        done: Iterable[Key] = (),
        failed: Iterable[Key] = (),
        hand_messages: Iterable[HandMessage] = (),
        forget_hand_messages: Iterable[int] = (),
    ) -> None:
        """The teller's receipt, completed with what it posted (`Receipt.posted`), written in one transaction:
        what it told (deleted from the outbox), what it could not (tried again later, with a longer wait each
        time, never dropped), the hand DMs with live controls it sent or retired, and the table's new live
        board. Callers telling by hand may give the game's number and the parts instead."""
        if isinstance(receipt, int):
            receipt = told_parts(receipt, done, failed, hand_messages, forget_hand_messages)
        await self._teller.told(receipt)

    async def hand_messages(self, game_no: int, user_id: int | None = None) -> list[HandMessage]:
        """Where the hand DMs with live controls of a game (of one player) are."""
        return await self._store.hand_messages(game_no, user_id)

    # -- lobbies --------------------------------------------------------------------------------------
    @_work
    async def open_lobby(
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
        settings = await self.settings(guild_id)
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

    @_work
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

    def lobby(self, lobby_id: int) -> LobbyInfo:
        return self._lobbies.info(lobby_id)

    def lobbies(self, guild_id: int) -> list[LobbyInfo]:
        return self._lobbies.of_guild(guild_id)

    @_work
    async def join(self, lobby_id: int, player: Player) -> list[LobbyChanged]:
        """Take a seat (a private table's: if invited); a watcher who joins watches no more."""
        joined = await self._lobbies.join(lobby_id, player)
        await self.watchers.stop_if_seated(lobby_id, player.user_id)
        return [joined]

    @_work
    async def leave(self, lobby_id: int, user_id: int) -> list[LobbyChanged]:
        return [await self._lobbies.leave(lobby_id, user_id)]

    @_work
    async def add_computer(self, lobby_id: int, user_id: int, level: str | None = None) -> list[LobbyChanged]:
        """The host seats a computer of `level` (None: the server's level, `computer_level`)."""
        return [await self._lobbies.add_computer(lobby_id, user_id, level)]

    @_work
    async def set_computer_level(self, lobby_id: int, user_id: int, computer: int, level: str) -> list[LobbyChanged]:
        """The host changes the level of `Computer {computer}` before the start, keeping its seat."""
        return [await self._lobbies.set_computer_level(lobby_id, user_id, computer, level)]

    @_work
    async def remove_computer(self, lobby_id: int, user_id: int) -> list[LobbyChanged]:
        return [await self._lobbies.remove_computer(lobby_id, user_id)]

    @_work
    async def set_option(self, lobby_id: int, user_id: int, option_id: str, value: Any) -> list[LobbyChanged]:
        return [await self._lobbies.set_option(lobby_id, user_id, option_id, value)]

    @_work
    async def set_hints(self, lobby_id: int, user_id: int, on: bool) -> list[LobbyChanged]:
        """The host offers hints at the table, or not: a game where one is used is unrated."""
        return [await self._lobbies.set_hints(lobby_id, user_id, on)]

    @_work
    async def cancel(self, lobby_id: int, user_id: int) -> list[LobbyChanged]:
        return [await self._lobbies.cancel(lobby_id, user_id)]

    async def set_lobby_message(self, lobby_id: int, message_id: int | None) -> None:
        await self._lobbies.set_message(lobby_id, message_id)

    async def start(self, lobby_id: int, user_id: int) -> list[Notification]:
        """The host starts the game: seats in join order (or drawn, for partners by draw), the first
        hands dealt, and the computers play until a human is to act."""
        return await self._starts.start(lobby_id, user_id)

    # -- where the table lives ------------------------------------------------------------------------
    async def set_table_channel(self, game_no: int, channel_id: int, thread_id: int | None) -> TableInfo:
        table = await self._games.get(game_no)
        async with table.lock:
            self._games.check_live(table)
            try:
                async with self._turns.guard(table):
                    await self._store.set_table(game_no, channel_id, thread_id)
                    table.version += 1
            except StoreError as exc:
                raise StoreFailed(str(exc)) from exc
            table.channel_id, table.thread_id = channel_id, thread_id
            table.changed()
            return table.info()

    # -- playing --------------------------------------------------------------------------------------
    @_work
    async def act(
        self, game_no: int, user_id: int, action: str, turn: int | None, sent_at: float | None = None
    ) -> Notifications:
        """A player's action. `turn` is the token the control was made for: a control made for another turn
        is refused as stale, so a repeated or late click does nothing. A move typed without one (None) is for
        the position as it was when it was `sent_at` (the interaction's time): refused if the game moved on
        after that, never tried on a later turn the sender did not see. The notifications come with the
        game's receipt (`Notifications.receipts`): what its teller is to post, handed back to `told`."""
        table = await self._games.get(game_no)
        async with table.lock:
            self._games.check_live(table)

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

            notes = await self._turns.play(table, check, action, "player")
        # What the click's teller needs comes with it: the backlog folded in, the server's language (#25).
        try:
            return Notifications(notes, [await self._teller.receipt(game_no, notes)])
        except (StoreError, TableError):  # the move stands: its teller asks again, under its lock
            log.warning("game %s: the receipt of a move could not be made", game_no, exc_info=True)
            return Notifications(notes)

    # -- views ----------------------------------------------------------------------------------------
    async def table(self, game_no: int) -> TableInfo:
        return (await self._games.get(game_no)).info()

    async def public_view(self, game_no: int) -> View:
        """What everyone may see (`view(None)`)."""
        table = await self._games.get(game_no)
        async with table.lock:  # never a state whose last action is not saved yet
            await self._games.fresh(table)
            return table.view(None)

    async def private_view(self, game_no: int, user_id: int) -> HandChanged:
        """A player's own view of the game (their hand and, on their turn, their legal actions)."""
        table = await self._games.get(game_no)
        async with table.lock:
            await self._games.fresh(table)
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

    async def snapshot(self, game_no: int) -> Snapshot:
        """A game as everyone sees it, being played or ended (a watcher's digest, the games they watch)."""
        return await self._games.snapshot(game_no)

    async def user_games(self, user_id: int, guild_id: int | None = None) -> list[GameSummary]:
        """A user's active games (all servers, or one), as `/games` lists them (see `Tables.user_games`)."""
        return await self._games.user_games(user_id, guild_id)

    def games_of(self, user_id: int, guild_id: int | None = None) -> list[GameSummary]:
        """A user's active games held by this process (all of them on SQLite; see `user_games`)."""
        return self._games.games_of(user_id, guild_id)

    async def channel_games(self, guild_id: int, channel_id: int) -> list[TableInfo]:
        """The active games of a server played in a channel or in a thread of it (see `Tables.channel_games`)."""
        return await self._games.channel_games(guild_id, channel_id)

    async def export(self, game_no: int) -> dict[str, Any]:
        """The game's record (docs/records.md), active or ended: `python -m bot.engine replay` replays it."""
        table = self._tables.get(game_no)
        if table is not None:
            async with table.lock:
                return record_of(table.state, table.deals)
        stored = await self._store.load_game(game_no)
        if stored is None:
            raise GameNotFound(f"no game {game_no}", game_no=game_no)
        return record_of(replay(stored.row, stored.actions), stored.row.deals)

    async def history(self, game_no: int, user_id: int, guild_id: int | None = None) -> GameHistory:
        """An ended game's table, record and places (`/history`), for one of its players (a resigned one too).
        While the game is on the record is refused (GameNotOver): it holds the seed, and with it every hand
        still hidden. A game of another server is not found."""
        stored = await self._store.load_game(game_no)
        if stored is None or (guild_id is not None and stored.row.guild_id != guild_id):
            raise GameNotFound(f"no game {game_no}", game_no=game_no)
        if not any(user_id in (s.user_id, s.replaced_user_id) for s in stored.row.seats):
            raise NotAPlayer(f"user {user_id} did not play game {game_no}", game_no=game_no)
        if stored.row.status == "active":
            raise GameNotOver(f"game {game_no} is still being played", game=game_no)
        state = replay(stored.row, stored.actions)
        return GameHistory(
            Table(stored.row, state).info(),
            record_of(state, stored.row.deals),
            tuple(state.scores),
            side_results(state.result) if state.is_over else None,
            bool(await self._store.hint_uses(game_no)),
        )

    async def replay(self, game_no: int, guild_id: int | None = None) -> GameReplay:
        """An ended game to step through (`/replay`), for anyone on its server: every position as the public
        saw it and what each seat held there. GameNotOver while it is played (the hands are still secret),
        GameNotFound for a game of another server."""
        return await self._replays.open(game_no, guild_id)

    async def analysis(self, game_no: int, user_id: int, guild_id: int | None = None) -> PlayerAnalysis:
        """A player's moves in an ended game as the search judges them (`/analysis`), computed in the
        computers' worker processes. GameNotFound, NotAPlayer, GameNotOver as `history`."""
        return await self._analyses.open(game_no, user_id, guild_id, self._turns.thinking)

    async def hint(self, game_no: int, user_id: int, turn: int) -> HintGiven:
        """The search's move for the player on their turn `turn`, from their own view, at a table that offers
        hints; the use is saved (the game will be unrated) before it is returned. NotAPlayer, HintsOff,
        StaleHint, HintTimedOut, StoreFailed."""
        table = await self._games.get(game_no)
        return await self._hints.ask(table, user_id, turn, self._turns.thinking)

    # -- leaving --------------------------------------------------------------------------------------
    async def resign(self, game_no: int, user_id: int) -> list[Notification]:
        """The player leaves; a computer of the server's level plays their seat from now on (they are still
        rated for it)."""
        return await self._starts.resign(game_no, user_id)

    @_work
    async def abandon(self, game_no: int, user_id: int, is_admin: bool = False) -> list[Notification]:
        """End a game without results: the host, or a server admin (the cog knows who is one)."""
        table = await self._games.get(game_no)
        async with table.lock:
            self._games.check_live(table)
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
            self._tables.pop(game_no, None)
            return [GameAbandoned(table.info(), user_id, turn)]

    # -- standings ------------------------------------------------------------------------------------
    @staticmethod
    def rating_pool(game_id: str, players: int | None = None) -> str:
        """The pool a leaderboard reads: the game id, or for Five Hundred its player count (the game's
        usual count when None)."""
        info = game_info(game_id)
        if not rated_per_player_count(game_id):
            return game_id
        players = info.default_players if players is None else players
        if players not in info.players:
            allowed = ", ".join(map(str, info.players))
            raise WrongPlayerCount(
                f"{game_id} is played by {allowed} players, not {players}", players=players, allowed=allowed
            )
        return rating_pool(game_id, players)

    async def leaderboard(
        self,
        guild_id: int,
        game_id: str,
        limit: int = 10,
        offset: int = 0,
        players: int | None = None,
        season_id: int | None = None,
    ) -> list[LeaderboardEntry]:
        """One page of a server's leaderboard of a game (of one player count, for Five Hundred), best first;
        Domineren's is ranked by each player's average final chips, which its entries carry. With
        `season_id`, the season's board (as it stands, or as it ended)."""
        by_chips = ranked_by_final_score(game_id)
        pool = self.rating_pool(game_id, players)
        if season_id is not None:
            pool = season_pool(pool, season_id)
        rows = await self._store.leaderboard(guild_id, pool, limit, offset, by_final_score=by_chips)
        first = None
        if rows and offset:  # the page may begin inside a tie: its first row's place counts those before
            first = await self._store.leaderboard_position(guild_id, pool, rows[0].user_id, by_final_score=by_chips)
        return [
            LeaderboardEntry(place, r.user_id, r.name, r.ordinal, r.mu, r.sigma, r.games, r.wins, r.final_score)
            for r, place in zip(rows, shared_places(rows, offset, first), strict=True)
        ]

    async def leaderboard_size(
        self, guild_id: int, game_id: str, players: int | None = None, season_id: int | None = None
    ) -> int:
        pool = self.rating_pool(game_id, players)
        return await self._store.leaderboard_size(guild_id, pool if season_id is None else season_pool(pool, season_id))

    async def stats(self, guild_id: int, user_id: int) -> list[PlayerRecord]:
        """A player's record per game id on a server (per player count for Five Hundred): games, wins,
        rating and leaderboard place."""
        out = []
        for pool, r in (await self._store.player_ratings(guild_id, user_id)).items():
            if is_season_pool(pool):  # a season's: the record is the all-time one
                continue
            game_id, players = pool_game(pool)
            by_chips = ranked_by_final_score(game_id)
            place = await self._store.leaderboard_position(guild_id, pool, user_id, by_final_score=by_chips)
            out.append(PlayerRecord(game_id, place, r.ordinal, r.mu, r.sigma, r.games, r.wins, players))
        return out

    async def profile(self, guild_id: int, user_id: int) -> Profile:
        """A player's record per game on a server (rating, place, games, wins, completion, best score) and
        their all-time ratings over time (`/stats`)."""
        return await profile(self._store, self.seasons, guild_id, user_id)
