"""Illegal actions raise specific errors and leave the game exactly as it was."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import (
    ArmNotOpen,
    BadNotation,
    BadOptions,
    BadRecord,
    CannotDraw,
    EngineError,
    GameOver,
    IllegalAction,
    MustDraw,
    MustPlay,
    NoMatchingEnd,
    NotInHand,
    NotYourTurn,
)
from tests.checks import must
from tests.games import new_fives

from .test_conformance import snapshot

D6 = [f"{a}-{b}" for b in range(7) for a in range(b + 1)]


def _key(tile: str) -> tuple[int, ...]:
    return tuple(sorted(int(x) for x in tile.split("-")))


def rest_of(hands: list[list[str]]) -> list[str]:
    dealt = {_key(t) for hand in hands for t in hand}
    return [t for t in D6 if _key(t) not in dealt]


def refuse(state: Any, seat: int, action: str, error: type[EngineError]) -> EngineError:
    before = snapshot(state)
    with pytest.raises(error) as info:
        state.apply(seat, action)
    assert snapshot(state) == before, "a refused action must change nothing"
    assert info.value.key and str(info.value)
    return info.value


def stacked(game: str, hands: list[list[str]], players: int | None = None, **options: Any) -> Any:
    players = players or len(hands)
    rest = rest_of(hands)
    return new_fives(game, players, options, seed=5, deal={"first_leader": 0, "hands": hands, "boneyard": rest})


@pytest.fixture
def five_up() -> Any:
    """Four players, seat 0 to lead with 5-5 in hand."""
    return stacked(
        "five-up",
        [
            ["5-5", "5-0", "6-6", "1-1", "2-2"],
            ["5-3", "0-4", "3-3", "1-2", "4-4"],
            ["5-1", "5-2", "0-0", "3-6", "2-6"],
            ["0-1", "1-6", "4-6", "2-4", "0-6"],
        ],
    )


def test_wrong_seat(five_up: Any) -> None:
    err = refuse(five_up, 2, "5-1", NotYourTurn)
    assert err.params == {"seat": 0}


def test_tile_not_in_hand(five_up: Any) -> None:
    err = refuse(five_up, 0, "5-3", NotInHand)
    assert err.params["tile"] == "5-3"


def test_no_matching_end(five_up: Any) -> None:
    five_up.apply(0, "5-5")
    refuse(five_up, 1, "1-2@5-5", NoMatchingEnd)
    refuse(five_up, 1, "4-4@6-6", NoMatchingEnd)  # 6-6 is not on the table


def test_a_play_needs_the_lead_first_and_the_lead_only_once(five_up: Any) -> None:
    refuse(five_up, 0, "5-0@5-5", NoMatchingEnd)
    five_up.apply(0, "5-5")
    refuse(five_up, 1, "5-3", IllegalAction)


def test_a_spinner_arm_before_both_sides_are_covered(five_up: Any) -> None:
    five_up.apply(0, "5-5")
    five_up.apply(1, "5-3@5-5:E")  # one side covered: the arms (N, S) are still shut
    err = refuse(five_up, 2, "5-1@5-5:N", ArmNotOpen)
    assert err.params["target"] == "5-5"
    five_up.apply(2, "5-1@5-5:W")  # the other side is fine
    five_up.apply(3, "1-6@5-1")
    five_up.apply(0, "5-0@5-5:N")  # both sides covered: the arms are open
    assert five_up.view(None).layout[-1].dir == 1


def test_a_side_already_covered_is_no_open_end(five_up: Any) -> None:
    five_up.apply(0, "5-5")
    five_up.apply(1, "5-3@5-5:E")
    refuse(five_up, 2, "5-1@5-5:E", NoMatchingEnd)


def test_drawing_or_passing_while_able_to_play(five_up: Any) -> None:
    five_up.apply(0, "5-5")
    refuse(five_up, 1, "draw", MustPlay)
    refuse(five_up, 1, "pass", MustPlay)


def test_passing_while_able_to_draw() -> None:
    state = stacked(
        "five-up",
        [
            ["6-6", "5-0", "5-5", "1-1", "2-2"],
            ["0-1", "0-2", "0-3", "1-2", "1-3"],
            ["5-1", "5-2", "0-0", "3-6", "2-6"],
            ["0-4", "1-6", "4-6", "2-4", "0-6"],
        ],
    )
    state.apply(0, "6-6")
    err = refuse(state, 1, "pass", MustDraw)
    assert err.params["left"] == 7  # 8 in the boneyard, 1 may never be drawn


def test_drawing_from_the_leave() -> None:
    # Two players, five-up's leave of 2: seat 0 holds every 6, so seat 1 cannot answer the 6-6 lead and
    # draws the whole boneyard down to the two tiles that may never be drawn.
    hands = [["6-6", "0-6", "1-6", "2-6", "3-6", "4-6", "5-6"], ["0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "1-1"]]
    boneyard = rest_of(hands)
    assert len(boneyard) == 14 and not any("6" in t for t in boneyard)
    state = new_fives("five-up", 2, seed=1, deal={"first_leader": 0, "hands": hands, "boneyard": boneyard})
    state.apply(0, "6-6")
    for _ in range(12):
        state.apply(1, "draw")
    err = refuse(state, 1, "draw", CannotDraw)
    assert err.key == "boneyard_leave"
    state.apply(1, "pass")


def test_drawing_in_a_game_without_a_boneyard() -> None:
    state = new_fives("seven-rocks", 4, seed=2)
    rng = random.Random(2)
    while True:
        seat = must(state.current_seat)
        legal = state.legal_actions()
        if legal == ["pass"]:
            err = refuse(state, seat, "draw", CannotDraw)
            assert err.key == "no_boneyard"
            return
        state.apply(seat, rng.choice(legal))


def test_the_first_all_fives_lead_must_be_the_highest_double() -> None:
    state = new_fives("all-fives", 4, seed=3)
    forced = state.legal_actions()
    assert len(forced) == 1
    holder = must(state.current_seat)
    other = next(f"{a}-{b}" for a, b in must(state.view(holder).hand) if f"{a}-{b}" != str(forced[0]))
    refuse(state, holder, other, IllegalAction)


def test_acting_after_the_game_ended() -> None:
    state = new_fives("draw", 2, {"rounds": 1}, seed=9)
    rng = random.Random(9)
    while not state.is_over:
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
    assert state.legal_actions() == [] and state.current_seat is None
    refuse(state, 0, "pass", GameOver)
    refuse(state, 1, "6-6", GameOver)


@pytest.mark.parametrize(
    "text", ["", "5", "5-", "5-x", "55", "5-5@", "@5-5", "5-5@5-5", "10-1", "5-3@5-5:Q", "5-3 5-5", "lead"]
)
def test_malformed_notation(five_up: Any, text: str) -> None:
    refuse(five_up, 0, text, BadNotation)


def test_a_double_six_game_refuses_double_nine_tiles(five_up: Any) -> None:
    refuse(five_up, 0, "9-9", BadNotation)


def test_claiming_muggins_where_points_are_automatic(five_up: Any) -> None:
    refuse(five_up, 0, "5-5 muggins", IllegalAction)


MUGGINS_HANDS = [["5-5", "0-1", "0-2", "0-3", "0-4"], ["5-0", "5-1", "1-1", "1-2", "1-3"],
                 ["4-4", "1-4", "1-6", "2-2", "3-6"], ["3-3", "2-3", "2-4", "2-5", "2-6"]]  # fmt: skip


def test_muggins_called_scores_only_when_claimed() -> None:
    state = stacked("muggins", [h[:] for h in MUGGINS_HANDS], muggins_claim="call")
    assert state.current_seat == 0  # 6-6 is in the boneyard: 5-5 is the highest double dealt
    assert sorted(map(str, state.legal_actions())) == ["5-5", "5-5 muggins"]
    state.apply(0, "5-5")  # 10 on the table, but nobody called it
    assert state.scores == [0, 0]
    err = refuse(state, 1, "5-1@5-5 muggins", IllegalAction)  # 10 + 1 = 11 scores nothing
    assert err.key == "nothing_to_claim"
    state.apply(1, "5-0@5-5 muggins")  # 10 + 0 = 10, claimed
    assert state.scores == [0, 10]
    assert state.steps[-1].points == (0, 10)


def test_automatic_muggins_scores_without_a_claim_and_refuses_one() -> None:
    state = stacked("muggins", [h[:] for h in MUGGINS_HANDS])
    err = refuse(state, 0, "5-5 muggins", IllegalAction)
    assert err.key == "auto_muggins"
    state.apply(0, "5-5")
    assert state.scores == [10, 0]


def test_unknown_game_option_and_player_count() -> None:
    with pytest.raises(BadOptions):
        new_fives("five-up", 4, {"skunk": "triple"})
    with pytest.raises(BadOptions):
        new_fives("five-up", 4, {"spinners": "none"})
    with pytest.raises(BadOptions):
        new_fives("five-up", 5)
    with pytest.raises(BadOptions):
        new_fives("seven-rocks", 3)
    with pytest.raises(BadOptions):
        new_fives("all-fives", 4, {"target": 300})
    with pytest.raises(BadOptions):
        new_fives("noughts", 2)


def test_malformed_stacked_deals() -> None:
    good = [["5-5", "5-0", "6-6", "1-1", "2-2"], ["5-3", "0-4", "3-3", "1-2", "4-4"],
            ["5-1", "5-2", "0-0", "3-6", "2-6"], ["0-1", "1-6", "4-6", "2-4", "0-6"]]  # fmt: skip
    rest = rest_of(good)
    bad_deals: dict[str, dict[str, Any]] = {
        "short hand": {"hands": [good[0][:4], *good[1:]], "boneyard": rest},
        "three hands": {"hands": good[:3], "boneyard": rest},
        "duplicate": {"hands": good, "boneyard": [*rest[:-1], "5-5"]},
        "missing": {"hands": good, "boneyard": rest[:-1]},
        "bad leader": {"first_leader": 4, "hands": good, "boneyard": rest},
        "not a tile": {"hands": good, "boneyard": [*rest[:-1], "7-7"]},
        "boneyard alone": {"boneyard": rest},
    }
    for name, deal in bad_deals.items():
        with pytest.raises(BadRecord):
            new_fives("five-up", 4, seed=1, deal=deal)
        assert name


def test_no_double_in_a_stacked_all_fives_first_deal() -> None:
    hands = [["0-1", "0-2", "0-3", "0-4", "0-5"], ["0-6", "1-2", "1-3", "1-4", "1-5"],
             ["1-6", "2-3", "2-4", "2-5", "2-6"], ["3-4", "3-5", "3-6", "4-5", "4-6"]]  # fmt: skip
    rest = rest_of(hands)
    with pytest.raises(BadRecord):
        new_fives("all-fives", 4, seed=1, deal={"hands": hands, "boneyard": rest})


# -- fuzz: random actions at random moments are either legal or refused with a specific error, changing nothing --
SPECIFIC = (NotYourTurn, NotInHand, NoMatchingEnd, ArmNotOpen, MustPlay, MustDraw, CannotDraw, BadNotation, GameOver)


def random_text(rng: random.Random, top: int) -> str:
    def tile() -> str:
        return f"{rng.randint(0, top)}-{rng.randint(0, top)}"

    kind = rng.randrange(7)
    if kind == 0:
        return rng.choice(["draw", "pass", "DRAW", " pass ", "muggins", "", "5-5@", "²-1", "5--5", "a-b@c-d"])
    if kind == 1:
        return tile()
    text = f"{tile()}@{tile()}"
    if kind == 2:
        text += ":" + rng.choice("NESW")
    if kind == 3:
        text += " muggins"
    return text


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("five-up", 4, {}),
        ("quantette", 3, {}),
        ("all-fives", 2, {"tile_set": "d9"}),
        ("muggins", 3, {"muggins_claim": "call"}),
        ("seven-rocks", 4, {"target": 100}),
    ],
)
def test_random_actions_are_legal_or_refused_without_a_trace(game: str, players: int, options: dict) -> None:
    rng = random.Random(game)
    tries = 0
    for seed in range(3):
        state = new_fives(game, players, options, seed=seed)
        top = 9 if options.get("tile_set") == "d9" else 6
        while not state.is_over and tries < 400 * (seed + 1):
            seat = must(state.current_seat)
            legal = {str(a) for a in state.legal_actions()}
            if rng.random() < 0.5:
                tries += 1
                who = seat if rng.random() < 0.85 else rng.randrange(players)
                text = random_text(rng, top)
                before = snapshot(state)
                try:
                    state.apply(must(who), text)
                except (*SPECIFIC, IllegalAction) as err:
                    assert snapshot(state) == before, f"{text!r} was refused but changed the game"
                    assert err.key and str(err)
                    if who != seat:
                        assert isinstance(err, NotYourTurn)
                    continue
                # accepted: it must have been one of the legal actions (a side names one of its ends)
                done = str(state.steps[-1].action).split(":")[0]
                assert who == seat and done in legal, (text, done, legal)
                continue
            state.apply(seat, rng.choice(sorted(legal)))
    assert tries > 150
