"""Replays from the table service: an ended game step by step, from the log, with every seat's holding; a
game on is refused, another server's game is not found; a restarted service builds the same replay."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.records import hand_positions, public_positions
from bot.tables import BoardChanged, GameEnded, GameNotFound, GameNotOver, HandEnded
from bot.tables.play import replays
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness


async def test_an_ended_game_replays_as_the_table_told_it_with_every_holding(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2, game_id="five-up")
    told = await harness.play(game_no)
    assert any(isinstance(n, GameEnded) for n in told)
    replay = await svc.replays.open(game_no, harness.guild)

    record = await svc.tables.export(game_no)
    assert list(replay.positions) == public_positions(record)  # the public saw exactly these
    plays = [f.play for f in replay.frames if f.play is not None]
    boards = [n for n in told if isinstance(n, BoardChanged)]
    assert [(p.seat, p.action, p.points, p.kind) for p in plays][-len(boards) :] == [
        (b.seat, b.action, b.points, b.kind) for b in boards
    ]
    ends = [n for n in told if isinstance(n, HandEnded)]
    replayed = [h for f in replay.frames for h in f.hands_ended]
    assert [(h.hand_no, h.result, h.scores) for h in replayed][-len(ends) :] == [
        (h.hand_no, h.result, h.scores) for h in ends
    ]
    # every tile is somewhere: in a hand, on the table or in the boneyard, never twice in hands
    for k, holding in enumerate(replay.holdings):
        held = Counter(tile for hand in holding for tile in hand)
        assert all(n == 1 for n in held.values()), k
        assert len(holding) == 4
    kinds = [f.kind for f in replay.frames]
    assert kinds[0] == "deal" and kinds[-1] == "game_end"
    assert kinds.count("hand_end") == replay.hands - 1 == kinds.count("deal") - 1
    assert replay.sides is not None and replay.finished

    # by hand: back to the deal, on to the end, across hands
    second_deal = kinds.index("deal", 1)
    assert replay.previous_hand(second_deal + 3) == second_deal
    assert replay.previous_hand(second_deal) == 0
    assert replay.next_hand(0) == second_deal - 1 and kinds[second_deal - 1] == "hand_end"
    assert replay.next_hand(len(kinds) - 1) == len(kinds) - 1
    assert list(replay.hand_positions(second_deal + 1)) == hand_positions(list(replay.positions), 2)


async def test_a_game_on_is_refused_and_another_servers_game_is_not_found(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(CAT, DAN), computers=0, game_id="draw", options={"rounds": 1})
    with pytest.raises(GameNotOver):
        await svc.replays.open(game_no, harness.guild)
    await harness.play(game_no)
    with pytest.raises(GameNotFound):
        await svc.replays.open(game_no, harness.guild + 1)
    with pytest.raises(GameNotFound):
        await svc.replays.open(game_no + 1, harness.guild)
    first = await svc.replays.open(game_no, harness.guild)
    assert first is await svc.replays.open(game_no, harness.guild)  # built once, shared
    await harness.restart()
    again = await harness.service.replays.open(game_no, harness.guild)
    assert again.positions == first.positions and again.frames == first.frames


async def test_an_abandoned_game_replays_to_where_it_stopped(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    await harness.play(game_no, max_steps=5)
    await svc.games.abandon(game_no, ANN.user_id)
    replay = await svc.replays.open(game_no, harness.guild)
    assert replay.sides is None and not replay.finished
    assert replay.frames[-1].kind == "play" and replay.frames[-1].position == len(replay.positions) - 1


async def test_the_replays_kept_are_the_newest_within_a_bound_of_positions(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = []
    for _ in range(3):
        game_no, _ = await harness.start_game(humans=(CAT, DAN), computers=0, game_id="draw", options={"rounds": 1})
        await harness.play(game_no)
        games.append(game_no)
    a, b, c = [await harness.service.replays.open(g, harness.guild) for g in games]
    assert a is await harness.service.replays.open(games[0], harness.guild)  # all three kept: well within the bounds

    # Room for all their positions but one: the third opened drops the oldest, the others stay.
    await harness.restart()
    svc = harness.service
    monkeypatch.setattr(replays, "KEPT_POSITIONS", len(a.positions) + len(b.positions) + len(c.positions) - 1)
    a, b, c = [await svc.replays.open(g, harness.guild) for g in games]
    assert await svc.replays.open(games[1], harness.guild) is b and await svc.replays.open(games[2], harness.guild) is c
    again = await svc.replays.open(games[0], harness.guild)
    assert again is not a and again.frames == a.frames  # built again, the same (and b is dropped for it)
    assert await svc.replays.open(games[2], harness.guild) is c

    monkeypatch.setattr(replays, "KEPT_POSITIONS", 1)  # too little even for one: the newest stays
    newest = await svc.replays.open(games[1], harness.guild)
    assert newest is not b and await svc.replays.open(games[1], harness.guild) is newest
    assert await svc.replays.open(games[2], harness.guild) is not c
