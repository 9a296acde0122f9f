"""Five Hundred positions to draw: games of every variant played by the computer player and by a random
one (who passes more often than not, so that all-pass hands and long games happen), and a stacked deal
whose every card is known, for tests that look at particular pixels. The test here checks that the
corpus reaches every kind of position the images have to show."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from typing import Any

from bot.ai import choose_action
from tests.checks import must
from tests.games import new_five_hundred

NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
NAMES_JA = ("さくら", "たけし・山本", "Łukasz Nguyễn", "名前がとても長いプレイヤーさんです本当に長い", "エミ", "ゆうき")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"two_player_deck": "25_widow5"}),  # a five-card widow: the declarer's 15-card hand
    (2, {"two_player_deck": "25_widow5", "joker": "off"}),
    (3, {}),
    (3, {"joker": "off"}),
    (4, {}),
    (4, {"open_misere_expose": "after_first_trick", "all_pass": "redeal"}),
    (4, {"auction": "uspc_single", "misere_rank": "uspc", "open_misere": "off"}),
    (5, {}),
    (5, {"five_player_partner_reveal": "hidden", "five_player_two_partners_at_8": "on"}),
    (6, {}),  # two teams of three, the 63-card deck with 11, 12 and 13
    (6, {"six_player_teams": "three_of_two", "joker": "off"}),
]


def random_choice(view: Any, rng: random.Random) -> str:
    if view.phase == "auction" and rng.random() < 0.7:
        return "pass"
    legal = [a.text for a in view.legal if a.text != "pass"] or [a.text for a in view.legal]
    return rng.choice(legal)


def states(players: int, options: dict[str, Any], seed: int, computer: bool) -> Iterator[Any]:
    """The state after every action of one game (the same object, changed in place)."""
    state = new_five_hundred("five-hundred", players, options, seed=seed)
    rng = random.Random(seed)
    yield state
    while state.current_seat is not None:
        view = state.view(state.current_seat)
        state.apply(state.current_seat, choose_action(view, rng) if computer else random_choice(view, rng))
        yield state


@cache
def corpus() -> dict[str, list[Any]]:
    """Per config, one game of the computer player and two random ones: every public view, every seat's
    view on its turn, and the final views."""
    boards, hands, finals = [], [], []
    for players, options in CONFIGS:
        for seed, computer in ((0, True), (1, False), (2, False)):
            for state in states(players, options, seed, computer):
                boards.append(state.view(None))
                if state.current_seat is not None:
                    hands.append(state.view(state.current_seat))
            finals.append(state.view(None))
    return {"boards": boards, "hands": hands, "finals": finals}


def sample(views: list[Any], step: int) -> list[Any]:
    """Every `step`-th view, and every view of a rarer kind (exposed, all-pass play, the partner call)."""
    return [
        v
        for k, v in enumerate(views)
        if k % step == 0 or v.exposed or v.phase == "call" or (v.phase == "play" and v.contract is None)
    ]


# Four players, every card placed. Seat 1 (left of the dealer) bids 6 hearts and the others pass; the
# widow gives seat 1 the 4D 5D 6D, which it throws back. Then seat 1 leads 10H, seat 2 plays JD (the left
# bower: a trump, and higher than 10H), seat 3 follows with 5H.
DEAL: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S", "5S"],
        ["JH", "AH", "KH", "QH", "10H", "9H", "AC", "KC", "AD", "KD"],
        ["JD", "QD", "10D", "9D", "8D", "7D", "QC", "JC", "10C", "9C"],
        ["JK", "8H", "7H", "6H", "5H", "4H", "8C", "7C", "6C", "5C"],
    ],
    "widow": ["4D", "5D", "6D"],
}
AUCTION = ("6H", "pass", "pass", "pass")
DISCARD = ("discard 4D 5D 6D",)
PLAYED = (*AUCTION, *DISCARD, "10H", "JD", "5H")


def stacked(actions: tuple[str, ...] = PLAYED, deal: dict = DEAL) -> Any:
    state = new_five_hundred("five-hundred", 4, {}, seed=1, deal=deal)
    for action in actions:
        state.apply(must(state.current_seat), action)
    return state


def test_the_corpus_reaches_every_kind_of_position() -> None:
    c = corpus()
    boards, hands = c["boards"], c["hands"]
    assert {v.players for v in boards} == {2, 3, 4, 5, 6}
    assert any(v.exposed for v in boards)  # an open misère, hand face up
    assert any(v.phase == "play" and v.contract is None for v in boards)  # all passed: played at no trump
    assert any(v.phase == "call" for v in boards) and any(v.called and v.partners for v in boards)
    assert any(v.out for v in boards)  # a partner sitting out a misère
    assert any(card[:-1] in ("11", "12", "13") for v in hands for card in v.hand)  # the six-player ranks
    assert any(len(v.hand) == 15 for v in hands)  # the five-card widow taken
    assert any(any(card.startswith("JK:") for _, card in v.trick) for v in boards)  # a joker led at no trump
    assert not any("JK" in v.hand for v in hands if v.options["joker"] == "off")
    assert all(v.over for v in c["finals"]) and max(len(v.hands) for v in c["finals"]) >= 8


def test_the_stacked_deal_plays_as_described() -> None:
    view = stacked().view(None)
    assert view.contract == "6H" and view.declarer == 1 and view.trump == "H"
    assert view.trick == ((1, "10H"), (2, "JD"), (3, "5H"))
