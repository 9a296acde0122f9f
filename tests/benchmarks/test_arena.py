"""The arena benchmark runs in its quick mode and prints figures that make sense (never a speed goal)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _arena() -> ModuleType:
    spec = importlib.util.spec_from_file_location("arena", ROOT / "benchmarks" / "arena.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["arena"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_quick_arena_prints_sane_figures(capsys: pytest.CaptureFixture[str]) -> None:
    arena = _arena()
    arena.main(["--quick"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["game", "A", "vs", "B"]
    rows = {line[:28].strip(): line[28:] for line in lines[1:]}
    assert set(rows) == {e.title for e in arena.ENTRIES}
    played = 0
    for title, rest in rows.items():
        if "not yet available" in rest:
            continue
        entry = next(e for e in arena.ENTRIES if e.title == title)
        m = re.match(
            r"\s*normal vs easy\s+(\d+)\s+(\d+)\s+([\d.]+)% \[\s*([\d.]+),\s*([\d.]+)\]\s+(-?[\d.]+)\s+(-?[\d.]+)"
            r"\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)"
            r"\s+([\d.]+)% \[\s*([\d.]+),\s*([\d.]+)\]\s+([-+][\d.]+) \[\s*([-+][\d.]+),\s*([-+][\d.]+)\]",
            rest,
        )
        assert m, f"{title}: {rest}"
        games, hands, rate, low, high, pa, pb, p50, p95, mx, cp50, cp95, cmx, moves = (
            float(x) for x in m.groups()[:14]
        )
        ahead, ahead_low, ahead_high, diff, diff_low, diff_high = (float(x) for x in m.groups()[14:])
        assert 0 <= ahead_low <= ahead <= ahead_high <= 100 and diff_low <= diff <= diff_high
        if len(arena.arrangements(entry)) == 2:
            assert ahead <= rate, "with two sides, A is ahead of B when it won (a tied game is won by both)"
        assert games == len(arena.arrangements(entry)), "one game per arrangement of the deal"
        assert hands >= games
        assert 0 <= low <= rate <= high <= 100
        if entry.game_id == "five-hundred":  # a failed contract scores below zero
            assert pa or pb, "somebody scored"
        elif entry.game_id == "domineren":
            assert pa != 0 or pb != 0, "chips changed hands"  # chips are won and lost: either sign
        else:
            assert pa >= 0 and pb >= 0 and pa + pb > 0, "somebody scored"
        assert p50 <= p95 <= mx and cp50 <= cp95 <= cmx and moves > 0
        played += 1
    assert played >= 5, "the fives games and Five Hundred are played"


def test_duplicate_seats_and_the_interval() -> None:
    arena = _arena()
    by_key = {e.key: e for e in arena.ENTRIES}
    assert arena.arrangements(by_key["all-fives-2p"]) == [(0,), (1,)]
    assert arena.arrangements(by_key["five-up-4p"]) == [(0, 2), (1, 3)]
    assert arena.arrangements(by_key["muggins-3p"]) == [(0,), (1,), (2,)]
    assert arena.arrangements(by_key["five-hundred-4p"]) == [(0, 2), (1, 3)], "a partnership against one"
    assert arena.arrangements(by_key["five-hundred-3p"]) == [(0,), (1,), (2,)]
    low, high = arena.wilson(65, 100)
    assert 0.55 < low < 0.65 < high < 0.75
    assert arena.wilson(0, 0) == (0.0, 0.0)


def test_strong_at_a_given_number_of_playouts_spends_that_many(monkeypatch: pytest.MonkeyPatch) -> None:
    """`strong-N` is strong's search held to N playouts a move (to compare with the reference at equal
    time): it plays legal moves, the same for the same seed, and plays out about N candidates a move."""
    import random

    import bot.ai.search as search
    from bot.engine import new_game

    arena = _arena()
    state = new_game("five-up", 4, seed=5)
    rng = random.Random(5)
    while len(state.view(state.current).legal) < 3:
        state.apply(state.current, arena.choose(state.view(state.current), rng, "easy"))
    view = state.view(state.current)
    played: list[int] = []
    real = search.play_candidate

    def counting(*args: object) -> float:
        played.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(search, "play_candidate", counting)
    first = arena.choose(view, random.Random(1), "strong-300")
    spent = len(played)
    assert arena.choose(view, random.Random(1), "strong-300") == first
    assert first in {m.text for m in view.legal}
    assert 200 <= spent <= 330, spent  # (sequential halving rounds each share down)
    assert arena.searching("five-up", "strong-300") and not arena.searching("five-up", "strong-x")
