"""Several bot processes on one PostgreSQL database: each is a table service with its own store (its own
connections and memory), as a process is. A click may land on any of them; none loses or doubles an
action, a timer fires once, lobbies, settings and ratings keep every change, and a process that stops
between two turns leaves nothing stalled."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.tables import BoardChanged, HandChanged, StaleControl, TableError, TableOver, TurnReminder
from bot.tables.play.table import Table, replay
from bot.tables.play.turns import CARRY_ON_SECONDS, Batch
from bot.tables.telling.outbox import TELL_LEASE as OUTBOX_LEASE
from tests.checks import is_a, must
from tests.conftest import Databases
from tests.postgres_server import PostgresServer
from tests.tables.conftest import ANN, BOB, CAT, DAN, FakeClock, Harness


@pytest.fixture
async def pair(
    postgres_server: PostgresServer, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[tuple[Harness, Harness]]:
    """Two processes on one PostgreSQL database, on one clock."""
    databases = Databases("postgres", tmp_path, postgres_server)
    one, two = Harness(databases, "shared", clock), Harness(databases, "shared", clock)
    await one.open()
    await two.open()
    yield one, two
    await one.close()
    await two.close()
    await databases.drop()


async def _log_replays(harness: Harness, game_no: int) -> list[tuple[int, str]]:
    stored = await harness.store.load_game(game_no)
    assert stored is not None
    replay(stored.row, stored.actions)  # the log is a game: every action legal where it stands
    return stored.actions


async def test_a_game_moves_on_from_whichever_process_a_click_lands_on(pair: tuple[Harness, Harness]) -> None:
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    for step in range(12):
        here = (one, two)[step % 2]
        hand = await here.to_act(game_no)  # that process catches up first: it shows the game as it is
        if hand is None:
            break
        notes = await here.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
        assert any(isinstance(n, BoardChanged) for n in notes)
    actions = await _log_replays(one, game_no)
    for harness in pair:  # both report the state the log replays to
        table = await harness.service.tables.info(game_no)
        view = await harness.service.tables.public_view(game_no)
        assert view.turn == len(actions) and table.game_no == game_no


async def test_racing_clicks_on_the_same_turn_from_two_processes_apply_once(pair: tuple[Harness, Harness]) -> None:
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    for _ in range(5):
        hand = must(await one.to_act(game_no))
        await two.to_act(game_no)  # both hold the game in memory at this turn
        action = hand.view.legal[0].text
        results = await asyncio.gather(
            one.service.act(game_no, hand.user_id, action, hand.turn),
            two.service.act(game_no, hand.user_id, action, hand.turn),
            return_exceptions=True,
        )
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(refused) == 1 and isinstance(refused[0], StaleControl), results
        actions = await _log_replays(one, game_no)
        assert actions[hand.turn] == (hand.seat, action) and len(actions) > hand.turn


async def test_a_timer_fires_once_with_two_processes(pair: tuple[Harness, Harness], clock: FakeClock) -> None:
    one, two = pair
    await one.service.settings.update(one.guild, turn_seconds=600)
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    hand = must(await one.to_act(game_no))
    await two.to_act(game_no)
    clock.advance(301)
    reminders = [n for notes in await asyncio.gather(one.service.tick(), two.service.tick()) for n in notes]
    assert [type(n) for n in reminders] == [TurnReminder]
    assert is_a(TurnReminder, reminders[0]).turn == hand.turn
    clock.advance(300)
    notes = [n for batch in await asyncio.gather(one.service.tick(), two.service.tick()) for n in batch]
    timeouts = [n for n in notes if isinstance(n, BoardChanged) and n.kind == "timeout"]
    assert len(timeouts) == 1 and timeouts[0].turn == hand.turn + 1
    actions = await _log_replays(one, game_no)
    stored = must(await one.store.load_game(game_no))
    assert stored.kinds[hand.turn] == "timeout" and stored.kinds.count("timeout") == 1 and len(actions) > hand.turn


async def test_a_process_stopping_between_two_turns_leaves_the_computers_to_another(
    pair: tuple[Harness, Harness], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN,), computers=3)
    hand = must(await one.to_act(game_no))

    async def dies(table: Table, batch: Batch) -> None:  # the process is gone after appending the human's action
        return None

    monkeypatch.setattr(one.service._turns, "play_automatic", dies)
    await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    stored = must(await two.store.load_game(game_no))
    assert len(stored.actions) == hand.turn + 1  # the computers have not played
    clock.advance(CARRY_ON_SECONDS + 1)
    notes = await two.service.tick()
    played = [n for n in notes if isinstance(n, BoardChanged)]
    assert played and all(n.kind in ("computer", "auto") for n in played)
    assert len(await _log_replays(two, game_no)) > hand.turn + 1
    assert (
        any(isinstance(n, HandChanged) and n.user_id == ANN.user_id for n in notes)
        or (await two.to_act(game_no)) is not None
        or (must(await two.store.load_game(game_no))).row.status == "finished"
    )


async def test_computers_a_dead_process_left_are_played_by_one_that_held_the_game_from_before(
    pair: tuple[Harness, Harness], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other process knew the game from an earlier turn (its copy says the human is to act, no computer
    pending): the store's timer is what counts, so it catches up and plays the computers, and the next
    human's hand is told at that tick, not when some process restarts (#23)."""
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN,), computers=3)
    hand = must(await one.to_act(game_no))
    await two.to_act(game_no)  # the other process holds the game in memory at this turn

    async def dies(table: Table, batch: Batch) -> None:  # the process is gone after appending the human's action
        return None

    monkeypatch.setattr(one.service._turns, "play_automatic", dies)
    await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    clock.advance(CARRY_ON_SECONDS + 1)
    notes = await two.service.tick()
    played = [n for n in notes if isinstance(n, BoardChanged)]
    assert played and all(n.kind in ("computer", "auto") for n in played)
    assert len(await _log_replays(two, game_no)) > hand.turn + 1
    stored = must(await two.store.load_game(game_no))
    assert stored.row.status == "finished" or any(
        isinstance(n, HandChanged) and n.user_id == ANN.user_id and n.your_turn for n in notes
    )


async def test_joins_racing_from_two_processes_seat_everyone_and_one_start_wins(pair: tuple[Harness, Harness]) -> None:
    one, two = pair
    [opened] = await one.service.lobbies.open(one.guild, one.channel, ANN, "five-up")
    lobby_id = opened.lobby.lobby_id
    await asyncio.gather(one.service.lobbies.join(lobby_id, BOB), two.service.lobbies.join(lobby_id, CAT))
    await two.service.lobbies.join(lobby_id, DAN)
    results = await asyncio.gather(
        one.service.games.start(lobby_id, ANN.user_id),
        two.service.games.start(lobby_id, ANN.user_id),
        return_exceptions=True,
    )
    started = [r for r in results if not isinstance(r, BaseException)]
    assert len(started) == 1 and all(isinstance(r, TableError) for r in results if r not in started)
    games = await one.store.active_games()
    assert len(games) == 1 and {s.user_id for s in games[0].row.seats} == {p.user_id for p in (ANN, BOB, CAT, DAN)}


async def test_settings_changed_by_two_processes_at_once_keep_both_changes(pair: tuple[Harness, Harness]) -> None:
    one, two = pair
    await asyncio.gather(
        one.service.settings.update(one.guild, turn_seconds=900),
        two.service.settings.update(one.guild, auto_play=True),
        two.service.settings.set_default_option(one.guild, "all-fives", "target", 100),
    )
    row = must(await one.store.load_settings(one.guild))
    assert (row.turn_seconds, row.auto_play, row.default_options) == (
        900,
        True,
        {"all-fives": {"target": 100}},
    )


async def test_games_ending_at_once_in_two_processes_lose_no_rating_update(pair: tuple[Harness, Harness]) -> None:
    one, two = pair
    games = [(await one.start_game(humans=(ANN,), computers=1, game_id="muggins"))[0] for _ in range(2)]

    async def finish(harness: Harness, game_no: int) -> None:
        while True:
            try:
                hand = must(await harness.to_act(game_no))
                await harness.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
            except TableOver:
                return

    await asyncio.gather(finish(one, games[0]), finish(two, games[1]))
    rows = await one.store.player_ratings(one.guild, ANN.user_id)
    assert sum(r.games for r in rows.values()) == 2


async def test_a_players_games_are_listed_by_every_process_not_only_the_one_that_started_them(
    pair: tuple[Harness, Harness],
) -> None:
    """/games, /hand and /move on a process that never held the game: the store says which games a player has
    (a process's memory holds only what it served)."""
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    assert two.service.tables.games_of(ANN.user_id) == []  # not in the second process's memory
    listed = await two.service.tables.user_games(ANN.user_id)
    assert [g.table.game_no for g in listed] == [game_no]
    hand = await one.to_act(game_no)
    assert hand is not None
    [summary] = await two.service.tables.user_games(hand.user_id, one.guild)
    assert summary.your_turn and summary.turn == hand.turn  # caught up with what the first process did
    assert await two.service.tables.user_games(ANN.user_id, one.guild + 1) == []  # another server's games are not
    await one.service.games.resign(game_no, ANN.user_id)
    assert await two.service.tables.user_games(ANN.user_id) == []  # resigned in the other process
    assert [g.table.game_no for g in await two.service.tables.user_games(BOB.user_id)] == [game_no]


async def test_a_channel_s_games_are_listed_by_a_process_that_never_held_them(pair: tuple[Harness, Harness]) -> None:
    """The Activity of a channel may reach either process: both list the game played there (#27 item 5)."""
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    [info] = await one.service.tables.channel_games(one.guild, one.channel)
    assert info.game_no == game_no
    assert [t.game_no for t in await two.service.tables.channel_games(one.guild, one.channel)] == [game_no]
    assert await two.service.tables.channel_games(one.guild + 1, one.channel) == []
    await one.service.games.resign(game_no, ANN.user_id)
    await one.service.games.resign(game_no, BOB.user_id)
    assert await two.service.tables.channel_games(one.guild, one.channel) == []


async def test_what_a_process_that_died_mid_telling_left_is_told_by_another_within_seconds(
    pair: tuple[Harness, Harness], clock: FakeClock
) -> None:
    """A process that wrote a move and died before telling it leaves the next player without a hand DM until
    another process takes its outbox entries over: within the writer's short lease (seconds), not a minute.
    A living writer still telling holds its entries, so that nobody tells them twice."""
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    hand = must(await one.to_act(game_no))
    await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)  # written, never told
    await two.to_act(game_no)  # the other process knows the game (caught up), as a live one would

    clock.advance(2)
    one_holds = one.service.telling.hold()  # still alive: its entries stay its own
    await one_holds
    clock.advance(OUTBOX_LEASE - 1)
    assert await two.service.telling.untold() == []  # held: nothing taken from a living teller

    # Now the writer is gone (no more holds): its lease ends and the other process tells the move.
    clock.advance(OUTBOX_LEASE + 0.1)
    retold = await two.service.telling.untold()
    hands = [n for n in retold if isinstance(n, HandChanged) and n.your_turn]
    assert any(isinstance(n, BoardChanged) for n in retold) and hands
    assert await two.service.telling.untold() == []  # taken once


async def _written_and_untold(one: Harness, two: Harness) -> tuple[int, int]:
    """A game of two humans started and moved by `one`, none of it told yet (its entries held by `one`, as
    while its announcer posts them); `two` knows the game. The game and the turn now to act."""
    game_no, _ = await one.start_game(humans=(ANN, BOB), computers=2)
    hand = await one.to_act(game_no)
    assert hand is not None
    await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    after = await two.to_act(game_no)
    assert after is not None
    return game_no, after.turn


async def test_a_process_started_beside_a_living_one_leaves_it_what_it_is_telling(
    pair: tuple[Harness, Harness], clock: FakeClock
) -> None:
    """A restart retells whatever was left untold, but what a living process is telling at that moment is
    its own: retold by the newcomer too, it was told twice, and the next players waited for the retelling
    (#23)."""
    one, two = pair
    game_no, _ = await _written_and_untold(one, two)
    clock.advance(1)
    assert [n for n in await two.restart() if isinstance(n, BoardChanged | HandChanged)] == []
    assert await two.service.telling.untold(everything=True) == []  # the announcer's start: nothing of `one`'s
    clock.advance(2)
    await one.service.telling.hold()  # alive and still telling
    clock.advance(OUTBOX_LEASE - 1)
    assert await two.service.telling.untold() == []
    assert {e.kind for e in await one.store.outbox(game_no)} >= {"opened", "action"}  # still `one`'s, untold


async def test_a_process_left_alone_tells_what_a_dead_one_was_telling_within_two_sweeps(
    pair: tuple[Harness, Harness], clock: FakeClock
) -> None:
    """Alone on the database (the other's process lock is gone with it), a process knows that nobody else is
    telling anything: the next player's hand a dead process left is told at its next sweeps, not when the
    dead one's lease ends; never what it is telling itself."""
    one, two = pair
    game_no, turn = await _written_and_untold(one, two)
    await two.to_act(game_no)
    await one.store.close()  # killed: its connections, and the process lock with them, are gone
    assert await two.store.processes() == 1
    clock.advance(1.5)
    seen = await two.service.telling.untold()  # the first look alone: what it sees untold is not taken yet
    clock.advance(1.5)  # one sweep later: long before the dead one's lease (OUTBOX_LEASE) ends
    retold = seen + await two.service.telling.untold()
    assert any(isinstance(n, BoardChanged) for n in retold)
    assert any(isinstance(n, HandChanged) and n.your_turn and n.turn == turn for n in retold)
    clock.advance(1.5)
    assert await two.service.telling.untold() == []  # taken once

    # What it writes itself, alone, stays its own while it tells it.
    hand = await two.to_act(game_no)
    assert hand is not None
    await two.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    for _ in range(3):
        clock.advance(1.5)
        assert await two.service.telling.untold() == []


async def test_a_process_left_alone_plays_the_computers_a_dead_one_left_at_its_next_tick(
    pair: tuple[Harness, Harness], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The computers a process that died between two turns left are nobody else's to play when the other is
    alone: played at its next tick, not CARRY_ON_SECONDS after the human's move (the next human's hand
    waited for them)."""
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN,), computers=3)
    hand = await one.to_act(game_no)
    assert hand is not None
    await two.to_act(game_no)

    async def dies(table: object, batch: object) -> None:  # gone after appending the human's action
        return None

    monkeypatch.setattr(one.service._turns, "play_automatic", dies)
    await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    await one.store.close()
    clock.advance(1.5)  # well before CARRY_ON_SECONDS
    notes = await two.service.tick()
    played = [n for n in notes if isinstance(n, BoardChanged)]
    assert played and all(n.kind in ("computer", "auto") for n in played)
    stored = await two.store.load_game(game_no)
    assert stored is not None and len(stored.actions) > hand.turn + 1
    assert stored.row.status == "finished" or any(
        isinstance(n, HandChanged) and n.user_id == ANN.user_id and n.your_turn for n in notes
    )


async def test_a_process_beside_a_living_one_leaves_it_the_computers_it_is_playing(
    pair: tuple[Harness, Harness], clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not alone, a process cannot tell a living process thinking from a dead one: a pending computer turn
    is another's until CARRY_ON_SECONDS after the last action."""
    one, two = pair
    game_no, _ = await one.start_game(humans=(ANN,), computers=3)
    hand = await one.to_act(game_no)
    assert hand is not None

    async def thinking(table: object, batch: object) -> None:  # still thinking after the human's action
        return None

    monkeypatch.setattr(one.service._turns, "play_automatic", thinking)
    await one.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    clock.advance(1.5)
    assert [n for n in await two.service.tick() if isinstance(n, BoardChanged)] == []
    stored = await two.store.load_game(game_no)
    assert stored is not None and len(stored.actions) == hand.turn + 1
