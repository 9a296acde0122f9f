"""Server settings (`/settings`): per-game default options, the turn timer, auto-play, the language of
public messages, the level of the computers added to tables. Cached in memory; saved before the cache
changes.

Where several processes share the store, a change is made under the server's settings lock in the
database on the settings as committed (two processes changing different settings at once keep both), and
the cache is read again after `SHARED_CACHE_SECONDS` (another process's change shows within that)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot.ai import DEFAULT_LEVEL
from bot.engine import BadOptions, game_info
from bot.engine.errors import brief, quoted
from data import SettingsRow, StoreError, StoreInterface

from ..errors import BadOption, BadSetting, StoreFailed
from ..models import MAX_TURN_SECONDS, MIN_TURN_SECONDS, ServerSettings
from ..work import Work, changes
from .lobbies import check_level, check_option, option_spec

UNSET: Any = object()
SHARED_CACHE_SECONDS = 5.0


def _settings(guild_id: int, row: SettingsRow | None) -> ServerSettings:
    if row is None:
        return ServerSettings(guild_id)
    return ServerSettings(
        guild_id,
        row.turn_seconds,
        row.auto_play,
        row.language,
        row.default_options,
        row.computer_level,
        row.undo_allowed,
    )


class SettingsBook:
    """A server's settings (`TableService.settings`): read through a cache, changed one at a time. `bot_level`
    is the bot's own level of computers (`FIVES_COMPUTER_LEVEL`), where a server has set none."""

    def __init__(self, store: StoreInterface, work: Work | None = None, bot_level: str = DEFAULT_LEVEL) -> None:
        self._store = store
        self.work = work or Work()  # a change is refused once a graceful stop has begun (`changes`)
        self.bot_level = bot_level
        self._cache: dict[int, ServerSettings] = {}
        self._read_at: dict[int, float] = {}  # when each was read (where other processes may change them)
        self._writing = asyncio.Lock()  # one change at a time: each saves the whole row it read

    def cached(self, guild_id: int) -> ServerSettings:
        """Without a store read: the settings if loaded, else the defaults."""
        return self._cache.get(guild_id) or ServerSettings(guild_id)

    async def get(self, guild_id: int) -> ServerSettings:
        """A server's settings (the defaults where it has changed none)."""
        cached = self._cache.get(guild_id)
        stale = time.monotonic() - self._read_at.get(guild_id, 0.0) > SHARED_CACHE_SECONDS
        if cached is not None and self._store.shared and stale:
            cached = None
        if cached is None:
            cached = _settings(guild_id, await self._store.load_settings(guild_id))
            self._cache[guild_id] = cached
            self._read_at[guild_id] = time.monotonic()
        return cached

    @asynccontextmanager
    async def _changing(self, guild_id: int) -> AsyncIterator[ServerSettings]:
        """The settings to change, as committed; the save inside is committed with the lock's release."""
        async with self._writing:
            if not self._store.shared:
                yield await self.get(guild_id)
                return
            try:
                async with self._store.locked_settings(guild_id) as row:
                    yield _settings(guild_id, row)
            except StoreError as exc:
                raise StoreFailed(f"settings could not be saved: {exc}") from exc

    @changes
    async def update(
        self,
        guild_id: int,
        *,
        turn_seconds: int = UNSET,
        auto_play: bool = UNSET,
        language: str | None = UNSET,
        computer_level: str | None = UNSET,
        undo_allowed: bool = UNSET,
    ) -> ServerSettings:
        """Change some settings: the turn timer in seconds (60 s to 30 days; from the next turn on),
        auto-play of forced draws and passes, the language of public messages (None: the server's), the
        level of computers added from now on and of resigned players' seats (None: the bot's default), and
        whether tables may be opened with undo by agreement (every game is rated: off by default)."""
        changed: dict[str, Any] = {}
        if turn_seconds is not UNSET:
            if (
                not isinstance(turn_seconds, int)
                or isinstance(turn_seconds, bool)
                or not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS
            ):
                shown = (
                    turn_seconds if type(turn_seconds) is int and abs(turn_seconds) < 10**18 else brief(turn_seconds)
                )
                raise BadSetting(
                    f"the turn timer must be {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} seconds, not {shown}",
                    setting="turn_seconds",
                    value=shown,
                    minimum=MIN_TURN_SECONDS,
                    maximum=MAX_TURN_SECONDS,
                )
            changed["turn_seconds"] = turn_seconds
        if auto_play is not UNSET:
            changed["auto_play"] = bool(auto_play)
        if language is not UNSET:
            if language is not None and (not isinstance(language, str) or not 0 < len(language) <= 16):
                raise BadSetting(
                    f"{quoted(language)} is not a language code", setting="language", value=brief(language)
                )
            changed["language"] = language
        if computer_level is not UNSET:  # None: back to the bot's default (FIVES_COMPUTER_LEVEL)
            changed["computer_level"] = None if computer_level is None else check_level(computer_level)
        if undo_allowed is not UNSET:
            changed["undo_allowed"] = bool(undo_allowed)
        async with self._changing(guild_id) as current:
            return await self._save(replace(current, **changed))

    async def computer_level(self, guild_id: int) -> str:
        """The level of a computer the server's tables take without naming one (Add computer's first choice,
        a resigned player's seat): the server's setting, else the bot's (`FIVES_COMPUTER_LEVEL`)."""
        return (await self.get(guild_id)).computer_level or self.bot_level

    @changes
    async def set_default_option(self, guild_id: int, game_id: str, option_id: str, value: Any) -> ServerSettings:
        """A server's default for one option of one game (None: back to the rules' default)."""
        try:
            info = game_info(game_id)
        except BadOptions as exc:
            raise BadOption(str(exc), option="game", value=game_id, allowed="") from None
        async with self._changing(guild_id) as current:
            defaults = {g: dict(o) for g, o in current.default_options.items()}
            game_defaults = defaults.setdefault(game_id, {})
            if value is None:
                option_spec(info, option_id)
                game_defaults.pop(option_id, None)
            else:
                game_defaults[option_id] = check_option(info, option_id, value)
            if not game_defaults:
                del defaults[game_id]
            return await self._save(replace(current, default_options=defaults))

    async def _save(self, settings: ServerSettings) -> ServerSettings:
        row = SettingsRow(
            settings.guild_id,
            settings.turn_seconds,
            settings.auto_play,
            settings.language,
            settings.default_options,
            settings.computer_level,
            settings.undo_allowed,
        )
        try:
            await self._store.save_settings(row)
        except StoreError as exc:
            raise StoreFailed(f"settings could not be saved: {exc}") from exc
        self._cache[settings.guild_id] = settings
        self._read_at[settings.guild_id] = time.monotonic()
        return settings
