"""`state.undoable(seat)`: which last actions may be taken back (issue 14, undo by agreement), per family.

Only the mover's own last action, while the game goes on, and never one that showed something hidden:
a tile drawn, a hand's end, a trick gathered, the widow taken, a partner shown, doubles declared."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import GAMES, UNDO, Event, IllegalAction, new_game
from bot.engine.records import ReplayError, record_of, summary
from bot.engine.records import replay as replay_record
from tests.checks import must

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


# -- taking back, and the log that keeps it ----------------------------------------------------------------
def _quantette() -> Any:
    return new_game("quantette", 4, {"target": 35}, seed=7, deal=FIVES_RECORD["deals"])


def test_take_back_leaves_the_game_as_before_the_action_and_the_log_keeps_both() -> None:
    state = _quantette()
    state.apply(0, "5-5")
    before = summary(state)
    hand_before = state.view(1).hand
    events = state.act(1, "5-0@5-5")
    assert state.scores == [2, 2]
    events = state.act(1, UNDO)
    assert [e.kind for e in events] == ["undo"] and events[0].data == {"action": "5-0@5-5"}
    assert summary(state) == before and state.view(1).hand == hand_before
    assert state.turn == 1 and state.log_length == 3
    assert state.log() == [(0, "5-5"), (1, "5-0@5-5"), (1, "undo")]
    state.act(1, "5-3@5-5")  # another choice, and the game goes on from there
    assert state.log() == [(0, "5-5"), (1, "5-0@5-5"), (1, "undo"), (1, "5-3@5-5")]


def test_take_back_refused_leaves_the_game_unchanged() -> None:
    state = _quantette()
    state.apply(0, "5-5")
    state.apply(1, "5-0@5-5")
    with pytest.raises(IllegalAction):
        state.act(0, UNDO)  # not seat 0's action
    assert state.log_length == 2 and state.scores == [2, 2]


def test_two_takings_back_in_a_row_replay_from_the_record() -> None:
    state = _quantette()
    state.apply(0, "5-5")
    state.apply(1, "5-0@5-5")
    state.act(1, UNDO)
    state.act(0, UNDO)  # seat 0's lead is the last action again: it may go too
    assert state.steps == [] and state.log_length == 4
    state.act(0, "6-6")
    record = record_of(state, FIVES_RECORD["deals"])
    assert [a["action"] for a in record["actions"]] == ["5-5", "5-0@5-5", "undo", "undo", "6-6"]
    assert replay_record(record) == summary(state)


def test_a_record_without_undo_is_exported_as_before() -> None:
    state = _quantette()
    state.apply(0, "5-5")
    record = record_of(state, FIVES_RECORD["deals"])
    assert record["actions"] == [{"seat": 0, "action": "5-5"}]


def test_a_record_whose_undo_takes_back_a_draw_does_not_replay() -> None:
    for seed in range(20):
        state = new_game("draw", 2, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = must(state.current_seat)
            events = state.apply(seat, rng.choice(state.legal_actions()))
            if any(e.kind == "draw" for e in events):
                record = record_of(state)
                record["actions"].append({"seat": seat, "action": "undo"})
                with pytest.raises(ReplayError) as refused:
                    replay_record(record)
                assert refused.value.step == len(record["actions"]) - 1
                return
    raise AssertionError("no draw in twenty games of Draw")


@pytest.mark.parametrize(("game", "players"), [("five-hundred", 4), ("domineren", 4), ("muggins", 2)])
def test_every_family_takes_back_to_the_same_game(game: str, players: int) -> None:
    """In each family: an undoable action taken back gives the game before it, and its record replays."""
    taken = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = new_game(game, players, seed=seed)
        for _ in range(120):
            if state.is_over:
                break
            seat = must(state.current_seat)
            before = summary(state)
            views = [state.view(s) for s in range(players)]
            state.apply(seat, rng.choice(state.legal_actions()))
            if state.undoable(seat) and rng.random() < 0.3:
                state.act(seat, UNDO)
                taken += 1
                assert summary(state) == before
                assert [state.view(s) for s in range(players)] == views
        assert replay_record(record_of(state)) == summary(state)
    assert taken > 3
