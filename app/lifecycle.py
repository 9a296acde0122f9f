"""How the bot runs for an operator: its metrics and health endpoints, the edge every interaction enters
by, and a graceful stop on SIGTERM or SIGINT.

The interaction edge wraps discord.py's parser of `INTERACTION_CREATE` (the one door of every slash command,
button, select and modal, from the real gateway and from simcord alike): it names the interaction, guild and
user in the log context (the tasks discord.py starts for it copy that context), and during a stop it
answers at once that the bot is restarting instead of handing the interaction on.

A graceful stop (`graceful_stop`, at most `STOP_SECONDS`):
1. new interactions are answered "restarting" (their user tries again when the bot is back; on PostgreSQL
   a shard's interactions come only to the process that runs it, so there is nobody else to pass them to),
   and the table service refuses new changes;
2. the turn timers stop after their current round;
3. the calls in flight end (a computer thinking inside one too), then what they tell is told; a call that
   does not end in time is cut by the close: its action was committed or not, never half (the log is the
   game), and a computer turn not committed is played by the next start from the same seed;
4. the outbox is told as far as Discord lets us within what is left of the deadline (what is not is told
   once after the restart, by the outbox's protocol);
5. Discord's connection, the computers' workers and the database are closed.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

import discord
from discord.ext import commands

from app.ops_http import OpsServer, ops_app
from bot import metrics
from bot.i18n import locale_of, tr
from bot.logs import game_var, guild_var, interaction_var, user_var
from cogs.host import FivesBot as CogsBot

if TYPE_CHECKING:
    from discord.state import ConnectionState

    from app.settings import Settings
    from cogs.announcer import Announcer
    from data import StoreInterface


class FivesBot(CogsBot, Protocol):
    """The bot as its start and stop see it (`app.client.FivesBot` satisfies it; typed here as a protocol so
    that this module, which the bot class imports, does not import the bot class back)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def store(self) -> StoreInterface | None: ...

    @property
    def announcer(self) -> Announcer: ...

    stopping: bool
    stop_tasks: set[asyncio.Task[None]]
    _connection: ConnectionState[Any]
    ws: Any  # discord.gateway.DiscordWebSocket
    web_runner: Any  # aiohttp.web.AppRunner of the web table, None while it does not run

    def is_closed(self) -> bool: ...

    def is_ready(self) -> bool: ...

    def get_cog(self, name: str, /) -> commands.Cog | None: ...

    async def close(self) -> None: ...


log = logging.getLogger(__name__)

STOP_SECONDS = 8.0  # a whole graceful stop; below the 10 s docker and systemd give before a SIGKILL
AUTOCOMPLETE = 4

# The controls whose custom id is `fives:<kind>:<game number>:...` (cogs: the turn controls and the game
# buttons): every line logged while one is handled names its game. A watch button's first field is what
# it watches, a lobby's a lobby: they name no game.
GAME_CONTROLS = frozenset(
    {"act", "do", "typed", "discard", "page", "pair", "pairs", "undo", "type", "block", "trick", "hand", "hint"}
    | {"analyse", "activity", "rematch", "replay"}
)


def game_of(data: dict[str, Any]) -> int | None:
    """The game an interaction's control belongs to (INTERACTION_CREATE's payload), or None."""
    custom_id = (data.get("data") or {}).get("custom_id")
    if not isinstance(custom_id, str):
        return None
    parts = custom_id.split(":", 3)
    if len(parts) >= 3 and parts[0] == "fives" and parts[1] in GAME_CONTROLS and parts[2].isdigit():
        return int(parts[2])
    return None


def gateway_problems(bot: discord.Client | FivesBot) -> list[str]:
    """What keeps the bot from being ready on Discord's side: each shard of this process not connected."""
    if bot.is_closed():
        return ["gateway: closed"]
    if not bot.is_ready():
        return ["gateway: not ready"]
    shards = getattr(bot, "shards", None)
    if isinstance(shards, dict):
        return [f"gateway: shard {i} disconnected" for i, shard in sorted(shards.items()) if shard.is_closed()]
    ws = bot.ws
    if ws is None or not getattr(ws, "open", True):
        return ["gateway: disconnected"]
    return []


def web_connections(bot: FivesBot) -> int | None:
    """The connections open on the web table's server (aiohttp's), None while it does not run."""
    server = bot.web_runner.server if bot.web_runner is not None else None
    return None if server is None else len(server.connections)


async def start_ops(bot: FivesBot) -> OpsServer | None:
    """With `FIVES_METRICS_PORT` set: metrics recorded, and /metrics, /healthz, /readyz served."""
    settings = bot.settings
    if settings.metrics_port is None:
        return None
    service, store = bot.service, bot.store
    assert store is not None
    collector = metrics.ServiceCollector(
        service.tables.in_play, service.telling.stats, store.pool_use, web=lambda: web_connections(bot)
    )

    async def database() -> None:
        if bot.store is None:
            raise ConnectionError("closed")
        await bot.store.schema_version()

    server = OpsServer(
        ops_app(lambda: gateway_problems(bot), database), settings.metrics_host, settings.metrics_port, collector
    )
    await server.start()
    return server


# -- the interaction edge ----------------------------------------------------------------------------------------
def install_edge(bot: FivesBot) -> None:
    """Wrap the parser of INTERACTION_CREATE (see the module's docstring)."""
    parsers: dict[str, Callable[[Any], None]] = bot._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def edge(data: dict[str, Any]) -> None:
        user = (data.get("member") or {}).get("user") or data.get("user") or {}
        tokens = [
            interaction_var.set(_int(data.get("id"))),
            guild_var.set(_int(data.get("guild_id"))),
            user_var.set(_int(user.get("id"))),
            game_var.set(game_of(data)),
        ]
        try:
            if bot.stopping:
                _refuse(bot, data)
            else:
                parse(data)
        finally:
            for var, token in zip((interaction_var, guild_var, user_var, game_var), tokens, strict=True):
                var.reset(token)

    parsers["INTERACTION_CREATE"] = edge


def _int(value: Any) -> int | None:
    return int(value) if value is not None else None


def _refuse(bot: FivesBot, data: dict[str, Any]) -> None:
    if data.get("type") == AUTOCOMPLETE:  # no message can answer a suggestion; it simply gets none
        return
    metrics.INTERACTIONS_REFUSED.inc()
    interaction = discord.Interaction(data=cast(Any, data), state=bot._connection)
    text = tr("error.restarting", locale_of(data.get("locale")))
    log.info("interaction refused: the bot is stopping")

    async def answer() -> None:
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as exc:
            log.warning("could not tell a user the bot is restarting: %s", exc)

    bot.stop_tasks.add(task := asyncio.get_running_loop().create_task(answer()))
    task.add_done_callback(bot.stop_tasks.discard)


# -- the graceful stop ---------------------------------------------------------------------------------------------
def install_signals(bot: FivesBot) -> None:
    """SIGTERM and SIGINT start a graceful stop (a second one while stopping changes nothing)."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, _on_signal, bot, sig)
        except (NotImplementedError, RuntimeError):  # not the main thread, or not on this platform
            return


def _on_signal(bot: FivesBot, sig: signal.Signals) -> None:
    if bot.stopping:
        return
    log.info("%s received: stopping gracefully (at most %.0f s)", sig.name, STOP_SECONDS)
    bot.stop_tasks.add(asyncio.get_running_loop().create_task(graceful_stop(bot)))


async def graceful_stop(bot: FivesBot, seconds: float = STOP_SECONDS) -> None:
    started = time.monotonic()

    def left() -> float:
        return max(0.1, seconds - (time.monotonic() - started))

    bot.stopping = True
    service = getattr(bot, "service", None)
    try:
        if service is not None:
            service.stop_taking()
            timers = bot.get_cog("Timers")
            if timers is not None:
                timers.tick.stop()  # type: ignore[attr-defined]  # the round under way ends first
            finished = await service.quiesce(left() * 0.5)
            announcer = getattr(bot, "announcer", None)
            if announcer is not None:
                await asyncio.sleep(0)  # the calls just ended hand their notifications to the announcer
                finished &= await announcer.settle(left() * 0.5)
                store = bot.store
                everything = store is not None and not store.shared  # on PostgreSQL: only what is due here
                try:
                    await asyncio.wait_for(
                        announcer.deliver(await service.telling.untold(everything=everything)), left()
                    )
                except TimeoutError:
                    finished = False
            untold, _ = service.telling.stats()
            log.info(
                "stopped taking interactions; %s; %d notifications left to tell after the restart",
                "every call in flight ended" if finished else "calls still in flight were cut",
                untold,
            )
    except Exception:
        log.exception("the graceful stop failed; closing now")
    finally:
        await bot.close()
        log.info("stopped in %.1f s", time.monotonic() - started)
