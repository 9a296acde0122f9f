"""Every game is told by its family's presenter, found through the registry as `rendering` finds its drawers:
the shell never asks which family a game is."""

from __future__ import annotations

import pytest

from bot.engine import GAMES
from presenters import PRESENTERS, NoPresenter, presenter


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_its_family_s_presenter(game_id: str) -> None:
    assert presenter(game_id).family == GAMES[game_id].family
    assert presenter(game_id) is PRESENTERS[GAMES[game_id].family]


def test_draw_is_told_as_the_fives_family() -> None:
    assert presenter("draw").family == "fives"


def test_a_family_without_a_presenter_is_said_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(PRESENTERS, "domineren")
    with pytest.raises(NoPresenter):
        presenter("domineren")
