"""Tournaments: a server's players sign up (alone, or as a team of two for a partnership game), the creator
starts it, and the service seeds the entrants by rating, opens each round's tables itself (seated and started,
as a rematch is: the server's turn timer hands a no-show's turns to a computer), and advances the bracket or
the Swiss pairings when the round's tables have ended, until it has a winner. Who meets whom is
`tournament_pairing`'s; this module keeps the state and the tables.

Stored like a game: one row whose JSON `state` holds the entrants (by seed once started), who withdrew, and each
round's matches with their lobby, game and result. Exactly once across processes: the next round is decided
under the row's lock (`locked_tournament`) and committed, each of its matches marked `opening`, before any table
is made; the tables are made after it and their numbers saved under the lock again. Each table is opened with
its origin key (`tournament:<id>:<round>:<match>`), unique in the store, so opening a match again finds the
table made before instead of making another: a crash (or a slow process) after the table was made and before
its number was saved leaves the match `opening`, and the sweep, once the claim is older than OPENING_LEASE,
opens the same table again (starting it if it was not) and saves its number. A round's picture (and the
winner, or a cancellation) is claimed for posting with a lease (`claim`), and the tournament is `finished` only
once its winner was told, so a crash tells again and two processes never tell at once.

A withdrawal while a round is played loses the entrant's match at once, and their players leave its table as
a resignation does (a computer plays their seats); a cancellation opens no more tables, and those still being
played play on without counting.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import GAMES, game_info
from data import CANCELLED_ROUND, SeatRow, StoreError, StoreInterface, TournamentRow

from ..errors import StoreFailed, TableError
from ..lobby.lobbies import Lobbies, check_option
from ..models import Player
from ..play.games import Games
from ..standings.ratings import default_ordinal, rating_pool
from ..telling.notifications import LobbyChanged, Notification
from .tournament_pairing import (
    DRAW,
    LOSS,
    WIN,
    SwissGame,
    knockout_first_round,
    knockout_rounds,
    knockout_winner,
    next_round,
    swiss_pairings,
    swiss_ranking,
    swiss_rounds_for,
)

log = logging.getLogger(__name__)

FORMATS = ("knockout", "swiss")
MAX_ENTRANTS = 64
MAX_SWISS_ROUNDS = 10
OPENING_LEASE = 120.0  # seconds a match may stay `opening` (a crash while opening) before it is opened again
TELL_LEASE = 300.0  # seconds a claimed round's picture waits before another try


# -- refusals -------------------------------------------------------------------------------------------
class TournamentNotFound(TableError):
    key = "tournament_not_found"


class BadTournament(TableError):
    """The game cannot be played as a tournament of one-against-one (or team-against-team) tables, or the
    rounds are out of range."""

    key = "tournament_bad"


class SignupClosed(TableError):
    key = "tournament_signup_closed"


class AlreadySignedUp(TableError):
    key = "tournament_already_signed_up"


class NotSignedUp(TableError):
    key = "tournament_not_signed_up"


class NotTheOrganiser(TableError):
    key = "tournament_not_organiser"


class MayNotCancel(TableError):
    """Only its organiser, or a member who may manage the server, cancels a tournament."""

    key = "tournament_may_not_cancel"


class TournamentCancelled(TableError):
    key = "tournament_cancelled"


class TournamentOver(TableError):
    key = "tournament_over"


class TooFewEntrants(TableError):
    key = "tournament_too_few"


class TournamentFull(TableError):
    key = "tournament_full"


class TeamNeeded(TableError):
    """A partnership tournament takes teams of two: sign up with a partner."""

    key = "tournament_team_needed"


class PlayedAlone(TableError):
    """A one-against-one tournament: sign up alone, without a partner."""

    key = "tournament_alone"


# -- values ---------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Entrant:
    users: tuple[int, ...]
    names: tuple[str, ...]
    rating: float = 0.0

    @property
    def name(self) -> str:
        return " & ".join(self.names)


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """One table of a round: entrants by seed index (None: a bye, or not known yet), where it is played, and
    its result: 'a', 'b', 'tie' (drawn, or the game abandoned), None while it is played."""

    a: int | None
    b: int | None
    lobby_id: int | None = None
    game_no: int | None = None
    result: str | None = None
    forfeit: bool = False  # decided by a withdrawal, not at the table


@dataclass(frozen=True, slots=True)
class Tournament:
    tournament_id: int
    guild_id: int
    channel_id: int
    created_by: int
    game_id: str
    format: str
    rounds: int  # how many rounds it has (a knockout's come from its entrants once it starts)
    options: dict[str, Any]
    status: str  # signup, running, finished, cancelled
    entrants: tuple[Entrant, ...]  # signing up: in signup order; once started: by seed, the best first
    withdrawn: frozenset[int]
    played: tuple[tuple[MatchInfo, ...], ...]  # each round's matches so far
    winner: int | None
    message_id: int | None
    cancelled_by: int | None = None

    @property
    def team_size(self) -> int:
        return team_size(self.game_id)

    @property
    def round_done(self) -> int:
        """How many rounds are over (every match decided)."""
        return sum(1 for r in self.played if all(m.result is not None for m in r))

    @property
    def playing(self) -> tuple[MatchInfo, ...]:
        """The current round's matches whose table is being played (not decided yet)."""
        return tuple(m for m in (self.played[-1] if self.played else ()) if m.result is None and m.game_no is not None)

    def still_in(self) -> list[int]:
        """The entrants still in it, by seed: not withdrawn, and in a knockout not beaten."""
        beaten = set()
        if self.format == "knockout":
            for m in (m for r in self.played for m in r if m.a is not None and m.b is not None):
                won = knockout_winner(m.a, m.b, m.result)
                if won is not None:
                    beaten.add(m.b if won == m.a else m.a)
        return [e for e in range(len(self.entrants)) if e not in self.withdrawn and e not in beaten]

    def entrant_of(self, user_id: int) -> int | None:
        return next((k for k, e in enumerate(self.entrants) if user_id in e.users), None)

    def swiss_history(self) -> list[list[SwissGame]]:
        history: list[list[SwissGame]] = [[] for _ in self.entrants]
        for matches in self.played:
            for m in matches:
                if m.result is None:
                    continue
                if m.a is not None and m.b is None:
                    history[m.a].append(SwissGame(None, WIN))
                elif m.a is not None and m.b is not None:
                    a, b = {"a": (WIN, LOSS), "b": (LOSS, WIN)}.get(m.result, (DRAW, DRAW))
                    history[m.a].append(SwissGame(m.b, a))
                    history[m.b].append(SwissGame(m.a, b))
        return history

    def standing(self) -> list[int]:
        """The entrants in order: Swiss by points and tie-break; a knockout's winner first, then by seed."""
        if self.format == "swiss":
            return swiss_ranking(self.swiss_history())
        order = list(range(len(self.entrants)))
        return sorted(order, key=lambda e: (e != self.winner, e))


# -- pure helpers ---------------------------------------------------------------------------------------
def team_size(game_id: str) -> int:
    """1 for a game two can play (one against one), 2 for one played by four in partnerships (each entrant a
    team), 0 for a game with neither table (four playing each for themselves)."""
    info = game_info(game_id)
    if 2 in info.players:
        return 1
    if 4 in info.players and info.sides(4) == ((0, 2), (1, 3)):
        return 2
    return 0


def _entrant(d: Mapping[str, Any]) -> Entrant:
    return Entrant(tuple(d["users"]), tuple(d["names"]), float(d.get("rating", 0.0)))


def _entrant_json(e: Entrant) -> dict[str, Any]:
    return {"users": list(e.users), "names": list(e.names), "rating": e.rating}


def _match(d: Mapping[str, Any]) -> MatchInfo:
    return MatchInfo(d["a"], d["b"], d.get("lobby"), d.get("game"), d.get("result"), bool(d.get("forfeit")))


def _match_json(m: MatchInfo, opening: float | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"a": m.a, "b": m.b, "lobby": m.lobby_id, "game": m.game_no, "result": m.result}
    if m.forfeit:
        out["forfeit"] = True
    if opening is not None:
        out["opening"] = opening
    return out


def tournament_of(row: TournamentRow) -> Tournament:
    assert row.tournament_id is not None
    state = row.state
    return Tournament(
        row.tournament_id,
        row.guild_id,
        row.channel_id,
        row.created_by,
        row.game_id,
        row.format,
        row.rounds,
        dict(row.options),
        row.status,
        tuple(_entrant(e) for e in state.get("entrants", ())),
        frozenset(state.get("withdrawn", ())),
        tuple(tuple(_match(m) for m in r) for r in state.get("rounds", ())),
        state.get("winner"),
        row.message_id,
        state.get("cancelled_by"),
    )


def _decided(m: Mapping[str, Any]) -> dict[str, Any]:
    """A bye is won at once."""
    if m["result"] is None and (m["a"] is None) != (m["b"] is None):
        return {**m, "a": m["a"] if m["a"] is not None else m["b"], "b": None, "result": "a"}
    return dict(m)


def _next_matches(t: Tournament) -> list[dict[str, Any]] | None:
    """The next round's matches, or None when the tournament is over (the winner is then `_winner`)."""
    if t.format == "knockout":
        if not t.played:
            return [{"a": a, "b": b, "result": None} for a, b in knockout_first_round(len(t.entrants))]
        last = t.played[-1]
        if len(last) == 1:
            return None
        winners = [knockout_winner(m.a, m.b, m.result) for m in last]
        return [{"a": a, "b": b, "result": None} for a, b in next_round(winners)]
    if len(t.played) >= t.rounds:
        return None
    pairs = swiss_pairings(t.swiss_history(), t.withdrawn)
    if len([p for p in pairs if p[1] is not None]) == 0:
        return None  # fewer than two left to play: it ends here
    return [{"a": a, "b": b, "result": None} for a, b in pairs]


@dataclass(frozen=True, slots=True)
class News:
    """A round's picture, the winner or a cancellation, claimed for telling. `retold`: an earlier claim of it
    was never settled (a crash or a lost answer after posting, perhaps), so the teller looks for it among its
    recent messages before posting; the first claim posts at once. Not "since when": several claims in a row
    may have died, and the post may be the first one's, so the post is recognised by what it says."""

    tournament: Tournament
    retold: bool = False


def _due(t: Tournament) -> int:
    """What there is to tell, as the round number `told_round` reaches once it is told."""
    if t.status == "cancelled":
        return CANCELLED_ROUND
    return t.round_done + (1 if t.winner is not None else 0)


def _check_not_cancelled(t: Tournament) -> None:
    if t.status == "cancelled":
        raise TournamentCancelled(f"tournament {t.tournament_id} was cancelled", tournament=t.tournament_id)


def _winner(t: Tournament) -> int | None:
    if t.format == "knockout":
        final = t.played[-1][0]
        return knockout_winner(final.a, final.b, final.result)
    return swiss_ranking(t.swiss_history())[0]


def _forfeits(matches: list[dict[str, Any]], withdrawn: set[int]) -> list[dict[str, Any]]:
    """A withdrawn entrant loses the matches not yet decided (both withdrawn: a tie)."""
    out = []
    for m in matches:
        if m["result"] is None and m["b"] is not None and (m["a"] in withdrawn or m["b"] in withdrawn):
            gone_a, gone_b = m["a"] in withdrawn, m["b"] in withdrawn
            m = {**m, "result": "tie" if gone_a and gone_b else "b" if gone_a else "a", "forfeit": True}
        out.append(m)
    return out


# -- the service's part ---------------------------------------------------------------------------------
class Tournaments:
    """A server's tournaments, for the table service (`TableService.tournaments`)."""

    def __init__(
        self,
        store: StoreInterface,
        clock: Callable[[], float],
        lobbies: Lobbies,
        games: Games,
    ) -> None:
        self._store = store
        self._clock = clock
        self._lobbies = lobbies
        # a table the bot opened, started (one started already: as it is); a player leaving a game (a computer
        # takes the seat)
        self._games = games
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)  # one process's changes in turn
        # The tournaments signing up or running (None: ask the store). Where one process holds the store it
        # knows every change, so a sweep with none reads nothing at all, as the seasons' and rematches' do.
        self._live: set[int] | None = None

    # -- creating and signing up ----------------------------------------------------------------------
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        user_id: int,
        game_id: str,
        fmt: str,
        rounds: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Tournament:
        """A tournament open for signing up. `rounds`: a Swiss tournament's (None: enough for one unbeaten
        winner of those who sign up); a knockout has as many as its entrants need. `options`: the game's,
        checked as a lobby checks them (BadOption)."""
        if game_id not in GAMES or fmt not in FORMATS:
            raise BadTournament(f"no {fmt} tournament of {game_id}", game=game_id)
        if rounds is not None and not 1 <= rounds <= MAX_SWISS_ROUNDS:
            raise BadTournament(f"{rounds} rounds: 1 to {MAX_SWISS_ROUNDS}", game=game_id)
        info = game_info(game_id)
        if not team_size(game_id):
            raise BadTournament(f"{game_id} has no one-against-one table", game=game_id)
        chosen = {o: check_option(info, o, v) for o, v in (options or {}).items()}
        if team_size(game_id) == 2 and any(o.id == "partners" for o in info.options):
            chosen.setdefault("partners", "by_agreement")  # the teams sit as they signed up
        row = TournamentRow(
            None, guild_id, channel_id, user_id, self._clock(), game_id, fmt, rounds or 0, chosen, "signup",
            {"entrants": [], "withdrawn": [], "rounds": [], "winner": None},
        )  # fmt: skip
        try:
            tournament_id = await self._store.create_tournament(row)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        if self._live is not None:
            self._live.add(tournament_id)
        return tournament_of(replace(row, tournament_id=tournament_id))

    async def get(self, tournament_id: int, guild_id: int | None = None) -> Tournament:
        row = await self._store.tournament(tournament_id)
        if row is None or (guild_id is not None and row.guild_id != guild_id):
            raise TournamentNotFound(f"no tournament {tournament_id}", tournament=tournament_id)
        return tournament_of(row)

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        async with self._locked(tournament_id) as row:
            await self._save(replace(row, message_id=message_id))

    async def sign_up(self, tournament_id: int, players: Sequence[Player]) -> Tournament:
        """Sign up a player (or a team: the first signs up their partner too) while signing up is open."""
        async with self._locked(tournament_id) as row:
            t = tournament_of(row)
            _check_not_cancelled(t)
            if t.status != "signup":
                raise SignupClosed(f"tournament {tournament_id} is {t.status}", tournament=tournament_id)
            users = [p.user_id for p in players]
            if t.team_size == 1 and len(players) > 1:
                raise PlayedAlone(f"{t.game_id} is played one against one here", tournament=tournament_id)
            if len(players) != t.team_size or len(set(users)) != len(users):
                raise TeamNeeded(f"entrants of {t.game_id} are teams of {t.team_size}", size=t.team_size)
            if any(t.entrant_of(u) is not None for u in users):
                raise AlreadySignedUp(f"already in tournament {tournament_id}", tournament=tournament_id)
            if len(t.entrants) >= MAX_ENTRANTS:
                raise TournamentFull(f"tournament {tournament_id} is full", most=MAX_ENTRANTS)
            entrant = Entrant(tuple(users), tuple(p.name for p in players))
            state = {**row.state, "entrants": [*row.state["entrants"], _entrant_json(entrant)]}
            return await self._save(replace(row, state=state))

    async def withdraw(self, tournament_id: int, user_id: int) -> tuple[Tournament, list[Notification]]:
        """Leave: while signing up, the entrant is struck off; once running, they are paired no more and lose
        the matches not yet decided, and leave the table of the match being played as a resignation does (a
        computer plays their seats: the others play on, the match lost already)."""
        async with self._locked(tournament_id) as row:
            t = tournament_of(row)
            _check_not_cancelled(t)
            entrant = t.entrant_of(user_id)
            if entrant is None or entrant in t.withdrawn or t.status not in ("signup", "running"):
                raise NotSignedUp(f"user {user_id} is not in tournament {tournament_id}", tournament=tournament_id)
            if t.status == "signup":
                entrants = [e for k, e in enumerate(row.state["entrants"]) if k != entrant]
                return await self._save(replace(row, state={**row.state, "entrants": entrants})), []
            playing = [
                k
                for k, m in enumerate(t.played[-1] if t.played else ())
                if entrant in (m.a, m.b) and m.result is None and m.game_no is not None
            ]
            withdrawn = {*t.withdrawn, entrant}
            rounds = [*row.state["rounds"]]
            if rounds:
                rounds[-1] = _forfeits(rounds[-1], withdrawn)
            state = {**row.state, "withdrawn": sorted(withdrawn), "rounds": rounds}
            t = await self._save(replace(row, state=state))
        notes: list[Notification] = []
        for k in playing:
            notes += await self._leave_table(t, t.played[-1][k])
        return t, notes

    async def cancel(self, tournament_id: int, user_id: int, may_manage: bool = False) -> Tournament:
        """Its organiser, or a member who may manage the server (`may_manage`, as the cog knows), cancels it:
        no more rounds open, the tables being played play on without counting, and the channel is told once
        (`claim`). Once across processes: decided under the row's lock."""
        async with self._locked(tournament_id) as row:
            t = tournament_of(row)
            if user_id != t.created_by and not may_manage:
                raise MayNotCancel(f"user {user_id} may not cancel tournament {tournament_id}")
            _check_not_cancelled(t)
            if t.status not in ("signup", "running"):
                raise TournamentOver(f"tournament {tournament_id} is {t.status}", tournament=tournament_id)
            state = {**row.state, "cancelled_by": user_id}
            return await self._save(replace(row, status="cancelled", state=state))

    async def of_guild(self, guild_id: int) -> list[Tournament]:
        """A server's latest tournaments, the newest first."""
        try:
            return [tournament_of(row) for row in await self._store.guild_tournaments(guild_id)]
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    # -- playing --------------------------------------------------------------------------------------
    async def begin(self, tournament_id: int, user_id: int) -> tuple[Tournament, list[Notification]]:
        """The organiser starts it: the entrants seeded by rating (a team by its players' mean), the first
        round's tables opened and started."""
        async with self._locked(tournament_id) as row:
            t = tournament_of(row)
            _check_not_cancelled(t)
            if user_id != t.created_by:
                raise NotTheOrganiser(f"user {user_id} did not create tournament {tournament_id}")
            if t.status != "signup":
                raise SignupClosed(f"tournament {tournament_id} is {t.status}", tournament=tournament_id)
            if len(t.entrants) < 2:
                raise TooFewEntrants(f"tournament {tournament_id} has {len(t.entrants)} entrants", least=2)
            pool = rating_pool(t.game_id, 2 * t.team_size)
            users = [u for e in t.entrants for u in e.users]
            ratings = await self._store.ratings(t.guild_id, pool, users)
            start = default_ordinal()

            def rating(e: Entrant) -> float:
                return sum(ratings[u].ordinal if u in ratings else start for u in e.users) / len(e.users)

            seeded = sorted((replace(e, rating=rating(e)) for e in t.entrants), key=lambda e: -e.rating)  # stable
            rounds = (
                knockout_rounds(len(seeded)) if t.format == "knockout" else t.rounds or swiss_rounds_for(len(seeded))
            )
            state = {**row.state, "entrants": [_entrant_json(e) for e in seeded]}
            await self._row_saved(replace(row, status="running", rounds=rounds, state=state))
        return await self.advance(tournament_id)

    async def advance(self, tournament_id: int) -> tuple[Tournament, list[Notification]]:
        """Bring a running tournament up to date: results of ended tables taken, the next round decided when
        the last is over (or the winner), and the tables still to open opened. Idempotent."""
        results = await self._results(tournament_id)
        now = self._clock()
        async with self._locked(tournament_id) as row:
            if row.status != "running":
                return tournament_of(row), []
            known = tournament_of(row)
            if known.winner is not None and row.told_round >= _due(known):
                # Its winner was told, and the process died before `told` finished it: finished now.
                return await self._save(replace(row, status="finished")), []
            state = dict(row.state)
            rounds = [list(r) for r in state["rounds"]]
            if rounds:
                rounds[-1] = [
                    {**m, "result": results.get(m.get("game")) or m["result"]} if m["result"] is None else m
                    for m in rounds[-1]
                ]
                rounds[-1] = _forfeits(rounds[-1], set(state["withdrawn"]))
            state["rounds"] = rounds
            t = tournament_of(replace(row, state=state))
            if state.get("winner") is None and (not rounds or all(m["result"] is not None for m in rounds[-1])):
                matches = _next_matches(t)
                if matches is None:
                    state["winner"] = _winner(t)
                else:
                    matches = _forfeits([_decided(m) for m in matches], set(state["withdrawn"]))
                    rounds.append(matches)
            to_open = []
            if rounds and state.get("winner") is None:
                for k, m in enumerate(rounds[-1]):
                    if m["result"] is None and m.get("game") is None and m.get("opening", 0) <= now - OPENING_LEASE:
                        rounds[-1][k] = {**m, "opening": now}
                        to_open.append(k)
            row = await self._row_saved(replace(row, state=state))
        notes: list[Notification] = []
        for k in to_open:
            notes += await self._open(tournament_id, len(row.state["rounds"]), k)
        return await self.get(tournament_id), notes

    async def sweep(self) -> list[tuple[Tournament, list[Notification]]]:
        """Advance every running tournament whose tables have moved on (one call per tournament); a cancelled
        one not told so yet comes too, with nothing to advance (its caller claims its telling)."""
        if self._store.shared or self._live is None:
            self._live = set(await self._store.live_tournaments())
        out: list[tuple[Tournament, list[Notification]]] = []
        for tournament_id in sorted(self._live):
            try:
                row = await self._store.tournament(tournament_id)
                if row is not None and row.status == "cancelled" and row.told_round < CANCELLED_ROUND:
                    out.append((tournament_of(row), []))
                if row is None or row.status != "running":
                    continue
                out.append(await self.advance(tournament_id))
            except TableError:
                log.warning("tournament %s could not advance", tournament_id, exc_info=True)
        return out

    async def claim(self, tournament_id: int) -> Tournament | None:
        """The tournament if a round ended (or its winner is known, or it was cancelled) that nobody has told
        yet, claimed for telling until the lease ends; the caller posts it, then calls `told`."""
        claimed = await self.claim_news(tournament_id)
        return None if claimed is None else claimed.tournament

    async def claim_news(self, tournament_id: int) -> News | None:
        """`claim`, saying also whether an earlier claim of the same news may have posted it (`News.retold`)."""
        row = await self._store.tournament(tournament_id)
        if row is None or row.status not in ("running", "cancelled"):
            return None
        t = tournament_of(row)
        due = _due(t)
        if due <= row.told_round:
            return None
        claim = await self._store.claim_tournament_round(tournament_id, due, self._clock(), TELL_LEASE)
        if claim is None:
            return None
        return News(t, retold=claim.previous is not None)

    async def told(self, t: Tournament) -> None:
        """A claimed round was posted: the last (its winner told) finishes the tournament; a cancellation told
        is the tournament's last word."""
        await self._store.tournament_round_told(t.tournament_id, _due(t))
        if t.status == "cancelled" and self._live is not None:
            self._live.discard(t.tournament_id)
        if t.winner is not None and t.status == "running":
            async with self._locked(t.tournament_id) as row:
                if row.status == "running":
                    await self._save(replace(row, status="finished"))

    # -- inside -----------------------------------------------------------------------------------------
    @asynccontextmanager
    async def _locked(self, tournament_id: int) -> AsyncIterator[TournamentRow]:
        """This process's lock, then the row's (PostgreSQL: FOR UPDATE until the block ends)."""
        try:
            async with self._locks[tournament_id], self._store.locked_tournament(tournament_id) as row:
                if row is None:
                    raise TournamentNotFound(f"no tournament {tournament_id}", tournament=tournament_id)
                yield row
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc

    async def _row_saved(self, row: TournamentRow) -> TournamentRow:
        try:
            await self._store.save_tournament(row)
        except StoreError as exc:
            raise StoreFailed(str(exc)) from exc
        if row.status == "finished" and self._live is not None:  # a cancelled one: once told (`told`)
            self._live.discard(row.tournament_id or 0)
        return row

    async def _save(self, row: TournamentRow) -> Tournament:
        return tournament_of(await self._row_saved(row))

    async def _results(self, tournament_id: int) -> dict[int, str]:
        """How the current round's ended tables went, by game: 'a', 'b' or 'tie'."""
        t = await self.get(tournament_id)
        out: dict[int, str] = {}
        for m in t.played[-1] if t.played else ():
            if m.result is not None or m.game_no is None:
                continue
            stored = await self._store.load_game(m.game_no)
            if stored is None or stored.row.status == "active":
                continue
            won = {r.seat for r in await self._store.result_rows(m.game_no) if r.won}
            size = t.team_size
            a_won = any(2 * k in won for k in range(size))  # entrant a sits at the even seats, b at the odd
            b_won = any(2 * k + 1 in won for k in range(size))
            out[m.game_no] = "a" if a_won and not b_won else "b" if b_won and not a_won else "tie"
        return out

    async def _open(self, tournament_id: int, round_no: int, k: int) -> list[Notification]:
        """Open and start match `k` of round `round_no`: entrant a's players at the even seats, b's at the
        odd, so partners sit opposite; then note where it is played. Opened under its origin key, so a second
        opening of the match (after a crash, or by a slower process) is the same table."""
        t = await self.get(tournament_id)
        m = t.played[round_no - 1][k]
        if t.status != "running" or m.result is not None or m.game_no is not None:
            return []  # cancelled, decided by a withdrawal, or noted by another process meanwhile
        assert m.a is not None and m.b is not None
        a, b = t.entrants[m.a], t.entrants[m.b]
        seats = []
        for k_seat in range(len(a.users)):  # a, b, a, b: partners opposite
            seats += [SeatRow(a.users[k_seat], a.names[k_seat]), SeatRow(b.users[k_seat], b.names[k_seat])]
        host = a.users[0]
        origin = f"tournament:{tournament_id}:{round_no}:{k + 1}"
        try:
            opened = await self._lobbies.open_seated(
                t.guild_id, t.channel_id, host, t.game_id, t.options, seats, origin=origin
            )
            notes: list[Notification] = [opened]
            if opened.lobby.status == "open":
                notes += await self._games.start_opened(opened.lobby.lobby_id, host)
        except TableError:
            log.warning(
                "tournament %s: round %s table %s could not open", tournament_id, round_no, k + 1, exc_info=True
            )
            return []
        changed = [n for n in notes if isinstance(n, LobbyChanged)]
        lobby = changed[-1].lobby if changed else opened.lobby
        async with self._locked(tournament_id) as row:
            rounds = [list(r) for r in row.state["rounds"]]
            match = {**rounds[round_no - 1][k], "lobby": lobby.lobby_id, "game": lobby.game_no}
            match.pop("opening", None)
            if lobby.game_no is None and match["result"] is None:  # its table was cancelled unstarted
                match["result"] = "tie"  # as an abandoned game counts
            rounds[round_no - 1][k] = match
            t = await self._save(replace(row, state={**row.state, "rounds": rounds}))
        decided = t.played[round_no - 1][k]
        if decided.forfeit:  # a withdrawal came while it opened: they leave the table it opened
            notes += await self._leave_table(t, decided)
        return notes

    async def _leave_table(self, t: Tournament, m: MatchInfo) -> list[Notification]:
        """The withdrawn entrants of a match being played leave its table as a resignation does: a computer
        plays their seats to the end (the match is lost already)."""
        notes: list[Notification] = []
        if m.game_no is None:
            return notes
        for e in (m.a, m.b):
            if e is None or e not in t.withdrawn:
                continue
            for user_id in t.entrants[e].users:
                try:
                    notes += await self._games.withdraw(m.game_no, user_id)
                except TableError as exc:  # over, or they resigned already
                    log.info(
                        "tournament %s: user %s keeps no seat in game %s (%s)",
                        t.tournament_id,
                        user_id,
                        m.game_no,
                        exc.key,
                    )
        return notes
