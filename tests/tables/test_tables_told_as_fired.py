"""A tick's or a sweep's games are each told as soon as that game is played or retold, not after the whole
batch: handed back together, the first game's next player waited for the slowest of the others (a dead
process's games are many at once), then for its turn among them at the teller (#23)."""

from __future__ import annotations

from bot.tables import BoardChanged, HandChanged, Notification, Retold
from bot.tables.telling.outbox import key_of
from tests.tables.conftest import ANN, BOB, CAT, DAN, FakeClock, Harness


def games_in(notes: list[Notification]) -> set[int]:
    return {n.table.game_no for n in notes if hasattr(n, "table")}


async def test_each_game_whose_timer_ran_out_is_told_on_its_own_as_soon_as_it_is_played(
    harness: Harness, clock: FakeClock
) -> None:
    svc = harness.service
    await svc.settings.update(harness.guild, turn_seconds=600)
    games = [(await harness.start_game(humans=humans))[0] for humans in ((ANN, BOB), (CAT, DAN))]
    clock.advance(601)  # both humans to act ran out of time: the computer plays their turns
    told: list[list[Notification]] = []

    async def tell(notes: list[Notification]) -> None:
        told.append(list(notes))

    rest = await svc.tick(tell=tell)

    assert sorted(g for notes in told for g in games_in(notes)) == sorted(games)
    for notes in told:  # one game a telling, with its timed-out turn and its next human's hand
        assert len(games_in(notes)) == 1
        assert any(isinstance(n, BoardChanged) and n.kind == "timeout" for n in notes)
        assert any(isinstance(n, HandChanged) and n.your_turn for n in notes)
    assert not games_in(rest) & set(games)  # nothing told twice


async def test_each_game_a_crash_left_untold_is_told_on_its_own_as_soon_as_it_is_retold(harness: Harness) -> None:
    svc = harness.service
    games = []
    for humans in ((ANN, BOB), (CAT, DAN)):
        game_no, start = await harness.start_game(humans=humans)
        await svc.telling.told(game_no, [k for k in map(key_of, start) if k is not None])
        await harness.step(game_no)  # played, never told: the crash comes first
        games.append(game_no)
    await harness.restart()
    told: list[list[Notification]] = []

    async def tell(notes: list[Notification]) -> None:
        told.append(list(notes))

    rest = await harness.service.telling.untold(everything=True, tell=tell)

    assert sorted(g for notes in told for g in games_in(notes)) == sorted(games)
    for notes in told:
        assert len(games_in(notes)) == 1 and isinstance(notes[0], Retold)
        assert any(isinstance(n, HandChanged) and n.your_turn for n in notes)
    assert not games_in(rest) & set(games)
