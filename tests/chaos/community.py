"""The community side of the chaos run: watchers choosing DM digests, undo asked and answered, rematches asked
and answered, replays opened and stepped, mixed into the run's steps under the same faults; then checked: no
digest shows a hand or is sent twice, each undo question and rematch question is posted at most once and
leads where the log and the store say.

Every message Discord takes (a post, a DM, an interaction's reply) is seen where simcord commits it, so a
question posted twice is counted even when a fault deleted one of them later.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.engine import UNDO
from bot.tables.community.rematches import Rematches
from bot.tables.community.watchers import DIGEST_SECONDS
from bot.tables.play.table import replay
from presenters.five_hundred import card

if TYPE_CHECKING:
    from .chaos import Chaos, Summary, Tracked

DIGEST_FOOTER = re.compile(r"Game (\d+) · move (\d+) · hands ended (\d+)")
GAME_IN_TITLE = re.compile(r"#(\d+)$")
UNDO_BUTTON = re.compile(r"fives:undo:(\d+):(\d+):yes")
REMATCH_BUTTON = re.compile(r"fives:rematch:(\d+):yes")


@dataclass
class Posted:
    """A message as Discord took it."""

    channel_id: int
    content: str
    embeds: list[dict[str, Any]]
    custom_ids: list[str]

    @property
    def text(self) -> str:
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title") or "", e.get("description") or "", (e.get("footer") or {}).get("text") or ""]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in e.get("fields") or ()]
        return "\n".join(parts)

    def titled(self, prefix: str) -> int | None:
        """The game number of an embed titled `prefix…#N`."""
        for e in self.embeds:
            title = e.get("title") or ""
            found = GAME_IN_TITLE.search(title)
            if title.startswith(prefix) and found:
                return int(found[1])
        return None


def _custom_ids(components: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for c in components:
        if c.get("custom_id"):
            out.append(c["custom_id"])
        out += _custom_ids(c.get("components") or [])
    return out


class Community:
    def __init__(self, chaos: Chaos) -> None:
        self.chaos = chaos
        self.rng = chaos.rng
        self.posted: list[Posted] = []
        self.settled: defaultdict[int, set[int]] = defaultdict(set)  # game -> new tables its rematch made
        self.done: Counter[str] = Counter()

    # -- seeing what Discord took -----------------------------------------------------------------------------
    def watch(self) -> None:
        backend = self.chaos.env.backend
        commit = backend.commit_message
        posted = self.posted

        def commit_message(message: Any, *args: Any, **kwargs: Any) -> Any:
            committed = commit(message, *args, **kwargs)
            posted.append(
                Posted(
                    committed.channel_id,
                    committed.content or "",
                    list(committed.embeds or []),
                    _custom_ids(list(committed.components or [])),
                )
            )
            return committed

        setattr(backend, "commit_message", commit_message)  # noqa: B010
        self.chaos._restore.append(lambda: setattr(backend, "commit_message", commit))

        settle = Rematches._settle
        settled = self.settled

        async def _settle(rematches: Rematches, stored: Any, row: Any) -> Any:
            notes, lobby, next_game = await settle(rematches, stored, row)
            if lobby is not None:
                settled[row.game_no].add(lobby.lobby_id)
            return notes, lobby, next_game

        setattr(Rematches, "_settle", _settle)  # noqa: B010  # every process's service, a restarted one's too
        self.chaos._restore.append(lambda: setattr(Rematches, "_settle", settle))

    # -- acting ----------------------------------------------------------------------------------------------
    async def act(self, kind: str | None = None, table: Tracked | None = None) -> None:
        """One community action (`kind` at `table`, or chosen among those the tables allow now)."""
        if kind is not None and table is not None:
            self.done[kind] += 1
            await getattr(self, f"_{kind}")(table)
            return
        chaos = self.chaos
        active = chaos._active()
        on = [t for t in chaos.tables if t.game_no in active]
        over = [t for t in chaos.tables if t.game_no not in active]
        choices: list[tuple[str, Tracked]] = []
        choices += [("watch", t) for t in on if not t.watched]
        choices += [("undo", t) for t in on if t.undo for _ in range(4)]  # rarely valid: a computer acted since
        choices += [("answer_undo", t) for t in on if t.undo]
        choices += [("rematch", t) for t in over]
        choices += [("answer_rematch", t) for t in over]
        choices += [("replay", t) for t in over]
        if any(t.watched for t in chaos.tables):
            choices.append(("digest_time", chaos.tables[0]))
        if not choices:
            return
        kind, table = self.rng.choice(choices)
        self.done[kind] += 1
        await getattr(self, f"_{kind}")(table)

    async def _watch(self, table: Tracked) -> None:
        board = await self.chaos._board(table)
        if board is None:
            return
        asked = await table.watcher.click(board, label="Watch")
        modes = [] if asked.response is None else [getattr(c, "label", None) for c in _components(asked.response)]
        if asked.response is None or "By DM digest" not in modes:
            self.chaos._must_be_answered(asked, f"game {table.game_no}: a Watch")
            return
        chosen = await table.watcher.click(asked.response, label="By DM digest")
        self.chaos._must_be_answered(chosen, f"game {table.game_no}: watching by DM digest")
        table.watched = True

    async def _digest_time(self, table: Tracked) -> None:
        await self.chaos.env.advance_time(DIGEST_SECONDS + 60)

    async def _undo(self, table: Tracked) -> None:
        member = table.last_mover if table.last_mover and self.rng.random() < 0.8 else self.rng.choice(table.humans)
        result = await member.slash(await self.chaos._place(table), "undo", game=table.game_no)
        self.chaos._must_be_answered(result, f"game {table.game_no}: an /undo")
        if self.rng.random() < 0.7:  # answered at once, or later (or never: its deadline passes)
            await self._answer_undo(table)

    async def _answer_undo(self, table: Tracked) -> None:
        place = await self.chaos._place(table)
        asked = [m for m in place.history() if any(UNDO_BUTTON.fullmatch(c.custom_id or "") for c in _components(m))]
        if not asked:
            return
        member = self.rng.choice(table.humans)
        label = self.rng.choice(("Accept", "Accept", "Refuse"))
        result = await member.click(self.rng.choice(asked), label=label)
        self.chaos._must_be_answered(result, f"game {table.game_no}: an undo's {label}")

    async def _final_board(self, table: Tracked) -> Any:
        for message in reversed((await self.chaos._place(table)).history()):
            if any(c.custom_id == f"fives:rematch:{table.game_no}" for c in _components(message)):
                return message
        return None

    async def _rematch(self, table: Tracked) -> None:
        board = await self._final_board(table)
        if board is not None:
            member = self.rng.choice(table.humans)
            self.chaos._must_be_answered(await member.click(board, label="Rematch"), f"game {table.game_no}: a Rematch")
            await self.chaos.adopt_rematch(table)  # one human: asking is everyone accepting

    async def _answer_rematch(self, table: Tracked) -> None:
        place = await self.chaos._place(table)
        mine = f"fives:rematch:{table.game_no}:yes"
        asked = [m for m in place.history() if any(c.custom_id == mine for c in _components(m))]
        if not asked:
            return
        member = self.rng.choice(table.humans)
        label = self.rng.choice(("Accept", "Accept", "Decline"))
        result = await member.click(asked[-1], label=label)
        self.chaos._must_be_answered(result, f"game {table.game_no}: a rematch's {label}")
        await self.chaos.adopt_rematch(table)

    async def _replay(self, table: Tracked) -> None:
        member = self.rng.choice([*table.humans, table.watcher])
        result = await member.slash(table.channel, "replay", game=table.game_no)
        self.chaos._must_be_answered(result, f"game {table.game_no}: a /replay")
        shown = result.response
        for _ in range(self.rng.randint(1, 3)):
            if shown is None or not shown.embeds:
                return
            forward = [c for c in _components(shown.message) if getattr(c, "label", None) == "▶"]
            if not forward or forward[0].disabled:
                return
            stepped = await member.click(shown, label="▶")
            self.chaos._must_be_answered(stepped, f"game {table.game_no}: a replay's ▶")
            shown = stepped.response

    # -- checking --------------------------------------------------------------------------------------------
    async def check(self, summary: Summary) -> None:
        chaos = self.chaos
        store = chaos.bot.store
        assert store is not None
        by_game = {t.game_no: t for t in chaos.tables}
        hidden: dict[tuple[int, int], set[str]] = {}
        digests: Counter[tuple[int, int, int, int]] = Counter()
        dm_of = {g[3].user.dm_channel.id: g[3] for g in chaos.guilds}
        for message in self.posted:
            watcher = dm_of.get(message.channel_id)
            found = DIGEST_FOOTER.search(message.text) if watcher is not None else None
            if watcher is None or found is None:
                continue
            game_no, move, hands = (int(g) for g in found.groups())
            summary.digests += 1
            digests[(watcher.id, game_no, move, hands)] += 1
            if (game_no, move) not in hidden:
                hidden[(game_no, move)] = await self._hidden(game_no, move)
            shown = [
                h for h in hidden[(game_no, move)] if re.search(rf"(?<![\w-]){re.escape(h)}(?![\w-])", message.text)
            ]
            if shown:
                summary.leaks += 1
                summary.problems.append(f"game {game_no}: a digest at move {move} names {sorted(shown)} of a hand")
        for (user, game_no, move, hands), times in digests.items():
            if times > 1:
                summary.doubled += times - 1
                summary.problems.append(
                    f"game {game_no}: the digest of move {move}, hands ended {hands}, was sent {times} times to {user}"
                )

        undo_posts: Counter[tuple[int, int]] = Counter()  # (game, request) -> questions posted with its buttons
        undo_titled: Counter[int] = Counter()  # game -> questions posted (with buttons or without)
        rematch_posts: Counter[int] = Counter()
        for message in self.posted:
            if message.titled("Take back") is not None:
                undo_titled[message.titled("Take back") or 0] += 1
                for c in message.custom_ids:
                    found = UNDO_BUTTON.fullmatch(c)
                    if found:
                        undo_posts[(int(found[1]), int(found[2]))] += 1
            asked_after = message.titled("Rematch")
            if asked_after is not None:
                rematch_posts[asked_after] += 1
        for (game_no, request), times in undo_posts.items():
            if times > 1:
                summary.doubled += times - 1
                summary.problems.append(f"game {game_no}: undo request {request}'s question was posted {times} times")
        for game_no in by_game:
            stored = await store.load_game(game_no)
            assert stored is not None
            last = await store.last_undo_request(game_no)
            rows = await store.undo_requests_of(game_no, range(1, last + 1))
            summary.undos += len(rows)
            if undo_titled[game_no] > len(rows):
                summary.doubled += undo_titled[game_no] - len(rows)
                summary.problems.append(f"game {game_no}: {undo_titled[game_no]} undo questions, {len(rows)} requests")
            accepted = {r.turn for r in rows if r.status == "accepted"}
            undone = {stored.first_turn + i for i, (_, a) in enumerate(stored.actions) if a == str(UNDO)}
            if accepted != undone:
                summary.problems.append(
                    f"game {game_no}: undo requests accepted at {sorted(accepted)}, the log's undo at {sorted(undone)}"
                )
            rematch = await store.rematch(game_no)
            if rematch is not None:
                summary.rematches += 1
            if rematch_posts[game_no] > 1:
                summary.doubled += rematch_posts[game_no] - 1
                summary.problems.append(f"game {game_no}: its rematch question posted {rematch_posts[game_no]} times")
            if len(self.settled[game_no]) > 1:
                summary.doubled += len(self.settled[game_no]) - 1
                summary.problems.append(f"game {game_no}: its rematch opened tables {sorted(self.settled[game_no])}")
        summary.replays = self.done["replay"]

    async def _hidden(self, game_no: int, move: int) -> set[str]:
        """Every tile or card in a hand after the game's first `move` log entries (what no watcher may see), as
        it would be written."""
        store = self.chaos.bot.store
        assert store is not None
        stored = await store.load_game(game_no)
        if stored is None or move > len(stored.actions):
            return set()
        state = replay(stored.row, stored.actions[:move])
        out: set[str] = set()
        for seat in range(stored.row.players):
            for held in state.view(seat).hand or ():
                out |= _written(held)
        return out


def _written(held: Any) -> set[str]:
    """How a tile or card in a hand would be written in a message: a tile either way round, a card as its
    text and as the cards are shown."""
    if isinstance(held, tuple):
        return {f"{held[0]}-{held[1]}", f"{held[1]}-{held[0]}"}
    return {str(held), card(str(held), "en")}


def _names(text: str, thing: str) -> bool:
    """`text` names a tile or card `thing` (a word of its own, not part of a longer one)."""
    return re.search(rf"(?<![\w-]){re.escape(thing)}(?![\w-])", text) is not None


def _components(message: Any) -> list[Any]:
    msg = getattr(message, "message", message)
    out: list[Any] = []
    for row in getattr(msg, "components", ()):
        out += list(getattr(row, "children", [row]))
    return out
