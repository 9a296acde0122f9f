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
        self._versions: dict[int, int] = defaultdict(int)

    def version(self, game_no: int) -> int:
        """How many times game `game_no` was said to change: what everyone sees of it is the same for one
        version (read once for all its spectators, web/server.py `PublicStates`)."""
        return self._versions[game_no]

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
        self._versions[game_no] += 1
        for queue in self._waiting.get(game_no, ()):
            if queue.empty():
                queue.put_nowait(game_no)

    def watchers(self, game_no: int) -> int:
        return len(self._waiting.get(game_no, ()))
