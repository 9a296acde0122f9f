"""Domineren and Billitonnen in words, for `cogs.words`: the game type and its parameters, what each action
did (with the chips it moved and the news it made), where the hand stands, what the player to act is
asked, and the end of a hand, of the session and of Billitonnen.

Plain strings only, like `cogs.words`. Public texts read public views only; `before` is the public view
just before an action where the caller knows it (it tells a broken Block or a decline's question), and
every sentence still reads well without it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.domineren.gametypes import parse_declaration
from bot.engine.domineren.rules import BLOCK_BROKEN, BLOCK_UPHELD, BONUS, NOS, bonus
from bot.engine.errors import BadNotation
from bot.i18n import has, tr, trn
from rendering.domineren.board import end_sides

COMPASS = "ENWS"  # Declaration sides are indices into this (tiles.COMPASS)
OTHER_END = {"W": "E", "E": "W"}
PARAMETERS = frozenset({"11", "12", "13a", "13b", "18"})  # types declared with parameters


def tile(pair: Sequence[int]) -> str:
    return f"{pair[0]}-{pair[1]}"


def half(pair: Sequence[int]) -> int:
    """What a double pays (§4, §8, §10): the pips of one half, 0-0 seven."""
    return 7 if tuple(pair) == (0, 0) else pair[0]


def _end(letter: str, locale: str) -> str:
    return tr(f"compass.{letter}", locale)


# -- game types ------------------------------------------------------------------------------------------
def type_label(type_id: str, locale: str) -> str:
    """`11. Directed opening`: the number players know the types by, and the name."""
    return tr(f"option.allowed_types.value.{type_id}", locale)


def type_help(type_id: str, locale: str) -> str:
    return tr(f"domineren.type.{type_id}.help", locale)


def parameters(declaration: str, locale: str, options: dict[str, Any] | None = None) -> list[str]:
    """A declaration's parameters in words (`type 11 russian b:W:2 switch`: the Russian rule, the next 2
    tiles to the west, then the rule switches); nothing for a type without any."""
    try:
        decl = parse_declaration(declaration)
    except BadNotation:  # a text that is not a declaration says nothing more than its name
        return []
    t = decl.type_id
    out = []
    if t == "11":
        out.append(tr(f"dom.param.rule.{'russian' if decl.base else 'normal'}", locale))
    elif t == "12":
        normal = COMPASS[decl.normal]
        out.append(
            tr("dom.param.line_split", locale, normal=_end(normal, locale), russian=_end(OTHER_END[normal], locale))
        )
    elif t in ("13a", "13b"):
        out.append(tr(f"dom.param.axis_{'we' if COMPASS[decl.normal] == 'E' else 'ns'}", locale))
    elif t == "18":
        out.append(tr(f"dom.param.then_{'double_cross' if decl.double_cross else 'cross'}", locale))
    elif t == "9" and (options or {}).get("type9_continuation") == "normal_double_cross":
        out.append(tr("dom.param.then_double_cross", locale))
    if decl.cond == "a":
        first = COMPASS[decl.end]
        out.append(tr("dom.param.a", locale, first=_end(first, locale), then=_end(OTHER_END[first], locale)))
    elif decl.cond == "b":
        out.append(trn("dom.param.b", decl.count, locale, end=_end(COMPASS[decl.end], locale)))
    if decl.switch:
        out.append(tr("dom.param.switch", locale))
    return out


def declaration_text(declaration: str, locale: str, options: dict[str, Any] | None = None) -> str:
    """`11. Directed opening (Russian rule · the next 2 tiles to the west)`."""
    words = declaration.split()
    name = (
        type_label(words[1], locale)
        if len(words) > 1 and has(f"option.allowed_types.value.{words[1]}")
        else declaration
    )
    params = parameters(declaration, locale, options)
    return tr("dom.type.with_params", locale, type=name, params=tr("dom.join", locale).join(params)) if params else name


def parameters_label(declaration: str, locale: str) -> str:
    """A parameter choice in the second step of the type select (its type is known there)."""
    return tr("dom.join", locale).join(parameters(declaration, locale)) or declaration


def directed(ends: str, locale: str) -> str:
    """The directed ends still to come (`WWE`) as runs: 2 tiles to the west, then 1 to the east."""
    runs: list[list[Any]] = []
    for end in ends:
        if runs and runs[-1][0] == end:
            runs[-1][1] += 1
        else:
            runs.append([end, 1])
    return tr("dom.then", locale).join(trn("dom.run", n, locale, end=_end(e, locale)) for e, n in runs)


# -- what happened ---------------------------------------------------------------------------------------
def _same_hand(before: Any, after: Any) -> bool:
    return before is not None and after is not None and before.hand_no == after.hand_no and before.phase != "over"


def action_sentence(
    text: str, player: str, locale: str, *, seat: int, view: Any, before: Any, names: Sequence[str]
) -> str | None:
    """A Domineren action as a sentence, or None to leave it to the shared sentences."""
    words = text.split()
    head = words[0] if words else ""
    if head == "type" and len(words) > 1:
        options = getattr(view, "options", None)
        return tr("action.dom.type", locale, player=player, type=declaration_text(text, locale, options))
    if head == "draw" and view is not None and view.phase == "type" and view.set_drawn and view.layout:
        return tr("action.dom.set_drawn", locale, player=player, tile=tile(view.layout[0].tile))
    if head == "declare":
        shown = view.declared[seat] if view is not None and seat < len(view.declared) else ()
        if shown:
            tiles = " ".join(tile(t) for t in shown)
            return trn("action.dom.declare", len(shown), locale, player=player, tiles=tiles)
        return None
    if head == "decline" and before is not None and before.phase in ("declare", "special"):
        return tr(f"action.dom.decline.{before.phase}", locale, player=player)
    if head == "pass" and before is not None and before.phase == "play":
        if before.turns[seat] in before.forced_passes[seat]:
            return tr("action.dom.forced_pass", locale, player=player)
        return None
    if head == "concede" and before is not None and before.block is not None:
        return tr("action.dom.concede", locale, player=player, declarer=names[before.block])
    if head == "peek":
        return tr("action.dom.peek", locale, player=player)
    if head in ("turn", "place") and len(words) > 1:
        return _billitonnen(head, words[1].upper(), player, locale, view=view, before=before, seat=seat)
    if "@" in head and _special(head, seat, view, before):
        played, target = head.split("@", 1)
        return tr("action.dom.special", locale, player=player, tile=played, target=target.split(":")[0])
    return None


def _special(head: str, seat: int, view: Any, before: Any) -> bool:
    """Whether a play was a double put on the set out of turn (§8): asked so, or lying so on the table."""
    if before is not None:
        return before.phase == "special"
    if view is None or not view.layout:
        return False
    placed = next((p for p in reversed(view.layout) if p.seat == seat), None)
    a, _, b = head.split("@")[0].partition("-")
    return placed is not None and placed.special and sorted(placed.tile) == sorted(map(int, (a, b)))


def _line_end(end: str, view: Any, locale: str) -> str:
    """Billitonnen's end `W` or `E` as the table image shows it (the line winds: "left", "top"...)."""
    if end not in OTHER_END:
        return end
    if view is not None and getattr(view, "billitonnen", None) is not None:
        return tr(f"dom.end.{end_sides(view)[end]}", locale)
    return _end(end, locale)


def _billitonnen(kind: str, end: str, player: str, locale: str, *, view: Any, before: Any, seat: int) -> str:
    where = _line_end(end, view, locale)
    if kind == "place":
        game = getattr(view, "billitonnen", None)
        if game is not None and game.line:
            return tr("action.dom.place", locale, player=player, end=where, tile=tile(game.line[-1].tile))
        return tr("action.dom.place_unknown", locale, player=player, end=where)
    game, old = getattr(view, "billitonnen", None), getattr(before, "billitonnen", None)
    if game is None or old is None:
        return tr("action.dom.turn", locale, player=player, end=where)
    if len(game.line) > len(old.line):
        return tr("action.dom.turn.fits", locale, player=player, end=where, tile=tile(game.line[-1].tile))
    if game.turned is not None and view.current_seat == seat:
        return tr("action.dom.turn.both", locale, player=player, end=where, tile=tile(game.turned))
    return tr("action.dom.turn.misses", locale, player=player, end=where)


def chips_suffix(chips: int, locale: str) -> str:
    """The chips an action won or cost its player (a drawn single set, a broken Block cost chips)."""
    if chips > 0:
        return trn("line.chips", chips, locale)
    if chips < 0:
        return trn("line.dom.chips_lost", -chips, locale)
    return ""


def news(text: str, seat: int, locale: str, *, view: Any, before: Any, names: Sequence[str]) -> list[str]:
    """What a play made public besides itself: a Block it broke, and Nos when it took a player out first
    (Nos on the hand's last play is told with the hand's result)."""
    out = []
    is_play = "@" in text.split()[0] if text else False
    if is_play and before is not None and before.phase == "play" and before.block is not None:
        declarer = before.block
        out.append(tr("line.dom.block_broken", locale, player=names[declarer], chips=BLOCK_BROKEN))
    if is_play and _same_hand(before, view) and view.nos == seat and before.nos is None:
        out.append(tr("line.dom.nos", locale, player=names[seat], chips=NOS))
    return out


# -- where the hand stands -------------------------------------------------------------------------------
def status_lines(view: Any, names: Sequence[str], locale: str) -> list[str]:
    """The hand as everyone sees it (the board's field, the top of every hand message)."""
    if view.over:
        return []
    if view.phase == "billitonnen":
        lines = [tr("status.dom.billitonnen", locale, pool=view.pool)]
        game = view.billitonnen
        if game is not None and game.turned is not None and view.current_seat is not None:
            lines.append(tr("status.dom.turned", locale, tile=tile(game.turned), player=names[view.current_seat]))
        return lines
    lines = [tr("status.dom.hand", locale, number=view.hand_no, total=view.hands_total, player=names[view.set_player])]
    if view.layout:
        key = "status.dom.set_drawn" if view.set_drawn else "status.dom.set"
        lines.append(tr(key, locale, tile=tile(view.layout[0].tile)))
    if view.game_type is not None:
        lines.append(
            tr("status.dom.type", locale, type=declaration_text(view.game_type.declaration, locale, view.options))
        )
        if view.game_type.directed:
            lines.append(tr("status.dom.directed", locale, ends=directed(view.game_type.directed, locale)))
    lines.append(tr("status.dom.talon", locale, count=view.talon, drawable=view.drawable))
    for seat, shown in enumerate(view.declared):
        if shown:
            lines.append(tr("status.dom.declared", locale, player=names[seat], tiles=" ".join(tile(t) for t in shown)))
    if view.nos is not None:
        lines.append(tr("status.dom.nos", locale, player=names[view.nos]))
    if view.block is not None:
        lines.append(tr("status.dom.block", locale, player=names[view.block], won=BLOCK_UPHELD, lost=BLOCK_BROKEN))
    return lines


def turn_line(view: Any, names: Sequence[str], locale: str) -> str | None:
    """Who acts now and at what, on the board (None: the shared "to play")."""
    if view.current_seat is None or view.over:
        return None
    player = names[view.current_seat]
    if view.phase in ("set", "type", "declare", "special", "billitonnen"):
        return tr(f"board.dom.turn.{view.phase}", locale, player=player)
    return None


def deadline_line(view: Any, when: str, locale: str, *, private: bool) -> str | None:
    """The deadline of an out-of-turn question, said as one (None: the shared deadline sentence; empty for
    a claim out of turn, which the turn's timer does not wait for)."""
    if private and view.current_seat != view.seat:
        return ""
    if view.phase != "special":
        return None
    return tr("hand.dom.special_deadline" if private else "board.dom.special_deadline", locale, when=when)


def prompt(view: Any, names: Sequence[str], locale: str) -> list[str]:
    """What the player to act is asked, from their own view (the hand message, on their move)."""
    kinds = {m.kind for m in view.legal}
    texts = {m.text for m in view.legal}
    phase = view.phase
    if view.current_seat != view.seat:  # auto_claim=off: owed chips, claimable out of turn
        return [tr("hand.dom.claim", locale)]
    if phase == "set":
        return [tr("hand.dom.set_draw" if "draw" in texts else "hand.dom.set", locale)]
    if phase == "type":
        return [tr("hand.dom.type", locale, tile=tile(view.layout[0].tile))]
    if phase == "declare":
        doubles = sum(1 for t in view.hand or () if t[0] == t[1])
        table = BONUS.get(view.options.get("double_bonus_table", "pagat"), BONUS["pagat"]).get(view.players, {})
        return [trn("hand.dom.declare", doubles, locale, chips=bonus(table, doubles))]
    if phase == "special":
        set_tile = view.layout[0].tile
        return [tr("hand.dom.special", locale, tile=tile(set_tile), player=names[view.set_player])]
    if phase == "billitonnen":
        game = view.billitonnen
        if "place" in kinds and game is not None and game.turned is not None:
            lines = [tr("hand.dom.place", locale, tile=tile(game.turned))]
            if game.peeked is not None:
                lines.append(tr("hand.dom.peeked", locale, tile=tile(game.peeked)))
            return lines
        return [tr("hand.dom.turn", locale)]
    if kinds == {"pass"} and view.turns[view.seat] in view.forced_passes[view.seat]:
        return [tr("hand.dom.forced_pass", locale)]
    lines = [tr("hand.your_turn", locale)]
    if "concede" in kinds and view.block is not None:
        lines.append(tr("hand.dom.concede", locale, player=names[view.block], chips=BLOCK_UPHELD))
    if "block" in kinds:
        lines.append(tr("hand.dom.block", locale, won=BLOCK_UPHELD, lost=BLOCK_BROKEN))
    if "claim" in kinds:
        lines.append(tr("hand.dom.claim", locale))
    return lines


# -- the controls' words ---------------------------------------------------------------------------------
def word_label(view: Any, word: str, locale: str) -> str | None:
    """A one-word move's button where Domineren says more than the shared word (None: the shared one)."""
    if word == "draw" and view.phase == "set":
        return tr("move.dom.draw_set", locale)
    if word in ("declare", "decline") and view.phase in ("declare", "special"):
        return tr(f"move.dom.{word}.{view.phase}", locale)
    if word in ("concede", "peek"):
        return tr(f"move.dom.{word}", locale)
    return None


def end_label(text: str, locale: str, view: Any = None) -> str:
    """`turn W` and `place E`, Billitonnen's choices, as buttons say them (the ends as the image shows
    them when the view is known)."""
    kind, _, end = text.partition(" ")
    return tr(f"move.dom.{kind}", locale, end=_line_end(end.upper(), view, locale))


def set_description(pair: Sequence[int], players: int, locale: str) -> str:
    return tr("move.dom.set_gain", locale, chips=half(pair), total=half(pair) * (players - 1))


# -- the end of a hand, of the session, of Billitonnen -----------------------------------------------------
def hand_summary(result: Any, names: Sequence[str], locale: str, options: dict[str, Any]) -> list[str]:
    detail = result.detail or {}
    reason = result.reason
    if reason == "pool":
        return [tr("hand.dom.pool", locale, pool=detail.get("pool", 0))]
    if reason == "billitonnen":
        winner = detail.get("winner")
        lines = [tr("hand.dom.billitonnen", locale, player=names[winner], pool=detail.get("pool", 0))]
        for seat, row in enumerate(detail.get("rows") or ()):
            if row:
                lines.append(tr("hand.dom.row", locale, player=names[seat], tiles=" ".join(row)))
        return lines
    lines = []
    set_player = detail.get("set_player")
    if set_player is not None and detail.get("set"):
        declared = str(detail.get("type") or "")
        game = declaration_text(declared, locale, options) if declared.startswith("type ") else "—"
        lines.append(tr("hand.dom.opening", locale, player=names[set_player], tile=detail["set"], type=game))
    if has(f"hand.reason.dom.{reason}"):
        lines.append(tr(f"hand.reason.dom.{reason}", locale, chips=BLOCK_UPHELD))
    if detail.get("nos") is not None:
        lines.append(tr("hand.dom.nos", locale, player=names[detail["nos"]], chips=NOS))
    held, totals = detail.get("hands") or [], detail.get("totals") or []
    for seat, tiles in enumerate(held):
        if tiles and seat < len(totals):
            lines.append(tr("hand.dom.held", locale, player=names[seat], tiles=" ".join(tiles), count=totals[seat]))
    if any(totals):
        lines.append(tr("hand.dom.settlement", locale))
    return lines


def chip_lines(result: Any, earlier: Sequence[Any], start: int, sides_names: Sequence[str], locale: str) -> list[str]:
    """Each player's chips after a hand (its settlement and the whole hand's change), after the pool, or
    after Billitonnen. `earlier` are the finished entries before this one."""
    hands = [h for h in earlier if h.reason not in ("pool", "billitonnen")]
    base = list(hands[-1].detail.get("chips") or []) if hands else []
    if len(base) != len(sides_names):
        base = [start] * len(sides_names)
    points = list(result.points)
    if result.reason in ("pool", "billitonnen"):
        for entry in earlier:
            if entry.reason in ("pool", "billitonnen"):
                base = [b + p for b, p in zip(base, entry.points, strict=True)]
        after = [b + p for b, p in zip(base, points, strict=True)]
        key = f"hand.dom.chips.{result.reason}"
        return [
            tr(key, locale, side=sides_names[k], chips=after[k], change=f"{points[k]:+d}", share=-points[k])
            for k in range(len(points))
        ]
    after = list(result.detail.get("chips") or [b + p for b, p in zip(base, points, strict=True)])
    return [
        tr(
            "hand.dom.chips",
            locale,
            side=sides_names[k],
            chips=after[k],
            settlement=f"{points[k]:+d}",
            change=f"{after[k] - base[k]:+d}",
        )
        for k in range(len(points))
    ]


def hand_title(result: Any, table: str, number: int, locale: str) -> str | None:
    if result.reason in ("pool", "billitonnen"):
        return tr(f"hand.dom.title.{result.reason}", locale, table=table)
    return None


def last_hand_name(result: Any, number: int, locale: str) -> str | None:
    if result.reason in ("pool", "billitonnen"):
        return tr(f"result.dom.last.{result.reason}", locale)
    return None
