"""The receipt a move comes with (#25 item 3): what its teller is to tell, the backlog folded in, good until
something else settles the game's outbox; handed back completed, it is written in one transaction with the
table's new live board."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tables import BoardChanged, Notification, Retold
from bot.tables.telling.outbox import Key, key_of
from bot.tables.telling.receipt import Notifications, Receipt
from tests.checks import must

from .conftest import Harness


def keys(notes: Sequence[Notification]) -> list[Key]:
    return [k for k in map(key_of, notes) if k is not None]


async def move(harness: Harness, game_no: int) -> Notifications:
    hand = must(await harness.to_act(game_no))
    notes = await harness.service.act(game_no, hand.user_id, hand.view.legal[0].text, hand.turn)
    assert isinstance(notes, Notifications)
    return notes


async def test_a_move_comes_with_its_receipt_and_the_receipt_tells_it_once(harness: Harness) -> None:
    game_no, start = await harness.start_game()
    await harness.service.telling.told(game_no, keys(start))

    notes = await move(harness, game_no)
    receipt = notes.receipts[game_no]

    assert receipt.fresh()
    assert list(receipt.notes) == list(notes)  # nothing left untold before: the move's own notifications
    assert receipt.language is None  # the server chose no language: Discord's preferred one is used
    assert set(receipt.keys) == set(keys(notes))
    [board] = [n for n in notes if isinstance(n, BoardChanged)]
    await harness.service.telling.told(receipt.posted(done=receipt.keys, board=(555, board.turn)))
    assert await harness.store.outbox(game_no) == []
    assert (await harness.service.tables.info(game_no)).board_message_id == 555  # kept, in the same write
    stored = await harness.store.load_game(game_no)
    assert stored is not None and stored.row.board_message_id == 555


async def test_a_board_that_failed_comes_first_in_the_next_receipt(harness: Harness) -> None:
    game_no, start = await harness.start_game()
    await harness.service.telling.told(game_no, keys(start))
    first = await move(harness, game_no)
    failed = first.receipts[game_no]
    await harness.service.telling.told(failed.posted(failed=[k for k in failed.keys if k[0] == "action"]))

    second = await move(harness, game_no)
    receipt = second.receipts[game_no]

    assert isinstance(receipt.notes[0], Retold)  # the backlog, folded in: the failed board first, in order
    turns = [n.turn for n in receipt.notes if isinstance(n, BoardChanged)]
    assert turns == [n.turn for n in [*first, *second] if isinstance(n, BoardChanged)]


async def test_a_receipt_goes_stale_once_another_telling_settles_the_game(harness: Harness) -> None:
    game_no, start = await harness.start_game()
    opened = Receipt(game_no, tuple(start), None, tuple(keys(start)))
    first = await move(harness, game_no)
    receipt = first.receipts[game_no]
    assert isinstance(receipt.notes[0], Retold)  # made while the start was untold: it is told again first
    assert receipt.fresh()

    await harness.service.telling.told(opened.posted(done=keys(start)))  # another telling reports meanwhile

    assert not receipt.fresh()  # its teller asks again, under its lock
    again = await harness.service.telling.receipt(game_no, list(first))
    assert again.fresh()
    assert not any(isinstance(n, Retold) for n in again.notes)  # the start was told: only the move is left
    assert keys(again.notes) == keys(first)
