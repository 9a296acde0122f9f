"""Five Hundred's board lines, told from the engine's events: a bid and a card are written alike (`7H`), so
only the events say which an action was; a partner is named once, when first known; a trick is told by the
action that completed it, naming the seat that took it."""

from __future__ import annotations

import itertools

from bot.engine import new_game
from bot.engine.five_hundred import LegalAction
from bot.engine.five_hundred.view import FiveHundredView
from presenters import presenter
from presenters.five_hundred import card_label
from tests.checks import is_a, must

from .playing import NAMES, playout

HIDDEN_PAIRS = {"five_player_partner_reveal": "hidden", "five_player_two_partners_at_8": "on"}


def test_a_bid_is_told_as_a_bid_and_a_card_as_a_card() -> None:
    for told in itertools.chain(playout("five-hundred", 4, 1), playout("five-hundred", 3, 2)):
        player = NAMES[told.note.seat]
        if "bid" in told.kinds():
            assert told.line.startswith(f"**{player}** bid "), told.line
        elif "play" in told.kinds():
            assert told.line.startswith(f"**{player}** played "), told.line


def test_a_bid_named_like_the_last_card_of_the_hand_before_takes_no_trick() -> None:
    """The seat that played 10♦ last in a hand bids 10♦ in the next: no trick is told with the bid (the
    hand's last trick is the hand result's)."""
    found = 0
    for seed in range(40):
        last_card: dict[int, str] = {}
        for told in playout("five-hundred", 3, seed):
            if "bid" in told.kinds() and last_card.get(told.note.seat) == told.note.action:
                found += 1
                assert "takes the trick" not in told.line, told.line
            if "play" in told.kinds():
                last_card = {told.note.seat: told.note.action}
    assert found


def test_every_trick_is_told_once_by_the_card_that_completed_it_naming_its_winner() -> None:
    tricks = 0
    for told in playout("five-hundred", 4, 3):
        taken = [e for e in told.note.events if e.kind == "trick"]
        if taken:
            tricks += 1
            assert told.line.endswith(f"**{NAMES[must(taken[0].seat)]}** takes the trick."), told.line
        else:
            assert "takes the trick" not in told.line
    assert tricks >= 10


def test_a_hidden_partner_is_named_when_their_first_called_card_is_played_and_only_then() -> None:
    """Five players, two partner cards called, the partner kept hidden until they play one: one seat may
    hold both cards, and is named with the first."""
    named_twice_checked = False
    for seed in range(30):
        named: dict[int, set[int]] = {}  # hand -> partners named in it
        hand = 1
        for told in playout("five-hundred", 5, seed, HIDDEN_PAIRS):
            partners = [e for e in told.note.events if e.kind == "partner"]
            view = is_a(FiveHundredView, told.note.view)
            if partners:
                [seat] = partners[0].data["seats"]
                assert seat not in named.setdefault(hand, set())
                named[hand].add(seat)
                who = NAMES[partners[0].data["declarer"]]
                assert f"Partner of **{who}**: **{NAMES[seat]}**." in told.line
            else:
                assert "Partner of" not in told.line, told.line
                if "play" in told.kinds() and told.note.action in view.called and told.note.seat in named.get(hand, ()):
                    named_twice_checked = True  # the second called card of a partner already named
            if told.hands:
                hand += 1
    assert named_twice_checked


def test_the_left_bower_is_named_as_a_trump_from_the_engine_s_rule() -> None:
    assert card_label("JD", "en", "H") == "J♦ (left bower)"
    assert card_label("JC", "en", "S") == "J♣ (left bower)"
    assert card_label("JH", "en", "H") == "J♥" and card_label("JD", "en", None) == "J♦"


def test_a_move_is_labelled_by_its_kind() -> None:
    state = new_game("five-hundred", 4, seed=5)
    view = state.view(state.current_seat)
    words = presenter("five-hundred")
    labels = {e.text: words.move_label(e, "en", view=view)[0] for e in view.legal if isinstance(e, LegalAction)}
    assert labels["pass"] == "Pass" and labels["7NT"] == "7 No Trumps" and labels["6S"] == "6♠"
