"""What the public history of a Domineren hand tells of each seat, for `determinize`.

A seat that drew, passed (not a §8 forced pass) or conceded a block could play none of its tiles on the
ends open then; a set drawn from the talon means no double in the set player's hand. `public_pass` rebuilds
the layout move by move to note those moments with the tiles that would have fitted (as bit masks);
`attribute_draws` and `plan_seat` then decide which of a seat's tiles came from which of its draws so that
every moment holds.
"""

from __future__ import annotations

import random

from ..tiles import IS_DOUBLE, tile_id
from .gametypes import parse_declaration, plan_for
from .layout import Layout
from .matching import FIT
from .notation import CLAIM
from .view import DominerenView

NEVER = 10**9  # the time a tile still held leaves the hand


def _id(pair: tuple[int, int]) -> int:
    return tile_id(pair[0], pair[1])


# FIT_MASK[key][value]: the tiles that fit an end (as bits), for "what could he have played then?"
FIT_MASK = [[sum(1 << t for t in range(28) if FIT[key][value][t]) for value in range(7)] for key in range(16)]
DOUBLES = sum(1 << t for t in range(28) if IS_DOUBLE[t])


def playable(layout: Layout) -> int:
    """The tiles a normal play could put on the layout now (the directed end only, where one is due)."""
    mask = 0
    for _, value, key, _, _, _ in layout.options(False):
        mask |= FIT_MASK[key][value]
    return mask


class SeatFacts:
    """What the public history says of one seat this hand."""

    __slots__ = ("declared", "draws", "moments", "played", "specials")

    def __init__(self) -> None:
        self.moments: list[tuple[int, int]] = []  # (time, tiles that would have fitted): he held none
        self.draws: list[int] = []  # times of his draws
        self.played: dict[int, int] = {}  # tile -> time it left his hand
        self.specials = 0
        self.declared = False  # he showed every double he was dealt (the set apart)


def special_doubles(layout: Layout) -> int:
    """The doubles that could be played on the set out of turn now (§8)."""
    mask = 0
    for _, value, key, _, _, _ in layout.options(True):
        mask |= FIT_MASK[key][value] & DOUBLES
    return mask


def public_pass(
    view: DominerenView, type9_double_cross: bool
) -> tuple[list[SeatFacts], int, Layout | None, list[tuple[int, int, bool]]]:
    """Per seat, its no-play moments, draws and plays; the time of the set (-1 before it); the layout; and
    the declines of the questions after the type: (seat, the doubles a §8 question was about, or 0 when it
    can only have been a §7 one; whether it can have been a §7 one). The text does not say which question a
    decline answered, but the order of the asking often does: the §7 questions go clockwise from the set
    player's left to the set player, then the §8 ones from his left to his right (a seat that played a
    double on the set is asked again while it holds another). So a decline out of the §7 order (after a §8
    answer, or by a seat at or before the last §7 answer) is a §8 one, and one out of the §8 order (the set
    player's, or a seat's before the last §8 answer's) a §7 one. (Guessing those wrong put a seat that was
    never asked to declare among those holding the doubles, and the replay refuted nearly every deal.)"""
    n = view.players
    questions: list[tuple[int, int, bool]] = []
    playing = False
    order7: list[int] = []  # the §7 order (the set player last) and the §8 one (without him)
    last7 = last8 = -1  # where in them the last answer known to be to that question was
    specials = False  # a §8 question has been answered
    seats = [SeatFacts() for _ in range(n)]
    nodes = view.layout
    layout: Layout | None = None
    placed = 0
    set_time = -1
    decl = None
    turns = [0] * n  # normal turns each seat has ended: a play, a pass or a concession ends one, a draw not
    forced: list[list[int]] = [[] for _ in range(n)]  # the turns each seat must pass for its special doubles
    for k, (seat, text) in enumerate(view.history):
        if text == CLAIM:
            continue
        if layout is None:  # the set
            set_time = k
            order7 = [(seat + i) % n for i in range(1, n + 1)]
            layout = Layout(_id(nodes[0].tile), seat)
            placed = 1
            if text == "draw":
                seats[seat].moments.append((k, DOUBLES))  # no double in his hand, so he drew the set
            else:
                seats[seat].played[_id(nodes[0].tile)] = k
        elif text == "declare":
            seats[seat].declared = True
            last7 = order7.index(seat)
        elif text == "decline":
            if not playing:
                assert layout.plan is not None
                mask = special_doubles(layout) if layout.plan.specials else 0
                could7 = not specials and order7.index(seat) > last7
                # (>=: a seat that played a double on the set is asked again while it holds another)
                could8 = bool(mask) and seat in order7[:-1] and order7.index(seat) >= last8
                if could7 and not could8:
                    last7 = order7.index(seat)
                elif could8 and not could7:
                    specials, last8 = True, order7.index(seat)
                elif not could7:  # (not met in play: the other reading kept rather than none)
                    could7 = True
                questions.append((seat, mask if could8 else 0, could7))
        elif text.startswith("type"):
            decl = parse_declaration(text)
            layout.declare(plan_for(decl, type9_double_cross))
        elif "@" in text:
            node = nodes[placed]
            tile = _id(node.tile)
            index = next(i for i, e in enumerate(layout.ends) if e[1] == node.parent and e[2] == node.dir)
            layout.place(tile, index, node.a, node.special, seat)
            placed += 1
            seats[seat].played[tile] = k
            seats[seat].specials += node.special
            if node.special and not playing:  # the answer to a §8 question
                specials, last8 = True, max(last8, order7.index(seat))
            if node.special:  # §8: he passes his first turn for it (11 b, on the end not named: his second)
                assert decl is not None
                turn = 2 if decl.cond == "b" and node.dir != decl.end else 1
                while turn in forced[seat]:
                    turn += 1
                forced[seat].append(turn)
            else:
                turns[seat] += 1
                playing = True
        elif text == "draw":
            seats[seat].moments.append((k, playable(layout)))
            seats[seat].draws.append(k)
            playing = True
        elif text in ("concede", "pass"):
            turns[seat] += 1
            if turns[seat] not in forced[seat]:  # a §8 pass says nothing: he may hold tiles that fit
                seats[seat].moments.append((k, playable(layout)))
            playing = True
    return seats, set_time, layout, questions


def latest_misfit(info: SeatFacts, tile: int, until: int) -> int:
    """The last no-play moment before `until` at which `tile` would have fitted (-1: none)."""
    bit = 1 << tile
    last = -1
    for time, mask in info.moments:
        if time < until and mask & bit:
            last = time
    return last


def attribute_draws(
    info: SeatFacts, tiles: list[int], dealt: set[int], drawn_since: set[int], rng: random.Random
) -> dict[int, int] | None:
    """Draw time -> tile for one seat's draws, among the tiles it holds or played: a tile that fitted at one
    of his no-play moments was drawn after it; a played tile was drawn before it was played; tiles in
    `dealt` were dealt to him, tiles in `drawn_since` were drawn. None when no such attribution exists."""
    draws = info.draws
    order = tiles[:]
    rng.shuffle(order)
    fits: dict[int, list[int]] = {}
    required = []
    for t in order:
        until = info.played.get(t, NEVER)
        after = latest_misfit(info, t, until)
        fits[t] = [] if t in dealt else [j for j, time in enumerate(draws) if after <= time < until]
        if after >= 0 or t in drawn_since:
            if not fits[t]:
                return None
            required.append(t)
    owner: dict[int, int] = {}  # draw index -> tile
    drawn: dict[int, int] = {}  # tile -> draw index

    def augment_tile(t: int, seen: set[int]) -> bool:
        for j in fits[t]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment_tile(owner[j], seen):
                owner[j] = t
                drawn[t] = j
                return True
        return False

    for t in required:
        if not augment_tile(t, set()):
            return None
    # every draw brought some tile: fill the free draws without unmatching anything
    by_draw: dict[int, list[int]] = {j: [] for j in range(len(draws))}
    for t in order:
        for j in fits[t]:
            by_draw[j].append(t)

    def augment_draw(j: int, seen: set[int]) -> bool:
        for t in by_draw[j]:
            if t in seen:
                continue
            seen.add(t)
            if t not in drawn or augment_draw(drawn[t], seen):
                owner[j] = t
                drawn[t] = j
                return True
        return False

    for j in range(len(draws)):
        if j not in owner and not augment_draw(j, set()):
            return None
    return {draws[j]: t for j, t in owner.items()}


def plan_seat(info: SeatFacts, room: int, set_draw: int, rng: random.Random) -> tuple[dict[int, int], list[int]] | None:
    """For a seat whose hand is hidden: which of his draws brought tiles he played (draw time -> tile) and
    the times of the draws that brought tiles he still holds (at most `room`); None if none fits."""
    draws = info.draws
    fits: dict[int, list[int]] = {}
    required = []
    optional = []
    # a declarer's doubles were most likely shown, so dealt: drawn only when nothing else fits, or in half
    # the samples (the view does not say which doubles were shown, and one not held then may have been
    # drawn: a seat not asked to play a double on the set did not hold it)
    shown = []
    for t, until in info.played.items():
        if t == set_draw:
            continue
        after = latest_misfit(info, t, until)
        fits[t] = [j for j, time in enumerate(draws) if after <= time < until]
        if after >= 0:
            required.append(t)
        elif info.declared and IS_DOUBLE[t]:
            shown.append(t)
        else:
            optional.append(t)
    rng.shuffle(required)
    owner: dict[int, int] = {}

    def augment(t: int, seen: set[int]) -> bool:
        for j in fits[t]:
            if j not in seen:
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = t
                    return True
        return False

    for t in required:
        if not augment(t, set()):
            return None
    if shown and rng.random() < 0.5:
        optional += shown
    free = [j for j in range(len(draws)) if j not in owner]
    rng.shuffle(free)
    rng.shuffle(optional)
    used = set(owner.values())
    held: list[int] = []
    for k, j in enumerate(free):
        cands = [t for t in optional if t not in used and j in fits[t]]
        must = len(free) - k > room - len(held)
        if must and not cands:
            cands = [t for t in shown if t not in used and j in fits[t]]
        if cands and (must or rng.random() < 0.5):
            t = rng.choice(cands)
            owner[j] = t
            used.add(t)
        elif must:
            return None
        else:
            held.append(draws[j])
    return {draws[j]: t for j, t in owner.items()}, held
