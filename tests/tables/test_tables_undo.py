"""Undo by agreement at the table service (issue 14), on SQLite and PostgreSQL: a player asks to take back
their last action, every other human must accept before a deadline; the log keeps the action and its undo,
so the game, its export and a restart all agree. Never after a draw, nor once a computer answered, nor at a
table not opened with it, nor where the server does not allow it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.engine import View
from bot.engine.records import replay as replay_record
from bot.tables import (
    BoardChanged,
    CannotUndo,
    HandChanged,
    Notification,
    NotYoursToAnswer,
    NoUndoRequest,
    Player,
    TableOpened,
    UndoNotAllowed,
    UndoOff,
    UndoPending,
    UndoRequested,
)
from bot.tables.play.undos import UNDO_SECONDS
from bot.tables.telling.outbox import Key, key_of
from tests.checks import is_a, must, only
from tests.tables.conftest import ANN, BOB, CAT, CHANNEL, GUILD, Harness


async def _game(
    h: Harness, humans: tuple[Player, ...] = (ANN, BOB), computers: int = 0, undo: bool = True, game_id: str = "muggins"
) -> int:
    svc = h.service
    await svc.settings.update(GUILD, undo_allowed=True)
    [changed] = await svc.lobbies.open(GUILD, CHANNEL, humans[0], game_id, undo=undo)
    lobby_id = changed.lobby.lobby_id
    assert changed.lobby.undo is undo
    for player in humans[1:]:
        await svc.lobbies.join(lobby_id, player)
    for _ in range(computers):
        await svc.lobbies.add_computer(lobby_id, humans[0].user_id)
    notes = await svc.games.start(lobby_id, humans[0].user_id)
    return next(n for n in notes if isinstance(n, TableOpened)).table.game_no


def _plays(view: View) -> list[str]:
    return [m.text for m in view.legal if m.text not in ("draw", "pass")]


async def _play_a_tile(h: Harness, game_no: int) -> tuple[HandChanged, View]:
    """The human to act plays a tile (not a draw); (their hand before, the public view before)."""
    hand = must(await h.to_act(game_no))
    public = await h.service.tables.public_view(game_no)
    plays = _plays(hand.view)
    assert plays, "the player to act has a tile to play"
    await h.service.act(game_no, hand.user_id, plays[-1], hand.turn)
    return hand, public


async def test_accepted_the_game_is_as_before_and_the_log_keeps_both(harness: Harness) -> None:
    svc = harness.service
    game_no = await _game(harness)
    hand, public = await _play_a_tile(harness, game_no)
    asker = hand.user_id
    other = BOB.user_id if asker == ANN.user_id else ANN.user_id
    asked = only(UndoRequested, await svc.undos.ask(game_no, asker))
    assert (asked.status, asked.waiting, asked.action) == ("open", (other,), _plays(hand.view)[-1])
    with pytest.raises(UndoPending):
        await svc.undos.ask(game_no, asker)
    with pytest.raises(NotYoursToAnswer):
        await svc.undos.answer(game_no, asker, True, asked.request)

    notes = await svc.undos.answer(game_no, other, True, asked.request)
    assert isinstance(notes[0], UndoRequested) and notes[0].status == "accepted"
    [board] = [n for n in notes if isinstance(n, BoardChanged)]
    assert (board.kind, board.action, board.view) == ("undo", asked.action, public)
    assert {n.user_id for n in notes if isinstance(n, HandChanged)} == {ANN.user_id, BOB.user_id}

    again = await svc.tables.private_view(game_no, asker)
    assert (again.view.hand, again.your_turn) == (hand.view.hand, True)
    assert await svc.tables.public_view(game_no) == public
    record = await svc.tables.export(game_no)
    assert [a["action"] for a in record["actions"]][-2:] == [asked.action, "undo"]
    assert replay_record(record)["steps"] == replay_record(dict(record, actions=record["actions"][:-2]))["steps"]
    # The old buttons of the action taken back are stale; the new ones work.
    notes = await svc.act(game_no, asker, _plays(again.view)[0], again.turn)
    assert isinstance(notes[0], BoardChanged)


async def test_refused_the_action_stands(harness: Harness) -> None:
    svc = harness.service
    game_no = await _game(harness)
    hand, _ = await _play_a_tile(harness, game_no)
    after = await svc.tables.public_view(game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = only(UndoRequested, await svc.undos.ask(game_no, hand.user_id))
    refused = only(UndoRequested, await svc.undos.answer(game_no, other, False, asked.request))
    assert (refused.status, refused.by_user_id) == ("refused", other)
    assert await svc.tables.public_view(game_no) == after
    with pytest.raises(NoUndoRequest):
        await svc.undos.answer(game_no, other, True, asked.request)
    assert "undo" not in [a["action"] for a in (await svc.tables.export(game_no))["actions"]]


async def test_the_deadline_keeps_the_action(harness: Harness) -> None:
    svc = harness.service
    game_no = await _game(harness)
    hand, _ = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = only(UndoRequested, await svc.undos.ask(game_no, hand.user_id))
    harness.clock.advance(UNDO_SECONDS - 1)
    assert not [n for n in await svc.tick() if isinstance(n, UndoRequested)]
    harness.clock.advance(2)
    [expired] = [n for n in await svc.tick() if isinstance(n, UndoRequested)]
    assert expired.status == "expired"
    with pytest.raises(NoUndoRequest):
        await svc.undos.answer(game_no, other, True, asked.request)


async def test_a_request_is_void_once_the_next_human_acted(harness: Harness) -> None:
    svc = harness.service
    game_no = await _game(harness)
    hand, _ = await _play_a_tile(harness, game_no)
    asked = only(UndoRequested, await svc.undos.ask(game_no, hand.user_id))
    nxt = must(await harness.to_act(game_no))
    assert nxt.user_id != hand.user_id  # the turn passed to the other human
    await svc.act(game_no, nxt.user_id, nxt.view.legal[0].text, nxt.turn)
    void = only(UndoRequested, await svc.undos.answer(game_no, nxt.user_id, True, asked.request))
    assert void.status == "void"
    with pytest.raises(CannotUndo):
        await svc.undos.ask(game_no, hand.user_id)


async def test_never_after_a_draw(harness: Harness) -> None:
    svc = harness.service
    await svc.settings.update(GUILD, auto_play=False)  # the player draws by hand
    game_no = await _game(harness)
    for _ in range(200):
        hand = must(await harness.to_act(game_no))
        texts = [m.text for m in hand.view.legal]
        if "draw" in texts:
            await svc.act(game_no, hand.user_id, "draw", hand.turn)
            with pytest.raises(CannotUndo) as refused:
                await svc.undos.ask(game_no, hand.user_id)
            assert refused.value.params["reason"] == "revealed"
            return
        await svc.act(game_no, hand.user_id, texts[0], hand.turn)
    raise AssertionError("nobody drew in 200 actions")


async def test_never_once_a_computer_answered(harness: Harness) -> None:
    svc = harness.service
    game_no = await _game(harness, humans=(ANN,), computers=1)
    await _play_a_tile(harness, game_no)
    with pytest.raises(CannotUndo) as refused:
        await svc.undos.ask(game_no, ANN.user_id)
    assert refused.value.params["reason"] == "computer"


async def test_only_at_a_table_opened_with_it_and_where_the_server_allows_it(harness: Harness) -> None:
    svc = harness.service
    with pytest.raises(UndoNotAllowed):  # every game is rated: off unless the server allows it
        await svc.lobbies.open(GUILD, CHANNEL, CAT, "muggins", undo=True)
    game_no = await _game(harness, undo=False)
    hand, _ = await _play_a_tile(harness, game_no)
    with pytest.raises(UndoOff):
        await svc.undos.ask(game_no, hand.user_id)


async def test_after_a_restart_the_request_is_answered_and_the_game_replays_the_same(harness: Harness) -> None:
    game_no = await _game(harness)
    hand, public = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = only(UndoRequested, await harness.service.undos.ask(game_no, hand.user_id))
    await harness.restart()
    notes = await harness.service.undos.answer(game_no, other, True, asked.request)
    assert is_a(UndoRequested, notes[0]).status == "accepted"
    record = await harness.service.tables.export(game_no)
    again = must(await harness.to_act(game_no))
    await harness.restart()
    svc = harness.service
    assert await svc.tables.public_view(game_no) == public
    assert await svc.tables.export(game_no) == record
    after = await svc.tables.private_view(game_no, hand.user_id)
    assert (after.view, after.turn) == (again.view, again.turn)


async def test_an_undo_a_crash_left_untold_is_told_again_from_the_log(harness: Harness) -> None:
    game_no = await _game(harness)
    hand, public = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = only(UndoRequested, await harness.service.undos.ask(game_no, hand.user_id))
    await harness.service.undos.answer(game_no, other, True, asked.request)  # nothing of it was told: a crash
    await harness.restart()
    retold = await harness.service.telling.untold(everything=True)
    [undone] = [n for n in retold if isinstance(n, BoardChanged) and n.kind == "undo"]
    assert (undone.action, undone.view, undone.user_id) == (asked.action, public, hand.user_id)
    assert {n.user_id for n in retold if isinstance(n, HandChanged)} == {ANN.user_id, BOB.user_id}


async def test_a_finished_game_with_an_undo_replays_and_its_record_gives_the_same_game(harness: Harness) -> None:
    svc = harness.service
    await svc.settings.update(GUILD, undo_allowed=True)
    [changed] = await svc.lobbies.open(GUILD, CHANNEL, ANN, "draw", {"rounds": 1}, undo=True)
    await svc.lobbies.join(changed.lobby.lobby_id, BOB)
    await svc.games.start(changed.lobby.lobby_id, ANN.user_id)
    game_no = svc.tables.games_of(ANN.user_id)[0].table.game_no
    hand, _ = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = only(UndoRequested, await svc.undos.ask(game_no, hand.user_id))
    await svc.undos.answer(game_no, other, True, asked.request)
    await harness.play(game_no)
    record = await svc.tables.export(game_no)
    assert [a["action"] for a in record["actions"]][1] == "undo"
    replayed = replay_record(record)
    assert replayed["over"] and replayed["scores"] == list((await svc.replays.history(game_no, ANN.user_id)).scores)
    shown = await svc.replays.open(game_no)
    assert len(shown.positions) == len(replayed["steps"]) + 1  # the game as played: the undone action is no step
    assert shown.positions[-1].over


# -- what the question says goes through the outbox --------------------------------------------------------------
def _keys(notes: Sequence[Notification]) -> list[Key]:
    return [k for k in map(key_of, notes) if k is not None]


def _question(notes: Sequence[Notification]) -> UndoRequested:
    """The one request told among `notes`."""
    [question] = [n for n in notes if isinstance(n, UndoRequested)]
    return question


async def test_the_question_and_each_change_are_kept_until_told_and_retold_after_a_crash(harness: Harness) -> None:
    game_no = await _game(harness)
    hand, _ = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = _question(await harness.service.undos.ask(game_no, hand.user_id))
    assert key_of(asked) == ("undo", asked.request, 0)
    assert [e.key for e in await harness.store.outbox(game_no) if e.kind == "undo"] == [key_of(asked)]

    await harness.restart()  # the crash: the question was never posted
    retold = await harness.service.telling.untold(everything=True)
    question = _question(retold)
    assert (question.status, question.request, question.waiting, question.message_id) == (
        "open",
        asked.request,
        (other,),
        None,
    )
    await harness.service.telling.told(game_no, _keys(retold))
    assert await harness.store.outbox(game_no) == []
    await harness.service.undos.set_message(game_no, asked.request, 6, 99)  # where it was posted

    refused = _question(await harness.service.undos.answer(game_no, other, False, asked.request))
    assert (refused.status, refused.step, refused.message_id) == ("refused", 1, 99)
    await harness.service.telling.told(game_no, failed=_keys([refused]))  # Discord refused the redraw
    harness.clock.advance(5)
    again = _question(await harness.service.telling.untold())
    assert (again.status, again.by_user_id, again.message_id, key_of(again)) == ("refused", other, 99, key_of(refused))


async def test_asked_again_after_a_refusal_the_new_question_has_a_number_of_its_own(harness: Harness) -> None:
    game_no = await _game(harness)
    hand, _ = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    first = _question(await harness.service.undos.ask(game_no, hand.user_id))
    await harness.service.undos.answer(game_no, other, False, first.request)
    second = _question(await harness.service.undos.ask(game_no, hand.user_id))
    assert second.request == first.request + 1 and second.status == "open"
    with pytest.raises(NoUndoRequest):  # the first question's buttons answer nothing any more
        await harness.service.undos.answer(game_no, other, True, first.request)
    notes = await harness.service.undos.answer(game_no, other, True, second.request)
    assert _question(notes).status == "accepted"


async def test_an_accepted_undo_tells_its_question_with_the_undo_itself(harness: Harness) -> None:
    game_no = await _game(harness)
    hand, _ = await _play_a_tile(harness, game_no)
    other = BOB.user_id if hand.user_id == ANN.user_id else ANN.user_id
    asked = _question(await harness.service.undos.ask(game_no, hand.user_id))
    await harness.service.telling.told(game_no, _keys([asked]))
    notes = await harness.service.undos.answer(game_no, other, True, asked.request)  # nothing told: a crash
    await harness.restart()
    retold = await harness.service.telling.untold(everything=True)
    question = _question(retold)
    assert (question.status, key_of(question)) == ("accepted", key_of(_question(notes)))
    assert [n.kind for n in retold if isinstance(n, BoardChanged)][-1] == "undo"


async def test_a_request_left_open_when_its_game_ended_is_told_void(harness: Harness) -> None:
    svc = harness.service
    await svc.settings.update(GUILD, undo_allowed=True)
    [changed] = await svc.lobbies.open(GUILD, CHANNEL, ANN, "draw", {"rounds": 1}, undo=True)
    await svc.lobbies.join(changed.lobby.lobby_id, BOB)
    await svc.games.start(changed.lobby.lobby_id, ANN.user_id)
    game_no = svc.tables.games_of(ANN.user_id)[0].table.game_no
    hand, _ = await _play_a_tile(harness, game_no)
    asked = _question(await svc.undos.ask(game_no, hand.user_id))
    await svc.telling.told(game_no, _keys([asked]))
    await harness.play(game_no)  # to its end, the request unanswered
    harness.clock.advance(UNDO_SECONDS + 1)
    void = _question(await svc.tick())
    assert (void.request, void.status) == (asked.request, "void")
    assert await harness.store.due_undo_requests(harness.clock()) == []
