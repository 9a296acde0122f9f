"""Moves, plays and results in words, through the catalogues: the text of selects, board lines and score
messages. Plain strings only (no Discord type), so the command-line demo prints the same sentences.

Names come in already escaped for wherever they are shown; action texts are the engine's notation
(`5-3@5-5:N`, `draw`, `8NT`, `discard 4H 5S JC`, `type 5`), turned into words per family.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import game_info
from bot.i18n import has, tr, trn
from bot.tables import BoardChanged, HandEnded, Seat, TableInfo

from . import domineren_words as dom

SUIT_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
# Five Hundred: the jack of the other suit of the trumps' colour, which ranks as a trump.
LEFT_BOWER = {"S": "JC", "C": "JS", "D": "JH", "H": "JD"}
# Single-word actions shown as buttons rather than select entries.
BUTTON_WORDS = ("draw", "pass", "declare", "decline", "solo", "concede", "claim", "peek")
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def family(game_id: str) -> str:
    return game_info(game_id).family


def game_name(game_id: str, locale: str) -> str:
    return tr(f"game.{game_id}.name", locale)


def table_title(table: TableInfo, locale: str) -> str:
    return tr("table.title", locale, game=game_name(table.game_id, locale), number=table.game_no)


def seat_name(seat: Seat, locale: str, computers: Sequence[int] = ()) -> str:
    """A seat's name: the player's, or "Computer n" for a seat that was always a computer's."""
    if seat.name:
        if seat.computer:
            return tr("seat.resigned", locale, name=seat.name)
        return seat.name
    number = computers.index(seat.index) + 1 if seat.index in computers else seat.index + 1
    return tr("seat.computer", locale, number=number)


def seat_names(seats: Sequence[Seat], locale: str) -> list[str]:
    computers = [s.index for s in seats if s.computer and not s.name]
    return [seat_name(s, locale, computers) for s in seats]


def names_with_levels(seats: Sequence[Seat], locale: str) -> list[str]:
    """The seats' names with each computer's level, where players look for it (the lobby, the board's
    players and scores): "Computer 2 (strong)", "alice (computer, normal)" for a resigned seat."""
    out = []
    for seat, name in zip(seats, seat_names(seats, locale), strict=True):
        level = seat.computer_level
        if level is not None:
            key = "seat.resigned.level" if seat.name else "seat.level"
            name = tr(key, locale, name=seat.name or name, level=tr(f"level.{level}", locale))
        out.append(name)
    return out


def side_name(side: Sequence[int], names: Sequence[str], locale: str) -> str:
    return tr("side.join", locale).join(names[s] for s in side)


# -- cards and tiles ---------------------------------------------------------------------------------
def card(text: str, locale: str) -> str:
    """`10H` -> `10♥`; the joker by name (`JK:H`, the joker led at no trump as hearts: "Joker as ♥")."""
    if text.startswith("JK"):
        suit = text[3:] if text.startswith("JK:") else ""
        if suit:
            return tr("card.joker_as", locale, suit=SUIT_SYMBOLS.get(suit, suit))
        return tr("card.joker", locale)
    return text[:-1] + SUIT_SYMBOLS.get(text[-1:], text[-1:])


def card_label(text: str, locale: str, trump: str | None = None) -> str:
    """A card as a control names it: with trumps known, the left bower says it is one ("J♦ (left bower)")."""
    label = card(text, locale)
    if trump is not None and text == LEFT_BOWER.get(trump):
        return tr("card.left_bower", locale, card=label)
    return label


def bid(text: str, locale: str) -> str:
    if text == "misere":
        return tr("bid.misere", locale)
    if text == "open-misere":
        return tr("bid.open_misere", locale)
    if text.endswith("NT"):
        return tr("bid.no_trumps", locale, number=text[:-2])
    return text[:-1] + SUIT_SYMBOLS.get(text[-1:], text[-1:])


def tiles(hand: Sequence[Any]) -> str:
    """A hand as text: tiles `6-4` (pairs) or cards as written."""
    return " ".join(f"{t[0]}-{t[1]}" if isinstance(t, tuple) else str(t) for t in hand)


def cards(hand: Sequence[str], locale: str) -> str:
    return " ".join(card(c, locale) for c in hand)


def hand_text(game_id: str, hand: Sequence[Any], locale: str) -> str:
    return cards(hand, locale) if family(game_id) == "five_hundred" else tiles(hand)


# -- moves (what a player may choose) -----------------------------------------------------------------
def _tile_play(text: str, locale: str) -> str:
    """`5-5` (a lead or a set), `5-3@5-5`, `5-3@5-5:N`, with an optional trailing word (muggins, block)."""
    words = text.split()
    play, extra = words[0], words[1:]
    if "@" in play:
        tile, target = play.split("@", 1)
        side = ""
        if ":" in target:
            target, side = target.split(":", 1)
        out = tr("move.on", locale, tile=tile, target=target)
        if side:
            out += " " + tr("move.side", locale, side=tr(f"compass.{side}", locale) if has(f"compass.{side}") else side)
    else:
        out = tr("move.lead", locale, tile=play)
    for word in extra:
        out += " · " + (tr(f"move.word.{word}", locale) if has(f"move.word.{word}") else word)
    return out


def move_label(
    game_id: str, entry: Any, locale: str, *, scoring: bool = True, view: Any = None
) -> tuple[str, str | None]:
    """The label and description of a legal move in a select (`entry` is one of the view's `legal`);
    `scoring`: the game scores in play, so a move scoring nothing says so; `view` (the player's) adds what
    the entry alone cannot say (Five Hundred's trumps, for the left bower)."""
    text: str = entry.text
    word = text.split()[0]
    domineren = family(game_id) == "domineren"
    kind = getattr(entry, "kind", "")
    worded = dom.word_label(view, text, locale) if domineren and view is not None else None
    if worded is not None:  # Domineren's words say which question they answer (Don't declare)
        label = worded
    elif has(f"move.word.{text}"):
        label = tr(f"move.word.{text}", locale)
    elif domineren and word == "type":
        label = dom.declaration_text(text, locale, getattr(view, "options", None))
    elif domineren and kind in ("turn", "place"):
        label = dom.end_label(text, locale, view)
    elif domineren and kind == "set" and "@" not in text:
        label = tr("move.dom.set", locale, tile=text)
    elif family(game_id) == "five_hundred":
        kind = getattr(entry, "kind", "")
        if kind == "bid":
            label = bid(text, locale)  # the select says "Bid…"
        elif kind == "play":
            label = card_label(text, locale, getattr(view, "trump", None))
        elif kind == "call":  # the select says "Call a partner card…": the card(s) alone
            label = " + ".join(card(c, locale) for c in text.split()[1:])
        elif kind == "discard":
            label = tr("move.discard", locale, cards=cards(text.split()[1:], locale))
        else:
            label = text
    elif word == "type" and len(text.split()) > 1:
        type_id = text.split()[1]
        name = f"option.allowed_types.value.{type_id}"
        label = tr("move.type", locale, name=tr(name, locale) if has(name) else type_id, declaration=text[5:])
    elif word[:1].isdigit():
        label = _tile_play(text, locale)
    else:
        label = text
    points = getattr(entry, "points", None)
    gain = getattr(entry, "gain", None)
    description = None
    if domineren and kind == "set" and getattr(entry, "tile", None) is not None and view is not None:
        description = dom.set_description(entry.tile, view.players, locale)
    elif domineren and kind == "type" and getattr(entry, "game_type", None):
        description = dom.type_help(entry.game_type, locale)
    elif points:
        description = trn("move.points", points, locale)
    elif gain:
        description = trn("move.chips", gain, locale)
    elif scoring and points == 0 and getattr(entry, "tile", None) is not None:
        description = tr("move.no_points", locale)
    return label, description


# -- plays (what happened) ------------------------------------------------------------------------------
def action_sentence(
    game_id: str,
    text: str,
    player: str,
    locale: str,
    *,
    seat: int = -1,
    view: Any = None,
    before: Any = None,
    names: Sequence[str] = (),
) -> str:
    """A played action as a sentence ("Alice played 5-3 on 5-5."). `text` must be the public text; `view`
    (the public view just after it) tells a Five Hundred bid from the card of the same name; `before` (the
    public view just before it, when known) and `names` let Domineren say what a decline refused."""
    words = text.split()
    head = words[0] if words else ""
    if family(game_id) == "domineren" and seat >= 0:
        said = dom.action_sentence(text, player, locale, seat=seat, view=view, before=before, names=names)
        if said is not None:
            return _with_words(said, words[1:], locale) if "@" in head else said
    if family(game_id) == "five_hundred":
        if head == "discard":
            return tr("action.discard", locale, player=player)
        if head == "call":
            return tr("action.call", locale, player=player, cards=cards(words[1:], locale))
        if head in ("pass", "solo"):
            return tr(f"action.{head}", locale, player=player)
        if head in ("misere", "open-misere") or _is_bid(view, seat, head):
            return tr("action.bid", locale, player=player, bid=bid(head, locale))
        return tr("action.card", locale, player=player, card=card(head, locale))
    if head in ("draw", "pass", "declare", "decline", "concede", "claim", "peek"):
        return tr(f"action.{head}", locale, player=player)
    if head == "type" and len(words) > 1:
        name = f"option.allowed_types.value.{words[1]}"
        return tr("action.type", locale, player=player, name=tr(name, locale) if has(name) else words[1])
    if head[:1].isdigit() and "-" in head:
        if "@" in head:
            tile, target = head.split("@", 1)
            sentence = tr("action.play", locale, player=player, tile=tile, target=target.split(":")[0])
        elif family(game_id) == "domineren":
            sentence = tr("action.set", locale, player=player, tile=head)
        else:
            sentence = tr("action.lead", locale, player=player, tile=head)
        return _with_words(sentence, words[1:], locale)
    return tr("action.other", locale, player=player, action=text)


def _with_words(sentence: str, extra: Sequence[str], locale: str) -> str:
    """A play's sentence and what was said with it (Muggins!, Block!)."""
    for word in extra:
        if has(f"action.word.{word}"):
            sentence = sentences([sentence, tr(f"action.word.{word}", locale)])
    return sentence


_CLOSED = "。、！？）」』：*"  # Japanese punctuation: no space after it (nor before a full-width bracket)


def sentences(parts: Sequence[str]) -> str:
    """Sentences one after another: a space between English ones, none after Japanese punctuation."""
    out = ""
    for part in parts:
        if not part:
            continue
        if out and not (out.rstrip("*")[-1:] in _CLOSED or part.lstrip("*")[:1] in "（「『"):
            out += " "
        out += part
    return out


def _is_bid(view: Any, seat: int, text: str) -> bool:
    """A bid and a card are written alike (`7H`): a card is in the trick (or the trick it completed), a
    bid is the auction's last entry."""
    if view is None:
        return False
    if (seat, text) in getattr(view, "trick", ()) or (seat, text) in getattr(view, "last_trick", ()):
        return False
    auction = getattr(view, "auction", ())
    return bool(auction) and tuple(auction[-1]) == (seat, text)


def public_action(note: BoardChanged) -> str:
    """The action as everyone may read it: the public view's own record of it (Five Hundred's discard is
    face down there), never the notification's full text."""
    last = getattr(note.view, "last", None)
    if last is not None and last[0] == note.seat:
        return str(last[1])
    return note.action.split()[0] if note.action.startswith("discard") else note.action


def board_line(note: BoardChanged, names: Sequence[str], locale: str, before: Any = None) -> str:
    """One play on the board: who did what, what it scored, and whether the bot or the timer did it.
    `before` is the public view just before the action, where the caller knows it."""
    player = names[note.seat]
    game_id = note.table.game_id
    text = public_action(note)
    sentence = action_sentence(
        game_id, text, player, locale, seat=note.seat, view=note.view, before=before, names=names
    )
    side = next((k for k, members in enumerate(note.table.sides) if note.seat in members), None)
    scored = note.points[side] if side is not None and side < len(note.points) else 0
    if family(game_id) == "domineren":
        sentence += dom.chips_suffix(scored, locale)
        sentence = sentences([sentence, *dom.news(text, note.seat, locale, view=note.view, before=before, names=names)])
    elif scored > 0:
        sentence += trn("line.scores", scored, locale)
    if note.kind == "timeout":
        sentence = tr("line.timeout", locale, player=player, action=sentence)
    elif note.kind == "auto":
        sentence = tr("line.auto", locale, action=sentence)
    if family(note.table.game_id) == "five_hundred":
        sentence = sentences([sentence, *_five_hundred_news(note, names, locale)])
    return sentence


def _five_hundred_news(note: BoardChanged, names: Sequence[str], locale: str) -> list[str]:
    """What a Five Hundred action made public besides itself, read from the public view just after it: a
    partner now known, an open-misère hand laid face up, the trick it completed."""
    view = note.view
    if view is None:
        return []
    head = public_action(note).split()[0]
    out = []
    called, partners = tuple(getattr(view, "called", ())), tuple(getattr(view, "partners", ()))
    hidden = getattr(view, "options", {}).get("five_player_partner_reveal") == "hidden"
    revealed = partners and ((head == "call" and not hidden) or (hidden and head in called and note.seat in partners))
    if revealed and view.declarer is not None:
        who = tr("side.join", locale).join(f"**{names[s]}**" for s in (partners if head == "call" else (note.seat,)))
        out.append(tr("line.500.partner", locale, players=who, declarer=names[view.declarer]))
    if getattr(view, "exposed", None) and view.declarer is not None:
        if view.options.get("open_misere_expose") == "after_first_trick":
            now = head != "discard" and sum(view.tricks) == 1 and not view.trick
        else:
            now = head == "discard"
        if now:
            out.append(tr("line.500.exposed", locale, player=names[view.declarer]))
    last = tuple(getattr(view, "last_trick", ()))
    winner = getattr(view, "last_trick_winner", None)
    if not last and getattr(view, "hands", ()) and getattr(view, "phase", None) == "auction":
        # the tenth trick: the next deal has cleared the table, the hand's result keeps the trick
        detail = view.hands[-1].detail or {}
        last = tuple((seat, card) for seat, card in detail.get("last_trick") or ())
        winner = detail.get("last_trick_winner")
    if not view.trick and last and last[-1] == (note.seat, head) and winner is not None:
        out.append(tr("line.500.trick", locale, player=names[winner]))
    return out


# -- hands and games ------------------------------------------------------------------------------------
def hand_summary(note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
    """Why the hand ended, what each side scored, and (for tiles) what everyone still held."""
    result = note.result
    detail = result.detail or {}
    if family(note.table.game_id) == "domineren":
        return dom.hand_summary(result, names, locale, note.table.options)
    lines: list[str] = []
    reason = result.reason
    if reason == "domino" and detail.get("goer") is not None:
        lines.append(tr("hand.reason.domino", locale, player=names[detail["goer"]]))
    elif reason in ("made", "set") and detail.get("declarer") is not None:
        contract = bid(str(detail.get("contract")), locale)
        lines.append(tr(f"hand.reason.{reason}", locale, player=names[detail["declarer"]], contract=contract))
    elif has(f"hand.reason.{reason}"):
        lines.append(tr(f"hand.reason.{reason}", locale))
    if family(note.table.game_id) == "five_hundred":
        lines += _five_hundred_tricks(note, names, locale)
    held = detail.get("hands")
    pips = detail.get("pips")
    if isinstance(held, list) and isinstance(pips, list):
        for seat, hand in enumerate(held):
            if hand:
                lines.append(
                    tr(
                        "hand.held",
                        locale,
                        player=names[seat],
                        tiles=" ".join(hand),
                        pips=trn("pips", pips[seat], locale),
                    )
                )
    return lines


def _five_hundred_tricks(note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
    """A Five Hundred hand's partners (five players) and the tricks each side took."""
    detail = note.result.detail or {}
    lines = []
    partners = detail.get("partners") or []
    if partners and detail.get("called") and detail.get("declarer") is not None:  # five players: a called partner
        who = tr("side.join", locale).join(f"**{names[s]}**" for s in partners)
        lines.append(tr("hand.500.partners", locale, players=who, declarer=names[detail["declarer"]]))
    tricks = detail.get("tricks")
    if isinstance(tricks, list) and any(tricks):
        per_side = [
            tr("hand.500.side_tricks", locale, side=side_name(side, names, locale), count=sum(tricks[s] for s in side))
            for side in note.table.sides
        ]
        lines.append(tr("hand.500.tricks", locale, tricks=tr("list.join", locale).join(per_side)))
    return lines


def status_lines(game_id: str, view: Any, names: Sequence[str], locale: str) -> list[str]:
    """Where a hand stands, in words, for the board and the hand messages: Five Hundred's high bid and who
    holds it during the auction, then the contract, its declarer and the partners the viewer knows; where a
    Domineren hand stands (its set, type, talon, doubles shown, Nos and a standing Block) or Billitonnen's
    pool."""
    if family(game_id) == "domineren" and view is not None:
        return dom.status_lines(view, names, locale)
    if family(game_id) != "five_hundred" or view is None or getattr(view, "over", False):
        return []
    if view.phase == "auction":
        if view.high_bid is None or view.high_bidder is None:
            return [tr("status.500.no_bid", locale)]
        return [tr("status.500.high_bid", locale, bid=bid(view.high_bid, locale), player=names[view.high_bidder])]
    if view.contract is None or view.declarer is None:
        return [tr("status.500.all_pass", locale)]
    line = tr("status.500.contract", locale, contract=bid(view.contract, locale), player=names[view.declarer])
    if view.partners and view.called:  # five players: the partner called this hand (others sit as partners)
        players = tr("side.join", locale).join(f"**{names[s]}**" for s in view.partners)
        line += " " + tr("status.500.partners", locale, players=players)
    elif view.called:
        line += " " + tr("status.500.called", locale, cards=cards(view.called, locale))
    elif view.solo and view.players == 5:
        line += " " + tr("status.500.solo", locale)
    return [line]


def exposed_hand(game_id: str, view: Any, names: Sequence[str], locale: str) -> tuple[str, str] | None:
    """An open-misère hand laid face up (from the public view): a title and the cards, for the board."""
    exposed = getattr(view, "exposed", None) if family(game_id) == "five_hundred" else None
    if view is None or getattr(view, "over", False) or exposed is None or view.declarer is None:
        return None
    return tr("status.500.exposed", locale, player=names[view.declarer]), cards(exposed, locale) or "—"


def side_scores(
    sides: Sequence[Sequence[int]], points: Sequence[int], totals: Sequence[int], names: Sequence[str], locale: str
) -> list[str]:
    return [
        tr("hand.side", locale, side=side_name(side, names, locale), points=f"{points[k]:+d}", total=totals[k])
        for k, side in enumerate(sides)
    ]


def status_title(game_id: str, view: Any, locale: str) -> str:
    """The name of the board's field of `status_lines`."""
    if family(game_id) == "domineren":
        return tr("board.dom.billitonnen" if getattr(view, "phase", "") == "billitonnen" else "board.dom.hand", locale)
    return tr("board.500.hand", locale)


def scores_title(game_id: str, locale: str, key: str = "board.scores") -> str:
    """The field of scores, `key` where the game scores points (Domineren counts chips)."""
    return tr("board.dom.chips" if family(game_id) == "domineren" else key, locale)


def hand_title(note: HandEnded, locale: str) -> str:
    """The title of a hand's result (Domineren's pool and Billitonnen are no hand)."""
    table = table_title(note.table, locale)
    if family(note.table.game_id) == "domineren":
        title = dom.hand_title(note.result, table, note.hand_no, locale)
        if title is not None:
            return title
    return tr("hand.over.title", locale, table=table, number=note.hand_no)


def last_hand_name(note: HandEnded, locale: str) -> str:
    """The game-over message's field for the hand that ended the game."""
    if family(note.table.game_id) == "domineren":
        name = dom.last_hand_name(note.result, note.hand_no, locale)
        if name is not None:
            return name
    return tr("result.last_hand", locale, number=note.hand_no)


def hand_scores(note: HandEnded, names: Sequence[str], locale: str) -> list[str]:
    """What each side scored in a hand and its total; for Domineren each player's chips after it, with
    the settlement and the whole hand's change (payments in play included), or the pool and Billitonnen."""
    table = note.table
    if family(table.game_id) == "domineren":
        earlier = note.hands[: note.hand_no - 1]
        start = int(table.options.get("start_chips", 500))
        sides = [side_name(side, names, locale) for side in table.sides]
        return dom.chip_lines(note.result, earlier, start, sides, locale)
    return side_scores(table.sides, note.result.points, note.scores, names, locale)


def turn_line(game_id: str, view: Any, names: Sequence[str], locale: str) -> str:
    """The board's word on whose turn it is, and to do what."""
    if family(game_id) == "domineren" and view is not None:
        line = dom.turn_line(view, names, locale)
        if line is not None:
            return line
    return tr("board.turn", locale, player=names[view.current_seat])


def deadline_line(game_id: str, view: Any, when: str, locale: str, *, private: bool) -> str:
    """When the turn runs out: on the board, or (`private`) in the hand of the player to act."""
    if family(game_id) == "domineren" and view is not None:
        line = dom.deadline_line(view, when, locale, private=private)
        if line is not None:
            return line
    return tr("hand.deadline" if private else "board.deadline", locale, when=when)


def prompt(game_id: str, view: Any, names: Sequence[str], locale: str) -> list[str]:
    """What the hand message asks of the player to act (their own view)."""
    if family(game_id) == "domineren" and view is not None and view.seat is not None:
        return dom.prompt(view, names, locale)
    return [tr("hand.your_turn", locale)]


def standings(note: Any, names: Sequence[str], locale: str) -> list[str]:
    """The final places of a GameEnded, best first, with scores and game points."""
    lines = []
    chips = family(note.table.game_id) == "domineren"
    for side in sorted(note.sides, key=lambda s: (s.place, s.side)):
        medal = MEDALS.get(side.place, f"{side.place}.")
        who = side_name(side.seats, names, locale)
        if chips and side.game_points is not None:  # the final chips, and what was won or lost on them
            lines.append(
                tr("result.dom.place", locale, medal=medal, side=who, chips=side.score, change=f"{side.game_points:+d}")
            )
            continue
        line = tr("result.place", locale, medal=medal, side=who, score=side.score)
        if side.game_points is not None:
            line += " " + trn("result.game_points", side.game_points, locale)
        lines.append(line)
    return lines


def winners(note: Any, names: Sequence[str], locale: str) -> str:
    won = [s for s in note.sides if s.won]
    if not won:
        return tr("result.no_winner", locale)
    players = tr("side.join", locale).join(side_name(s.seats, names, locale) for s in won)
    count = sum(len(s.seats) for s in won)
    return trn("result.winner", count, locale, players=players)


def rating_lines(note: Any, names: Sequence[str], locale: str) -> list[str]:
    return [
        tr(
            "result.rating",
            locale,
            player=names[c.seat],
            before=f"{c.before:.1f}",
            after=f"{c.after:.1f}",
            delta=f"{c.delta:+.1f}",
        )
        for c in note.ratings
    ]


# -- options -------------------------------------------------------------------------------------------
def option_name(option_id: str, locale: str) -> str:
    key = f"option.{option_id}.name"
    return tr(key, locale) if has(key) else option_id


def option_value(option_id: str, value: Any, locale: str) -> str:
    if isinstance(value, list | tuple):
        return tr("list.join", locale).join(option_value(option_id, v, locale) for v in value)
    key = f"option.{option_id}.value.{value}"
    return tr(key, locale) if has(key) else str(value)
