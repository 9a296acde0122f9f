"""The outbox: what players are to be told, written in the transaction of what it tells."""

from __future__ import annotations

from collections.abc import Iterable

from .. import mapping as m
from ..rows import OutboxEntry
from .dialect import Sql, marks

TELL = f"INSERT INTO outbox ({m.listed(m.OUTBOX)}) VALUES ({marks(m.OUTBOX)}) ON CONFLICT DO NOTHING"


async def tell(db: Sql, entries: Iterable[OutboxEntry]) -> None:
    """Write outbox entries inside the caller's transaction (an entry written twice stays one)."""
    await db.executemany(TELL, m.outbox_values(entries))
