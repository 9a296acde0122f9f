"""Telling again from the log what a crash or a failed post left untold.

The notifications of an action are made from the game just after it and the engine's events for it, so
they can be made again at any time by replaying the action log: the board lines, the hands and the game's end exactly as
they were first told. Hands go to whoever acted in what is retold and whoever is to act now (everyone,
when a hand was dealt), with the game as it stands now. A request to take back an action is told as it
stands now (its question posted, or redrawn), once for all its untold changes; a watcher whose DMs are
closed, that they follow the table where it is played.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bot.engine import UNDO, new_game
from data import OutboxEntry, StoredGame, StoreInterface, UndoRow

from ..models import RatingChange
from ..standings.ratings import side_results
from ..telling.notifications import (
    GameAbandoned,
    HandChanged,
    SeatHandedToComputer,
    ServerLeft,
    TableNotification,
    TableOpened,
    TurnReminder,
    WatcherDMsClosed,
)
from ..telling.outbox import Key
from .table import Table
from .turns import action_notes, undo_note
from .undos import status_now, told


async def retell(
    store: StoreInterface, live: Table | None, game_no: int, entries: Iterable[OutboxEntry]
) -> tuple[list[TableNotification], list[Key]]:
    """The notifications of a game's untold entries, in the order they happened, and the keys of entries
    that no longer have anything to tell (a reminder for a turn already played, a hand after the end)."""
    entries = sorted(entries, key=lambda e: (e.turn, e.kind != "opened"))
    stored = await store.load_game(game_no)
    if stored is None:
        return [], [e.key for e in entries]
    changes: tuple[RatingChange, ...] = ()
    hinted = False
    if stored.row.status == "finished":
        hinted = bool(await store.hint_uses(game_no))
        changes = tuple(
            RatingChange(r.user_id, r.seat, r.rating_before, r.rating_after)
            for r in await store.result_rows(game_no)
            if r.user_id is not None and r.rating_before is not None and r.rating_after is not None
        )
    lobby_id = stored.row.lobby_id
    offered = live.hints if live is not None else lobby_id is not None and await store.table_hints(lobby_id)
    requests = await store.undo_requests_of(game_no, {e.user_id for e in entries if e.kind == "undo"})
    watching: set[int] | None = None
    if stored.row.lobby_id is not None and any(e.kind == "watcher" for e in entries):
        watching = {w.user_id for w in await store.watchers(stored.row.lobby_id)}
    out, obsolete, table = _retell(stored, live, entries, changes, hinted, offered)
    out += _questions(table, entries, requests, obsolete)
    out += _watchers(table, entries, watching, obsolete)
    return out, obsolete


def _retell(
    stored: StoredGame,
    live: Table | None,
    entries: list[OutboxEntry],
    changes: tuple[RatingChange, ...],
    hinted: bool = False,
    offered: bool = False,
) -> tuple[list[TableNotification], list[Key], Table]:
    row = stored.row
    state = new_game(row.game_id, row.players, row.options, seed=row.seed, deal=row.deals)
    table = Table(row, state)
    table.hints = offered  # as its boards said when first told
    if live is not None:  # where the game is shown now (its thread, its board) is what matters
        table.channel_id, table.thread_id = live.channel_id, live.thread_id
        table.board_message_id = live.board_message_id
    actions = {e.turn for e in entries if e.kind == "action"}
    at_turn: dict[int, list[OutboxEntry]] = {}
    for e in entries:
        if e.kind in ("opened", "resigned", "abandoned", "left"):
            at_turn.setdefault(e.turn, []).append(e)
    out: list[TableNotification] = []
    obsolete: list[Key] = []
    movers: set[int] = set()
    dealt = False
    last = len(stored.actions)

    def said_at(turn: int) -> None:
        for e in at_turn.pop(turn, ()):
            if e.kind == "opened":
                out.append(TableOpened(table.info(), table.view(None), turn, table.seating))
            elif e.kind == "resigned":
                seat = next((s.index for s in table.seats if s.replaced_user_id == e.user_id), None)
                if seat is None:
                    obsolete.append(e.key)
                else:
                    out.append(SeatHandedToComputer(table.info(), seat, e.user_id, turn))
            elif e.kind == "left":
                out.append(ServerLeft(table.info(), e.user_id, turn))
            else:
                out.append(GameAbandoned(table.info(), e.user_id, turn))

    for turn, ((seat, action), kind) in enumerate(zip(stored.actions, stored.kinds, strict=True)):
        said_at(turn)
        if turn not in actions:
            state.act(seat, action)
            continue
        if action == UNDO:
            events = state.act(seat, action)
            out.append(undo_note(table, seat, events))
            movers.add(seat)
            dealt = True  # every hand's controls are for a position that is gone
            continue
        hands_before = len(state.hands)
        events = state.act(seat, action)  # the same events as when it was first applied
        points = tuple(state.steps[-1].points)
        ended = (side_results(state.result), changes, hinted) if state.is_over else None
        out += action_notes(table, seat, action, points, kind, events, hands_before, ended)
        movers.add(seat)
        dealt = dealt or len(state.hands) > hands_before
    said_at(last)
    obsolete += [e.key for rest in at_turn.values() for e in rest]  # past the log's end: cannot be
    out += _hands(table, entries, movers, dealt, obsolete)
    return out, obsolete, table


def _questions(
    table: Table, entries: list[OutboxEntry], requests: list[UndoRow], obsolete: list[Key]
) -> list[TableNotification]:
    """Each request with untold changes, as it stands now, told by its newest untold change (the older ones
    need no telling of their own: the question shows the newest)."""
    steps: dict[int, list[OutboxEntry]] = {}
    for e in entries:
        if e.kind == "undo":
            steps.setdefault(e.user_id, []).append(e)
    out: list[TableNotification] = []
    for row in requests:
        mine = sorted(steps.pop(row.request), key=lambda e: e.turn)
        obsolete += [e.key for e in mine[:-1]]
        out.append(told(table, replace(row, status=status_now(table, row)), mine[-1].turn))
    obsolete += [e.key for rest in steps.values() for e in rest]  # of a request that is not there
    return out


def _watchers(
    table: Table, entries: list[OutboxEntry], watching: set[int] | None, obsolete: list[Key]
) -> list[TableNotification]:
    """Watchers whose DMs are closed, told that they follow the table here (unless they stopped watching it)."""
    over = table.status != "active"
    out: list[TableNotification] = []
    for e in entries:
        if e.kind != "watcher":
            continue
        if over or (watching is not None and e.user_id in watching):
            out.append(WatcherDMsClosed(table.info(), e.user_id, e.turn, over))
        else:
            obsolete.append(e.key)
    return out


def _hands(
    table: Table, entries: list[OutboxEntry], movers: set[int], dealt: bool, obsolete: list[Key]
) -> list[TableNotification]:
    """Each player's hand as it stands now, for whoever acted in what is retold, is to act now, or had a hand
    or a reminder left untold; and the reminder still due."""
    state = table.state
    hands = [e for e in entries if e.kind == "hand"]
    reminders = [e for e in entries if e.kind == "reminder"]
    if table.status != "active":
        obsolete += [e.key for e in (*hands, *reminders)]
        return []
    to_act = set(table.candidates())
    # Whoever is to act hears of it when something was retold; a reminder alone changes nobody's hand.
    seats = {s.index for s in table.humans()} if dealt else movers | (to_act if movers else set())
    seats |= {s for e in hands if (s := table.seat_of(e.user_id)) is not None}
    out: list[TableNotification] = []
    for seat in sorted(seats):
        user_id = table.seats[seat].user_id
        if user_id is not None:
            out.append(
                HandChanged(
                    table.info(), user_id, seat, state.view(seat), seat in to_act, state.log_length, table.deadline
                )
            )
    told = {n.user_id for n in out if isinstance(n, HandChanged)}
    obsolete += [e.key for e in hands if e.user_id not in told]
    for e in reminders:
        reminded = table.seat_of(e.user_id)
        if e.turn == state.log_length and reminded is not None and reminded in to_act and table.deadline is not None:
            out.append(TurnReminder(table.info(), e.user_id, reminded, e.turn, table.deadline))
        else:
            obsolete.append(e.key)
    return out
