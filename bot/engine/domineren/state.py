"""The state of a Domineren session: `hands` hands, then the pool and Billitonnen (domineren.md §2-§20).

A hand runs through phases, each with one seat to act:
    set -> type -> declare (§7, each eligible seat in turn) -> special (§8, likewise) -> play
Questions several players could answer "at once" are asked one seat at a time, clockwise from the set
player's left (§8 Rec.), so a record is a plain sequence. Scores are chips; every payment moves chips
from one seat to another inside the step that caused it, and the settlement of a hand is its `hands`
entry, so `scores == start + sum(steps) + sum(hands)` per seat at all times.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Event, GameState, HandResult, Step
from ..errors import BadOptions, GameOver, IllegalAction, NotYourTurn
from ..tiles import HI, IS_DOUBLE, LO, PIPS, label
from .billitonnen import Billitonnen
from .deals import Deal, parse_deals, shuffled_hands, shuffled_rows
from .explain import resolve
from .gametypes import ANY_SET, Declaration, declarations, plan_for
from .layout import Layout
from .matching import FIT, half_value, hand_count
from .notation import CLAIM, CONCEDE, DECLARE, DECLINE, DRAW, PASS, Play, parse
from .rules import (
    BLOCK_BROKEN,
    BLOCK_UPHELD,
    BONUS,
    HAND_SIZE,
    LEAVE,
    NOS,
    bonus,
    draw_off,
    pool_share,
    settlement,
)
from .view import DominerenView, build_view

SET, TYPE, DECLARE_PHASE, SPECIAL, PLAY, BILLITONNEN, OVER = (
    "set",
    "type",
    "declare",
    "special",
    "play",
    "billitonnen",
    "over",
)

_new = tuple.__new__


class DominerenState(GameState):
    """One Domineren session for 3-5 players, each seat its own side."""

    # Declared doubles come out of a hand; Billitonnen turns tiles over; the pool is the session's end.
    REVEALING = GameState.REVEALING | {"declare", "billitonnen", "billitonnen_turn", "pool"}

    def reveals(self, event: Event) -> bool:
        # A set from the talon is a draw: the tile was hidden until then.
        return event.kind in self.REVEALING or (event.kind == "set" and bool(event.data and event.data.get("drawn")))

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
        self.sides = tuple((s,) for s in range(players))
        self.side_of = tuple(range(players))
        self.start_chips = options["start_chips"]
        self.total_hands = options["hands"]
        self.allowed = tuple(options["allowed_types"])
        if not ANY_SET.intersection(self.allowed):
            # a set drawn from the talon may be a single: some type must be playable after any set
            raise BadOptions(
                "domineren: allowed_types must include a type playable after any set (1, 4, 11 or 12)",
                "bad_option_value",
                option="allowed_types",
                allowed="1, 4, 11, 12",
            )
        self.bonus_table = BONUS[options["double_bonus_table"]][players]
        self.min_doubles = min(self.bonus_table)
        self.auto_claim = options["auto_claim"] == "on"
        self.with_billitonnen = options["billitonnen"] == "on"
        self.type9_double_cross = options["type9_continuation"] == "normal_double_cross"
        self.hand_size = HAND_SIZE[players]
        self.rng = random.Random(seed)
        self._rng_shared = False  # clones share the generator until one of them draws from it
        # (None: a hand dealt from the seed, as a determinized copy stacks only the hand in play)
        self._deals: list[Deal | None] = [*parse_deals(deals, players, self.total_hands, self.with_billitonnen)]
        self.steps: list[Step] = []
        self.hands: list[HandResult] = []
        self.scores = [self.start_chips] * players
        self.winner: tuple[int, ...] | None = None
        self.game_points: list[int] | None = None
        self.pool = 0
        self.hand_no = 0
        self.billitonnen: Billitonnen | None = None
        self.claims: dict[int, list[tuple[int, int]]] = {}  # auto_claim=off: payee -> [(payer, chips)]
        self.set_draw: list[tuple[int, int]] | None = None  # (seat, tile) drawn to break a tie (§15)
        # False in a search's playout, which ends with the hand: the next deal (or the pool and Billitonnen)
        # is not made, the hand's result is the last thing recorded
        self.deal_next_hand = True
        self._legal: list[Any] = []
        self._legal_set: set[Any] = set()
        self._legal_turn = -1
        self._where: dict[tuple[int, int, int, int], int] = {}  # play -> index of its end
        self._cands: list[tuple[Any, ...]] = []  # (tile, touch, target node, side, end index, kind of end)
        self._start_hand(None)

    @property
    def board(self) -> Layout:
        """The layout of the hand in play (there is one from the set to the end of the hand)."""
        if self.layout is None:
            raise RuntimeError("no tile has been set in this hand")
        return self.layout

    @property
    def declaration(self) -> Declaration:
        """The game type declared for the hand in play (once the set player declared)."""
        if self.decl is None:
            raise RuntimeError("no game type has been declared in this hand")
        return self.decl

    @property
    def bill(self) -> Billitonnen:
        """The Billitonnen being played (after the last hand, when the pool was not emptied)."""
        if self.billitonnen is None:
            raise RuntimeError("no Billitonnen is being played")
        return self.billitonnen

    @property
    def deals_dealt(self) -> int:
        return self.hand_no + (self.billitonnen is not None)  # Billitonnen's rows are a deal of their own

    # -- dealing ------------------------------------------------------------------------------------------
    def _stacked(self, index: int) -> tuple[Any, ...] | None:
        return self._deals[index] if index < len(self._deals) else None

    def _start_hand(self, set_player: int | None) -> None:
        """Deal hand `hand_no + 1`; `set_player` None = the first hand, where the highest double sets."""
        stacked = self._stacked(self.hand_no)
        hands, talon = (stacked[0], stacked[1]) if stacked else (None, [])
        while hands is None or (set_player is None and not any(IS_DOUBLE[t] for h in hands for t in h)):
            hands, talon = shuffled_hands(self._own_rng(), self.players)  # §3: no double drawn: shuffle again
        if set_player is None:
            set_player = max((t, s) for s, hand in enumerate(hands) for t in hand if IS_DOUBLE[t])[1]
        n = self.players
        self.hand_no += 1
        self.hand_start = len(self.steps)  # this hand's actions are steps[hand_start:] (`view.history`)
        self.in_hand = [list(h) for h in hands]
        self.talon = talon[::-1]  # the first tile listed is drawn first: pop() from the end
        self.set_player = set_player
        self.current = set_player
        self.phase = SET
        self.layout: Layout | None = None
        self.decl: Declaration | None = None
        self.set_drawn = False
        self.declared: list[list[int]] = [[] for _ in range(n)]  # doubles shown face up (§7)
        self.forced: list[list[int]] = [[] for _ in range(n)]  # turn numbers a seat must pass (§8)
        self.turn_no = [0] * n  # normal turns begun, per seat
        self.block = -1  # the seat whose Block is being tested
        self.block_seats: tuple[int, ...] = ()
        self.nos = -1
        self.prev_node = -1  # the tile played in the previous turn (§10), -1 after a pass
        self.prev_seat = -1
        self.ask = 0  # position in the clockwise order of the declare/special questions

    # -- who acts ---------------------------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        """The seat to act, and (auto_claim=off) seats that may claim a payment out of turn."""
        if self.winner is not None:
            return ()
        return (self.current, *sorted(s for s in self.claims if s != self.current))

    # -- legal actions ----------------------------------------------------------------------------------
    def _legal_out_of_turn(self, seat: int) -> list[Any]:
        return [CLAIM] if seat in self.claims else []

    def _compute_legal(self, seat: int) -> list[Any]:
        phase = self.phase
        if phase == PLAY:
            acts = self._play_actions(seat)
        elif phase == SET:
            doubles = sorted((t for t in self.in_hand[seat] if IS_DOUBLE[t]), reverse=True)
            acts = [Play(t, LO[t], -1, -1) for t in doubles] if doubles else [DRAW]
        elif phase == TYPE:
            acts = list(declarations(self.board.nodes[0].tile, self.allowed))
        elif phase == DECLARE_PHASE:
            acts = [DECLARE, DECLINE]
        elif phase == SPECIAL:
            acts = [*self._placements(seat, True), DECLINE]
        else:
            acts = self.bill.legal()
        if seat in self.claims:
            acts.append(CLAIM)
        self._legal_set = set(acts)
        return acts

    def _play_actions(self, seat: int) -> list[Any]:
        if self.turn_no[seat] in self.forced[seat]:
            return [PASS]
        plays = self._placements(seat, False)
        if plays:
            if len(self.in_hand[seat]) > 1:  # Block is declared by a player still in play after his tile
                plays += [_new(Play, (*p[:5], True)) for p in plays]
            return plays
        if len(self.talon) > LEAVE:
            if self.block >= 0 and self.block != seat and self.active_count() == 2:
                return [DRAW, CONCEDE]
            return [DRAW]
        return [PASS]

    def _placements(self, seat: int, special: bool) -> list[Play]:
        """Every distinct placement of the seat's tiles. Ends of one target that differ in rule, number or
        directed status are told apart by their compass side; equivalent ones (a plain cross's sides)
        are one action that takes the first, and naming another side is still accepted."""
        layout = self.board
        nodes = layout.nodes
        hand = self.in_hand[seat]
        cands = []
        on_set = 0
        for i, value, key, node, side, head in layout.options(special):
            fits = FIT[key][value]
            for t in hand:
                touches = fits[t]
                if touches and (not special or IS_DOUBLE[t]):
                    for touch in touches:
                        cands.append((t, touch, node, side, i, (key, value, head)))
                    on_set += node == 0
        where: dict[tuple[int, int, int, int], int] = {}
        acts = []
        if on_set < 2:  # every target has one end that fits: no side to tell apart
            for t, touch, node, side, i, _ in cands:
                target = nodes[node]
                acts.append(_new(Play, (t, touch, target.tile, target.touch if node else HI[target.tile], -1, False)))
                where[(t, touch, target.tile, -1)] = i
                where[(t, touch, target.tile, side)] = i
        else:
            groups: dict[tuple[int, int, int], list[Any]] = {}
            for c in cands:
                groups.setdefault(c[:3], []).append(c)
            for (t, touch, node), group in groups.items():
                target = nodes[node]
                shows = target.touch if node else HI[target.tile]  # the set is written higher half first
                firsts: dict[Any, tuple[Any, ...]] = {}
                for c in group:
                    firsts.setdefault(c[5], c)
                    where[(t, touch, target.tile, c[3])] = c[4]
                for c in firsts.values():
                    side = c[3] if len(firsts) > 1 else -1
                    acts.append(_new(Play, (t, touch, target.tile, shows, side, False)))
                    where[(t, touch, target.tile, side)] = c[4]
        self._where = where
        self._cands = cands  # for explaining a refused play only
        return acts

    def active_count(self) -> int:
        return sum(1 for hand in self.in_hand if hand)

    # -- applying ---------------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Any:
        return parse(text)

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.winner is not None:
            raise GameOver("the game is over", "game_over")
        if type(action) is str:
            action = parse(action)
        if isinstance(action, str) and action == CLAIM:
            return self._claim(seat)
        if seat != self.current:
            raise NotYourTurn(
                f"it is seat {self.current}'s turn, not seat {seat}'s", "not_your_turn", seat=self.current
            )
        self.legal_actions(seat)
        if action not in self._legal_set:
            action = resolve(self, seat, action)
        delta = [0] * self.players
        events: list[Event] = []
        phase = self.phase
        ending = None
        if phase == PLAY:
            if type(action) is Play:
                ending = self._play(seat, action, delta, events)
            elif action == DRAW:
                ending = self._draw(seat, delta, events)
            elif action == PASS:
                self._pass(seat, events)
            else:
                ending = self._concede(seat, delta, events)
        elif phase == SET:
            self._set(seat, action, delta, events)
        elif phase == TYPE:
            self._declare_type(seat, action, events)
        elif phase == DECLARE_PHASE:
            self._declare_doubles(seat, action == DECLARE, delta, events)
        elif phase == SPECIAL:
            if action == DECLINE:
                events.append(Event("decline", seat, {"question": SPECIAL}))
                self._next_special(self.ask + 1)
            else:
                self._special(seat, action, delta, events)
        else:
            self._billitonnen(seat, action, events)
        self.steps.append(Step(seat, action, tuple(delta)))
        if ending is not None:
            self._close_hand(ending, events)
        self.last_events = events
        return events

    # -- chips ------------------------------------------------------------------------------------------
    def _pay(self, payer: int, payee: int, chips: int, delta: list[int]) -> None:
        self.scores[payer] -= chips
        self.scores[payee] += chips
        delta[payer] -= chips
        delta[payee] += chips

    def _receive(self, payee: int, payers: Sequence[int], chips: int, delta: list[int]) -> None:
        """A payment the payee must claim: paid now, or (auto_claim=off) owed until the next tile play."""
        if self.auto_claim:
            for payer in payers:
                self._pay(payer, payee, chips, delta)
        else:
            self.claims.setdefault(payee, []).extend((payer, chips) for payer in payers)

    def _others(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat]

    def _claim(self, seat: int) -> list[Event]:
        owed = self.claims.pop(seat, None)
        if not owed:
            raise IllegalAction("nothing is owed to you now", "nothing_owed")
        delta = [0] * self.players
        for payer, chips in owed:
            self._pay(payer, seat, chips, delta)
        self.steps.append(Step(seat, CLAIM, tuple(delta)))
        self.last_events = events = [Event("claim", seat, {"chips": delta[seat]})]
        return events

    # -- the set, the type and the questions after it ---------------------------------------------------
    def _set(self, seat: int, action: Any, delta: list[int], events: list[Event]) -> None:
        self.claims.clear()  # a claim not made before the next play is lost
        drawn = action == DRAW
        if drawn:
            tile = self.talon.pop()
        else:
            tile = action.tile
            self.in_hand[seat].remove(tile)
        self.layout = Layout(tile, seat)
        self.set_drawn = drawn
        if IS_DOUBLE[tile]:
            self._receive(seat, self._others(seat), half_value(tile) * (2 if drawn else 1), delta)
        else:
            for other in self._others(seat):
                self._pay(seat, other, PIPS[tile], delta)
        self.phase = TYPE
        events.append(Event("set", seat, {"tile": label(tile), "drawn": drawn}))

    def _declare_type(self, seat: int, decl: Declaration, events: list[Event]) -> None:
        self.decl = decl
        self.board.declare(plan_for(decl, self.type9_double_cross))
        events.append(Event("type", seat, {"type": decl.type_id, "declaration": str(decl)}))
        self._next_declaration(0)

    def _order(self, with_set_player: bool) -> list[int]:
        n, first = self.players, self.set_player
        return [(first + k) % n for k in range(1, n + (1 if with_set_player else 0))]

    def _next_declaration(self, i: int) -> None:
        order = self._order(True)
        for k in range(i, len(order)):
            seat = order[k]
            if sum(1 for t in self.in_hand[seat] if IS_DOUBLE[t]) >= self.min_doubles:
                self.phase, self.ask, self.current = DECLARE_PHASE, k, seat
                return
        self._next_special(0)

    def _declare_doubles(self, seat: int, declare: bool, delta: list[int], events: list[Event]) -> None:
        if declare:
            doubles = sorted((t for t in self.in_hand[seat] if IS_DOUBLE[t]), reverse=True)
            chips = bonus(self.bonus_table, len(doubles))
            self.declared[seat] = doubles
            for other in self._others(seat):
                self._pay(other, seat, chips, delta)
            events.append(Event("declare", seat, {"doubles": [label(t) for t in doubles], "chips": chips}))
        else:
            events.append(Event("decline", seat, {"question": DECLARE_PHASE}))
        self._next_declaration(self.ask + 1)

    def _next_special(self, i: int) -> None:
        plan = self.board.plan
        if plan is not None and plan.specials:  # (declared before the specials are asked)
            order = self._order(False)
            for k in range(i, len(order)):
                seat = order[k]
                if self._has_special(seat):
                    self.phase, self.ask, self.current = SPECIAL, k, seat
                    return
        self.phase = PLAY
        self.prev_node, self.prev_seat = 0, self.set_player  # the set is the set player's tile (§10)
        self._next_turn(self.set_player)

    def _has_special(self, seat: int) -> bool:
        doubles = [t for t in self.in_hand[seat] if IS_DOUBLE[t]]
        return any(FIT[key][value][t] for _, value, key, _, _, _ in self.board.options(True) for t in doubles)

    def _special(self, seat: int, play: Play, delta: list[int], events: list[Event]) -> None:
        """§8: a double on the set out of turn; the set player pays, the player passes a turn for it."""
        self.claims.clear()
        index = self._where[(play.tile, play.touch, play.target, play.side)]
        side = self.board.ends[index][2]
        self.board.place(play.tile, index, play.touch, True, seat)
        self._take(seat, play.tile)
        self._receive(seat, [self.set_player], half_value(play.tile), delta)
        decl = self.declaration
        # 11 b: a double on the end not named makes the player pass at his second turn instead
        turn = 2 if decl.cond == "b" and side != decl.end else 1
        while turn in self.forced[seat]:
            turn += 1
        self.forced[seat].append(turn)
        events.append(Event("special", seat, {"action": str(play), "pass_turn": turn}))
        self._next_special(self.ask)

    def _take(self, seat: int, tile: int) -> None:
        self.in_hand[seat].remove(tile)
        if tile in self.declared[seat]:
            self.declared[seat].remove(tile)

    # -- normal play ------------------------------------------------------------------------------------
    def _next_turn(self, after: int) -> None:
        n = self.players
        for k in range(1, n + 1):
            seat = (after + k) % n
            if self.in_hand[seat]:
                self.current = seat
                self.turn_no[seat] += 1
                return

    def play_at(self, seat: int, tile: int, index: int, touch: int) -> None:
        """A search's fast play: `tile` from the hand of `seat`, whose normal turn it is, on open end number
        `index` of `layout.ends` with `touch` touching, a placement `layout.options()` allows. Nothing is
        checked and no events are made: for playouts, which pick among the fitting tiles themselves."""
        layout = self.board
        node = layout.ends[index][1]
        target = layout.nodes[node]
        play = _new(Play, (tile, touch, target.tile, target.touch if node else HI[target.tile], -1, False))
        delta = [0] * self.players
        events: list[Event] = []
        ending = self._play_on(seat, play, index, delta, events, tell=False)
        self.steps.append(Step(seat, play, tuple(delta)))
        if ending is not None:
            self._close_hand(ending, events)

    def draw_or_pass(self, seat: int) -> None:
        """A search's fast move for the seat to play when none of its tiles fits (or it must pass, §8):
        draw while the talon allows, else pass. Unchecked, like `play_at`."""
        events: list[Event] = []
        if self.turn_no[seat] in self.forced[seat] or len(self.talon) <= LEAVE:
            self._pass(seat, events)
            self.steps.append(Step(seat, PASS, (0,) * self.players))
            return
        delta = [0] * self.players
        ending = self._draw(seat, delta, events)
        self.steps.append(Step(seat, DRAW, tuple(delta)))
        if ending is not None:
            self._close_hand(ending, events)

    def _play(self, seat: int, play: Play, delta: list[int], events: list[Event]) -> str | None:
        return self._play_on(seat, play, self._where[(play.tile, play.touch, play.target, play.side)], delta, events)

    def _play_on(
        self, seat: int, play: Play, index: int, delta: list[int], events: list[Event], tell: bool = True
    ) -> str | None:
        """The play on end number `index`; `tell` False (a search's `play_at`) makes no play event."""
        layout = self.board
        tile = play.tile
        target = layout.ends[index][1]
        self.claims.clear()
        node = layout.place(tile, index, play.touch, False, seat)
        self._take(seat, tile)
        hand = self.in_hand[seat]
        prev = self.prev_seat
        if IS_DOUBLE[tile] and target == self.prev_node and self.in_hand[prev]:
            self._receive(seat, [prev], half_value(tile), delta)  # §10, not if he has just gone out
        if self.block >= 0:  # §12: a tile was played, so the Block was wrong
            events.append(Event("block_broken", self.block, {"chips": BLOCK_BROKEN}))
            self._settle_block(False, delta)
        if not hand and self.nos < 0:
            self.nos = seat
            self._receive(seat, self._others(seat), NOS, delta)
            events.append(Event("nos", seat, {"chips": NOS}))
        if play.block:
            self.block = seat
            self.block_seats = tuple(s for s in range(self.players) if self.in_hand[s])
        self.prev_node, self.prev_seat = node, seat
        if tell:
            events.append(Event("play", seat, {"action": str(play), "block": play.block}))
        return self._after_change(seat, delta, advance=True)

    def _draw(self, seat: int, delta: list[int], events: list[Event]) -> str | None:
        self.in_hand[seat].append(self.talon.pop())
        events.append(Event("draw", seat, {"talon": len(self.talon)}))
        return self._after_change(seat, delta, advance=False)

    def _pass(self, seat: int, events: list[Event]) -> None:
        turn = self.turn_no[seat]
        forced = turn in self.forced[seat]  # §8: the turn owed for a double played on the set
        if forced:
            self.forced[seat].remove(turn)
        self.prev_node, self.prev_seat = -1, seat
        events.append(Event("pass", seat, {"forced": forced}))
        self._next_turn(seat)

    def _concede(self, seat: int, delta: list[int], events: list[Event]) -> str:
        events.append(Event("concede", seat, {"block": self.block}))
        self._settle_block(True, delta)
        return "block-conceded"

    def _settle_block(self, upheld: bool, delta: list[int]) -> None:
        """§12: 20 to the declarer from each player in play, or 40 from him to each. Those in play are the
        same as when he declared, since nobody leaves play without playing a tile, which settles it."""
        declarer = self.block
        for other in self.block_seats:
            if other != declarer:
                if upheld:
                    self._pay(other, declarer, BLOCK_UPHELD, delta)
                else:
                    self._pay(declarer, other, BLOCK_BROKEN, delta)
        self.block = -1

    def _after_change(self, seat: int, delta: list[int], advance: bool) -> str | None:
        """The hand's end (§13 Rec.) after a play or a draw: at most one player holds tiles, or the talon
        is down to its last two and nobody can play; else the next turn."""
        active = [s for s in range(self.players) if self.in_hand[s]]
        if len(active) <= 1:
            return "nos-out"
        if len(self.talon) <= LEAVE and not any(self.board.can_play(self.in_hand[s]) for s in active):
            if self.block < 0:
                return "blocked"
            self._settle_block(True, delta)
            return "block-upheld"
        if advance:
            self._next_turn(seat)
        return None

    # -- end of a hand, of the session ------------------------------------------------------------------
    def _close_hand(self, reason: str, events: list[Event]) -> None:
        totals = [hand_count(h) for h in self.in_hand]
        net = settlement(totals)
        for seat, chips in enumerate(net):
            self.scores[seat] += chips
        detail = {
            "hand": self.hand_no,
            "set_player": self.set_player,
            "set": label(self.board.nodes[0].tile),
            "type": str(self.decl),
            "nos": None if self.nos < 0 else self.nos,
            "totals": totals,
            "hands": [[label(t) for t in h] for h in self.in_hand],
            "chips": list(self.scores),  # every seat's chips after the settlement, for the score sheet
        }
        result = HandResult(reason, tuple(net), detail)
        self.hands.append(result)
        events.append(Event("hand_end", None, result))
        if not self.deal_next_hand:
            return
        if self.hand_no >= self.total_hands:
            self.claims.clear()
            if self.with_billitonnen:
                self._start_billitonnen(events)
            else:
                self._finish(events)
            return
        self._start_hand(self._next_set_player(totals))
        events.append(Event("deal", self.set_player, {"hand": self.hand_no}))

    def end_playout_hand(self) -> list[int]:
        """A search's fast playout (bot.ai.domineren_playouts) ends the hand on its throwaway copy, which
        never deals (`deal_next_hand` False): the settlement on the pips left into the scores, as
        `_close_hand` makes it, but no hand result (nor its detail) recorded. Returns the chips per seat."""
        totals = []  # (a loop, no comprehension to call: every search playout ends here)
        for hand in self.in_hand:
            totals.append(hand_count(hand))
        net = settlement(totals)
        scores = self.scores
        for seat, chips in enumerate(net):
            scores[seat] += chips
        return net

    def _next_set_player(self, totals: list[int]) -> int:
        """§15: the biggest loser, ties broken by drawing tiles (a stacked deal's first_leader decides a
        tie when it names one of the tied seats); or the next seat clockwise."""
        self.set_draw = None
        if self.options["next_set_player"] == "clockwise":
            return (self.set_player + 1) % self.players
        top = max(totals)
        tied = [s for s, total in enumerate(totals) if total == top]
        if len(tied) == 1:
            return tied[0]
        stacked = self._stacked(self.hand_no)
        if stacked and stacked[2] in tied:
            return stacked[2]
        winner, drawn = draw_off(self._own_rng(), tied)
        self.set_draw = list(zip(tied, drawn, strict=True))
        return winner

    def _start_billitonnen(self, events: list[Event]) -> None:
        """§19: chips rounded down to twenties into the pool (floor, so a share is 0-19), then §20."""
        shares = [pool_share(chips) for chips in self.scores]
        self.pool = sum(shares)
        for seat, share in enumerate(shares):
            self.scores[seat] -= share
        self.hands.append(HandResult("pool", tuple(-s for s in shares), {"pool": self.pool}))
        events.append(Event("pool", None, {"pool": self.pool}))
        n = self.players
        stacked = self._stacked(self.total_hands)
        if stacked and stacked[0] is not None:
            rows, leftover, first = stacked
            rows = [r[:] for r in rows]
        else:
            rows, leftover, first = None, None, stacked[2] if stacked else None
        if first is None:
            first = draw_off(self._own_rng(), list(range(n)))[0]  # §20: everyone draws a tile
        if rows is None:
            rows, leftover = shuffled_rows(self._own_rng(), n, first)
        self.phase = BILLITONNEN
        self.hand_start = len(self.steps)
        self.billitonnen = Billitonnen(rows, leftover, first, self._own_rng())
        self.current = first
        events.append(Event("billitonnen", first, None))
        if self.bill.winner is not None:
            self._end_billitonnen(self.bill.winner, events)

    def _billitonnen(self, seat: int, action: Any, events: list[Event]) -> None:
        game = self.bill
        events.append(Event("billitonnen_turn", seat, game.apply(action)))
        self.current = game.current
        if game.winner is not None:
            self._end_billitonnen(game.winner, events)

    def _end_billitonnen(self, winner: int, events: list[Event]) -> None:
        game = self.bill
        points = [0] * self.players
        points[winner] = self.pool
        self.scores[winner] += self.pool
        rows = [[label(t) for t in reversed(row)] for row in game.rows]
        self.hands.append(HandResult("billitonnen", tuple(points), {"winner": winner, "pool": self.pool, "rows": rows}))
        self.pool = 0
        self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        top = max(self.scores)
        self.winner = tuple(s for s, chips in enumerate(self.scores) if chips == top)
        self.game_points = [chips - self.start_chips for chips in self.scores]
        events.append(Event("game_end", None, {"winner": self.winner, "scores": tuple(self.scores)}))

    # -- text and views ---------------------------------------------------------------------------------
    def format_action(self, action: Any) -> str:
        return str(action)

    def view(self, seat: int | None) -> DominerenView:
        return build_view(self, seat)

    # -- search -----------------------------------------------------------------------------------------
    def clone(self) -> DominerenState:
        """An independent copy: what `apply` changes in place is copied (hands, talon, layout, the per-seat
        lists, Billitonnen's rows), the rest (options, tables, tuples, the lists it only replaces) is shared."""
        return self._copy(True)

    def _copy(self, history: bool) -> DominerenState:
        new = object.__new__(DominerenState)
        d = new.__dict__
        d.update(self.__dict__)
        self._rng_shared = d["_rng_shared"] = True
        if history:
            d["steps"] = self.steps[:]
            d["hands"] = self.hands[:]
        d["scores"] = self.scores[:]
        if self.game_points is not None:
            d["game_points"] = self.game_points[:]
        if self.claims:
            d["claims"] = {seat: owed[:] for seat, owed in self.claims.items()}
        else:
            d["claims"] = {}
        d["in_hand"] = [h[:] for h in self.in_hand]
        d["talon"] = self.talon[:]
        if self.layout is not None:
            d["layout"] = self.layout.clone()
        d["declared"] = [x[:] for x in self.declared]
        d["forced"] = [x[:] for x in self.forced]
        d["turn_no"] = self.turn_no[:]
        if self.billitonnen is not None:
            d["billitonnen"] = self.billitonnen.clone()
        return new

    def playout_copy(self) -> DominerenState:
        """`clone` for a search's fast playout of the play (bot.ai.domineren_playouts), which moves tiles
        and chips but records nothing (no step, no hand result: `end_playout_hand`) and never deals: the
        history (steps and hand results) stays shared with this state instead of being copied, so the copy
        must not be `apply`'d to, nor asked its legal actions (they are known by the count of steps)."""
        new = self._copy(False)
        new.deal_next_hand = False
        return new

    def _own_rng(self) -> random.Random:
        """The generator, copied first if it is still shared with a clone (so neither moves the other's)."""
        if self._rng_shared:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._rng_shared = False
        return self.rng
