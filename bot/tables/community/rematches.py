"""Rematches: after a game, any of its humans asks for a rematch on the message that ended it; every other
human of the game is asked, until a deadline. When all have said yes, the same game starts again at once:
the same seats (the humans where they sat, the computers where theirs were), the same options, as a new game
of its own. When one says no, or the deadline passes first, a new table is opened instead with those who
said yes and the computers seated, and the other seats open for anyone to join.

New partners: in a game played by teams, the one who asks may ask for the rematch with the partners swapped
(`swapped_partners` in seating.py says who moves where: everyone gets a new partner, each computer moving
with its seat at its level). The others accept or decline that proposal as it is: the swap is the asker's
choice, made when asking, and kept with the rematch. Asking for the other kind while one is open is refused
(it is there to be answered). A swapped rematch seats its players by agreement (a game whose partners are
drawn would otherwise draw them again); a reopened one seats those who said yes in the swapped order.

The answers are stored with the rematch, changed under its row lock (several processes may take the clicks),
and the outcome is decided once: the decision is committed (`started` or `reopened`) before the new table is
made, so a second click, another process or the deadline's sweep finds it settled and does nothing. The
decision is committed with `to_open` and a lease (`claimed_until`) held by whoever decided: a crash before the
table is recorded leaves it for `open_unmade` (a sweep) once the lease runs out, and the table's origin key
(`rematch:<game>`) gives back the table already made rather than a second one.

What the players are told goes through the outbox of the game played: each change of the rematch (asked, an
answer, its decision) is a `step` saved with a `rematch` entry in the same transaction, and the announcer posts
the question once, then redraws it (and posts a reopened table's lobby) as the rematch stands; a failed post
or a crash tells it again (`retold`). The decision's entry is told once the table is made.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace

from bot.engine import game_info
from data import RematchRow, SeatRow, StoredGame, StoreError, StoreInterface

from ..errors import GameNotFound, GameNotOver, StoreFailed, TableError
from ..lobby.lobbies import Lobbies
from ..models import LobbyInfo, Seat, TableInfo
from ..play.games import Games
from ..play.table import Table, replay
from ..seating import swapped_partners
from ..telling.notifications import LobbyChanged, Notification, Rematch, TableOpened
from ..telling.outbox import Outbox
from ..telling.outbox import entry as outbox_entry

log = logging.getLogger(__name__)

REMATCH_SECONDS = 15 * 60  # how long the others have to answer
OPENING_SECONDS = 120.0  # whoever decided has this long to make the table before a sweep takes it over


class NotInTheGame(TableError):
    """Only a human of the game may ask for its rematch, or answer."""

    key = "rematch_not_player"


class RematchSettled(TableError):
    """The rematch was decided already (started, or reopened as a new table)."""

    key = "rematch_settled"


class NoRematch(TableError):
    """A finished game only: an abandoned one has no rematch."""

    key = "rematch_not_finished"


class NoPartners(TableError):
    """New partners only where there are partners (a game played by teams)."""

    key = "rematch_no_partners"


class RematchAskedOtherwise(TableError):
    """The rematch was asked with the other partners (swapped, or the same): it is answered as asked."""

    def __init__(self, message: str, swap: bool, **params: object) -> None:
        super().__init__(message, **params)
        self.key = "rematch_asked_swapped" if swap else "rematch_asked_same"


def humans_of(stored: StoredGame) -> tuple[Seat, ...]:
    out = []
    for index, seat in enumerate(stored.row.seats):
        user = seat.replaced_user_id if seat.computer else seat.user_id
        if user is not None:
            out.append(Seat(index, user, seat.name))
    return tuple(out)


class Rematches:
    """The table service's rematches (`TableService.rematches`)."""

    def __init__(
        self,
        store: StoreInterface,
        clock: Callable[[], float],
        lobbies: Lobbies,
        games: Games,
        outbox: Outbox,
    ) -> None:
        self._store = store
        self._clock = clock
        self._lobbies = lobbies
        self._games = games  # a table the bot opened, started (`start_opened`)
        self._outbox = outbox
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # one process's clicks in turn
        self._next_due: float | None = None  # the earliest open deadline (None: ask the store), as for seasons
        # When a table left unmade may be due (None: ask the store; a shared store is always asked): a crash
        # before a restart, or this process's claim running out.
        self._unmade_due: float | None = None

    async def _game(self, game_no: int, guild_id: int | None) -> StoredGame:
        stored = await self._store.load_game(game_no)
        if stored is None or (guild_id is not None and stored.row.guild_id != guild_id):
            raise GameNotFound(f"no game {game_no}", game_no=game_no)
        if stored.row.status == "active":
            raise GameNotOver(f"game {game_no} is still being played", game=game_no)
        if stored.row.status != "finished":
            raise NoRematch(f"game {game_no} was abandoned", game=game_no)
        return stored

    def _rematch(
        self, stored: StoredGame, row: RematchRow, lobby: LobbyInfo | None = None, new_table: TableInfo | None = None
    ) -> Rematch:
        table = Table(stored.row, replay(stored.row, stored.actions)).info()
        return Rematch(
            row.game_no,
            table,
            humans_of(stored),
            dict(row.answers),
            row.asked_by,
            row.deadline,
            row.status,
            row.channel_id,
            row.message_id,
            lobby,
            row.next_game_no,
            row.swap,
            row.step,
            row.asked_at,
            new_table,
        )

    async def _save(self, row: RematchRow, *, create: bool = False) -> bool:
        """A change of the rematch with the outbox entry of its step, in one transaction (the caller holds its
        lock); whether it was written (a rematch is created once)."""
        told = outbox_entry(row.game_no, "rematch", row.step, self._clock())
        if create:
            if not await self._store.create_rematch(row, tell=[told]):
                return False
        else:
            await self._store.save_rematch(row, tell=[told])
        self._outbox.add([told])
        return True

    async def ask(
        self, game_no: int, guild_id: int, user_id: int, channel_id: int, swap: bool = False
    ) -> tuple[Rematch, list[Notification], bool]:
        """A human of finished game `game_no` asks for its rematch (and says yes to it), with the partners
        swapped if `swap`; whether this asked first (else it was an answer to the rematch asked before, which
        must be of the same kind). The notifications tell the rematch (its question) and, if that settled it,
        the new table."""
        stored = await self._game(game_no, guild_id)
        if user_id not in {s.user_id for s in humans_of(stored)}:
            raise NotInTheGame(f"user {user_id} did not play game {game_no}", game=game_no)
        if swap and partner_swap(stored) is None:
            raise NoPartners(f"game {game_no} has no partners to swap", game=game_no)
        now = self._clock()
        deadline = now + REMATCH_SECONDS
        row = RematchRow(game_no, guild_id, channel_id, user_id, now, deadline, {user_id: True}, swap=swap)
        try:
            async with self._locks[game_no]:
                created = await self._save(row, create=True)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        if self._next_due is not None:
            self._next_due = min(self._next_due, row.deadline)
        if not created:
            rematch, notes = await self._decide(game_no, stored, (user_id, True), asked_swap=swap)
            return rematch, notes, False
        if len(humans_of(stored)) == 1:  # alone with the computers: nobody else to ask
            rematch, notes = await self._decide(game_no, stored, None)
            return rematch, notes, True
        rematch = self._rematch(stored, row)
        return rematch, [rematch], True

    async def set_message(self, game_no: int, message_id: int) -> None:
        """Where the question was posted (its buttons are redrawn there as answers come)."""
        async with self._locks[game_no], self._store.locked_rematch(game_no) as row:
            if row is not None and row.message_id != message_id:
                await self._store.save_rematch(replace(row, message_id=message_id))

    async def answer(self, game_no: int, user_id: int, yes: bool) -> tuple[Rematch, list[Notification]]:
        """A human's answer: the notifications tell the rematch as it now stands and, when that settles it,
        the new table."""
        stored = await self._game(game_no, None)
        if user_id not in {s.user_id for s in humans_of(stored)}:
            raise NotInTheGame(f"user {user_id} did not play game {game_no}", game=game_no)
        return await self._decide(game_no, stored, (user_id, yes))

    async def sweep(self, now: float | None = None) -> list[tuple[Rematch, list[Notification]]]:
        """Rematches past their deadline: a new table for those who said yes."""
        now = self._clock() if now is None else now
        if self._store.shared or self._next_due is None:
            due = await self._store.next_rematch_deadline()
            self._next_due = math.inf if due is None else due
        if now < self._next_due:
            return []
        self._next_due = None
        out = []
        for game_no in await self._store.due_rematches(now):
            try:
                stored = await self._game(game_no, None)
                out.append(await self._decide(game_no, stored, None, lapsed_by=now))
            except RematchSettled:
                continue  # settled meanwhile (an answer, another process)
            except TableError:
                log.warning("the rematch of game %s could not be settled", game_no, exc_info=True)
        return out

    async def open_unmade(self, now: float | None = None) -> list[tuple[Rematch, list[Notification]]]:
        """Settled rematches whose table was never recorded (their decider crashed, or could not write where
        it led): each claimed by one process, its table made (the one made already, by its origin key), and
        recorded; the notifications tell it (the decision's outbox entry: the players hear of it once)."""
        now = self._clock() if now is None else now
        if not self._store.shared and self._unmade_due is not None and now < self._unmade_due:
            return []
        # The first look after a start, once more a lease later: a claim the process before held runs out by then.
        self._unmade_due = now + OPENING_SECONDS if self._unmade_due is None else math.inf
        try:
            games = await self._store.claim_rematches_to_open(now, OPENING_SECONDS)
        except StoreError:
            log.warning("could not read the rematches to open", exc_info=True)
            self._unmade_due = None
            return []
        out = []
        for game_no in games:
            try:
                stored = await self._game(game_no, None)
                row = await self._store.rematch(game_no)
                if row is None or not row.to_open:
                    continue
                out.append(await self._made(stored, row))
            except (TableError, StoreError):
                log.warning("the table of the rematch of game %s could not be made", game_no, exc_info=True)
                self._unmade_due = min(self._unmade_due, now + OPENING_SECONDS)
        return out

    async def retold(self, game_no: int) -> Rematch | None:
        """The rematch of `game_no` as it stands now, told again from the store after a failed post or a crash
        (by its newest untold change); None while its table is still to be made (it is told once it is) or if
        there is no rematch to tell."""
        row = await self._store.rematch(game_no)
        stored = await self._store.load_game(game_no)
        if row is None or stored is None or row.to_open:
            return None
        lobby = None if row.lobby_id is None else await self._lobbies.stored(row.lobby_id)
        new_table = None
        if row.next_game_no is not None:
            started = await self._store.load_game(row.next_game_no)
            if started is not None:
                new_table = Table(started.row, replay(started.row, started.actions)).info()
        return self._rematch(stored, row, lobby, new_table=new_table)

    async def _decide(
        self,
        game_no: int,
        stored: StoredGame,
        said: tuple[int, bool] | None,
        lapsed_by: float | None = None,
        asked_swap: bool | None = None,
    ) -> tuple[Rematch, list[Notification]]:
        """Record an answer and settle the rematch if that (or the deadline) decides it: the decision is
        committed under the row lock, with the claim to make its table; the table is made after it.
        `asked_swap`: the answer is a second asking, with the partners swapped or not (refused if the rematch
        was asked the other way)."""
        humans = {s.user_id for s in humans_of(stored)}
        try:
            async with self._locks[game_no], self._store.locked_rematch(game_no) as row:
                if row is None:
                    raise GameNotFound(f"no rematch of game {game_no}", game_no=game_no)
                if row.status != "open":
                    raise RematchSettled(f"the rematch of game {game_no} is {row.status}", game=game_no)
                if asked_swap is not None and asked_swap != row.swap:
                    raise RematchAskedOtherwise(
                        f"the rematch of game {game_no} was asked with swap={row.swap}", row.swap, game=game_no
                    )
                answers = dict(row.answers)
                if said is not None:
                    answers[said[0]] = said[1]
                status = "open"
                if not all(answers.values()) or (lapsed_by is not None and row.deadline <= lapsed_by):
                    status = "reopened"
                elif set(answers) >= humans:
                    status = "started"
                row = replace(row, answers=answers, status=status, step=row.step + 1)
                if status != "open" and any(answers.values()):  # a table to make: this process's, for a while
                    row = replace(row, to_open=True, claimed_until=self._clock() + OPENING_SECONDS)
                await self._save(row)
                if row.claimed_until is not None and self._unmade_due is not None:  # should this process fail
                    self._unmade_due = min(self._unmade_due, row.claimed_until)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        if not row.to_open:  # still open, or nobody wants it
            rematch = self._rematch(stored, row)
            return rematch, [rematch]
        return await self._made(stored, row)

    async def _made(self, stored: StoredGame, row: RematchRow) -> tuple[Rematch, list[Notification]]:
        """The table of a settled rematch made, and recorded: the notifications of the new table, and the
        rematch's decision told (its question redrawn) once the table is there to name."""
        notes, lobby, next_game = await self._settle(stored, row)
        row = replace(
            row,
            lobby_id=None if lobby is None else lobby.lobby_id,
            next_game_no=next_game,
            to_open=False,
            claimed_until=None,
        )
        try:
            async with self._locks[row.game_no], self._store.locked_rematch(row.game_no) as now:
                if now is not None:  # its answers and step as they are; where its question is, as noted
                    await self._store.save_rematch(replace(row, message_id=now.message_id))
        except StoreError:
            # Marked still to open: the sweep makes it again (the same table, by its origin) and records it.
            log.warning("the rematch of game %s: where it led could not be saved", row.game_no, exc_info=True)
        new_table = next((n.table for n in notes if isinstance(n, TableOpened)), None)
        rematch = self._rematch(stored, row, lobby, new_table=new_table)
        return rematch, [*notes, rematch]

    async def _settle(
        self, stored: StoredGame, row: RematchRow
    ) -> tuple[list[Notification], LobbyInfo | None, int | None]:
        """The new table: started with everyone, or opened with those who said yes and the computers (with new
        partners: in the swapped order, seated by agreement)."""
        game = stored.row
        everyone = humans_and_computers(stored)
        order = partner_swap(stored) if row.swap else None
        if order is not None:
            everyone = [everyone[old] for old in order]
            if "partners" in game.options:  # drawn partners would be drawn again at the start
                game = replace(game, options={**game.options, "partners": "by_agreement"})
        yes = {user for user, said in row.answers.items() if said}
        seats: list[SeatRow] = []
        for seat in everyone:
            if seat.user_id is None:  # the computer plays at the level it played
                seats.append(SeatRow(None, None, computer=True, level=seat.level))
            elif seat.user_id in yes:
                seats.append(SeatRow(seat.user_id, seat.name))
        if not any(s.user_id is not None for s in seats):
            return [], None, None  # nobody wants it
        host = game.host_id if game.host_id in yes else row.asked_by if row.asked_by in yes else min(yes)
        # A table that offered hints offers them again: the same game, with the same options.
        hints = game.lobby_id is not None and await self._store.table_hints(game.lobby_id)
        opened = await self._lobbies.open_seated(
            game.guild_id,
            game.channel_id,
            host,
            game.game_id,
            game.options,
            seats,
            origin=f"rematch:{game.game_no}",
            hints=hints,
        )
        if row.status != "started":
            return [opened], opened.lobby, None
        try:
            notes = await self._games.start_opened(opened.lobby.lobby_id, host)
        except TableError:  # it stays open for them to start by hand
            log.warning("the rematch of game %s could not start; its table stays open", game.game_no, exc_info=True)
            return [opened], opened.lobby, None
        changed = [n for n in notes if isinstance(n, LobbyChanged)]
        lobby = changed[-1].lobby if changed else opened.lobby
        return notes, lobby, lobby.game_no


def partner_swap(stored: StoredGame) -> tuple[int, ...] | None:
    """The seating of a rematch of `stored` with new partners (None: its game has no partners)."""
    game = stored.row
    return swapped_partners(game_info(game.game_id).sides(game.players, game.options))


def humans_and_computers(stored: StoredGame) -> list[Seat]:
    """Every seat of a game in order: its human (a resigned seat: the player who held it), or a computer
    (no user id) for a seat that always was a computer's."""
    out = []
    for index, seat in enumerate(stored.row.seats):
        user = seat.replaced_user_id if seat.computer else seat.user_id
        out.append(Seat(index, user, seat.name, computer=user is None, level=seat.level if user is None else None))
    return out
