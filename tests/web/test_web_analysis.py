"""A player's post-game analysis through the web API (`POST /api/games/{no}/analysis`), under the rules of
`/analysis` in Discord: a running game refused, only the player's own analysis, another server's game not
found, a spectator given nothing of it; the lines worded as Discord words them, in English and Japanese, and
each move pointing at the replay frame of the position it was made in."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.tables.play.analyses import PlayerAnalysis
from tests.tables.conftest import ANN, BOB, CAT
from tests.web.conftest import Web


async def _analysis(web_table: Web, game_no: int, user_id: int, **kwargs: Any) -> tuple[int, dict[str, Any]]:
    guild = kwargs.pop("guild_id", None)
    headers = web_table.auth(user_id) if guild is None else web_table.auth(user_id, guild_id=guild)
    answer = await web_table.client.post(f"/api/games/{game_no}/analysis", json=kwargs, headers=headers)
    return answer.status, await answer.json()


async def _replay(web_table: Web, game_no: int, user_id: int) -> dict[str, Any]:
    answer = await web_table.client.get(f"/api/games/{game_no}/replay", headers=web_table.auth(user_id))
    body: dict[str, Any] = await answer.json()
    return body


async def _ended_draw(web_table: Web) -> int:
    harness = web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": "1"})
    status, refused = await _analysis(web_table, game_no, ANN.user_id)
    assert status == 409
    assert refused["error"] == f"Game #{game_no} is still being played: it can be analysed once it is over."
    await harness.play(game_no)
    return game_no


async def test_a_player_gets_her_own_analysis_worded_as_in_discord(web_table: Web) -> None:
    game_no = await _ended_draw(web_table)
    status, body = await _analysis(web_table, game_no, ANN.user_id, lang="en")
    assert status == 200, body
    assert body["title"].startswith("Analysis: ") and "of your moves had a choice" in body["summary"]
    assert body["costliest_title"] == "Costliest moves" and "sampled deals a move" in body["footer"]
    moves = body["moves"]
    assert moves and body["seat"] == 0
    assert all(m["cost"] >= 0 and m["value_best"] >= m["value_made"] - 1e-6 for m in moves)
    costliest = body["costliest"]
    assert 1 <= len(costliest) <= 3 and [c["rank"] for c in costliest] == list(range(1, len(costliest) + 1))
    costs = [moves[c["move"]]["cost"] for c in costliest]
    assert costs == sorted(costs, reverse=True) and costs[0] == max(m["cost"] for m in moves)
    first = moves[costliest[0]["move"]]
    # the move named as her controls named it then ("5-3 on 5-5", "Lead 6-6"), not in record notation
    tile, _, target = first["made"].partition("@")
    named = f"{tile} on {target}" if target else f"Lead {tile}"
    said = f"1. Move {first['number']} (hand {first['hand_no']}): you played **{named}**"
    assert costliest[0]["line"].startswith(said) and "@" not in costliest[0]["line"]

    # the frame named is the position the move was made in: the replay's next play is that move, by her seat
    replay = await _replay(web_table, game_no, ANN.user_id)
    assert replay["you"] == 0
    frames = replay["frames"]
    for m in moves:
        after = next(f for f in frames[m["frame"] + 1 :] if f["play"] is not None)
        assert after["play"]["seat"] == 0 and after["play"]["action"] == m["made"]
        assert frames[m["frame"]]["position"] == m["number"] - 1

    status, ja = await _analysis(web_table, game_no, ANN.user_id, lang="ja")
    assert status == 200 and ja["title"].startswith("検討：") and ja["costliest_title"] == "損の大きかった手"
    assert ja["moves"] == moves  # the stored analysis, worded again

    status, bob = await _analysis(web_table, game_no, BOB.user_id)
    assert status == 200 and bob["seat"] == 1  # his own seat's, never hers


async def test_a_spectator_or_another_server_gets_nothing_of_it(web_table: Web) -> None:
    game_no = await _ended_draw(web_table)
    status, watcher = await _analysis(web_table, game_no, CAT.user_id)
    assert status == 403 and watcher == {
        "ok": False,
        "status": 403,
        "error": f"You did not play in game #{game_no}: only its players can analyse their moves.",
    }
    status, elsewhere = await _analysis(web_table, game_no, ANN.user_id, guild_id=999)
    assert status == 404 and set(elsewhere) == {"ok", "status", "error"}
    replay = await _replay(web_table, game_no, CAT.user_id)
    assert replay["you"] is None  # the replay offers a spectator no analysis
    assert (await web_table.client.post(f"/api/games/{game_no}/analysis", json={})).status == 401


async def test_a_cookie_session_needs_the_csrf_header(web_table: Web) -> None:
    game_no = await _ended_draw(web_table)
    cookie = {"Cookie": f"fives_session={web_table.signer.issue(ANN.user_id, web_table.harness.guild)}"}
    url = f"/api/games/{game_no}/analysis"
    assert (await web_table.client.post(url, json={}, headers=cookie)).status == 403
    answer = await web_table.client.post(url, json={}, headers={**cookie, "X-Fives-CSRF": "1"})
    assert answer.status == 200


async def test_a_second_request_while_the_first_searches_waits_for_the_same_search(
    web_table: Web, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_no = await _ended_draw(web_table)
    analyses = web_table.harness.service.analyses
    searches: list[int] = []
    real = analyses.open

    async def counted(game: int, user_id: int, guild_id: int | None = None) -> PlayerAnalysis:
        searches.append(game)
        await asyncio.sleep(0.05)  # still searching when the second tab asks
        return await real(game, user_id, guild_id)

    monkeypatch.setattr(analyses, "open", counted)
    (s1, first), (s2, second) = await asyncio.gather(
        _analysis(web_table, game_no, ANN.user_id), _analysis(web_table, game_no, ANN.user_id)
    )
    assert s1 == s2 == 200 and first == second
    assert searches == [game_no], "one search for the two requests, not two queued on the workers"
    await _analysis(web_table, game_no, ANN.user_id)
    assert searches == [game_no, game_no], "once answered, the next request asks the service (its stored answer)"


async def test_a_refused_or_failed_analysis_says_so_in_the_pages_language(
    web_table: Web, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_no = await _ended_draw(web_table)
    status, elsewhere = await _analysis(web_table, game_no, ANN.user_id, guild_id=999, lang="ja")
    assert status == 404 and elsewhere["error"] == "そのゲームはありません。"

    async def broken(game: int, user_id: int, guild_id: int | None = None) -> PlayerAnalysis:
        raise RuntimeError("the worker pool is gone")

    monkeypatch.setattr(web_table.harness.service.analyses, "open", broken)
    status, failed = await _analysis(web_table, game_no, ANN.user_id, lang="ja")
    assert status == 503
    assert failed["error"] == "今は検討を計算できませんでした。しばらくしてからもう一度お試しください。"
    status, failed = await _analysis(web_table, game_no, ANN.user_id)
    assert status == 503 and failed["error"] == "The analysis could not be computed now; try again later."
