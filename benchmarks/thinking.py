"""Event loop lag while strong computers think, through the real table service and its worker pool.

    python benchmarks/thinking.py [--moves 12] [--workers 2] [--level strong]

Table A is Ann with three computers of `--level` at Five Up: every move of Ann's sets three computers
thinking. Table B is Bob and Cat, humans only, clicking as fast as they are answered. Meanwhile a ticker
asks the loop for a 5 ms sleep over and over and records how late it wakes: the loop's lag. Printed: the
lag's p50/p99/max, Table B's click answers p50/p95/max, and how many computer moves were made.

Goal (issue 17): p99 loop lag < 50 ms while a strong computer thinks, and table B answered meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.tables import LobbyChanged, Player, TableOpened, TableService
from bot.tables.play.thinking import Thinking
from data import Store

GUILD, CHANNEL = 1000, 2000
ANN, BOB, CAT = Player(11, "Ann"), Player(22, "Bob"), Player(33, "Cat")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def start(svc: TableService, humans: list[Player], computers: int, game_id: str) -> int:
    [changed] = await svc.lobbies.open(GUILD, CHANNEL, humans[0], game_id, None)
    assert isinstance(changed, LobbyChanged)
    lobby = changed.lobby.lobby_id
    for p in humans[1:]:
        await svc.lobbies.join(lobby, p)
    for _ in range(computers):
        await svc.lobbies.add_computer(lobby, humans[0].user_id)
    notes = await svc.games.start(lobby, humans[0].user_id)
    return next(n for n in notes if isinstance(n, TableOpened)).table.game_no


async def human_step(svc: TableService, game_no: int, players: list[Player]) -> bool:
    for p in players:
        try:
            hand = await svc.tables.private_view(game_no, p.user_id)
        except Exception:
            return False
        if hand.your_turn:
            await svc.act(game_no, p.user_id, hand.view.legal[0].text, hand.turn)
            return True
    return False


async def main_async(moves: int, workers: int, level: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(Path(tmp) / "bench.sqlite3")
        thinking = Thinking(workers, level)
        svc = TableService(store, rng=random.Random(1), thinking=thinking)
        await svc.resume()
        game_a = await start(svc, [ANN], 3, "five-up")
        game_b = await start(svc, [BOB, CAT], 0, "five-up")
        # warm the workers up (spawning and importing) before measuring
        await thinking.warm_up()
        lags: list[float] = []
        clicks: list[float] = []
        done = asyncio.Event()

        async def ticker() -> None:
            while not done.is_set():
                t = time.perf_counter()
                await asyncio.sleep(0.005)
                lags.append((time.perf_counter() - t - 0.005) * 1000)

        async def table_a() -> int:
            made = 0
            for _ in range(moves):
                if not await human_step(svc, game_a, [ANN]):
                    break
                made += 3
            done.set()
            return made

        async def table_b() -> None:
            while not done.is_set():
                t = time.perf_counter()
                if not await human_step(svc, game_b, [BOB, CAT]):
                    break
                clicks.append((time.perf_counter() - t) * 1000)
                await asyncio.sleep(0.05)

        started = time.perf_counter()
        made, _, _ = await asyncio.gather(table_a(), ticker(), table_b())
        elapsed = time.perf_counter() - started
        thinking.close()
        await store.close()
    print(f"level {level}, {workers} worker(s): about {made} computer moves in {elapsed:.1f} s")
    print(f"loop lag ms: p50 {pct(lags, 0.5):.1f}  p99 {pct(lags, 0.99):.1f}  max {max(lags, default=0):.1f}")
    print(
        f"table B clicks answered: {len(clicks)}, ms p50 {pct(clicks, 0.5):.0f}  p95 {pct(clicks, 0.95):.0f}  "
        f"max {max(clicks, default=0):.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=12, help="Ann's moves at table A (default 12)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--level", default="strong", help="the computers' level (default strong)")
    args = parser.parse_args()
    asyncio.run(main_async(args.moves, args.workers, args.level))


if __name__ == "__main__":
    main()
