"""Hints in the page (issue #27 item 3, "everything the Discord controls offer"): at a table whose host offers
them, a seat asks on its turn and gets the search's move with its line in the page's language, saved first so
that the game is unrated; refused as stale for a turn gone by, and to a spectator or where hints are off."""

from __future__ import annotations

from bot.tables import TableOpened
from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT, Harness
from tests.web.conftest import Web


async def hinted_game(harness: Harness, hints: bool = True) -> int:
    """Draw dominoes, one round, Ann and Bob, with hints offered (or not)."""
    svc = harness.service
    lobby_id = await harness.lobby(humans=(ANN, BOB), computers=0, game_id="draw", options={"rounds": 1})
    if hints:
        await svc.lobbies.set_hints(lobby_id, ANN.user_id, True)
    notes = await svc.games.start(lobby_id, ANN.user_id)
    return next(n for n in notes if isinstance(n, TableOpened)).table.game_no


async def test_a_seat_asks_for_a_hint_on_its_turn_and_the_game_is_unrated_from_then_on(web_table: Web) -> None:
    harness, client = web_table.harness, web_table.client
    game_no = await hinted_game(harness)
    hand = must(await harness.to_act(game_no))
    state = await (await client.get(f"/api/games/{game_no}", headers=web_table.auth(hand.user_id))).json()
    assert state["hints"] is True and state["you"]["your_turn"]

    answer = await client.post(
        f"/api/games/{game_no}/hint", json={"turn": state["turn"], "lang": "ja"}, headers=web_table.auth(hand.user_id)
    )
    assert answer.status == 200, await answer.text()
    body = await answer.json()
    assert body["move"] in [m["text"] for m in state["you"]["view"]["legal"]]  # a move the player can make now
    assert body["line"].startswith("💡 ") and "レーティング" in body["unrated"]  # in the page's language
    assert await harness.store.hint_uses(game_no)  # saved before it was shown: the game is unrated

    stale = await client.post(
        f"/api/games/{game_no}/hint", json={"turn": state["turn"] - 1}, headers=web_table.auth(hand.user_id)
    )
    assert stale.status == 409 and (await stale.json())["ok"] is False
    spectator = await client.post(
        f"/api/games/{game_no}/hint", json={"turn": state["turn"]}, headers=web_table.auth(CAT.user_id)
    )
    assert spectator.status == 403
    other = await client.post(
        f"/api/games/{game_no}/hint", json={"turn": state["turn"]}, headers=web_table.auth(hand.user_id, 999)
    )
    assert other.status == 404  # another server's game does not exist
    malformed = await client.post(f"/api/games/{game_no}/hint", json={}, headers=web_table.auth(hand.user_id))
    assert malformed.status == 400


async def test_a_table_without_hints_says_so_and_gives_none(web_table: Web) -> None:
    harness, client = web_table.harness, web_table.client
    game_no = await hinted_game(harness, hints=False)
    hand = must(await harness.to_act(game_no))
    state = await (await client.get(f"/api/games/{game_no}", headers=web_table.auth(hand.user_id))).json()
    assert state["hints"] is False
    refused = await client.post(
        f"/api/games/{game_no}/hint", json={"turn": state["turn"]}, headers=web_table.auth(hand.user_id)
    )
    assert refused.status == 403 and "does not offer hints" in (await refused.json())["error"]
    assert not await harness.store.hint_uses(game_no)


async def test_a_hint_refused_to_a_spectator_or_after_the_end_says_why_in_the_pages_language(web_table: Web) -> None:
    """The refusals are the catalogue's, as the Discord controls word them, not an English line of the API."""
    harness, client = web_table.harness, web_table.client
    game_no = await hinted_game(harness)
    turn = (await (await client.get(f"/api/games/{game_no}", headers=web_table.auth(ANN.user_id))).json())["turn"]
    url = f"/api/games/{game_no}/hint"
    for lang, words in (
        ("ja", "あなたはこの卓のプレイヤーではありません。"),
        ("en", "You are not playing at this table."),
    ):
        spectator = await client.post(url, json={"turn": turn, "lang": lang}, headers=web_table.auth(CAT.user_id))
        assert spectator.status == 403 and (await spectator.json())["error"] == words
    await harness.play(game_no)
    over = await client.post(url, json={"turn": turn, "lang": "ja"}, headers=web_table.auth(ANN.user_id))
    assert over.status == 410 and (await over.json())["error"] == "このゲームは終了しています。"
