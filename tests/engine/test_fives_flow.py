"""How fives-family games run from hand to hand: leaders, game ends, ties, parties, sides."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

from bot.engine import GAMES
from tests.checks import must
from tests.games import new_fives


def play_out(state: Any, seed: int, until: Callable[[Any], bool] | None = None) -> Any:
    rng = random.Random(seed)
    while not state.is_over and not (until and until(state)):
        state.apply(state.current_seat, rng.choice(state.legal_actions()))
    return state


def find(game: str, players: int, options: dict[str, Any], match: Callable[[Any], bool], seeds: int = 400) -> Any:
    for seed in range(seeds):
        state = play_out(new_fives(game, players, options, seed=seed), seed)
        if match(state):
            return state
    raise AssertionError(f"no {game} game in {seeds} seeds shows this")


def test_five_up_leader_rotates_clockwise_every_hand() -> None:
    state = play_out(new_fives("five-up", 3, seed=11), 11)
    leaders = [h.detail["leader"] for h in state.hands]
    assert len(leaders) > 3
    assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(leaders))


def test_all_fives_winner_leads_the_next_round_and_a_tied_block_keeps_the_leader() -> None:
    checked = 0
    for seed in range(60):
        state = play_out(new_fives("all-fives", 2, seed=seed), seed)
        for before, after in zip(state.hands, state.hands[1:], strict=False):
            expected = before.detail["leader"] if before.detail["winner"] is None else before.detail["winner"]
            assert after.detail["leader"] == expected
            checked += 1
    assert checked > 100


def test_all_fives_first_lead_is_the_highest_double_dealt() -> None:
    for seed in range(30):
        state = new_fives("all-fives", 4, {"tile_set": "d9"}, seed=seed)
        seat = state.current_seat
        doubles = [a for s in range(4) for a, b in must(state.view(s).hand) if a == b]
        (lead,) = state.legal_actions()
        assert str(lead) == f"{max(doubles)}-{max(doubles)}"
        assert (max(doubles), max(doubles)) in must(state.view(seat).hand)


def test_all_fives_ends_the_moment_the_target_is_reached_even_mid_hand() -> None:
    state = find("all-fives", 2, {"target": 50}, lambda s: s.steps[-1].action not in ("draw", "pass") and
                 sum(s.steps[-1].points) > 0 and len(s.hands) == s.hand_no - 1)  # fmt: skip
    winner = state.winner[0]
    assert state.scores[winner] >= 50
    assert state.scores[winner] - state.steps[-1].points[winner] < 50
    assert state.legal_actions() == [] and state.current_seat is None


def scores_after_each_hand(game: str, players: int, seed: int) -> tuple[Any, list[list[int]]]:
    state = new_fives(game, players, seed=seed)
    rng = random.Random(seed)
    totals = []
    while not state.is_over:
        before = len(state.hands)
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
        if len(state.hands) > before:
            totals.append(list(state.scores))
    return state, totals


def test_five_up_tie_at_the_target_plays_two_more_hands() -> None:
    for seed in range(3000):
        state, totals = scores_after_each_hand("five-up", 2, seed)
        first = next(i for i, t in enumerate(totals) if max(t) >= 61)
        if totals[first][0] == totals[first][1]:
            break
    else:
        raise AssertionError("no tie at 61 in 3000 games")
    # the game went on for two more hands (and two more again while still tied), then the higher score won
    assert len(totals) >= first + 3
    assert (len(totals) - 1 - first) % 2 == 0
    last = totals[-1]
    assert last[state.winner[0]] > last[1 - state.winner[0]]


def test_le_quantette_plays_parties_until_one_side_has_won_enough() -> None:
    state = find("le-quantette", 2, {"parties_to_win": 2}, lambda s: len(s.parties) >= 3)
    winners = [p["winner"] for p in state.parties]
    assert winners.count(state.winner[0]) == 2 and len(winners) == 3
    for partie in state.parties:
        scores = partie["scores"]
        assert max(scores) >= 35 and scores[partie["winner"]] == max(scores)
    # game points add up over the parties, each counted as Five Up game points (W - L)
    expected = [0, 0]
    for partie in state.parties:
        w = partie["winner"]
        diff = partie["scores"][w] - partie["scores"][1 - w]
        expected[w] += diff
        expected[1 - w] -= diff
    assert state.game_points == expected


def test_le_quantette_demi_score_doubles_the_winner_against_a_loser_under_18() -> None:
    state = find("le-quantette", 2, {"demi_score": "on"}, lambda s: min(s.scores) < 18)
    w = state.winner[0]
    assert state.game_points[w] == 2 * state.scores[w] - state.scores[1 - w]


def test_draw_runs_its_rounds_and_the_lowest_penalty_wins() -> None:
    for players in (2, 3, 4, 5):
        state = play_out(new_fives("draw", players, seed=players), players)
        assert len(state.hands) == players  # the default: every player leads once
        low = min(state.scores)
        assert state.winner == tuple(s for s, v in enumerate(state.scores) if v == low)
        assert all(p == 0 for step in state.steps for p in step.points)  # no scoring in play
    state = play_out(new_fives("draw", 3, {"rounds": 7}, seed=1), 1)
    assert len(state.hands) == 7


def test_quantette_ends_at_35_with_a_single_leader() -> None:
    for seed in range(20):
        state = play_out(new_fives("quantette", 4, seed=seed), seed)
        top = max(state.scores)
        assert top >= 35 and state.scores.count(top) == 1 and state.scores[state.winner[0]] == top


def test_sides_follow_the_rules() -> None:
    assert GAMES["five-up"].sides(4) == ((0, 2), (1, 3))
    assert GAMES["horse-race"].sides(4) == ((0,), (1,), (2,), (3,))
    assert GAMES["draw"].sides(4) == ((0,), (1,), (2,), (3,))
    assert GAMES["quantette"].sides(3) == ((0,), (1,), (2,))
    assert new_fives("seven-toed-pete", 4, seed=1).sides == ((0, 2), (1, 3))


def test_no_boneyard_games_deal_every_tile() -> None:
    for game in ("seven-toed-pete", "seven-rocks"):
        view = new_fives(game, 4, seed=3).view(None)
        assert view.hand_sizes == (7, 7, 7, 7) and view.boneyard == 0


def test_a_first_leader_may_be_fixed_without_stacking_the_hands() -> None:
    for leader in range(4):
        assert new_fives("five-up", 4, seed=8, deal={"first_leader": leader}).current_seat == leader


def test_each_hand_records_its_points_in_play_and_the_running_totals() -> None:
    state = new_fives("five-up", 4, seed=21)
    rng = random.Random(21)
    in_play = [0, 0]
    while not state.is_over:
        before = len(state.hands)
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
        in_play = [a + b for a, b in zip(in_play, state.steps[-1].points, strict=True)]
        if len(state.hands) > before:
            hand = state.hands[-1]
            assert hand.detail["play"] == in_play
            assert hand.detail["totals"] == list(state.scores)
            in_play = [0, 0]
    assert len(state.hands) > 3
