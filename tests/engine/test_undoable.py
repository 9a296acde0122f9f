"""`state.undoable(seat)`: which last actions may be taken back (issue 14, undo by agreement), per family.

Only the mover's own last action, while the game goes on, and never one that showed something hidden:
a tile drawn, a hand's end, a trick gathered, the widow taken, a partner shown, doubles declared."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import GAMES, Event, new_game
from bot.engine.records import replay as replay_record

FIVES_RECORD: dict[str, Any] = {
    "game": "quantette",
    "players": 4,
    "options": {"target": 35},
    "seed": 7,
    "deals": [
        {
            "first_leader": 0,
            "hands": [
                ["5-5", "0-4", "6-6", "2-3", "1-1"],
                ["0-5", "3-5", "4-4", "1-2", "2-6"],
                ["0-0", "2-5", "3-3", "3-6", "0-2"],
                ["0-1", "1-6", "4-6", "2-4", "0-6"],
            ],
            "boneyard": ["1-3", "1-4", "1-5", "2-2", "3-4", "0-3", "4-5", "5-6"],
        }
    ],
    "actions": [],
}


def _playouts(game: str, players: int, seeds: range) -> Any:
    """Every (state after the action, seat, events) of random games of `game`."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(game, players, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.current_seat
            assert seat is not None
            events = state.apply(seat, rng.choice(state.legal_actions()))
            yield state, seat, events


def test_a_play_in_mid_hand_is_undoable_by_its_mover_only() -> None:
    state = new_game("quantette", 4, {"target": 35}, seed=7, deal=FIVES_RECORD["deals"])
    state.apply(0, "5-5")
    assert state.undoable(0)
    assert not any(state.undoable(s) for s in (1, 2, 3))
    state.apply(1, "5-0@5-5")
    assert state.undoable(1) and not state.undoable(0)  # only the last action, never one before it


def test_nothing_to_take_back_before_the_first_action() -> None:
    state = new_game("quantette", 4, {"target": 35}, seed=7, deal=FIVES_RECORD["deals"])
    assert not any(state.undoable(s) for s in range(4))


# Kinds that show something hidden, per family: an action with one of these events is never undoable.
SHOWING = {
    "fives": {"draw", "hand_end", "deal", "game_end"},
    "five_hundred": {"trick", "contract", "partner", "expose", "hand_end", "deal", "game_end"},
    "domineren": {"draw", "declare", "hand_end", "deal", "game_end", "billitonnen", "billitonnen_turn", "pool"},
}


def _shows(family: str, event: Event) -> bool:
    drawn_set = event.kind == "set" and bool(event.data and event.data.get("drawn"))
    return event.kind in SHOWING[family] or drawn_set


@pytest.mark.parametrize(
    ("game", "players"),
    [("draw", 2), ("five-up", 4), ("muggins", 3), ("five-hundred", 4), ("five-hundred", 5), ("domineren", 4)],
)
def test_an_action_that_showed_something_is_never_undoable(game: str, players: int) -> None:
    family = GAMES[game].family
    undoable = refused = 0
    for state, seat, events in _playouts(game, players, range(6)):
        shows = any(_shows(family, e) for e in events)
        assert state.undoable(seat) == (not shows and not state.is_over), (game, events)
        assert not any(state.undoable(s) for s in range(players) if s != seat)
        undoable += not shows
        refused += shows
    assert undoable and refused  # both cases were met


def test_a_draw_from_the_boneyard_is_not_undoable() -> None:
    for state, seat, events in _playouts("draw", 2, range(10)):
        if any(e.kind == "draw" for e in events):
            assert not state.undoable(seat)
            return
    raise AssertionError("no draw in ten games of Draw")


def test_five_hundred_the_bid_that_ends_the_auction_and_a_trick_s_last_card_are_not_undoable() -> None:
    seen = set()
    for state, seat, events in _playouts("five-hundred", 4, range(4)):
        kinds = {e.kind for e in events}
        if "contract" in kinds:
            assert not state.undoable(seat)  # the declarer has the widow now
            seen.add("contract")
        elif "trick" in kinds:
            assert not state.undoable(seat)
            seen.add("trick")
        elif kinds == {"bid"} or kinds == {"play"}:
            assert state.undoable(seat)
            seen.add("plain")
    assert seen == {"contract", "trick", "plain"}


def test_the_game_without_the_undone_action_is_the_game_before_it() -> None:
    """What a table does for an undo: rebuild the game from its record minus the action taken back."""
    record = dict(FIVES_RECORD, actions=[{"seat": 0, "action": "5-5"}, {"seat": 1, "action": "5-0@5-5"}])
    before = replay_record(dict(record, actions=record["actions"][:1]))
    state = new_game("quantette", 4, {"target": 35}, seed=7, deal=FIVES_RECORD["deals"])
    state.apply(0, "5-5")
    state.apply(1, "5-0@5-5")
    assert state.undoable(1)
    assert before["current_seat"] == 1 and before["scores"] == [2, 0]


def test_a_clone_judges_its_last_action_like_the_original() -> None:
    state = new_game("quantette", 4, {"target": 35}, seed=7, deal=FIVES_RECORD["deals"])
    state.apply(0, "5-5")
    assert state.clone().undoable(0)
