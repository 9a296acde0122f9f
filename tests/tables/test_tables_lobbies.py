"""Lobbies: join, leave, computers, options from the rules, start and cancel by the host."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine import game_info
from bot.engine.fives.view import FivesView
from bot.tables import (
    AlreadyJoined,
    BadOption,
    HandChanged,
    LobbyChanged,
    LobbyClosed,
    LobbyFull,
    LobbyNotFound,
    NotAPlayer,
    NotHost,
    TableOpened,
    WrongPlayerCount,
)
from bot.tables.lobby.lobbies import check_option
from tests.checks import is_a
from tests.tables.conftest import Harness


async def test_seats_follow_join_order_and_leaving_closes_the_gap(harness: Harness) -> None:
    ann, bob, cat, _ = harness.players
    svc = harness.service
    [opened] = await svc.lobbies.open(harness.guild, harness.channel, ann, "five-up")
    lobby_id = opened.lobby.lobby_id
    assert [s.user_id for s in opened.lobby.seats] == [ann.user_id]
    assert opened.lobby.host_id == ann.user_id and not opened.lobby.can_start
    await svc.lobbies.join(lobby_id, bob)
    await svc.lobbies.add_computer(lobby_id, ann.user_id)
    [changed] = await svc.lobbies.join(lobby_id, cat)
    assert [(s.index, s.user_id, s.computer) for s in changed.lobby.seats] == [
        (0, ann.user_id, False),
        (1, bob.user_id, False),
        (2, None, True),
        (3, cat.user_id, False),
    ]
    [changed] = await svc.lobbies.leave(lobby_id, bob.user_id)
    assert [s.user_id for s in changed.lobby.seats] == [ann.user_id, None, cat.user_id]
    assert [s.index for s in changed.lobby.seats] == [0, 1, 2]


async def test_joining_twice_a_full_lobby_and_strangers_are_refused(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=2)  # five-up seats at most 4
    with pytest.raises(AlreadyJoined):
        await svc.lobbies.join(lobby_id, bob)
    with pytest.raises(LobbyFull) as full:
        await svc.lobbies.join(lobby_id, cat)
    assert full.value.key == "lobby_full" and full.value.params["players"] == 4
    with pytest.raises(LobbyFull):
        await svc.lobbies.add_computer(lobby_id, ann.user_id)
    with pytest.raises(NotAPlayer):
        await svc.lobbies.leave(lobby_id, dan.user_id)
    assert len(svc.lobbies.info(lobby_id).seats) == 4


async def test_only_the_host_adds_computers_sets_options_starts_and_cancels(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=0)
    for call in (
        svc.lobbies.add_computer(lobby_id, bob.user_id),
        svc.lobbies.set_option(lobby_id, bob.user_id, "skunk", "double"),
        svc.games.start(lobby_id, bob.user_id),
        svc.lobbies.cancel(lobby_id, bob.user_id),
    ):
        with pytest.raises(NotHost) as refused:
            await call
        assert refused.value.key == "not_host"
    assert svc.lobbies.info(lobby_id).status == "open"
    assert len(svc.lobbies.info(lobby_id).seats) == 2


async def test_options_take_only_the_values_the_rules_allow(harness: Harness) -> None:
    ann, _, _, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann,), computers=1)
    [changed] = await svc.lobbies.set_option(lobby_id, ann.user_id, "skunk", "double")
    assert changed.lobby.options["skunk"] == "double"
    with pytest.raises(BadOption) as bad:
        await svc.lobbies.set_option(lobby_id, ann.user_id, "skunk", "triple")
    assert bad.value.key == "bad_option" and "plus10" in bad.value.params["allowed"]
    with pytest.raises(BadOption):
        await svc.lobbies.set_option(lobby_id, ann.user_id, "no_such_option", "on")
    assert svc.lobbies.info(lobby_id).options["skunk"] == "double"
    [changed] = await svc.lobbies.set_option(lobby_id, ann.user_id, "skunk", None)
    assert changed.lobby.options["skunk"] == "off"  # back to the rules' default


async def test_options_that_depend_on_the_player_count_follow_the_seats(harness: Harness) -> None:
    ann, bob, cat, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=0, game_id="draw")
    assert svc.lobbies.info(lobby_id).options["rounds"] == 2
    [changed] = await svc.lobbies.join(lobby_id, cat)
    assert changed.lobby.options["rounds"] == 3


async def test_start_needs_an_allowed_seat_count(harness: Harness) -> None:
    ann, _, _, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann,), computers=0)
    with pytest.raises(WrongPlayerCount) as refused:
        await svc.games.start(lobby_id, ann.user_id)
    assert refused.value.params["players"] == 1
    assert svc.lobbies.info(lobby_id).status == "open"


async def test_start_opens_a_table_and_closes_the_lobby(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=0, game_id="muggins")
    notes = await svc.games.start(lobby_id, ann.user_id)
    assert isinstance(notes[0], LobbyChanged) and notes[0].lobby.status == "started"
    opened = notes[1]
    assert isinstance(opened, TableOpened) and opened.seating is None
    assert notes[0].lobby.game_no == opened.table.game_no
    assert [s.user_id for s in opened.table.seats] == [ann.user_id, bob.user_id]  # join order
    hands = [n for n in notes if isinstance(n, HandChanged)]
    assert {h.user_id for h in hands} == {ann.user_id, bob.user_id}
    assert sum(h.your_turn for h in hands) == 1
    with pytest.raises(LobbyNotFound):
        await svc.lobbies.join(lobby_id, harness.players[2])


async def test_partners_by_draw_seat_the_two_highest_tiles_opposite(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    notes = await harness.service.games.start(
        await harness.lobby(humans=(ann, bob, cat, dan), computers=0), ann.user_id
    )
    opened = next(n for n in notes if isinstance(n, TableOpened))
    draw = opened.seating
    assert draw is not None and len(draw.draws) == 4

    def rank(tile: str) -> tuple[int, int]:
        a, b = map(int, tile.split("-"))
        return a + b, max(a, b)

    ranked = sorted(draw.draws, key=lambda d: rank(d.tile), reverse=True)
    assert [d.seat for d in ranked] == [0, 2, 1, 3]
    for d in draw.draws:
        assert opened.table.seats[d.seat].user_id == d.player.user_id
    assert is_a(FivesView, opened.view).leader == 0  # the highest tile leads the first hand
    record = await harness.service.tables.export(opened.table.game_no)
    assert record["deals"] == [{"first_leader": 0}]


async def test_partners_by_agreement_keep_join_order(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    lobby_id = await harness.lobby(humans=(ann, bob, cat, dan), computers=0, options={"partners": "by_agreement"})
    notes = await harness.service.games.start(lobby_id, ann.user_id)
    opened = next(n for n in notes if isinstance(n, TableOpened))
    assert opened.seating is None
    assert [s.user_id for s in opened.table.seats] == [p.user_id for p in (ann, bob, cat, dan)]


async def test_cancel_and_a_host_leaving(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=1)
    [changed] = await svc.lobbies.leave(lobby_id, ann.user_id)
    assert changed.lobby.host_id == bob.user_id and changed.lobby.status == "open"
    [changed] = await svc.lobbies.cancel(lobby_id, bob.user_id)
    assert changed.lobby.status == "cancelled"
    with pytest.raises(LobbyNotFound):
        await svc.lobbies.join(lobby_id, ann)
    other = await harness.lobby(humans=(ann,), computers=1)
    [changed] = await svc.lobbies.leave(other, ann.user_id)
    assert changed.lobby.status == "cancelled"  # nobody human left


async def test_two_players_racing_for_the_last_seat(harness: Harness) -> None:
    ann, bob, cat, dan = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=1)
    results = await asyncio.gather(
        svc.lobbies.join(lobby_id, cat), svc.lobbies.join(lobby_id, dan), return_exceptions=True
    )
    assert sum(isinstance(r, LobbyFull) for r in results) == 1
    assert len(svc.lobbies.info(lobby_id).seats) == 4


async def test_start_and_join_racing(harness: Harness) -> None:
    ann, bob, cat, _ = harness.players
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ann, bob), computers=0, game_id="muggins")
    started, joined = await asyncio.gather(
        svc.games.start(lobby_id, ann.user_id), svc.lobbies.join(lobby_id, cat), return_exceptions=True
    )
    assert isinstance(joined, LobbyClosed)
    assert [s.user_id for s in started[1].table.seats] == [ann.user_id, bob.user_id]


async def test_open_lobbies_and_server_defaults_survive_a_restart(harness: Harness) -> None:
    ann, bob, _, _ = harness.players
    svc = harness.service
    await svc.settings.set_default_option(harness.guild, "five-up", "skunk", "plus10")
    lobby_id = await harness.lobby(humans=(ann, bob), computers=1)
    await svc.lobbies.set_message(lobby_id, 555)
    await harness.restart()
    lobby = harness.service.lobbies.info(lobby_id)
    assert [s.user_id for s in lobby.seats] == [ann.user_id, bob.user_id, None]
    assert lobby.options["skunk"] == "plus10" and lobby.message_id == 555
    assert [x.lobby_id for x in harness.service.lobbies.of_guild(harness.guild)] == [lobby_id]


@pytest.mark.parametrize("value", ["5" * 1_000_000, ["5" * 1_000_000], [["nested"]] * 10_000])
def test_a_refused_option_value_comes_back_short(value: object) -> None:
    """A value refused by the Rules or /settings is quoted back by its first characters only (a megabyte
    of text would otherwise make an answer too long to send)."""
    with pytest.raises(BadOption) as refused:
        check_option(game_info("domineren"), "allowed_types", value)
    assert len(str(refused.value.params["value"])) <= 41


def test_a_set_of_domineren_types_no_game_could_start_with_is_refused_when_chosen() -> None:
    """A set drawn from the talon may be a single, so the allowed types must hold one playable after any set:
    refused when the host (or a server's default) chooses it, not later when the game cannot start."""
    with pytest.raises(BadOption) as refused:
        check_option(game_info("domineren"), "allowed_types", ["16", "17"])
    assert refused.value.key == "option_needs_one_of" and refused.value.params["needed"] == "1, 4, 11, 12"
    assert check_option(game_info("domineren"), "allowed_types", ["16", "4"]) == ("4", "16")
