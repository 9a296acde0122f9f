"""Five Hundred through Discord: bids, the discard as one multi-select of exactly the cards to lay away,
card plays, and the discarded cards never shown in the thread."""

from __future__ import annotations

from tests.checks import must

from .conftest import (
    World,
    board,
    buttons_of,
    custom_ids,
    dms,
    move,
    open_table,
    playable,
    public_messages,
    reply,
    selects_of,
    text_of,
    thread,
)


async def test_a_whole_game_of_five_hundred_against_three_computers(world: World) -> None:
    await open_table(world, "five-hundred", humans=(), computers=3)
    alice = world.alice
    first = playable(alice)
    assert first is not None
    # 27 bids: two selects of 14 and 13, each saying which bids it holds.
    selects = selects_of(first, "fives:act:")
    assert [s.placeholder for s in selects] == ["Bid… (6♠ – 8♦)", "Bid… (8♥ – Open misère)"]
    bids = [o.label for s in selects for o in s.options]
    assert len(bids) == 27 and bids[:6] == ["6♠", "6♣", "6♦", "6♥", "6 No Trumps", "7♠"] and "Misère" in bids
    assert "Pass" in [b.label for b in buttons_of(first, "fives:do:")]

    discards: list[str] = []
    for n in range(200):
        if not world.bot.service.tables.games_of(alice.id):
            break
        if n == 20:  # mid-hand, someone looks back at the last trick
            shown = reply(await world.carol.click(board(world), label="Last trick"))
            assert shown.ephemeral and shown.embeds[0].title == "Last trick"
            assert [a.filename for a in shown.attachments] == ["trick.png"]
        message = must(playable(alice))
        if any(i.startswith("fives:discard:") for i in custom_ids(message)):
            [select] = selects_of(message, "fives:discard:")
            assert select.min_values == select.max_values == 3 and len(select.options) == 13
            assert select.placeholder == "Choose 3 cards to lay away…"
            discards.append(await move(alice, message))
        else:
            await move(alice, message)
    else:
        raise AssertionError("the game did not end")

    assert discards, "Alice never won an auction (the seed decides)"
    [over] = [m for m in thread(world).history() if m.embeds and m.embeds[0].title == "Five Hundred #1: game over"]
    assert [a.filename for a in over.attachments] == ["sheet.png"]
    # The widow and the discards are face down: the thread says a player discarded, never which cards.
    said = "\n".join(text_of(m) for m in public_messages(world))
    assert "**alice** took the widow and laid away the discards." in said
    assert "discard " not in said
    assert world.env.errors == []
    assert dms(alice)
