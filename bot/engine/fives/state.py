"""The state of one fives-family game, from the first deal to the last hand (fives.md C1-C9, §1-§6)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..base import Event, GameState, HandResult, Step, sides_index
from ..errors import (
    ArmNotOpen,
    BadRecord,
    CannotDraw,
    GameOver,
    IllegalAction,
    MustDraw,
    MustPlay,
    NoMatchingEnd,
    NotInHand,
    NotYourTurn,
)
from ..shapes import check_fields, parse_hands, parse_items, seat_field
from ..tiles import HI, IS_DOUBLE, LO, PIPS, SETS, hand_pips, label, parse_tile, tile_set
from . import scoring
from .layout import COMPASS, Layout
from .notation import DRAW, PASS, Play, Word, parse
from .rules import RULES, has_partners
from .view import FivesView, LegalMove, PlacedTile

_new = tuple.__new__


class FivesState(GameState):
    """One game of Five Up, Le Quantette, Draw, Quantette, All Fives or a §6 variant row."""

    def __init__(
        self,
        game_id: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        deals: Sequence[Mapping[str, Any]] = (),
    ) -> None:
        rules = RULES[game_id]
        self.rules = rules
        self.game_id = game_id
        self.players = players
        self.options = options
        self.seed = seed
        self.tile_set = options.get("tile_set", "d6")
        self.top = SETS[self.tile_set]
        self.all_tiles = tile_set(self.tile_set)
        self.hand_size = rules.hand_size(players, options)
        self.leave = rules.leave(players, options) if rules.boneyard else 0
        self.sides = ((0, 2), (1, 3)) if has_partners(rules, players) else tuple((s,) for s in range(players))
        self.side_of = sides_index(self.sides, players)
        self.unit = {"fifth": 5, "face": 1, "none": 0}[rules.muggins]
        self.call_muggins = options.get("muggins_claim") == "call"
        self.target = options.get("target")
        self.zero = (0,) * len(self.sides)
        self.rng = random.Random(seed)
        self._rng_shared = False  # another copy of the game holds this generator too (see clone)
        self._stacked = [self._parse_deal(i, d) for i, d in enumerate(deals)]
        self.steps: list[Step] = []
        self.hands: list[HandResult] = []
        self.scores = [0] * len(self.sides)
        self.winner: tuple[int, ...] | None = None
        self.game_points: list[int] | None = None
        self.hand_no = 0
        self.extension_left = 0
        # Le Quantette plays parties to a target; the ledger keeps each finished partie.
        self.parties: list[dict[str, Any]] = []
        self.partie_hands_from = 0
        self._legal: list[Any] = []
        self._legal_turn = -1
        self.lead_draw: list[int] | None = None
        # A search's copy that stops at the end of the hand sets this False: the hand's result is then
        # recorded without its details, and the next hand is not dealt (the copy is done with).
        self.deal_next_hand = True
        self._start_hand(leader=None)

    # -- dealing ------------------------------------------------------------------------------------------
    def _draw_for_lead(self) -> int:
        """C3: each player draws a tile; highest pip total leads, ties to the tile with the higher number."""
        drawn = self.rng.sample(self.all_tiles, self.players)
        leader = max(range(self.players), key=lambda s: (PIPS[drawn[s]], HI[drawn[s]]))
        if self.players == 4 and len(self.sides) == 2 and self.options.get("partners") == "by_draw":
            # §1, §4: with partners by draw the same draw seats the players: the two highest tiles are
            # partners (opposite), so the second highest goes opposite the leader, the two lowest between.
            second = max((t for s, t in enumerate(drawn) if s != leader), key=lambda t: (PIPS[t], HI[t]))
            low = [t for s, t in enumerate(drawn) if s != leader and t != second]
            opposite = (leader + 2) % 4
            drawn[opposite], drawn[(leader + 1) % 4], drawn[(leader + 3) % 4] = second, low[0], low[1]
        self.lead_draw = drawn
        return leader

    def _parse_deal(self, index: int, deal: Mapping[str, Any]) -> tuple[list[list[int]] | None, list[int], int | None]:
        """Check a stacked deal when the game is created, so that no later hand can fail half-way."""
        where = f"deal {index + 1}"
        check_fields(where, deal, ("first_leader", "hands", "boneyard"))
        leader = seat_field(where, deal, "first_leader", self.players)
        if "hands" not in deal:
            if "boneyard" in deal:
                raise BadRecord(f"{where}: a boneyard without hands")
            return None, [], leader  # hands from the seed, only the first leader fixed
        example = "5-3" if self.top == 6 else "9-3"
        hands = parse_hands(where, deal["hands"], self.players, "tile", example, self._tile)
        boneyard = parse_items(where, deal.get("boneyard", []), "the boneyard", "tile", example, self._tile)
        for seat, hand in enumerate(hands):
            if len(hand) != self.hand_size:
                raise BadRecord(f"{where}: seat {seat} has {len(hand)} tiles, the rules deal {self.hand_size}")
        used = [t for hand in hands for t in hand] + boneyard
        if len(set(used)) != len(used):
            dup = next(t for t in used if used.count(t) > 1)
            raise BadRecord(f"{where}: tile {label(dup)} is dealt twice")
        missing = set(self.all_tiles) - set(used)
        if missing:
            raise BadRecord(f"{where}: tiles missing from the deal: {', '.join(label(t) for t in sorted(missing))}")
        if (
            index == 0
            and self.rules.first_leader == "highest_double"
            and not any(IS_DOUBLE[t] for t in used[: self.players * self.hand_size])
        ):
            raise BadRecord(f"{where}: nobody holds a double, so nobody can make the first lead")
        return hands, boneyard, leader

    def _tile(self, text: str) -> int:
        return parse_tile(text, self.top)

    def _shuffled_deal(self) -> tuple[list[list[int]], list[int]]:
        tiles = self.all_tiles[:]
        self.rng.shuffle(tiles)
        size = self.hand_size
        hands = [tiles[i * size : (i + 1) * size] for i in range(self.players)]
        return hands, tiles[self.players * size :]

    def _start_hand(self, leader: int | None) -> None:
        """Deal the next hand. `leader` is who the rules give the lead to (None: the first hand, where a
        draw or the highest double decides). A stacked deal's `first_leader` counts only where the rules
        would draw for the lead."""
        if self._rng_shared:
            rng = random.Random.__new__(random.Random)  # unseeded: seeding reads the OS (~10 us)
            rng.setstate(self.rng.getstate())
            self.rng, self._rng_shared = rng, False
        first = self.hand_no == 0
        by_double = first and self.rules.first_leader == "highest_double"
        hands: list[list[int]] | None = None
        boneyard: list[int] = []
        given = None
        if self._stacked:
            hands, boneyard, given = self._stacked.pop(0)
        if leader is None and not by_double:
            leader = given if given is not None else self._draw_for_lead()
        while hands is None or (by_double and not any(IS_DOUBLE[t] for hand in hands for t in hand)):
            hands, boneyard = self._shuffled_deal()  # ∅ in S3 for no double: fives.md §5 redeals
        forced = -1
        if by_double:
            forced, leader = max((t, s) for s, hand in enumerate(hands) for t in hand if IS_DOUBLE[t])
        if leader is None:  # pragma: no cover - given by the rules, drawn for, or the highest double's holder
            raise RuntimeError("no leader for the new hand")
        self.hand_no += 1
        self.in_hand = hands
        self.boneyard = boneyard[::-1]  # the first tile listed is drawn first: pop() from the end
        self.layout = Layout(self.rules.spinners)
        self.leader = leader
        self.current = leader
        self.forced_lead = forced
        self.passes = 0
        self.hand_play_points = [0] * len(self.sides)  # scored in play this hand, for the score sheet
        self.hand_start = len(self.steps)  # the first step of this hand: views show the hand's history

    @property
    def goal(self) -> int:
        """The score that wins (a partie, in Le Quantette): every scoring but Draw dominoes' has one."""
        if self.target is None:
            raise RuntimeError(f"{self.game_id} plays to no target score")
        return self.target

    def clone(self) -> FivesState:
        """An independent copy for a search: the mutable parts copied by hand, the rest shared."""
        new = object.__new__(FivesState)
        new.__dict__.update(self.__dict__)
        # The generator deals the next hands only: both copies share it until one of them deals, which
        # then takes a copy of its own first (a copy costs ~10 us, and a search's copies never deal).
        self._rng_shared = new._rng_shared = True
        if self._stacked:
            new._stacked = [(None if h is None else [x[:] for x in h], b[:], lead) for h, b, lead in self._stacked]
        new.steps = self.steps[:]
        new.hands = self.hands[:]
        new.scores = self.scores[:]
        if self.game_points is not None:
            new.game_points = self.game_points[:]
        new.parties = self.parties[:]  # finished parties are never changed, only appended
        new.in_hand = [h[:] for h in self.in_hand]
        new.boneyard = self.boneyard[:]
        new.layout = self.layout.clone()
        new.hand_play_points = self.hand_play_points[:]
        return new

    def playout_copy(self) -> FivesState:
        """A copy for a search's fast playout of the rest of the hand (bot.ai.fives.rollout), cheaper than
        `clone`: the scores and parties are its own, while the hands, the boneyard, the history (steps and
        hand results), the layout and the generator stay shared with this state, so the copy must not be
        `apply`'d to: the rollout plays on lists of its own and ends the hand only through
        `end_playout_hand` or `_finish`, which change the scores (and parties, game points) alone, and the
        copy never deals (`deal_next_hand` is False)."""
        new = object.__new__(FivesState)
        new.__dict__.update(self.__dict__)
        new.deal_next_hand = False
        new.parties = self.parties[:]
        new.scores = self.scores[:]
        if self.game_points is not None:
            new.game_points = self.game_points[:]
        new.hand_play_points = self.hand_play_points[:]
        return new

    # -- who acts ---------------------------------------------------------------------------------------
    # -- legal actions ----------------------------------------------------------------------------------
    def _compute_legal(self, seat: int) -> list[Any]:
        hand = self.in_hand[seat]
        layout = self.layout
        nodes = layout.nodes
        if not nodes:
            tiles = [self.forced_lead] if self.forced_lead >= 0 else hand
            acts: list[Any] = [_new(Play, (t, HI[t], -1, -1, -1, False)) for t in tiles]
        else:
            acts = []
            seen = set()
            ends = layout.ends
            for t in hand:
                lo = LO[t]
                hi = HI[t]
                for value, n, _, _ in ends:
                    if (value == lo or value == hi) and (t, n) not in seen:
                        seen.add((t, n))
                        node = nodes[n]
                        acts.append(_new(Play, (t, value, node.tile, node.touch, -1, False)))
            if not acts:
                acts = [DRAW] if len(self.boneyard) > self.leave else [PASS]
        if self.call_muggins and acts[0] is not DRAW and acts[0] is not PASS:
            claims = [a._replace(claim=True) for a in acts if self.points_of(a)]
            acts = acts + claims
        return acts

    def points_of(self, action: Any) -> int:
        """What `action` (a legal play) would score in play for its side, claimed or not."""
        if not isinstance(action, Play) or not self.unit:
            return 0
        layout = self.layout
        if action.target < 0:
            count = 2 * LO[action.tile] if IS_DOUBLE[action.tile] else PIPS[action.tile]
        else:
            end = layout.find_end(action.tile, action.target, action.side)
            if end < 0:
                return 0
            count = layout.count_after(action.tile, end)
        return self._muggins(count)

    def _muggins(self, count: int) -> int:
        if count and count % 5 == 0:
            return count // self.unit if self.unit == 5 else count * self.unit
        return 0

    # -- applying ---------------------------------------------------------------------------------------
    def parse_action(self, text: str) -> Play | Word:
        return parse(text, self.top)

    def apply(self, seat: int, action: Any) -> list[Event]:
        if self.winner is not None:
            raise GameOver("the game is over", "game_over")
        if seat != self.current:
            raise NotYourTurn(
                f"it is seat {self.current}'s turn, not seat {seat}'s", "not_your_turn", seat=self.current
            )
        if isinstance(action, str):  # text, or a Word equal to (but not necessarily the object) DRAW or PASS
            action = parse(str(action), self.top)
        legal = self.legal_actions(seat)
        if action not in legal:
            action = self._resolve(seat, action, legal)
        if action is DRAW:
            events = self._draw(seat)
        elif action is PASS:
            events = self._pass(seat)
        else:
            events = self._play(seat, action)
        self.last_events = events
        return events

    def _resolve(self, seat: int, action: Any, legal: list[Any]) -> Any:
        """Map a parsed action onto the legal one it means, or raise the specific reason it is illegal."""
        hand = self.in_hand[seat]
        playable = [a for a in legal if isinstance(a, Play)]
        if isinstance(action, Word):
            if playable:
                example = self.format_action(playable[0])
                raise MustPlay(f"you can play ({example}), so you may not {action}", "must_play", play=example)
            if action == DRAW:
                raise CannotDraw(*self._why_no_draw())
            left = len(self.boneyard) - self.leave
            raise MustDraw(f"you must draw: the boneyard still has {left} tile(s) you may draw", "must_draw", left=left)
        if (
            not isinstance(action, Play)
            or not all(type(x) is int for x in (action.tile, action.target))
            or not (0 <= action.tile < len(self.all_tiles) and -1 <= action.target < len(self.all_tiles))
        ):
            raise IllegalAction(f"{action!r} is not a domino action", "not_an_action")
        name = label(action.tile)
        if action.tile not in hand:
            raise NotInHand(f"you do not hold {name}", "not_in_hand", tile=name)
        layout = self.layout
        if not layout.nodes:
            if action.target >= 0:
                raise NoMatchingEnd(f"nothing is on the table yet: lead a tile, like {name}", "lead_first", tile=name)
            if self.forced_lead >= 0 and action.tile != self.forced_lead:
                double = label(self.forced_lead)
                raise IllegalAction(
                    f"the first lead must be the highest double, {double}", "lead_highest_double", tile=double
                )
        else:
            if action.target < 0:
                raise IllegalAction(f"the hand has been led: attach {name} to an open end", "already_led", tile=name)
            target = label(action.target)
            if action.target not in layout.node_of_tile:
                raise NoMatchingEnd(f"{target} is not on the table", "target_not_on_table", target=target)
            if action.side >= 0 and layout.arm_waiting(action.target, action.side):
                raise ArmNotOpen(
                    f"the arms of spinner {target} open only after both of its sides are covered",
                    "arm_not_open",
                    target=target,
                )
            end = layout.find_end(action.tile, action.target, action.side)
            if end < 0:
                numbers = layout.open_numbers(action.target)
                side = COMPASS[action.side] if action.side >= 0 else ""
                where = f" to the {side}" if side else ""
                if not numbers:
                    raise NoMatchingEnd(f"{target} has no open end{where}", "no_open_end", target=target, side=side)
                shows = ", ".join(map(str, sorted(set(numbers))))
                raise NoMatchingEnd(
                    f"{name} does not fit {target}{where} (its open end shows {shows})",
                    "does_not_fit",
                    tile=name,
                    target=target,
                    side=side,
                    shows=shows,
                )
        for candidate in playable:
            if candidate.tile == action.tile and candidate.target == action.target and candidate.claim == action.claim:
                return candidate._replace(side=action.side) if action.side >= 0 else candidate
        if action.claim:
            if not self.call_muggins:
                raise IllegalAction(
                    "points are credited automatically in this game: there is nothing to claim", "auto_muggins"
                )
            play = self.format_action(action._replace(claim=False))
            raise IllegalAction(f"{play} scores nothing: there is no muggins to claim", "nothing_to_claim", play=play)
        raise IllegalAction(  # pragma: no cover - defensive
            f"{self.format_action(action)} is not a legal play now", "not_legal", play=self.format_action(action)
        )

    def _why_no_draw(self) -> tuple[str, str]:
        if not self.rules.boneyard:
            return "this game has no boneyard: pass when you cannot play", "no_boneyard"
        if not self.boneyard:
            return "the boneyard is empty: pass", "boneyard_empty"
        return f"the last {self.leave} tile(s) of the boneyard may not be drawn: pass", "boneyard_leave"

    def _record(self, seat: int, action: Any, points: tuple[int, ...]) -> None:
        self.steps.append(Step(seat, action, points))

    def _draw(self, seat: int) -> list[Event]:
        tile = self.boneyard.pop()
        self.in_hand[seat].append(tile)
        self._record(seat, DRAW, self.zero)
        return [Event("draw", seat, {"boneyard": len(self.boneyard)})]

    def _pass(self, seat: int) -> list[Event]:
        self._record(seat, PASS, self.zero)
        events = [Event("pass", seat, None)]
        self.passes += 1
        if self.passes >= self.players:
            self._end_hand("blocked", None, events)
        else:
            self.current = (seat + 1) % self.players
        return events

    def play_at(self, seat: int, tile: int, end: int, claim: bool = False) -> None:
        """A search's fast play: `tile` from the hand of `seat`, whose turn it is, on open end number `end`
        of `layout.ends`, which it must fit. Nothing is checked: for playouts of a search, which pick
        among the fitting tiles themselves; every other action goes through `apply`."""
        value, n, _, _ = self.layout.ends[end]
        node = self.layout.nodes[n]
        self._play(seat, _new(Play, (tile, value, node.tile, node.touch, -1, claim)), end)

    def _play(self, seat: int, action: Play, end: int = -1) -> list[Event]:
        layout = self.layout
        if action.target < 0:
            count = layout.lead(action.tile)
        else:
            if end < 0:
                end = layout.find_end(action.tile, action.target, action.side)
            count = layout.place(action.tile, end)
        hand = self.in_hand[seat]
        hand.remove(action.tile)
        self.passes = 0
        points = self._muggins(count) if self.unit and (action.claim or not self.call_muggins) else 0
        if points:
            side = self.side_of[seat]
            self.scores[side] += points
            self.hand_play_points[side] += points
            step_points = self.side_points(seat, points)
        else:
            step_points = self.zero
        self._record(seat, action, step_points)
        events = [Event("play", seat, {"action": action, "points": points, "count": count})]
        if points and self.rules.scoring == "all-fives" and self.scores[self.side_of[seat]] >= self.goal:
            self._finish((self.side_of[seat],), events)
        elif not hand:
            self._end_hand("domino", seat, events)
        else:
            self.current = (seat + 1) % self.players
        return events

    # -- end of a hand and of the game ------------------------------------------------------------------
    def _hand_points(self, goer: int | None, pips: list[int]) -> tuple[list[int], int | None]:
        """What each side scores at the hand's end on the pips left, and the hand's winner (All Fives)."""
        kind = self.rules.scoring
        if kind in ("five-up", "le-quantette"):
            return scoring.five_up_hand(kind, self.sides, self.side_of, pips, goer, self.options), None
        if kind == "quantette":
            return scoring.quantette_hand(self.sides, pips, goer, self.options), None
        if kind == "draw":
            return scoring.draw_hand(pips), None
        return scoring.all_fives_hand(self.sides, self.side_of, pips, goer)

    def end_playout_hand(self, goer: int | None, pips: list[int], play: list[int] | None = None) -> list[int]:
        """A search's fast playout (bot.ai.fives.rollout) ends the hand on a `playout_copy`: `play`, the
        points per side it scored in play (not yet in the scores), and the hand's points on the `pips` left
        into the scores and the game's end if it comes, as `_end_hand` does, but nothing recorded (no hand
        result, no events) and no next deal. Returns the hand's points per side (the playout counts them
        beside the results); with `play`, added to it too (what the playout scored in all)."""
        scores = self.scores
        points, hand_winner = self._hand_points(goer, pips)
        if play is not None:  # (one pass over the sides: every search playout ends here)
            made = self.hand_play_points
            for side, p in enumerate(play):
                if p:
                    made[side] += p
                    p += points[side]
                    scores[side] += p
                    play[side] = p
                elif points[side]:
                    p = points[side]
                    scores[side] += p
                    play[side] = p
        else:
            for side, p in enumerate(points):
                scores[side] += p
        # below the target and no tie being played off, the game goes on in every scoring that plays to
        # one (what `_check_game_end` finds then, asked only when it may find more: most playouts end so;
        # Draw dominoes plays rounds)
        target = self.target
        if target is not None and not self.extension_left and max(scores) < target and self.rules.scoring != "draw":
            return points
        over = self._check_game_end(hand_winner)
        if over is not None:
            self._finish(over, [])
        return points

    def _end_hand(self, reason: str, goer: int | None, events: list[Event], pips: list[int] | None = None) -> None:
        """Score the hand and deal the next (or end the game); `pips`: what each hand holds (default:
        counted from `in_hand`)."""
        if pips is None:
            pips = [hand_pips(h) for h in self.in_hand]
        kind = self.rules.scoring
        points, hand_winner = self._hand_points(goer, pips)
        detail: dict[str, Any] = {}
        if self.deal_next_hand:
            detail = {
                "hand": self.hand_no,
                "leader": self.leader,
                "goer": goer,
                "pips": pips,
                "hands": [[label(t) for t in h] for h in self.in_hand],
                "play": list(self.hand_play_points),
            }
        if kind == "all-fives":
            detail["winner"] = hand_winner
        result = HandResult(reason, tuple(points), detail)
        self.hands.append(result)
        for side, p in enumerate(points):
            self.scores[side] += p
        detail["totals"] = list(self.scores)
        events.append(Event("hand_end", goer, result))
        over = self._check_game_end(hand_winner)
        if over is not None:
            self._finish(over, events)
            return
        if not self.deal_next_hand:
            return
        if kind == "all-fives":
            leader = self.leader if hand_winner is None else hand_winner
        elif kind == "le-quantette" and self.partie_hands_from == len(self.hands):
            leader = self._first_dealer_after_partie()
        else:
            leader = (self.leader + 1) % self.players
        self._start_hand(leader)
        events.append(Event("deal", self.leader, {"hand": self.hand_no}))

    def _check_game_end(self, hand_winner: int | None) -> tuple[int, ...] | None:
        """The winning sides if the game ends with this hand, else None (and prepares what comes next)."""
        kind = self.rules.scoring
        scores = self.scores
        if kind == "draw":
            if self.hand_no < self.options["rounds"]:
                return None
            low = min(scores)
            return tuple(s for s, v in enumerate(scores) if v == low)
        if kind == "all-fives":
            reached = [s for s, v in enumerate(scores) if v >= self.goal]
            return tuple(reached[:1]) if reached else None
        top = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == top]
        if kind == "quantette":
            return (leaders[0],) if top >= self.goal and len(leaders) == 1 else None
        # Five Up and Le Quantette: a tie at the top is played off over 2 more hands (3 with three players),
        # after which the highest wins, whatever the target; still tied, the same again.
        if self.extension_left:
            self.extension_left -= 1
            if self.extension_left:
                return None
        elif top < self.goal:
            return None
        if len(leaders) > 1:
            self.extension_left = 3 if self.players == 3 else 2
            return None
        if kind == "le-quantette":
            return self._end_partie(leaders[0])
        return (leaders[0],)

    def _end_partie(self, winner: int) -> tuple[int, ...] | None:
        """Le Quantette: record the partie; the match ends when a side has won `parties_to_win` of them."""
        scores = list(self.scores)
        demi = self.options["demi_score"] == "on"
        majority = self.goal // 2 + 1
        points = scoring.five_up_game_points(scores, winner, self.options, demi_at=majority if demi else None)
        self.parties.append({"scores": scores, "winner": winner, "points": points})
        won = sum(1 for p in self.parties if p["winner"] == winner)
        if won >= self.options["parties_to_win"]:
            return (winner,)
        self.scores = [0] * len(self.sides)
        self.partie_hands_from = len(self.hands)
        return None

    def _first_dealer_after_partie(self) -> int:
        """A following partie: the lowest scorer deals first (∅ 4p: the losing side's player first clockwise
        from the previous dealer's left)."""
        last = self.parties[-1]["scores"]
        low = min(last)
        for step in range(1, self.players + 1):
            seat = (self.leader + step) % self.players
            if last[self.side_of[seat]] == low:
                return seat
        return (self.leader + 1) % self.players  # pragma: no cover - some side always holds the minimum

    def _finish(self, winner: tuple[int, ...], events: list[Event]) -> None:
        self.winner = winner
        kind = self.rules.scoring
        if kind == "five-up":
            self.game_points = scoring.five_up_game_points(self.scores, winner[0], self.options)
        elif kind == "le-quantette":
            totals = [0] * len(self.sides)
            for partie in self.parties:
                for side, p in enumerate(partie["points"]):
                    totals[side] += p
            self.game_points = totals
        events.append(Event("game_end", None, {"winner": winner, "scores": tuple(self.scores)}))

    # -- text -------------------------------------------------------------------------------------------
    def format_action(self, action: Any) -> str:
        return str(action)

    # -- views ------------------------------------------------------------------------------------------
    def _legal_move(self, action: Any) -> LegalMove:
        if not isinstance(action, Play):
            return LegalMove(str(action), 0, None)
        scores = action.claim or not self.call_muggins
        return LegalMove(str(action), self.points_of(action) if scores else 0, (HI[action.tile], LO[action.tile]))

    def view(self, seat: int | None) -> FivesView:
        if seat is not None and not (type(seat) is int and 0 <= seat < self.players):
            # (a negative index would otherwise show the last seat's hand)
            raise ValueError(f"there is no seat {seat!r} in a {self.players}-player game")
        layout = self.layout
        placed = tuple(
            PlacedTile(
                a=HI[n.tile] if n.touch < 0 else n.touch,
                b=n.free,
                parent=n.parent,
                dir=n.dir,
                double=n.double,
                spinner=n.spinner,
            )
            for n in layout.nodes
        )
        legal: tuple[LegalMove, ...] = ()
        hand = None
        if seat is not None:
            hand = tuple((HI[t], LO[t]) for t in self.in_hand[seat])
            if self.winner is None and seat == self.current:
                legal = tuple(self._legal_move(a) for a in self.legal_actions(seat))
        last = None
        if self.steps:
            step = self.steps[-1]
            last = (step.seat, str(step.action), step.points)
        return FivesView(
            game_id=self.game_id,
            players=self.players,
            seat=seat,
            sides=self.sides,
            options=dict(self.options),
            scores=tuple(self.scores),
            hand_no=self.hand_no,
            leader=self.leader,
            current_seat=self.current_seat,
            turn=self.turn,
            over=self.is_over,
            winner=self.winner,
            game_points=None if self.game_points is None else tuple(self.game_points),
            layout=placed,
            ends=tuple(layout.ends),
            end_count=layout.count if layout.nodes else 0,
            boneyard=len(self.boneyard),
            drawable=max(0, len(self.boneyard) - self.leave),
            hand_sizes=tuple(len(h) for h in self.in_hand),
            hand=hand,
            legal=legal,
            last=last,
            history=tuple((step.seat, str(step.action)) for step in self.steps[self.hand_start :]),
            hands=tuple(self.hands),
            parties=tuple(dict(p) for p in self.parties),
            lead_draw=None if self.lead_draw is None else tuple((HI[t], LO[t]) for t in self.lead_draw),
            muggins_unit=self.unit,
            target=self.target,
            extension_left=self.extension_left,
            partie_hands_from=self.partie_hands_from,
        )
