"""The Five Hundred decisions benchmark compares the levels on the very positions of a game and reads the
auction's estimates back from the simulation the bid came from."""

from __future__ import annotations

from benchmarks.five_hundred_decisions import measure


def test_a_search_agrees_with_itself_and_contracts_carry_their_estimate() -> None:
    # strong against strong at 1 times its playouts: the same seeded search, so they agree everywhere
    agreement, calibration = measure(games=1, first=7001, times=1.0, hands=1)
    assert agreement["auction"].positions > 0 and agreement["play"].positions > 0
    for row in agreement.values():
        assert row.strong_big == row.positions
        assert row.normal_strong == row.normal_big <= row.positions
    contracts = sum(row.contracts for row in calibration.values())
    assert contracts == 1, "the first hand of game 7001 is played in a contract the search bid"
    for kind in calibration.values():
        assert 0.0 < kind.estimated <= kind.contracts and kind.made <= kind.contracts
