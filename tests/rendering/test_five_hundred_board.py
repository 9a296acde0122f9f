"""The Five Hundred table image: every variant's positions draw inside the stated size, nothing hidden
ever reaches it, and the pixels a player looks at (the card winning the trick, a red heart, the scores,
the exposed hand, the bids) are where they should be."""

from __future__ import annotations

import dataclasses
import io
import itertools

import pytest
from PIL import Image, ImageChops

from bot.engine.five_hundred.state import FiveHundredState
from bot.i18n import catalogue
from rendering import palette as pal
from rendering import render_board
from rendering.chips import chip_box, header_height
from rendering.five_hundred import board
from rendering.five_hundred.cards import RED, card_height, ring
from rendering.text import covered
from tests.checks import must
from tests.games import new_five_hundred

from .positions import colours_in
from .test_five_hundred_positions import AUCTION, DEAL, DISCARD, NAMES, NAMES_JA, PLAYED, corpus, sample, stacked


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def rgb(png: bytes) -> Image.Image:
    return decode(png).convert("RGB")


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return colours_in(image.crop(box), 1 << 16)


def test_every_variant_draws_within_the_stated_size_in_both_languages() -> None:
    for k, view in enumerate(sample(corpus()["boards"], 10)):
        names, locale = (NAMES_JA, "ja") if k % 2 else (NAMES, "en")
        image = decode(render_board(view, names, locale, show_previous=k % 3 == 0))
        assert image.mode == "P" and image.width == board.WIDTH == 960
        assert board.MIN_HEIGHT <= image.height <= board.MAX_HEIGHT, (view.players, view.phase)
        assert image.height == board.frame(view).height


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_seats_cards_and_bids_never_overlap_and_stay_on_the_table(players: int) -> None:
    view = next(v for v in corpus()["boards"] if v.players == players and v.exposed is None)
    f = board.frame(view)
    r = ring(board.CARD_W)
    table = (0, f.table_top, f.width, f.table_top + board.TABLE)
    boxes = list(f.plates)
    boxes += [(x0 - r, y0 - r, x1 + r, y1 + r) for x0, y0, x1, y1 in map(f.card_box, range(players))]
    bubbles = [f.bubble_box(s, f.bids[s][2]) for s in range(players)]
    for x0, y0, x1, y1 in boxes + bubbles:
        assert table[0] <= x0 and x1 <= table[2] and table[1] <= y0 and y1 <= table[3]
    for a, b in itertools.combinations(boxes, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for a, b in itertools.product(bubbles, f.plates):  # bids lie where cards would, clear of the seats
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for a, b in itertools.combinations(bubbles, 2):
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    assert card_height(board.CARD_W) > board.CARD_W  # upright cards


def test_a_private_view_is_refused_so_no_hidden_card_can_reach_the_table() -> None:
    state = stacked()
    with pytest.raises(ValueError):
        render_board(state.view(1), NAMES)
    with pytest.raises(ValueError):
        board.render(state.view(1), NAMES, "en")


def test_the_public_image_shows_nothing_of_the_hidden_cards() -> None:
    # Seat 0 and seat 3 swap two cards nobody has played: only they can tell the deals apart.
    other = {**DEAL, "hands": [list(h) for h in DEAL["hands"]]}
    other["hands"][0][9], other["hands"][3][9] = DEAL["hands"][3][9], DEAL["hands"][0][9]
    for actions in ((), ("6H", "pass"), (*AUCTION, *DISCARD), PLAYED, (*PLAYED, "9S")):
        a, b = stacked(actions), stacked(actions, other)
        assert a.view(0).hand != b.view(0).hand
        for previous in (False, True):
            assert render_board(a.view(None), NAMES, show_previous=previous) == render_board(
                b.view(None), NAMES, show_previous=previous
            )


def test_the_card_winning_the_trick_is_ringed_in_gold_and_the_others_are_not() -> None:
    view = stacked().view(None)  # 10H, then JD (the left bower) beats it, then 5H
    assert board.winning(view.trick, board.trump_index(view)) == 1
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    r = ring(board.CARD_W)
    for seat in (1, 2, 3):
        x0, y0, x1, _ = f.card_box(seat)
        above = image.getpixel(((x0 + x1) // 2, y0 - r // 2 - 1))
        assert (above == pal.GOLD) == (seat == 2), seat


def test_a_heart_is_red_and_a_spade_black_on_the_table() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    x0, y0, _, _ = f.card_box(1)  # 10H: the large heart sits at 58% across, 94% of the width down
    w = board.CARD_W
    assert image.getpixel((x0 + round(0.58 * w), y0 + round(0.94 * w))) == RED
    lead = stacked((*AUCTION, *DISCARD, "AC")).view(None)
    x0, y0, _, _ = board.frame(lead).card_box(1)
    image = rgb(render_board(lead, NAMES))
    assert image.getpixel((x0 + round(0.58 * w), y0 + round(0.94 * w))) == pal.INK


def test_the_previous_trick_is_shown_on_request_with_its_winner_ringed() -> None:
    view = stacked((*PLAYED, "9S")).view(None)  # seat 0 plays last: seat 2 wins the first trick with JD
    assert view.trick == () and view.last_trick_winner == 2
    f = board.frame(view)
    now, before = rgb(render_board(view, NAMES)), rgb(render_board(view, NAMES, show_previous=True))
    r = ring(board.CARD_W)
    for seat in range(4):
        box = f.card_box(seat)
        assert pal.IVORY not in colours(now, box)  # no card in front of anyone: a new trick to lead
        assert pal.IVORY in colours(before, box)
        x0, y0, x1, _ = box
        assert (before.getpixel(((x0 + x1) // 2, y0 - r // 2 - 1)) == pal.GOLD) == (seat == 2)


def test_the_score_is_drawn_in_its_side_chip() -> None:
    view = stacked().view(None)
    before = rgb(render_board(view, NAMES))
    after = rgb(render_board(dataclasses.replace(view, scores=(0, 370)), NAMES))
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    chip = chip_box(view, 1, board.WIDTH)
    x0, y0, x1, y1 = changed  # only the second side's score changed, inside the right half of its chip
    assert (chip[0] + chip[2]) // 2 <= x0 and x1 <= chip[2] and chip[1] <= y0 and y1 <= chip[3]
    assert pal.WHITE in colours(after, changed)


def test_the_contract_band_names_the_contract_and_the_declarer() -> None:
    view = stacked().view(None)
    image = rgb(render_board(view, NAMES))
    top = header_height(view)
    band = colours(image, (0, top, board.WIDTH // 2, top + board.BAND))
    assert pal.IVORY in band and RED in band  # the 6♥ tag
    assert pal.GOLD in colours(image, (board.WIDTH // 2, top, board.WIDTH, top + board.BAND))  # trumps, tricks


def test_an_exposed_open_misere_hand_lies_face_up_below_the_table() -> None:
    exposed = next(v for v in corpus()["boards"] if v.exposed and len(v.exposed) >= 5)
    f = board.frame(exposed)
    assert (
        f.exposed_top is not None
        and f.height == board.frame(dataclasses.replace(exposed, exposed=None)).height + board.EXPOSED
    )
    image = rgb(render_board(exposed, NAMES))
    strip = (board.PAD, f.exposed_top + 42, board.WIDTH - board.PAD, f.exposed_top + 42 + card_height(board.EXPOSED_W))
    found = colours(image, strip)
    assert pal.IVORY in found and (RED in found or pal.INK in found)


def test_during_the_auction_each_seat_shows_its_bids() -> None:
    view = stacked(("6H", "pass")).view(None)  # seat 1 bid, seat 2 passed, seats 3 and 0 not yet
    image = rgb(render_board(view, NAMES))
    f = board.frame(view)
    assert RED in colours(image, f.bubble_box(1, f.bids[1][2]))  # the 6♥ tag
    assert pal.GREY in colours(image, f.bubble_box(2, f.bids[2][2]))  # "pass"
    assert pal.FELT_DARK not in colours(image, f.bubble_box(3, 20))


def test_japanese_names_and_words_render_in_the_bundled_fonts() -> None:
    view = stacked().view(None)
    english, japanese = render_board(view, NAMES), render_board(view, NAMES_JA, "ja")
    assert english != japanese
    assert decode(japanese).size == decode(english).size
    for locale in ("en", "ja"):  # every word the images draw, in the main (Japanese) font's own glyphs
        words = "".join(v for k, v in catalogue(locale).items() if k.startswith("image.500."))
        assert {ch for ch in words if not (covered(ch) and covered(ch, True))} == set()


def _through_hand_one() -> tuple[FiveHundredState, list[tuple[int, str]]]:
    """A four-player game just after its first hand (all passed, played out at no trump), and its plays."""

    state = new_five_hundred("five-hundred", 4, {}, seed=3)
    played: list[tuple[int, str]] = []
    while state.hand_no == 1:
        seat = must(state.current_seat)
        action = next(a for a in state.view(seat).legal if a.kind != "bid")
        state.apply(seat, action.text)
        if action.kind == "play":
            played.append((seat, action.text))
    return state, played


def test_the_last_trick_of_a_hand_lies_on_the_table_until_the_next_deals_first_bid() -> None:
    state, played = _through_hand_one()
    view = state.view(None)
    trick, winner, number = must(board.closing_trick(view))
    assert list(trick) == played[-4:] and number == 1
    f = board.frame(view)
    image = rgb(render_board(view, NAMES))
    r = ring(board.CARD_W)
    for seat in range(4):
        box = f.card_box(seat)
        assert pal.IVORY in colours(image, box)  # the tenth trick's cards, face up
        x0, y0, x1, _ = box
        assert (image.getpixel(((x0 + x1) // 2, y0 - r // 2 - 1)) == pal.GOLD) == (seat == winner)
    state.apply(must(state.current_seat), next(a.text for a in state.view(state.current_seat).legal if a.kind == "bid"))
    bid = rgb(render_board(state.view(None), NAMES))
    x0, y0, x1, _ = f.card_box(must(winner))
    assert bid.getpixel(((x0 + x1) // 2, y0 - r // 2 - 1)) != pal.GOLD  # the bids now, not the old trick
