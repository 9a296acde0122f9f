"""The animated summary of a hand or a game: a GIF Discord plays inline, built from the public positions of
a replayed record, one frame a move (fewer, merged, when there are too many), the last held longest, well
under the upload limit for the longest hand of every family, and never drawn from a seat's view."""

from __future__ import annotations

import io
from functools import cache
from types import SimpleNamespace
from typing import Any, cast

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import GifImagePlugin, Image

from bot.engine import View, new_game
from bot.engine.records import ReplayError, hand_positions, public_positions, record_of
from rendering import palette as pal
from rendering.gallery import NAMES, NAMES_500, play, play_500, play_domineren
from rendering.replay import LAST_MS, MAX_BYTES, PAD, SIZE, WIDTH, choose_frames, render_replay
from rendering.text import text_width
from tests.checks import is_a

from ..i18n.english import english_in, record_drawn_text
from .positions import colours_in

GAMES = {
    "five-up": lambda: play("five-up", 4, 3),
    "five-hundred": lambda: play_500(4, 2),
    "domineren": lambda: play_domineren(4, 5, options={"hands": 2}),
}
JAPANESE = ("さくら", "たけし・山本", "名前がとても長いプレイヤーさんです本当に長い", "エミ")
NAMES_OF = {"five-up": NAMES, "five-hundred": NAMES_500, "domineren": NAMES}


@cache
def positions(game: str) -> tuple[Any, ...]:
    """Every public position of a whole seeded game, rebuilt from its record as a replay would be."""
    *_, end = GAMES[game]()
    return tuple(public_positions(record_of(end)))


def longest_hand(game: str) -> list[Any]:
    views = positions(game)
    return max((hand_positions(views, n) for n in {v.hand_no for v in views}), key=len)


def frames(gif: bytes) -> tuple[GifImagePlugin.GifImageFile, list[int]]:
    image = is_a(GifImagePlugin.GifImageFile, Image.open(io.BytesIO(gif)))
    durations = []
    for k in range(image.n_frames):
        image.seek(k)
        durations.append(image.info["duration"])
    image.seek(0)
    return image, durations


def test_public_positions_follow_the_record_action_by_action() -> None:
    views = positions("five-up")
    *_, end = GAMES["five-up"]()
    assert len(views) == len(end.steps) + 1
    assert [v.turn for v in views] == list(range(len(views)))
    assert all(v.hand is None and v.seat is None for v in views)
    assert views[-1].over and views[0].last is None


def test_a_record_with_a_refused_action_says_at_which_step() -> None:
    record = record_of(new_game("five-up", 4, {}, seed=1))
    record["actions"] = [{"seat": 0, "action": "draw"}]
    with pytest.raises(ReplayError) as refused:
        public_positions(record)
    assert refused.value.step == 0


def test_a_hand_runs_from_its_deal_to_the_position_its_last_action_made() -> None:
    views = positions("five-up")
    second = hand_positions(views, 2)
    assert second[0].hand_no == 2 and not second[0].history  # the deal of hand 2
    assert all(v.hand_no == 2 for v in second[:-1]) and second[-1].hand_no == 3
    assert hand_positions(views, 99) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_a_hand_animates_one_frame_a_move_and_ends_on_the_score_sheet(game: str) -> None:
    hand = longest_hand(game)
    gif = render_replay(hand, NAMES_OF[game])
    image, durations = frames(gif)
    assert image.format == "GIF" and image.is_animated and image.info.get("loop") == 0
    assert image.width == WIDTH and image.n_frames == len(hand) + 1  # every position, then the sheet
    assert durations[-1] == LAST_MS == max(durations)
    assert len(gif) < 2 * 1024 * 1024  # the goal for a typical hand: the longest is under it


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_is_sampled_to_the_frame_limit_and_stays_under_the_upload_target(game: str) -> None:
    views = positions(game)
    gif = render_replay(views, NAMES_OF[game], max_frames=60)
    image, _ = frames(gif)
    assert image.n_frames <= 60 and len(views) > 60
    assert len(gif) <= MAX_BYTES


def test_frames_keep_the_ends_and_every_hand_change_and_cover_every_move_once() -> None:
    views = positions("five-up")
    spans = choose_frames(views, 40)
    assert len(spans) <= 40 and spans[0] == (0, 0) and spans[-1][1] == len(views) - 1
    covered = [k for first, last in spans for k in range(first, last + 1)]
    assert covered == list(range(len(views)))
    shown = {last for _, last in spans}
    changes = [k for k in range(1, len(views)) if views[k].hand_no != views[k - 1].hand_no]
    assert all(k in shown and k - 1 in shown for k in changes)
    assert choose_frames(views[:10], 40) == [(k, k) for k in range(10)]


def test_more_hands_than_frames_still_keeps_the_first_and_last() -> None:
    views = positions("five-hundred")
    spans = choose_frames(views, 4)
    assert len(spans) <= 4 and spans[0] == (0, 0) and spans[-1][1] == len(views) - 1


def test_a_byte_limit_is_met_by_drawing_fewer_frames() -> None:
    hand = longest_hand("five-hundred")
    whole = render_replay(hand, NAMES_500, sheet=False)
    small = render_replay(hand, NAMES_500, sheet=False, max_bytes=len(whole) // 3)
    assert len(small) <= len(whole) // 3
    assert frames(small)[0].n_frames < frames(whole)[0].n_frames


@pytest.mark.parametrize("game", list(GAMES))
def test_a_seats_view_is_refused(game: str) -> None:
    *_, end = GAMES[game]()
    state = next(s for s in GAMES[game]() if s.current_seat is not None)
    with pytest.raises(ValueError, match="public view"):
        render_replay([state.view(None), state.view(state.current_seat)], NAMES)
    assert end.view(None).hand is None


def test_no_positions_other_games_or_mismatched_captions_are_refused() -> None:
    with pytest.raises(ValueError):
        render_replay([], NAMES)
    with pytest.raises(ValueError, match="not five-up"):
        render_replay([positions("five-up")[0], positions("domineren")[0]], NAMES)
    with pytest.raises(ValueError, match="captions"):
        render_replay(positions("five-up")[:3], NAMES, captions=["x"])


def test_captions_name_the_move_and_who_did_what(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    views = positions("five-up")[:4]
    render_replay(views, NAMES, sheet=False)
    seat, action, _ = views[3].last
    assert "Move 3" in drawn and f"{NAMES[seat]}: {action}" in drawn
    assert "Hand 1: the deal" in drawn
    drawn.clear()
    render_replay(views, NAMES, sheet=False, captions=[None, "Alice leads the double five", None, None])
    assert "Alice leads the double five" in drawn


def test_merged_frames_say_which_moves_they_stand_for(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    views = positions("five-up")[:30]
    render_replay(views, NAMES, sheet=False, max_frames=5)
    assert any(t.startswith("Moves ") and "–" in t for t in drawn)


def test_a_japanese_summary_is_in_japanese(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    gif = render_replay(longest_hand("domineren"), JAPANESE, "ja")
    assert frames(gif)[0].n_frames > 2
    assert any(t.endswith("手目") for t in drawn)
    assert [t for t in drawn if english_in(t, notation=True)] == []


def test_frames_are_drawn_in_the_house_palette() -> None:
    image, _ = frames(render_replay(positions("five-up")[:3], NAMES, sheet=False))
    image.seek(1)
    used = colours_in(image.convert("RGB"), 1 << 16)
    assert pal.FELT in used and pal.STRIP in used and pal.GOLD in used


@given(
    hands=st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=12),
    max_frames=st.integers(min_value=2, max_value=150),
)
def test_any_sequence_of_hands_is_cut_into_contiguous_frames_within_the_limit(
    hands: list[int], max_frames: int
) -> None:
    views = [SimpleNamespace(hand_no=h + 1) for h, length in enumerate(hands) for _ in range(length)]
    spans = choose_frames(cast(list[View], views), max_frames)  # stand-ins: it reads only the hand number
    assert len(spans) <= max(max_frames, 2)
    assert [k for first, last in spans for k in range(first, last + 1)] == list(range(len(views)))
    changes = [k for k in range(1, len(views)) if views[k].hand_no != views[k - 1].hand_no]
    if 2 * len(changes) + 2 <= max_frames:  # room for every hand's end and the next deal: all kept
        shown = {last for _, last in spans}
        assert all(k in shown and k - 1 in shown for k in changes)


def test_a_caption_with_a_long_name_and_a_long_retelling_fits_its_strip(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = record_drawn_text(monkeypatch)
    views = positions("five-up")[:6]
    long_names = (
        "名前がとても長いプレイヤーさんです本当に長い",
        "Bartholomew Featherstonehaugh-Smythe the Third",
        "C",
        "D",
    )
    retelling = [None, None, "A very long retelling of what happened at this move " * 4, None, None, None]
    render_replay(views, long_names, "ja", sheet=False, captions=retelling)
    captions = [t for t in drawn if "手目" in t] + [t for t in drawn if "：" in t or t.startswith("A very")]
    assert len(captions) >= 6
    assert all(text_width(t, SIZE, False) <= WIDTH - 2 * PAD for t in captions)
    assert any("…" in t for t in captions)
