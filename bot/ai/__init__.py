"""Computer players, deciding from a seat's view only (never the state), so a computer seat knows exactly
what a human in it would.

Three levels: `easy` is each family's fixed heuristic (`choose(view, rng)` in the family's module, the
baseline), `normal` and `strong` the view-only search of `bot.ai.search` with the budgets below, for the
families whose module offers the search's `FAMILY` hooks: every family (fives, Five Hundred, Domineren).
Five Hundred's auction spends the same
playouts on simulated contracts (bot.ai.five_hundred_bidding).

The budgets are counts (playouts per move, nodes of exact search), not times, so that a move is the same
after a restart; strong's also carry a CPU deadline that only the longest moves reach. To change how hard
a level thinks, change its `Budget` here; `benchmarks/arena.py` measures the strength and the
milliseconds per move that follow.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from bot.engine import game_info

from .search import Budget
from .search import choose as search_choose

LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "easy"

# CPU seconds a strong move may take (issue 28: p95 at most 1 s on one core): a safety net above what most
# moves' counted playouts cost, which cuts the long ones short (Domineren's type declaration, an early
# Five Hundred bid) a little before a second, the last sample's playouts included
STRONG_DEADLINE = 0.85
# The fives searches stop a move once its leader is this many standard errors ahead of the runner-up
# (`Budget.race`): the playouts a clear choice does not need are not spent, so the same mean time buys more
# for the close ones. Five Up 4p against the reference at equal time, with the cheaper worlds of `redeal`:
# strong-180 without it 52.0% of 200 games; strong-300 with it 62.0%, strong-280 on other deals 60.0%
RACE = 2.5

BUDGETS: dict[str, dict[str, Budget]] = {
    "fives": {
        "normal": Budget(playouts=160, min_samples=8),
        "strong": Budget(playouts=2400, min_samples=48, exact_nodes=6000, deadline=STRONG_DEADLINE, race=RACE),
    },
    "five_hundred": {
        "normal": Budget(playouts=300, min_samples=8),
        # 800, not 3000 or 1500: ten times normal's playouts bought nothing measurable (issue 28; the
        # arena's strong and normal both won 11 of 12 games against the reference) and cost 1.5-2 s of CPU
        # a move; at 1500 a move still took 0.4-0.5 s, a whole game among four strong seats (the demo) over
        # 3 minutes
        "strong": Budget(playouts=800, min_samples=48, deadline=STRONG_DEADLINE),
    },
    "domineren": {
        "normal": Budget(playouts=160, min_samples=8),
        # 800, not 1200: at 1200 a move in play took 0.6-0.9 s of CPU and the type declaration (with its
        # extra effort) 2.5 s, so the deadline decided them instead of the count (and a move could differ
        # between two runs)
        "strong": Budget(playouts=800, min_samples=32, deadline=STRONG_DEADLINE),
    },
}


def searches(game_id: str, level: str) -> bool:
    """Whether a computer of this level searches in this game (else it plays the family's heuristic)."""
    family = game_info(game_id).family
    return level in BUDGETS.get(family, {}) and hasattr(_module(family), "FAMILY")


def _module(family: str) -> Any:
    return importlib.import_module(f"{__name__}.{family}")


def choose_action(view: Any, rng: random.Random, level: str = DEFAULT_LEVEL) -> str:
    """A legal action for the seat whose view this is (it must be that seat's turn)."""
    if not view.legal:
        raise ValueError(f"seat {view.seat} has nothing to do in this view")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r} (levels: {', '.join(LEVELS)})")
    family = game_info(view.game_id).family
    module = _module(family)
    budget = BUDGETS.get(family, {}).get(level)
    if budget is None or not hasattr(module, "FAMILY"):
        return module.choose(view, rng)
    return search_choose(view, rng, budget, module.FAMILY)


def think(view: Any, seed: int, level: str) -> str:
    """`choose_action` with a generator seeded by `seed`: what a worker process runs (bot.tables.play.thinking)."""
    return choose_action(view, random.Random(seed), level)
