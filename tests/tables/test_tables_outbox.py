"""The outbox at the table service: what a call must tell is kept in the store until the teller says it was
told; a crash (a new service over the same file) or a failed post leaves it to be told again from the log,
exactly as it was first told."""

from __future__ import annotations

from bot.tables import BoardChanged, GameEnded, HandChanged, HandEnded, Retold
from bot.tables.telling.outbox import key_of
from tests.checks import must
from tests.tables.conftest import Harness


def told_keys(notes: list) -> list:
    return [k for k in map(key_of, notes) if k is not None]


def board_lines(notes: list) -> list[tuple]:
    """What each action's line is told from: who did what, its points, kind and turn, the engine's events."""
    return [(n.seat, n.action, n.points, n.kind, n.turn, n.events) for n in notes if isinstance(n, BoardChanged)]


async def test_what_a_crash_left_untold_is_retold_from_the_log_as_it_was_first_told(harness: Harness) -> None:
    game_no, start = await harness.start_game()
    await harness.service.telling.told(game_no, told_keys(start))
    notes = await harness.step(game_no)  # a human, then the computers until the next human
    assert await harness.store.outbox(game_no)  # written with the actions, not told yet

    await harness.restart()  # the crash: nothing was told
    retold = await harness.service.telling.untold(everything=True)

    assert isinstance(retold[0], Retold) and retold[0].table.game_no == game_no
    assert board_lines(retold) == board_lines(notes)  # the same lines, points, turns and events
    assert all(n.events for n in retold if isinstance(n, BoardChanged))
    hands = [n for n in retold if isinstance(n, HandChanged)]
    to_act = must(await harness.to_act(game_no))
    assert any(h.user_id == to_act.user_id and h.your_turn and h.turn == to_act.turn for h in hands)
    await harness.service.telling.told(game_no, told_keys(retold))
    assert await harness.store.outbox(game_no) == []
    assert await harness.service.telling.untold(everything=True) == []


async def test_a_failed_telling_is_tried_again_later_and_later_never_dropped(harness: Harness) -> None:
    game_no, start = await harness.start_game()
    keys = told_keys(start)
    waits = []
    for _ in range(4):
        await harness.service.telling.told(game_no, failed=keys)
        [entry] = [e for e in await harness.store.outbox(game_no) if e.kind == "opened"]
        waits.append(entry.due_at - harness.clock())
        assert await harness.service.telling.untold() == []  # not due yet
        harness.clock.advance(waits[-1])
        retold = await harness.service.telling.untold()
        assert any(key_of(n) == ("opened", 0, 0) for n in retold)
    assert waits == [5.0, 15.0, 60.0, 300.0]


async def test_a_board_that_failed_is_told_before_the_next_one(harness: Harness) -> None:
    game_no, start = await harness.start_game()
    await harness.service.telling.told(game_no, told_keys(start))
    first = await harness.step(game_no)
    await harness.service.telling.told(game_no, failed=[k for k in told_keys(first) if k[0] == "action"])
    second = await harness.step(game_no)

    backlog = await harness.service.telling.backlog(game_no, second)

    assert isinstance(backlog[0], Retold)
    assert board_lines(backlog) == board_lines(first) + board_lines(second)


async def test_the_end_of_a_game_is_retold_with_its_results_and_ratings(harness: Harness) -> None:
    game_no, start = await harness.start_game(game_id="draw", options={"rounds": 1})
    await harness.service.telling.told(game_no, told_keys(start))
    notes = await harness.play(game_no)
    [ended] = [n for n in notes if isinstance(n, GameEnded)]

    await harness.restart()
    retold = await harness.service.telling.untold(everything=True)

    [again] = [n for n in retold if isinstance(n, GameEnded)]
    assert (again.sides, again.ratings) == (ended.sides, ended.ratings)
    assert [n.hand_no for n in retold if isinstance(n, HandEnded)] == [1]
    assert not any(isinstance(n, HandChanged) for n in retold)  # nobody gets a hand after the end
