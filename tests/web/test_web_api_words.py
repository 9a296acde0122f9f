"""The API's refusals speak the page's language (web/refusals.py `asked_lang`): the page shows them inside its
own translated message, so a Japanese page that meets a running game's replay, an unknown game or a missing
login reads Japanese throughout, and a request naming no language (nor its browser one) reads English."""

from __future__ import annotations

from tests.checks import must
from tests.tables.conftest import ANN, BOB, CAT
from tests.web.conftest import Web

STILL_PLAYED = {
    "en": "the game is still being played: its replay opens when it ends",
    "ja": "ゲームはまだ続いています。リプレイはゲームが終わってから開けます。",
}
NO_SUCH_GAME = {"en": "no such game", "ja": "そのゲームはありません。"}
LOG_IN_FIRST = {"en": "log in first", "ja": "先にログインしてください。"}


async def test_a_japanese_page_is_refused_in_japanese_and_a_page_naming_no_language_in_english(web_table: Web) -> None:
    client = web_table.client
    game_no, _ = await web_table.harness.start_game(humans=(ANN, BOB), computers=2)
    for lang, query in (("ja", "?lang=ja"), ("en", "")):
        playing = await client.get(f"/api/games/{game_no}/replay{query}", headers=web_table.auth(CAT.user_id))
        assert (playing.status, await playing.text()) == (409, STILL_PLAYED[lang])
        unknown = await client.get(f"/api/games/{game_no + 100}{query}", headers=web_table.auth(CAT.user_id))
        assert (unknown.status, await unknown.text()) == (404, NO_SUCH_GAME[lang])
        elsewhere = await client.get(f"/api/games/{game_no}/replay{query}", headers=web_table.auth(CAT.user_id, 999))
        assert (elsewhere.status, await elsewhere.text()) == (404, NO_SUCH_GAME[lang])  # another server's game
        nobody = await client.get(f"/api/games/{game_no}{query}")
        assert (nobody.status, await nobody.text()) == (401, LOG_IN_FIRST[lang])


async def test_without_a_lang_the_browsers_language_is_followed_and_a_named_one_wins(web_table: Web) -> None:
    client = web_table.client
    game_no, _ = await web_table.harness.start_game(humans=(ANN, BOB), computers=2)
    japanese_browser = {**web_table.auth(CAT.user_id), "Accept-Language": "fr-FR,ja;q=0.8,en;q=0.5"}
    replay = f"/api/games/{game_no}/replay"
    assert await (await client.get(replay, headers=japanese_browser)).text() == STILL_PLAYED["ja"]
    assert await (await client.get(f"{replay}?lang=en", headers=japanese_browser)).text() == STILL_PLAYED["en"]
    assert await (await client.get(f"{replay}?lang=fr", headers=japanese_browser)).text() == STILL_PLAYED["ja"]
    english_browser = {**web_table.auth(CAT.user_id), "Accept-Language": "en-GB,ja;q=0.5"}
    assert await (await client.get(replay, headers=english_browser)).text() == STILL_PLAYED["en"]


async def test_a_posts_refusals_follow_the_language_its_body_names(web_table: Web) -> None:
    """A move, a hint, an analysis: the body's `lang` words the refusal, even one given before the session is
    read; a body naming none follows the browser's language (the hint's and the analysis' used to say English)."""
    client, harness = web_table.client, web_table.harness
    game_no, _ = await harness.start_game(humans=(ANN, BOB), computers=2)
    hand = must(await harness.to_act(game_no))
    nobody = await client.post(f"/api/games/{game_no}/act", json={"action": "draw", "turn": 0, "lang": "ja"})
    assert (nobody.status, await nobody.text()) == (401, LOG_IN_FIRST["ja"])
    seat = web_table.auth(hand.user_id)
    malformed = await client.post(f"/api/games/{game_no}/act", json={"lang": "ja"}, headers=seat)
    assert (await malformed.json())["error"] == "手と、それが表示された手番を送ってください。"
    japanese_browser = {**web_table.auth(hand.user_id), "Accept-Language": "ja-JP"}
    hint = await client.post(f"/api/games/{game_no}/hint", json={}, headers=japanese_browser)
    assert (hint.status, (await hint.json())["error"]) == (400, "ヒントを求める手番を送ってください。")
    analysis = await client.post(f"/api/games/{game_no + 100}/analysis", json={}, headers=japanese_browser)
    assert (analysis.status, (await analysis.json())["error"]) == (404, "そのゲームはありません。")
    english = await client.post(f"/api/games/{game_no}/hint", json={"lang": "en"}, headers=japanese_browser)
    assert (await english.json())["error"] == "send the turn the hint is for"
