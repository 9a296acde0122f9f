"""Positions to draw: random play through every fives-family game, and a small stacked deal whose every
tile is known, for tests that look at particular pixels."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from PIL import Image

from bot.engine import GAMES, new_game
from tests.checks import must

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")
NAMES_JA = ("さくら", "たけし・山本", "Łukasz Nguyễn", "名前がとても長いプレイヤーさんです本当に長い", "エミ")


def configs() -> list[tuple[str, int, dict[str, Any]]]:
    """Every fives-family game at every player count, and All Fives with the double-nine set too."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    for info in GAMES.values():
        if info.family != "fives":
            continue
        for players in info.players:
            out.append((info.id, players, {}))
            if info.id == "all-fives":
                out.append((info.id, players, {"tile_set": "d9"}))
    return out


def random_states(game_id: str, players: int, seed: int, options: dict[str, Any]) -> Iterator[Any]:
    """The state after every action of one game of uniformly random legal play."""
    state = new_game(game_id, players, options, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_seat is not None:
        seat = state.current_seat
        state.apply(seat, rng.choice(state.view(seat).legal).text)
        yield state


@cache
def corpus(seeds: int = 3) -> dict[str, list[Any]]:
    """For every config: every public board, the longest boards, the fullest hands, the final views."""
    boards, longest, hands, finals = [], [], [], []
    for game_id, players, options in configs():
        top_board = top_hand = None
        for seed in range(seeds):
            for state in random_states(game_id, players, seed, options):
                public = state.view(None)
                boards.append(public)
                if top_board is None or len(public.layout) > len(top_board.layout):
                    top_board = public
                seat = state.current_seat
                if seat is not None:
                    own = state.view(seat)
                    if top_hand is None or len(own.hand) > len(top_hand.hand):
                        top_hand = own
            finals.append(state.view(None))
        longest.append(top_board)
        hands.append(top_hand)
    return {"boards": boards, "longest": longest, "hands": hands, "finals": finals}


# Five Up for two, every tile placed: seat 0 leads 5-4, seat 1 answers 5-1 on the 5 (ends 1 + 4 = 5: one
# point). Seat 1 also holds 5-5 and 4-1, which fit, and four tiles that do not.
DEAL: dict[str, Any] = {
    "first_leader": 0,
    "hands": [
        ["5-4", "6-6", "0-0", "1-0", "2-0", "3-0", "4-0"],
        ["6-1", "2-2", "3-3", "5-5", "3-1", "4-1", "5-1"],
    ],
    "boneyard": ["1-1", "2-1", "3-2", "4-2", "5-2", "6-2", "4-3", "5-3", "6-3", "4-4", "6-4", "6-5", "5-0", "6-0"],
}


def stacked(actions: tuple[str, ...] = ("5-4", "5-1@5-4"), deal: dict[str, Any] = DEAL) -> Any:
    state = new_game("five-up", 2, seed=1, deal=deal)
    for action in actions:
        state.apply(must(state.current_seat), action)
    return state


def colours_in(image: Image.Image, most: int = 1 << 16) -> set[Any]:
    """The distinct colours of `image` (at most `most` of them: more fails the test)."""
    counted = image.getcolors(most)
    assert counted is not None, f"more than {most} colours"
    return {c for _, c in counted}


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def rgb(png: bytes) -> Image.Image:
    return decode(png).convert("RGB")
