"""Option specifications: what a game may be configured with, for validation and for lobby selects."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import BadOptions, brief, quoted

SWITCH = ("on", "off")
# The most hands, rounds or parties a table may be set to: the rules set no maximum, but a game of a thousand
# hands never ends for the people at it, and a number that big only ever comes from a typo or a prank.
MAX_LENGTH = 99


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of one game, exactly as the rules file names it.

    `choices` lists the allowed values; an integer option with open range has `choices=()` and `minimum`
    set (and a `maximum`, which the bot adds where the rules set none). `default` may depend on the player
    count, so it is given as a mapping from player count to value when it varies (`None` key = every count).
    """

    id: str
    choices: tuple[Any, ...]
    default: Any
    minimum: int | None = None
    maximum: int | None = None  # the rules set none; the bot caps open ranges so that a table ends in days
    multi: bool = False  # a subset of `choices` (Domineren's allowed types)
    needs_one_of: tuple[Any, ...] = ()  # a subset must hold one of these (checked with the option, not at start)

    def default_for(self, players: int) -> Any:
        if isinstance(self.default, Mapping):
            return self.default.get(players, self.default.get(None))
        return self.default

    def check(self, value: Any, game_id: str) -> Any:
        """The value normalised (`"on"`/`"off"` for switches, ints for numbers), or BadOptions."""
        if isinstance(value, bool) and self.choices == SWITCH:
            return "on" if value else "off"
        if self.multi:
            if isinstance(value, str):
                value = [v for v in value.replace(",", " ").split() if v]
            if not isinstance(value, Sequence) or not value:
                raise BadOptions(
                    f"{game_id}: option {self.id} takes a non-empty list of {self._allowed()}",
                    "bad_option_value",
                    option=self.id,
                    value=value,
                    allowed=self._allowed(),
                )
            out = []
            for item in value:
                item = _coerce(item, self.choices)
                if item not in self.choices:
                    raise BadOptions(
                        f"{game_id}: option {self.id} does not allow {quoted(item)} ({self._allowed()})",
                        "bad_option_value",
                        option=self.id,
                        value=item,
                        allowed=self._allowed(),
                    )
                if item not in out:
                    out.append(item)
            if self.needs_one_of and not set(out) & set(self.needs_one_of):
                needed = ", ".join(map(str, self.needs_one_of))
                raise BadOptions(
                    f"{game_id}: option {self.id} must include one of {needed}",
                    "option_needs_one_of",
                    option=self.id,
                    needed=needed,
                )
            return tuple(sorted(out, key=self.choices.index))
        value = _coerce(value, self.choices)
        if self.choices:
            if value not in self.choices or isinstance(value, bool):  # True == 1, but `true` is no value here
                raise BadOptions(
                    f"{game_id}: option {self.id} must be one of {self._allowed()}, not {quoted(value)}",
                    "bad_option_value",
                    option=self.id,
                    value=value,
                    allowed=self._allowed(),
                )
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise BadOptions(
                f"{game_id}: option {self.id} must be an integer, not {quoted(value)}",
                "option_not_integer",
                option=self.id,
            )
        if self.minimum is not None and value < self.minimum:
            raise BadOptions(
                f"{game_id}: option {self.id} must be at least {self.minimum}, not {brief(value)}",
                "option_too_small",
                option=self.id,
                minimum=self.minimum,
            )
        if self.maximum is not None and value > self.maximum:
            raise BadOptions(
                f"{game_id}: option {self.id} must be at most {self.maximum}, not {brief(value)}",
                "option_too_large",
                option=self.id,
                maximum=self.maximum,
            )
        return value

    @property
    def range_text(self) -> str:
        """An open range in a short form (`1-99`, `>= 1`), for messages that list what is allowed."""
        if self.maximum is not None:
            return f"{self.minimum if self.minimum is not None else 0}-{self.maximum}"
        return f">= {self.minimum}"

    def _allowed(self) -> str:
        return ", ".join(str(c) for c in self.choices)


_NUMBER = re.compile(r"-?[0-9]{1,18}")  # ASCII digits only ("²".isdigit() is true); no 5,000-digit ints


def _coerce(value: Any, choices: tuple[Any, ...]) -> Any:
    """Accept "61" for 61 and 61 for "61" where the choices say which one is meant."""
    if isinstance(value, str) and _NUMBER.fullmatch(value.strip()) and (not choices or isinstance(choices[0], int)):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and choices and isinstance(choices[0], str):
        return str(value)
    return value


def resolve_options(
    game_id: str, specs: Sequence[OptionSpec], players: int, given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every option of the game with its value: the given ones checked, the others at their default."""
    by_id = {spec.id: spec for spec in specs}
    given = dict(given or {})
    if "players" in given and _coerce(given.pop("players"), (0,)) != players:
        raise BadOptions(
            f"{game_id}: option players disagrees with the number of players ({players})", "players_mismatch"
        )
    unknown = sorted(set(given) - set(by_id), key=str)
    if unknown:
        names = ", ".join(brief(name) for name in unknown[:5])
        raise BadOptions(f"{game_id}: unknown option {names}", "unknown_option", option=names)
    resolved = {}
    for spec in specs:
        if spec.id in given:
            resolved[spec.id] = spec.check(given[spec.id], game_id)
        else:
            resolved[spec.id] = spec.default_for(players)
    return resolved
