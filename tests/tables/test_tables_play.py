"""Playing: a whole game, who may act, turn tokens, simultaneous clicks, computers, auto-play."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

import pytest

from bot.engine.domineren.view import DominerenView
from bot.engine.records import replay as replay_record
from bot.tables import (
    BoardChanged,
    GameEnded,
    HandChanged,
    HandEnded,
    IllegalMove,
    NotAPlayer,
    Notification,
    NotYourTurnAtTable,
    StaleControl,
    TableOver,
)
from tests.checks import is_a, must
from tests.tables.conftest import Harness


def boards(notes: Sequence[Notification]) -> list[BoardChanged]:
    return [n for n in notes if isinstance(n, BoardChanged)]


async def test_a_whole_game_two_humans_two_computers(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    svc = harness.service
    game_no, start = await harness.start_game(humans=(ann, bob), computers=2)
    notes = start + await harness.play(game_no)

    ended = [n for n in notes if isinstance(n, GameEnded)]
    assert len(ended) == 1
    end = ended[0]
    assert end.result.over and end.view.over
    assert sorted(s.place for s in end.sides) == [1, 2]
    winner = next(s for s in end.sides if s.won)
    assert winner.score >= 61 and winner.score == max(s.score for s in end.sides)
    assert {c.user_id for c in end.ratings} == {ann.user_id, bob.user_id}

    # every action was announced once, in order, and each side's points add up to the final scores
    moves = boards(notes)
    assert [b.turn for b in moves] == list(range(1, len(moves) + 1))
    hands = [n for n in notes if isinstance(n, HandEnded)]
    assert [h.hand_no for h in hands] == list(range(1, len(hands) + 1))
    for side in range(2):
        in_play = sum(b.points[side] for b in moves)
        at_hand_end = sum(h.result.points[side] for h in hands)
        assert in_play + at_hand_end == end.result.scores[side]
    kinds = {b.kind for b in moves}
    assert {"player", "computer"} <= kinds
    for b in moves:
        assert (b.user_id is None) == (b.kind == "computer")

    # the stored log is the game: its record replays to the same result
    record = await svc.tables.export(game_no)
    assert len(record["actions"]) == len(moves)
    assert replay_record(record)["scores"] == list(end.result.scores)

    # and the game is over for everyone
    assert svc.tables.games_of(ann.user_id) == []
    with pytest.raises(TableOver):
        await svc.act(game_no, ann.user_id, "draw", moves[-1].turn)


async def test_humans_are_told_their_hand_and_their_turn(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    game_no, notes = await harness.start_game(humans=(ann, bob), computers=2)
    hands = {n.user_id: n for n in notes if isinstance(n, HandChanged)}
    assert set(hands) == {ann.user_id, bob.user_id}
    for hand in hands.values():
        assert hand.view.seat == hand.seat and len(must(hand.view.hand)) == 5
        assert bool(hand.view.legal) == hand.your_turn
    to_act = must(await harness.to_act(game_no))
    notes = await harness.service.act(game_no, to_act.user_id, to_act.view.legal[0].text, to_act.turn)
    board = is_a(BoardChanged, notes[0])
    assert board.user_id == to_act.user_id and board.kind == "player"
    assert any(isinstance(n, HandChanged) and n.user_id == to_act.user_id for n in notes)
    summary = {g.table.game_no: g for g in harness.service.tables.games_of(to_act.user_id, harness.guild)}
    assert summary[game_no].seat == to_act.seat


async def test_strangers_and_players_out_of_turn_are_refused(harness: Harness) -> None:
    ann, bob, cat, _ = harness.players
    svc = harness.service
    game_no, _ = await harness.start_game(humans=(ann, bob), computers=2)
    to_act = must(await harness.to_act(game_no))
    other = bob if to_act.user_id == ann.user_id else ann
    other_hand = await svc.tables.private_view(game_no, other.user_id)
    before = await svc.tables.export(game_no)

    with pytest.raises(NotAPlayer) as stranger:
        await svc.act(game_no, cat.user_id, to_act.view.legal[0].text, to_act.turn)
    assert stranger.value.key == "not_a_player"
    with pytest.raises(NotYourTurnAtTable) as early:
        await svc.act(game_no, other.user_id, "{}-{}".format(*must(other_hand.view.hand)[0]), to_act.turn)
    assert early.value.params["user_id"] == to_act.user_id
    with pytest.raises(NotAPlayer):
        await svc.tables.private_view(game_no, cat.user_id)
    assert await svc.tables.export(game_no) == before


async def test_an_illegal_move_keeps_the_engine_reason_and_changes_nothing(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    to_act = must(await harness.to_act(game_no))
    before = await svc.tables.export(game_no)
    with pytest.raises(IllegalMove) as refused:
        await svc.act(game_no, to_act.user_id, "5-x", to_act.turn)
    assert refused.value.key == "bad_tile" and refused.value.params == {"text": "5-x"}
    missing = next(
        f"{a}-{b}" for a in range(7) for b in range(a + 1) if (a, b) not in {tuple(t) for t in must(to_act.view.hand)}
    )
    with pytest.raises(IllegalMove) as not_held:
        await svc.act(game_no, to_act.user_id, missing, to_act.turn)
    assert not_held.value.key == "not_in_hand"
    assert await svc.tables.export(game_no) == before
    again = must(await harness.to_act(game_no))
    assert again.turn == to_act.turn and again.view == to_act.view


async def test_a_stale_or_repeated_click_is_refused_and_changes_nothing(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    to_act = must(await harness.to_act(game_no))
    action = to_act.view.legal[0].text
    await svc.act(game_no, to_act.user_id, action, to_act.turn)
    after_first = await svc.tables.export(game_no)
    with pytest.raises(StaleControl) as stale:
        await svc.act(game_no, to_act.user_id, action, to_act.turn)
    assert stale.value.key == "stale_control" and stale.value.params["turn"] == to_act.turn
    assert await svc.tables.export(game_no) == after_first


async def test_two_simultaneous_clicks_apply_exactly_one_action(harness: Harness) -> None:
    svc = harness.service
    game_no, _ = await harness.start_game()
    to_act = must(await harness.to_act(game_no))
    action = to_act.view.legal[0].text
    before = len((await svc.tables.export(game_no))["actions"])
    results = await asyncio.gather(
        svc.act(game_no, to_act.user_id, action, to_act.turn),
        svc.act(game_no, to_act.user_id, action, to_act.turn),
        return_exceptions=True,
    )
    applied = [r for r in results if isinstance(r, list)]
    refused = [r for r in results if isinstance(r, StaleControl)]
    assert len(applied) == 1 and len(refused) == 1
    record = await svc.tables.export(game_no)
    human_steps = [a for a in record["actions"][before:] if a["seat"] == to_act.seat]
    assert record["actions"][before] == {"seat": to_act.seat, "action": action}
    assert len(boards(applied[0])) == len(record["actions"]) - before
    assert len(human_steps) >= 1
    # the stored log agrees with memory after a restart
    await harness.restart()
    assert await harness.service.tables.export(game_no) == record


async def test_auto_play_draws_and_passes_for_a_player_with_nothing_else(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    game_no, start = await harness.start_game(humans=(ann, bob), computers=2)
    notes = start + await harness.play(game_no)
    auto = [b for b in boards(notes) if b.kind == "auto"]
    assert auto, "this seeded game has forced draws"
    assert all(b.action in ("draw", "pass") and b.user_id in (ann.user_id, bob.user_id) for b in auto)
    # no human was ever asked to click a forced draw or pass
    for n in notes:
        if isinstance(n, HandChanged) and n.your_turn:
            assert [m.text for m in n.view.legal] not in (["draw"], ["pass"])


async def test_without_auto_play_players_draw_for_themselves(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    await harness.service.settings.update(harness.guild, auto_play=False)
    game_no, start = await harness.start_game(humans=(ann, bob), computers=2)
    notes = start + await harness.play(game_no)
    moves = boards(notes)
    assert not [b for b in moves if b.kind == "auto"]
    assert [b for b in moves if b.kind == "player" and b.action == "draw"]
    assert any(isinstance(n, GameEnded) for n in notes)


async def test_computers_claim_what_they_are_owed_before_a_human_plays_on(
    new_harness: Callable[[str], Harness],
) -> None:
    """Domineren with auto_claim=off: a payment not claimed before the next tile is lost, so a computer owed
    chips claims them at once, even while a human is the one to play."""
    claims_by_computers = 0
    for seed in range(4):
        h = new_harness(f"claims-{seed}.sqlite3")
        h.rng.seed(seed)
        await h.open()
        ann = h.players[0]
        options = {"auto_claim": "off", "hands": 2}
        game_no, notes = await h.start_game(humans=(ann,), computers=3, game_id="domineren", options=options)
        no_claim = lambda view: next(e.text for e in view.legal if e.text != "claim")  # noqa: E731
        computers = {s.index for s in (await h.service.tables.info(game_no)).seats if s.computer}
        while True:
            claims_by_computers += sum(1 for n in boards(notes) if n.action == "claim" and n.seat in computers)
            if any(isinstance(n, GameEnded) for n in notes):
                break
            # Whenever a call returns, no computer is left waiting on chips it could have claimed.
            owed = is_a(DominerenView, await h.service.tables.public_view(game_no)).owed
            assert not [o for o in owed if o.seat in computers], owed
            notes = await h.step(game_no, no_claim)
    assert claims_by_computers > 0
