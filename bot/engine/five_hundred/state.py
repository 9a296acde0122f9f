"""The state of one Five Hundred game, from the first deal to the end at 500 (five-hundred.md §3-§10).

A hand runs through four phases: the auction, the declarer's discard after taking the widow, the
five-player partner call, and ten tricks. Everything is checked before anything changes, so an illegal
action leaves the state as it was; stacked deals are checked when the game is created.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

from ..base import Event, GameState, HandResult, Step, sides_index
from ..errors import BadRecord, GameOver, IllegalAction, MustFollow, NotInHand, NotYourTurn
from ..shapes import check_fields, parse_hands, parse_items, seat_field
from . import scoring
from .cards import JOKER, NAMES, NT, POWER_TABLES, SUIT_TABLES, SUITS, deck, parse_card, trick_winner
from .notation import JOKER_LEADS, PASS, PLAYS, SOLO, Action, Call, Discard, Play, parse
from .rules import HAND_SIZE, OPEN_MISERE, TRICKS, Bid, bid_value, ladder, layout, sides_for
from .view import FiveHundredView, build_view

AUCTION, DISCARD, CALL, PLAY = "auction", "discard", "call", "play"
_DEAL_KEYS = ("dealer", "hands", "widow", "dummy")
_SUIT_NAMES = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}


class FiveHundredState(GameState):
    # A trick gathered shows its cards' fate; the auction's end gives the declarer the widow; a call, or a
    # card that shows the partner, says who holds what; an open misère lays a hand down.
    REVEALING = GameState.REVEALING | {"trick", "contract", "partner", "expose"}

    def __init__(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        deals: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        self.game_id = game_id
        self.players = players
        self.options = options
        self.seed = seed
        self.sides = sides_for(players, options)
        self.side_of = sides_index(self.sides, players)
        self.team_play = players != 5  # the five-player partner is called each hand, not seated
        self.layout = layout(players, options)
        self.deck = deck(players, options["joker"] == "on", options["two_player_deck"])
        self.ladder = ladder(options)
        self.bid_rank = {bid: i for i, bid in enumerate(self.ladder)}
        self.single_bid = options["auction"] == "uspc_single"
        self.expose_first = options["open_misere_expose"] == "before_first_lead"
        self.zero = (0,) * len(self.sides)
        self.rng = random.Random(seed)
        self._rng_shared = False  # clones share the generator until one of them draws from it
        stacked = [self._parse_deal(i, d) for i, d in enumerate(deals)]
        first = stacked[0][3] if stacked and stacked[0][3] is not None else None
        if first is None:
            first = self.rng.randrange(players)
        for i, (_, _, _, dealer) in enumerate(stacked):
            if dealer is not None and dealer != (first + i) % players:
                raise BadRecord(
                    f"deal {i + 1}: the deal passes clockwise, so seat {(first + i) % players} deals it, "
                    f"not seat {dealer}"
                )
        self._stacked = stacked
        self.steps: list[Step] = []
        self.hands: list[HandResult] = []
        self.scores = [0] * len(self.sides)
        self.winner: tuple[int, ...] | None = None
        self.game_points: list[int] | None = None
        self.hand_no = 0
        self._legal: list[Any] = []
        self._legal_turn = -1
        # A search's copy that stops at the end of the hand sets this False: the hand is scored (and the
        # game may end) but the next hand is not dealt (the copy is done with).
        self.deal_next_hand = True
        self._start_hand(first)

    # -- dealing ----------------------------------------------------------------------------------------------
    def _parse_deal(
        self, index: int, deal: Mapping[str, Any]
    ) -> tuple[list[list[int]] | None, list[int], list[int], int | None]:
        where = f"deal {index + 1}"
        check_fields(where, deal, _DEAL_KEYS)
        dealer = seat_field(where, deal, "dealer", self.players)
        if "hands" not in deal:
            if "widow" in deal or "dummy" in deal:
                raise BadRecord(f"{where}: a widow or dummy without hands")
            return None, [], [], dealer
        lay = self.layout
        if "dummy" in deal and not lay.dummy:
            raise BadRecord(f"{where}: only the two-player 33-card game sets a dummy hand aside")
        hands = parse_hands(where, deal["hands"], lay.hands, "card", "10H", parse_card)
        widow = parse_items(where, deal.get("widow", []), "the widow", "card", "10H", parse_card)
        dummy = parse_items(where, deal.get("dummy", []), "the dummy", "card", "10H", parse_card)
        for seat, hand in enumerate(hands):
            if len(hand) != HAND_SIZE:
                raise BadRecord(f"{where}: seat {seat} has {len(hand)} cards, the rules deal {HAND_SIZE}")
        if len(widow) != lay.widow:
            raise BadRecord(f"{where}: the widow has {len(widow)} cards, the rules deal {lay.widow}")
        if lay.dummy and len(dummy) != HAND_SIZE:
            raise BadRecord(f"{where}: the dummy has {len(dummy)} cards, the rules deal {HAND_SIZE}")
        used = [c for hand in hands for c in hand] + widow + dummy
        in_deck = set(self.deck)
        strange = [NAMES[c] for c in used if c not in in_deck]
        if strange:
            raise BadRecord(f"{where}: not in this game's deck: {', '.join(strange)}")
        if len(set(used)) != len(used):
            dup = next(c for c in used if used.count(c) > 1)
            raise BadRecord(f"{where}: {NAMES[dup]} is dealt twice")
        missing = in_deck - set(used)
        if missing:
            raise BadRecord(f"{where}: cards missing from the deal: {', '.join(NAMES[c] for c in sorted(missing))}")
        return [sorted(h) for h in hands], widow, sorted(dummy), dealer

    def _start_hand(self, dealer: int) -> None:
        hands = None
        if self._stacked:
            hands, widow, dummy, _ = self._stacked.pop(0)
        if hands is None:
            cards = self.deck[:]
            self._own_rng().shuffle(cards)
            lay = self.layout
            hands = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(lay.hands)]
            rest = cards[lay.hands * HAND_SIZE :]
            dummy = sorted(rest[:HAND_SIZE]) if lay.dummy else []
            widow = rest[HAND_SIZE:] if lay.dummy else rest
        self.hand_no += 1
        self.hand_start = len(self.steps)  # this hand's actions are steps[hand_start:] (`view.history`)
        self.dealer = dealer
        self.in_hand = hands
        self.widow = widow
        self.dummy = dummy
        self.discards: list[int] = []
        self.taken: list[int] = []  # the widow the declarer picked up, shown to him while he discards
        self.discard_count = 0
        self.phase = AUCTION
        self.auction: list[tuple[int, Action]] = []
        self.bidding = [True] * self.players
        self.high: Bid | None = None
        self.high_seat: int | None = None
        self.high_rank = -1
        self.current = (dealer + 1) % self.players
        self.contract: Bid | None = None
        self.declarer: int | None = None
        self.declaring: tuple[int, ...] = ()  # the seats playing the contract
        self.called: tuple[int, ...] = ()
        self.solo = False
        self.revealed: set[int] = set()  # partners everyone knows (five players)
        self.out: tuple[int, ...] = ()
        self.exposed = False
        self.trump = NT
        self.suits = SUIT_TABLES[NT]
        self.power = POWER_TABLES[NT]
        self.trick: list[int] = []  # cards of the current trick, in playing order
        self.trick_seats: list[int] = []
        self.led = -1
        self.leader: int | None = None
        self.tricks_won = [0] * self.players
        self.trick_winners: list[int] = []
        self._last_trick: tuple[Any, ...] = ()  # (cards, seats, led) of the last trick, shown by `last_trick`
        self.next_seat: list[int] = []
        self.trick_size = self.players

    # -- who acts ---------------------------------------------------------------------------------------------
    # -- legal actions ----------------------------------------------------------------------------------------
    def _compute_legal(self, seat: int) -> list[Any]:
        phase = self.phase
        hand = self.in_hand[seat]
        acts: list[Action]
        if phase == PLAY:
            if self.trick:
                led, suits = self.led, self.suits
                acts = [PLAYS[c] for c in hand if suits[c] == led] or [PLAYS[c] for c in hand]
            elif self.trump == NT and JOKER in hand:
                acts = [*(PLAYS[c] for c in hand if c != JOKER), *JOKER_LEADS]
            else:
                acts = [PLAYS[c] for c in hand]
        elif phase == AUCTION:
            acts = [*self.ladder[self.high_rank + 1 :], PASS]
        elif phase == DISCARD:
            acts = list(map(Discard, combinations(hand, self.discard_count)))
        else:
            acts = self._calls(hand)
        return acts

    def _callable(self, hand: list[int]) -> list[int]:
        """Cards the declarer may name (§10 Rec.): not his, not discarded, not a trump; highest first."""
        mine = set(hand) | set(self.discards)
        trump, suits = self.trump, self.suits
        return [c for c in reversed(self.deck) if c not in mine and suits[c] != trump]

    def _two_partners(self) -> bool:
        contract = self.contract
        return self.options["five_player_two_partners_at_8"] == "on" and contract is not None and contract[0] >= 8

    def _calls(self, hand: list[int]) -> list[Any]:
        cards = self._callable(hand)
        acts: list[Any] = [Call((c,)) for c in cards]
        if self._two_partners():
            acts += [Call(pair) for pair in combinations(cards, 2)]
        acts.append(SOLO)
        return acts

    # -- applying ---------------------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        return parse(text, bidding=self.phase == AUCTION)

    def format_action(self, action: Any) -> str:
        return str(action)

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.winner is not None:
            raise GameOver("the game is over", "game_over")
        if type(seat) is not int or seat != self.current:
            if self.phase == AUCTION and type(seat) is int and 0 <= seat < self.players and not self.bidding[seat]:
                raise IllegalAction("you passed and are out of this auction", "passed_out")
            raise NotYourTurn(
                f"it is seat {self.current}'s turn, not seat {seat}'s", "not_your_turn", seat=self.current
            )
        if type(action) is str:
            action = parse(action, bidding=self.phase == AUCTION)
        phase = self.phase
        if phase == PLAY:
            if type(action) is not Play or action not in self.legal_actions(seat):
                self._refuse_play(seat, action)
            events = self._play(seat, action)
        elif phase == AUCTION:
            self._check_bid(action)
            events = self._bid(seat, action)
        elif phase == DISCARD:
            self._check_discard(seat, action)
            events = self._discard(seat, action)
        else:
            self._check_call(seat, action)
            events = self._call(seat, action)
        self.last_events = events
        return events

    def _wrong_phase(self, action: Any) -> None:
        what = {AUCTION: "bid or pass", DISCARD: "discard", CALL: "call a partner's card or play solo"}
        want = what.get(self.phase, "play a card")
        raise IllegalAction(f"{action} is not an action now: {want}", f"expect_{self.phase}", action=str(action))

    def _record(self, seat: int, action: Any) -> None:
        self.steps.append(Step(seat, action, self.zero))

    # -- the auction (§4) ---------------------------------------------------------------------------------------
    def _check_bid(self, action: Any) -> None:
        if action is PASS or action == PASS:
            return
        if not isinstance(action, Bid):
            self._wrong_phase(action)
        rank = self.bid_rank.get(action)
        if rank is None:
            raise IllegalAction(f"{action} is not a bid in this game's options", "bid_not_allowed", bid=str(action))
        if rank <= self.high_rank:
            raise IllegalAction(
                f"{action} does not beat {self.high}", "bid_too_low", bid=str(action), high=str(self.high)
            )

    def _bid(self, seat: int, action: Any) -> list[Event]:
        n = self.players
        self._record(seat, action)
        self.auction.append((seat, action))
        if action == PASS:
            self.bidding[seat] = False
            events = [Event("pass", seat, None)]
        else:
            self.high, self.high_seat, self.high_rank = action, seat, self.bid_rank[action]
            events = [Event("bid", seat, {"bid": str(action)})]
        if self.single_bid:
            if len(self.auction) < n:
                self.current = (seat + 1) % n
                return events
        else:
            left = [s for s in range(n) if self.bidding[s]]
            if left and left != [self.high_seat]:
                s = (seat + 1) % n
                while not self.bidding[s]:
                    s = (s + 1) % n
                self.current = s
                return events
        if self.high is None:
            self._all_pass(events)
        else:
            self._win_auction(events)
        return events

    def _win_auction(self, events: list[Event]) -> None:
        contract, declarer = self.high, self.high_seat
        assert contract is not None and declarer is not None
        self.contract, self.declarer = contract, declarer
        self.trump = contract.trump
        self.suits, self.power = SUIT_TABLES[self.trump], POWER_TABLES[self.trump]
        team = self.sides[self.side_of[declarer]] if self.team_play else (declarer,)
        self.declaring = team
        if contract.misere:  # §6: the declarer's partners lay their hands down and do not play
            self.out = tuple(s for s in team if s != declarer)
            self.solo = not self.team_play  # §10 Rec.: five-player misère is always solo, with no call
        hand = self.in_hand[declarer]
        hand.extend(self.widow)
        hand.sort()
        self.discard_count = len(self.widow)
        self.taken = sorted(self.widow)
        self.widow = []
        self.phase = DISCARD
        self.current = declarer
        events.append(Event("contract", declarer, {"contract": str(contract), "widow": self.discard_count}))

    def _all_pass(self, events: list[Event]) -> None:
        if self.options["all_pass"] == "redeal":  # USPC: no play; the next dealer deals
            self._end_hand("all-pass", list(self.zero), None, events)
        else:  # Parlett: no trump, no declarer, the widow unused, left of the dealer leads
            self._start_play((self.dealer + 1) % self.players, events)

    # -- the widow and the call (§5, §10) ---------------------------------------------------------------------
    def _check_discard(self, seat: int, action: Any) -> None:
        if not isinstance(action, Discard):
            self._wrong_phase(action)
        count = self.discard_count
        if len(set(action)) != len(action):
            raise IllegalAction("a card is named twice", "card_twice")
        if len(action) != count:
            raise IllegalAction(
                f"discard exactly {count} cards, not {len(action)}", "discard_count", count=count, given=len(action)
            )
        hand = self.in_hand[seat]
        for c in action:
            if c not in hand:
                raise NotInHand(f"you do not hold {NAMES[c]}", "card_not_in_hand", card=NAMES[c])

    def _discard(self, seat: int, action: Discard) -> list[Event]:
        hand = self.in_hand[seat]
        for c in action:
            hand.remove(c)
        self.discards = list(action)
        self._record(seat, action)
        events = [Event("discard", seat, {"count": len(action)})]
        if self.players == 5 and not self.contract.misere:  # type: ignore[union-attr]
            self.phase = CALL
        else:
            self._start_play(seat, events)
        return events

    def _check_call(self, seat: int, action: Any) -> None:
        if action is SOLO or action == SOLO:
            return
        if not isinstance(action, Call):
            self._wrong_phase(action)
        most = 2 if self._two_partners() else 1
        if len(set(action)) != len(action):
            raise IllegalAction("a card is named twice", "card_twice")
        if not 0 < len(action) <= most:
            why = "two partners only with a contract of 8 or more" if most == 2 else "one partner card"
            raise IllegalAction(f"call {why}", "call_count", most=most)
        hand = self.in_hand[seat]
        for c in action:
            name = NAMES[c]
            if c not in self.deck:
                raise IllegalAction(f"{name} is not in this deck", "card_not_in_deck", card=name)
            if c in hand:
                raise IllegalAction(f"you hold {name} yourself: call a card you do not hold", "call_own", card=name)
            if c in self.discards:
                raise IllegalAction(f"you discarded {name}: call a card someone holds", "call_discarded", card=name)
            if self.suits[c] == self.trump:
                raise IllegalAction(f"{name} is a trump: call a card that is not", "call_trump", card=name)

    def _call(self, seat: int, action: Any) -> list[Event]:
        self._record(seat, SOLO if action == SOLO else action)
        if action == SOLO:
            self.solo = True
            events = [Event("solo", seat, None)]
        else:
            self.called = tuple(action)
            holders = sorted({s for c in action for s in range(self.players) if c in self.in_hand[s]})
            self.declaring = (seat, *holders)
            events = [Event("call", seat, {"cards": [NAMES[c] for c in action]})]
            if self.options["five_player_partner_reveal"] == "immediate":
                self.revealed.update(holders)
                events.append(Event("partner", None, {"seats": holders, "declarer": seat}))
        self._start_play(seat, events)
        return events

    # -- play (§6) ----------------------------------------------------------------------------------------------
    def _start_play(self, leader: int, events: list[Event]) -> None:
        n = self.players
        active = [s for s in range(n) if s not in self.out]
        self.next_seat = [active[(active.index(s) + 1) % len(active)] if s in active else -1 for s in range(n)]
        self.trick_size = len(active)
        self.phase = PLAY
        self.current = self.leader = leader
        contract = self.contract
        if contract is not None and contract[1] == OPEN_MISERE and self.expose_first:
            self._expose(events)

    def _expose(self, events: list[Event]) -> None:
        self.exposed = True
        hand = self.in_hand[self.declarer]  # type: ignore[index]
        events.append(Event("expose", self.declarer, {"cards": [NAMES[c] for c in hand]}))

    def _refuse_play(self, seat: int, action: Any) -> None:
        if not isinstance(action, Play):
            self._wrong_phase(action)
        hand = self.in_hand[seat]
        name = NAMES[action.card]
        if action.card not in hand:
            if action.card not in self.deck:
                raise NotInHand(f"there is no {name} in this deck", "card_not_in_deck", card=name)
            raise NotInHand(f"you do not hold {name}", "card_not_in_hand", card=name)
        at_nt_lead = not self.trick and self.trump == NT and action.card == JOKER
        if at_nt_lead and action.named < 0:
            raise IllegalAction("name the suit the joker stands for, like JK:H", "name_joker_suit")
        if action.named >= 0 and not at_nt_lead:
            raise IllegalAction("only the joker led at no trump names a suit: play JK", "joker_suit_not_led")
        # a trick is led by a card of a suit, or by the joker named as one: `led` is always a suit here
        suit, name = SUITS[self.led], _SUIT_NAMES[SUITS[self.led]]
        if action.card == JOKER and self.trump == NT:
            raise MustFollow(
                f"the joker may be played only when you cannot follow {name}", "joker_void_only", suit=suit
            )
        raise MustFollow(f"you must follow {name}", "must_follow", suit=suit)

    def shown_trick(self) -> tuple[tuple[int, str], ...]:
        """The current trick as (seat, card), a joker led at no trump with the suit it was named."""
        return self._shown(self.trick, self.trick_seats, self.led)

    @property
    def last_trick(self) -> tuple[tuple[int, str], ...]:
        """The previous trick as `shown_trick` shows it (built only when a view asks)."""
        return self._shown(*self._last_trick) if self._last_trick else ()

    def _shown(self, trick: list[int], seats: list[int], led: int) -> tuple[tuple[int, str], ...]:
        shown = [(s, NAMES[c]) for s, c in zip(seats, trick, strict=True)]
        if shown and trick[0] == JOKER and self.trump == NT:
            shown[0] = (shown[0][0], f"JK:{SUITS[led]}")
        return tuple(shown)

    def _own_rng(self) -> random.Random:
        """The generator, copied first if it is still shared with a clone (so neither moves the other's)."""
        if self._rng_shared:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._rng_shared = False
        return self.rng

    def play_card(self, seat: int, card: int, named: int = -1) -> None:
        """A search's fast play: `card` from the hand of `seat`, whose turn it is in the play, `named` the suit
        of a joker led at no trump. Nothing is checked and no event is made (but at the end of a trick):
        for playouts, whose policy picks among the legal cards itself; everything else goes through
        `apply`, which this play otherwise equals (`_play` below, step for step)."""
        self.in_hand[seat].remove(card)
        trick = self.trick
        if not trick:
            self.led = named if named >= 0 else self.suits[card]
        trick.append(card)
        self.trick_seats.append(seat)
        self.steps.append(Step(seat, PLAYS[card] if named < 0 else JOKER_LEADS[named], self.zero))
        if card in self.called and seat not in self.revealed:
            self.revealed.add(seat)
        if len(trick) < self.trick_size:
            self.current = self.next_seat[seat]
            return
        self._end_trick([])

    def declare(self, seat: int, bid: Bid) -> None:
        """A search's shortcut through the auction: it ends now, `seat` declaring `bid` (any bid of the
        ladder) as if everyone else had passed; the declarer then takes the widow and discards as usual.
        The auction record keeps only the bids made so far, so this is for copies a search throws away."""
        self.high, self.high_seat, self.high_rank = bid, seat, self.bid_rank[bid]
        self._win_auction([])

    def _play(self, seat: int, action: Play) -> list[Event]:
        c = action.card
        self.in_hand[seat].remove(c)
        trick = self.trick
        if not trick:
            self.led = action.named if action.named >= 0 else self.suits[c]
        trick.append(c)
        self.trick_seats.append(seat)
        self.steps.append(Step(seat, action, self.zero))
        events = [Event("play", seat, {"card": str(action)})]
        if c in self.called and seat not in self.revealed:
            self.revealed.add(seat)
            events.append(Event("partner", None, {"seats": [seat], "declarer": self.declarer}))
        if len(trick) < self.trick_size:
            self.current = self.next_seat[seat]
            return events
        self._end_trick(events)
        return events

    def _end_trick(self, events: list[Event]) -> None:
        trick = self.trick
        best = trick_winner(trick, self.led, self.trump)
        winner = self.trick_seats[best]
        self.tricks_won[winner] += 1
        self.trick_winners.append(winner)
        self._last_trick = (trick, self.trick_seats, self.led)
        self.trick = []
        self.trick_seats = []
        events.append(Event("trick", winner, {"number": len(self.trick_winners)}))
        if len(self.trick_winners) == TRICKS:
            self._score_hand(events)
            return
        self.current = self.leader = winner
        if (
            len(self.trick_winners) == 1
            and self.contract is not None
            and self.contract[1] == OPEN_MISERE
            and not self.expose_first
        ):
            self._expose(events)

    # -- end of a hand and of the game (§7-§9) ------------------------------------------------------------------
    def _score_hand(self, events: list[Event]) -> None:
        self._end_hand(*self._hand_points(), events)

    def _hand_points(self) -> tuple[str, list[int], bool | None]:
        """(reason, points per side, made) of the hand whose tricks are all played."""
        n_sides = len(self.sides)
        contract = self.contract
        if contract is None:
            return "all-pass", scoring.all_pass_points(self.tricks_won, self.side_of, n_sides), None
        points, made = scoring.contract_points(
            contract, self.options, self.tricks_won, self.side_of, n_sides, self.declaring
        )
        return "made" if made else "set", points, made

    def _end_hand(self, reason: str, points: list[int], made: bool | None, events: list[Event]) -> None:
        contract = self.contract
        detail: dict[str, Any] = {
            "hand": self.hand_no,
            "dealer": self.dealer,
            "declarer": self.declarer,
            "contract": None if contract is None else str(contract),
            "value": None if contract is None else bid_value(contract, self.options),
            "partners": [s for s in self.declaring if s != self.declarer],
            "called": [NAMES[c] for c in self.called],
            "tricks": list(self.tricks_won),
            "made": made,
            # the tenth trick, face up once played: the next deal clears the table before anyone sees it
            # (not written out for a search's copy that stops with the hand: nobody sees it)
            "last_trick": [[seat, card] for seat, card in self.last_trick] if self.deal_next_hand else [],
            "last_trick_winner": self.trick_winners[-1] if self.trick_winners else None,
        }
        result = HandResult(reason, tuple(points), detail)
        self.hands.append(result)
        before = list(self.scores)
        for side, p in enumerate(points):
            self.scores[side] += p
        events.append(Event("hand_end", self.declarer, result))
        winner = self._game_winner(reason, before, made)
        if winner is not None:
            self.winner = winner
            events.append(Event("game_end", None, {"winner": winner, "scores": tuple(self.scores)}))
            return
        if not self.deal_next_hand:
            return
        self._start_hand((self.dealer + 1) % self.players)
        events.append(Event("deal", self.dealer, {"hand": self.hand_no}))

    def _game_winner(self, reason: str, before: list[int], made: bool | None) -> tuple[int, ...] | None:
        """Who won the game with the hand just scored into `scores` (from `before`), if it ended."""
        if reason == "all-pass" and not self.trick_winners:
            return None  # a thrown-in hand changes no score
        declaring_sides = {self.side_of[s] for s in self.declaring}
        reached = self._reached(before, declaring_sides)
        return scoring.game_winner(
            self.scores, declaring_sides, made, reached, self.options["defenders_can_win"] == "on"
        )

    def _reached(self, before: list[int], declaring_sides: set[int]) -> list[int | None]:
        """When each side reached 500 in trick order, from what it scores trick by trick (§9 ∅ Rec.)."""
        if len(self.sides) == 2 or max(self.scores) < scoring.TARGET:
            return [None] * len(self.sides)
        misere = self.contract is not None and self.contract.misere
        gains = []
        for w in self.trick_winners:
            gain = [0] * len(self.sides)
            if misere:
                if w == self.declarer:
                    for side in range(len(self.sides)):
                        if side not in declaring_sides:
                            gain[side] = 10
            elif self.side_of[w] not in declaring_sides:
                gain[self.side_of[w]] = 10
            gains.append(gain)
        return scoring.reach_order(before, gains)

    # -- a search's fast playout -----------------------------------------------------------------------------
    def playout_copy(self) -> FiveHundredState:
        """A copy for a search's fast playout of the rest of the play (bot.ai.five_hundred_bit_playouts),
        cheaper than `clone`: the scores are its own, everything else (hands, tricks, history, generator)
        stays shared with this state, so the copy must not be `apply`'d to: the playout plays on values of
        its own and ends the hand only through `end_playout_hand`, and the copy never deals."""
        new = object.__new__(FiveHundredState)
        new.__dict__.update(self.__dict__)
        new.deal_next_hand = False
        new.scores = self.scores[:]
        return new

    def end_playout_hand(self, tricks_won: list[int], trick_winners: list[int]) -> list[int]:
        """A fast playout ends the hand on a `playout_copy`, all tricks played (`tricks_won` per seat and
        `trick_winners` in order, lists of the playout's own): the hand's points into the scores and the
        game's end if it comes, as `_score_hand` does, but nothing recorded (no hand result, no events) and
        no next deal. Returns the hand's points per side (the playout counts them beside the results)."""
        self.tricks_won, self.trick_winners = tricks_won, trick_winners
        reason, points, made = self._hand_points()
        before = self.scores
        self.scores = [a + p for a, p in zip(before, points, strict=True)]
        self.winner = self._game_winner(reason, before, made)
        return points

    # -- views ------------------------------------------------------------------------------------------------
    def known_partners(self, seat: int | None) -> tuple[int, ...]:
        """The declarer's partners as `seat` knows them (a hidden five-player partner knows himself)."""
        partners = [s for s in self.declaring if s != self.declarer]
        if self.team_play or self.options["five_player_partner_reveal"] == "immediate":
            return tuple(partners)
        return tuple(s for s in partners if s in self.revealed or s == seat)

    def view(self, seat: int | None) -> FiveHundredView:
        return build_view(self, seat)

    # -- search -----------------------------------------------------------------------------------------------
    def clone(self) -> FiveHundredState:
        """An independent copy: the lists and sets that `apply` changes are copied, everything else (the
        deck, the tables, tuples, the options) is shared, being never changed in place."""
        new = object.__new__(FiveHundredState)
        d = new.__dict__
        d.update(self.__dict__)
        self._rng_shared = d["_rng_shared"] = True
        d["_stacked"] = self._stacked[:]
        d["steps"] = self.steps[:]
        d["hands"] = self.hands[:]
        d["scores"] = self.scores[:]
        if self.game_points is not None:
            d["game_points"] = self.game_points[:]
        d["in_hand"] = [h[:] for h in self.in_hand]
        d["widow"] = self.widow[:]
        d["auction"] = self.auction[:]
        d["bidding"] = self.bidding[:]
        d["revealed"] = set(self.revealed)
        d["trick"] = self.trick[:]
        d["trick_seats"] = self.trick_seats[:]
        d["tricks_won"] = self.tricks_won[:]
        d["trick_winners"] = self.trick_winners[:]
        return new
