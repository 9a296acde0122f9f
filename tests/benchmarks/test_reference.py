"""The arena's reference player: written apart from bot.ai, it plays legal moves in every family, the same
moves for the same seed, and the arena accepts it as a level."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.reference import Reference, reference_for
from bot.engine import new_game
from tests.checks import must

ROOT = Path(__file__).resolve().parents[2]


def test_reference_imports_nothing_of_bot_ai() -> None:
    code = "import sys, benchmarks.reference; print(any(m.startswith('bot.ai') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize(
    ("game_id", "players", "moves"),
    [("all-fives", 2, 40), ("five-up", 4, 40), ("five-hundred", 4, 30), ("domineren", 4, 30)],
)
def test_reference_plays_legal_moves_deterministically(game_id: str, players: int, moves: int) -> None:
    player = Reference(worlds=3)
    state = new_game(game_id, players, seed=5)
    played = 0
    while not state.is_over and played < moves:
        seat = state.actors[0]
        view = state.view(seat)
        first = player.choose(view, random.Random(played))
        again = player.choose(view, random.Random(played))
        assert first == again, "the same view and seed give the same move"
        assert first in {m.text for m in view.legal}
        state.apply(seat, first)
        played += 1
    assert played == moves or state.is_over


def test_level_names() -> None:
    assert must(reference_for("reference")).worlds == 24
    assert must(reference_for("reference-96")).worlds == 96
    assert reference_for("strong") is None and reference_for("reference-x") is None
