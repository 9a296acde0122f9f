"""A restart, even a crash, loses nothing: every active game is rebuilt by replaying its action log."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.tables import BoardChanged, GameEnded, MovedOn, StaleControl, StoreFailed
from data import ActionWrite, StoreConflict, StoreError
from tests.checks import is_a, must
from tests.tables.conftest import ANN, FakeClock, Harness


async def _finished_record(h: Harness, restart_after: int | None) -> tuple[dict, list]:
    """Start the same seeded game; optionally restart after some human steps; play to the end."""
    await h.open()
    game_no, _ = await h.start_game()
    notes = []
    if restart_after is not None:
        notes += await h.play(game_no, max_steps=restart_after)
        assert not any(isinstance(n, GameEnded) for n in notes)
        assert await h.restart() == []  # nothing was pending: a human is to act
    notes += await h.play(game_no)
    record = await h.service.tables.export(game_no)
    board = await h.service.standings.leaderboard(h.guild, "five-up")
    return record, [(e.user_id, e.games, e.wins, round(e.rating, 9)) for e in board]


async def test_a_game_restarted_midway_carries_on_identically(new_harness: Callable[[str], Harness]) -> None:
    straight = await _finished_record(new_harness("straight.sqlite3"), restart_after=None)
    restarted = await _finished_record(new_harness("restarted.sqlite3"), restart_after=12)
    assert restarted == straight
    assert len(straight[0]["actions"]) > 40


async def test_after_a_restart_the_views_and_turn_tokens_are_the_same(harness: Harness) -> None:
    game_no, _ = await harness.start_game()
    await harness.play(game_no, max_steps=5)
    hand = must(await harness.to_act(game_no))
    public = await harness.service.tables.public_view(game_no)
    await harness.restart()
    svc = harness.service
    assert await svc.tables.public_view(game_no) == public
    again = await svc.tables.private_view(game_no, hand.user_id)
    assert (again.view, again.turn, again.your_turn) == (hand.view, hand.turn, True)
    assert [g.table.game_no for g in svc.tables.games_of(hand.user_id)] == [game_no]
    notes = await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)  # an old button still works
    assert isinstance(notes[0], BoardChanged)


async def test_a_failed_write_changes_nothing_and_the_game_goes_on(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    hand = must(await harness.to_act(game_no))
    before = await svc.tables.export(game_no)

    async def broken(write: ActionWrite) -> None:
        raise StoreError("disk I/O error")

    monkeypatch.setattr(harness.store, "append_action", broken)
    with pytest.raises(StoreFailed) as failed:
        await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    assert failed.value.key == "store_failed"
    assert await svc.tables.export(game_no) == before
    assert (await svc.tables.private_view(game_no, hand.user_id)).view == hand.view
    monkeypatch.undo()
    notes = await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    assert is_a(BoardChanged, notes[0]).turn == hand.turn + 1


async def test_a_write_aborted_for_a_conflict_with_another_process_is_made_again_not_refused(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL aborts one of two transactions that lock rows in opposite orders (a deadlock): nothing of
    it was written, so the click is made again at once, once, instead of answered "could not be saved"."""
    svc = harness.service
    game_no, _ = await harness.start_game()
    hand = must(await harness.to_act(game_no))
    real = harness.store.append_action
    aborted: list[int] = []

    async def deadlocked_once(write: ActionWrite) -> None:
        if not aborted:
            aborted.append(write.turn)
            raise StoreConflict("deadlock detected")
        await real(write)

    monkeypatch.setattr(harness.store, "append_action", deadlocked_once)
    notes = await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    assert aborted == [hand.turn] and is_a(BoardChanged, notes[0]).turn == hand.turn + 1
    with pytest.raises(StaleControl):  # made once: the same click again is the stale control it is
        await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)


async def test_a_computer_turn_lost_in_a_crash_is_played_on_resume(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    # find a human move after which a computer is to act
    while True:
        hand = must(await harness.to_act(game_no))
        table = await svc.tables.info(game_no)
        following = (hand.seat + 1) % len(table.seats)
        if table.seats[following].computer and hand.view.legal[0].text not in ("draw",):
            break
        await harness.step(game_no)
    real = harness.store.append_action
    calls = 0

    async def crash_after_first(write: ActionWrite) -> None:
        nonlocal calls
        calls += 1
        if calls > 1:
            raise StoreError("the process died here")
        await real(write)

    monkeypatch.setattr(harness.store, "append_action", crash_after_first)
    notes = await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    assert [n.kind for n in notes if isinstance(n, BoardChanged)] == ["player"]  # the human's move stands
    monkeypatch.undo()
    resumed = await harness.restart()
    moves = [n for n in resumed if isinstance(n, BoardChanged)]
    assert moves and moves[0].kind == "computer" and moves[0].turn == hand.turn + 2
    record = await harness.service.tables.export(game_no)
    assert len(record["actions"]) == moves[-1].turn


async def test_a_stalled_computer_turn_is_retried_by_tick(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    real = harness.store.append_action
    calls = 0

    async def flaky(write: ActionWrite) -> None:
        nonlocal calls
        calls += 1
        if calls == 2:
            raise StoreError("database is locked")
        await real(write)

    while True:
        hand = must(await harness.to_act(game_no))
        table = await svc.tables.info(game_no)
        if table.seats[(hand.seat + 1) % 4].computer and hand.view.legal[0].text != "draw":
            break
        await harness.step(game_no)
    monkeypatch.setattr(harness.store, "append_action", flaky)
    await svc.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    assert await harness.to_act(game_no) is None  # the computer is to act
    notes = await svc.tick()
    assert next(n.kind for n in notes if isinstance(n, BoardChanged)) == "computer"
    assert await harness.to_act(game_no) is not None


async def test_a_move_typed_without_a_turn_is_for_the_position_when_it_was_sent(
    harness: Harness, clock: FakeClock
) -> None:
    """A move typed by hand carries no turn: it is for the game as it was when it was sent. One that
    arrives after the game moved on (the same player's click accepted a moment before, say) is refused,
    never tried on a later turn its sender did not see; one sent after the last move is played."""
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ANN,), computers=3)
    hand = must(await harness.to_act(game_no))
    sent = clock() - 1  # typed a second before the game's newest move was made
    with pytest.raises(MovedOn) as refused:
        await svc.act(game_no, hand.user_id, hand.view.legal[0].text, None, sent_at=sent)
    assert refused.value.key == "moved_on"
    assert (await svc.tables.private_view(game_no, hand.user_id)).turn == hand.turn  # nothing played
    clock.advance(2)
    notes = await svc.act(game_no, hand.user_id, hand.view.legal[0].text, None, sent_at=clock())
    assert is_a(BoardChanged, notes[0]).turn == hand.turn + 1
