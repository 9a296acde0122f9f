"""The live table in a real browser (headless Chromium via playwright-core), against the browser demo
started as a user starts it: a whole game played by tapping tiles and ends, a spectator's page that never
receives a hand, a stale page's move refused with a message, and the Japanese page."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.browser import Demo, built, need_chromium, run_scenario, start_demo


@pytest.fixture(scope="module")
def all_fives() -> Iterator[Demo]:
    """A long game (All Fives to 250 for two): the checks below take a few of its moves each."""
    need_chromium()
    built()
    demo = start_demo("all-fives", "--players", "2", "--seed", "11")
    yield demo
    demo.stop()


def test_a_whole_game_is_played_in_the_browser_and_the_demo_stops_on_ctrl_c() -> None:
    need_chromium()
    built()
    # Draw dominoes for two, two rounds: a whole game of two hands in a dozen moves
    demo = start_demo("draw", "--players", "2", "--seed", "5", "--option", "rounds=2")
    try:
        report = run_scenario("whole-game", demo)
    finally:
        code = demo.stop()
    assert report["banner"].startswith("Game over"), report
    assert report["moves"] >= 3
    assert report["ways"].get("end", 0) >= 1, f"no tile was played by tapping it then an end: {report}"
    # every hand but the last ended while the game went on: the player was told how, as Discord says it
    assert report["hands"] >= 2 and len(report["handsOver"]) == report["hands"] - 1, report
    for said in report["handsOver"]:
        assert re.fullmatch(r"Hand \d+ over (.+ went out\.|The hand is blocked: nobody can play\.) [-\d /]+", said), (
            said
        )
    assert code == 0
    assert any("demo stopped" in line for line in demo.lines), demo.lines


def test_a_spectator_follows_the_moves_and_is_never_sent_a_hand(all_fives: Demo) -> None:
    report = run_scenario("spectator", all_fives)
    assert report["seen"] > report["start"], "the player's moves reached the spectator's page"
    assert "watching" in report["status"]


def test_a_stale_page_is_told_its_move_was_refused_and_shows_the_game_as_it_is(all_fives: Demo) -> None:
    report = run_scenario("stale", all_fives)
    assert "moved on" in report["message"]
    assert report["now"] > report["turn"]


def test_the_page_speaks_japanese_with_lang_ja(all_fives: Demo) -> None:
    report = run_scenario("japanese", all_fives)
    assert report["lang"] == "ja"
    assert "あなたの番です" in report["status"]
    assert report["hand"] == "あなたの手牌"
    assert "観戦中" in report["watcher"]


def test_the_turn_timer_counts_down_on_the_players_turn_and_the_spectator_sees_it(all_fives: Demo) -> None:
    report = run_scenario("timer", all_fives)
    first, later = (re.fullmatch(r"Time runs out in (\d+):(\d\d):(\d\d)", report[k]) for k in ("first", "later"))
    assert first and later, report  # the demo's tables give a day to move, as the bot's default
    assert [int(x) for x in later.groups()] < [int(x) for x in first.groups()], report
    assert report["watcher"].startswith("Time runs out in ") and report["role"] == "timer"


def test_a_tile_is_played_by_drag_and_drop_onto_an_end_lit_while_it_is_dragged(all_fives: Demo) -> None:
    report = run_scenario("drag", all_fives)
    assert re.fullmatch(r"\d-\d", report["name"]), report
    assert report["lit"] >= 1 or report["before"] == 0, "the ends the dragged tile fits are lit"
    assert report["after"] > report["before"], report


def test_a_tile_and_an_end_are_played_with_the_keyboard_by_their_names(all_fives: Demo) -> None:
    report = run_scenario("keyboard", all_fives)
    assert report["names"] and all(re.fullmatch(r"\d-\d", name) for name in report["names"]), report
    assert report["endName"] is None or report["endName"].startswith(f"Play {report['playable']} on the ")
    assert report["after"] > report["before"]


def test_a_dropped_socket_is_reopened_since_the_turn_shown_and_brings_the_next_move(all_fives: Demo) -> None:
    report = run_scenario("reconnect", all_fives)
    assert "reconnecting" in report["lost"]
    assert report["since"] == [str(report["turn"])], "one reconnection, since the turn the page showed"
    assert report["now"] > report["turn"]


@pytest.mark.parametrize(
    "game", [("domineren", "4", "3"), ("five-hundred", "4", "8")], ids=["domineren", "five-hundred"]
)
def test_the_other_families_are_played_in_the_page(game: tuple[str, str, str], tmp_path: Path) -> None:
    """Domineren (the set, a type declaration from the list, tiles onto ends, play-or-block choices) and Five
    Hundred (bids from the list, the widow's discard by tapping cards, cards into tricks) for a few moves."""
    need_chromium()
    built()
    name, players, seed = game
    demo = start_demo(name, "--players", players, "--seed", seed)
    try:
        report = run_scenario("screenshots", demo, tmp_path / "table.png", env={"FIVES_MOVES": "6", "FIVES_PHONE": "0"})
    finally:
        demo.stop()
    assert (tmp_path / "table.png").stat().st_size > 10_000
    assert report["played"] >= 6 or report["over"], report


def test_the_activitys_channel_leads_to_its_game_or_offers_a_picker(all_fives: Demo) -> None:
    report = run_scenario("activity", all_fives)
    assert "You are watching (no seat)" in report["watching"], report  # straight to the table, as a spectator
    assert report["heading"] == "No game is played in this channel", report
    assert report["offered"] == ["/table/1"] and report["seat"] == 0, report  # the player's own game, their seat
    assert report["japanese"] == "このチャンネルで進行中のゲームはありません", report


def test_an_ended_games_replay_is_stepped_played_and_paused_by_the_keyboard_in_both_languages() -> None:
    need_chromium()
    built()
    demo = start_demo("draw", "--players", "2", "--seed", "5", "--option", "rounds=1")
    try:
        report = run_scenario("replay", demo)
    finally:
        demo.stop()
    assert report["frames"] > report["moves"] >= 3, report  # a frame per action, with the deal and the ends
    assert report["rows"] == 2 and report["tiles"] >= 10, "the deal shows both seats' tiles by their notation"
    assert report["first"].startswith("Last play: "), report
    assert report["end"] == "Game over" and report["heldAtEnd"] == 0, report
    assert report["paused"] >= 4 and report["label"] == "Play", report
    assert report["japanese"] == {
        "title": f"ゲーム {report['japanese']['title'].split()[1]} のリプレイ",
        "play": "再生",
    }
    assert report["watched"] == report["frames"], "a spectator opens the same replay"
    # the Japanese page of the replay while the game was played: one language, the server's line in it
    assert report["refused"] == (
        "リプレイを表示できません: ゲームはまだ続いています。リプレイはゲームが終わってから開けます。"
    ), report


def test_an_ended_games_analysis_shows_the_three_costliest_moves_drawn_in_the_page(tmp_path: Path) -> None:
    need_chromium()
    built()
    # Draw for two, three rounds, the visitor always playing the first legal move: mistakes enough to rank
    demo = start_demo("draw", "--players", "2", "--seed", "5", "--option", "rounds=3")
    try:
        report = run_scenario("analysis", demo, tmp_path / "analysis.png")
    finally:
        demo.stop()
    assert report["title"].startswith("Analysis: ") and "of your moves had a choice" in report["summary"], report
    lines = report["lines"]
    assert len(lines) == 3, report  # the three costliest, as Discord lists them
    for rank, line in enumerate(lines, start=1):
        said = rf"{rank}\. Move \d+ \(hand \d\): you played .+, best was .+ \(−\d+\.\d expected\)"
        assert re.fullmatch(said, line), line
    assert report["bold"] == 6, "each line's move made and best move in bold, not as Markdown's asterisks"
    assert report["boards"] == [1, 1, 1], "each costliest move's position drawn as the page's SVG board"
    for held in report["held"]:  # the player's hand then, each tile by its name, the one played said so
        assert held and all(re.fullmatch(r"\d-\d( \(the one you played\))?", name) for name in held), report
        assert sum(name.endswith("(the one you played)") for name in held) == 1, held
    assert report["pngs"] == 0 and report["marks"] == 3 and report["rows"] >= 3, report
    assert report["markName"] == lines[0], "the chart's first mark is reached by Tab and named by its line"
    assert report["replayLink"].endswith("/analysis/1") and report["watcherLink"] == 0, report
    assert report["japanese"] == {"title": report["japanese"]["title"], "costliest": "損の大きかった手"}
    assert report["japanese"]["title"].startswith("検討："), report
    # reached by the links alone from a table opened in Japanese (the browser's language English): still Japanese
    links = report["japaneseLinks"]
    assert links["browser"].startswith("en") and links["lang"] == "ja", links
    assert links["replay"] == "ゲーム 1 のリプレイ", links  # the demo's one game
    assert links["analysis"].startswith("検討：") and links["costliest"] == "損の大きかった手", links
    assert report["watcherSees"] == (
        "No analysis to show: You did not play in game #1: only its players can analyse their moves."
    )
    assert report["watcherCostly"] == 0
    assert (tmp_path / "analysis.png").stat().st_size > 10_000
