"""The outbox: what players are to be told, written in the transaction of what it tells."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from .. import mapping as m
from ..rows import HandMessage, OutboxEntry
from .dialect import SqlStore

# The table's live board, posted at a turn: not kept if a board of a later turn is stored already (two processes
# posting boards of one game: the newer one stays), nor once the game has ended.
BOARD = (
    "UPDATE games SET board_message_id = ?, board_turn = ?, version = version + 1 WHERE game_no = ? "
    "AND status = 'active' AND (CAST(? AS BIGINT) IS NULL OR board_turn IS NULL OR board_turn <= ?)"
)


def board_values(game_no: int, message_id: int | None, turn: int | None) -> tuple[Any, ...]:
    return (message_id, turn, game_no, turn, turn)


class Outbox(SqlStore):
    async def outbox(self, game_no: int | None = None) -> list[OutboxEntry]:
        """What is still to be told (of one game, or of every game), oldest first (ties in key order)."""
        where, params = ("WHERE game_no = ?", (game_no,)) if game_no is not None else ("", ())
        return await self._all(m.OUTBOX, f"{where} ORDER BY created_at, game_no, turn, kind, user_id", *params)

    async def claim_outbox(
        self,
        now: float,
        lease: float,
        limit: int = 500,
        *,
        due_by: float | None = None,
        untried: bool = False,
        choose: Callable[[list[OutboxEntry]], list[OutboxEntry]] | None = None,
    ) -> list[OutboxEntry]:
        """Entries due by `due_by` (default `now`), and with `untried` every entry never tried yet, of which
        `choose` takes some (default: all), each then due `lease` seconds after `now` in the same transaction,
        so that nobody else takes them while they are being told (a failure then sets when they are tried
        again). Never later: taken with every entry at a start (`due_by` infinite), they were due for ever if
        the process died before telling them. Rows another transaction is claiming are skipped, not waited
        for, so processes sweeping at once share."""
        due_by = now if due_by is None else due_by
        async with self._writing() as db:
            rows = await db.fetch(
                m.OUTBOX.select(f"WHERE due_at <= ?{' OR attempts = 0' if untried else ''} ")
                + f"ORDER BY due_at, game_no, kind, user_id, turn LIMIT ?{db.skip_locked}",
                due_by,
                limit,
            )
            entries = [m.OUTBOX.read(r) for r in rows]
            if choose is not None:
                entries = choose(entries)
            await db.executemany(
                "UPDATE outbox SET due_at = ? WHERE game_no = ? AND kind = ? AND user_id = ? AND turn = ?",
                [(now + lease, e.game_no, e.kind, e.user_id, e.turn) for e in entries],
            )
        return [replace(e, due_at=now + lease) for e in entries]

    async def told(
        self,
        game_no: int,
        done: Iterable[tuple[str, int, int]] = (),
        retry: Iterable[tuple[tuple[str, int, int], float]] = (),
        hand_messages: Iterable[HandMessage] = (),
        forget_hand_messages: Iterable[int] = (),
        board: tuple[int | None, int | None] | None = None,
    ) -> bool:
        """After telling: delete the entries told (keys `(kind, user_id, turn)`; a player's hand told at turn
        t also settles their older hands), postpone those that failed to `due_at`, and remember (or forget,
        by user id) the hand DMs with live controls. A retried key that has no entry yet (a hand DM that failed
        after its action was told) is written; all of it is on disk before this returns. `board` (message id,
        turn) is the table's new live board, written in the same transaction (as `set_board_message` would);
        whether it was kept (False without one)."""
        done, now = list(done), time.time()
        later = [(game_no, k, u, t, now, due) for (k, u, t), due in retry]
        statements: list[tuple[str, list[tuple[Any, ...]]]] = []
        for sql, rows in (
            (
                "DELETE FROM outbox WHERE game_no = ? AND kind = 'hand' AND user_id = ? AND turn <= ?",
                [(game_no, u, t) for k, u, t in done if k == "hand"],
            ),
            (
                "DELETE FROM outbox WHERE game_no = ? AND kind = ? AND user_id = ? AND turn = ?",
                [(game_no, k, u, t) for k, u, t in done if k != "hand"],
            ),
            # A hand that could not be told gets an entry of its own (its action's entry was told).
            (
                "INSERT INTO outbox (game_no, kind, user_id, turn, created_at, due_at, attempts) "
                "VALUES (?, ?, ?, ?, ?, ?, 1) "
                "ON CONFLICT (game_no, kind, user_id, turn) DO UPDATE SET "
                "due_at = excluded.due_at, attempts = outbox.attempts + 1",
                later,
            ),
            (
                "DELETE FROM hand_messages WHERE game_no = ? AND user_id = ?",
                [(game_no, u) for u in forget_hand_messages],
            ),
            (m.HAND_MESSAGE.upsert("game_no, user_id"), m.HAND_MESSAGE.many(hand_messages)),
        ):
            if rows:
                statements.append((sql, sorted(rows)))  # in key order, as every writer takes them
        if not statements and board is None:
            return False
        # At once, in a transaction of its own that takes its rows in the order every action takes them: the
        # game's row first (on PostgreSQL `FOR NO KEY UPDATE`, which waits for an action or another teller of
        # the game in progress and holds the next off), then its outbox rows, then its hand DMs, each sorted by
        # key. Queued for whatever transaction came next, these rows were written inside other games' actions
        # in the order they were told: two processes took the same rows in opposite orders and PostgreSQL
        # aborted one of them (a deadlock); on SQLite a reminder or a hand re-sent alone waited up to a tick,
        # and a crash then sent it a second time.
        async with self._writing() as db:
            if db.for_no_key_update:
                await db.execute(f"SELECT 1 FROM games WHERE game_no = ?{db.for_no_key_update}", game_no)
            for sql, rows in statements:
                await db.executemany(sql, rows)
            # the live board, on the game's row this transaction holds already
            return board is not None and await db.execute(BOARD, *board_values(game_no, *board)) > 0

    async def hold_outbox(self, held: Sequence[tuple[OutboxEntry, float]]) -> None:
        """This process still tells these entries: each (entry, the due time it had) due at the entry's
        `due_at` now, unless another process's sweep took it meanwhile (its due time is not the one held)."""
        # A hold waits for nobody: it takes no game's row, and skips an entry another transaction holds (a
        # teller deleting it, a sweep claiming it: neither leaves it to be held). Waiting for them, row by
        # row, it could take two of a game's rows in the opposite order to a teller's `told` in another
        # process: a deadlock that aborted the hold (the entries then another's to tell: told twice) or the
        # telling (written again later: told twice) (#23).
        rows = sorted(((e.due_at, e.game_no, e.kind, e.user_id, e.turn, was) for e, was in held), key=lambda r: r[1:])
        if not rows:
            return
        async with self._writing() as db:
            await db.executemany(
                "UPDATE outbox SET due_at = ? WHERE (game_no, kind, user_id, turn) IN (SELECT game_no, kind, user_id, "
                f"turn FROM outbox WHERE game_no = ? AND kind = ? AND user_id = ? AND turn = ? AND due_at = ?"
                f"{db.skip_locked})",
                rows,
            )

    async def hand_messages(self, game_no: int, user_id: int | None = None) -> list[HandMessage]:
        """The hand DMs with live controls of a game (of one player)."""
        where, params = ("AND user_id = ?", (game_no, user_id)) if user_id is not None else ("", (game_no,))
        return await self._all(m.HAND_MESSAGE, f"WHERE game_no = ? {where}", *params)
