"""The real bot from `create_bot`, over a SQLite file in a temporary folder, attached to simcord's virtual
Discord: a server with a games channel and three members (Alice and Bob play, Carol watches). The bot's
seed is SEED, or the first one that reaches a test's `Situation`."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

import discord
import pytest
import simcord
from discord.ext import commands

from app.client import FivesBot, create_bot
from app.settings import Settings
from bot.ai import think
from bot.engine import new_game
from bot.tables.play.seeds import game_seed, move_seed
from tests.checks import must

SEED = 11


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "fives.sqlite3"


@pytest.fixture
def seed(request: pytest.FixtureRequest) -> int:
    """The bot's settings seed: SEED, or for a test parametrized (indirectly) with a `Situation`, the first
    seed that reaches it."""
    situation = getattr(request, "param", None)
    return SEED if situation is None else situation.find()


@pytest.fixture
def settings(database: Path, seed: int) -> Settings:
    return Settings(database=database, seed=seed)


@pytest.fixture
async def make_bot(settings: Settings) -> AsyncIterator[Callable[[], FivesBot]]:
    """Bots over the test's database (a restart makes a second one); their stores are closed at the end,
    as `bot.close()` would (simcord detaches a bot without closing it)."""
    made: list[FivesBot] = []

    def make() -> FivesBot:
        made.append(create_bot(settings))
        return made[-1]

    yield make
    for bot in made:
        if bot.store is not None:
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: Callable[[], FivesBot]) -> FivesBot:
    return make_bot()


@dataclass
class World:
    env: simcord.Env
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    alice: simcord.MemberActor
    bob: simcord.MemberActor
    carol: simcord.MemberActor
    errors_seen: int = 0

    @property
    def bot(self) -> FivesBot:
        bot = self.env.bot
        assert isinstance(bot, FivesBot)
        return bot


CogT = TypeVar("CogT", bound=commands.Cog)


def cog(world: World, kind: type[CogT]) -> CogT:
    """The bot's cog of class `kind`."""
    found = world.bot.get_cog(kind.__name__)
    assert type(found).__qualname__ == kind.__qualname__, f"the bot has no {kind.__name__} cog"
    return cast(CogT, found)  # (the extension's own copy of the class: isinstance cannot tell)


@pytest.fixture
def world(simcord_env: simcord.Env) -> World:
    env = simcord_env
    guild = env.create_guild("Domino club")
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    return World(env, guild, channel, alice, bob, carol)


# -- reading what the bot posted --------------------------------------------------------------------------
def reply(result: simcord.InteractionResult) -> simcord.ResponseMessage:
    """The message the bot answered an interaction with (a test that reads it fails if there is none)."""
    assert result.response is not None, "the bot answered with no message"
    return result.response


Control = discord.Button | discord.SelectMenu


def components(message: discord.Message) -> list[Control]:
    """Every button and select of a message."""
    out: list[Control] = []
    for row in message.components:
        for child in row.children if isinstance(row, discord.ActionRow) else [row]:
            if isinstance(child, discord.Button | discord.SelectMenu):
                out.append(child)
    return out


def selects_of(message: discord.Message, prefix: str | tuple[str, ...] = "") -> list[discord.SelectMenu]:
    """The message's selects whose custom id starts with `prefix`."""
    return [c for c in components(message) if isinstance(c, discord.SelectMenu) and c.custom_id.startswith(prefix)]


def buttons_of(message: discord.Message, prefix: str | tuple[str, ...] = "") -> list[discord.Button]:
    """The message's buttons whose custom id starts with `prefix` (link buttons have none: only "" finds them)."""
    return [c for c in components(message) if isinstance(c, discord.Button) and (c.custom_id or "").startswith(prefix)]


def custom_ids(message: discord.Message) -> list[str]:
    return [c.custom_id for c in components(message) if c.custom_id]


def text_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """Everything a reader sees as text: content and every embed's title, description, fields and footer."""
    parts = [message.content or ""]
    for embed in message.embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f"{field.name}\n{field.value}" for field in embed.fields]
    return "\n".join(parts)


def public_messages(world: World) -> list[discord.Message]:
    """Every message anyone in the server can read: the channel and its threads, ephemeral ones left out."""
    out = []
    for channel in (world.channel, *world.channel.threads):
        out += [m for m in channel.history() if not m.flags.ephemeral]
    return out


def said(world: World) -> str:
    """Everything said in public so far, as one text."""
    return "\n".join(text_of(m) for m in public_messages(world))


def thread(world: World) -> simcord.ChannelHandle:
    [table] = world.channel.threads
    return table


def board(world: World) -> discord.Message:
    """The newest board: the one message of the table that still has the My hand button."""
    live = [m for m in thread(world).history() if any(i.startswith("fives:hand:") for i in custom_ids(m))]
    assert len(live) == 1, f"{len(live)} boards have live controls"
    return live[0]


def moves_shown(world: World, game_no: int = 1) -> list[int]:
    """The move each table message says it shows (its footer), in the order they were posted."""
    out = []
    for message in thread(world).history():
        for embed in message.embeds:
            found = re.search(rf"Game {game_no} · move (\d+)", embed.footer.text or "")
            if found:
                out.append(int(found[1]))
    return out


def dms(member: simcord.MemberActor) -> list[discord.Message]:
    return member.user.dm_channel.history()


def playable(member: simcord.MemberActor) -> discord.Message | None:
    """The player's DM that holds move controls (there is at most one)."""
    live = [
        m
        for m in dms(member)
        if any(i.startswith(("fives:act:", "fives:do:", "fives:discard:")) for i in custom_ids(m))
    ]
    assert len(live) <= 1, "several DMs have live move controls"
    return live[0] if live else None


async def public(world: World, game_no: int) -> Any:
    """The table's public view of game `game_no`."""
    return await world.bot.service.tables.public_view(game_no)


def to_act(world: World, member: simcord.MemberActor) -> bool:
    games = world.bot.service.tables.games_of(member.id)
    return bool(games) and games[0].your_turn


def whose_turn(world: World) -> simcord.MemberActor | None:
    content = board(world).content or ""
    for member in (world.alice, world.bob, world.carol):
        if member.mention in content:
            return member
    return None


async def move(member: simcord.MemberActor, message: discord.Message) -> str:
    """Play the first move offered in `message`: Five Hundred's discard (the first cards it allows), else a
    select's first entry, else the first move button."""
    actor = member if message.guild is not None else member.user
    for select in selects_of(message, "fives:discard:"):
        cards = [o.value for o in select.options[: select.max_values]]
        await actor.select(message, cards, custom_id=select.custom_id)
        return "discard " + " ".join(cards)
    for select in selects_of(message, "fives:act:"):
        value = select.options[0].value
        await actor.select(message, [value], custom_id=select.custom_id)
        return value
    for button in buttons_of(message, "fives:do:"):
        custom_id = must(button.custom_id)
        await actor.click(message, custom_id=custom_id)
        return custom_id.rsplit(":", 1)[1]
    raise AssertionError("no move to play in this message")


# -- setting up a table ------------------------------------------------------------------------------------
async def add_computer(member: simcord.MemberActor, lobby: Any, level: str | None = None) -> Any:
    """`member` picks `level` in the lobby's Add computer control (None: the level it offers as the server's
    default, marked so in its label); the interaction's result."""
    [control] = [c for c in selects_of(lobby.message) if c.custom_id.endswith(":addc")]
    if level is None:
        [level] = [o.value for o in control.options if "default" in o.label or "既定" in o.label]
    return await member.select(lobby, [level], custom_id=control.custom_id)


def close_dms(env: simcord.Env, member: simcord.MemberActor) -> None:
    """From now on `member` takes no DMs: Discord refuses every message the bot sends them (50007)."""
    env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


async def open_table(
    world: World,
    game: str = "draw",
    *,
    humans: tuple[simcord.MemberActor, ...] | None = None,
    computers: int = 2,
    options: dict[str, str] | None = None,
) -> discord.Message:
    """Alice opens a lobby, the others join, she adds computers, sets options and starts; the lobby message."""
    result = await world.alice.slash(world.channel, "play", game=game)
    lobby = result.response
    assert lobby is not None
    for member in (world.bob,) if humans is None else humans:
        await member.click(lobby, label="Join")
    for _ in range(computers):
        await add_computer(world.alice, lobby)
    if options:
        shown = reply(await world.alice.click(lobby, label="Rules"))
        assert shown is not None and shown.ephemeral
        for option, value in options.items():
            [select] = [i for i in custom_ids(shown.message) if i.endswith(f":{option}")]
            shown = reply(await world.alice.select(shown, [value], custom_id=select))
    await world.alice.click(lobby, label="Start")
    return lobby.message


async def choose_options(world: World, lobby: simcord.ResponseMessage, options: dict[str, str]) -> None:
    """Alice sets each option in the lobby's rules panel, paging it forward to the option's select."""
    alice = world.alice
    for option, value in options.items():
        shown = reply(await alice.click(lobby, label="Rules"))  # its first page
        for _ in range(10):
            ids = [i for i in custom_ids(shown.message) if i.endswith(f":{option}")]
            if ids:
                break
            [forward] = [c for c in buttons_of(shown.message) if (c.label or "").endswith("▶")]
            shown = reply(await alice.click(shown, custom_id=forward.custom_id))
        else:
            raise AssertionError(f"no option {option} in the rules panel")
        await alice.select(shown, [value], custom_id=ids[0])


def refusals(world: World) -> list[str]:
    """The keys of the refusals the bot answered since the last look (anything else fails the test)."""
    errors = world.env.errors  # everything so far; looking acknowledges it
    new, world.errors_seen = errors[world.errors_seen :], len(errors)
    keys = []
    for error in new:
        error = getattr(error, "original", error)  # a slash command's error comes wrapped
        assert hasattr(error, "key"), f"an error that is not a refusal: {error!r}"
        keys.append(error.key)
    return keys


def button(message: discord.Message, label: str) -> discord.Button:
    [found] = [c for c in buttons_of(message) if c.label == label]
    return found


# -- a situation a seed reaches ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Situation:
    """A game to look for: `check(state)` after every action says found (True), hopeless (False) or go on
    (None). The game is played as the bot would: settings seed -> game seed, seat 0 Alice (`policy`), the
    other seats the computer players seeded as the table service seeds them. A game's tests subclass it
    with their GAME, how many actions into a game to look (STEPS) and which seeds (`seeds`)."""

    GAME: ClassVar[str]
    STEPS: ClassVar[int]

    players: int
    options: dict[str, str]
    policy: Callable[[Any], str]
    check: Callable[[Any], bool | None]
    seeds: range

    def reached(self, seed: int) -> bool:
        # Games.start: the first draw of the bot's generator (seeded by the settings' seed)
        state: Any = new_game(self.GAME, self.players, dict(self.options), seed=game_seed(random.Random(seed)))
        for _ in range(self.STEPS):
            found = self.check(state)
            if found is not None:
                return found
            if state.is_over:
                return False
            seat = state.current_seat
            view = state.view(seat)
            if seat == 0:
                action = self.policy(view)
            else:
                # as the table service has its computers choose, at the settings' default level
                action = think(view, move_seed(state.seed, state.turn), Settings().computer_level)
            state.apply(seat, action)
        return False

    def find(self) -> int:
        for seed in self.seeds:
            if self.reached(seed):
                return seed
        raise AssertionError(f"no seed in {self.seeds} reaches the situation")
