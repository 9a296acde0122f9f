"""Every game id the engine knows, and `new_game`, the one way to start any of them."""

from __future__ import annotations

import importlib
import random
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from .base import GameInfo, GameState
from .errors import BadOptions, BadRecord, quoted
from .options import resolve_options


def _fives_sides(rules: Any, players: int, options: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
    from .fives.rules import has_partners

    return ((0, 2), (1, 3)) if has_partners(rules, players) else tuple((s,) for s in range(players))


def _fives_infos() -> list[GameInfo]:
    from .fives import OPTIONS, RULES, FivesState

    infos = []
    for game_id, rules in RULES.items():
        default = 4 if 4 in rules.players else rules.players[-1]
        infos.append(
            GameInfo(
                id=game_id,
                family="fives",
                players=rules.players,
                default_players=default,
                options=OPTIONS[game_id],
                factory=FivesState,
                sides_for=partial(_fives_sides, rules),
            )
        )
    return infos


def _load_games() -> dict[str, GameInfo]:
    """Every family package under bot/engine that offers `game_infos()` registers its game ids."""
    infos = _fives_infos()
    for family in ("five_hundred", "domineren"):
        if (Path(__file__).parent / family / "__init__.py").exists():
            infos.extend(importlib.import_module(f"{__package__}.{family}").game_infos())
    return {info.id: info for info in infos}


GAMES: dict[str, GameInfo] = _load_games()


def game_info(game_id: str) -> GameInfo:
    try:
        return GAMES[game_id]
    except KeyError:
        raise BadOptions(
            f"unknown game {quoted(game_id)} (known: {', '.join(GAMES)})", "unknown_game", game=game_id
        ) from None


def new_game(
    game_id: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    deal: Mapping[str, Any] | Sequence[Mapping[str, Any]] | None = None,
) -> GameState:
    """A fresh game. Randomness comes only from `seed` (a random one is chosen and kept when None);
    `deal` stacks the first hands (one mapping, or a list of them, in the record format)."""
    info = game_info(game_id)
    if players is None:
        players = info.default_players
    if players not in info.players:
        allowed = ", ".join(map(str, info.players))
        raise BadOptions(
            f"{game_id} is played by {allowed} players, not {quoted(players)}",
            "bad_player_count",
            allowed=allowed,
            players=players,
        )
    resolved = resolve_options(game_id, info.options, players, options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**53)
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise BadRecord(f"seed must be an integer, not {quoted(seed)}")
    if deal is None:
        deals: list[Mapping[str, Any]] = []
    elif isinstance(deal, Mapping):
        deals = [deal]
    elif isinstance(deal, Sequence) and not isinstance(deal, str | bytes):
        deals = list(deal)
    else:
        raise BadRecord("deals must be a list of deals")
    for i, d in enumerate(deals):
        if not isinstance(d, Mapping):
            raise BadRecord(f"deal {i + 1} is not an object")
    state = info.factory(game_id, players, resolved, seed, deals)
    state.renew = partial(info.factory, game_id, players, resolved, seed, deals)
    return state
