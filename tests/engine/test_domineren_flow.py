"""Hand to hand and to the end of a session: claims with auto_claim=off, the next set player, the pool,
Billitonnen, and the chip ledger."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.engine.domineren.billitonnen import Billitonnen
from bot.engine.domineren.deals import shuffled_hands
from bot.engine.domineren.state import DominerenState
from bot.engine.domineren.view import Owed
from bot.engine.tiles import IS_DOUBLE, parse_tile
from tests.checks import must
from tests.games import new_domineren

from .replaying import replay_cli
from .test_domineren_support import Script, full_deal

PREVIOUS_HANDS = [["6-6", "0-1", "0-2", "0-3"], ["6-4", "1-2", "1-3", "1-5"], ["4-4", "2-3", "2-5", "3-5"]]
PREVIOUS_HANDS.append(["0-4", "0-5", "0-6", "1-4"])


def random_to_end(state: DominerenState, rng: random.Random, limit: int = 50_000) -> None:
    for _ in range(limit):
        if state.is_over:
            return
        seat = must(state.current_seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the game did not end")


# -- claims ----------------------------------------------------------------------------------------------
def test_claims_are_made_out_of_turn_and_lapse_at_the_next_play(tmp_path: Path) -> None:
    script = Script(4, [full_deal(PREVIOUS_HANDS)], {"auto_claim": "off"})
    script.act(0, "6-6")
    assert script.chips_of_last() == [0, 0, 0, 0]
    assert script.state.view(None).owed == (Owed(0, 18),)
    assert "claim" in [str(a) for a in script.state.legal_actions(0)]
    script.act(0, "claim")
    assert script.chips_of_last() == [18, -6, -6, -6]
    script.acts((0, "type 1"), (1, "6-4@6-6"), (2, "4-4@6-4"))
    assert script.state.current_seat == 3 and script.state.actors == (3, 2)
    assert [str(a) for a in script.state.legal_actions(2)] == ["claim"]
    script.act(2, "claim")  # out of turn
    out_of_turn = script.chips_of_last()
    script.act(3, "4-0@4-4")
    code, out, _ = replay_cli(script.record, tmp_path)
    assert code == 0 and out["steps"][-2]["points"] == out_of_turn == [0, -4, 4, 0]


def test_an_unclaimed_payment_is_lost_at_the_next_play() -> None:
    script = Script(4, [full_deal(PREVIOUS_HANDS)], {"auto_claim": "off"})
    script.acts((0, "6-6"), (0, "type 1"), (1, "6-4@6-6"))
    assert script.state.view(None).owed == ()  # the set player did not claim before this play
    script.acts((2, "4-4@6-4"), (3, "4-0@4-4"))
    with pytest.raises(IllegalAction) as err:
        script.act(2, "claim")
    assert err.value.key == "nothing_owed"
    assert script.state.scores == [500, 500, 500, 500]


# -- the next set player -----------------------------------------------------------------------------------
def first_hand_totals(
    seed: int, options: dict[str, Any] | None = None, deals: list[dict[str, Any]] | None = None
) -> tuple[Script, list[int]]:
    opts = {"hands": 2}
    opts.update(options or {})
    script = Script(4, deals or [], opts, seed)
    first = script.state.set_player
    script.finish_hand()
    script.first_set_player = first
    return script, script.state.hands[0].detail["totals"]


def test_the_biggest_loser_sets_next_and_a_tie_is_drawn_for() -> None:
    seen_tie = seen_single = False
    for seed in range(40):
        script, totals = first_hand_totals(seed)
        top = max(totals)
        tied = [s for s, t in enumerate(totals) if t == top]
        state = script.state
        assert state.set_player in tied
        if len(tied) == 1:
            seen_single = True
            assert state.view(None).set_draw is None
        else:
            seen_tie = True
            drawn = state.view(None).set_draw
            assert [s for s, _ in must(drawn)] == tied
            best = max(must(drawn), key=lambda d: (sum(d[1]), d[1][0]))
            assert state.set_player == best[0]
            # a stacked deal's first_leader settles the same tie instead of the draw
            other = next(s for s in tied if s != state.set_player)
            again, _ = first_hand_totals(seed, deals=[{}, {"first_leader": other}])
            assert again.state.set_player == other
    assert seen_tie and seen_single


def test_clockwise_set_player() -> None:
    script, _ = first_hand_totals(5, {"next_set_player": "clockwise"})
    assert script.state.set_player == (script.first_set_player + 1) % 4


# -- the end of a session ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_session_ends_with_the_pool_and_billitonnen(players: int) -> None:
    state = new_domineren("domineren", players, {"hands": 2}, seed=11 + players)
    rng = random.Random(players)
    n = players
    while state.phase != "billitonnen":
        seat = must(state.current_seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    before = [500 + sum(s.points[i] for s in state.steps) + sum(h.points[i] for h in state.hands[:2]) for i in range(n)]
    pool = state.hands[2]
    assert pool.reason == "pool" and [-p for p in pool.points] == [c % 20 for c in before]
    assert all(c % 20 == 0 for c in state.scores) and state.view(None).pool == sum(c % 20 for c in before)
    sizes = [len(r) for r in must(state.view(None).billitonnen).rows]
    first = must(state.view(None).billitonnen).first
    expected = {3: [9, 9, 9], 4: [6, 7, 7, 7], 5: [5, 6, 6, 5, 5]}[players]  # the starter left the 4p/5p row
    assert [sizes[(first + k) % players] for k in range(players)] == expected
    random_to_end(state, rng)
    last = state.hands[-1]
    assert last.reason == "billitonnen" and last.points[last.detail["winner"]] == pool.detail["pool"]
    assert sum(state.scores) == 500 * players
    assert state.game_points == [c - 500 for c in state.scores]
    assert state.winner == tuple(s for s, c in enumerate(state.scores) if c == max(state.scores))
    ledger = [500 + sum(s.points[i] for s in state.steps) + sum(h.points[i] for h in state.hands) for i in range(n)]
    assert ledger == state.scores


def test_without_billitonnen_the_session_ends_after_the_last_settlement() -> None:
    state = new_domineren("domineren", 4, {"hands": 2, "billitonnen": "off"}, seed=2)
    random_to_end(state, random.Random(2))
    assert [h.reason for h in state.hands][-1] in ("nos-out", "blocked", "block-upheld", "block-conceded")
    assert len(state.hands) == 2 and state.view(None).pool == 0


ROWS = [
    ["3-5", "1-3", "4-4", "0-0", "0-1", "0-2", "0-3"],
    ["1-5", "2-2", "0-4", "0-5", "0-6", "1-1", "1-2"],
    ["1-4", "1-6", "2-3", "2-4", "2-5", "2-6", "3-3"],
    ["3-4", "3-6", "4-5", "4-6", "5-5", "5-6", "6-6"],
]


def test_billitonnen_turns_places_and_puts_back() -> None:
    hands = [["6-6", "0-1", "0-2", "0-3"], ["6-4", "1-2", "1-3", "1-5"], ["4-4", "2-3", "2-5", "3-5"]]
    hands.append(["0-4", "0-5", "0-6", "1-4"])
    script = Script(4, [full_deal(hands), {"first_leader": 0, "hands": ROWS}], {"billitonnen": "on"})
    script.finish_hand()
    state = script.state
    game = state.view(None).billitonnen
    assert state.phase == "billitonnen" and state.current_seat == 0
    assert [p.tile for p in must(game).line] == [(5, 3)] and (must(game).end_w, must(game).end_e) == (5, 3)
    assert [str(a) for a in state.legal_actions()] == ["turn W", "turn E"]
    script.act(0, "turn E")  # 1-3 fits the 3: placed, and seat 0 goes on
    assert state.current_seat == 0 and must(state.view(None).billitonnen).end_e == 1
    script.act(0, "turn W")  # 4-4 fits neither end: back to the left of the row, face up
    public = state.view(None).billitonnen
    assert state.current_seat == 1 and must(public).rows[0][0] == (4, 4) and must(public).rows[0][1:] == (None,) * 4
    assert must(state.view(0).billitonnen).rows[0][1:] == (None,) * 4  # hidden from their owner too
    script.act(1, "turn W")  # 1-5 fits both ends
    assert [str(a) for a in state.legal_actions()] == ["place W", "place E", "peek"]
    assert must(state.view(None).billitonnen).turned == (5, 1)
    script.act(1, "peek")
    assert must(state.view(1).billitonnen).peeked == (2, 2) and must(state.view(None).billitonnen).peeked is None
    script.act(1, "place E")
    assert must(state.view(None).billitonnen).end_e == 5 and state.current_seat == 1
    script.act(1, "turn E")
    assert state.current_seat == 2 and must(state.view(None).billitonnen).rows[1][0] == (2, 2)
    random_to_end(state, random.Random(0))
    assert state.hands[-1].reason == "billitonnen"


def test_billitonnen_stuck_lowest_pips_win() -> None:
    rows = [[parse_tile(t) for t in row] for row in (["1-2"], ["3-4", "0-1"], ["2-3"])]
    game = Billitonnen(rows, parse_tile("6-6"), 0, random.Random(0))
    assert game.winner == 0  # nothing fits 6: 3 pips against 8 and 5
    rows = [[parse_tile(t) for t in row] for row in (["1-2"], ["0-3"], ["2-3"])]
    game = Billitonnen(rows, parse_tile("6-6"), 0, random.Random(0))
    assert game.winner in (0, 1) and game.tie_draw is not None  # a tie is drawn for


def test_the_game_and_its_options_are_those_of_the_rules() -> None:
    from bot.engine import game_info

    info = game_info("domineren")
    assert (info.family, info.players, info.default_players) == ("domineren", (3, 4, 5), 4)
    assert info.sides(5) == ((0,), (1,), (2,), (3,), (4,))
    specs = {spec.id: spec for spec in info.options}
    assert list(specs) == [  # the number of players is the record's `players`, as in every game
        "start_chips",
        "double_bonus_table",
        "next_set_player",
        "allowed_types",
        "type9_continuation",
        "hands",
        "billitonnen",
        "auto_claim",
    ]
    defaults = {spec.id: spec.default_for(4) for spec in info.options}
    assert defaults == {
        "start_chips": 500,
        "double_bonus_table": "pagat",
        "next_set_player": "biggest_loser",
        "allowed_types": (*(str(n) for n in range(1, 13)), "13a", "13b", *(str(n) for n in range(14, 19))),
        "type9_continuation": "normal_cross",
        "hands": 10,
        "billitonnen": "on",
        "auto_claim": "on",
    }
    assert specs["double_bonus_table"].choices == ("pagat", "leeflang")
    assert specs["next_set_player"].choices == ("biggest_loser", "clockwise")
    assert specs["type9_continuation"].choices == ("normal_cross", "normal_double_cross")
    assert specs["allowed_types"].multi and specs["hands"].minimum == 1
    state = new_domineren("domineren", 3, {"allowed_types": "1 13a", "start_chips": 300})
    assert state.options["allowed_types"] == ("1", "13a") and state.scores == [300, 300, 300]


def test_each_hand_records_every_seats_chips_after_its_settlement() -> None:
    state = new_domineren("domineren", 4, {"hands": 3, "billitonnen": "off"}, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        before = len(state.hands)
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
        for hand in state.hands[before:]:
            if "chips" in hand.detail:
                assert hand.detail["chips"] == list(state.scores)
                assert sum(hand.detail["chips"]) == 4 * 500
    assert sum("chips" in h.detail for h in state.hands) == 3


# -- the first set player and the redeal (§3) ------------------------------------------------------------
def test_the_holder_of_the_highest_double_sets_first() -> None:
    hands = [["3-3", "0-1", "0-2", "0-3"], ["1-2", "1-3", "1-4", "1-5"], ["5-5", "2-3", "2-4", "2-5"]]
    hands.append(["0-0", "4-4", "3-4", "3-5"])
    script = Script(4, [full_deal(hands)])
    assert script.state.current_seat == 2 and script.state.set_player == 2  # 5-5 beats 4-4, 3-3 and 0-0
    assert [str(a) for a in script.state.legal_actions()] == ["5-5"]  # he holds a double: he sets one
    hands[2][0], hands[3][1] = "4-4", "5-5"
    assert Script(4, [full_deal(hands)]).state.set_player == 3


def test_a_first_deal_without_a_double_is_shuffled_again() -> None:
    # with seed 592 the first shuffle for five players deals no double (15 single tiles): redeal (§3)
    first, _ = shuffled_hands(random.Random(592), 5)
    assert not any(IS_DOUBLE[t] for hand in first for t in hand)
    state = new_domineren("domineren", 5, {"hands": 1, "billitonnen": "off"}, seed=592)
    assert state.in_hand != first and sorted(len(h) for h in state.in_hand) == [3] * 5
    highest = max(t for hand in state.in_hand for t in hand if IS_DOUBLE[t])
    assert highest in state.in_hand[state.set_player] and state.current_seat == state.set_player
    assert sorted([t for h in state.in_hand for t in h] + state.talon) == list(range(28))


@pytest.mark.parametrize(("players", "size", "talon"), [(3, 5, 13), (4, 4, 12), (5, 3, 13)])
def test_deal_sizes_and_the_talon(players: int, size: int, talon: int) -> None:
    for seed in range(5):
        state = new_domineren("domineren", players, {"hands": 1}, seed=seed)
        public = state.view(None)
        assert public.hand_sizes == (size,) * players and public.talon == talon  # §2
        assert public.drawable == talon - 2  # §9: the last two are never drawn
        assert state.scores == [500] * players  # §0: 500 chips each
