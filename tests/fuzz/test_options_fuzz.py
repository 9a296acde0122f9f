"""Option values as the lobby's Rules selects and `/settings option` take them: the option named (by id or
by its name in either language), the value typed (by id, by its label in either language, several for a
list) and checked by the table service's `check_option`. Whatever is given: a value the rules allow, which
a game then starts with, or a refusal with words in both languages that fits a Discord message."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bot.engine import GAMES, BadOptions, new_game
from bot.i18n import LOCALES, error_text, has
from bot.tables.errors import BadOption
from bot.tables.lobby.lobbies import check_option
from cogs.common import Refusal
from cogs.settings import find_option, settable, typed_value
from presenters.common import option_name, option_value

from .conftest import counted, fuzz
from .strategies import json_values, typed_text

GAME_IDS = sorted(GAMES)
SPECS = [(game_id, spec) for game_id in GAME_IDS for spec in GAMES[game_id].options]


def _labels(game_id: str) -> list[str]:
    """What a manager may copy from the bot: option names and value labels in both languages."""
    out = []
    for spec in GAMES[game_id].options:
        for locale in LOCALES:
            out.append(option_name(spec.id, locale))
            out += [option_value(spec.id, c, locale) for c in spec.choices]
        out += [spec.id, *map(str, spec.choices)]
    return out


LABELS = sorted({label for game_id in GAME_IDS for label in _labels(game_id)})
TYPED = st.one_of(st.sampled_from(LABELS), typed_text(), st.lists(st.sampled_from(LABELS), max_size=4).map(", ".join))
VALUES = st.one_of(
    TYPED,
    st.integers(),
    st.lists(TYPED, max_size=5),
    json_values(6),
)


def check_refusal(error: Any) -> None:
    for locale in LOCALES:
        assert has(f"error.{error.key}", locale), f"no {locale} words for error.{error.key}"
        said = error_text(error, locale)
        assert 0 < len(said) <= 2000, said[:300]


def started_with(game_id: str, option_id: str, value: Any) -> None:
    """A value the check let through must be one a game starts with."""
    info = GAMES[game_id]
    for players in info.players:
        try:
            new_game(game_id, players, {option_id: value}, seed=1)
            return
        except BadOptions:
            continue  # an option whose allowed values depend on the player count
    raise AssertionError(f"{game_id}: {option_id}={value!r} was accepted but no game starts with it")


@fuzz(150)
@given(st.sampled_from(SPECS), VALUES)
def test_any_value_of_a_lobby_option_is_accepted_or_refused_cleanly(game_spec: Any, value: Any) -> None:
    counted("options")
    game_id, spec = game_spec
    try:
        checked = check_option(GAMES[game_id], spec.id, value)
    except BadOption as error:
        check_refusal(error)
        return
    assert check_option(GAMES[game_id], spec.id, checked) == checked  # as the rules write it, stable
    started_with(game_id, spec.id, checked)


@fuzz(150)
@given(st.sampled_from(GAME_IDS), TYPED, TYPED, st.sampled_from(LOCALES))
def test_any_settings_option_typed_is_saved_or_refused_cleanly(
    game_id: str, option: str, value: str, locale: str
) -> None:
    """`/settings option game option value`, as the cog reads it before the service checks it."""
    counted("settings")
    try:
        spec = find_option(game_id, option, locale)
    except Refusal as error:
        check_refusal(error)
        return
    assert spec in settable(game_id)
    try:
        checked = check_option(GAMES[game_id], spec.id, typed_value(spec, value))
    except BadOption as error:
        check_refusal(error)
        return
    started_with(game_id, spec.id, checked)
