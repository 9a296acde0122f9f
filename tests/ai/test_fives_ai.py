"""The fives computer player chooses from a seat's view alone, always legally, and prefers points."""

from __future__ import annotations

import random

import pytest

from bot.ai import choose_action
from bot.engine import GAMES
from tests.checks import must
from tests.games import new_fives

FIVES = [(g, n) for g, info in GAMES.items() if info.family == "fives" for n in info.players]


@pytest.mark.parametrize(("game", "players"), FIVES)
def test_computer_players_finish_every_game_legally(game: str, players: int) -> None:
    options = {"muggins_claim": "call"} if game == "muggins" else {}
    state = new_fives(game, players, options, seed=players)
    rng = random.Random(players)
    while not state.is_over:
        seat = must(state.current_seat)
        view = state.view(seat)
        text = choose_action(view, rng)
        assert text in {str(a) for a in state.legal_actions(seat)}
        best = max(m.points for m in view.legal)
        assert next(m.points for m in view.legal if m.text == text) == best, "it takes the most points now"
        state.apply(seat, text)
    assert state.winner
