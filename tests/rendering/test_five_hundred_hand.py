"""A seat's own Five Hundred hand: every card drawn and labelled within the stated size, sorted by suit
with the trumps (joker and left bower included) grouped once the contract is known; on the seat's turn
the cards it may play stand out, and during its discard the widow cards are marked."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from bot.engine.five_hundred.cards import NAMES as CARD_NAMES
from bot.engine.five_hundred.cards import deck
from rendering import palette as pal
from rendering import render_hand
from rendering.five_hundred import hand
from rendering.five_hundred.cards import JOKER_INK, RED, display_order, ring
from tests.checks import is_a

from .positions import colours_in
from .test_five_hundred_positions import AUCTION, DISCARD, NAMES, NAMES_JA, corpus, sample, stacked


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def colours(image: Image.Image, box: tuple[int, int, int, int]) -> set[tuple[int, int, int]]:
    return colours_in(image.crop(box), 1 << 16)


def body(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The colour of a card's face where nothing is printed: near its bottom-left corner."""
    x0, _, _, y1 = box
    return is_a(tuple, image.getpixel((x0 + hand.CARD_W // 10, y1 - hand.CARD_W // 10)))


def within_limits(png: bytes) -> bool:
    image = decode(png)
    return image.width == hand.WIDTH and image.height <= hand.MAX_HEIGHT and image.mode == "P"


def test_every_variant_draws_its_hands_within_the_stated_size_in_both_languages() -> None:
    views = sample(corpus()["hands"], 10)
    assert max(len(v.hand) for v in views) == hand.MAX_CARDS
    for k, view in enumerate(views):
        names, locale = (NAMES_JA, "ja") if k % 2 else (NAMES, "en")
        assert within_limits(render_hand(view, names, locale)), (view.players, len(view.hand))


@pytest.mark.parametrize("size", [0, 1, 7, 8, 10, 13, 14, 15])
def test_any_hand_up_to_the_largest_fits(size: int) -> None:
    cards = tuple(CARD_NAMES[c] for c in deck(6, True)[:size])
    discarding = stacked(AUCTION).view(1)  # the tallest rows: widow cards are marked under their labels
    view = dataclasses.replace(discarding, hand=cards, taken=cards[:5])
    assert within_limits(render_hand(view, NAMES))
    f = hand.frame(view)
    assert len(f.boxes) == size
    r = ring(hand.CARD_W)
    for x0, y0, x1, y1 in f.boxes:
        assert x0 - r >= 0 and x1 + r <= f.width and y0 - r >= hand.HEAD - hand.RAISE and y1 <= f.height


def test_a_public_view_is_refused() -> None:
    with pytest.raises(ValueError):
        render_hand(stacked().view(None), NAMES)


def test_before_the_contract_cards_sort_by_printed_suit_in_alternating_colours() -> None:
    view = stacked(("6H",)).view(2)  # the auction is on: no trumps yet
    assert hand.frame(view).cards == ("QD", "JD", "10D", "9D", "8D", "7D", "QC", "JC", "10C", "9C")
    assert display_order(("5H", "JK", "AS", "2C", "KD"), None, False) == ["AS", "KD", "2C", "5H", "JK"]


def test_once_trumps_are_known_they_come_last_with_the_joker_and_the_left_bower() -> None:
    view = stacked((*AUCTION, *DISCARD)).view(2)  # hearts: JD, the left bower, is a trump
    assert hand.frame(view).cards == ("QD", "10D", "9D", "8D", "7D", "QC", "JC", "10C", "9C", "JD")
    declarer = stacked((*AUCTION,)).view(1)  # hearts: the widow's 4D 5D 6D joined the diamonds
    assert hand.frame(declarer).cards[:7] == ("AD", "KD", "6D", "5D", "4D", "AC", "KC")
    assert hand.frame(declarer).cards[7:] == ("JH", "AH", "KH", "QH", "10H", "9H")
    assert display_order(("JK", "JS", "AC", "JC", "KS"), "C", True) == ["KS", "JK", "JC", "JS", "AC"]
    # at no trump the joker is the only trump, and the jacks stay in their suits
    assert display_order(("JK", "JS", "JC", "AD"), None, True) == ["JS", "AD", "JC", "JK"]


def test_labels_name_the_cards_as_the_action_select_does() -> None:
    view = stacked((*AUCTION, *DISCARD, "10H")).view(2)
    assert {a.text for a in view.legal} <= set(hand.frame(view).cards)


def test_on_its_turn_the_playable_cards_are_ringed_and_raised_the_others_greyed() -> None:
    view = stacked((*AUCTION, *DISCARD, "10H")).view(2)  # hearts led: seat 2's only heart is JD, the left bower
    assert {a.text for a in view.legal} == {"JD"}
    image = decode(render_hand(view, NAMES)).convert("RGB")
    f = hand.frame(view)
    r = ring(hand.CARD_W)
    tops = {card: y0 for card, (_, y0, _, _) in zip(f.cards, f.boxes, strict=True)}
    assert tops["JD"] + hand.RAISE in {y0 for card, y0 in tops.items() if card != "JD"}  # it sits higher
    for card, (x0, y0, x1, y1) in zip(f.cards, f.boxes, strict=True):
        above = image.getpixel(((x0 + x1) // 2, y0 - r // 2 - 1))
        if card == "JD":
            assert above == pal.GOLD and body(image, (x0, y0, x1, y1)) == pal.IVORY
        else:
            assert above == pal.STRIP and body(image, (x0, y0, x1, y1)) == pal.IVORY_DIM, card


def test_off_turn_every_card_is_plain() -> None:
    view = stacked((*AUCTION, *DISCARD, "10H")).view(0)
    image = decode(render_hand(view, NAMES)).convert("RGB")
    f = hand.frame(view)
    assert len({y0 for _, y0, _, _ in f.boxes}) == -(-len(f.cards) // hand.PER_ROW)  # one level a row
    for x0, y0, x1, y1 in f.boxes:
        assert pal.GOLD not in colours(image, (x0 - 6, y0 - 6, x1 + 6, y1 + 6))
        assert body(image, (x0, y0, x1, y1)) == pal.IVORY


def test_a_free_lead_picks_out_no_card() -> None:
    view = stacked((*AUCTION, *DISCARD)).view(1)  # the declarer leads: any card will do
    assert {a.text for a in view.legal} == set(view.hand)
    f = hand.frame(view)
    assert f.playable == set(view.hand) and not f.raised
    image = decode(render_hand(view, NAMES)).convert("RGB")
    for x0, y0, x1, y1 in f.boxes:
        assert pal.GOLD not in colours(image, (x0 - 6, y0 - 6, x1 + 6, y1 + 6))
        assert body(image, (x0, y0, x1, y1)) == pal.IVORY


def test_during_the_discard_the_widow_cards_just_taken_are_marked() -> None:
    view = stacked(AUCTION).view(1)
    assert view.phase == "discard" and view.discard_count == 3 and len(view.taken) == 3
    image = decode(render_hand(view, NAMES)).convert("RGB")
    f = hand.frame(view)
    assert f.taken == set(view.taken)
    for card, (x0, _, x1, y1) in zip(f.cards, f.boxes, strict=True):
        below = colours(image, (x0, y1 + hand.RAISE, x1, y1 + hand.RAISE + 10 + hand.LABEL + hand.MARK + 6))
        assert (pal.GREEN in below) == (card in view.taken), card
    other = stacked(AUCTION).view(2)  # another player never learns which cards were the widow
    assert other.taken is None
    plain = decode(render_hand(other, NAMES)).convert("RGB")
    assert pal.GREEN not in colours_in(plain, 1 << 16)


def test_trumps_carry_a_brass_star_and_suits_their_colours() -> None:
    view = stacked().view(3)  # hearts are trumps: seat 3 holds the joker, five hearts and four clubs
    image = decode(render_hand(view, NAMES)).convert("RGB")
    f = hand.frame(view)
    w = hand.CARD_W
    for card, (x0, y0, x1, _) in zip(f.cards, f.boxes, strict=True):
        star = image.getpixel((x1 - round(0.2 * w), y0 + round(0.2 * w)))
        assert (star == pal.BRASS) == card.endswith("H"), card
        middle = image.getpixel((x0 + round(0.58 * w), y0 + round(0.94 * w)))
        expected = JOKER_INK if card == "JK" else RED if card.endswith("H") else pal.INK
        if card != "JK":
            assert middle == expected, card
        else:
            assert image.getpixel((x0 + w // 2, y0 + round(0.8 * w))) == expected
