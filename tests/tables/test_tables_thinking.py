"""Computers that search think off the event loop: another table's click is answered meanwhile, and the
move that comes back from a worker process is the one the same seed gives in place."""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from bot.ai import choose_action
from bot.engine import new_game
from bot.engine.five_hundred.view import FiveHundredView
from bot.tables import Player, TableService
from bot.tables.play.seeds import move_seed
from bot.tables.play.thinking import Thinking
from tests.checks import must

ANN, BOB, CAT = Player(11, "Ann"), Player(22, "Bob"), Player(33, "Cat")
Harness = Any  # tests/tables/conftest.py


class GatedExecutor(ThreadPoolExecutor):
    """Runs the computer's thinking at once until `hold()`; then only once the gate opens again, saying when
    some is waiting. (Held from the start, the computers' first moves at the table's start waited out the
    gate's 30 s before the test had begun.)"""

    def __init__(self) -> None:
        super().__init__(1)
        self.gate = threading.Event()
        self.gate.set()
        self.waiting = threading.Event()

    def hold(self) -> None:
        self.gate.clear()
        self.waiting.clear()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def gated() -> Any:
            self.waiting.set()
            self.gate.wait(30)
            return fn(*args, **kwargs)

        return super().submit(gated)


async def _service(harness: Harness, thinking: Thinking) -> TableService:
    svc = TableService(harness.store, clock=harness.clock, rng=harness.rng, thinking=thinking)
    await svc.resume()
    harness.service = svc
    return svc


async def test_a_click_on_another_table_is_answered_while_a_computer_thinks(harness: Harness) -> None:
    executor = GatedExecutor()
    thinking = Thinking(1, "normal", executor=executor)
    try:
        await _service(harness, thinking)
        # table A: Ann and three searching computers; table B: Bob and Cat, humans only
        game_a, _ = await harness.start_game(humans=(ANN,), computers=3, game_id="all-fives")
        game_b, _ = await harness.start_game(humans=(BOB, CAT), computers=0, game_id="five-up")
        thinking_task = None
        for _ in range(40):  # Ann plays until a computer has a real choice to think about
            hand = await harness.to_act(game_a)
            assert hand is not None
            executor.hold()
            thinking_task = asyncio.create_task(
                harness.service.act(game_a, ANN.user_id, hand.view.legal[0].text, hand.turn)
            )
            while not thinking_task.done() and not executor.waiting.is_set():
                await asyncio.sleep(0.01)
            if executor.waiting.is_set():
                break
            await thinking_task
        assert executor.waiting.is_set(), "no computer at table A had to think"
        assert thinking_task is not None
        assert not thinking_task.done()
        # meanwhile at table B a human clicks and is answered
        notes = await asyncio.wait_for(harness.step(game_b), timeout=10)
        assert notes and not thinking_task.done(), "table B was answered while table A's computer thought"
        executor.gate.set()
        await asyncio.wait_for(thinking_task, timeout=60)
    finally:
        executor.gate.set()
        thinking.close()


def test_a_move_from_a_worker_process_is_the_move_in_place() -> None:
    rng = random.Random(2)
    state = new_game("five-up", 4, seed=11)
    while True:
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
        view = state.view(state.current_seat)
        if len(view.legal) > 1 and state.turn > 6:
            break
    seed = move_seed(state.seed, state.turn)  # as the table service seeds a computer's move
    thinking = Thinking(1, "normal")
    try:
        in_worker = asyncio.run(thinking.choose(view, seed))
    finally:
        thinking.close()
    assert in_worker == choose_action(view, random.Random(seed), "normal")


def test_an_unknown_default_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer level 'hard'"):
        Thinking(1, "hard")


async def _record(h: Harness, restart_after: int | None) -> dict:
    await h.open()
    game_no, _ = await h.start_game()
    steps = 30
    if restart_after is not None:
        await h.play(game_no, max_steps=restart_after)
        await h.restart()
        steps -= restart_after
    await h.play(game_no, max_steps=steps)
    return await h.service.tables.export(game_no)


async def test_searching_computers_make_the_same_moves_after_a_restart(
    new_harness: Callable[[str], Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.ai import BUDGETS
    from bot.ai.search import Budget

    monkeypatch.setitem(BUDGETS["fives"], "normal", Budget(playouts=40, min_samples=4))
    monkeypatch.setattr("bot.tables.play.turns.Thinking", lambda: Thinking(0, "normal"))
    straight = await _record(new_harness("straight.sqlite3"), None)
    restarted = await _record(new_harness("restarted.sqlite3"), 5)
    assert restarted["actions"] == straight["actions"]
    computer_moves = [a for a in straight["actions"] if a["seat"] in (2, 3)]
    assert len(computer_moves) > 10


def test_a_search_that_fails_plays_the_easy_move(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import bot.tables.play.thinking as thinking_module

    real = thinking_module.think

    def failing(view: Any, seed: int, level: str) -> str:
        if level != "easy":
            raise RuntimeError("search bug")
        return real(view, seed, level)

    monkeypatch.setattr(thinking_module, "think", failing)
    state = new_game("five-up", 4, seed=3)
    rng = random.Random(1)
    while len(state.view(state.current_seat).legal) < 2:
        state.apply(must(state.current_seat), rng.choice(state.legal_actions()))
    view = state.view(state.current_seat)
    move = asyncio.run(Thinking(0, "strong").choose(view, 42))
    assert move == choose_action(view, random.Random(42), "easy")
    assert "could not choose" in caplog.text


async def _record_five_hundred(h: Harness, restart_after: int | None) -> dict:
    """A Five Hundred game of Ann and Bob with two strong computers; the humans pass in the auction and
    play their first legal card, so the computers bid, discard and play."""
    await h.open()
    game_no, _ = await h.start_game(game_id="five-hundred", computers=2)

    def choose(view: FiveHundredView) -> str:
        return "pass" if view.phase == "auction" else view.legal[0].text

    steps = 24
    if restart_after is not None:
        await h.play(game_no, max_steps=restart_after, choose=choose)
        await h.restart()
        steps -= restart_after
    await h.play(game_no, max_steps=steps, choose=choose)
    return await h.service.tables.export(game_no)


async def test_strong_five_hundred_computers_make_the_same_moves_after_a_restart(
    new_harness: Callable[[str], Harness], monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.ai import BUDGETS
    from bot.ai.search import Budget

    monkeypatch.setitem(BUDGETS["five_hundred"], "strong", Budget(playouts=60, min_samples=4))
    monkeypatch.setattr("bot.tables.play.turns.Thinking", lambda: Thinking(0, "strong"))
    straight = await _record_five_hundred(new_harness("straight.sqlite3"), None)
    restarted = await _record_five_hundred(new_harness("restarted.sqlite3"), 7)
    assert restarted["actions"] == straight["actions"]
    computer_moves = [a for a in straight["actions"] if a["seat"] in (2, 3)]
    assert len(computer_moves) > 10
    assert any(str(a["action"]).startswith("discard") for a in straight["actions"] if a["seat"] in (2, 3))
