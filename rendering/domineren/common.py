"""Words shared by the Domineren images: the game type and its parameters, whose turn it is and to do
what, the last action and the chips it moved, and each player's chips at the start of the hand."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.domineren import DominerenView
from bot.engine.domineren.gametypes import parse_declaration
from bot.i18n import tr, trn

from ..fives.common import BODY, PAD, SMALL, TITLE, seat_name
from ..fives.hand import tile_text
from ..names import say

__all__ = ["BODY", "PAD", "SMALL", "TITLE", "seat_name", "tile_text"]

COMPASS = "ENWS"
NEEDS = {
    "double": "image.dom.need.double",
    "double-or-matador": "image.dom.need.either",
    "matador": "image.dom.need.matador",
}
MATADORS = frozenset({(6, 1), (5, 2), (4, 3), (0, 0)})


def in_billitonnen(view: DominerenView) -> bool:
    """Whether the table is Billitonnen's (being played, or the final one once the session is over)."""
    return view.billitonnen is not None and view.phase in ("billitonnen", "over")


def game_name(locale: str) -> str:
    return tr("game.domineren.name", locale)


def type_name(type_id: str, locale: str) -> str:
    return tr(f"domineren.type.{type_id}.name", locale)


def type_details(view: DominerenView, locale: str) -> list[str]:
    """The declared type's parameters in words, and the directed ends still to come."""
    game_type = view.game_type
    if game_type is None:
        return []
    decl = parse_declaration(game_type.declaration)
    t = decl.type_id
    out = []
    if t == "11":
        out.append(tr(f"image.dom.rule.{'russian' if decl.base else 'normal'}", locale))
    elif t == "12":
        other = "E" if COMPASS[decl.normal] == "W" else "W"
        out.append(tr("image.dom.param.split", locale, normal=COMPASS[decl.normal], russian=other))
    elif t in ("13a", "13b"):
        normal, russian = ("W–E", "N–S") if COMPASS[decl.normal] == "E" else ("N–S", "W–E")
        out.append(tr("image.dom.param.split", locale, normal=normal, russian=russian))
    elif t == "18":
        out.append(tr(f"image.dom.param.then_{'double_cross' if decl.double_cross else 'cross'}", locale))
    elif t == "9" and view.options.get("type9_continuation") == "normal_double_cross":
        out.append(tr("image.dom.param.then_double_cross", locale))
    if decl.cond == "a":
        other = "E" if COMPASS[decl.end] == "W" else "W"
        out.append(tr("image.dom.param.a", locale, end=COMPASS[decl.end], other=other))
    elif decl.cond == "b":
        out.append(trn("image.dom.param.b", decl.count, locale, end=COMPASS[decl.end]))
    if decl.switch:
        out.append(tr("image.dom.param.switch", locale))
    if game_type.directed:
        out.append(tr("image.dom.param.next", locale, ends=" ".join(game_type.directed)))
    return out


def need_text(need: str, locale: str) -> str:
    return tr(NEEDS[need], locale) if need in NEEDS else ""


def turn_text(view: DominerenView, names: Sequence[str], locale: str, width: int = 1 << 20) -> tuple[int, str]:
    """Who acts now, and at what; at SMALL bold, or smaller, or with the name cut, if wider than `width` (`say`)."""
    if view.current_seat is None:
        return SMALL, ""
    key = {
        "set": "image.dom.turn.set",
        "type": "image.dom.turn.type",
        "declare": "image.dom.turn.declare",
        "special": "image.dom.turn.special",
        "billitonnen": "image.dom.turn.billitonnen",
    }.get(view.phase, "image.turn")
    return say(key, locale, view.current_seat, names, SMALL, True, width)


def last_words(
    view: DominerenView, names: Sequence[str], locale: str, sides: dict[str, str] | None = None
) -> str | None:
    """The last action in words; Billitonnen's ends by `sides` (as the image shows them: left, top...)."""
    if view.last is None:
        return None
    seat, action, _ = view.last
    player = seat_name(names, seat, locale)
    words = action.split()
    head = words[0] if words else ""
    if head == "type" and len(words) > 1:
        return tr("image.dom.last.type", locale, player=player, type=type_name(words[1], locale))
    if head in ("turn", "place") and len(words) > 1:
        end = words[1].upper()
        where = tr(f"dom.end.{(sides or {}).get(end)}", locale) if sides and end in sides else end
        return tr(f"image.dom.last.{head}", locale, player=player, end=where)
    if head == "draw" and view.phase == "type" and view.set_drawn and view.layout:
        return tr("image.dom.last.set_drawn", locale, player=player, tile=tile_text(view.layout[0].tile))
    if head in ("draw", "pass"):
        return tr(f"image.last.{head}", locale, player=player)
    if head in ("declare", "decline", "concede", "peek"):
        count = len(view.declared[seat]) if head == "declare" and seat < len(view.declared) else 0
        return tr(f"image.dom.last.{head}", locale, player=player, count=count)
    if head == "claim":
        return tr("image.dom.last.claim", locale, player=player, chips=max(view.last[2]))
    tile, _, target = head.partition("@")
    if not target:
        return tr("image.dom.last.set", locale, player=player, tile=tile)
    target = target.partition(":")[0]
    if view.layout and view.layout[-1].special and view.layout[-1].seat == seat:
        return tr("image.dom.last.special", locale, player=player, tile=tile)
    key = "image.dom.last.block" if "block" in words[1:] else "image.last.play"
    return tr(key, locale, player=player, tile=tile, target=target)


def payments(view: DominerenView) -> list[tuple[int, int]]:
    """(seat, chips) the last action moved, those who received first."""
    if view.last is None:
        return []
    moved = [(s, c) for s, c in enumerate(view.last[2]) if c]
    return sorted(moved, key=lambda sc: (-sc[1], sc[0]))


def hand_start(view: DominerenView) -> tuple[int, ...] | None:
    """Each player's chips when the hand being played began, if they can be known: in the first hand
    they are the starting chips; later, when the engine records the chips after each hand (a finished
    hand's `detail["chips"]`). None otherwise (and during Billitonnen, which is not a hand)."""
    if view.phase in ("billitonnen", "over"):
        return None
    if view.hand_no == 1:
        return (view.start_chips,) * view.players
    finished = [h for h in view.hands if h.reason not in ("pool", "billitonnen")]
    if finished and len(finished) == view.hand_no - 1 and "chips" in finished[-1].detail:
        return tuple(finished[-1].detail["chips"])
    return None


def signed(chips: int) -> str:
    return f"+{chips}" if chips > 0 else f"−{-chips}" if chips < 0 else "±0"
