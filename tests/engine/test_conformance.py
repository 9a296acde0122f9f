"""One conformance test for every game (in the spirit of OpenSpiel's random simulation test).

For every game id and every allowed player count, seeded random playouts check at every step that:
a refused action (not legal, a wrong seat, after the end) raises an EngineError and changes nothing; every
legal action's text round-trips through `parse_action`/`format_action`; `view(None)` shows no hand and no
hidden tile or card, and no event of `apply` carries one the public view does not show (a draw event must
not name the drawn tile); the typed view is filled (every `View` field of its declared type, `current_seat`
one of `actors`). At the end the exported record replays, by the replay command's path, to the same result
and the same views.

CI plays FIVES_CONFORMANCE_PLAYOUTS (default 2) seeds per game and player count; set it higher for more.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import types
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from bot.engine import GAMES, EngineError, Event, GameState, HandResult, View, game_info, new_game
from bot.engine.five_hundred.cards import NAMES as CARD_NAMES
from bot.engine.records import load, record_of, replay, summary
from bot.engine.tiles import HI, LO

PLAYOUTS = int(os.environ.get("FIVES_CONFORMANCE_PLAYOUTS", "2") or 2)
CASES = [(game_id, players) for game_id, info in GAMES.items() for players in info.players]
LIMIT = 40_000  # actions: a random game that has not ended by then is stuck

# Numbers that can look like a tile (a pair of small ints) without being one: never scanned.
NUMBERS = frozenset(
    {"scores", "game_points", "sides", "hand_sizes", "tricks", "turns", "forced_passes", "ends", "points"}
    | {"chips", "start_chips", "winner", "partners", "out", "owed", "count", "pool", "talon", "number"}
)


# -- what is hidden, and what a view or an event shows ------------------------------------------------------
def tile_text(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


def hidden(state: Any) -> set[str]:
    """Every tile or card nobody but its holder (or nobody at all) may see now, as text (`5-3`, `10H`)."""
    family = game_info(state.game_id).family
    if family == "fives":
        tiles = [t for hand in state.in_hand for t in hand] + list(state.boneyard)
        return {tile_text(HI[t], LO[t]) for t in tiles}
    if family == "five_hundred":
        cards = [c for hand in state.in_hand for c in hand] + state.widow + state.discards + state.dummy
        if state.exposed and state.declarer is not None:
            cards = [c for c in cards if c not in state.in_hand[state.declarer]]
        return {CARD_NAMES[c] for c in cards} - {CARD_NAMES[c] for c in state.called}
    if state.billitonnen is not None:
        if state.phase == "over":  # the rows are turned face up at the end of the session
            return set()
        game = state.billitonnen
        tiles = [t for row in game.rows for t in row if t not in game.face_up and t not in game.seen]
    else:
        shown = {t for d in state.declared for t in d}
        tiles = [t for hand in state.in_hand for t in hand if t not in shown] + list(state.talon)
    return {tile_text(HI[t], LO[t]) for t in tiles}


_WORD = re.compile(r"[\s@:,()]+")
_TILE = re.compile(r"^(\d+)-(\d+)$")


def words(text: str) -> Iterator[str]:
    for word in _WORD.split(text):
        tile = _TILE.match(word)
        yield tile_text(int(tile[1]), int(tile[2])) if tile else word


def shown(value: Any, state: GameState, skip: frozenset[str] = NUMBERS) -> Iterator[str]:
    """Every tile and card a view or an event's data names, as text; fields named in `skip` left out."""
    if isinstance(value, str):
        yield from words(value)
    elif isinstance(value, bool | int | float) or value is None:
        return
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name not in skip:
                yield from shown(getattr(value, f.name), state, skip)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from shown(v, state, skip)
    elif type(value) is tuple and len(value) == 2 and all(type(x) is int for x in value):
        yield tile_text(*value)  # a tile in a view; numbers that are not tiles are under NUMBERS
    elif type(value) in (tuple, list):
        for v in value:
            yield from shown(v, state, skip)
    else:  # an action object in an event (a play, a bid, a declaration): what it says is its text
        yield from words(state.format_action(value))


# Finished hands show the tiles or cards they held (since dealt again), the last action and the history may
# name a tile played in the hand just ended, the tiles drawn for a first lead go back, the auction's bids
# read like cards (`7H`): these are public by design and only excuse an event naming them, never the rest
# of the public view.
HISTORY = NUMBERS | {"hands", "last", "history", "options", "auction", "high_bid", "contract", "set_draw", "lead_draw"}


def check_public(state: GameState, events: list[Event]) -> View:
    public = state.view(None)
    assert public.seat is None and public.hand is None and public.legal == (), "the public view shows a hand"
    secret = hidden(state)
    leaks = secret & set(shown(public, state, HISTORY))
    assert not leaks, f"the public view shows hidden {sorted(leaks)}"
    told = secret - set(shown(public, state))
    for event in events:
        assert isinstance(event, Event)
        if isinstance(event.data, HandResult):
            assert event.data in public.hands, "a hand's result is in the public view"
            continue
        leaks = told & set(shown(event.data, state))
        assert not leaks, f"event {event.kind} tells hidden {sorted(leaks)}"
    return public


# -- the typed view ---------------------------------------------------------------------------------------
def of_type(value: Any, hint: Any) -> bool:
    """Whether `value` is of the type `hint` (the forms the views use: unions, tuples, dicts, classes)."""
    if hint is Any:
        return True
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(of_type(value, a) for a in args)
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(of_type(v, args[0]) for v in value)
        return len(value) == len(args) and all(of_type(v, a) for v, a in zip(value, args, strict=True))
    if origin is dict:
        return type(value) is dict and all(of_type(k, args[0]) and of_type(v, args[1]) for k, v in value.items())
    if hint is type(None):
        return value is None
    if hint is int:
        return type(value) is int
    return isinstance(value, hint)


def check_view(state: GameState, view: View, seat: int | None) -> None:
    assert isinstance(view, View)
    hints = typing.get_type_hints(type(view))
    for f in dataclasses.fields(View):
        value = getattr(view, f.name)
        assert of_type(value, hints[f.name]), f"{type(view).__name__}.{f.name} = {value!r} is no {hints[f.name]}"
    assert view.game_id == state.game_id and view.players == state.players and view.seat == seat
    assert view.turn == state.turn and view.over == state.is_over and view.winner == state.winner
    assert view.scores == tuple(state.scores) and view.hands == tuple(state.hands)
    assert view.current_seat == state.current_seat
    if view.current_seat is None:
        assert view.over and not state.actors
    else:
        assert view.current_seat in state.actors
    if state.steps:
        assert view.last is not None and view.last[0] == state.steps[-1].seat
    else:
        assert view.last is None
    if seat is not None:
        assert view.hand is not None, "a seat's own view shows its hand"
        may_act = not state.is_over and seat in state.actors
        expected = [state.format_action(a) for a in state.legal_actions(seat)] if may_act else []
        assert [m.text for m in view.legal] == expected


def check_round_trip(state: GameState, seat: int) -> None:
    for action in state.legal_actions(seat):
        text = state.format_action(action)
        # (the parsed object may spell a play more fully than the legal list does: the text is the contract)
        assert state.format_action(state.parse_action(text)) == text, f"{text!r} does not round-trip"


# -- refusals ---------------------------------------------------------------------------------------------
def snapshot(state: GameState) -> tuple[Any, ...]:
    """Everything a refused action must leave as it was: the steps and result, and every seat's view."""
    return (summary(state), state.view(None), *(state.view(s) for s in range(state.players)))


def refuse(state: GameState, seat: int, action: str) -> EngineError:
    """Apply an action the engine must refuse: it raises an EngineError and changes nothing."""
    before = snapshot(state)
    with pytest.raises(EngineError) as refused:
        state.apply(seat, action)
    assert snapshot(state) == before, f"refused {action!r} by seat {seat} changed the game"
    assert str(refused.value)
    return refused.value


def probe(state: GameState, rng: random.Random, seen: list[str]) -> None:
    """Refuse one action: a wrong seat's, or a text seen legal earlier that the seat to act may not take now."""
    legal = state.legal_actions()
    texts = {state.format_action(a) for a in legal}
    others = [s for s in range(state.players) if s not in state.actors]
    if others and rng.random() < 0.5:
        refuse(state, rng.choice(others), state.format_action(rng.choice(legal)))
        return
    seat = state.current_seat
    assert seat is not None
    for text in rng.sample(seen, min(5, len(seen))):
        if text not in texts and not _names_a_legal(state, seat, text, legal):
            refuse(state, seat, text)
            return


def _names_a_legal(state: GameState, seat: int, text: str, legal: list[Any]) -> bool:
    """Whether `text` names a legal action in another spelling (`5-1@4-5` for `1-5@5-4`): tried on a copy."""
    try:
        state.clone().apply(seat, text)
    except EngineError:
        return False
    return True


# -- records ----------------------------------------------------------------------------------------------
def check_record(state: GameState) -> None:
    """The exported record replays, as `python -m bot.engine replay` does, to the same result and views."""
    record = json.loads(json.dumps(record_of(state)))
    assert replay(record) == summary(state)
    again, steps = load(record)
    for seat, action in steps:
        again.apply(seat, action)
    assert snapshot(again) == snapshot(state)


# -- the playout ------------------------------------------------------------------------------------------
def playout(game_id: str, players: int, seed: int) -> GameState:
    state = new_game(game_id, players, seed=seed)
    rng = random.Random(seed)
    check_view(state, check_public(state, []), None)
    seen: list[str] = []
    for _ in range(LIMIT):
        if state.is_over:
            break
        probe(state, rng, seen)
        for seat in state.actors:
            check_round_trip(state, seat)
            check_view(state, state.view(seat), seat)
        seat = rng.choice(state.actors)
        action = rng.choice(state.legal_actions(seat))
        text = state.format_action(action)
        if text not in seen:
            seen.append(text)
        events = state.apply(seat, text)
        public = check_public(state, events)
        check_view(state, public, None)
        check_view(state, state.view(seat), seat)
    else:
        raise AssertionError(f"{game_id} with {players} players, seed {seed}, did not end in {LIMIT} actions")
    assert state.legal_actions() == [] and state.actors == ()
    for seat in range(players):
        refuse(state, seat, seen[-1])
    check_record(state)
    return state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def test_random_playouts_conform(game_id: str, players: int) -> None:
    for seed in range(PLAYOUTS):
        state = playout(game_id, players, seed)
        assert state.is_over and state.winner


def test_the_checks_catch_a_leak_and_an_empty_field() -> None:
    """The checks above can fail: an event naming a drawn tile, and a view field of the wrong type."""
    state = new_game("five-up", 2, seed=1)
    tile = sorted(hidden(state))[0]
    with pytest.raises(AssertionError, match="event draw tells hidden"):
        check_public(state, [Event("draw", 0, {"tile": tile})])
    with pytest.raises(AssertionError, match="is no"):
        check_view(state, dataclasses.replace(state.view(None), scores=None), None)  # type: ignore[arg-type]  # broken on purpose
