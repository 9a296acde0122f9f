"""The text every game shares: the names of games, tables, seats and sides, options and their values, the
joining of sentences, and the results of a game (winners, places, ratings).

Names come in already escaped for wherever they are shown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.engine import OptionSpec
from bot.i18n import has, tr, trn

if TYPE_CHECKING:  # read, never made here: the presenters load no table service (nor its store)
    from bot.tables import RatingChange, Seat, SeatingDraw, SideResult, TableInfo

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def game_name(game_id: str, locale: str) -> str:
    return tr(f"game.{game_id}.name", locale)


def table_title(table: TableInfo, locale: str) -> str:
    return tr("table.title", locale, game=game_name(table.game_id, locale), number=table.game_no)


def _forgotten(user_id: int | None) -> bool:
    """A player forgotten at their request (`/privacy forget`): their seat's id is negative, its name gone."""
    return user_id is not None and user_id < 0


def seat_name(seat: Seat, locale: str, computers: Sequence[int] = ()) -> str:
    """A seat's name: the player's, "an anonymous player" for a player forgotten at their request, or
    "Computer n" for a seat that was always a computer's."""
    name = seat.name
    if not name and _forgotten(seat.replaced_user_id if seat.computer else seat.user_id):
        name = tr("seat.anonymous", locale)
    if name:
        if seat.computer:
            return tr("seat.resigned", locale, name=name)
        return name
    number = computers.index(seat.index) + 1 if seat.index in computers else seat.index + 1
    return tr("seat.computer", locale, number=number)


def seat_names(seats: Sequence[Seat], locale: str) -> list[str]:
    computers = [s.index for s in seats if s.computer and not s.name and not _forgotten(s.replaced_user_id)]
    return [seat_name(s, locale, computers) for s in seats]


def names_with_levels(seats: Sequence[Seat], locale: str) -> list[str]:
    """The seats' names with each computer's level, where players look for it (the lobby, the board's
    players and scores): "Computer 2 (strong)", "alice (computer, normal)" for a resigned seat."""
    out = []
    for seat, name in zip(seats, seat_names(seats, locale), strict=True):
        level = seat.computer_level
        if level is not None:
            resigned = seat.name or (tr("seat.anonymous", locale) if _forgotten(seat.replaced_user_id) else None)
            key = "seat.resigned.level" if resigned else "seat.level"
            name = tr(key, locale, name=resigned or name, level=tr(f"level.{level}", locale))
        out.append(name)
    return out


def player_mention(user_id: int, locale: str) -> str:
    """Who did something, as a mention; "an anonymous player" for nobody (0) or a forgotten player."""
    return f"<@{user_id}>" if user_id > 0 else tr("seat.anonymous", locale)


def entrant_name(names: Sequence[str], locale: str) -> str:
    """A tournament entrant (a player or a team), a forgotten player among them as "an anonymous player"."""
    return tr("side.join", locale).join(n or tr("seat.anonymous", locale) for n in names)


def side_name(side: Sequence[int], names: Sequence[str], locale: str) -> str:
    return tr("side.join", locale).join(names[s] for s in side)


def place_mark(place: int) -> str:
    """A place as a medal (the first three) or its number."""
    return MEDALS.get(place, f"{place}.")


# -- sentences ---------------------------------------------------------------------------------------------
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


def word_label(word: str, locale: str) -> str | None:
    """A one-word move as a button names it (`draw`: "Draw"), None for a word the catalogue has no name for."""
    return tr(f"move.word.{word}", locale) if has(f"move.word.{word}") else None


# -- options -----------------------------------------------------------------------------------------------
def option_name(option_id: str, locale: str) -> str:
    key = f"option.{option_id}.name"
    return tr(key, locale) if has(key) else option_id


def option_value(option_id: str, value: Any, locale: str) -> str:
    if isinstance(value, list | tuple):
        return tr("list.join", locale).join(option_value(option_id, v, locale) for v in value)
    key = f"option.{option_id}.value.{value}"
    return tr(key, locale) if has(key) else str(value)


def option_values(spec: OptionSpec, locale: str) -> str:
    """What an option may be set to, in words: one value a line, since the labels hold commas themselves."""
    if not spec.choices:
        if spec.minimum is None:
            return tr("info.rules.any_number", locale)
        if spec.maximum is not None:
            return tr("info.rules.number_between", locale, minimum=spec.minimum, maximum=spec.maximum)
        return tr("info.rules.number_from", locale, minimum=spec.minimum)
    values = "\n".join(tr("info.rules.value", locale, value=option_value(spec.id, c, locale)) for c in spec.choices)
    return tr("info.rules.any_of", locale, values=values) if spec.multi else values


def option_default(spec: OptionSpec, players: tuple[int, ...], locale: str) -> str:
    """The rules' default, per player count where it depends on it."""
    if isinstance(spec.default, Mapping):
        by_count = [(n, spec.default_for(n)) for n in players]
        if len({repr(v) for _, v in by_count}) > 1:
            return tr("list.join", locale).join(
                tr("info.rules.default_by_players", locale, players=n, value=option_value(spec.id, v, locale))
                for n, v in by_count
            )
    value = spec.default_for(players[0])
    if spec.multi and isinstance(value, list | tuple) and set(value) == set(spec.choices):
        return tr("info.rules.every", locale)
    return option_value(spec.id, value, locale)


# -- the table -------------------------------------------------------------------------------------------------
def opening_lines(seating: SeatingDraw | None, names: Sequence[str], locale: str) -> list[str]:
    """A table's first board: who plays, and the tiles drawn for seats when they were drawn."""
    lines = [tr("board.opened", locale, players=tr("list.join", locale).join(f"**{n}**" for n in names))]
    for draw in seating.draws if seating is not None else ():
        lines.append(tr("board.seating", locale, player=names[draw.seat], tile=draw.tile, seat=draw.seat + 1))
    return lines


def score_lines(sides: Sequence[Sequence[int]], scores: Sequence[int], names: Sequence[str], locale: str) -> list[str]:
    """Each side's score on the board (per seat where the scores are per seat)."""
    if len(sides) != len(scores):
        sides = [(s,) for s in range(len(scores))]
    return [
        tr("board.score", locale, side=side_name(side, names, locale), score=scores[k]) for k, side in enumerate(sides)
    ]


# -- scores and results --------------------------------------------------------------------------------------
def side_scores(
    sides: Sequence[Sequence[int]], points: Sequence[int], totals: Sequence[int], names: Sequence[str], locale: str
) -> list[str]:
    """What each side scored in a hand, and its total."""
    return [
        tr("hand.side", locale, side=side_name(side, names, locale), points=f"{points[k]:+d}", total=totals[k])
        for k, side in enumerate(sides)
    ]


def winners(sides: Sequence[SideResult], names: Sequence[str], locale: str) -> str:
    won = [s for s in sides if s.won]
    if not won:
        return tr("result.no_winner", locale)
    players = tr("side.join", locale).join(side_name(s.seats, names, locale) for s in won)
    count = sum(len(s.seats) for s in won)
    return trn("result.winner", count, locale, players=players)


def rating_lines(ratings: Sequence[RatingChange], names: Sequence[str], locale: str) -> list[str]:
    return [
        tr(
            "result.rating",
            locale,
            player=names[c.seat],
            before=f"{c.before:.1f}",
            after=f"{c.after:.1f}",
            delta=f"{c.delta:+.1f}",
        )
        for c in ratings
    ]
