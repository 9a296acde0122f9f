"""Five Hundred cards as small integers, the decks for 2-6 players and the ranking under each trump
(five-hundred.md §1, §2).

Card id = rank * 4 + suit, with suits in bidding order (S 0, C 1, D 2, H 3) and ranks 2..10, 11, 12, 13,
J 14, Q 15, K 16, A 17, so that a plain sort orders a hand by rank. The joker is 72. The six-player
ranks 11-13 sit between 10 and J: §2's Rec. ranks them naturally (A K Q J 13 12 11 10 ...).
"""

from __future__ import annotations

from ..errors import BadNotation, brief, quoted

SUITS = "SCDH"
NT = 4  # the denomination after the four suits; also the joker's own "suit" at no trump
JACK, QUEEN, KING, ACE = 14, 15, 16, 17
JOKER = 72
RANK_TEXT = {r: str(r) for r in range(2, 14)} | {JACK: "J", QUEEN: "Q", KING: "K", ACE: "A"}
_RANK_OF_TEXT = {text: rank for rank, text in RANK_TEXT.items()}

NAMES: list[str] = [""] * (JOKER + 1)
for _rank, _text in RANK_TEXT.items():
    for _suit, _letter in enumerate(SUITS):
        NAMES[_rank * 4 + _suit] = _text + _letter
NAMES[JOKER] = "JK"


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank_of(c: int) -> int:
    return c >> 2


def suit_of(c: int) -> int:
    """The printed suit (the joker has none: NT)."""
    return NT if c == JOKER else c & 3


def parse_card(text: str) -> int:
    """`10H`, `js`, `JK` to a card id (any rank of the largest deck; the state checks the game's deck)."""
    if not isinstance(text, str):
        raise BadNotation(
            f"{quoted(text)} is not a card (write it like 10H, JS, AD or JK)", "bad_card", text=brief(text)
        )
    t = text.strip().upper()
    if t == "JK":
        return JOKER
    rank = _RANK_OF_TEXT.get(t[:-1])
    suit = SUITS.find(t[-1:]) if t else -1
    if rank is None or suit < 0:
        raise BadNotation(f"{quoted(text)} is not a card (write it like 10H, JS, AD or JK)", "bad_card", text=text)
    return rank * 4 + suit


def deck(players: int, joker: bool, two_player_deck: str = "33_dummy") -> list[int]:
    """The cards of §1 (10·n + 3 with the joker, 33 for two or three players, 25 for Parlett's 2p game)."""
    if players <= 3:
        low = 9 if players == 2 and two_player_deck == "25_widow5" else 7
        cards = [card(r, s) for r in (*range(low, 11), JACK, QUEEN, KING, ACE) for s in range(4)]
    elif players == 4:
        cards = [card(r, s) for r in (*range(4, 11), JACK, QUEEN, KING, ACE) for s in range(4) if r > 4 or s >= 2]
    else:
        ranks = [*range(2, 11), JACK, QUEEN, KING, ACE]
        if players == 6:
            ranks += [11, 12, 13]
        cards = [card(r, s) for r in ranks for s in range(4)]
        if players == 6:
            cards = [c for c in cards if rank_of(c) != 13 or suit_of(c) >= 2]  # 13 in the red suits only
    if joker:
        cards.append(JOKER)
    return sorted(cards)


def left_bower(trump: int) -> int:
    """The jack of the other suit of the trump's colour (S-C and D-H share one), which ranks as a trump."""
    return card(JACK, trump ^ 1)


def _tables(trump: int) -> tuple[list[int], list[int]]:
    """(suit, power) of every card under `trump` (0-3, or NT).

    The suit is the one a card follows as: the joker and the left bower belong to the trump suit, and at
    no trump the joker is alone in its own suit NT, the only trump. Power orders the cards that can win a
    trick: trumps 200 and up (joker > right bower > left bower > A ...), other cards their rank.
    """
    suits = [c & 3 for c in range(JOKER + 1)]
    power = [c >> 2 for c in range(JOKER + 1)]
    suits[JOKER], power[JOKER] = (trump, 300) if trump < NT else (NT, 300)
    if trump < NT:
        for c in range(JOKER):
            if c & 3 == trump:
                power[c] = 200 + (c >> 2)
        right, left = card(JACK, trump), left_bower(trump)
        power[right], power[left] = 299, 298
        suits[left] = trump
    return suits, power


SUIT_TABLES = [_tables(t)[0] for t in range(NT + 1)]
POWER_TABLES = [_tables(t)[1] for t in range(NT + 1)]


def trick_winner(cards: list[int], led: int, trump: int) -> int:
    """Index in `cards` (in playing order) of the card that wins: the highest trump, else the highest
    card of the suit `led` (a joker led at no trump is led as the suit its leader named)."""
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    best, best_power = 0, -1
    for i, c in enumerate(cards):
        s = suits[c]
        p = power[c] if s == led or s == trump else 0
        if p > best_power:
            best, best_power = i, p
    return best


def sort_hand(cards: list[int], trump: int) -> list[int]:
    """Cards grouped by the suit they follow as, trumps last, each group low to high (for display)."""
    suits, power = SUIT_TABLES[trump], POWER_TABLES[trump]
    return sorted(cards, key=lambda c: (suits[c] == trump, suits[c], power[c]))
