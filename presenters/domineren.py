"""Domineren and Billitonnen in words: the game types and their parameters, what each action did (with the
chips it moved, a Block it broke, a Nos it made: read from the engine's events), where the hand stands,
what the player to act is asked, and the end of a hand, of the session and of Billitonnen.

The rules these sentences tell are the engine's (`bot.engine.domineren`: `state.py` plays them, `rules.py`
holds their numbers); what chips a move or an action is worth comes from the view or the events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.engine import Event, Legal, View
from bot.engine.domineren import DominerenView, LegalMove
from bot.engine.domineren.gametypes import parse_declaration
from bot.engine.domineren.rules import BLOCK_BROKEN, BLOCK_UPHELD, NOS
from bot.engine.errors import BadNotation
from bot.engine.tiles import COMPASS
from bot.i18n import has, tr, trn

from .base import Ends, Presenter, of_kind, scored_by
from .common import place_mark, sentences, side_name, table_title, word_label
from .dominoes import is_play, play_label, play_sentence, tiles, with_words

if TYPE_CHECKING:
    from bot.engine import HandResult
    from bot.tables import BoardChanged, HandEnded, SideResult

OTHER_END = {"W": "E", "E": "W"}


def tile(pair: Sequence[int]) -> str:
    return f"{pair[0]}-{pair[1]}"


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


def directed(ends: str, locale: str) -> str:
    """The directed ends still to come (`WWE`) as runs: 2 tiles to the west, then 1 to the east."""
    runs: list[list[Any]] = []
    for end in ends:
        if runs and runs[-1][0] == end:
            runs[-1][1] += 1
        else:
            runs.append([end, 1])
    return tr("dom.then", locale).join(trn("dom.run", n, locale, end=_end(e, locale)) for e, n in runs)


# -- Billitonnen's ends ------------------------------------------------------------------------------------
def line_end(end: str, locale: str, ends: Ends | None = None) -> str:
    """Billitonnen's end `W` or `E` as the table image names it (`ends`: the line winds, so "left", "top"...),
    else by the compass."""
    if end not in OTHER_END:
        return end
    if ends is not None:
        return tr(f"dom.end.{ends[end]}", locale)
    return _end(end, locale)


def end_label(text: str, locale: str, ends: Ends | None = None) -> str:
    """`turn W` and `place E`, Billitonnen's choices, as buttons say them (the ends as the image shows them,
    when `ends` says how)."""
    kind, _, end = text.partition(" ")
    return tr(f"move.dom.{kind}", locale, end=line_end(end.upper(), locale, ends))


def _billitonnen(text: str, event: Event, player: str, locale: str, ends: Ends | None) -> str:
    """A turn of Billitonnen (`turn W`, `place E`, `peek`) from what everyone saw of it."""
    data = event.data
    if data.get("peek"):
        return tr("action.dom.peek", locale, player=player)
    kind, _, end = text.partition(" ")
    where = line_end(end.upper(), locale, ends)
    if kind == "place":
        return tr("action.dom.place", locale, player=player, end=where, tile=data["tile"])
    if data.get("placed") is not None:
        return tr("action.dom.turn.fits", locale, player=player, end=where, tile=data["tile"])
    if data.get("fits_both"):
        return tr("action.dom.turn.both", locale, player=player, end=where, tile=data["tile"])
    return tr("action.dom.turn.misses", locale, player=player, end=where)


def chips_suffix(chips: int, locale: str) -> str:
    """The chips an action won or cost its player (a drawn single set, a broken Block cost chips)."""
    if chips > 0:
        return trn("line.chips", chips, locale)
    if chips < 0:
        return trn("line.dom.chips_lost", -chips, locale)
    return ""


class DominerenPresenter(Presenter):
    family = "domineren"

    # -- the moves a player may choose --------------------------------------------------------------------------
    def move_label(
        self, entry: Legal, locale: str, *, scoring: bool = True, view: View | None = None
    ) -> tuple[str, str | None]:
        text = entry.text
        word = text.split()[0]
        kind = entry.kind if isinstance(entry, LegalMove) else ""
        asked = _question_label(view, text, locale) if isinstance(view, DominerenView) else None
        if asked is not None:  # the words say which question they answer (Don't declare)
            label = asked
        elif (named := word_label(text, locale)) is not None:
            label = named
        elif word == "type":
            label = declaration_text(text, locale, view.options if view is not None else None)
        elif kind in ("turn", "place"):
            label = end_label(text, locale)
        elif kind == "set" and "@" not in text:
            label = tr("move.dom.set", locale, tile=text)
        elif word[:1].isdigit():
            label = play_label(text, locale)
        else:
            label = text
        description = None
        if not isinstance(entry, LegalMove):
            pass
        elif kind == "set" and entry.tile is not None and view is not None:
            description = tr("move.dom.set_gain", locale, chips=entry.each, total=entry.each * (view.players - 1))
        elif kind == "type" and entry.game_type:
            description = type_help(entry.game_type, locale)
        elif entry.gain:
            description = trn("move.chips", entry.gain, locale)
        return label, description

    def hand_text(self, hand: Sequence[object], locale: str) -> str:
        return tiles(hand)

    # -- what happened ----------------------------------------------------------------------------------------
    def played(self, note: BoardChanged, text: str, names: Sequence[str], locale: str, ends: Ends | None) -> str:
        """The action, the chips it moved for its player, and what the play made happen: a Block it broke,
        Nos when it took a player out first (Nos on the hand's last play is told with the hand's result,
        but for the session's last hand, after which no hand is dealt)."""
        sentence = self.action_sentence(note, text, names, locale, ends) + chips_suffix(scored_by(note), locale)
        news = []
        broken = of_kind(note.events, "block_broken")
        if broken is not None and broken.seat is not None:
            news.append(tr("line.dom.block_broken", locale, player=names[broken.seat], chips=broken.data["chips"]))
        nos = of_kind(note.events, "nos")
        if nos is not None and nos.seat is not None and of_kind(note.events, "deal") is None:
            news.append(tr("line.dom.nos", locale, player=names[nos.seat], chips=nos.data["chips"]))
        return sentences([sentence, *news])

    def action_sentence(
        self, note: BoardChanged, text: str, names: Sequence[str], locale: str, ends: Ends | None
    ) -> str:
        player = names[note.seat]
        words = text.split()
        event = of_kind(note.events, "set", "type", "declare", "decline", "special", "pass", "concede")
        turned = of_kind(note.events, "billitonnen_turn")
        if turned is not None:
            return _billitonnen(text, turned, player, locale, ends)
        if event is None or (event.kind == "pass" and not event.data["forced"]):  # play, draw, pass, claim
            if is_play(text):
                return play_sentence(text, player, locale, first="action.set")
            return super().action_sentence(note, text, names, locale, ends)
        if event.kind == "set":
            if event.data["drawn"]:
                return tr("action.dom.set_drawn", locale, player=player, tile=event.data["tile"])
            return play_sentence(text, player, locale, first="action.set")
        if event.kind == "type":
            declaration = declaration_text(event.data["declaration"], locale, note.view.options)
            return tr("action.dom.type", locale, player=player, type=declaration)
        if event.kind == "declare":
            doubles = event.data["doubles"]
            return trn("action.dom.declare", len(doubles), locale, player=player, tiles=" ".join(doubles))
        if event.kind == "decline":
            return tr(f"action.dom.decline.{event.data['question']}", locale, player=player)
        if event.kind == "special":
            played, target = words[0].split("@", 1)
            sentence = tr("action.dom.special", locale, player=player, tile=played, target=target.split(":")[0])
            return with_words(sentence, words[1:], locale)
        if event.kind == "pass":
            return tr("action.dom.forced_pass", locale, player=player)
        return tr("action.dom.concede", locale, player=player, declarer=names[event.data["block"]])

    # -- where the hand stands --------------------------------------------------------------------------------
    def status_title(self, view: View, locale: str) -> str:
        billitonnen = isinstance(view, DominerenView) and view.phase == "billitonnen"
        return tr("board.dom.billitonnen" if billitonnen else "board.dom.hand", locale)

    def status_lines(self, view: View, names: Sequence[str], locale: str) -> list[str]:
        """The hand as everyone sees it (its set, type, talon, doubles shown, Nos and a standing Block), or
        Billitonnen's pool."""
        if not isinstance(view, DominerenView) or view.over:
            return []
        if view.phase == "billitonnen":
            lines = [tr("status.dom.billitonnen", locale, pool=view.pool)]
            game = view.billitonnen
            if game is not None and game.turned is not None and view.current_seat is not None:
                lines.append(tr("status.dom.turned", locale, tile=tile(game.turned), player=names[view.current_seat]))
            return lines
        lines = [
            tr("status.dom.hand", locale, number=view.hand_no, total=view.hands_total, player=names[view.set_player])
        ]
        if view.layout:
            key = "status.dom.set_drawn" if view.set_drawn else "status.dom.set"
            lines.append(tr(key, locale, tile=tile(view.layout[0].tile)))
        if view.game_type is not None:
            declared = declaration_text(view.game_type.declaration, locale, view.options)
            lines.append(tr("status.dom.type", locale, type=declared))
            if view.game_type.directed:
                lines.append(tr("status.dom.directed", locale, ends=directed(view.game_type.directed, locale)))
        lines.append(tr("status.dom.talon", locale, count=view.talon, drawable=view.drawable))
        for seat, shown in enumerate(view.declared):
            if shown:
                lines.append(
                    tr("status.dom.declared", locale, player=names[seat], tiles=" ".join(tile(t) for t in shown))
                )
        if view.nos is not None:
            lines.append(tr("status.dom.nos", locale, player=names[view.nos]))
        if view.block is not None:
            lines.append(tr("status.dom.block", locale, player=names[view.block], won=BLOCK_UPHELD, lost=BLOCK_BROKEN))
        return lines

    def turn_line(self, view: View, names: Sequence[str], locale: str) -> str:
        """Who acts now and at what: the set, the type, a question, Billitonnen, or a play."""
        if (
            isinstance(view, DominerenView)
            and view.phase in ("set", "type", "declare", "special", "billitonnen")
            and view.current_seat is not None
            and not view.over
        ):
            return tr(f"board.dom.turn.{view.phase}", locale, player=names[view.current_seat])
        return super().turn_line(view, names, locale)

    def deadline_line(self, view: View, when: str, locale: str, *, private: bool) -> str:
        """The deadline of an out-of-turn question, said as one; none for a claim out of turn, which the
        turn's timer does not wait for."""
        if isinstance(view, DominerenView):
            if private and view.current_seat != view.seat:
                return ""
            if view.phase == "special":
                return tr("hand.dom.special_deadline" if private else "board.dom.special_deadline", locale, when=when)
        return super().deadline_line(view, when, locale, private=private)

    def prompt(self, view: View, names: Sequence[str], locale: str) -> list[str]:
        """What the player to act is asked, from their own view."""
        if not isinstance(view, DominerenView) or view.seat is None:
            return super().prompt(view, names, locale)
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
            declare = next((m for m in view.legal if m.kind == "declare"), None)
            return [trn("hand.dom.declare", doubles, locale, chips=declare.each if declare is not None else 0)]
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

    # -- the end of a hand, of the session, of Billitonnen -------------------------------------------------------
    def hand_title(self, note: HandEnded, locale: str) -> str:
        """Domineren's pool and Billitonnen are no hand: titled as what they are."""
        if note.result.reason in ("pool", "billitonnen"):
            return tr(f"hand.dom.title.{note.result.reason}", locale, table=table_title(note.table, locale))
        return super().hand_title(note, locale)

    def last_hand_name(self, note: HandEnded, locale: str) -> str:
        if note.result.reason in ("pool", "billitonnen"):
            return tr(f"result.dom.last.{note.result.reason}", locale)
        return super().last_hand_name(note, locale)

    def hand_summary(self, note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
        result = note.result
        detail = result.detail or {}
        reason = result.reason
        if reason == "pool":
            return [tr("hand.dom.pool", locale, pool=detail.get("pool", 0))]
        if reason == "billitonnen":
            winner = detail["winner"]
            lines = [tr("hand.dom.billitonnen", locale, player=names[winner], pool=detail.get("pool", 0))]
            for seat, row in enumerate(detail.get("rows") or ()):
                if row:
                    lines.append(tr("hand.dom.row", locale, player=names[seat], tiles=" ".join(row)))
            return lines
        lines = []
        set_player = detail.get("set_player")
        if set_player is not None and detail.get("set"):
            declared = str(detail.get("type") or "")
            game = declaration_text(declared, locale, note.table.options) if declared.startswith("type ") else "—"
            lines.append(tr("hand.dom.opening", locale, player=names[set_player], tile=detail["set"], type=game))
        if has(f"hand.reason.dom.{reason}"):
            lines.append(tr(f"hand.reason.dom.{reason}", locale, chips=BLOCK_UPHELD))
        if detail.get("nos") is not None:
            lines.append(tr("hand.dom.nos", locale, player=names[detail["nos"]], chips=NOS))
        held, totals = detail.get("hands") or [], detail.get("totals") or []
        for seat, held_tiles in enumerate(held):
            if held_tiles and seat < len(totals):
                lines.append(
                    tr("hand.dom.held", locale, player=names[seat], tiles=" ".join(held_tiles), count=totals[seat])
                )
        if any(totals):
            lines.append(tr("hand.dom.settlement", locale))
        return lines

    def hand_scores(self, note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
        """Each player's chips after the hand, with its settlement and the whole hand's change (payments in
        play included), or after the pool, or after Billitonnen."""
        sides = [side_name(side, names, locale) for side in note.table.sides]
        return chip_lines(note.result, note.hands[: note.hand_no - 1], note.table.options["start_chips"], sides, locale)

    def scores_title(self, locale: str, key: str = "board.scores") -> str:
        return tr("board.dom.chips", locale)  # Domineren counts chips

    def place_line(self, side: SideResult, names: Sequence[str], locale: str) -> str:
        """The final chips, and what was won or lost on them."""
        if side.game_points is None:
            return super().place_line(side, names, locale)
        who = side_name(side.seats, names, locale)
        change = f"{side.game_points:+d}"
        return tr("result.dom.place", locale, medal=place_mark(side.place), side=who, chips=side.score, change=change)


def _question_label(view: DominerenView, word: str, locale: str) -> str | None:
    """A one-word move's button where Domineren says more than the shared word (None: the shared one)."""
    if word == "draw" and view.phase == "set":
        return tr("move.dom.draw_set", locale)
    if word in ("declare", "decline") and view.phase in ("declare", "special"):
        return tr(f"move.dom.{word}.{view.phase}", locale)
    if word in ("concede", "peek"):
        return tr(f"move.dom.{word}", locale)
    return None


def chip_lines(
    result: HandResult, earlier: Sequence[HandResult], start: int, sides_names: Sequence[str], locale: str
) -> list[str]:
    """Each player's chips after a hand (its settlement and the whole hand's change), after the pool, or
    after Billitonnen. `earlier` are the finished entries before this one; `start` the chips each began with."""
    hands = [h for h in earlier if h.reason not in ("pool", "billitonnen")]
    base = list(hands[-1].detail["chips"]) if hands else [start] * len(sides_names)
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
    after = list(result.detail["chips"])
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
