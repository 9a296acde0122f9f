"""Spectators and private tables through the table service, on both backends: a watcher follows a table in its
thread or by DM digest and never gets a hand; digests come when the game moved and the interval passed, at a
hand's end and at the game's end, each claimed once; players cannot watch; a private table seats only the
invited, and a table closed to watchers takes none; a restart keeps the watchers."""

from __future__ import annotations

import pytest

from bot.tables import AlreadySeated, NotHostToInvite, NotInvited, PlayersInvited, TableOpened, WatcherDMsClosed
from bot.tables.community.watchers import DIGEST_SECONDS, NotWatching, PlayerCannotWatch, WatchingClosed
from bot.tables.telling.outbox import key_of
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness


async def test_a_watcher_in_the_thread_and_one_by_digest(harness: Harness) -> None:
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": 1})
    watching, first = await svc.watchers.watch_lobby(lobby_id, CAT.user_id, "thread")
    assert watching.game_no is None and first is None
    notes = await svc.games.start(lobby_id, ANN.user_id)
    game_no = next(n for n in notes if isinstance(n, TableOpened)).table.game_no
    assert await svc.watchers.in_thread(lobby_id) == [CAT.user_id]  # to add to the thread it opens

    watching, first = await svc.watchers.watch_game(game_no, DAN.user_id, "dm")
    assert first is not None and first.first and first.snapshot.view == await svc.tables.public_view(game_no)
    assert [t.game_no for t in await svc.watchers.watched(DAN.user_id, harness.guild)] == [game_no]
    assert await svc.watchers.sweep() == []  # nothing new since
    await harness.step(game_no)
    assert await svc.watchers.sweep() == []  # within the hour
    harness.clock.advance(DIGEST_SECONDS)
    [digest] = await svc.watchers.sweep()
    assert digest.user_id == DAN.user_id and digest.plays == 1 and not digest.over
    assert digest.snapshot.view == await svc.tables.public_view(game_no)  # the public view, never a hand
    assert await svc.watchers.sweep() == []  # claimed: not twice
    await svc.watchers.told(digest)

    notes = await harness.play(game_no)  # to its end: one round, one hand
    [last] = await svc.watchers.sweep()
    assert last.over and [n for n, _ in last.new_hands] == [1]
    await svc.watchers.told(last)
    assert await svc.watchers.sweep() == [] and await svc.watchers.watched(DAN.user_id) == []


async def test_players_cannot_watch_and_a_watcher_who_joins_plays(harness: Harness) -> None:
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ANN,), computers=0, game_id="draw")
    with pytest.raises(PlayerCannotWatch):
        await svc.watchers.watch_lobby(lobby_id, ANN.user_id, "thread")
    await svc.watchers.watch_lobby(lobby_id, BOB.user_id, "dm")
    await svc.lobbies.join(lobby_id, BOB)
    assert await harness.store.watchers(lobby_id) == []
    with pytest.raises(NotWatching):
        await svc.watchers.unwatch_lobby(lobby_id, BOB.user_id)


async def test_a_private_table_seats_the_invited_and_may_refuse_watchers(harness: Harness) -> None:
    svc = harness.service
    [opened, invited_with_it] = await svc.lobbies.open(
        harness.guild, harness.channel, ANN, "draw", private=True, invited=(BOB.user_id,), watching=False
    )
    lobby = opened.lobby
    assert invited_with_it == PlayersInvited(lobby, ANN.user_id, (BOB.user_id,), seq=1)  # BOB is to be told
    assert lobby.private and lobby.invited == (BOB.user_id,) and not lobby.watching
    with pytest.raises(NotInvited):
        await svc.lobbies.join(lobby.lobby_id, CAT)
    with pytest.raises(WatchingClosed):
        await svc.watchers.watch_lobby(lobby.lobby_id, CAT.user_id, "thread")
    await svc.lobbies.join(lobby.lobby_id, BOB)
    invited, told = await svc.lobbies.invite(lobby.lobby_id, ANN.user_id, [CAT.user_id])
    assert invited.lobby.invited == (BOB.user_id, CAT.user_id)
    assert told == PlayersInvited(invited.lobby, ANN.user_id, (CAT.user_id,), seq=2)  # CAT is to be told
    await harness.restart()  # the lobby comes back private
    assert svc is not harness.service and harness.service.lobbies.info(lobby.lobby_id).private
    with pytest.raises(NotInvited):
        await harness.service.lobbies.join(lobby.lobby_id, DAN)
    await harness.service.lobbies.join(lobby.lobby_id, CAT)


async def test_only_the_host_invites_and_only_players_without_a_seat(harness: Harness) -> None:
    svc = harness.service
    [opened, _] = await svc.lobbies.open(
        harness.guild, harness.channel, ANN, "five-up", private=True, invited=(BOB.user_id,)
    )
    lobby_id = opened.lobby.lobby_id
    await svc.lobbies.join(lobby_id, BOB)
    with pytest.raises(NotHostToInvite):
        await svc.lobbies.invite(lobby_id, BOB.user_id, [CAT.user_id])
    for seated, names in (([CAT.user_id, BOB.user_id], "Bob"), ([ANN.user_id], "Ann")):  # the host has a seat too
        with pytest.raises(AlreadySeated) as refused:
            await svc.lobbies.invite(lobby_id, ANN.user_id, seated)
        assert refused.value.params == {"players": names}
    assert svc.lobbies.info(lobby_id).invited == (BOB.user_id,)  # the refusals invited nobody, CAT included
    with pytest.raises(NotInvited):
        await svc.lobbies.join(lobby_id, CAT)
    _, again = await svc.lobbies.invite(lobby_id, ANN.user_id, [CAT.user_id, DAN.user_id, CAT.user_id])
    assert isinstance(again, PlayersInvited)
    assert again.invited == (CAT.user_id, DAN.user_id)
    await svc.lobbies.join(lobby_id, DAN)


async def test_watchers_survive_a_restart(harness: Harness) -> None:
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    await harness.service.watchers.watch_game(game_no, CAT.user_id, "dm")
    await harness.step(game_no)
    await harness.restart()
    svc = harness.service
    assert [t.game_no for t in await svc.watchers.watched(CAT.user_id)] == [game_no]
    harness.clock.advance(DIGEST_SECONDS)
    [digest] = await svc.watchers.sweep()
    assert digest.user_id == CAT.user_id and digest.plays == 1
    await svc.watchers.unwatch_game(game_no, CAT.user_id)
    assert await svc.watchers.watched(CAT.user_id) == []


async def test_a_watcher_whose_dms_are_closed_follows_the_thread_and_is_told_so_once_even_after_a_crash(
    harness: Harness,
) -> None:
    game_no, start = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    await harness.service.telling.told(game_no, [k for k in map(key_of, start) if k is not None])
    await harness.service.watchers.watch_game(game_no, CAT.user_id, "dm")
    await harness.step(game_no)
    harness.clock.advance(DIGEST_SECONDS)
    [digest] = await harness.service.watchers.sweep()
    [told] = await harness.service.watchers.dms_closed(digest)  # Discord: this user takes no DMs
    assert isinstance(told, WatcherDMsClosed) and (told.user_id, told.over) == (CAT.user_id, False)
    assert await harness.service.watchers.dms_closed(digest) == []  # said once
    assert [(w.user_id, w.mode) for w in await harness.store.watchers(digest.lobby_id)] == [(CAT.user_id, "thread")]
    harness.clock.advance(DIGEST_SECONDS)
    await harness.step(game_no)
    assert await harness.service.watchers.sweep() == []  # no more digests: they follow the thread

    await harness.restart()  # a crash before it was said
    retold = await harness.service.telling.untold(everything=True)
    [again] = [n for n in retold if isinstance(n, WatcherDMsClosed)]
    assert key_of(again) == key_of(told) == ("watcher", CAT.user_id, digest.snapshot.turn)
    await harness.service.telling.told(game_no, [k for k in map(key_of, retold) if k is not None])
    assert await harness.store.outbox(game_no) == []


async def test_a_first_digest_discord_failed_is_sent_at_the_next_sweep_as_a_first_one(harness: Harness) -> None:
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw")
    await harness.step(game_no)
    _, first = await harness.service.watchers.watch_game(game_no, CAT.user_id, "dm")
    assert first is not None and first.first
    await harness.service.watchers.first_failed(first)  # a 500 from Discord
    [digest] = await harness.service.watchers.sweep()
    assert digest.first and digest.user_id == CAT.user_id
