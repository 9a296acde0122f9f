"""The action notation of every game family, as `/move` text and the Type a move modal reach it (the cog
passes the text to `TableService.act`, which hands it to `state.apply`): whatever is typed, either the one
legal action it names is played, or the game refuses it with an error that has words in both languages,
is short and printable, and leaves the game exactly as it was."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.engine import GAMES, EngineError, GameState, new_game
from bot.i18n import LOCALES, error_text, has

from .conftest import counted, fuzz
from .strategies import mutated, typed_text


@dataclass
class Position:
    name: str
    pristine: GameState
    state: GameState

    def reset(self) -> None:
        self.state = copy.deepcopy(self.pristine)


def _positions() -> list[Position]:
    """Every game and player count, at several depths of seeded random play (every phase is reached:
    auctions, discards, calls, tricks; sets, type declarations, doubles, Billitonnen)."""
    out = []
    for game_id, info in sorted(GAMES.items()):
        for players in info.players:
            for seed in range(2):
                state = new_game(game_id, players, {}, seed=seed)
                rng = random.Random(seed)
                for depth in range(400):
                    if state.is_over:
                        break
                    if depth in (0, 3, 9, 25, 60, 140, 399):
                        name = f"{game_id} {players}p seed {seed} turn {state.turn}"
                        out.append(Position(name, copy.deepcopy(state), copy.deepcopy(state)))
                    seat = state.actors[0]
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
    return out


POSITIONS = _positions()


def fingerprint(state: GameState) -> Any:
    return state.turn, state.current_seat, state.actors, repr(state.view(None)), list(state.scores)


def check_refusal(error: EngineError) -> None:
    """A refusal the player can read: words in every language, short, one printable line."""
    for locale in LOCALES:
        assert has(f"error.{error.key}", locale), f"no {locale} words for error.{error.key}"
        said = error_text(error, locale)
        assert 0 < len(said) <= 400, said[:500]
        assert all(ch.isprintable() or ch in "\n " for ch in said), repr(said)
    assert len(str(error)) <= 400


def try_move(position: Position, seat: int, text: str) -> None:
    counted("notation")
    state = position.state
    legal = {state.format_action(a) for a in state.legal_actions(seat)}
    before = fingerprint(state)
    try:
        state.apply(seat, text)
    except EngineError as error:
        check_refusal(error)
        assert fingerprint(state) == before, f"{position.name}: {text[:60]!r} was refused but changed the game"
        return
    # played: it must have been one of the legal actions, and nothing else
    played = state.format_action(state.steps[-1].action)
    assert played in legal, f"{position.name}: {text[:60]!r} played {played}, which was not legal"
    position.reset()


@fuzz(250)
@given(st.sampled_from(POSITIONS), typed_text(), st.integers(0, 5))
def test_any_text_is_played_or_refused_cleanly(position: Position, text: str, seat_pick: int) -> None:
    state = position.state
    seats = [*state.actors, *range(state.players)]
    try_move(position, seats[seat_pick % len(seats)], text)


@fuzz(120)
@given(st.data())
def test_mistyped_legal_moves_are_played_or_refused_cleanly(data: st.DataObject) -> None:
    position = data.draw(st.sampled_from(POSITIONS))
    seat = position.state.actors[0]
    legal = [position.state.format_action(a) for a in position.state.legal_actions(seat)]
    try_move(position, seat, data.draw(mutated(legal)))


def test_every_legal_text_plays_exactly_that_action() -> None:
    """The other side of the property: what the bot offers parses back to itself."""
    for position in POSITIONS[::7]:
        seat = position.state.actors[0]
        for action in position.state.legal_actions(seat):
            text = position.state.format_action(action)
            counted("notation")
            position.state.apply(seat, text)
            assert position.state.format_action(position.state.steps[-1].action) == text
            position.reset()
