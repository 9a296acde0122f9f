"""Tournament pairings, pure: a knockout seeds 1 v N with the byes to the best seeds and a tie to the better
seed; Swiss pairs by standing without rematches while any pairing avoids them, and the bye goes to the lowest
ranked entrant who has not had one."""

from __future__ import annotations

import pytest

from bot.tables.community.tournament_pairing import (
    DRAW,
    LOSS,
    WIN,
    SwissGame,
    bracket_size,
    buchholz,
    knockout_first_round,
    knockout_rounds,
    knockout_winner,
    next_round,
    seed_positions,
    swiss_pairings,
    swiss_ranking,
)


def test_knockout_seeds_one_against_n_and_the_best_two_meet_only_in_the_final() -> None:
    assert knockout_first_round(4) == [(0, 3), (1, 2)]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    first = knockout_first_round(8)
    assert first[0] == (0, 7) and (1, 6) in first
    half = len(first) // 2
    assert any(0 in m for m in first[:half]) and any(1 in m for m in first[half:])
    assert knockout_rounds(8) == 3 and knockout_rounds(5) == 3 and knockout_rounds(2) == 1


def test_knockout_byes_go_to_the_best_seeds_never_two_in_a_match() -> None:
    assert bracket_size(5) == 8
    first = knockout_first_round(5)
    byes = [m for m in first if None in m]
    assert sorted(e for m in byes for e in m if e is not None) == [0, 1, 2]
    assert all(m != (None, None) for m in first)
    assert knockout_winner(2, None, None) == 2 and knockout_winner(None, 1, None) == 1


def test_a_knockout_tie_goes_to_the_better_seed_and_winners_meet_in_order() -> None:
    assert knockout_winner(3, 0, "tie") == 0
    assert knockout_winner(0, 3, "b") == 3
    assert knockout_winner(0, 3, None) is None
    assert next_round([0, 2, 1, 3]) == [(0, 2), (1, 3)]
    with pytest.raises(ValueError):
        next_round([0, 1, 2])
    with pytest.raises(ValueError):
        bracket_size(1)


def test_swiss_first_round_pairs_by_seed_and_the_bye_goes_to_the_lowest() -> None:
    pairs = swiss_pairings([[] for _ in range(5)])
    assert pairs == [(0, 1), (2, 3), (4, None)]


def test_swiss_avoids_rematches_while_any_pairing_allows() -> None:
    # Round 1: 0 beat 1, 2 beat 3. By standing 0 and 2 lead, then 1 and 3; nobody has met them.
    history = [
        [SwissGame(1, WIN)],
        [SwissGame(0, LOSS)],
        [SwissGame(3, WIN)],
        [SwissGame(2, LOSS)],
    ]
    assert swiss_pairings(history) == [(0, 2), (1, 3)]
    # Round 2: 0 beat 2, 1 drew 3. Top down 0 has met 1 and 2: it meets 3, and 2 meets 1.
    history[0].append(SwissGame(2, WIN))
    history[2].append(SwissGame(0, LOSS))
    history[1].append(SwissGame(3, DRAW))
    history[3].append(SwissGame(1, DRAW))
    pairs = swiss_pairings(history)
    met = {frozenset((e, g.opponent)) for e, games in enumerate(history) for g in games}
    assert all(frozenset(p) not in met for p in pairs)
    assert pairs[0][0] == 0


def test_swiss_allows_a_rematch_only_when_nothing_else_pairs() -> None:
    history = [[SwissGame(1, WIN)], [SwissGame(0, LOSS)]]
    assert swiss_pairings(history) == [(0, 1)]


def test_the_bye_goes_to_the_lowest_without_one_and_withdrawn_are_not_paired() -> None:
    history = [
        [SwissGame(1, WIN)],
        [SwissGame(0, LOSS)],
        [SwissGame(None, WIN)],  # 2 had the bye in round 1
    ]
    assert swiss_pairings(history) == [(0, 2), (1, None)]  # 1 is the lowest, and has had no bye
    assert swiss_pairings(history, withdrawn=[1]) == [(0, 2)]
    history[0].append(SwissGame(2, WIN))
    history[2].append(SwissGame(0, LOSS))
    history[1].append(SwissGame(None, WIN))
    # 1 and 2 have had their byes: the third round's goes to the leader, the only one without.
    assert swiss_pairings(history) == [(1, 2), (0, None)]
    assert swiss_pairings(history, withdrawn=[0, 1]) == [(2, None)]


def test_standing_is_points_then_buchholz_then_seed() -> None:
    history = [
        [SwissGame(2, WIN)],
        [SwissGame(3, WIN)],
        [SwissGame(0, LOSS)],
        [SwissGame(1, LOSS)],
    ]
    assert buchholz(history) == [0.0, 0.0, 1.0, 1.0]
    assert swiss_ranking(history) == [0, 1, 2, 3]
    history[3][0] = SwissGame(1, DRAW)
    history[1][0] = SwissGame(3, DRAW)
    assert swiss_ranking(history)[:2] == [0, 1]  # 0 has 1 point; 1 and 3 have a half, 1 the better seed
