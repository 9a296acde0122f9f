"""The chaos run: many tables at once, across servers and channels, played through the real bot in simcord
by the controls users use, while faults rain on it; then every table is checked.

Seeded and reproducible: the same seed plays the same moves and injects the same faults.
"""

from __future__ import annotations

import functools
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord
import simcord
from discord import app_commands
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

import rendering
from app.client import FivesBot
from bot.tables.play.table import replay
from cogs.announcer.boards import Boards
from cogs.announcer.post import Post
from tests.checks import must

from .community import Community

# (game, players, humans, options): every family and player count, humans and computers mixed.
CATALOGUE: tuple[tuple[str, int, int, dict[str, str]], ...] = (
    ("draw", 2, 2, {"rounds": "1"}),
    ("draw", 4, 1, {"rounds": "1"}),
    ("five-up", 2, 2, {}),
    ("five-up", 4, 2, {"partners": "by_agreement"}),
    ("five-up", 3, 1, {}),
    ("le-quantette", 2, 1, {}),
    ("quantette", 5, 2, {}),
    ("all-fives", 2, 2, {"target": "50"}),
    ("all-fives", 3, 1, {"target": "50"}),
    ("muggins", 3, 2, {"target": "50"}),
    ("sniff", 4, 2, {"target": "50"}),
    ("horse-race", 2, 1, {"target": "50"}),
    ("seven-toed-pete", 4, 1, {"target": "50"}),
    ("seven-rocks", 4, 2, {"target": "50"}),
    ("five-hundred", 2, 1, {}),
    ("five-hundred", 3, 2, {}),
    ("five-hundred", 4, 2, {}),
    ("five-hundred", 5, 1, {}),
    ("five-hundred", 6, 2, {}),
    ("domineren", 3, 1, {}),
    ("domineren", 4, 2, {}),
    ("domineren", 5, 1, {}),
)
FAULTS = (
    "restart",
    "stale_click",
    "stranger_click",
    "bad_move",
    "post_error",
    "dm_error",
    "edit_error",
    "close_dms",
    "delete_board",
    "delete_thread",
    "permission",
    "timeout",
)
MOVE_PREFIXES = ("fives:act:", "fives:do:", "fives:discard:")
TURN_SECONDS = 600  # the servers' turn timer: expired turns are one of the faults


@dataclass
class Tracked:
    game_no: int
    game_id: str
    guild: simcord.GuildHandle
    channel: simcord.ChannelHandle
    humans: list[simcord.MemberActor]
    watcher: simcord.MemberActor  # a member of the server who does not play here
    old_hands: list[tuple[simcord.MemberActor, Any]] = field(default_factory=list)  # ephemeral hands shown
    undo: bool = False  # opened with undo by agreement
    watched: bool = False  # its server's watcher follows it by DM digest
    last_mover: simcord.MemberActor | None = None  # who may ask to take their move back


@dataclass
class Summary:
    tables: int = 0
    actions: int = 0
    clicks: int = 0
    restarts: int = 0
    faults: int = 0
    ended: int = 0
    lost: int = 0
    doubled: int = 0
    leaks: int = 0
    unanswered: int = 0
    errors: int = 0
    community: int = 0
    digests: int = 0
    undos: int = 0
    rematches: int = 0
    replays: int = 0
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (
            f"chaos: {self.tables} tables, {self.actions} actions ({self.clicks} clicks), {self.restarts} restarts, "
            f"{self.faults} faults, {self.ended} games ended; lost {self.lost}, doubled {self.doubled}, "
            f"leaks {self.leaks}, unanswered {self.unanswered}, errors logged {self.errors}; "
            f"{self.community} community actions: {self.digests} digests, {self.undos} undo requests, "
            f"{self.rematches} rematches, {self.replays} replays"
        )


class Chaos:
    def __init__(
        self,
        env: simcord.Env,
        make_bot: Callable[[], FivesBot],
        seed: int,
        tables: int,
        fault_rate: float,
        community_rate: float = 0.0,
    ) -> None:
        self.env = env
        self.make_bot = make_bot
        self.rng = random.Random(seed)
        self.size = tables
        self.fault_rate = fault_rate
        self.community_rate = community_rate  # the share of steps that are a community action, not a move
        self.community = Community(self)
        self.tables: list[Tracked] = []
        self.summary = Summary()
        self.closed: set[int] = set()  # users whose DMs are closed now
        self.denied: set[int] = set()  # channels where the bot lacks a permission now
        self.acked: Counter[int] = Counter()  # game -> moves the bot acknowledged to their player
        self.public_views: list[Any] = []  # every view drawn into a public image
        self.posted: Counter[tuple[int, int]] = Counter()  # (game, action turn) -> public messages telling it
        self._restore: list[Callable[[], None]] = []
        self.guilds: list[tuple[Any, list[Any], list[Any], Any]] = []
        self.opened = 0

    @property
    def bot(self) -> FivesBot:
        bot = self.env.bot
        assert isinstance(bot, FivesBot)
        return bot

    # -- setting up -----------------------------------------------------------------------------------
    async def open_tables(self) -> None:
        self._watch_public_images()
        self._watch_posts()
        self.community.watch()
        for g in range(max(1, -(-self.size // 8))):
            guild = self.env.create_guild(f"Club {g}")
            await self.bot.service.settings.update(guild.id, turn_seconds=TURN_SECONDS, undo_allowed=True)
            channels = [guild.create_text_channel(f"games-{c}") for c in range(2)]
            members = [guild.add_member(self.env.create_user(f"p{g}x{m}")) for m in range(6)]
            watcher = guild.add_member(self.env.create_user(f"watcher{g}"))
            self.guilds.append((guild, channels, members, watcher))
        while len(self.tables) < self.size and self.opened < 4 * self.size:
            await self._open_next()

    async def _open_next(self) -> None:
        """The next table of the catalogue, in the next server, with players drawn from its members."""
        i = self.opened
        self.opened += 1
        game_id, players, humans, options = CATALOGUE[i % len(CATALOGUE)]
        guild, channels, members, watcher = self.guilds[i % len(self.guilds)]
        seated = self.rng.sample(members, humans)
        undo = humans > 1 and self.community_rate > 0 and self.rng.random() < 0.5  # others to agree
        await self._open(guild, self.rng.choice(channels), seated, watcher, game_id, players, options, undo=undo)
        self.summary.tables = len(self.tables)

    async def _open(
        self,
        guild: simcord.GuildHandle,
        channel: simcord.ChannelHandle,
        humans: list[simcord.MemberActor],
        watcher: simcord.MemberActor,
        game_id: str,
        players: int,
        options: dict[str, str],
        *,
        undo: bool = False,
    ) -> None:
        host = humans[0]
        result = await host.slash(channel, "play", game=game_id, **({"undo": True} if undo else {}))
        lobby = result.response
        if lobby is None or lobby.ephemeral:  # refused (a permission taken away, /play too often): answered
            self._must_be_answered(result, f"a refused /play {game_id}")
            return
        for member in humans[1:]:
            await member.click(lobby, label="Join")
        for _ in range(players - len(humans)):
            [add] = [c.custom_id for c in _components(lobby.message) if (c.custom_id or "").endswith(":addc")]
            await host.select(lobby, ["easy"], custom_id=add)  # the quick level: chaos plays many games
        if options:
            shown = must((await host.click(lobby, label="Rules")).response)
            for option, value in options.items():
                [select] = [
                    c.custom_id for c in _components(shown.message) if (c.custom_id or "").endswith(f":{option}")
                ]
                shown = must((await host.select(shown, [value], custom_id=select)).response)
        before = {s.table.game_no for s in self.bot.service.tables.games_of(host.id)}
        await host.click(lobby, label="Start")
        started = [s for s in self.bot.service.tables.games_of(host.id) if s.table.game_no not in before]
        if not started:  # the computers may have finished it already: find it in the store
            return
        self.tables.append(Tracked(started[0].table.game_no, game_id, guild, channel, humans, watcher, undo=undo))

    async def adopt_rematch(self, table: Tracked) -> None:
        """A rematch everyone accepted started a new game: it is played and checked like the others."""
        row = await must(self.bot.store).rematch(table.game_no)
        if row is None or row.next_game_no is None or any(t.game_no == row.next_game_no for t in self.tables):
            return
        stored = await must(self.bot.store).load_game(row.next_game_no)
        if stored is None:
            return
        humans = [m for m in table.humans if m.id in {s.user_id for s in stored.row.seats}]
        self.tables.append(
            Tracked(row.next_game_no, table.game_id, table.guild, table.channel, humans, table.watcher, undo=table.undo)
        )
        self.summary.tables = len(self.tables)

    # -- playing ---------------------------------------------------------------------------------------
    async def run(self, steps: int, *, reopen: bool = False) -> None:
        """`steps` moves (with faults); with `reopen`, a table that ends is replaced by a new one."""
        for _ in range(steps):
            if reopen and len(self._active()) < self.size:  # one new table a step at most
                await self._open_next()
            if self.rng.random() < self.fault_rate:
                await self._fault(self.rng.choice(FAULTS))
            if self.rng.random() < self.community_rate:  # instead of a move: the run's length stays the same
                await self.community.act()
                self.summary.community += 1
                continue
            if not await self._one_move():
                await self.env.advance_time(TURN_SECONDS + 5)  # nobody to act now: let the timers play
                if not self._live():
                    break

    def _active(self) -> set[int]:
        return {s.table.game_no for t in self.tables for m in t.humans for s in self.bot.service.tables.games_of(m.id)}

    def _live(self) -> list[tuple[Tracked, simcord.MemberActor]]:
        out = []
        for table in self.tables:
            for member in table.humans:
                for s in self.bot.service.tables.games_of(member.id):
                    if s.table.game_no == table.game_no and s.your_turn:
                        out.append((table, member))
        return out

    async def _one_move(self) -> bool:
        live = self._live()
        if not live:
            return False
        table, member = self.rng.choice(live)
        path = self.rng.choice(("dm", "my_hand", "hand_command", "move_command"))
        before = await self._player_actions(table)
        result = await self._play(table, member, path)
        if result is None:
            return True
        self.summary.clicks += 1
        applied = await self._player_actions(table) - before
        if applied == 1:
            self.acked[table.game_no] += 1
            table.last_mover = member
            if table.undo and self.community_rate and self.rng.random() < 0.1:  # a mis-click, taken back at once
                await self.community.act("undo", table)
                self.summary.community += 1
        elif applied == 0:
            self._must_be_answered(result, f"game {table.game_no}: a refused {path} move")
        else:
            self.summary.doubled += applied - 1
            self.summary.problems.append(f"game {table.game_no}: one click applied {applied} moves")
        return True

    async def _play(self, table: Tracked, member: simcord.MemberActor, path: str) -> simcord.InteractionResult | None:
        if path == "dm" and member.id not in self.closed:
            message = _playable(member)
            if message is not None:
                return await self._control(member.user, message)
        where = await self._place(table)
        board = await self._board(table)
        if path == "my_hand" and board is not None:
            shown = await member.click(board, label="My hand")
        elif path in ("my_hand", "hand_command"):
            shown = await member.slash(where, "hand", game=table.game_no)
        else:
            hand = await self.bot.service.tables.private_view(table.game_no, member.id)
            action = self.rng.choice(hand.view.legal).text
            return await member.slash(where, "move", action=action, game=table.game_no)
        if shown.response is None or not _move_controls(shown.response.message):
            return None
        table.old_hands.append((member, shown.response))
        return await self._control(member, shown.response)

    async def _control(self, actor: Any, message: Any) -> simcord.InteractionResult:
        """A random move among the controls of a hand message (selects hold every legal move)."""
        msg = getattr(message, "message", message)
        controls = _move_controls(msg)
        control = self.rng.choice(controls)
        if control.custom_id.startswith("fives:discard:"):
            values = [o.value for o in control.options]
            return await actor.select(message, self.rng.sample(values, control.min_values), custom_id=control.custom_id)
        if isinstance(control, discord.SelectMenu):
            value = self.rng.choice(control.options).value
            return await actor.select(message, [value], custom_id=control.custom_id)
        return await actor.click(message, custom_id=control.custom_id)

    async def _player_actions(self, table: Tracked) -> int:
        stored = await must(self.bot.store).load_game(table.game_no)
        return sum(1 for k in stored.kinds if k == "player") if stored else 0

    # -- faults ----------------------------------------------------------------------------------------
    async def _fault(self, kind: str) -> None:
        table = self.rng.choice(self.tables)
        self.summary.faults += 1
        env = self.env
        if kind == "restart":
            await env.restart_bot(self.make_bot())
            self.summary.restarts += 1
        elif kind == "stale_click":  # an ephemeral hand shown earlier keeps its controls: click one again
            old = [(t, m, h) for t in self.tables for m, h in t.old_hands if _move_controls(_still_there(h))]
            if old:
                owner_table, owner, shown = self.rng.choice(old)
                before = await self._player_actions(owner_table)
                result = await self._control(owner, shown)
                if await self._player_actions(owner_table) > before:
                    self.acked[owner_table.game_no] += 1  # it was still the current turn after all
                else:
                    self._must_be_answered(result, "a stale click")
        elif kind == "stranger_click":
            board = await self._board(table)
            if board is not None:
                self._must_be_answered(await table.watcher.click(board, label="My hand"), "a stranger's My hand")
        elif kind == "bad_move":
            member = self.rng.choice(table.humans)
            text = self.rng.choice(("@@@", "9-9@0-0", "draw draw", "<@&1> @everyone", "x" * 300))
            result = await member.slash(await self._place(table), "move", action=text, game=table.game_no)
            self._must_be_answered(result, "a malformed /move")
        elif kind == "post_error":
            status = self.rng.choice((500, 503, 429))
            env.inject_error("POST", f"/channels/{(await self._place(table)).id}/messages", status=status, times=1)
        elif kind == "dm_error":  # a player's DM, or the watcher's (a digest)
            member = self.rng.choice([*table.humans, table.watcher])
            env.inject_error("POST", f"/channels/{member.user.dm_channel.id}/messages", status=503, times=1)
        elif kind == "edit_error":
            env.inject_error("PATCH", "/channels/*/messages/*", status=500, times=2)
        elif kind == "close_dms":
            member = self.rng.choice(table.humans)
            path = f"/channels/{member.user.dm_channel.id}/messages"
            if member.id in self.closed:
                env.backend.faults[:] = [f for f in env.backend.faults if f["path"] != path]
                self.closed.discard(member.id)
            else:
                env.inject_error("POST", path, status=403, code=50007, message="Cannot send", times=None)
                self.closed.add(member.id)
        elif kind == "delete_board":
            board = await self._board(table)
            if board is not None:
                env.backend.delete_message(board.channel.id, board.id)
        elif kind == "delete_thread":  # of a game still on (an ended one's thread would take its record along)
            place = await self._place(table)
            if place.id != table.channel.id and table.game_no in self._active():
                env.backend.delete_channel(place.id)
        elif kind == "permission":  # an admin takes a permission away from the bot, or gives it back
            role = table.guild.roles[must(self.bot.user).name]
            channel = table.channel.id
            if channel in self.denied:
                env.backend.delete_overwrite(channel, role.id)
                self.denied.discard(channel)
            else:
                denied = self.rng.choice(("send_messages_in_threads", "embed_links", "attach_files"))
                _, deny = discord.PermissionOverwrite(**{denied: False}).pair()
                env.backend.set_overwrite(
                    channel, Overwrite(target_id=role.id, type=OverwriteType.ROLE, allow=0, deny=deny.value)
                )
                self.denied.add(channel)
        elif kind == "timeout":  # every turn waiting now runs out: the computer plays it
            await env.advance_time(TURN_SECONDS + 5)

    # -- where things are -----------------------------------------------------------------------------
    async def _place(self, table: Tracked) -> Any:
        """The table's thread as the store has it (its channel when it has none, or it was deleted)."""
        stored = await must(self.bot.store).load_game(table.game_no)
        thread_id = stored.row.thread_id if stored is not None else None
        for thread in table.channel.threads:
            if thread.id == thread_id and self.env.backend.channels.get(thread.id) is not None:
                return thread
        return table.channel

    async def _board(self, table: Tracked) -> discord.Message | None:
        for message in reversed((await self._place(table)).history()):
            if any(c.custom_id == f"fives:hand:{table.game_no}" for c in _components(message)):
                return message
        return None

    # -- checks ----------------------------------------------------------------------------------------
    def _must_be_answered(self, result: simcord.InteractionResult, what: str) -> None:
        said = [m for m in (result.response, *result.followups) if m is not None and (m.content or m.embeds)]
        if not said:
            self.summary.unanswered += 1
            self.summary.problems.append(f"{what} got no answer")

    def _watch_posts(self) -> None:
        """Count, for every action, the public messages that told it and were posted: every bot's announcer
        (a restarted one's too, from what it tells at once) posts them through `Boards.post`."""
        original = Boards.post
        posted = self.posted

        async def post(boards: Boards, post: Post, move: int | None, **kwargs: Any) -> discord.Message | None:
            keys = [k for k in post.keys if k[0] == "action"]
            message = await original(boards, post, move, **kwargs)
            if message is not None:
                for key in keys:
                    posted[(post.table.game_no, key[2])] += 1
            return message

        Boards.post = post  # type: ignore[method-assign, assignment]  # (mypy reads a function set on a class as unbound)
        self._restore.append(lambda: setattr(Boards, "post", original))

    def restore(self) -> None:
        for undo in self._restore:
            undo()

    def _watch_public_images(self) -> None:
        for name in ("render_board", "render_score_sheet"):
            original = getattr(rendering, name)

            def watched(view: Any, *args: Any, _original: Callable[..., bytes] = original, **kwargs: Any) -> bytes:
                self.public_views.append(view)
                return _original(view, *args, **kwargs)

            setattr(rendering, name, watched)
            self._restore.append(functools.partial(setattr, rendering, name, original))

    async def drain(self) -> None:
        """Faults stop; whatever Discord refused is retried until told."""
        self.env.backend.faults.clear()
        self.closed.clear()
        for table in self.tables:
            if table.channel.id in self.denied:
                self.env.backend.delete_overwrite(table.channel.id, table.guild.roles[must(self.bot.user).name].id)
                self.denied.discard(table.channel.id)
        for _ in range(4):  # the longest retry waits 30 min
            await self.env.advance_time(600)

    async def check(self, errors_logged: int) -> Summary:
        summary = self.summary
        for table in list(self.tables):  # rematches started by their last answer, or at their deadline
            await self.adopt_rematch(table)
        # Refusals reach simcord's error list too (answered by `cogs.errors.report`); anything else is a failure.
        unexpected = [
            e
            for e in self.env.errors
            if not hasattr(getattr(e, "original", e), "key") and not isinstance(e, app_commands.CheckFailure)
        ]
        summary.errors = errors_logged + len(unexpected)
        summary.problems += [f"error: {e!r}"[:300] for e in unexpected]
        summary.leaks += sum(1 for v in self.public_views if getattr(v, "seat", None) is not None)
        store = self.bot.store
        assert store is not None
        for table in self.tables:
            stored = await store.load_game(table.game_no)
            assert stored is not None
            state = replay(stored.row, stored.actions)  # the log replays
            summary.actions += len(stored.actions)
            players = sum(1 for k in stored.kinds if k == "player")
            if players < self.acked[table.game_no]:
                summary.lost += self.acked[table.game_no] - players
                summary.problems.append(f"game {table.game_no}: {self.acked[table.game_no] - players} moves lost")
            shown = _moves_shown(await self._place(table), table.game_no)
            if not shown or shown[-1] != len(stored.actions):
                summary.problems.append(
                    f"game {table.game_no}: the table shows move {shown[-1] if shown else None}, "
                    f"the log holds {len(stored.actions)}"
                )
                summary.lost += 1
            if shown != sorted(shown):
                summary.problems.append(f"game {table.game_no}: messages out of order: {shown}")
            for turn in range(len(stored.actions)):  # each action in exactly one message that was posted
                times = self.posted[(table.game_no, turn)]
                if times == 0:
                    summary.lost += 1
                    summary.problems.append(f"game {table.game_no}: action {turn} was never shown")
                elif times > 1:
                    summary.doubled += times - 1
                    summary.problems.append(f"game {table.game_no}: action {turn} was shown {times} times")
            if stored.row.status == "finished":
                summary.ended += 1
            elif not await self._callable(table, [s.user_id for s in stored.row.seats], state):
                summary.problems.append(f"game {table.game_no} is stuck: nobody to act was called")
        await self.community.check(summary)
        await self._check_leaderboards()
        return summary

    async def _check_leaderboards(self) -> None:
        """Every server's leaderboards count, for each player, the games they finished and won."""
        store, service = self.bot.store, self.bot.service
        assert store is not None
        expected: Counter[tuple[int, str, int]] = Counter()
        won: Counter[tuple[int, str, int]] = Counter()
        pools: set[tuple[int, str, int]] = set()
        for table in self.tables:
            stored = await store.load_game(table.game_no)
            if stored is None or stored.row.status != "finished":
                continue
            pools.add((table.guild.id, table.game_id, stored.row.players))
            for r in await store.result_rows(table.game_no):
                if r.user_id is not None:
                    key = (table.guild.id, service.standings.rating_pool(table.game_id, stored.row.players), r.user_id)
                    expected[key] += 1
                    won[key] += r.won
        for guild_id, game_id, players in pools:
            pool = service.standings.rating_pool(game_id, players)
            for entry in await service.standings.leaderboard(guild_id, game_id, limit=100, players=players):
                key = (guild_id, pool, entry.user_id)
                if (entry.games, entry.wins) != (expected[key], won[key]):
                    self.summary.problems.append(
                        f"leaderboard {pool} in server {guild_id}: user {entry.user_id} has {entry.games} games and "
                        f"{entry.wins} wins, the results say {expected[key]} and {won[key]}"
                    )

    async def _callable(self, table: Tracked, seats: list[int | None], state: Any) -> bool:
        """Someone to act was called: their DM with controls, or the board naming them; or only computers
        are to act (the timer plays for them)."""
        users = [seats[s] for s in state.actors if seats[s] is not None]
        if not users:
            return True
        board = await self._board(table)
        pinged = board is not None and any(f"<@{u}>" in (board.content or "") for u in users)
        return pinged or any(_playable(m) is not None for m in table.humans if m.id in users)


def _components(message: Any) -> list[Any]:
    out: list[Any] = []
    for row in getattr(message, "components", ()):
        out += list(getattr(row, "children", [row]))
    return out


def _still_there(shown: Any) -> Any:
    """The message of an ephemeral reply, or None once its channel (a deleted thread) is gone."""
    try:
        return shown.message
    except KeyError:
        return None


def _move_controls(message: Any) -> list[Any]:
    return [c for c in _components(message) if (c.custom_id or "").startswith(MOVE_PREFIXES)]


def _playable(member: simcord.MemberActor) -> discord.Message | None:
    live = [m for m in member.user.dm_channel.history() if _move_controls(m)]
    return live[-1] if live else None


def _moves_shown(place: Any, game_no: int) -> list[int]:
    out = []
    for message in place.history():
        for embed in message.embeds:
            found = re.search(rf"Game {game_no} · move (\d+)", embed.footer.text or "")
            if found:
                out.append(int(found[1]))
    return out
