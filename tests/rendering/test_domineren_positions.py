"""Domineren positions to draw: a hand of every game type at every player count, played by the computer
player with the type forced on it; sessions of random play ending in Billitonnen; and stacked deals
whose every tile is known, for tests that look at particular pixels. The tests here check that the
corpus reaches every kind of position the images have to show."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from bot.ai import choose_action
from bot.engine.domineren import TYPE_IDS
from tests.checks import must
from tests.games import new_domineren

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve")
NAMES_JA = ("さくら", "たけし・山本", "Łukasz Nguyễn", "名前がとても長いプレイヤーさんです本当に長い", "エミ")
TRIANGLES = ("14", "15", "16", "17")


def states(
    players: int, seed: int, options: dict[str, Any], type_id: str | None = None, random_play: bool = False
) -> Iterator[Any]:
    """The state after every action of one session (the same object, changed in place). With `type_id`
    the set player declares that type whenever the set allows it (and sets 0-0 for a triangle when he
    can); `random_play` picks legal actions at random, except in Billitonnen, where the computer player
    mostly chooses so that the game ends."""
    state = new_domineren("domineren", players, options, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_seat is not None:
        seat = state.current_seat
        view = state.view(seat)
        legal = [m.text for m in view.legal]
        choice = None
        if type_id is not None and view.phase == "type":
            wanted = [m.text for m in view.legal if m.game_type == type_id]
            choice = rng.choice(wanted) if wanted else None
        elif type_id in TRIANGLES and view.phase == "set" and "0-0" in legal:
            choice = "0-0"
        if choice is None:
            bold = random_play and (view.phase != "billitonnen" or rng.random() < 0.3)
            choice = rng.choice(legal) if bold else choose_action(view, rng)
        state.apply(seat, choice)
        yield state


def typed_game(type_id: str, players: int, random_play: bool) -> tuple[int, list[Any], list[Any]]:
    """The first seed whose game declares `type_id` and lays at least six tiles under it: its seed, the
    public views and the on-turn seat views of its hands of that type."""
    options = {"hands": 2, "billitonnen": "off"}
    for seed in range(300):
        boards, hands = [], []
        for state in states(players, seed, options, type_id, random_play):
            view = state.view(None)
            if view.game_type is not None and view.game_type.id == type_id and view.phase != "over":
                boards.append(view)
                if state.current_seat is not None:
                    hands.append(state.view(state.current_seat))
        if boards and max(len(v.layout) for v in boards) >= 6:
            return seed, boards, hands
    raise AssertionError(f"no seed declares type {type_id} with {players} players")


@cache
def corpus() -> dict[str, list[Any]]:
    """Every public board and on-turn hand of two games of every type at every player count (one of the
    computer player, one of random play) and of random sessions (with Billitonnen, one with claims), the
    longest layout of each, and the final views."""
    boards, hands, longest, finals = [], [], [], []
    for type_id in TYPE_IDS:
        for players, random_play in itertools.product((3, 4, 5), (False, True)):
            _, views, own = typed_game(type_id, players, random_play)
            boards += views
            hands += own
            longest.append(max(views, key=lambda v: len(v.layout)))
    declared = stacked(PLAYS_DOUBLES, DEAL_DOUBLES)
    boards.append(declared.view(None))
    hands.append(declared.view(declared.current_seat))
    for players in (3, 4, 5):
        for seed, options in ((1, {"hands": 3}), (2, {"hands": 2, "auto_claim": "off"})):
            session = []
            for state in states(players, seed, options, random_play=True):
                session.append(state.view(None))
                if state.current_seat is not None:
                    hands.append(state.view(state.current_seat))
            boards += session
            longest.append(max(session, key=lambda v: len(v.layout)))
            finals.append(session[-1])
    return {"boards": boards, "hands": hands, "longest": longest, "finals": finals}


def sample(views: list[Any], step: int) -> list[Any]:
    """Every `step`-th view, every view of a rarer kind (a finished hand, the questions after the set, the
    end) and every fifth of Billitonnen's."""
    rare = ("over", "declare", "special")
    return [
        v
        for k, v in enumerate(views)
        if k % step == 0
        or v.phase in rare
        or (v.phase == "set" and v.hands)
        or (v.phase == "billitonnen" and k % 5 == 0)
    ]


# Four players, every tile known (tests/records/domineren/type-13a.json): seat 0 sets 4-4 and declares
# the Volapük cross with the W-E axis normal, so the N and S arms follow the Russian rule.
DEAL_13A: dict[str, Any] = {
    "hands": [
        ["2-0", "4-4", "4-0", "5-2"],
        ["2-2", "0-0", "3-1", "6-0"],
        ["5-4", "5-3", "6-2", "6-4"],
        ["2-1", "1-1", "6-1", "3-0"],
    ],
    "boneyard": ["4-1", "5-5", "3-3", "6-5", "5-0", "5-1", "3-2", "1-0", "4-3", "6-3", "4-2", "6-6"],
}
PLAYS_13A = ("4-4", "type 13a normal:WE", "0-0@4-4", "4-6@4-4", "6-1@4-4", "4-0@4-4", "6-0@6-1", "6-2@4-6")


# The same deal with seat 1 holding three doubles (1-1 for 3-1): after the type he declares them, and they
# lie face up beside him until played.
DEAL_DOUBLES = {
    "hands": [
        ["2-0", "4-4", "4-0", "5-2"],
        ["2-2", "0-0", "1-1", "6-0"],
        ["5-4", "5-3", "6-2", "6-4"],
        ["2-1", "3-1", "6-1", "3-0"],
    ],
    "boneyard": DEAL_13A["boneyard"],
}
PLAYS_DOUBLES = ("4-4", "type 13a normal:WE", "declare")


def stacked(actions: tuple[str, ...] = PLAYS_13A, deal: dict[str, Any] = DEAL_13A, **options: Any) -> Any:
    state = new_domineren("domineren", 4, {"hands": 1, "billitonnen": "off", **options}, seed=0, deal=deal)
    for action in actions:
        state.apply(must(state.current_seat), action)
    return state


def test_the_corpus_reaches_every_kind_of_position() -> None:
    c = corpus()
    types = {(v.game_type.id, v.players) for v in c["boards"] if v.game_type is not None and v.layout}
    assert types >= {(t, n) for t in TYPE_IDS for n in (3, 4, 5)}
    ends = [e for v in c["boards"] for e in v.ends]
    assert {e.need for e in ends} == {"any", "double", "double-or-matador", "matador"}
    assert {e.rule for e in ends} == {"normal", "russian"}
    assert any(not e.open for e in ends) and any(e.directed for e in ends)
    assert any(any(d) for v in c["boards"] for d in v.declared)  # doubles shown face up
    games = [v.billitonnen for v in c["boards"] if v.phase == "billitonnen"]
    assert any(g.turned is not None for g in games)  # a tile that fits both ends, waiting
    assert any(t is not None for g in games for row in g.rows for t in row)  # a double put back face up
    assert any(v.phase == "set" and v.hand_no > 1 for v in c["boards"])  # a hand just finished
    assert any(v.owed for v in c["boards"]) and any(v.block is not None for v in c["boards"])
    assert len(c["finals"]) == 6 and all(v.over for v in c["finals"])
    assert max(len(v.layout) for v in c["longest"]) >= 22
