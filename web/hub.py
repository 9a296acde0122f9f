"""Who is watching which game in this process, and waking them when it changes.

The table service is the only truth: the hub carries no game data, only "game N moved", and each socket
then reads the view it may see. In one process the web handlers and the Discord shell call `changed`
after an action; across PostgreSQL processes the same call is meant to be fed by LISTEN/NOTIFY (docs/web.md).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict


class Hub:
    def __init__(self) -> None:
        self._waiting: dict[int, set[asyncio.Queue[int]]] = defaultdict(set)

    def subscribe(self, game_no: int) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)  # one pending wake-up is enough: views are whole
        self._waiting[game_no].add(queue)
        return queue

    def unsubscribe(self, game_no: int, queue: asyncio.Queue[int]) -> None:
        queues = self._waiting.get(game_no)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self._waiting[game_no]

    def changed(self, game_no: int) -> None:
        for queue in self._waiting.get(game_no, ()):
            if queue.empty():
                queue.put_nowait(game_no)

    def watchers(self, game_no: int) -> int:
        return len(self._waiting.get(game_no, ()))
