"""Hints at the table service: offered only where the host turned them on, given on the player's own turn
from their own view, saved before they are shown, and a game where one was used is rated for nobody, after a
restart too. Each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ai.hints import Hint
from bot.engine import View
from bot.tables import GameEnded, HintsOff, HintTimedOut, NotAPlayer, StaleHint, TableOpened
from bot.tables.play.thinking import Thinking
from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT, Harness


async def _game(harness: Harness, hints: bool) -> int:
    """Draw dominoes, one round, Ann and Bob: with hints if `hints`."""
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": 1})
    if hints:
        [changed] = await svc.lobbies.set_hints(lobby_id, ANN.user_id, True)
        assert changed.lobby.hints
    notes = await svc.games.start(lobby_id, ANN.user_id)
    opened = next(n for n in notes if isinstance(n, TableOpened))
    assert opened.table.hints is hints  # what every board shows
    return opened.table.game_no


def _ended(notes: list[Any]) -> GameEnded:
    return next(n for n in notes if isinstance(n, GameEnded))


async def test_a_hinted_game_is_rated_for_nobody_even_after_a_restart(harness: Harness) -> None:
    game_no = await _game(harness, hints=True)
    hand = must(await harness.to_act(game_no))
    given = await harness.service.hints.ask(game_no, hand.user_id, hand.turn)
    assert given.hint.move in [e.text for e in hand.view.legal]  # a move the player can make now
    assert given.seat == hand.seat and given.view == hand.view

    await harness.restart()  # the use was saved before it was shown
    ended = _ended(await harness.play(game_no))
    assert ended.hinted and ended.ratings == ()
    assert await harness.service.standings.leaderboard(harness.guild, "draw") == []
    rows = await harness.store.result_rows(game_no)
    assert rows and all(r.rating_before is None and r.rating_after is None for r in rows)
    assert (await harness.service.replays.history(game_no, ANN.user_id)).hinted  # its record says so


async def test_hints_offered_but_unused_leave_the_game_rated(harness: Harness) -> None:
    game_no = await _game(harness, hints=True)
    ended = _ended(await harness.play(game_no))
    assert not ended.hinted and {c.user_id for c in ended.ratings} == {ANN.user_id, BOB.user_id}


async def test_a_hint_is_refused_where_it_is_off_stale_or_not_yours(harness: Harness) -> None:
    off = await _game(harness, hints=False)
    hand = must(await harness.to_act(off))
    with pytest.raises(HintsOff):
        await harness.service.hints.ask(off, hand.user_id, hand.turn)

    game_no = await _game(harness, hints=True)
    hand = must(await harness.to_act(game_no))
    with pytest.raises(NotAPlayer):
        await harness.service.hints.ask(game_no, CAT.user_id, hand.turn)
    other = BOB if hand.user_id == ANN.user_id else ANN
    with pytest.raises(StaleHint):  # not their turn
        await harness.service.hints.ask(game_no, other.user_id, hand.turn)
    await harness.step(game_no)
    with pytest.raises(StaleHint):  # the turn it was for is gone
        await harness.service.hints.ask(game_no, hand.user_id, hand.turn)
    assert await harness.store.hint_uses(game_no) == []  # nothing given, nothing counted
    assert _ended(await harness.play(game_no)).ratings  # and the game is rated


class Recording(Thinking):
    """Thinks in place, keeping what each hint was asked from; `fail` makes every hint time out."""

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.asked: list[Any] = []
        self.fail = fail

    async def hint(self, view: Any, seed: int, timeout: float = 10.0) -> Hint:
        self.asked.append(view)
        if self.fail:
            raise TimeoutError
        return await super().hint(view, seed, timeout)


async def test_the_hint_is_found_from_the_players_view_only(harness: Harness) -> None:
    thinking = Recording()
    harness.service._turns.thinking = thinking  # the service's computers think in place here
    game_no = await _game(harness, hints=True)
    hand = must(await harness.to_act(game_no))
    await harness.service.hints.ask(game_no, hand.user_id, hand.turn)
    [asked] = thinking.asked
    assert isinstance(asked, View) and asked.seat == hand.seat  # a view, never the game's state
    assert asked == hand.view  # exactly what the player sees: their own tiles, the others' counts


async def test_a_hint_not_found_in_time_is_not_counted(harness: Harness) -> None:
    harness.service._turns.thinking = Recording(fail=True)
    game_no = await _game(harness, hints=True)
    hand = must(await harness.to_act(game_no))
    with pytest.raises(HintTimedOut):
        await harness.service.hints.ask(game_no, hand.user_id, hand.turn)
    assert await harness.store.hint_uses(game_no) == []


async def test_a_rematch_of_a_table_with_hints_offers_them_again(harness: Harness) -> None:
    game_no = await _game(harness, hints=True)
    await harness.play(game_no)
    svc = harness.service
    await svc.rematches.ask(game_no, harness.guild, BOB.user_id, 555)
    done, notes = await svc.rematches.answer(game_no, ANN.user_id, True)
    [opened] = [n for n in notes if isinstance(n, TableOpened)]
    assert done.status == "started" and opened.table.hints


async def test_the_end_of_a_hinted_game_is_retold_unrated(harness: Harness) -> None:
    game_no = await _game(harness, hints=True)
    hand = must(await harness.to_act(game_no))
    await harness.service.hints.ask(game_no, hand.user_id, hand.turn)
    await harness.play(game_no)

    await harness.restart()  # a crash before anything was told
    retold = await harness.service.telling.untold(everything=True)
    [again] = [n for n in retold if isinstance(n, GameEnded)]
    assert again.hinted and again.ratings == () and again.table.hints
