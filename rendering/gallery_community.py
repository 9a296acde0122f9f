"""The gallery's pictures for replays, profiles and tournaments (`python -m rendering.gallery OUTDIR` writes
them with the rest): animated hand summaries of each family from replayed records, rating charts and
tournament pictures from made-up but plausible data (seeded, so that the files change only with the code)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot.engine.records import hand_positions, public_positions, record_of

from .rating_chart import RatingPoint, RatingSeries, SeasonMark, render_rating_chart
from .replay import render_replay
from .tournament import (
    Bracket,
    Entrant,
    Match,
    Outcome,
    RoundResult,
    StandingRow,
    Standings,
    render_bracket,
    render_standings,
)

PREFIXES = ("replay-", "rating-", "bracket-", "swiss-")
NAMES_JA = (
    "さくら",
    "たけし・山本",
    "名前がとても長いプレイヤーさんです本当に長い",
    "エミ",
    "ゆうき",
    "はなこ",
    "じろう",
    "みどり",
)
PLAYERS = (
    *("Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory", "Niaj"),
    *("Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Victor", "Walter", "Xavier", "Yolanda", "Zoe"),
    *("Alexander the Great of Macedon", "Alexander the Small of Macedon", "Computer player 1", "Computer player 2"),
    *("Łukasz Nguyễn", "さくら", "たけし・山本", "Bartholomew Featherstonehaugh", "Ann", "Jo"),
)


def is_community(name: str) -> bool:
    return name.startswith(PREFIXES)


# (file stem, the states of a seeded game, players' names, locale): a hand of it is animated
Game = tuple[str, Callable[[], Iterable[Any]], Sequence[str], str]


def write_community(out: Path, games: Sequence[Game]) -> list[Path]:
    """Write the pictures to `out`; the games to animate are the gallery's (it plays them: this module
    imports nothing of it, so that the two make no cycle)."""
    written: list[Path] = []

    def save(name: str, data: bytes) -> None:
        path = out / name
        path.write_bytes(data)
        written.append(path)

    for game, states, names, locale in games:
        save(f"replay-{game}-hand{'-ja' if locale == 'ja' else ''}.gif", render_replay(_hand(states), names, locale))
    start = datetime(2026, 3, 2, 18, tzinfo=UTC)
    seasons = [SeasonMark(start + timedelta(days=61), "Spring 2026"), SeasonMark(start + timedelta(days=153), "Summer")]
    alone = [RatingSeries("", rating_walk(1, 320, 0.7))]
    save("rating-chart.png", render_rating_chart("Alice", alone, seasons=seasons))
    several = [
        RatingSeries("ファイブアップ", rating_walk(2, 60, 3.0)),
        RatingSeries("五百", rating_walk(3, 45, 4.0, drift=-0.3)),
        RatingSeries("ドミネーレン", rating_walk(4, 25, 6.0)),
    ]
    save(
        "rating-chart-ja.png",
        render_rating_chart("さくら", several, "ja", seasons=[SeasonMark(start + timedelta(days=40), "春シーズン")]),
    )
    save("rating-chart-first-game.png", render_rating_chart("Bob", [RatingSeries("", (RatingPoint(start, 1.4),))]))
    save("bracket-8-final-to-play.png", render_bracket(sample_bracket(PLAYERS[:8], 2, "Five Up Cup, November")))
    save("bracket-32-long-names.png", render_bracket(sample_bracket(PLAYERS[:32], 3, "The Big Domino Open")))
    save("bracket-6-byes-ja.png", render_bracket(sample_bracket(NAMES_JA[:6], 3, "ファイブアップ杯"), "ja"))
    save("swiss-standings.png", render_standings(sample_standings(PLAYERS[:12], 5, 3, "Five Hundred Swiss")))
    save("swiss-standings-ja.png", render_standings(sample_standings(NAMES_JA, 4, 4, "ドミネーレン・スイス式"), "ja"))
    return written


def _hand(states: Callable[[], Iterable[Any]]) -> list[Any]:
    """The middle-length hand of a seeded game, as the public saw it, rebuilt from the game's record."""
    *_, end = states()
    positions = public_positions(record_of(end))
    hands = sorted((hand_positions(positions, n) for n in {v.hand_no for v in positions}), key=len)
    return hands[len(hands) // 2]


def rating_walk(seed: int, n: int, days: float, drift: float = 0.15) -> tuple[RatingPoint, ...]:
    rng = random.Random(seed)
    when, rating, out = datetime(2026, 3, 2, 18, tzinfo=UTC), 0.0, []
    for _ in range(n):
        when += timedelta(days=days * rng.random() * 2)
        rating += rng.gauss(drift, 1.1)
        out.append(RatingPoint(when, round(rating, 2)))
    return tuple(out)


def sample_bracket(names: tuple[str, ...], decided: int, title: str) -> Bracket:
    """A seeded bracket (byes to the top seeds) with its first `decided` rounds played; upsets at random."""
    rng = random.Random(len(names))
    size = 1
    while size < len(names):
        size *= 2
    order = [0]
    while len(order) < size:
        order = [x for o in order for x in (o, 2 * len(order) - 1 - o)]
    places: list[int | None] = [o if o < len(names) else None for o in order]
    rounds = []
    for r in range(size.bit_length() - 1):
        matches, ahead = [], []
        for a, b in zip(places[::2], places[1::2], strict=True):
            winner, score = None, None
            if r == 0 and (a is None or b is None):
                winner = a if b is None else b
            elif r < decided and a is not None and b is not None:
                winner = min(a, b) if rng.random() < 0.7 else max(a, b)
                loser = rng.randrange(20, 60)
                score = ("61", str(loser)) if winner == a else (str(loser), "61")
            matches.append(Match(a, b, winner, score))
            ahead.append(winner)
        rounds.append(tuple(matches))
        places = ahead
    return Bracket(title, tuple(Entrant(n, k + 1) for k, n in enumerate(names)), tuple(rounds))


def sample_standings(names: tuple[str, ...], rounds: int, played: int, title: str) -> Standings:
    """Standings after `played` rounds of made-up results (a bye for the odd one out), ranked by points
    then tie-break."""
    rng = random.Random(played)
    points = dict.fromkeys(range(len(names)), 0.0)
    results: dict[int, list[RoundResult]] = {k: [] for k in points}
    for _ in range(played):
        order = sorted(points, key=lambda k: (-points[k], rng.random()))
        if len(order) % 2:
            bye = order.pop()
            points[bye] += 1
            results[bye].append(RoundResult("bye"))
        pairs = []
        while order:  # each with the next in the order not met before (a Swiss pairing, roughly)
            a = order.pop(0)
            met = {r.opponent for r in results[a]}
            b = next((o for o in order if o not in met), order[0])
            order.remove(b)
            pairs.append((a, b))
        for a, b in pairs:
            roll = rng.random()
            outcome: Outcome = "win" if roll < 0.45 else "loss" if roll < 0.9 else "draw"
            other: Outcome = "loss" if outcome == "win" else "win" if outcome == "loss" else "draw"
            points[a] += {"win": 1.0, "draw": 0.5, "loss": 0.0}[outcome]
            points[b] += {"win": 1.0, "draw": 0.5, "loss": 0.0}[other]
            results[a].append(RoundResult(outcome, b))
            results[b].append(RoundResult(other, a))
    tiebreak = {k: sum(points[r.opponent] for r in results[k] if r.opponent is not None) for k in points}
    ranked = sorted(points, key=lambda k: (-points[k], -tiebreak[k]))
    rank_of = {k: i + 1 for i, k in enumerate(ranked)}
    rows = tuple(
        StandingRow(
            rank_of[k],
            names[k],
            points[k],
            tiebreak[k],
            tuple(RoundResult(r.outcome, None if r.opponent is None else rank_of[r.opponent]) for r in results[k]),
        )
        for k in ranked
    )
    return Standings(title, rounds, played, rows)
