"""No public notification ever shows a tile that is in a hand or the boneyard.

Every tile a public notification names (in any field, action texts included) must lie on the table in that
same public view; tiles are unique, so such a tile is in no hand and not in the boneyard. Finished hands
(shown at their end), the draw for the lead and the draw for seats are public by the rules and are skipped,
and so is the play that ended a hand: its view already shows the next deal's empty table.
"""

from __future__ import annotations

import dataclasses
import re

from bot.engine import HandResult
from bot.tables import (
    BoardChanged,
    GameAbandoned,
    GameEnded,
    HandChanged,
    HandEnded,
    Notification,
    SeatHandedToComputer,
    SeatingDraw,
    TableOpened,
    TurnReminder,
)
from tests.tables.conftest import Harness

TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")
PUBLIC_BY_RULE = {"lead_draw", "hands", "seating"}


def _tile(a: int, b: int) -> tuple[int, int]:
    return (max(a, b), min(a, b))


def _mentioned(value: object, out: set[tuple[int, int]], field: str = "", skip: frozenset[str] = frozenset()) -> None:
    if field in PUBLIC_BY_RULE or field in skip or isinstance(value, HandResult | SeatingDraw):
        return
    if isinstance(value, str):
        out.update(_tile(int(a), int(b)) for a, b in TILE.findall(value))
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            _mentioned(getattr(value, f.name), out, f.name, skip)
    elif isinstance(value, dict):
        for k, v in value.items():
            _mentioned(v, out, str(k), skip)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            _mentioned(v, out, field, skip)


def _check_public(note: Notification, following: Notification | None) -> int:
    view = getattr(note, "view", None)
    on_table = set()
    skip: frozenset = frozenset()
    if view is not None:
        assert view.seat is None and view.hand is None and view.legal == ()
        on_table = {_tile(t.a, t.b) for t in view.layout}
        if isinstance(note, BoardChanged) and not view.layout and view.hand_no > 1:
            assert isinstance(following, HandEnded | GameEnded)
            skip = frozenset(("action", "last"))
    before = getattr(note, "before", None)
    if before is not None:  # the view an action is told against: public as well, naming only its own table
        assert before.seat is None and before.hand is None and before.legal == ()
        named_before: set = set()
        # Between hands the table is empty and the last play of the hand before is history, as above.
        between = not before.layout and before.hand_no > 1
        _mentioned(before, named_before, skip=frozenset(("action", "last")) if between else frozenset())
        assert named_before <= {_tile(t.a, t.b) for t in before.layout}
        skip |= {"before"}
    named: set = set()
    _mentioned(note, named, skip=skip)
    assert named <= on_table, f"{type(note).__name__} names {sorted(named - on_table)} off the table"
    return len(named)


async def test_public_notifications_never_show_hidden_tiles(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    svc = harness.service
    games = [
        await harness.start_game(humans=(ann, bob, cat, dan), computers=0),
        await harness.start_game(humans=(ann, bob), computers=2, game_id="all-fives"),
        await harness.start_game(humans=(ann,), computers=2, game_id="draw"),
    ]
    notes = []
    for game_no, start in games:
        notes += start + await harness.play(game_no, max_steps=400)
    game_no, start = await harness.start_game(humans=(ann, bob), computers=2)
    notes += start + await harness.play(game_no, max_steps=6)
    notes += await svc.games.resign(game_no, bob.user_id)
    notes += await svc.games.abandon(game_no, ann.user_id)

    kinds = {type(n) for n in notes}
    assert {TableOpened, BoardChanged, HandEnded, GameEnded, SeatHandedToComputer, GameAbandoned} <= kinds
    named = 0
    for note, following in zip(notes, [*notes[1:], None], strict=True):
        if isinstance(note, HandChanged | TurnReminder):
            continue  # private
        named += _check_public(note, following)
    assert named > 100  # the check saw the tiles played in the action texts
    assert sum(isinstance(n, GameEnded) for n in notes) == 3
