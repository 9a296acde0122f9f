"""Was it posted already? What the bot tells under a lease (a season's champions, a tournament's round, a DM
digest) is claimed, posted, then settled; a crash (or a lost answer from Discord) between the post and the
settling lets the lease run out, and the next claim would post it again. So a claim taken again looks first
among the bot's own recent messages where it posts for what the earlier claim may have posted, recognised by
a marker every locale's text of which is known (a footer, or the post's first line), and settles it instead.
A first claim posts at once: nothing can have been posted before it.
"""

from __future__ import annotations

import datetime
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import discord

from bot.i18n import LOCALES, tr

if TYPE_CHECKING:
    from cogs.host import FivesBot

log = logging.getLogger(__name__)

T = TypeVar("T")
LOOK_BACK = 50  # messages: a claim taken again looks this far back where it posts (a lease is minutes)


def markers(key: str, *fields: str) -> list[re.Pattern[str]]:
    """The text `key` gives in every locale, as patterns matching the (numeric) `fields`, in that order."""
    holes = {f: f"\x00{i}\x00" for i, f in enumerate(fields)}
    out = []
    for locale in LOCALES:
        pattern = re.escape(tr(key, locale, **holes))
        for i, _ in enumerate(fields):
            pattern = pattern.replace(re.escape(holes[fields[i]]), rf"(?P<f{i}>\d+)")
        out.append(re.compile(pattern))
    return out


def marked(patterns: list[re.Pattern[str]], text: str | None) -> tuple[int, ...] | None:
    """The fields of the first marker found in `text`, in the order `markers` was given them (None: none)."""
    for pattern in patterns:
        match = pattern.search(text or "")
        if match:
            return tuple(int(match[f"f{i}"]) for i in range(pattern.groups))
    return None


def footers(message: discord.Message) -> list[str]:
    return [e.footer.text for e in message.embeds if e.footer.text]


async def find_own(
    bot: FivesBot,
    channel: discord.abc.Messageable,
    since: float | None,
    found: Callable[[discord.Message], T | None],
) -> T | None:
    """What `found` makes of the newest of the bot's own messages in `channel` (since `since`, a timestamp)
    it recognises (None: none, or the messages could not be read: then it is posted again, as before)."""
    me = bot.user
    after = None if since is None else datetime.datetime.fromtimestamp(since - 1, tz=datetime.UTC)
    newest: tuple[int, T] | None = None
    try:
        async for message in channel.history(limit=LOOK_BACK, after=after):
            if me is None or message.author.id != me.id:
                continue
            seen = found(message)
            if seen is not None and (newest is None or message.id > newest[0]):
                newest = (message.id, seen)
    except discord.HTTPException as exc:
        log.info("could not read the messages of channel %s (%s)", getattr(channel, "id", "?"), exc)
    return None if newest is None else newest[1]
