"""Computer levels at the table service: the host seats each computer at a level (the server's by default,
else the bot's), may change it before the start, and every move of a computer is thought at its seat's
stored level, after a restart too; a resigned player's seat goes to the server's level, a timed-out turn
is played `easy`, and a computer saved before levels were kept plays `easy`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.ai import BUDGETS
from bot.ai.search import Budget
from bot.tables import (
    BoardChanged,
    NotAComputer,
    NotHost,
    SeatHandedToComputer,
    TableOpened,
    UnknownLevel,
)
from bot.tables.play.thinking import Thinking
from data import SeatRow
from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT, CHANNEL, GUILD, Harness

Harnesses = Callable[[str], Harness]


class Recording(Thinking):
    """Thinks in place, and notes at which level each computer move was asked for."""

    def __init__(self, level: str = "easy") -> None:
        super().__init__(0, level)
        self.asked: list[tuple[int, int | None, str | None]] = []  # (turn, seat, level)

    async def choose(self, view: Any, seed: int, level: str | None = None) -> str:
        self.asked.append((view.turn, view.seat, level))
        return await super().choose(view, seed, level)

    def levels_of(self, seat: int) -> set[str | None]:
        return {level for _, s, level in self.asked if s == seat}


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Searching levels with small budgets (a few playouts a move, still a search, still seeded)."""
    monkeypatch.setitem(BUDGETS["fives"], "normal", Budget(playouts=24, min_samples=3))
    monkeypatch.setitem(BUDGETS["fives"], "strong", Budget(playouts=48, min_samples=4, exact_nodes=300))


async def _opened(h: Harness, monkeypatch: pytest.MonkeyPatch, bot_level: str = "easy") -> Recording:
    recording = Recording(bot_level)
    monkeypatch.setattr("bot.tables.play.turns.Thinking", lambda: recording)
    await h.open()
    return recording


async def test_the_host_seats_computers_at_levels_and_changes_one_in_place(
    new_harness: Harnesses, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = new_harness("levels.sqlite3")
    await _opened(h, monkeypatch, bot_level="normal")
    svc = h.service
    [opened] = await svc.lobbies.open(GUILD, CHANNEL, ANN, "five-up")
    lobby_id = opened.lobby.lobby_id
    assert opened.lobby.default_level == "normal"  # no server level: the bot's
    await svc.lobbies.join(lobby_id, BOB)
    [added] = await svc.lobbies.add_computer(lobby_id, ANN.user_id, "strong")
    [added] = await svc.lobbies.add_computer(lobby_id, ANN.user_id)  # the default
    assert [s.level for s in added.lobby.seats] == [None, None, "strong", "normal"]

    with pytest.raises(NotHost):
        await svc.lobbies.add_computer(lobby_id, BOB.user_id, "easy")
    with pytest.raises(NotHost):
        await svc.lobbies.set_computer_level(lobby_id, BOB.user_id, 1, "easy")
    with pytest.raises(UnknownLevel) as unknown:
        await svc.lobbies.set_computer_level(lobby_id, ANN.user_id, 1, "grandmaster")
    assert unknown.value.params == {"level": "grandmaster", "levels": "easy, normal, strong"}
    with pytest.raises(NotAComputer):
        await svc.lobbies.set_computer_level(lobby_id, ANN.user_id, 3, "easy")  # there are two
    assert [s.level for s in svc.lobbies.info(lobby_id).seats] == [
        None,
        None,
        "strong",
        "normal",
    ]  # refusals changed nothing

    # Computer 1 goes down to easy in its own seat: Bob's partner (seat 3) is still Computer 2.
    [changed] = await svc.lobbies.set_computer_level(lobby_id, ANN.user_id, 1, "easy")
    assert [(s.index, s.computer, s.level) for s in changed.lobby.seats[2:]] == [(2, True, "easy"), (3, True, "normal")]

    # The server's own level wins over the bot's for what is added from now on, not for what is seated.
    await svc.settings.update(GUILD, computer_level="strong")
    [removed] = await svc.lobbies.remove_computer(lobby_id, ANN.user_id)
    assert removed.lobby.default_level == "strong"
    [added] = await svc.lobbies.add_computer(lobby_id, ANN.user_id)
    assert [s.level for s in added.lobby.seats] == [None, None, "easy", "strong"]

    # A restart finds the lobby with its levels; the game keeps them.
    await h.restart()
    assert [s.level for s in h.service.lobbies.info(lobby_id).seats] == [None, None, "easy", "strong"]
    notes = await h.service.games.start(lobby_id, ANN.user_id)
    table = next(n for n in notes if isinstance(n, TableOpened)).table
    # (Five Up draws its seats: the computers sit where their tiles put them, with their levels.)
    assert sorted((s.computer_level or "human") for s in table.seats) == ["easy", "human", "human", "strong"]


async def test_each_computer_thinks_at_its_seats_level_and_again_after_a_restart(
    new_harness: Harnesses, monkeypatch: pytest.MonkeyPatch, quick_search: None
) -> None:
    """A resumed game replays the same computer moves at the stored levels."""

    async def record(name: str, restart_after: int | None) -> tuple[dict, Recording]:
        h = new_harness(name)
        recording = await _opened(h, monkeypatch)
        [opened] = await h.service.lobbies.open(GUILD, CHANNEL, ANN, "all-fives")
        lobby_id = opened.lobby.lobby_id
        await h.service.lobbies.join(lobby_id, BOB)
        await h.service.lobbies.add_computer(lobby_id, ANN.user_id, "strong")
        await h.service.lobbies.add_computer(lobby_id, ANN.user_id, "normal")
        notes = await h.service.games.start(lobby_id, ANN.user_id)
        game_no = next(n for n in notes if isinstance(n, TableOpened)).table.game_no
        steps = 30
        if restart_after is not None:
            await h.play(game_no, max_steps=restart_after)
            recording.asked.clear()
            await h.restart()  # the new service makes a new Thinking: this same recording
            steps -= restart_after
        await h.play(game_no, max_steps=steps)
        return await h.service.tables.export(game_no), recording

    straight, _ = await record("straight.sqlite3", None)
    restarted, after = await record("restarted.sqlite3", 6)
    assert restarted["actions"] == straight["actions"]
    assert after.levels_of(2) == {"strong"} and after.levels_of(3) == {"normal"}  # as stored, after the restart
    assert len([a for a in straight["actions"] if a["seat"] in (2, 3)]) > 10


async def test_a_resigned_seat_goes_to_the_servers_level_and_a_timed_out_turn_is_played_easy(
    new_harness: Harnesses, monkeypatch: pytest.MonkeyPatch, quick_search: None
) -> None:
    h = new_harness("resign.sqlite3")
    recording = await _opened(h, monkeypatch, bot_level="normal")
    svc = h.service
    await svc.settings.update(GUILD, computer_level="strong", turn_seconds=600)
    game_no, _ = await h.start_game(humans=(ANN, BOB, CAT), computers=1, game_id="all-fives")
    table = await svc.tables.info(game_no)
    assert [s.computer_level for s in table.seats if s.computer] == ["strong"]

    hand = must(await h.to_act(game_no))
    h.clock.advance(601)
    recording.asked.clear()
    notes = await svc.tick()
    timed_out = next(n for n in notes if isinstance(n, BoardChanged))
    assert (timed_out.kind, timed_out.seat) == ("timeout", hand.seat)
    assert recording.asked[0] == (hand.turn, hand.seat, "easy")

    bob_seat = table.seat_of(BOB.user_id)
    assert bob_seat is not None
    recording.asked.clear()
    handed = (await svc.games.resign(game_no, BOB.user_id))[0]
    assert isinstance(handed, SeatHandedToComputer)
    assert handed.table.seats[bob_seat].computer_level == "strong"
    await svc.settings.update(GUILD, computer_level=None)  # later changes leave the seated computer alone
    await h.play(game_no, max_steps=12)
    assert recording.levels_of(bob_seat) == {"strong"}
    await h.restart()
    assert (await h.service.tables.info(game_no)).seats[bob_seat].computer_level == "strong"


async def test_a_computer_saved_before_levels_were_kept_plays_easy(
    new_harness: Harnesses, monkeypatch: pytest.MonkeyPatch
) -> None:
    h = new_harness("saved.sqlite3")
    recording = await _opened(h, monkeypatch, bot_level="strong")
    game_no, _ = await h.start_game(humans=(ANN, BOB), computers=2, game_id="all-fives")
    for seat in (2, 3):  # as a bot before migration 0004 wrote them
        await h.store.set_seat(game_no, seat, SeatRow(None, None, computer=True))
    await h.restart()
    assert [s.level for s in (await h.service.tables.info(game_no)).seats] == [None] * 4
    recording.asked.clear()
    await h.play(game_no, max_steps=10)
    assert recording.levels_of(2) | recording.levels_of(3) == {"easy"}
