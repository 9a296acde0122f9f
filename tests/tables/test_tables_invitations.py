"""Invitations to a private table through the lobby outbox, on both backends: an invitation the teller could not
tell is told again at its retry, with a longer wait each time, never dropped; one a crash left untold is told
after the restart, with the time it was saved (to find a post made before the crash); one that was told is not
told again; and a table started or cancelled, or an invitee who took a seat, leaves nothing to tell."""

from __future__ import annotations

from bot.tables import LobbyChanged, PlayersInvited
from bot.tables.telling.outbox import GRACE_SECONDS, RETRY_SECONDS
from tests.checks import only
from tests.tables.conftest import ANN, BOB, CAT, DAN, Harness


async def _private(harness: Harness) -> int:
    [opened] = await harness.service.lobbies.open(harness.guild, harness.channel, ANN, "five-up", private=True)
    return opened.lobby.lobby_id


async def _invite(harness: Harness, lobby_id: int, *invited: int) -> PlayersInvited:
    changed, told = await harness.service.lobbies.invite(lobby_id, ANN.user_id, list(invited))
    assert isinstance(changed, LobbyChanged) and isinstance(told, PlayersInvited)
    return told


async def test_an_invitation_discord_refused_is_told_again_at_its_retry_until_told(harness: Harness) -> None:
    svc = harness.service
    lobby_id = await _private(harness)
    told = await _invite(harness, lobby_id, BOB.user_id, CAT.user_id)
    assert told.seq == 1 and told.since is None and svc.lobbies.invitation_to_tell(told)
    assert await svc.telling.untold() == []  # its teller tells it: no sweep takes it meanwhile
    await svc.lobbies.invitation_told(told, False)
    harness.clock.advance(RETRY_SECONDS[0] - 1)
    assert await svc.telling.untold() == []
    harness.clock.advance(1)
    [again] = await svc.telling.untold()
    saved_at = harness.clock.now - RETRY_SECONDS[0]
    assert again == PlayersInvited(
        svc.lobbies.info(lobby_id), ANN.user_id, (BOB.user_id, CAT.user_id), 1, since=saved_at
    )
    assert await svc.telling.untold() == []  # claimed
    await svc.lobbies.invitation_told(again, False)  # failed again: a longer wait
    harness.clock.advance(RETRY_SECONDS[1] - 1)
    assert await svc.telling.untold() == []
    harness.clock.advance(1)
    third = only(PlayersInvited, await svc.telling.untold())
    await svc.lobbies.invitation_told(third, True)
    assert not svc.lobbies.invitation_to_tell(told)  # told: a slower telling of it says nothing
    harness.clock.advance(3600)
    assert await svc.telling.untold() == [] and await harness.store.lobby_outbox() == []


async def test_an_invitation_a_crash_left_untold_is_told_after_the_restart(harness: Harness) -> None:
    lobby_id = await _private(harness)
    await _invite(harness, lobby_id, BOB.user_id)  # the process dies before telling it
    saved_at = harness.clock.now
    await harness.restart()
    svc = harness.service
    told = only(PlayersInvited, await svc.telling.untold(everything=True))  # at start, whatever is left
    assert told.invited == (BOB.user_id,) and told.seq == 1 and told.since == saved_at
    await svc.lobbies.invitation_told(told, True)
    harness.clock.advance(GRACE_SECONDS + 3600)
    assert await svc.telling.untold() == []


async def test_a_sweep_takes_over_an_invitation_its_writer_never_reported(harness: Harness) -> None:
    svc = harness.service
    lobby_id = await _private(harness)
    await _invite(harness, lobby_id, BOB.user_id)  # the teller hangs, or died in another process
    harness.clock.advance(GRACE_SECONDS)
    told = only(PlayersInvited, await svc.telling.untold())
    assert told.invited == (BOB.user_id,) and told.since is not None


async def test_a_table_started_or_cancelled_and_an_invitee_seated_leave_nothing_to_tell(harness: Harness) -> None:
    svc = harness.service
    started, cancelled, joined = await _private(harness), await _private(harness), await _private(harness)
    for lobby_id in (started, cancelled):
        await _invite(harness, lobby_id, BOB.user_id)
    await _invite(harness, joined, BOB.user_id, DAN.user_id)
    await _invite(harness, joined, CAT.user_id)
    await svc.lobbies.join(started, BOB)
    await svc.games.start(started, ANN.user_id)
    await svc.lobbies.cancel(cancelled, ANN.user_id)
    await svc.lobbies.join(joined, BOB)
    await svc.lobbies.join(joined, CAT)
    await harness.restart()  # none of them was told
    told = [n for n in await harness.service.telling.untold(everything=True) if isinstance(n, PlayersInvited)]
    # Only DAN is left to tell: the others took their seats, or the table is gone from the lobby.
    assert [(t.lobby.lobby_id, t.seq, t.invited) for t in told] == [(joined, 1, (DAN.user_id,))]
    assert [(e.lobby_id, e.seq) for e in await harness.store.lobby_outbox()] == [(joined, 1)]
