"""What a seat may know of a Domineren session (`view(seat)`), and what everyone may know (`view(None)`).

Views are frozen plain data. A tile is always a `(high, low)` pair and no other pair of small ints
appears, so a test can scan a public view for hidden tiles. Hidden are: other players' hands (declared
doubles are face up, so public), the talon, and Billitonnen's face-down tiles, even from their owner
(doubles put back face up are public; a tile the current player peeked at is in his own view only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..base import Step
from ..results import HandResult
from ..tiles import COMPASS, HI, IS_DOUBLE, LO, E, W
from ..view import Legal, Tile, View
from .billitonnen import Billitonnen
from .gametypes import NAMES, Declaration
from .layout import Layout
from .matching import NEED_NAMES, RULE_NAMES, half_value
from .notation import Play, Turn
from .rules import LEAVE, NOS, bonus


class DominerenState(Protocol):
    """What a view is built from: the members of `state.DominerenState` it reads, named here so that this
    module does not import the state that imports it (the state hands itself to `build_view`, and mypy
    checks that it has them)."""

    game_id: str
    players: int
    options: dict[str, Any]
    steps: list[Step]
    hands: list[HandResult]
    scores: list[int]
    winner: tuple[int, ...] | None
    game_points: list[int] | None
    hand_no: int
    hand_start: int
    total_hands: Any
    start_chips: Any
    phase: str
    in_hand: list[list[Any]]
    talon: Any
    pool: int
    nos: int
    block: int
    bonus_table: dict[int, int]
    claims: dict[int, list[tuple[int, int]]]
    decl: Declaration | None
    declared: list[list[int]]
    forced: list[list[int]]
    layout: Layout | None
    billitonnen: Billitonnen | None
    prev_node: int
    prev_seat: int
    set_draw: list[tuple[int, int]] | None
    set_drawn: bool
    set_player: int
    turn_no: list[int]
    _where: dict[tuple[int, int, int, int], int]

    @property
    def actors(self) -> tuple[int, ...]: ...

    @property
    def bill(self) -> Billitonnen: ...

    @property
    def board(self) -> Layout: ...

    @property
    def current_seat(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int: ...

    def legal_actions(self, seat: int | None = None) -> list[Any]: ...


def _tile(t: int) -> Tile:
    return (HI[t], LO[t])


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the table. `a` touches the parent (the set: its higher half, facing W), `b` faces away."""

    tile: Tile
    a: int
    b: int
    parent: int  # index in the layout, -1 for the set
    dir: int  # compass direction from the parent: 0 E, 1 N, 2 W, 3 S (the set's line runs W-E)
    arm: int  # the side of the set its arm leaves from, -1 for the set
    rule: str  # "normal" or "russian": the rule it was placed under ("" for the set)
    special: bool  # a double played on the set out of turn (§8)
    seat: int  # who played it


@dataclass(frozen=True, slots=True)
class OpenEnd:
    number: int
    node: int  # layout index of the tile it belongs to
    dir: int  # the direction the next tile would run in
    arm: int  # the side of the set its arm leaves from
    rule: str  # the rule the next tile follows here: "normal" or "russian"
    need: str  # what that tile must be: "any", "double", "double-or-matador" or "matador"
    open: bool  # False: a cross/triangle arm waiting for the set's sides (rule/need: once it opens)
    directed: bool  # the end the next tile must go to (conditions a/b)


@dataclass(frozen=True, slots=True)
class GameType:
    id: str  # "1" .. "12", "13a", "13b", "14" .. "18"
    name: str  # English name (the table translates by id)
    declaration: str  # the declaration as written, with its parameters
    directed: str  # the arms the next tiles must still go to, in order, as compass letters ("WW", "EW")


@dataclass(frozen=True, slots=True)
class LegalMove(Legal):
    kind: str  # set, draw, pass, type, declare, decline, special, play, block, concede, claim, turn, place, peek
    tile: Tile | None = None  # the tile a set/play/special moves
    target: int = -1  # layout index of the tile played on
    dir: int = -1  # direction of the end played on
    gain: int = 0  # chips the move earns at once (§8, §10, Nos), all payers together
    game_type: str | None = None  # type declarations: the type id
    each: int = 0  # a set or a declaration of doubles: the chips each other player pays for it (§4, §7)


@dataclass(frozen=True, slots=True)
class Owed:
    seat: int
    chips: int


@dataclass(frozen=True, slots=True)
class BillitonnenView:
    rows: tuple[tuple[Tile | None, ...], ...]  # per seat, left to right; None = face down
    line: tuple[PlacedTile, ...]
    end_w: int
    end_e: int
    first: int
    turned: Tile | None  # a turned tile that fits both ends, waiting to be placed
    peeked: Tile | None  # the current player's next tile, in his own view after `peek`
    winner: int | None
    # per seat, left to right: the tiles everyone saw turned and put back (face down or up), else None
    remembered: tuple[tuple[Tile | None, ...], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DominerenView(View):
    # `scores` are the chips per seat
    phase: str  # set, type, declare, special, play, billitonnen, over
    hands_total: int
    set_player: int
    game_points: tuple[int, ...] | None  # chips - start_chips, once over
    start_chips: int
    pool: int
    game_type: GameType | None
    set_drawn: bool  # the set came from the talon
    layout: tuple[PlacedTile, ...]
    ends: tuple[OpenEnd, ...]
    talon: int
    drawable: int
    declared: tuple[tuple[Tile, ...], ...]  # doubles shown face up per seat (§7)
    hand_sizes: tuple[int, ...]
    hand: tuple[Tile, ...] | None  # the viewer's tiles; None in the public view
    forced_passes: tuple[tuple[int, ...], ...]  # per seat: the turn numbers it must pass (§8)
    turns: tuple[int, ...]  # per seat: normal turns begun this hand
    block: int | None  # the seat whose Block is being tested
    nos: int | None  # the seat that said Nos this hand
    owed: tuple[Owed, ...]  # auto_claim=off: payments waiting for a claim
    legal: tuple[LegalMove, ...]  # the viewer's actions when the viewer is to act
    last: tuple[int, str, tuple[int, ...]] | None  # (seat, action, chips per seat) of the last action
    # `hands` also holds the pool/Billitonnen entries (their tiles are shown); `history` is the hand's, or
    # Billitonnen's, so far
    set_draw: tuple[tuple[int, Tile], ...] | None  # (seat, tile) drawn to break a tie for set player
    billitonnen: BillitonnenView | None

    @property
    def chips(self) -> tuple[int, ...]:
        """Each seat's chips: Domineren's scores."""
        return self.scores


def _placed(node: Any) -> PlacedTile:
    t = node.tile
    first = HI[t] if node.touch < 0 else node.touch
    second = LO[t] if node.touch < 0 else node.free
    rule = RULE_NAMES[node.rule] if node.rule >= 0 else ""
    return PlacedTile(_tile(t), first, second, node.parent, node.dir, node.arm, rule, node.special, node.seat)


def _move(state: DominerenState, seat: int, action: Any) -> LegalMove:
    if type(action) is Play:
        t = action.tile
        if action.target < 0:
            return LegalMove(str(action), "set", _tile(t), each=half_value(t))
        layout = state.board
        index = state._where.get((t, action.touch, action.target, action.side), -1)
        end = layout.ends[index] if index >= 0 else (0, -1, -1, -1)
        if state.phase == "special":
            return LegalMove(str(action), "special", _tile(t), end[1], end[2], half_value(t))
        gain = 0
        if IS_DOUBLE[t] and end[1] == state.prev_node >= 0 and state.in_hand[state.prev_seat]:
            gain = half_value(t)
        if len(state.in_hand[seat]) == 1 and state.nos < 0:
            gain += NOS * (state.players - 1)
        return LegalMove(str(action), "block" if action.block else "play", _tile(t), end[1], end[2], gain)
    if type(action) is Turn:
        return LegalMove(str(action), action.kind)
    if hasattr(action, "type_id"):
        return LegalMove(str(action), "type", game_type=action.type_id)
    if action == "draw" and state.phase == "set":
        return LegalMove("draw", "set")
    if action == "declare":
        doubles = sum(1 for t in state.in_hand[seat] if IS_DOUBLE[t])
        return LegalMove("declare", "declare", each=bonus(state.bonus_table, doubles))
    return LegalMove(str(action), str(action))


def _billitonnen(state: DominerenState, seat: int | None) -> BillitonnenView:
    game = state.bill
    # face down while it is played; once the session is over nothing is left to hide: the rows show
    # what everyone held
    over = state.phase == "over"
    rows = tuple(tuple(_tile(t) if over or t in game.face_up else None for t in row) for row in game.rows)
    peeked = None
    if seat is not None and seat == game.current and game.peeked >= 0:
        peeked = _tile(game.peeked)
    line = []
    for t, touch, parent, d in game.line:
        a = HI[t] if touch < 0 else touch
        b = LO[t] if touch < 0 else (HI[t] if LO[t] == touch else LO[t])
        line.append(PlacedTile(_tile(t), a, b, parent, d, -1, "normal", False, -1))
    return BillitonnenView(
        rows,
        tuple(line),
        game.ends[W][0],
        game.ends[E][0],
        game.first,
        _tile(game.turned) if game.turned >= 0 else None,
        peeked,
        game.winner,
        tuple(tuple(_tile(t) if t in game.seen else None for t in row) for row in game.rows),
    )


def build_view(state: DominerenState, seat: int | None) -> DominerenView:
    layout = state.layout
    placed: tuple[PlacedTile, ...] = ()
    ends: tuple[OpenEnd, ...] = ()
    game_type = None
    if layout is not None and state.phase != "billitonnen" and state.phase != "over":
        placed = tuple(_placed(n) for n in layout.nodes)
        head = layout.queue[0] if layout.queue else -1
        if layout.plan is not None:
            rows = []
            for end in layout.ends:
                rule = layout.end_rule(end)
                is_open = rule is not None
                if rule is None:  # a waiting arm: the rule and need it will have once open
                    arm = end[3]
                    rule = (layout.arm_rule[arm], layout.plan.arm_need[arm] if layout.arm_len[arm] == 1 else 0)
                rows.append(
                    OpenEnd(
                        end[0],
                        end[1],
                        end[2],
                        end[3],
                        RULE_NAMES[rule[0]],
                        NEED_NAMES[rule[1]],
                        is_open,
                        end[3] == head,
                    )
                )
            ends = tuple(rows)
    if state.decl is not None and layout is not None:
        decl = state.decl
        game_type = GameType(decl.type_id, NAMES[decl.type_id], str(decl), "".join(COMPASS[d] for d in layout.queue))
    legal: tuple[LegalMove, ...] = ()
    hand = None
    if seat is not None:
        hand = tuple(_tile(t) for t in state.in_hand[seat]) if state.phase != "billitonnen" else ()
        if state.winner is None and seat in state.actors:
            legal = tuple(_move(state, seat, a) for a in state.legal_actions(seat))
    last = None
    if state.steps:
        step = state.steps[-1]
        last = (step.seat, str(step.action), step.points)
    in_hands = state.phase not in ("billitonnen", "over")
    return DominerenView(
        game_id=state.game_id,
        players=state.players,
        seat=seat,
        options=dict(state.options),
        phase=state.phase,
        hand_no=state.hand_no,
        hands_total=state.total_hands,
        set_player=state.set_player,
        current_seat=state.current_seat,
        turn=state.turn,
        over=state.is_over,
        winner=state.winner,
        game_points=None if state.game_points is None else tuple(state.game_points),
        scores=tuple(state.scores),
        start_chips=state.start_chips,
        pool=state.pool,
        game_type=game_type,
        set_drawn=state.set_drawn,
        layout=placed,
        ends=ends,
        talon=len(state.talon) if in_hands else 0,
        drawable=max(0, len(state.talon) - LEAVE) if in_hands else 0,
        declared=tuple(tuple(_tile(t) for t in d) for d in state.declared) if in_hands else (),
        hand_sizes=tuple(len(h) for h in state.in_hand) if in_hands else (),
        hand=hand,
        forced_passes=tuple(tuple(sorted(f)) for f in state.forced),
        turns=tuple(state.turn_no),
        block=None if state.block < 0 else state.block,
        nos=None if state.nos < 0 else state.nos,
        owed=tuple(Owed(s, sum(c for _, c in owed)) for s, owed in sorted(state.claims.items())),
        legal=legal,
        last=last,
        hands=tuple(state.hands),
        set_draw=None if state.set_draw is None else tuple((s, _tile(t)) for s, t in state.set_draw),
        billitonnen=_billitonnen(state, seat) if state.billitonnen is not None else None,
        history=tuple((step.seat, str(step.action)) for step in state.steps[state.hand_start :]),
    )
