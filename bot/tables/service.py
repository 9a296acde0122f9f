"""The table service: lobbies, games, turns, computer players, timers, results and ratings.

`TableService` builds the wings and wires them together, and keeps what belongs to the whole service: its
start (`resume`), its graceful stop (`stop_taking`, `quiesce`), its clock (`tick`) and a player's move
(`act`, where playing and telling meet). Every feature is reached one way, through its wing:
`service.lobbies.join(...)`, `service.standings.leaderboard(...)`, `service.settings.update(...)` (the
wings are listed in `__init__`; docs/architecture.md says where a new feature goes).

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
from collections.abc import Callable

from data import StoreError, StoreInterface

from .community.privacy import Privacy
from .community.rematches import Rematches
from .community.tournaments import Tournaments
from .community.watchers import Watchers
from .errors import TableError
from .lobby.desk import LobbyDesk
from .lobby.invitations import Invitations
from .lobby.lobbies import Lobbies
from .lobby.settings import SettingsBook
from .play.analyses import Analyses
from .play.games import Games
from .play.hints import Hints
from .play.replays import Replays
from .play.table import Table
from .play.tables import Tables
from .play.thinking import Thinking
from .play.timers import Tell, Timers
from .play.turns import Turns
from .play.undos import Undos
from .standings.boards import Standings
from .standings.seasons import Seasons
from .telling.notifications import Notification
from .telling.receipt import Notifications
from .telling.teller import Teller
from .work import Work

log = logging.getLogger(__name__)

LEASE_SECONDS = 120.0  # an entry taken to be told again is not taken again before this


class TableService:
    """See docs/tables.md. `clock` gives Unix seconds (tests pass a fake one); `rng` draws game seeds and
    seats (a seeded one makes whole games reproducible); `thinking` is where computers think (None: in
    place, for tests and scripts)."""

    # The wings, each feature reached through one (docs/architecture.md; tests/architecture/test_wings.py
    # holds this list and the service's own calls below to what they are).
    settings: SettingsBook  # a server's settings, and its level of computers
    lobbies: LobbyDesk  # lobbies opened, seats taken and left, the host's choices, invitations
    games: Games  # games started, played (the move of `act`), left and abandoned
    tables: Tables  # the games held: their tables, views, lists, records, and where each is posted
    undos: Undos  # takings back by agreement
    hints: Hints  # the search's move for a learner, on their turn
    replays: Replays  # ended games stepped through, and their history
    analyses: Analyses  # a player's moves in an ended game, as the search judges them
    seasons: Seasons  # a server's seasons: started, ended, scheduled, their champions
    standings: Standings  # leaderboards, a player's records and profile
    rematches: Rematches  # a game played again
    tournaments: Tournaments  # rounds of tables, to a winner
    watchers: Watchers  # spectators and their digests
    telling: Teller  # the outbox's protocol with the announcer: receipts, what was told, what is told again
    privacy: Privacy  # players' own data, and the servers the bot left

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
        self._work = work = Work()  # the changes in flight, which a graceful stop waits for
        # -- the wings (above), wired: each is handed the collaborators it needs, never a call of the service
        self.settings = SettingsBook(store, work)
        self._lobbies = Lobbies(store, clock, self.settings)  # the open lobbies, for every wing
        self._turns = Turns(store, clock, self.settings)  # the one path of every action
        if thinking is not None:  # else computers think in place (tests, scripts)
            self._turns.thinking = thinking
        self.settings.bot_level = self._turns.thinking.level  # the level of computers where a server set none
        self._tables = self._turns.tables  # the games this process holds, by number
        self._outbox = self._turns.outbox
        self.tables = Tables(store, self._turns)
        self._timers = Timers(self._turns, self.tables)
        self.games = Games(
            store, clock, self._rng, self._turns, self.tables, self._timers, self._lobbies, self.settings, work
        )
        self._invitations = Invitations(store, clock, self._lobbies, LEASE_SECONDS)  # told through the lobby outbox
        self.lobbies = LobbyDesk(store, self._lobbies, self.settings, self._invitations, work)
        self.undos = Undos(store, clock, self._turns, self.tables, work)
        self.hints = Hints(store, clock, self.tables, self._turns)
        self.replays = Replays(store)
        self.analyses = Analyses(store, clock, self._turns)
        self.seasons = Seasons(store, clock)
        self.standings = Standings(store, self.seasons)
        self.rematches = Rematches(store, clock, self._lobbies, self.games, self._outbox)
        self.tournaments = Tournaments(store, clock, self._lobbies, self.games)
        self.watchers = Watchers(store, clock, self._lobbies, self.tables, self._outbox)
        self.telling = Teller(store, clock, self._turns, self.settings, self.rematches, self._invitations)
        self.privacy = Privacy(store, clock, self.tables, self._lobbies, self._outbox, self.games, self.telling)

    # -- operating: a graceful stop --------------------------------------------------------------------
    @property
    def stopping(self) -> bool:
        """A graceful stop has begun: changes are refused (`bot.tables.work.changes`)."""
        return self._work.stopping

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
                table = self.tables.build(stored)
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

    # -- the clock ------------------------------------------------------------------------------------
    async def tick(self, now: float | None = None, tell: Tell | None = None) -> list[Notification]:
        """Turn timers: reminders at half time, and expired turns played by the computer (the board says
        so), and requests to take back an action past their deadline. Cheap when nothing is due: call it
        every few seconds. With `tell` (the announcer's `deliver`), each game whose timer fired is told as soon
        as it is played, not after the others (#23): what is returned is the rest."""
        if self.stopping:  # a turn run out is played by the next process
            return []
        now = self._clock() if now is None else now
        with self._store.urgent():  # a dead process's games among them: not behind this one's clicks (#23)
            out = await self._timers.tick(now, tell)
        await self.privacy.purge_left_guilds(now)
        return out + await self.undos.expire_due(now, self.telling)

    # -- a player's move ------------------------------------------------------------------------------
    async def act(
        self, game_no: int, user_id: int, action: str, turn: int | None, sent_at: float | None = None
    ) -> Notifications:
        """A player's action (see `Games.play`: refused as stale when `turn` is not the game's turn, or when
        the game moved on after `sent_at`). It stands here, not in a wing, because a move is where playing and
        telling meet: the notifications come with the game's receipt (`Notifications.receipts`), what its
        teller is to post, handed back to `telling.told`: the backlog folded in, the server's language (#25)."""
        with self._work.change():
            notes = await self.games.play(game_no, user_id, action, turn, sent_at)
            try:
                return Notifications(notes, [await self.telling.receipt(game_no, notes)])
            except (StoreError, TableError):  # the move stands: its teller asks again, under its lock
                log.warning("game %s: the receipt of a move could not be made", game_no, exc_info=True)
                return Notifications(notes)
