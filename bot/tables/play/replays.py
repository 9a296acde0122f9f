"""Replays of ended games (`/replay`): every position of a game as the public saw it, what each seat held
there, and what the table was told: each play's board line, each hand's result, the game's end.

A replay is built once from the action log and kept: an ended game never changes, so every viewer of it
(and every step of each) reads the same positions and no step replays the game. Games still in play are
refused (`GameNotOver`): what each seat holds is the one thing a replay shows that the table did not, and
it is shown only once nobody can use it. A game of another server is not found, as for `/history`.

A replay is a list of *frames*, what a viewer steps through:

- `deal`: a hand's deal, before its first play (the game's first position, or the one after the action
  that ended the hand before);
- `play`: the position an action left;
- `hand_end`: the action that ended a hand, with the hand's result (what everyone still held, as the
  table told it), followed by the next hand's `deal` frame at the same position;
- `game_end`: the action that ended the game (with the last hand's result).

An abandoned game ends on the `play` frame of its last action.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from bot.engine import EngineError, Result, View, new_game
from bot.engine.records import record_of
from data import StoredGame, StoreInterface

from ..errors import GameNotFound, GameNotOver, NotAPlayer
from ..models import GameHistory, SideResult, TableInfo
from ..standings.ratings import side_results
from ..telling.notifications import BoardChanged, HandEnded
from .table import Table, in_play, replay

# Replays kept, the newest: a finished game is shared by its viewers, and every click on a viewer's button
# reads it again. At most CACHED of them, and at most KEPT_POSITIONS positions in all (a position, with each
# seat's holding and its play, takes 5 to 8 KB: `python -m benchmarks.replays`), so a few very long games
# take the place of many short ones; the newest is kept whatever its length.
CACHED = 16
KEPT_POSITIONS = 3_000


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """One step of a replay: the position it shows (after `position` actions) and what happened there."""

    position: int
    kind: str  # deal, play, hand_end, game_end
    hand_no: int  # the hand the frame belongs to (1-based): a hand's end belongs to the hand it ended
    play: BoardChanged | None = None  # the action that made the position (None for a deal)
    hands_ended: tuple[HandEnded, ...] = ()  # the hands that action ended (two where a redeal follows at once)


@dataclass(frozen=True, slots=True)
class GameReplay:
    """An ended game, ready to step through. `sides` (the final places) is None for an abandoned game;
    `words.standings` and `words.winners` read a replay as they read the `GameEnded` of the game."""

    table: TableInfo
    positions: tuple[View, ...]  # public, position k after k actions
    holdings: tuple[tuple[tuple[Any, ...], ...], ...]  # per position, per seat: the tiles or cards held
    frames: tuple[ReplayFrame, ...]
    result: Result
    sides: tuple[SideResult, ...] | None
    hands: int  # hands played (dealt), the last one included

    @property
    def finished(self) -> bool:
        return self.sides is not None

    def hand_start(self, frame: int) -> int:
        """The deal frame of the hand frame `frame` belongs to (a hand's end belongs to the hand it ended)."""
        return max(k for k in range(frame + 1) if self.frames[k].kind == "deal")

    def hand_end(self, frame: int) -> int:
        """The frame that ends the hand frame `frame` belongs to (the last frame, for a game abandoned in it)."""
        ends = [k for k in range(frame, len(self.frames)) if self.frames[k].kind in ("hand_end", "game_end")]
        return ends[0] if ends else len(self.frames) - 1

    def previous_hand(self, frame: int) -> int:
        """The deal of frame `frame`'s hand, or of the hand before when it is that deal already."""
        start = self.hand_start(frame)
        return start if start < frame or start == 0 else self.hand_start(start - 1)

    def next_hand(self, frame: int) -> int:
        """The end of frame `frame`'s hand (its result), or of the next hand when it is that end already."""
        end = self.hand_end(frame)
        return end if end > frame or end == len(self.frames) - 1 else self.hand_end(end + 1)

    def hand_positions(self, frame: int) -> tuple[View, ...]:
        """The positions of frame `frame`'s hand, from its deal to the action that ended it: what an animated
        summary of the hand shows."""
        first, last = self.frames[self.hand_start(frame)].position, self.frames[self.hand_end(frame)].position
        return self.positions[first : last + 1]


def build_replay(stored: StoredGame) -> GameReplay:
    """The replay of a stored game (any status: the caller refuses the ones still in play). EngineError if
    its log does not replay."""
    row = stored.row
    state = new_game(row.game_id, row.players, row.options, seed=row.seed, deal=row.deals)
    table = Table(row, state).info()
    players = state.players

    def holding() -> tuple[tuple[Any, ...], ...]:
        return tuple(tuple(state.view(seat).hand or ()) for seat in range(players))

    positions = [state.view(None)]
    holdings = [holding()]
    frames = [ReplayFrame(0, "deal", positions[0].hand_no)]
    # The game as played: an action taken back, and its undoing, are no step of the replay (the game went
    # on as if neither was played; the record keeps them).
    kept = in_play(stored.actions)
    for k, index in enumerate(kept, start=1):
        seat, action = stored.actions[index]
        before = positions[-1]
        events = state.apply(seat, action)
        view = state.view(None)
        positions.append(view)
        holdings.append(holding())
        step = state.steps[-1]
        actors = () if state.is_over else state.actors
        play = BoardChanged(
            table=table,
            view=view,
            seat=seat,
            user_id=table.seats[seat].user_id,
            action=state.format_action(step.action),
            points=tuple(step.points),
            kind=stored.kinds[index] if index < len(stored.kinds) else "player",
            turn=k,
            next_seats=tuple(actors),
            next_user_ids=tuple(table.seats[s].user_id for s in actors),
            deadline=None,
            events=tuple(events),
        )
        done = len(before.hands)
        ended = tuple(
            HandEnded(table, done + i + 1, hand, tuple(view.scores), tuple(view.hands[: done + i + 1]))
            for i, hand in enumerate(view.hands[done:])
        )
        if view.over:
            frames.append(ReplayFrame(k, "game_end", before.hand_no, play, ended))
        elif ended:
            frames.append(ReplayFrame(k, "hand_end", before.hand_no, play, ended))
            frames.append(ReplayFrame(k, "deal", view.hand_no))
        else:
            frames.append(ReplayFrame(k, "play", view.hand_no, play))
    return GameReplay(
        table=table,
        positions=tuple(positions),
        holdings=tuple(holdings),
        frames=tuple(frames),
        result=state.result,
        sides=side_results(state.result) if state.is_over else None,
        hands=positions[-1].hand_no,
    )


class Replays:
    """Ended games looked back at (`TableService.replays`): their replays, keeping the last few built, and
    their history."""

    def __init__(self, store: StoreInterface) -> None:
        self._store = store
        self._built: OrderedDict[int, GameReplay] = OrderedDict()

    def _positions(self) -> int:
        return sum(len(replay.positions) for replay in self._built.values())

    async def open(self, game_no: int, guild_id: int | None = None) -> GameReplay:
        """An ended game to step through (`/replay`), for anyone on its server `guild_id`: every position as
        the public saw it and what each seat held there. GameNotFound for no such game here, GameNotOver
        while it is played (the hands are still secret)."""
        built = self._built.get(game_no)
        if built is not None and (guild_id is None or built.table.guild_id == guild_id):
            self._built.move_to_end(game_no)
            return built
        stored = await self._store.load_game(game_no)
        if stored is None or (guild_id is not None and stored.row.guild_id != guild_id):
            raise GameNotFound(f"no game {game_no}", game_no=game_no)
        if stored.row.status == "active":
            raise GameNotOver(f"game {game_no} is still being played", game=game_no)
        try:
            built = build_replay(stored)
        except EngineError as exc:  # a log that no longer replays (an engine change): nothing to show
            raise GameNotFound(f"game {game_no} does not replay: {exc}", game_no=game_no) from exc
        self._built[game_no] = built
        while len(self._built) > 1 and (len(self._built) > CACHED or self._positions() > KEPT_POSITIONS):
            self._built.popitem(last=False)
        return built

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
