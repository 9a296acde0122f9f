"""The Discord bot: settings in, a `commands.Bot` out, with the table service and the cogs wired in.

    bot = create_bot()                      # settings from the environment / .env
    bot = create_bot(Settings(database=tmp / "fives.sqlite3"))   # tests

`create_bot` connects to nothing; `setup_hook` (run at login) opens the store, resumes every lobby and
game, loads the cogs, installs the command translator and syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from app import lifecycle
from app.ops_http import OpsServer
from app.settings import Settings
from bot import metrics
from bot.tables import TableService
from bot.tables.play.thinking import Thinking
from bot.version import bot_version
from cogs import EXTENSIONS
from cogs.errors import report
from cogs.translator import CatalogueTranslator
from data import MovesListener, StoreInterface, listen_moves, open_store

if TYPE_CHECKING:
    from cogs.announcer import Announcer
    from web.links import TableLinks
    from web.runner import WebSettings

log = logging.getLogger(__name__)


def discord_clock() -> float:
    """Unix seconds from discord.py's clock, so that turn timers follow the same time as the library."""
    return discord.utils.utcnow().timestamp()


ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT: the Activity's command in the App Launcher (discord.py has no name for it)
# What of an Entry Point command is sent back when the bot's commands are written whole.
ENTRY_POINT_FIELDS = (
    "id", "type", "name", "name_localizations", "description", "description_localizations", "handler",
    "integration_types", "contexts", "default_member_permissions", "nsfw",
)  # fmt: skip


class FivesTree(app_commands.CommandTree):
    """Every interaction error (commands, buttons, selects, modals) ends here, then in `cogs.errors.report`: a
    plain function, not a cog, since it keeps no state and answers no command (and so cannot be missing)."""

    keep_entry_point = False  # the application has an Activity (FIVES_WEB_ACTIVITY): its Entry Point stays

    async def on_error(self, interaction: discord.Interaction, error: Exception, /) -> None:
        await report(interaction, error)

    async def sync(self, *, guild: discord.abc.Snowflake | None = None) -> list[app_commands.AppCommand]:
        """As discord.py syncs, but where the application has an Activity, its Entry Point command (made by
        Discord when Activities are enabled) is written back with the bot's own: Discord refuses a global
        overwrite that would remove it, and the bot's start would stop there."""
        if guild is not None or not self.keep_entry_point or self.client.application_id is None:
            return await super().sync(guild=guild)
        http, app_id = self.client.http, self.client.application_id
        existing: list[Any] = list(await http.get_global_commands(app_id))
        entry = [{k: c[k] for k in ENTRY_POINT_FIELDS if k in c} for c in existing if c.get("type") == ENTRY_POINT]
        write = http.bulk_upsert_global_commands

        async def keeping(application_id: int, payload: list[dict[str, Any]]) -> Any:
            return await write(application_id, payload=[*payload, *entry])

        http.bulk_upsert_global_commands = keeping  # type: ignore[method-assign,assignment]  # this sync only
        try:
            synced = await super().sync()
        finally:
            del http.bulk_upsert_global_commands  # the class's method again
        return [c for c in synced if c.type.value != ENTRY_POINT]


class FivesBot(commands.Bot):
    service: TableService
    announcer: Announcer  # what posts boards, hands and results: the controls hand it what the service said

    def __init__(self, settings: Settings) -> None:
        # The bot never joins a voice channel: discord.py's warnings that voice libraries are missing
        # (PyNaCl, davey) would be noise at every start.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # Only guild events (channels and threads to post in); slash commands and components arrive as
        # interactions, which need no intent, and the bot never reads message content.
        shards: dict[str, Any] = {}
        if settings.shard_count is not None:  # see ShardedFivesBot
            shards = {"shard_count": settings.shard_count, "shard_ids": settings.shard_ids}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            tree_cls=FivesTree,
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            http_trace=metrics.http_trace(),  # Discord's errors and rate limits, when metrics are on
            **shards,
        )
        self.settings = settings
        self.store: StoreInterface | None = None
        self.thinking: Thinking | None = None  # the computer players' worker processes
        self.user_locales: dict[int, str] = {}  # the language last seen from each user, for DMs
        self.web_hub: Any = None  # web.hub.Hub when the web table is on
        self.web_runner: Any = None
        self.web_links: TableLinks | None = None  # the "Open table" links, while the web table is on
        self.web_moves: MovesListener | None = None  # other processes' moves, for open pages
        self.stopping = False  # a graceful stop has begun (app.lifecycle)
        self.stop_tasks: set[asyncio.Task[None]] = set()
        self.ops: OpsServer | None = None  # /metrics, /healthz, /readyz
        self.handle_signals = False  # `python -m bot` sets it: SIGTERM and SIGINT stop gracefully, images warmed

    async def setup_hook(self) -> None:
        from web.runner import WebSettings, table_links

        web_settings = WebSettings.from_env()  # read first: a bad web setting stops the start at once
        self.web_links = table_links(web_settings) if web_settings is not None else None
        # Moves are sent to other processes' web pages only when this one serves pages too (data/moves.py)
        self.store = await open_store(
            self.settings.database, exclusive=self.settings.single_process, notify_moves=web_settings is not None
        )
        if self.settings.metrics_port is not None:
            self.store = cast(StoreInterface, metrics.TimedStore(self.store))
        rng = random.Random(self.settings.seed) if self.settings.seed is not None else None
        self.thinking = Thinking(self.settings.ai_workers, self.settings.computer_level)
        self.service = TableService(self.store, clock=discord_clock, rng=rng, thinking=self.thinking)
        await self.service.resume()  # what it plays and what a crash left untold are told once connected
        # Imported here: the announcer is Discord code that types itself with this module's FivesBot.
        from cogs.announcer import Announcer

        self.announcer = Announcer(self)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CatalogueTranslator())
        lifecycle.install_edge(self)
        if self.handle_signals:
            lifecycle.install_signals(self)
            # The drawing caches filled while the bot connects, so that no player's first image waits on them.
            from rendering.warm import warm_up

            self.stop_tasks.add(asyncio.create_task(self._warm(warm_up)))
        self.ops = await lifecycle.start_ops(self)
        cast(FivesTree, self.tree).keep_entry_point = self.web_links is not None and self.web_links.activity
        await self.sync_commands()
        if web_settings is not None:
            await self._start_web(web_settings)

    async def _start_web(self, settings: WebSettings) -> None:
        """The web table (issue #27), only when FIVES_WEB_URL and FIVES_WEB_PORT are set."""
        from cogs.controls.web_table import is_member
        from web.hub import Hub
        from web.runner import start_web

        hub = self.web_hub = Hub()  # the announcer wakes open pages after every game it tells
        # and, on PostgreSQL, every process's commits do (NOTIFY): a page may be open on another process
        self.web_moves = await listen_moves(self.settings.database, hub.changed)

        async def members(guild_id: int, user_id: int) -> bool:
            return await is_member(self, guild_id, user_id)

        self.web_runner = await start_web(settings, self.service, hub, self.announcer.deliver, members)

    async def _warm(self, warm_up: Callable[[], float]) -> None:
        try:
            log.info("drawing caches warmed in %.2f s", await asyncio.to_thread(warm_up))
        except Exception:  # a drawing bug: the images are drawn cold, nothing else is affected
            log.exception("could not warm the drawing caches")

    async def sync_commands(self) -> None:
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (Discord may take a while to show changes)", len(synced))
            return
        guild = discord.Object(guild_id)
        self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        log.info("synced %d commands to server %s", len(synced), guild_id)

    async def on_ready(self) -> None:
        from cogs.welcome import invite_url  # the permissions the bot asks for live with its welcome

        log.info(
            "fives %s logged in as %s (%s) in %d servers",
            bot_version(),
            self.user,
            self.user.id if self.user is not None else "?",
            len(self.guilds),
        )
        client_id = self.application_id or (self.user.id if self.user is not None else None)
        if client_id is not None:
            log.info("invite the bot to a server with %s", invite_url(client_id))
        await self.announcer.start()  # once: what a crash left untold, and what resume() played

    async def close(self) -> None:
        try:
            if self.web_moves is not None:
                await self.web_moves.close()
                self.web_moves = None
            if self.web_runner is not None:
                await self.web_runner.cleanup()
            await super().close()
        finally:
            if self.ops is not None:
                await self.ops.stop()
                self.ops = None
            if self.thinking is not None:
                self.thinking.close()
                self.thinking = None
            if self.store is not None:
                await self.store.close()
                self.store = None

    async def on_error(self, event_method: str, /, *args: Any, **kwargs: Any) -> None:
        log.exception("unhandled error in %s", event_method)


class ShardedFivesBot(FivesBot, commands.AutoShardedBot):
    """The bot on the shards `settings.shard_ids` of `settings.shard_count` (every shard when no ids are
    given): one process of several on one PostgreSQL database, each running its own shards."""


def create_bot(settings: Settings | None = None) -> FivesBot:
    """The bot, not yet connected (settings from the environment and `.env` unless given); sharded when
    the settings give a shard count."""
    settings = settings if settings is not None else Settings.from_env()
    return (ShardedFivesBot if settings.shard_count is not None else FivesBot)(settings)
