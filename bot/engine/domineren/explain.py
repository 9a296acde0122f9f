"""Map an action that is not literally in the legal list onto the legal one it means, or raise the
specific reason it is illegal. Nothing here changes the state, so every refusal leaves it untouched."""

from __future__ import annotations

from typing import Any, NoReturn, Protocol

from ..errors import (
    ArmNotOpen,
    CannotDraw,
    IllegalAction,
    MustDraw,
    MustPlay,
    NoMatchingEnd,
    NotInHand,
)
from ..tiles import COMPASS, HI, IS_DOUBLE, label
from .billitonnen import Billitonnen
from .gametypes import BLANK_ONLY, NAMES, NOT_BLANK, Declaration, set_allows
from .layout import Layout
from .matching import ANY, BLANK_DOUBLE, DOUBLE, DOUBLE_OR_MATADOR, IS_MATADOR, MATADOR, RUSSIAN
from .notation import DECLARE, DECLINE, DRAW, PASS, PEEK, Play, Turn
from .rules import LEAVE


class DominerenState(Protocol):
    """What an explanation reads of the state (`state.DominerenState`, which hands itself to `resolve`;
    mypy checks that it has these), named here so that this module does not import the state back."""

    phase: str
    in_hand: list[list[Any]]
    talon: Any
    forced: list[list[int]]
    turn_no: list[int]
    allowed: tuple[Any, ...]
    _where: dict[tuple[int, int, int, int], int]
    _cands: list[tuple[Any, ...]]
    _legal: list[Any]

    @property
    def bill(self) -> Billitonnen: ...

    @property
    def board(self) -> Layout: ...


def resolve(state: DominerenState, seat: int, action: Any) -> Any:
    phase = state.phase
    if phase == "play":
        return _in_play(state, seat, action)
    if phase == "special" and type(action) is Play and action.target >= 0:
        return _play(state, seat, action, special=True)
    if phase == "set":
        _at_set(state, seat, action)
    if phase == "type":
        _at_type(state, action)
    if phase == "declare":
        raise IllegalAction(
            f"you hold enough doubles to declare them: answer {DECLARE} or {DECLINE}", "declare_or_decline"
        )
    if phase == "special":
        raise IllegalAction(
            "you may play a double on the set out of turn: play it (like 6-6@6-2) or decline", "special_or_decline"
        )
    _billitonnen(state, action)


def _at_set(state: DominerenState, seat: int, action: Any) -> NoReturn:
    hand = state.in_hand[seat]
    doubles = ", ".join(label(t) for t in sorted((t for t in hand if IS_DOUBLE[t]), reverse=True))
    if type(action) is Play and action.target < 0:
        if action.tile not in hand:
            raise NotInHand(f"you do not hold {label(action.tile)}", "not_in_hand", tile=label(action.tile))
    elif type(action) is Play:
        raise IllegalAction("nothing is on the table yet: the set comes first", "lead_first")
    elif action != DRAW:
        raise IllegalAction("the set player sets a tile first", "set_first")
    if doubles:
        raise IllegalAction(f"you hold a double, so the set is a double ({doubles})", "set_a_double", doubles=doubles)
    raise IllegalAction("you hold no double: draw the set from the talon (draw)", "set_from_talon")


def _at_type(state: DominerenState, action: Any) -> NoReturn:
    if not isinstance(action, Declaration):
        raise IllegalAction("the set player declares the game type now (like: type 1)", "declare_type_first")
    t = action.type_id
    if t not in state.allowed:
        raise IllegalAction(f"type {t} ({NAMES[t]}) is not played at this table", "type_not_allowed", type=t)
    set_tile = state.board.nodes[0].tile
    if not set_allows(t, set_tile):
        where = dict(type=t, set=label(set_tile))
        if t in BLANK_ONLY:
            raise IllegalAction(f"type {t} needs 0-0 as the set, not {label(set_tile)}", "type_needs_blank", **where)
        if t in NOT_BLANK and IS_DOUBLE[set_tile]:
            raise IllegalAction(f"type {t} needs a double other than 0-0 as the set", "type_needs_not_blank", **where)
        raise IllegalAction(f"type {t} needs a double as the set, not {label(set_tile)}", "type_needs_double", **where)
    raise IllegalAction(f"{action} is not a declaration the set allows", "not_legal", play=str(action))


def _billitonnen(state: DominerenState, action: Any) -> NoReturn:
    game = state.bill
    if type(action) is Turn and action.kind == "turn" and game.turned >= 0:
        raise IllegalAction(
            f"{label(game.turned)} fits both ends: place it with place W or place E",
            "place_turned",
            tile=label(game.turned),
        )
    if type(action) is Turn and action.kind == "place":
        raise IllegalAction("turn your rightmost tile first (turn W or turn E)", "turn_first")
    if action == PEEK:
        raise IllegalAction(
            "you may look at your next tile only before placing a tile that fits both ends", "peek_not_now"
        )
    raise IllegalAction("Billitonnen is played with turn W, turn E, place W, place E and peek", "billitonnen_actions")


def _in_play(state: DominerenState, seat: int, action: Any) -> Any:
    if state.turn_no[seat] in state.forced[seat] and action != PASS:
        raise IllegalAction("you played a double on the set out of turn: you pass this turn", "must_pass")
    legal = state._legal
    plays = [a for a in legal if type(a) is Play]
    if action == DRAW or action == PASS:
        if plays:
            example = str(plays[0])
            raise MustPlay(f"you can play ({example}), so you may not {action}", "must_play", play=example)
        if action == DRAW:
            raise CannotDraw(f"the last {LEAVE} tiles of the talon are never drawn: pass", "boneyard_leave")
        left = len(state.talon) - LEAVE
        raise MustDraw(f"you must draw: the talon still has {left} tile(s) you may draw", "must_draw", left=left)
    if type(action) is Play:
        return _play(state, seat, action, special=False)
    raise IllegalAction(f"{action} is not possible now", "not_now", action=str(action))


def _play(state: DominerenState, seat: int, p: Play, special: bool) -> Play:
    name = label(p.tile)
    hand = state.in_hand[seat]
    if p.tile not in hand:
        raise NotInHand(f"you do not hold {name}", "not_in_hand", tile=name)
    if p.target < 0:
        raise IllegalAction(f"the set is on the table: attach {name} to an open end", "already_led", tile=name)
    if special and not IS_DOUBLE[p.tile]:
        raise IllegalAction("only a double may be played on the set out of turn", "special_double_only")
    if p.block and (special or len(hand) < 2):
        raise IllegalAction("Block is declared after a normal play by a player who keeps tiles", "block_not_now")
    layout = state.board
    target = label(p.target)
    node = layout.node_of_tile.get(p.target)
    if node is None:
        raise NoMatchingEnd(f"{target} is not on the table", "target_not_on_table", target=target)
    if special and node != 0:
        set_tile = label(layout.nodes[0].tile)
        raise IllegalAction(f"out of turn a double goes on the set, {set_tile}", "special_on_set", target=set_tile)
    cands = [c for c in state._cands if c[0] == p.tile and c[2] == node and (p.side < 0 or c[3] == p.side)]
    exact = [c for c in cands if c[1] == p.touch]
    if exact:
        cands = exact  # a matador under the Russian rule: the first number written is the one that touches
    if not cands:
        _why_not(state, p, node, special)
    ends = {(c[1], c[4]) for c in cands}
    where = state._where
    matches = [
        a
        for a in state._legal
        if type(a) is Play
        and a.tile == p.tile
        and a.target == p.target
        and a.block == p.block
        and (a.touch, where.get((a.tile, a.touch, a.target, a.side))) in ends
    ]
    if p.side >= 0:
        chosen = cands[0]
        for a in matches:
            if where[(a.tile, a.touch, a.target, a.side)] == chosen[4]:
                return a
        shown = layout.nodes[node].touch if node else HI[p.target]
        return Play(p.tile, chosen[1], p.target, shown, p.side, p.block)
    if len(matches) == 1:
        return matches[0]
    options = " or ".join(str(a) for a in matches)
    raise IllegalAction(f"{name} fits {target} on several sides: say which ({options})", "side_needed", options=options)


def _why_not(state: DominerenState, p: Play, node: int, special: bool) -> NoReturn:
    layout = state.board
    name, target = label(p.tile), label(p.target)
    ends = [e for e in layout.ends if e[1] == node and (p.side < 0 or e[2] == p.side)]
    side = COMPASS[p.side] if p.side >= 0 else ""
    if not ends:
        raise NoMatchingEnd(f"{target} has no open end {side}".rstrip(), "no_open_end", target=target, side=side)
    rules = [(e, rule) for e in ends if (rule := layout.end_rule(e)) is not None]
    if not rules:
        raise ArmNotOpen(
            f"the arm of {target} is not open yet: the tiles on the set's sides come first", "arm_waits", target=target
        )
    if not special and layout.queue and all(e[3] != layout.queue[0] for e, _ in rules):
        head = COMPASS[layout.queue[0]]
        raise IllegalAction(
            f"the next tile must go towards the {head} end (directed opening)", "directed_end", side=head
        )
    shows = ", ".join(str(v) for v in sorted({e[0] for e, _ in rules}))
    for _, (_rule, need) in rules:
        if need == ANY:
            continue
        if need == MATADOR and not IS_MATADOR[p.tile]:
            raise IllegalAction(
                f"only a matador (6-1, 5-2, 4-3) may go on {target} now", "needs_matador", target=target
            )
        if need == DOUBLE and not IS_DOUBLE[p.tile]:
            raise IllegalAction(
                f"the second tile of this arm must be a double, not {name}", "needs_double", target=target, tile=name
            )
        if need == DOUBLE_OR_MATADOR and not IS_DOUBLE[p.tile] and not IS_MATADOR[p.tile]:
            raise IllegalAction(
                f"the second tile of this arm must be a double or a matador, not {name}",
                "needs_double_or_matador",
                target=target,
                tile=name,
            )
    if all(rule == RUSSIAN for _, (rule, _) in rules):
        if p.tile == BLANK_DOUBLE and IS_MATADOR[layout.nodes[node].tile]:
            raise NoMatchingEnd(f"0-0 may not touch the matador {target}", "blank_on_matador", target=target)
        raise NoMatchingEnd(
            f"{name} does not fit {target} under the Russian rule (its open end shows {shows}: the touching "
            "halves must sum to 7, or the tile be a matador)",
            "does_not_fit_russian",
            tile=name,
            target=target,
            shows=shows,
        )
    raise NoMatchingEnd(
        f"{name} does not fit {target} (its open end shows {shows})",
        "does_not_fit",
        tile=name,
        target=target,
        shows=shows,
    )
