"""The browser's replay of an ended game (`GET /api/games/{no}/replay`): refused while the game is played
(the hands are still secret), then every frame /replay shows, with the hands it reveals."""

from __future__ import annotations

from tests.tables.conftest import ANN, BOB, CAT
from tests.web.conftest import Web


async def test_a_game_in_play_has_no_replay_and_an_ended_one_returns_every_frame(web_table: Web) -> None:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    playing = await web_table.client.get(f"/api/games/{game_no}/replay", headers=web_table.auth(CAT.user_id))
    assert playing.status == 409

    await harness.play(game_no)
    ended = await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(ANN.user_id))
    assert ended.status == 200, await ended.text()  # the page shows how it ended, not an error
    last = await ended.json()
    assert last["status"] == "finished" and last["public"]["over"]
    # a seat of an ended game sees what everyone sees: nothing is left to hide or to play
    assert last["you"]["seat"] is not None and last["you"]["view"] == last["public"] and not last["you"]["your_turn"]
    answer = await web_table.client.get(f"/api/games/{game_no}/replay", headers=web_table.auth(CAT.user_id))
    assert answer.status == 200, await answer.text()
    replay = await answer.json()
    frames = replay["frames"]
    assert replay["finished"] and frames[-1]["kind"] == "game_end"

    record = await harness.service.tables.export(game_no)
    played = [f["play"]["action"] for f in frames if f["play"] is not None]
    assert played == [a[1] if isinstance(a, list | tuple) else a["action"] for a in record["actions"]]
    assert [f["position"] for f in frames if f["play"] is not None] == list(range(1, len(played) + 1))
    assert replay["moves"] == len(played)

    first = frames[0]
    assert first["kind"] == "deal" and first["public"]["hand"] is None
    assert len(first["held"]) == 4 and all(first["held"]), "every seat's deal is revealed once the game is over"
    assert all(f["held"] is None for f in frames if f["kind"] in ("hand_end", "game_end"))
    assert any(f["hands_ended"] for f in frames), "each hand's result is in the frame that ended it"

    other = await web_table.client.get(
        f"/api/games/{game_no}/replay", headers=web_table.auth(CAT.user_id, guild_id=999)
    )
    assert other.status == 404
    assert (await web_table.client.get(f"/api/games/{game_no}/replay")).status == 401


async def test_a_player_who_resigned_is_offered_the_replay_and_analysis_as_any_player(web_table: Web) -> None:
    """A resigned seat is played by a computer, but its player played in the game: the ended table and the
    replay name their seat (the page's links to their own analysis), and the analysis answers them."""
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": "1"})
    await harness.play(game_no, max_steps=2)
    await harness.service.games.resign(game_no, ANN.user_id)
    await harness.play(game_no)
    ended = await (await web_table.client.get(f"/api/games/{game_no}", headers=web_table.auth(ANN.user_id))).json()
    assert ended["status"] == "finished" and ended["you"] is not None and ended["you"]["seat"] == 0
    assert ended["you"]["view"] == ended["public"] and not ended["you"]["your_turn"]
    replay = await (
        await web_table.client.get(f"/api/games/{game_no}/replay", headers=web_table.auth(ANN.user_id))
    ).json()
    assert replay["you"] == 0
    analysis = await web_table.client.post(
        f"/api/games/{game_no}/analysis", json={"lang": "en"}, headers=web_table.auth(ANN.user_id)
    )
    assert analysis.status == 200 and (await analysis.json())["seat"] == 0
    watcher = await (
        await web_table.client.get(f"/api/games/{game_no}/replay", headers=web_table.auth(CAT.user_id))
    ).json()
    assert watcher["you"] is None
